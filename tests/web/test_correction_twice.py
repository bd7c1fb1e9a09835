"""Issue 31 item 5: a correction sent again (a double tap, a retry, or one equal to what
the round records) is answered as done, with the sheet as it stands, and records nothing:
never a 422 (nor a 409 from the page's version, which the first correction moved on)."""

from __future__ import annotations

import pytest

# Every game with corrections: how to make it, its first round (path under the game, body),
# and a correction of round 1
GAMES = {
    "points": ({"game": "points", "players": ["Ana", "Ben", "Cy"], "preset": "custom", "rounds": 5},
               [("actions/round", {"points": [5, 7, 9]})], {"points": [6, 7, 9]}),
    "tarot": ({"game": "tarot", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0},
              [("actions/deal", {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49})],
              {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 50}),
    "wizard": ({"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "plus_minus_one"},
               [("trump", {"round": 1, "card": "red"}), ("bids", {"round": 1, "player": 0, "bid": 0}),
                ("bids", {"round": 1, "player": 1, "bid": 1}), ("bids", {"round": 1, "player": 2, "bid": 1}),
                ("tricks", {"round": 1, "tricks": [0, 0, 1]})],
               {"bids": [0, 1, 1], "tricks": [1, 0, 0]}),
    "skull_king": ({"game": "skull_king", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0},
                   [("actions/bids", {"bids": [1, 0, 0, 0]}), ("actions/tricks", {"tricks": [1, 0, 0, 0]})],
                   {"tricks": [0, 1, 0, 0]}),
    "zibi": ({"game": "zibi", "players": ["Ana", "Ben", "Cy", "Dee"], "expert": False},
             [("actions/result", {"clans": list("ABAB"), "eliminated": [True, False, True, False]})],
             {"clans": list("ABAB"), "eliminated": [True, True, True, False]}),
}


def _new(api, name):
    new, entries, correction = GAMES[name]
    status, body = api("post", "/api/games", new)
    assert status == 201, body
    key = body["key"]
    for path, fields in entries:
        status, body = api("post", f"/api/games/{key}/{path}", fields)
        assert status == 200, (path, body)
    return key, correction


def _history(api, key):
    return [e["kind"] for e in api("get", f"/api/games/{key}/history")[1]["entries"]]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("with_version", [False, True])
def test_api_a_correction_sent_twice_answers_the_sheet_both_times_and_records_once(api, name, with_version):
    key, correction = _new(api, name)
    body = {**correction, "version": len(GAMES[name][1])} if with_version else correction
    first = api("post", f"/api/games/{key}/rounds/1/correction", body)
    again = api("post", f"/api/games/{key}/rounds/1/correction", body)
    assert first[0] == 200 and "unchanged" not in first[1], first
    assert again[0] == 200 and again[1]["unchanged"] is True, again
    v = first[1]["version"]
    assert again[1]["sheet"] == first[1]["sheet"] and again[1]["version"] == v == len(GAMES[name][1]) + 1
    assert _history(api, key).count("correction") == 1


@pytest.mark.parametrize("name", GAMES)
def test_api_a_correction_equal_to_the_round_records_nothing(api, name):
    key, _correction = _new(api, name)
    _new_game, entries, _c = GAMES[name]
    recorded = api("get", f"/api/games/{key}/sheet")[1]
    same = {k: v for k, v in entries[-1][1].items() if k != "round"}
    if name == "wizard":
        same = {"bids": [0, 1, 1], "tricks": [0, 0, 1]}
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", same)
    assert status == 200 and body["unchanged"] is True and body["sheet"] == recorded, body
    assert "correction" not in _history(api, key)


def test_api_a_stale_correction_that_changes_something_is_still_refused(api):
    key, correction = _new(api, "points")
    assert api("post", f"/api/games/{key}/rounds/1/correction", {**correction, "version": 1})[0] == 200
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"points": [1, 2, 3], "version": 1})
    assert status == 409, body


def test_api_minimal_answer_says_unchanged_too(client, api):
    key, correction = _new(api, "points")
    api("post", f"/api/games/{key}/rounds/1/correction", correction)
    resp = client.post(f"/api/games/{key}/rounds/1/correction", json=correction,
                       headers={"Prefer": "return=minimal"})
    assert resp.status_code == 200 and resp.get_json()["unchanged"] is True
    assert resp.get_json()["sheet"]["rounds"] == []  # no round changed


@pytest.mark.parametrize("htmx", [False, True])
def test_page_the_correction_form_submitted_twice_shows_the_sheet_both_times(client, api, htmx):
    """A points game's correction form, sent twice with the version the page showed."""
    key, _correction = _new(api, "points")
    form = {"version": "1", "points.0": "6", "points.1": "7", "points.2": "9"}
    headers = {"HX-Request": "true"} if htmx else {}
    first = client.post(f"/games/{key}/rounds/1", data=form, headers=headers)
    again = client.post(f"/games/{key}/rounds/1", data=form, headers=headers)
    assert first.status_code == 303, first.get_data(as_text=True)[:2000]
    assert (again.status_code, again.headers.get("Location")) == (first.status_code, first.headers.get("Location"))
    assert _history(api, key).count("correction") == 1
    assert api("get", f"/api/games/{key}/sheet")[1]["rounds"][0]["points"] == [6, 7, 9]
