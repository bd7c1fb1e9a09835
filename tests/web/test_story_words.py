"""What the story says in a game's own words: the chart's title read out by a screen
reader speaks of deals in Belote and Tarot (rounds elsewhere), and a Coinche capot bid is
named "Capot (250)" in the statistics' "By contract", not a bare 250 (C-S1: A = 250)."""

from __future__ import annotations

import re

from web_helpers import text

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def _chart_title(page: str) -> str:
    return re.search(r'<title id="[^"]+-title">([^<]+)</title>', page).group(1)


def test_the_charts_title_speaks_of_deals_in_belote_and_rounds_in_wizard(api, client):
    status, body = api("post", "/api/games", {"game": "belote", "players": FOUR, "first_dealer": 0})
    assert status == 201, body
    key = body["key"]
    assert api("post", f"/api/games/{key}/actions/result", {"takers": 0, "points": 100})[0] == 200
    assert _chart_title(client.get(f"/games/{key}").get_data(as_text=True)) == "Running totals over the deals"
    client.get("/lang/fr")
    assert "donne après donne" in _chart_title(client.get(f"/games/{key}").get_data(as_text=True))
    client.get("/lang/en")
    status, body = api("post", "/api/games", {"game": "wizard", "players": FOUR[:3], "first_dealer": 2})  # Ana bids first
    assert status == 201, body
    wkey = body["key"]
    for player, bid in enumerate((0, 1, 0)):
        assert api("post", f"/api/games/{wkey}/actions/bid", {"player": player, "bid": bid})[0] == 200
    assert api("post", f"/api/games/{wkey}/actions/tricks", {"tricks": [0, 1, 0]})[0] == 200
    assert _chart_title(client.get(f"/games/{wkey}").get_data(as_text=True)) == "Running totals over the rounds"


def test_a_capot_bid_is_named_in_the_statistics_by_contract(api, client):
    status, body = api("post", "/api/games", {"game": "belote", "variant": "coinche", "players": FOUR,
                                             "first_dealer": 0, "target": 600})
    assert status == 201, body
    key = body["key"]
    # C-S1: 252 + 250 = 502 -> 500, then 80 + 100 -> 680: the game is over at 600 (the statistics count it)
    for deal in ({"takers": 0, "contract": "capot", "capot": 0}, {"takers": 0, "contract": 80, "points": 100}):
        assert api("post", f"/api/games/{key}/actions/result", deal)[0] == 200
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Capot (250): 1 of 1" in page and "80: 1 of 1" in page
    assert "250: 1 of 1" not in page.replace("Capot (250): 1 of 1", "")
