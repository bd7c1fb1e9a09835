"""The robot's hint for learners at a Belote table of four phones and the TV (390x844, real
Chromium), issue 37: the Scribe turns the hints on in the game's settings, deals; the
phone of the seat to speak shows what the robot would say, and no other phone nor the TV
does; each speaker taps the call the hint names (B-D1, B-D2); then in play the hint names
a card the phone shows enabled (B-P1..B-P3): the first player taps it, the next taps
another card, and the hint moves on to each seat in turn. Fails, never skips, when CI is
set.

The app is served here on a real HTTP server in this process, the deal's shuffle and the
hint's dice seeded; the rules, the store and the pages are the real ones."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api, serving
from .test_belote_deck import NAMES, _fits, _open_table, _shot, _shots, expect

pytestmark = pytest.mark.browser

ANA, DEE = 0, 3
SEED = 2


@pytest.fixture
def seeded_server(tmp_path, monkeypatch):
    from scribe import hints

    monkeypatch.setattr(hints, "seed_of", lambda game_id: 1)
    with serving(tmp_path, monkeypatch, seed=SEED) as url:
        yield url


def _table(server, key):
    return api(server, "GET", f"/api/games/{key}/sheet")["table"]


def test_a_phone_shows_the_robots_hint_on_its_turn_and_the_player_taps_it_or_another(seeded_server, contexts,
                                                                                       artifacts):
    x, server, shots = expect(), seeded_server, _shots(artifacts)
    form = contexts(**PHONE)  # the new game's form offers the hints beside the virtual deck
    form.goto(f"{server}/games/new?game=belote")
    box = form.get_by_role("checkbox", name="The robot’s hints for learning")
    box.scroll_into_view_if_needed()
    x(box).to_be_visible()
    _fits(form)
    key = api(server, "POST", "/api/games", {"game": "belote", "players": NAMES, "first_dealer": ANA,
                                              "virtual_deck": True})["key"]
    scribe, phones, tv = _open_table(server, contexts, key)

    # the Scribe turns the hints on in the game's settings
    scribe.goto(f"{server}/games/{key}/settings")
    x(scribe.get_by_role("heading", name="The robot’s hints for learning")).to_be_visible()
    scribe.get_by_role("radio", name="Hints on").check()
    scribe.get_by_role("button", name="Save the hints setting").tap()
    x(scribe.get_by_role("button", name="Deal the cards")).to_be_visible()
    scribe.get_by_role("button", name="Deal the cards").tap()

    # the seat to speak: its own phone shows the hint, no other phone, nor the TV
    hint = phones[DEE].locator("#robot-hint")
    x(hint).to_contain_text("The robot would say: ", timeout=15_000)
    x(phones[DEE].locator("#calls")).to_be_visible()
    assert all(phones[p].locator("#robot-hint").count() == 0 for p in range(3))
    x(tv.locator("#deck .to-speak")).to_have_text("Dee to speak", timeout=15_000)
    assert tv.locator("#robot-hint").count() == 0 and "The robot would" not in tv.content()
    assert "The robot would" not in scribe.content()
    _fits(phones[DEE])
    _shot(phones[DEE], shots / "hint-phone-speaking.png")

    # each speaker taps the call its hint names (a Belote call: take or pass, and a suit in the second round)
    for _ in range(8):
        table = _table(server, key)
        if table["phase"] != "speaking":
            break
        phone = phones[table["speaker"]]
        hint = phone.locator("#robot-hint")
        x(hint).to_be_visible(timeout=15_000)
        call, suit = hint.get_attribute("data-call"), hint.get_attribute("data-suit")
        button = phone.locator(f"#calls button[data-call='{call}']" + (f"[data-suit='{suit}']" if suit else ""))
        button.tap()
        x(phone.locator("#calls")).to_have_count(0, timeout=15_000)
    table = _table(server, key)
    assert table["phase"] == "playing", table["phase"]  # this deal is taken (its seed and the hint's)

    # in play: the hint names a card the phone shows enabled; the first player taps it, the next another
    for n in range(2):
        table = _table(server, key)
        phone = phones[table["player"]]
        x(phone.locator("#hand form.cards.my-turn")).to_be_visible(timeout=15_000)
        hint = phone.locator("#robot-hint")
        x(hint).to_contain_text("The robot would play: ")
        named = hint.get_attribute("data-card")
        x(phone.locator(f"#hand button[data-card='{named}']")).to_be_enabled()
        assert all(phones[p].locator("#robot-hint").count() == 0 for p in range(4) if p != table["player"])
        if n == 0:
            _shot(phone, shots / "hint-phone-playing.png")
            tapped = named
        else:  # a hint only: the player plays their own choice
            enabled = phone.locator("#hand button[data-card]:enabled")
            others = [enabled.nth(i).get_attribute("data-card") for i in range(enabled.count())]
            tapped = next((c for c in others if c != named), named)
        phone.locator(f"#hand button[data-card='{tapped}']").tap()
        x(phone.locator(f"#hand button[data-card='{tapped}']")).to_have_count(0, timeout=15_000)
        x(phone.locator("#robot-hint")).to_have_count(0, timeout=15_000)  # its turn is over
        assert _table(server, key)["trick"][-1] == {"player": table["player"], "card": tapped}

    # the next seat's phone now shows its own hint
    table = _table(server, key)
    x(phones[table["player"]].locator("#robot-hint")).to_contain_text("The robot would play: ", timeout=15_000)
    assert tv.locator("#robot-hint").count() == 0
