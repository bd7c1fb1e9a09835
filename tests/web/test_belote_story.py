"""Belote's and Coinche's story through the pages and the API: per player (its team's
record in each game, added up over games with any partner) the contracts taken and made
by contract, the coinches won, the capots and the points per deal; the chart of the two
teams' running totals; the statistics page and its JSON; the PDF's story page; rematch
with the same table and the next dealer (B-M1). The figures are worked out here from the
digest's rules (C-S1..C-S3, C-S7, B-S4), never by Scribe's code."""

from __future__ import annotations

import re

from web_helpers import text

from tests.pdf.pdf_helpers import reader

FOUR = ["Ana", "Ben", "Cy", "Dee"]

# Game A, to 700: Us = Ana & Cy, Them = Ben & Dee (partners sit opposite)
GAME_A = (
    {"takers": 0, "contract": 80, "points": 81},  # C-S6: a litige, 80 to Them, 81 held
    {"takers": "passed"},
    {"takers": 1, "contract": 100, "level": "coinche", "points": 110},  # C-S2: 520, and the 81 held -> 80
    {"takers": 0, "contract": "capot", "capot": 0, "belote": 0},  # C-S1: 252 + 20 + 250 = 522 -> 520
    {"takers": 0, "contract": 90, "points": 70},  # C-S3: chute, 160 + 90 = 250 to Them
)
# Game B, to 100, seated Ana, Ben, Dee, Cy: Ana & Dee against Ben & Cy; 80 surcoinched and
# made by Ana & Dee: (160 + 80) x 4 = 960 (C-S2)
GAME_B = ({"takers": 0, "contract": 80, "level": "surcoinche", "points": 100},)


def play(api, deals, players=FOUR, target=700, first_dealer=0) -> str:
    status, body = api("post", "/api/games", {"game": "belote", "variant": "coinche", "players": list(players),
                                             "first_dealer": first_dealer, "target": target})
    assert status == 201, body
    key = body["key"]
    for deal in deals:
        status, body = api("post", f"/api/games/{key}/actions/result", deal)
        assert status == 200, body
    return key


def test_the_game_page_tells_each_teams_contracts_coinches_capots_and_points_per_deal(api, client):
    key = play(api, GAME_A)
    assert api("get", f"/api/games/{key}/sheet")[1]["team_totals"] == [520, 930]
    page = client.get(f"/games/{key}").get_data(as_text=True)
    table = page[page.index('class="story-facts"'):]
    table = table[:table.index("</table>")]
    # a row per team, under its name: partners' rows would say the same twice
    teams = re.findall(r'<tr data-side="(\d)"><th scope="row">([^<]+)</th>', table)
    assert teams == [("0", "Ana &amp; Cy"), ("1", "Ben &amp; Dee")] and "data-player" not in table
    facts = {int(t): dict(re.findall(r'data-fact="(\w+)">([^<]+)<', row))
             for t, row in re.findall(r'<tr data-side="(\d)">(.*?)</tr>', table, re.DOTALL)}
    # Ana & Cy took three (the litige is not made, the 90 fell), made the capot; coinched once, lost it;
    # 520 over the 4 deals played (the passed one left out)
    us = {"contracts_made": "1 / 3", "coinches_won": "0 / 1", "capots": "1", "points_per_deal": "130"}
    # Ben & Dee made their 100 coinched; 80 + 600 + 0 + 250 = 930 over 4 deals: 232.5, the half up
    them = {"contracts_made": "1 / 1", "coinches_won": "0 / 0", "capots": "0", "points_per_deal": "233"}
    assert facts == {0: us, 1: them}
    body = text(page)
    assert "Ana & Cy: 520 after 4 deals; Ben & Dee: 930 after 4 deals." in body  # the chart's text
    assert "Team" in body and "Contracts made" in body and "Coinches won" in body and "Capots" in body and "Points per deal" in body


def test_the_chart_draws_a_line_per_team(api, client):
    key = play(api, GAME_A)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    race = page[page.index('<svg class="race"'):page.index("</svg>")]
    assert re.findall(r'class="player-line" data-player="(\d)"', race) == ["0", "1"]
    assert ">Ana &amp; Cy</text>" in race and ">Ben &amp; Dee</text>" in race and ">Ana</text>" not in race
    ys = [[float(pt.split(",")[1]) for pt in pts.split()] for pts in re.findall(r'<polyline points="([^"]+)"', race)]
    # the deals with points: 1, 3, 4, 5; Us 0, 0, 520, 520; Them 80, 680, 680, 930 (one scale, y down)
    scale = (ys[1][0] - ys[1][4]) / 930
    assert ys[0] == [ys[0][0] - scale * t for t in (0, 0, 0, 520, 520)] or all(
        abs(a - (ys[0][0] - scale * t)) < 0.11 for a, t in zip(ys[0], (0, 0, 0, 520, 520)))
    assert all(abs(a - (ys[1][0] - scale * t)) < 0.11 for a, t in zip(ys[1], (0, 80, 680, 680, 930)))


def test_the_statistics_page_and_its_json_count_them_by_player_over_games(api, client):
    play(api, GAME_A)
    play(api, GAME_B, players=["Ana", "Ben", "Dee", "Cy"], target=100)
    status, body = api("get", "/api/stats")
    assert status == 200, body
    group = next(g for g in body["groups"] if g["game"] == "belote")
    assert (group["variant"], group["players"], group["games"]) == ("coinche", 4, 2)
    players = {p["name"]: p for p in group["standings"]}
    # wins: Ben & Dee won A, Ana & Dee won B
    assert {n: (p["games"], p["wins"]) for n, p in players.items()} == {
        "Ana": (2, 1), "Ben": (2, 1), "Cy": (2, 0), "Dee": (2, 2)}
    assert players["Dee"]["average"] == (930 + 960) / 2 and players["Cy"]["best"] == 520
    # Ana's contracts: in A 80 (litige), capot (made, worth 250), 90 (fell); in B 80 surcoinched, made
    ana = players["Ana"]["bids"]
    assert (ana["tried"], ana["made"], ana["accuracy"]) == (4, 2, 0.5)
    assert [(b["bid"], b["tried"], b["made"]) for b in ana["by_size"]] == [(80, 2, 1), (90, 1, 0), (250, 1, 1)]
    summed = {n: {s["key"]: s["value"] for s in p["summed"]} for n, p in players.items()}
    # capots: Ana and Cy's in A; coinches won: the surcoinche Ana & Dee said in B and made
    assert summed == {"Ana": {"capots": 1, "coinches_won": 1}, "Ben": {"capots": 0, "coinches_won": 0},
                      "Cy": {"capots": 1, "coinches_won": 0}, "Dee": {"capots": 0, "coinches_won": 1}}
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Coinche · 4 players · 2 games" in page
    assert "Capots 1" in page and "Coinches won 1" in page and "Contracts made: 50" in page
    client.get("/lang/fr")
    french = text(client.get("/stats").get_data(as_text=True))
    assert "Coinches gagnées" in french and "Capots" in french and "Contrats réussis" in french


def test_the_printed_sheet_tells_the_story_on_its_second_page(api, client):
    key = play(api, GAME_A)
    pages = reader(client.get(f"/games/{key}/sheet.pdf").data).pages
    assert len(pages) == 2
    story = " ".join(pages[1].extract_text().split())
    assert "The story of the game" in story and "Ana & Cy" in story and "Ben & Dee" in story
    assert "Coinches won" in story and "Capots" in story


def test_rematch_same_table_and_settings_the_deal_one_seat_to_the_right(api):
    key = play(api, GAME_A, first_dealer=1)
    status, body = api("post", f"/api/games/{key}/rematch")
    assert status == 201, body
    sheet = body["sheet"]
    assert sheet["players"] == FOUR and sheet["variant"] == "coinche" and sheet["target"] == 700
    assert sheet["first_dealer"] == 0 and sheet["version"] == 0  # B-M1: the deal passes to the right
    assert sheet["settings"] == api("get", f"/api/games/{key}/sheet")[1]["settings"]


def test_the_statistics_count_each_partnership_whatever_its_seats(api, client):
    play(api, GAME_A)  # Ana & Cy against Ben & Dee: Ben & Dee win
    play(api, ({"takers": 0, "contract": 80, "points": 100},), players=["Cy", "Dee", "Ana", "Ben"], target=100)
    body = api("get", "/api/stats")[1]  # the same partners in other seats, and Cy & Ana win: 180 to 60
    group = next(g for g in body["groups"] if g["game"] == "belote")
    assert group["teams"] == [{"players": ["Ana", "Cy"], "games": 2, "wins": 1, "win_rate": 0.5},
                              {"players": ["Ben", "Dee"], "games": 2, "wins": 1, "win_rate": 0.5}]
    page = client.get("/stats").get_data(as_text=True)
    teams = text(page[page.index('class="stats-teams"'):])
    assert "Ana & Cy 1 of 2 won" in teams and "Ben & Dee 1 of 2 won" in teams
    client.get("/lang/fr")
    assert "Équipes" in text(client.get("/stats").get_data(as_text=True))
    # a game played by players, not teams, has no teams in its statistics
    _status, made = api("post", "/api/games", {"game": "points", "preset": "custom", "rounds": 1, "wins": "lowest",
                                             "players": ["Ana", "Ben"]})
    api("post", f"/api/games/{made['key']}/actions/round", {"points": [10, 30], "closer": None})
    points = next(g for g in api("get", "/api/stats")[1]["groups"] if g["game"] == "points")
    assert "teams" not in points
