"""Points-per-round games through the JSON API: create (P-S1..P-S3), rounds (P-1, P-S1),
the end (P-2, P-3), corrections, undo/redo, history; refusals are 4xx {"error", "field"}
and save nothing. Every answer is checked against the OpenAPI document (tests/conftest.py)."""

from __future__ import annotations

import pytest

THREE = ["Ana", "Ben", "Cy"]


@pytest.fixture
def points(api):
    def make(players=THREE, preset="skyjo", **extra):
        status, data = api("post", "/api/games", {"game": "points", "players": list(players), "preset": preset,
                                                  **extra})
        assert status == 201, data
        return data["key"]

    return make


def round_(api, key, pts, closer=None, **extra):
    return api("post", f"/api/games/{key}/actions/round", {"points": pts, "closer": closer, **extra})


def done(api, key, pts, closer=None) -> dict:
    status, data = round_(api, key, pts, closer)
    assert status == 200, data
    return data["sheet"]


def state(api, key) -> tuple[int, int]:
    sheet = api("get", f"/api/games/{key}/sheet")[1]
    return sheet["version"], len(api("get", f"/api/games/{key}/history")[1]["entries"])


def refused(api, key, call, field, words="", status=422):
    before = state(api, key)
    code, body = call()
    assert code == status, (code, body)
    assert body["field"] == field and words in body["error"], body
    assert state(api, key) == before


def test_create_each_preset(api, points):
    for preset, target in (("skyjo", 100), ("six", 66)):
        s = api("get", f"/api/games/{points(preset=preset)}")[1]
        assert s["game"] == "points" and s["sheet"]["target"] == target and s["sheet"]["phase"] == "playing"
    key = points(preset="custom", rounds=3, wins="highest", title="Rummy")
    s = api("get", f"/api/games/{key}/sheet")[1]
    assert (s["rounds_to_play"], s["wins"], s["title"], s["target"]) == (3, "highest", "Rummy", None)


@pytest.mark.parametrize("body, field", [
    ({"players": ["Ana"]}, "players"),
    ({"players": THREE, "preset": "custom"}, "target"),
    ({"players": THREE, "preset": "custom", "target": 10, "wins": "most"}, "wins"),
    ({"players": THREE, "preset": "skyjo", "target": 50}, "target"),
    ({"players": THREE, "preset": "six", "double_always": True}, "double_always"),
    ({"players": THREE, "preset": "whist"}, "preset"),
    ({"players": "Ana", "preset": "skyjo"}, "players"),
])
def test_p_s_create_refusals(api, body, field):
    status, data = api("post", "/api/games", {"game": "points", **body})
    assert status == 422 and data["field"] == field, data
    assert api("get", "/api/games")[1]["games"] == []


def test_p_1_p_s1_rounds_and_the_closer(api, points):
    key = points()
    done(api, key, [10, 4, 12], 0)
    s = done(api, key, [-2, 5, 5], 1)
    assert [r["counted"] for r in s["rounds"]] == [[20, 4, 12], [-2, 10, 5]]
    assert s["totals"] == [18, 14, 17] and s["leaders"] == [1] and s["rounds"][1]["doubled"]
    assert s["standings"][0] == {"rank": 1, "player": 1, "name": "Ben", "total": 14, "change": 10}  # the last round doubled (P-S1)


@pytest.mark.parametrize("pts, closer, field", [
    ([1, 2.5, 3], 0, "points.1"), ([1, 2], 0, "points"), ([1, 2, 99999], 0, "points.2"),
    ([1, 2, None], 0, "points.2"), ([1, 2, 3], None, "closer"), ([1, 2, 3], 3, "closer"), ([1, 2, 3], "x", "closer"),
    ({"a": 1}, 0, "points"),
])
def test_p_1_round_refusals_save_nothing(api, points, pts, closer, field):
    key = points()
    refused(api, key, lambda: round_(api, key, pts, closer), field)


def test_p_2_p_3_game_ends_and_refuses_more(api, points):
    key = points(preset="six")
    done(api, key, [30, 10, 20])
    s = done(api, key, [36, 10, 20])
    assert s["finished"] and s["phase"] == "finished" and s["winners"] == [1] and s["ended_at"] == 2
    refused(api, key, lambda: round_(api, key, [1, 2, 3]), "round", "over")
    games = api("get", "/api/games")[1]["games"]
    assert games[0]["summary"]["phase"] == "finished" and games[0]["summary"]["leaders"] == ["Ben"]


def test_correction_undo_redo_and_stale(api, points):
    key = points()
    done(api, key, [10, 4, 12], 0)
    status, data = api("post", f"/api/games/{key}/rounds/1/correction", {"points": [3, 4, 12], "closer": 0,
                                                                           "version": 1})
    assert status == 200 and data["sheet"]["totals"] == [3, 4, 12] and data["sheet"]["rounds"][0]["corrected"]
    same = api("post", f"/api/games/{key}/rounds/1/correction", {"points": [3, 4, 12], "closer": 0})
    assert same[0] == 200 and same[1]["unchanged"] and same[1]["version"] == 2  # sent again: nothing recorded
    refused(api, key, lambda: api("post", f"/api/games/{key}/rounds/9/correction",
                                  {"points": [3, 4, 12], "closer": 0}), "round")
    refused(api, key, lambda: api("post", f"/api/games/{key}/actions/round",
                                  {"points": [1, 2, 3], "closer": 0, "version": 0}), "version", status=409)
    assert api("post", f"/api/games/{key}/undo", {})[1]["sheet"]["totals"] == [20, 4, 12]
    assert api("post", f"/api/games/{key}/redo", {})[1]["sheet"]["totals"] == [3, 4, 12]
    kinds = [e["kind"] for e in api("get", f"/api/games/{key}/history")[1]["entries"]]
    assert kinds == ["round", "correction", "undo", "redo"]


def test_unknown_action_is_404(api, points):
    key = points()
    assert api("post", f"/api/games/{key}/actions/damage", {"player": 0})[0] == 404
