"""A whole short game of Rikiki (rounds of 1 and 2 cards) on the virtual deck, in real
Chromium at four phones and the Scribe's (390x844): Scribe deals, each phone shows only its
own hand and bids on it (hidden bids, R-B1; the dealer's hooked bid greyed, R-B2), the
cards are played on the phones in turn following suit (R-R2, R-M1), the Scribe confirms the
tricks as played, and every screen ends on the same totals (R-S2, Rikiki / Ascenseur). The
TV (1920x1080) follows each card onto the table and never shows a hand."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api
from .test_table import expect

pytestmark = pytest.mark.browser
NAMES = ["Anne", "Bart", "Cleo", "Dirk"]
TV = {"viewport": {"width": 1920, "height": 1080}}


def test_a_whole_rikiki_game_at_four_phones(server, contexts, artifacts):
    x = expect()
    made = api(server, "POST", "/api/games", {"game": "rikiki", "players": NAMES, "first_dealer": 3, "preset": "rikiki",
                                               "rules": {"schedule": "list", "cards": [1, 2], "virtual_deck": True,
                                                         "reveal": "hidden"}})
    key = made["key"]

    def sheet():
        return api(server, "GET", f"/api/games/{key}/sheet")

    links = api(server, "GET", f"/api/games/{key}/links")
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    phones = []
    for p, name in enumerate(NAMES):
        phone = contexts(**PHONE)
        phone.goto(links["players"][p]["url"])
        x(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
        phones.append(phone)
    tv = contexts(**TV)
    tv.goto(links["watch"]["url"])

    for number, cards in ((1, 1), (2, 2)):
        scribe.get_by_role("button", name="Deal", exact=True).tap()
        x(scribe.locator("form.deal")).to_have_count(0, timeout=15_000)
        assert scribe.locator("#hand button[data-card]").count() == 0  # no hand on the Scribe's phone
        row = sheet()["rounds"][number - 1]
        held = {}
        for p, phone in enumerate(phones):
            chips = phone.locator("#hand button[data-card]")
            x(chips).to_have_count(cards, timeout=15_000)
            held[p] = {chips.nth(i).get_attribute("data-card") for i in range(cards)}
        assert len(set().union(*held.values())) == 4 * cards  # four hands, no card twice
        for p in row["order"]:  # the dealer last, once the others are in (each taps 0)
            bid = phones[p].locator("form.bid button:enabled")
            x(bid.first).to_be_visible(timeout=15_000)
            if p == row["dealer"]:  # R-B2: the bids may not total the cards: the dealer's `cards` greyed, said why
                x(phones[p].locator("form.bid button:disabled")).to_have_text(str(cards))
                x(phones[p].locator("form.bid .why")).to_contain_text("the dealer, may not bid")
            choice = bid.first.inner_text().strip()
            bid.first.tap()
            x(phones[p].locator(".mybid")).to_have_text(f"Your bid this round: {choice}", timeout=15_000)
        for _k in range(4 * cards):
            seat = sheet()["rounds"][number - 1]["play"]["turn"]
            me = phones[seat]
            x(me.locator("#hand .your-turn")).to_be_visible(timeout=15_000)
            enabled = me.locator("#hand button[data-card]:enabled")
            if me.locator("#hand-why").count():  # the greyed cards say why
                assert me.locator("#hand-why").inner_text().startswith("You must follow")
            code = enabled.first.get_attribute("data-card")
            enabled.first.tap()
            x(me.locator("#hand .played")).to_be_visible(timeout=15_000)
            # the TV shows the card on the table (or in the trick just won), by its player
            x(tv.locator(f"#trick li[data-player='{seat}'][data-card='{code}']")).to_have_count(1, timeout=15_000)
            assert tv.locator("#hand").count() == 0  # never a hand on the TV
        play = sheet()["rounds"][number - 1]["play"]
        assert play["finished"] and sum(play["won"]) == cards
        confirm = scribe.get_by_role("button", name="Confirm the tricks")
        x(confirm).to_be_visible(timeout=15_000)
        confirm.tap()
        x(scribe.locator(f"#sheet tr#round-{number}")).to_be_visible(timeout=15_000)

    done = sheet()
    assert done["finished"] and done["rounds"][1]["tricks"] is not None
    for p, total in enumerate(done["totals"]):
        x(scribe.locator(f"#sheet tr#round-2 td[data-player='{p}'] .total")).to_have_text(str(total), timeout=15_000)
    for p, total in enumerate(done["totals"]):  # the TV ends on the same totals
        x(tv.locator(f"#sheet tr#round-2 td[data-player='{p}'] .total")).to_have_text(str(total), timeout=15_000)
    tv.screenshot(path=str(artifacts / "rikiki-tv.png"))
    overflow = phones[0].evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    scribe.screenshot(path=str(artifacts / "rikiki-scribe.png"), full_page=True)
    phones[0].screenshot(path=str(artifacts / "rikiki-phone.png"), full_page=True)
