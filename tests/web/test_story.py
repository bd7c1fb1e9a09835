"""The group's story through the API and the pages: statistics checked against values
worked out here from the bids and tricks typed (W-S1, W-S3), never by Scribe's code;
the chart on the page, the watch view and the PDF; players renamed and merged; rematch."""

from __future__ import annotations

import csv
import io
import re

import pytest
from web_helpers import text

from tests.pdf.pdf_helpers import reader

THREE = ("Ana", "Ben", "Cy")


def points(bid: int, tricks: int) -> int:  # W-S1, written out again on purpose
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


def play_wizard(api, rounds_bids_tricks, players=THREE, first_dealer=0, rounds=None):
    """A short Wizard game (standard rules) played through the API, to its end unless it
    has more ``rounds``; returns its key."""
    status, body = api("post", "/api/games", {"players": list(players), "first_dealer": first_dealer, "preset": "standard",
                                             "rules": {"rounds": rounds or len(rounds_bids_tricks)}})
    assert status == 201, body
    key = body["key"]
    for n, (bids, tricks) in enumerate(rounds_bids_tricks, start=1):
        _, sheet = api("get", f"/api/games/{key}/sheet")
        for p in sheet["rounds"][n - 1]["order"]:
            status, body = api("post", f"/api/games/{key}/bids", {"round": n, "player": p, "bid": bids[p]})
            assert status == 200, body
        status, body = api("post", f"/api/games/{key}/tricks", {"round": n, "tricks": list(tricks)})
        assert status == 200, body
    return key


# two rounds: 1 card, then 2 cards; bids and tricks per seat
GAME_A = [((1, 0, 0), (1, 0, 0)), ((1, 1, 0), (1, 1, 0))]  # Ana 30+30, Ben 20+30, Cy 20+20
GAME_B = [((0, 0, 1), (0, 1, 0)), ((0, 2, 0), (0, 2, 0))]  # Ana 20+20, Ben -10+40, Cy -10+20


def expected_totals(game):
    totals = [0, 0, 0]
    for bids, tricks in game:
        for p in range(3):
            totals[p] += points(bids[p], tricks[p])
    return totals


def stats(api, query=""):
    status, body = api("get", "/api/stats" + query)
    assert status == 200, body
    return body


def standing(body, name, game="wizard", n=3):
    group = next(g for g in body["groups"] if g["game"] == game and g["players"] == n)
    return next(p for p in group["standings"] if p["name"] == name), group


def test_statistics_of_games_played_through_the_api(api):
    play_wizard(api, GAME_A)
    play_wizard(api, GAME_B)
    a, b = expected_totals(GAME_A), expected_totals(GAME_B)
    assert a == [60, 50, 40] and b == [40, 30, 10]
    body = stats(api)
    ana, group = standing(body, "Ana")
    assert group["games"] == 2
    assert (ana["games"], ana["wins"], ana["win_rate"]) == (2, 2, 1.0)
    assert ana["average"] == (60 + 40) / 2 and ana["best"] == 60
    ben, _ = standing(body, "Ben")
    # Ben's bids: 0 (made), 1 (made), 0 (missed), 2 (made)
    assert ben["bids"]["tried"] == 4 and ben["bids"]["made"] == 3 and ben["bids"]["accuracy"] == 0.75
    assert ben["bids"]["by_size"] == [{"bid": 0, "tried": 2, "made": 1, "accuracy": 0.5},
                                      {"bid": 1, "tried": 1, "made": 1, "accuracy": 1.0},
                                      {"bid": 2, "tried": 1, "made": 1, "accuracy": 1.0}]
    h2h = {(h["player"], h["opponent"]): (h["ahead"], h["behind"], h["level"]) for h in group["head_to_head"]}
    assert h2h[("Ana", "Ben")] == (2, 0, 0) and h2h[("Cy", "Ben")] == (0, 2, 0)


def test_a_tie_gives_each_winner_a_win(api):
    play_wizard(api, [((0, 0, 0), (0, 0, 1))])  # Ana 20, Ben 20, Cy -10: W-S3 two winners
    body = stats(api)
    wins = {p["name"]: p["wins"] for p in body["groups"][0]["standings"]}
    assert wins == {"Ana": 1, "Ben": 1, "Cy": 0}


def test_unfinished_deleted_and_undone_games_do_not_count_and_restore_brings_back(api):
    key = play_wizard(api, GAME_A)
    play_wizard(api, GAME_B[:1] + [((0, 2, 0), (0, 2, 0))])
    assert stats(api)["groups"][0]["games"] == 2
    api("delete", f"/api/games/{key}")
    assert stats(api)["groups"][0]["games"] == 1
    api("post", f"/api/games/{key}/restore")
    assert stats(api)["groups"][0]["games"] == 2
    api("post", f"/api/games/{key}/undo", {})  # the last tricks taken back: no longer finished
    assert stats(api)["groups"][0]["games"] == 1
    api("post", f"/api/games/{key}/redo", {})
    assert stats(api)["groups"][0]["games"] == 2


def test_a_correction_moves_the_statistics(api):
    key = play_wizard(api, GAME_A)
    assert standing(stats(api), "Cy")[0]["best"] == 40
    status, body = api("post", f"/api/games/{key}/rounds/2/correction", {"bids": [1, 1, 0], "tricks": [0, 1, 1]})
    assert status == 200, body
    cy, _ = standing(stats(api), "Cy")
    assert cy["best"] == 20 + points(0, 1) and cy["bids"]["made"] == 1  # round 2 now missed


def test_a_name_typed_again_is_the_same_player_and_renames_and_merges_follow(api):
    play_wizard(api, GAME_A)
    play_wizard(api, GAME_B, players=("ana", "Benoît", "Cy"))
    ana, _ = standing(stats(api), "Ana")
    assert ana["games"] == 2
    status, body = api("post", "/api/players/merge", {"name": "Benoît", "into": "Ben"})
    assert status == 200, body
    assert [p["name"] for p in body["players"]] == ["Ana", "Ben", "Cy"]
    assert standing(stats(api), "Ben")[0]["games"] == 2
    status, body = api("post", "/api/players/rename", {"name": "ben", "new_name": "Benjamin"})
    assert status == 200, body
    ben, _ = standing(stats(api), "Benjamin")
    assert ben["games"] == 2 and ben["wins"] == 0
    # the recorded sheets keep the names typed
    _, games = api("get", "/api/games")
    assert {tuple(g["summary"]["players"]) for g in games["games"]} == {THREE, ("ana", "Benoît", "Cy")}


@pytest.mark.parametrize("path, body, field", [
    ("/api/players/merge", {"name": "Ana", "into": "ANA"}, "into"),
    ("/api/players/merge", {"name": "Ana", "into": "Ben"}, "into"),  # at the same table
    ("/api/players/merge", {"name": "Zed", "into": "Ben"}, "name"),
    ("/api/players/rename", {"name": "Ana", "new_name": "ben"}, "new_name"),
    ("/api/players/rename", {"name": "Ana", "new_name": "  "}, "new_name"),
    ("/api/players/rename", {"name": "Ana", "new_name": "x" * 31}, "new_name"),
    ("/api/players/rename", {"name": ["Ana"], "new_name": "Anna"}, "name"),
])
def test_bad_renames_and_merges_are_refused_and_change_nothing(api, path, body, field):
    play_wizard(api, GAME_A)
    status, answer = api("post", path, body)
    assert status == 422 and answer["field"] == field
    assert [p["name"] for p in api("get", "/api/players")[1]["players"]] == list(THREE)


@pytest.mark.parametrize("query, field", [("?since=2024-13-01", "since"), ("?until=yesterday", "until"),
                                          ("?since=2025-02-01&until=2025-01-01", "until"), ("?players=99", "players"),
                                          ("?game=chess", "game"), ("?player=Zed", "player")])
def test_bad_filters_and_a_player_with_no_finished_game_are_422(api, client, query, field):
    play_wizard(api, GAME_A)
    status, body = api("get", "/api/stats" + query)
    assert status == 422 and body["field"] == field
    page = client.get("/stats" + query)
    assert page.status_code == 422 and f'data-field="{field}"' in page.get_data(as_text=True)


def test_period_and_player_filters(api):
    play_wizard(api, GAME_A)
    assert stats(api, "?since=2000-01-01&player=cy")["groups"][0]["games"] == 1
    assert stats(api, "?until=2000-01-01")["groups"] == []


def test_custom_games_won_by_the_highest_total_have_their_own_heading_and_best(api, client):
    """P-3: on the page and in the JSON, a custom game won by the highest total is its own
    game type, its best the highest total; French names it too."""
    for wins, scores in (("lowest", [10, 30]), ("highest", [50, 45]), ("highest", [20, 70])):
        status, made = api("post", "/api/games", {"game": "points", "preset": "custom", "rounds": 1, "wins": wins,
                                                 "players": ["Ana", "Ben"]})
        assert status == 201, made
        status, body = api("post", f"/api/games/{made['key']}/actions/round", {"points": scores, "closer": None})
        assert status == 200, body
    lowest, highest = stats(api)["groups"]
    assert (lowest["variant"], lowest["games"], highest["variant"], highest["games"]) == ("custom", 1, "custom-highest", 2)
    assert {p["name"]: p["best"] for p in highest["standings"]} == {"Ana": 50, "Ben": 70}
    assert {p["name"]: p["best"] for p in lowest["standings"]} == {"Ana": 10, "Ben": 30}
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Another points game, the highest total wins · 2 players · 2 games" in page
    assert "Another points game · 2 players · 1 game" in page
    client.get("/lang/fr")
    assert "Autre jeu de points, le plus grand total gagne" in text(client.get("/stats").get_data(as_text=True))


def test_statistics_cover_this_browsers_games_only(app, api):
    play_wizard(api, GAME_A)
    other = app.test_client()
    status, body = other.get("/api/stats").status_code, other.get("/api/stats").get_json()
    assert status == 200 and body["groups"] == []
    assert other.get("/api/players").get_json() == {"players": []}
    assert other.get("/export/rounds.csv").get_data(as_text=True).strip() == "game_id,round,seat,player,points,total"


def _polyline_ys(page: str, player: int) -> list[float]:
    m = re.search(rf'data-player="{player}">\s*<polyline points="([^"]+)"', page)
    assert m, "no line for that player"
    return [float(pt.split(",")[1]) for pt in m.group(1).split()]


def test_the_chart_on_the_game_page_and_the_watch_view_follows_the_running_totals(api, client):
    key = play_wizard(api, GAME_A)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    running = {0: [0, 30, 60], 1: [0, 20, 50], 2: [0, 20, 40]}
    ys = {p: _polyline_ys(page, p) for p in running}
    # one scale for every line: y falls as the total rises, by the same pixels per point
    scale = (ys[0][0] - ys[0][2]) / 60
    for p, totals in running.items():
        assert ys[p] == pytest.approx([ys[0][0] - scale * t for t in totals], abs=0.11)
    assert "Ana: 60 after 2 rounds" in page and "<title" in page
    assert 'data-fact="bids_made">2 / 2' in page  # Ana made both bids
    _, links = api("get", f"/api/games/{key}/links")
    watch = client.get(f"/w/{links['watch']['token']}").get_data(as_text=True)
    assert _polyline_ys(watch, 1) == ys[1]


def test_the_printed_sheet_has_the_story_on_its_second_page(api, client):
    key = play_wizard(api, GAME_A)
    pages = reader(client.get(f"/games/{key}/sheet.pdf").data).pages
    assert len(pages) == 2
    story = pages[1].extract_text()
    assert "The story of the game" in story and "Longest run of bids made" in story
    assert "60 (round" not in story and "30 (round 1)" in story  # Ana's best round: 30 points


def test_rematch_same_players_rules_and_the_deal_one_seat_on(api, client):
    key = play_wizard(api, GAME_A, first_dealer=2)
    status, body = api("post", f"/api/games/{key}/rematch")
    assert status == 201, body
    sheet = body["sheet"]
    assert sheet["players"] == list(THREE) and sheet["first_dealer"] == 0 and sheet["rules"]["preset"] == "standard"
    assert sheet["round_count"] == 2 and sheet["version"] == 0
    assert body["key"] in {g["key"] for g in api("get", "/api/games")[1]["games"]}


def test_no_rematch_before_the_end(api, client):
    status, body = api("post", "/api/games", {"players": list(THREE), "first_dealer": 0})
    key = body["key"]
    status, body = api("post", f"/api/games/{key}/rematch")
    assert status == 422 and body["field"] == "game"
    assert client.post(f"/games/{key}/rematch").status_code == 409
    assert len(api("get", "/api/games")[1]["games"]) == 1


def test_remembered_names_on_the_start_forms(api, client):
    play_wizard(api, GAME_A)
    for game in ("wizard", "zibi", "points"):
        page = client.get(f"/games/new?game={game}").get_data(as_text=True)
        assert re.findall(r'data-name="([^"]+)"', page) == list(THREE)


def test_csv_export_of_rounds_and_entries(api, client):
    play_wizard(api, GAME_A)
    rounds = list(csv.DictReader(io.StringIO(client.get("/export/rounds.csv").get_data(as_text=True))))
    assert [(r["round"], r["player"], r["points"], r["total"]) for r in rounds if r["seat"] == "0"] == [
        ("1", "Ana", "30", "30"), ("2", "Ana", "30", "60")]
    entries = list(csv.DictReader(io.StringIO(client.get("/export/entries.csv").get_data(as_text=True))))
    assert [e["kind"] for e in entries].count("tricks") == 2
    games = list(csv.DictReader(io.StringIO(client.get("/export/games.csv").get_data(as_text=True))))
    assert games[0]["phase"] == "finished"


def test_the_rounds_export_lists_the_scored_rounds_of_a_game_not_finished(api, client):
    """A round scored before the game's end saves no story (only finished games' are read
    by the statistics): the export tells it all the same, and the next round too."""
    key = play_wizard(api, GAME_A, rounds=3)

    def ana():
        rounds = csv.DictReader(io.StringIO(client.get("/export/rounds.csv").get_data(as_text=True)))
        return [(r["round"], r["player"], r["points"], r["total"]) for r in rounds if r["seat"] == "0"]

    assert ana() == [("1", "Ana", "30", "30"), ("2", "Ana", "30", "60")]
    for p in (0, 1, 2):  # round 3 (3 cards, Cy deals: Ana bids first): Ana bids 3, makes 0
        assert api("post", f"/api/games/{key}/bids", {"round": 3, "player": p, "bid": 3 if p == 0 else 0})[0] == 200
    assert api("post", f"/api/games/{key}/tricks", {"round": 3, "tricks": [0, 0, 3]})[0] == 200
    assert ana() == [("1", "Ana", "30", "30"), ("2", "Ana", "30", "60"), ("3", "Ana", "-30", "30")]


def test_sealed_bids_stay_sealed_in_the_entries_export(api, client):
    _status, body = api("post", "/api/games", {"players": list(THREE), "first_dealer": 0, "rules": {"reveal": "secret"}})
    key = body["key"]
    api("post", f"/api/games/{key}/bids", {"round": 1, "player": 1, "bid": 1})
    text = client.get("/export/entries.csv").get_data(as_text=True)
    assert '""bid"": null' in text and '""bid"": 1' not in text


def test_csv_cells_a_spreadsheet_would_run_are_neutralised(api, client):
    """Found: a name starting with =, +, - or @ was written as it is, and a spreadsheet runs
    it as a formula. Such text gets the usual leading apostrophe; a negative score stays a
    number."""
    names = ["=HYPERLINK(\"http://x\")", "+Bo", "-Cy", "@Di"]
    status, body = api("post", "/api/games", {"game": "points", "preset": "custom", "players": names,
                                              "rounds": 1, "name": "=1+1"})
    assert status == 201, body
    key = body["key"]
    assert api("post", f"/api/games/{key}/actions/round", {"points": [-5, 3, 0, 2]})[0] == 200
    rounds = list(csv.DictReader(io.StringIO(client.get("/export/rounds.csv").get_data(as_text=True))))
    assert [r["player"] for r in rounds] == ["'" + n for n in names]
    assert [r["points"] for r in rounds] == ["-5", "3", "0", "2"]
    games = list(csv.DictReader(io.StringIO(client.get("/export/games.csv").get_data(as_text=True))))
    assert games[0]["name"] == "'=1+1"
    for line in client.get("/export/entries.csv").get_data(as_text=True).splitlines():
        assert not line.split(",")[0].startswith(("=", "+", "-", "@"))
