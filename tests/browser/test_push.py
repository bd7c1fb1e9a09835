"""Push (issue 21) in five browsers: a virtual-deck round played on three phones with the
TV and the Scribe's page open. Each card a phone plays appears on the other phones, the
TV and the Scribe's page through their streams: not one of them sends its 2-second poll
while the round is played. Mid-round the TV's Wi-Fi drops; a card is played meanwhile;
back online, the TV shows it without reloading the page."""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE
from .tables import play_out
from .test_table import TV, api, expect
from .wifi import Wifi

pytestmark = pytest.mark.browser
NAMES = ["Paul", "Thomas", "Marie"]
POLL = re.compile(r"/(sheet|view|poll)\?v=\d+$")  # the 2-second poll of each page


def test_each_card_reaches_the_other_phones_the_tv_and_the_scribe_without_a_poll(server, contexts):
    x = expect()
    made = api(server, "POST", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                               "rules": {"virtual_deck": True, "rounds": 3}})
    key = made["key"]

    def deal_and_bid():
        s = api(server, "POST", f"/api/games/{key}/deal", {})["sheet"]
        row = s["rounds"][s["current_round"] - 1]
        if row["trump"] and row["trump"]["card"] == "wizard":
            api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
        for p in row["order"]:
            api(server, "POST", f"/api/games/{key}/bids", {"player": p, "bid": 1})

    for _ in range(2):  # rounds 1 and 2 on the Scribe's phone: round 3 deals 3 cards each
        deal_and_bid()
        play_out(server, key)
    deal_and_bid()

    links = api(server, "GET", f"/api/games/{key}/links")
    port = int(server.rsplit(":", 1)[1])
    wifi = Wifi(port)  # the TV reaches the server through a Wi-Fi the test can cut
    links["watch"]["url"] = links["watch"]["url"].replace(f":{port}/", f":{wifi.port}/")
    pages, polls = {}, {}
    for name, url, size in [*((NAMES[p], links["players"][p]["url"], PHONE) for p in range(3)),
                            ("TV", links["watch"]["url"], TV), ("Scribe", f"{server}/games/{key}", PHONE)]:
        page = contexts(**size)
        polls[name] = []
        page.on("request", lambda r, name=name: POLL.search(r.url) and polls[name].append(r.url))
        page.goto(url)
        pages[name] = page
    for page in pages.values():  # every page holds its stream
        x(page.locator("html")).to_have_attribute("data-stream", "stream")
    for p in polls.values():
        p.clear()  # a poll may have left before the stream said hello
    phones, tv = [pages[n] for n in NAMES], pages["TV"]
    tv.evaluate("window.sameLoad = true")  # gone if the page reloads

    for k in range(9):
        seat = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][2]["play"]["turn"]
        me = phones[seat]
        x(me.locator("#hand .your-turn")).to_be_visible()
        offline = k == 4
        if offline:  # the TV's Wi-Fi drops mid-trick: its stream is lost
            wifi.drop()
            x(tv.locator("html")).not_to_have_attribute("data-stream", "stream")
        card = me.locator("#hand button[data-card]:enabled").first.get_attribute("data-card")
        me.locator("#hand button[data-card]:enabled").first.tap()
        x(me.locator("#hand .played")).to_be_visible()
        shown = f'#trick li[data-card="{card}"][data-player="{seat}"]'
        if offline:
            x(tv.locator(shown)).to_have_count(0)
            wifi.restore()
        for name, page in pages.items():
            if page is not me:
                x(page.locator(shown).first).to_be_visible()
        if offline:  # the stream came back, sent what was missed, and the page was not reloaded
            x(tv.locator("html")).to_have_attribute("data-stream", "stream")
            assert tv.evaluate("window.sameLoad") is True
            polls["TV"].clear()  # while offline, the TV fell back to its poll: that is the fallback

    x(tv.locator("#trick h2")).to_have_text("Every card is played")
    assert polls == {name: [] for name in pages}, polls
    wifi.close()
