"""The standings on the TV and on a player's phone at Belote: a line per team (B-M1: two
teams of two share one total), ranked 1 and 2, never the four players one by one; a game
without teams keeps a line per player."""

from __future__ import annotations

import re

from web_helpers import text

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def standings(html: str) -> list[str]:
    """Each line of the standings as the screen reads it."""
    block = re.search(r'<ol class="standings[^"]*"[^>]*>(.*?)</ol>', html, re.DOTALL)
    assert block, "no standings"
    return [text(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.DOTALL)]


def path(url: str) -> str:
    return url.split("localhost")[-1]


def test_b_m1_the_tv_and_a_phone_rank_the_two_teams(client, api):
    status, made = api("post", "/api/games", {"game": "belote", "variant": "belote", "players": FOUR,
                                             "first_dealer": 0, "target": 1000})
    assert status == 201, made
    key = made["key"]
    # Ana & Cy take with 100 of 162 (B-S1): 100 to them, 62 to Ben & Dee
    assert api("post", f"/api/games/{key}/actions/result", {"takers": 0, "points": 100})[0] == 200
    links = api("get", f"/api/games/{key}/links")[1]
    tv = standings(client.get(path(links["watch"]["url"])).get_data(as_text=True))
    assert tv == ["1 Ana & Cy 100 +100", "2 Ben & Dee 62 +62"]
    seat = links["players"][1]["url"] if "players" in links else links["seats"][1]["url"]
    phone = standings(client.get(path(seat)).get_data(as_text=True))
    assert phone == tv


def test_a_game_without_teams_keeps_a_line_per_player(client, api):
    status, made = api("post", "/api/games", {"game": "points", "preset": "custom", "rounds": 3, "wins": "highest",
                                             "players": ["Ana", "Ben", "Cy"]})
    assert status == 201, made
    api("post", f"/api/games/{made['key']}/actions/round", {"points": [10, 30, 20], "closer": None})
    links = api("get", f"/api/games/{made['key']}/links")[1]
    tv = standings(client.get(path(links["watch"]["url"])).get_data(as_text=True))
    assert tv == ["1 Ben 30 +30", "2 Cy 20 +20", "3 Ana 10 +10"]
