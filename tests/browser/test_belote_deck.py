"""Belote on the virtual deck at a table of four phones, the TV and the Scribe's phone
(390x844, real Chromium), issue 34: the Scribe deals, each phone shows its own five
cards and the turned card, the taking round is said on the phones in turn (Dee and Cy
pass, Ben takes, B-D1), each phone then holds eight cards (B-D2), all 32 cards are
played by tapping on the phones in turn (each time a card the phone shows enabled),
belote and rebelote are said as Ben plays the King and Queen of trump (B-P3), the TV shows
the contract and the trick, and the Scribe records the deal in one tap; the sheet shows
its points. Then a Coinche deal's auction on the phones: a bid, a coinche, a surcoinche. The taps per seat
and per Scribe are counted and printed. Screenshots of each phase go to
/work/wt/shots/belweb-*.png when that folder exists (else test-artifacts/). Fails, never
skips, when CI is set.

The app is served here on a real HTTP server in this process, so that the deal's shuffle
can be seeded (seed 2: Ben takes at hearts holding the King and Queen of hearts); the
rules, the store and the pages are the real ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from .conftest import PHONE
from .tables import api, serving

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cy", "Dee"]  # Ana deals: Dee speaks and leads first (the dealer's right)
ANA, BEN, CY, DEE = range(4)
SEED = 2  # Ben takes the turned Queen of hearts and holds the King: belote and rebelote
SHOTS = Path("/work/wt/shots")


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


@pytest.fixture
def seeded_server(tmp_path, monkeypatch):
    """The app on a loopback HTTP server whose deals come from a seeded random source."""
    with serving(tmp_path, monkeypatch, seed=SEED) as url:
        yield url


def _shots(artifacts: Path) -> Path:
    return SHOTS if SHOTS.is_dir() else artifacts


def _shot(page, path: Path, full: bool = True) -> None:
    """A screenshot (of the whole page) once the buttons' half-second arming (scribe.css) is over."""
    page.wait_for_timeout(600)
    page.screenshot(path=str(path), full_page=full)


def _fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"


def _open_table(server, contexts, key):
    x = expect()
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("link", name="Links & QR codes").tap()
    urls = [scribe.locator(f"#link-{p} .url a").get_attribute("href") for p in range(4)]
    watch = scribe.locator("#link-watch .url a").get_attribute("href")
    phones = [contexts(**PHONE) for _ in NAMES]
    for phone, url, name in zip(phones, urls, NAMES):
        phone.goto(url)
        x(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
    tv = contexts(**PHONE)
    tv.goto(watch)
    scribe.goto(f"{server}/games/{key}")
    return scribe, phones, tv


def test_a_belote_deal_on_four_phones_and_the_tv_recorded_in_one_tap(seeded_server, contexts, artifacts):
    x, server, shots = expect(), seeded_server, _shots(artifacts)
    taps: Counter[str] = Counter()

    # the new game's form asks for the virtual deck
    form = contexts(**PHONE)
    form.goto(f"{server}/games/new?game=belote")
    box = form.get_by_role("checkbox", name="Deal on the phones (virtual deck)")
    x(box).to_be_visible()
    box.scroll_into_view_if_needed()
    _fits(form)
    _shot(form, shots / "belweb-new-game.png", full=False)

    game = api(server, "POST", "/api/games", {"game": "belote", "players": NAMES, "first_dealer": ANA,
                                               "virtual_deck": True})
    key = game["key"]
    scribe, phones, tv = _open_table(server, contexts, key)
    x(scribe.get_by_role("button", name="Deal the cards")).to_be_visible()
    _shot(scribe, shots / "belweb-scribe-not-dealt.png")
    scribe.get_by_role("button", name="Deal the cards").tap()
    taps["Scribe"] += 1
    x(scribe.locator("#deck")).to_be_visible()
    assert scribe.locator("#hand [data-card]").count() == 0  # no hand on the Scribe's phone
    turned = api(server, "GET", f"/api/games/{key}/sheet")["table"]["turned"]

    # each phone: its own five cards, the turned card; only Dee's has the call buttons
    hands = []
    for p, phone in enumerate(phones):
        chips = phone.locator("#hand button[data-card]")
        x(chips).to_have_count(5, timeout=15_000)
        hands.append({chips.nth(i).get_attribute("data-card") for i in range(5)})
        x(phone.locator(f"#deck .turned[data-card='{turned}']")).to_be_visible()
    assert not any(hands[p] & hands[q] for p in range(4) for q in range(p + 1, 4))
    x(phones[DEE].locator("#calls")).to_be_visible()
    assert all(phones[p].locator("#calls").count() == 0 for p in (ANA, BEN, CY))
    x(tv.locator(f"#deck .turned[data-card='{turned}']")).to_be_visible(timeout=15_000)
    x(tv.locator("#deck .to-speak")).to_have_text("Dee to speak")
    _fits(phones[DEE])
    _shot(phones[DEE], shots / "belweb-phone-speaking.png")
    _shot(scribe, shots / "belweb-scribe-speaking.png")
    _shot(tv, shots / "belweb-tv-speaking.png")

    def say(p: int, word: str) -> None:
        button = phones[p].locator(f"#calls button[data-call='{word}']")
        x(button).to_be_visible(timeout=15_000)
        button.tap()
        taps[NAMES[p]] += 1
        x(phones[p].locator("#calls")).to_have_count(0, timeout=15_000)

    say(DEE, "pass")
    say(CY, "pass")
    say(BEN, "take")
    x(tv.locator("#deck .contract")).to_have_text("Ben takes, hearts are trumps", timeout=15_000)
    for phone in phones:
        x(phone.locator("#hand button[data-card]")).to_have_count(8, timeout=15_000)

    # all 32 cards, each phone in turn tapping a card it shows enabled
    said: list[str] = []
    for n in range(32):
        table = api(server, "GET", f"/api/games/{key}/sheet")["table"]
        p = table["player"]
        phone = phones[p]
        x(phone.locator("#hand form.cards.my-turn")).to_be_visible(timeout=15_000)
        card = phone.locator("#hand button[data-card]:enabled").first
        code = card.get_attribute("data-card")
        card.tap()
        taps[NAMES[p]] += 1
        x(phone.locator(f"#hand button[data-card='{code}']")).to_have_count(0, timeout=15_000)
        if code in ("KH", "QH"):  # B-P3: the deck says it for Ben
            word = "Rebelote!" if said else "Belote!"
            x(tv.locator("#deck .said").last).to_have_text(f"Ben: {word}", timeout=15_000)
            said.append(code)
            if len(said) == 1:
                x(phone.locator("#deck .said")).to_have_text("Ben: Belote!")
                _shot(tv, shots / "belweb-tv-belote.png")
        if n == 5:  # two cards of the second trick on the table
            x(tv.locator("#deck #trick li")).to_have_count(2, timeout=15_000)
            x(tv.locator("#deck .contract")).to_have_text("Ben takes, hearts are trumps")
            _shot(tv, shots / "belweb-tv-trick.png")
            nxt = api(server, "GET", f"/api/games/{key}/sheet")["table"]["player"]
            x(phones[nxt].locator("#hand form.cards.my-turn")).to_be_visible(timeout=15_000)
            _fits(phones[nxt])
            _shot(phones[nxt], shots / "belweb-phone-playing.png")
            _shot(scribe, shots / "belweb-scribe-playing.png")
    assert sorted(said) == ["KH", "QH"]
    x(tv.locator("#deck .said")).to_have_text(["Ben: Belote!", "Ben: Rebelote!"])

    # the Scribe: the deal as its cards gave it, one tap
    record = scribe.get_by_role("button", name="Record deal 1")
    x(record).to_be_visible(timeout=15_000)
    x(scribe.locator("form.from-deck .preview")).to_contain_text("belote and rebelote: Ben & Dee")
    _fits(scribe)
    _shot(scribe, shots / "belweb-scribe-played.png")
    record.tap()
    taps["Scribe"] += 1
    # the page moves on once the tap is recorded: only then is the sheet read (not racing the tap)
    x(scribe.get_by_role("button", name="Deal the cards")).to_be_visible(timeout=15_000)
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    row = sheet["rounds"][0]
    assert row["takers"] == 1 and row["belotes"] == [0, 1] and sheet["table"] is None
    for team in (0, 1):
        x(scribe.locator(f"#sheet tr#round-1 td[data-team='{team}'] .total")).to_have_text(
            str(sheet["team_totals"][team]), timeout=15_000)
    _shot(scribe, shots / "belweb-scribe-recorded.png")
    _shot(tv, shots / "belweb-tv-recorded.png")
    assert sum(taps[n] for n in NAMES) == 3 + 32 and taps["Scribe"] == 2
    print("\nBelote deal on the virtual deck, taps:", ", ".join(f"{k} {v}" for k, v in sorted(taps.items())),
          f"(cards: {32}, calls: 3, points {sheet['team_totals']})")


def test_a_coinche_auction_with_a_coinche_and_a_surcoinche_on_the_phones(seeded_server, contexts, artifacts):
    x, server, shots = expect(), seeded_server, _shots(artifacts)
    taps: Counter[str] = Counter()
    game = api(server, "POST", "/api/games", {"game": "belote", "preset": "ffb_coinche", "players": NAMES,
                                               "first_dealer": ANA, "virtual_deck": True})
    key = game["key"]
    scribe, phones, tv = _open_table(server, contexts, key)
    scribe.get_by_role("button", name="Deal the cards").tap()
    taps["Scribe"] += 1
    for phone in phones:
        x(phone.locator("#hand button[data-card]")).to_have_count(8, timeout=15_000)
    dee = phones[DEE]
    x(dee.locator("#calls")).to_be_visible(timeout=15_000)
    dee.locator("#calls label.chip", has_text="90").tap()
    dee.locator("#calls label.chip", has_text="hearts").tap()
    _fits(dee)
    _shot(dee, shots / "belweb-phone-coinche-bid.png")
    dee.locator("#calls button[data-call='bid']").tap()
    taps["Dee"] += 3
    x(tv.locator("#deck .contract")).to_have_text("Standing bid: Dee: 90 hearts", timeout=15_000)
    cy = phones[CY]
    x(cy.locator("#calls button[data-call='coinche']")).to_be_visible(timeout=15_000)
    cy.locator("#calls button[data-call='coinche']").tap()
    taps["Cy"] += 1
    x(tv.locator("#deck .contract")).to_contain_text("90 hearts, coinché", timeout=15_000)
    _shot(tv, shots / "belweb-tv-coinche.png")
    _shot(scribe, shots / "belweb-scribe-coinche.png")
    table = api(server, "GET", f"/api/games/{key}/sheet")["table"]
    assert table["bid"]["level"] == 1 and table["bid"]["taker"] == DEE
    ben = phones[BEN]  # Dee's partner may surcoinche (C-A2)
    x(ben.locator("#calls button[data-call='surcoinche']")).to_be_visible(timeout=15_000)
    _fits(ben)
    _shot(ben, shots / "belweb-phone-surcoinche.png")
    ben.locator("#calls button[data-call='surcoinche']").tap()
    taps["Ben"] += 1
    x(tv.locator("#deck .contract")).to_contain_text("90 hearts, surcoinché", timeout=15_000)
    table = api(server, "GET", f"/api/games/{key}/sheet")["table"]
    assert table["bid"]["level"] == 2
    _shot(tv, shots / "belweb-tv-surcoinche.png")
    print("\nCoinche auction on the virtual deck, taps:", ", ".join(f"{k} {v}" for k, v in sorted(taps.items())),
          f"(phase after the surcoinche: {table['phase']})")
