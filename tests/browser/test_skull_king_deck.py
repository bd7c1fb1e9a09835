"""Skull King with the virtual deck at a table of four phones and the Scribe's (390x844,
real Chromium): each phone shows its own hand only, bids on the phones, the cards played
trick by trick on the phones (a black 14 refused on a green lead, the Kraken's trick won
by nobody, a Pirate capturing a Mermaid and the black 14), the Scribe confirms the round
as played in one tap and every sheet shows the bonus. Fails, never skips, when CI is set.

The app is served here on a real HTTP server in this process, so that the deal's shuffle
can be replaced by a known deal (the rules, the store and the pages are the real ones)."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api, serving

pytestmark = pytest.mark.browser

NAMES = ["Anne", "Bart", "Cleo", "Dirk"]  # Anne deals, Bart leads
HANDS = [["ME", "G3"], ["G14", "PI"], ["G5", "B14"], ["Y1", "KR"]]


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


@pytest.fixture
def dealing_server(tmp_path, monkeypatch):
    """The app on a loopback HTTP server whose Skull King deals are ``HANDS``."""
    with serving(tmp_path, monkeypatch, HANDS) as url:
        yield url


def test_a_virtual_round_on_four_phones_played_to_its_bonuses(dealing_server, contexts, artifacts):
    x, server = expect(), dealing_server
    game = api(server, "POST", "/api/games", {"game": "skull_king", "players": NAMES, "first_dealer": 0,
                                               "rules": {"virtual_deck": True, "kraken": True, "rounds": [2]}})
    key = game["key"]
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("link", name="Links & QR codes").tap()
    urls = [scribe.locator(f"#link-{p} .url a").get_attribute("href") for p in range(4)]
    phones = [contexts(**PHONE) for _ in NAMES]
    for phone, url, name in zip(phones, urls, NAMES):
        phone.goto(url)
        x(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("button", name="Deal", exact=True).tap()
    x(scribe.locator("form.deal")).to_have_count(0)
    assert scribe.locator("[data-card]").count() == 0  # no hand on the Scribe's phone

    # each phone shows its own two cards, and none of the others'
    for p, phone in enumerate(phones):
        chips = phone.locator("#hand button[data-card]")
        x(chips).to_have_count(2, timeout=15_000)
        assert sorted(chips.nth(i).get_attribute("data-card") for i in range(2)) == sorted(HANDS[p])
        content = phone.content()
        for q, hand in enumerate(HANDS):
            if q != p:
                assert not any(f'data-card="{c}"' in content for c in hand)

    for p, bid in ((0, "0"), (2, "0"), (3, "0"), (1, "1")):
        # as a player does, tap once the phone shows the bids already in (a tap on a button
        # the pushed change is replacing that very moment is lost, and a person taps again)
        shown = api(server, "GET", f"/api/games/{key}/sheet")["version"]
        x(phones[p].locator("#view")).to_have_attribute("data-version", str(shown), timeout=15_000)
        phones[p].locator("form.bid").get_by_role("button", name=bid, exact=True).tap()
        x(phones[p].locator(".mybid")).to_have_text(f"Your bid this round: {bid}", timeout=15_000)

    def play(p: int, card: str) -> None:
        button = phones[p].locator(f"#hand button[data-card='{card}']")
        x(button).to_be_enabled(timeout=15_000)
        button.tap()
        x(phones[p].locator(f"#hand button[data-card='{card}']")).to_have_count(0)

    play(1, "G14")
    # Cleo holds a green card: her black 14 stays greyed out, with the reason
    x(phones[2].locator("#hand button[data-card='G5']")).to_be_enabled(timeout=15_000)
    x(phones[2].locator("#hand button[data-card='B14']")).to_be_disabled()
    x(phones[2].locator("#hand-why")).to_have_text("You must follow green: you hold a green card.")
    play(2, "G5")
    play(3, "KR")
    play(0, "G3")
    x(scribe.locator("#trick .trick-won")).to_have_text("Nobody won the trick: it is destroyed. Bart leads.",
                                                        timeout=15_000)
    play(1, "PI")
    play(2, "B14")
    play(3, "Y1")
    play(0, "ME")

    # the Scribe: the round as its cards gave it, one tap
    form = scribe.locator("form.from-play")
    x(form).to_be_visible(timeout=15_000)
    x(form.locator("tr[data-player='1'] .bonus")).to_have_text("black 14, 1 Mermaid taken")
    x(form.locator("p.destroyed")).to_have_text("1 trick destroyed")
    scribe.get_by_role("button", name="Confirm the round as played").tap()
    x(scribe.locator("#sheet tr#round-1 td[data-player='1'] .total")).to_have_text("60", timeout=15_000)
    x(scribe.locator("#sheet tr#round-1 td[data-player='1'] .bonus-mark")).to_have_text("◆+40")
    for phone, total in zip(phones, ("20", "60", "20", "20")):
        x(phone.locator(".myscore")).to_contain_text(total, timeout=15_000)
    assert scribe.viewport_size == {"width": 390, "height": 844}
    for page in (scribe, phones[2]):
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    scribe.screenshot(path=str(artifacts / "skull-king-deck-scribe.png"), full_page=True)
    phones[1].screenshot(path=str(artifacts / "skull-king-deck-phone.png"), full_page=True)
