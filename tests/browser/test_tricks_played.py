"""A whole 3-card round of the virtual deck played trick by trick in four browsers: three
players on their own phones and the TV. Each phone offers its cards only on its turn (the
others greyed), the trick in progress and who is winning it show on the TV and the phones by
themselves (polling), the winner is announced, and the tricks won add up to the cards dealt
with the engine's winners; the Scribe then confirms the tricks as played."""

from __future__ import annotations

import pytest

from scribe.engine import trick_winner

from .conftest import PHONE
from .tables import play_out
from .test_table import TV, api, expect

pytestmark = pytest.mark.browser
NAMES = ["Paul", "Thomas", "Marie"]
SUIT = {"blue": "B", "green": "G", "red": "R", "yellow": "Y"}


def test_three_phones_and_the_tv_play_a_whole_round_of_three_tricks(server, contexts, artifacts):
    x = expect()
    made = api(server, "POST", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                               "rules": {"virtual_deck": True, "rounds": 3}})
    key = made["key"]

    def sheet():
        return api(server, "GET", f"/api/games/{key}/sheet")

    def deal_and_bid():
        s = api(server, "POST", f"/api/games/{key}/deal", {})["sheet"]
        row = s["rounds"][s["current_round"] - 1]
        if row["trump"] and row["trump"]["card"] == "wizard":
            api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
        for p in row["order"]:
            api(server, "POST", f"/api/games/{key}/bids", {"player": p, "bid": 1})
        return row["number"]

    for _ in range(2):  # rounds 1 and 2 played out on the Scribe's phone: round 3 deals 3 each
        deal_and_bid()
        play_out(server, key)
    number = deal_and_bid()
    assert number == 3  # first dealer Paul: round 3 is dealt by Marie, Paul leads (W-P1)

    links = api(server, "GET", f"/api/games/{key}/links")
    phones = []
    for p in range(3):
        phone = contexts(**PHONE)
        phone.goto(links["players"][p]["url"])
        phones.append(phone)
    tv = contexts(**TV)
    tv.goto(links["watch"]["url"])
    x(tv.locator("#trick")).to_contain_text("Paul to play")

    for k in range(9):
        play = sheet()["rounds"][2]["play"]
        seat = play["turn"]
        me = phones[seat]
        x(me.locator("#hand .your-turn")).to_be_visible(timeout=15_000)
        for other in range(3):  # nobody else may tap a card now
            if other != seat:
                assert phones[other].locator("#hand button[data-card]:enabled").count() == 0
        enabled = me.locator("#hand button[data-card]:enabled")
        if me.locator("#hand-why").count():  # the greyed cards say why (W-P3)
            assert me.locator("#hand-why").inner_text().startswith("You must follow")
        card = enabled.first.get_attribute("data-card")
        enabled.first.tap()
        x(me.locator("#hand .played")).to_be_visible()
        if k % 3 < 2:  # the trick on the table, on the TV by itself, who played it and who is winning
            x(tv.locator(f'#trick li[data-card="{card}"][data-player="{seat}"]')).to_be_visible(timeout=15_000)
            winning = sheet()["rounds"][2]["play"]["winning"]
            x(tv.locator("#trick li.winning")).to_have_attribute("data-player", str(winning), timeout=15_000)
        else:  # the trick is taken: the winner announced everywhere
            trick = sheet()["rounds"][2]["play"]["tricks"][-1]
            cards = [c["card"] for c in trick["cards"]]
            trump = SUIT.get((sheet()["rounds"][2]["trump"] or {}).get("suit") or "")
            winner = trick["cards"][trick_winner(cards, trump)]["player"]
            assert winner == trick["winner"]
            for screen in (tv, *phones):
                x(screen.locator(".trick-won").first).to_contain_text(f"{NAMES[winner]} won the trick.",
                                                                       timeout=15_000)
            if k == 2:
                tv.screenshot(path=str(artifacts / "tricks-tv.png"))
                me.screenshot(path=str(artifacts / "tricks-phone.png"))

    play = sheet()["rounds"][2]["play"]
    assert play["finished"] and sum(play["won"]) == 3
    x(tv.locator("#trick h2")).to_have_text("Every card is played", timeout=15_000)
    for p in range(3):
        x(tv.locator(f'#trick tr[data-player="{p}"] .won-count')).to_have_text(str(play["won"][p]))
    done = api(server, "POST", f"/api/games/{key}/tricks", {})  # the Scribe confirms the tricks as played
    assert done["sheet"]["rounds"][2]["tricks"] == play["won"] and done["sheet"]["finished"]
    tv.screenshot(path=str(artifacts / "tricks-tv-end.png"))
