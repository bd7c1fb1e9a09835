"""The ladders on the statistics page and in the JSON, the rivals, and the BG Stats export,
on both stores: games played through the API, each rating worked out here with
openskill's own model (never Scribe's code), the file checked against the BG Stats format.

The entries' clock is stepped a minute per write (``store.games.now``): games finished
within one second would otherwise finish in an order the test could not know."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import jsonschema
import pytest
from conftest import call, step_clock
from openskill.models import PlackettLuce
from web_helpers import text

START = datetime(2026, 5, 1, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _clock(monkeypatch):
    step_clock(monkeypatch, START)


# one-round custom points games: (who wins, {player: final score}), in the order played
EVENING = [
    ("highest", {"Ana": 50, "Ben": 30, "Cy": 10}),
    ("highest", {"Ana": 20, "Ben": 40, "Cy": 40}),  # Ben and Cy tie for first
    ("highest", {"Ana": 60, "Ben": 10, "Cy": 30, "Dee": 45}),
    ("highest", {"Dee": 70, "Cy": 20, "Ana": 20}),
    ("lowest", {"Ana": 10, "Ben": 30}),  # another game type: a ladder of its own
]


def play(client, wins, scores):
    status, made = call(client, "post", "/api/games", {"game": "points", "preset": "custom", "rounds": 1,
                                                      "wins": wins, "players": list(scores)})
    assert status == 201, made
    status, body = call(client, "post", f"/api/games/{made['key']}/actions/round",
                        {"points": list(scores.values()), "closer": None})
    assert status == 200 and body["sheet"]["finished"], body
    return made["key"]


def ranks(wins, scores):
    """Each player's place: 1 + how many finished strictly better (a tie shares it)."""
    better = (lambda a, b: a < b) if wins == "lowest" else (lambda a, b: a > b)
    return {p: 1 + sum(better(o, s) for o in scores.values()) for p, s in scores.items()}


def expected_ratings(games):
    """OpenSkill's Plackett-Luce model, game after game: the shown figure 4 x (mu - 3 sigma)."""
    model, held = PlackettLuce(), {}
    for wins, scores in games:
        placed = ranks(wins, scores)
        teams = [[held.get(p) or model.rating()] for p in scores]
        for p, (rating,) in zip(scores, model.rate(teams, ranks=[placed[p] for p in scores])):
            held[p] = rating
    return {p: round(4 * r.ordinal()) for p, r in held.items()}


def ladder_of(body, variant):
    return next(k for k in body["ladders"] if k["variant"] == variant)


def test_the_ladder_in_the_json_and_on_the_page_rates_as_openskill_does(either_app):
    client = either_app.test_client()
    for wins, scores in EVENING:
        play(client, wins, scores)
    status, body = call(client, "get", "/api/ladders")
    assert status == 200, body
    highest = ladder_of(body, "custom-highest")
    expected = expected_ratings(EVENING[:4])
    assert {r["name"]: r["rating"] for r in highest["ladder"]} == expected
    assert [r["rating"] for r in highest["ladder"]] == sorted(expected.values(), reverse=True)
    assert {r["name"]: r["games"] for r in highest["ladder"]} == {"Ana": 4, "Ben": 3, "Cy": 4, "Dee": 2}
    assert highest["games"] == 4
    assert {r["name"]: r["rating"] for r in ladder_of(body, "custom")["ladder"]} == expected_ratings(EVENING[4:])
    # fewer than five games each: the trend is the whole climb from 0
    assert all(r["trend"] == r["rating"] for r in highest["ladder"])

    page = client.get("/stats").get_data(as_text=True)
    shown = text(page)
    assert "Ladders" in shown and "Rivals: who finished ahead of whom" in shown
    best = highest["ladder"][0]
    assert f'data-name="{best["name"]}" data-rating="{best["rating"]}"' in page
    assert "Export to BG Stats" in shown
    client.get("/lang/fr")
    assert "Classements" in text(client.get("/stats").get_data(as_text=True))


def test_rivals_for_a_chosen_player_and_per_game_type(either_app):
    client = either_app.test_client()
    for wins, scores in EVENING:
        play(client, wins, scores)
    body = call(client, "get", "/api/ladders?game=points&player=ana")[1]
    rivals = ladder_of(body, "custom-highest")["rivals"]
    # Ana against Cy: ahead in games 1 and 3, behind in 2, level in 4
    cy = next(r for r in rivals if r["opponent"] == "Cy")
    assert (cy["player"], cy["games"], cy["ahead"], cy["behind"], cy["level"]) == ("Ana", 4, 2, 1, 1)
    assert {r["player"] for r in rivals} == {"Ana"}
    assert {r["opponent"]: r["games"] for r in rivals} == {"Ben": 3, "Cy": 4, "Dee": 2}
    everyone = ladder_of(call(client, "get", "/api/ladders")[1], "custom-highest")["rivals"]
    back = next(r for r in everyone if r["player"] == "Cy" and r["opponent"] == "Ana")
    assert (back["ahead"], back["behind"], back["level"]) == (1, 2, 1)
    page = client.get("/stats?player=Ana").get_data(as_text=True)
    assert "against Cy: 2 ahead, 1 behind, 1 level" in text(page)


@pytest.mark.parametrize("query, field", [("game=chess", "game"), ("player=Zed", "player"),
                                          ("game=wizard&player=Ana", "player")])
def test_bad_filters_are_422_naming_the_field(either_app, query, field):
    client = either_app.test_client()
    play(client, *EVENING[0])
    status, body = call(client, "get", f"/api/ladders?{query}")
    assert status == 422 and body["field"] == field and body["error"], body


def test_a_rename_follows_and_another_browser_sees_no_ladder(either_app):
    client = either_app.test_client()
    for wins, scores in EVENING[:2]:
        play(client, wins, scores)
    assert call(client, "post", "/api/players/rename", {"name": "Ben", "new_name": "Benoît"})[0] == 200
    names = {r["name"] for r in ladder_of(call(client, "get", "/api/ladders")[1], "custom-highest")["ladder"]}
    assert names == {"Ana", "Benoît", "Cy"}
    other = either_app.test_client()
    assert call(other, "get", "/api/ladders")[1]["ladders"] == []
    assert json.loads(other.get("/export/bgstats.bgsplay").data)["plays"] == []


# The BG Stats play file, from the app's own descriptions: its page on sending plays to it
# (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/:
# playDate "YYYY-MM-DD HH:MM:SS", durationMin, comments; a game's name, highestWins,
# noPoints; a player's name, score, rank, winner, startPlayer) and a play file the app
# exported (https://pastebin.com/iDbHyBui: the games, players, locations and plays lists,
# each item's id and uuid, a play's gameRefId, locationRefId and playerScores[].playerRefId).
_REF = {"type": "integer", "minimum": 1}
_UUID = {"type": "string", "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"}
BGSTATS_SCHEMA = {
    "type": "object",
    "required": ["games", "players", "locations", "plays"],
    "properties": {
        "games": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "highestWins", "noPoints", "cooperative"],
            "properties": {"id": _REF, "uuid": _UUID, "name": {"type": "string", "minLength": 1},
                           "highestWins": {"type": "boolean"}, "noPoints": {"type": "boolean"},
                           "cooperative": {"type": "boolean"}, "usesTeams": {"type": "boolean"},
                           "bggId": {"type": "integer"}}}},
        "players": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "isAnonymous"],
            "properties": {"id": _REF, "uuid": _UUID, "name": {"type": "string", "minLength": 1},
                           "isAnonymous": {"type": "boolean"}}}},
        "locations": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name"],
            "properties": {"id": _REF, "uuid": _UUID, "name": {"type": "string"}}}},
        "plays": {"type": "array", "items": {
            "type": "object", "required": ["uuid", "playDate", "gameRefId", "playerScores"],
            "properties": {
                "uuid": _UUID, "gameRefId": _REF, "locationRefId": _REF,
                "playDate": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"},
                "durationMin": {"type": "integer", "minimum": 0}, "ignored": {"type": "boolean"},
                "usesTeams": {"type": "boolean"}, "manualWinner": {"type": "boolean"}, "comments": {"type": "string"},
                "playerScores": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "required": ["playerRefId", "score", "winner", "rank"],
                    "properties": {"playerRefId": _REF, "score": {"type": "string"}, "winner": {"type": "boolean"},
                                   "rank": {"type": "integer", "minimum": 1}, "seatOrder": {"type": "integer"},
                                   "startPlayer": {"type": "boolean"}, "newPlayer": {"type": "boolean"}}}}}}},
    },
}


def test_the_bg_stats_file_follows_the_format_and_says_each_play(either_app):
    client = either_app.test_client()
    keys = [play(client, wins, scores) for wins, scores in EVENING]
    assert call(client, "put", f"/api/games/{keys[1]}/note", {"note": "chez Marie"})[0] == 200
    resp = client.get("/export/bgstats.bgsplay")
    assert resp.status_code == 200 and "scribe.bgsplay" in resp.headers["Content-Disposition"]
    data = json.loads(resp.data)
    jsonschema.validate(data, BGSTATS_SCHEMA)
    games = {g["id"]: g for g in data["games"]}
    players = {p["id"]: p["name"] for p in data["players"]}
    locations = {loc["id"] for loc in data["locations"]}
    assert sorted(players.values()) == ["Ana", "Ben", "Cy", "Dee"]
    assert len(data["plays"]) == len(EVENING)
    for play_, (wins, scores) in zip(data["plays"], EVENING):  # in the order they finished
        assert play_["gameRefId"] in games and play_["locationRefId"] in locations
        assert games[play_["gameRefId"]]["highestWins"] is (wins == "highest")
        got = {players[s["playerRefId"]]: (int(s["score"]), s["rank"], s["winner"]) for s in play_["playerScores"]}
        placed = ranks(wins, scores)
        assert got == {p: (scores[p], placed[p], placed[p] == 1) for p in scores}
    assert [p["comments"] for p in data["plays"]] == ["", "chez Marie", "", "", ""]  # a game's note
    assert len({p["uuid"] for p in data["plays"]}) == len(EVENING)
    again = json.loads(client.get("/export/bgstats.bgsplay").data)
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"]]  # imported again: the same plays
