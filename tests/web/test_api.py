"""The JSON API: create with presets and options, record, correct, undo/redo, read,
and every refusal as {"error", "field"} with a 4xx and nothing saved."""

from __future__ import annotations

import pytest

PLAYERS = ["Paul", "Thomas", "Marie"]


def version(api, gid) -> int:
    return api("get", f"/api/games/{gid}/sheet")[1]["version"]


def history(api, gid) -> list[dict]:
    return api("get", f"/api/games/{gid}/history")[1]["entries"]


# --------------------------------------------------------------------------- create


@pytest.mark.parametrize("preset, last_bid, zero", [
    ("standard", "free", False), ("plus_minus_one", "never_even", False),
    ("leader", "leader_never_even", False), ("canadian", "leader_never_even", True),
])
def test_create_with_each_preset(api, preset, last_bid, zero):
    status, body = api("post", "/api/games", {"players": PLAYERS, "first_dealer": 0, "preset": preset})
    assert status == 201
    sheet = body["sheet"]
    assert sheet["rules"]["preset"] == preset and sheet["rules"]["last_bid"] == last_bid
    assert sheet["rules"]["zero_exception"] is zero
    assert sheet["round_count"] == 20 and sheet["phase"] == "bidding" and sheet["version"] == 0
    assert len(body["id"]) == 22 and body["name"] == "Paul · Thomas · Marie"


def test_create_with_options(api):
    status, body = api("post", "/api/games", {
        "players": ["A", "B", "C", "D"], "first_dealer": 3, "preset": "standard", "edition": "amigo",
        "name": "Unicolore night", "lang": "fr", "rules": {"unicolore": True, "rounds": 6}})
    assert status == 201
    sheet = body["sheet"]
    assert body["name"] == "Unicolore night" and body["lang"] == "fr"
    assert sheet["card_names"] == {"wizard": "Zarbi", "jester": "Naze"}
    assert sheet["round_count"] == 6 and [r["cards"] for r in sheet["rounds"]] == [4, 5, 6, 7, 8, 9]  # W-U2
    assert not any(r["has_trump"] for r in sheet["rounds"])  # W-U1
    assert sheet["rounds"][0]["dealer"] == 3 and sheet["rounds"][0]["order"] == [0, 1, 2, 3]
    # the rule switches one by one make a custom set
    status, body = api("post", "/api/games", {"players": PLAYERS, "first_dealer": 1,
                                              "rules": {"last_bid": "leader_never_even", "leader_ties": True}})
    assert status == 201 and body["sheet"]["rules"]["leader_ties"] is True
    # a random first dealer is one of the players
    status, body = api("post", "/api/games", {"players": PLAYERS, "first_dealer": "random"})
    assert status == 201 and body["sheet"]["first_dealer"] in (0, 1, 2)


def test_games_list_and_read(api, new_game):
    a = new_game()
    b = new_game(players=("X", "Y", "Z", "W"))
    status, body = api("get", "/api/games")
    assert status == 200 and {g["key"] for g in body["games"]} == {a, b}
    status, body = api("get", f"/api/games/{b}")
    assert status == 200 and body["sheet"]["players"] == ["X", "Y", "Z", "W"] and body["sheet"]["round_count"] == 15


# --------------------------------------------------------------------------- seed 000


def test_seed_000_worked_example_through_the_api(api, new_game):
    """W-S4: Paul, Thomas, Marie; totals 20/-10/30 then 10/10/20."""
    gid = new_game()  # Marie deals first, Paul bids first, ±1
    assert api("post", f"/api/games/{gid}/trump", {"round": 1, "card": "red"})[0] == 200
    for player, value in ((0, 0), (1, 1)):
        status, body = api("post", f"/api/games/{gid}/bids", {"round": 1, "player": player, "bid": value})
        assert status == 200
    forbidden = body["sheet"]["forbidden_bid"]
    assert forbidden["player"] == 2 and forbidden["value"] == 0 and forbidden["rule"] == "W-B3"
    assert "Marie may not bid 0" in forbidden["message"]
    assert api("post", f"/api/games/{gid}/bids", {"round": 1, "player": 2, "bid": 1})[0] == 200
    status, body = api("post", f"/api/games/{gid}/tricks", {"round": 1, "tricks": [0, None, 1]})
    assert status == 200 and body["sheet"]["rounds"][0]["tricks"] == [0, 0, 1]
    assert body["sheet"]["totals"] == [20, -10, 30] and body["sheet"]["leaders"] == [2]

    for player, value in ((1, 0), (2, 2), (0, 2)):
        assert api("post", f"/api/games/{gid}/bids", {"round": 2, "player": player, "bid": value})[0] == 200
    status, body = api("post", f"/api/games/{gid}/tricks", {"round": 2, "tricks": [1, 0, 1]})
    assert status == 200 and body["sheet"]["totals"] == [10, 10, 20]
    assert [r["totals"] for r in body["sheet"]["rounds"][:2]] == [[20, -10, 30], [10, 10, 20]]
    assert body["sheet"]["current_round"] == 3 and body["sheet"]["next_bidder"] == 2


# --------------------------------------------------------------------------- actions


def test_trump_jester_wizard_and_the_dealers_pick(api, new_game):
    gid = new_game()
    status, body = api("post", f"/api/games/{gid}/trump", {"card": "jester"})
    assert status == 200 and body["sheet"]["rounds"][0]["trump"] == {"card": "jester", "suit": None}
    status, body = api("post", f"/api/games/{gid}/trump", {"card": "wizard"})
    assert status == 200 and body["sheet"]["rounds"][0]["trump"] == {"card": "wizard", "suit": None}
    status, body = api("post", f"/api/games/{gid}/trump", {"card": "wizard", "suit": "green"})
    assert status == 200 and body["sheet"]["rounds"][0]["trump"] == {"card": "wizard", "suit": "green"}


def test_no_trump_in_the_last_round(api, new_game):
    """W-R4: with 3 players round 20 deals all 60 cards."""
    gid = new_game(preset="standard", rules={"rounds": None})
    sheet = api("get", f"/api/games/{gid}/sheet")[1]
    assert sheet["rounds"][-1]["has_trump"] is False and sheet["rounds"][-2]["has_trump"] is True
    for number in range(1, 20):
        for _ in range(3):
            assert api("post", f"/api/games/{gid}/bids", {"bid": 0})[0] == 200
        assert api("post", f"/api/games/{gid}/tricks", {"tricks": [number, 0, None]})[0] == 200
    before = version(api, gid)
    status, body = api("post", f"/api/games/{gid}/trump", {"round": 20, "card": "blue"})
    assert status == 422 and body["field"] == "trump" and "no trump this round" in body["error"]
    assert version(api, gid) == before


def test_corrections_undo_redo_and_history(api, new_game):
    gid = new_game()
    for value in (0, 1, 1):
        api("post", f"/api/games/{gid}/bids", {"bid": value})
    api("post", f"/api/games/{gid}/tricks", {"tricks": [0, 0, 1]})
    for value in (0, 2, 2):
        api("post", f"/api/games/{gid}/bids", {"bid": value})
    api("post", f"/api/games/{gid}/tricks", {"tricks": [1, 0, 1]})
    v = version(api, gid)
    status, body = api("post", f"/api/games/{gid}/rounds/1/correction",
                       {"bids": [0, 1, 1], "tricks": [0, 1, 0], "version": v})
    assert status == 200 and body["version"] == v + 1
    rows = body["sheet"]["rounds"]
    assert rows[0]["totals"] == [20, 30, -10] and rows[0]["corrected"] is True
    assert rows[1]["totals"] == [10, 50, -20] and rows[1]["corrected"] is False

    status, body = api("post", f"/api/games/{gid}/undo", {"version": v + 1})
    assert status == 200 and body["sheet"]["totals"] == [10, 10, 20] and body["sheet"]["can_redo"] is True
    status, body = api("post", f"/api/games/{gid}/redo")
    assert status == 200 and body["sheet"]["totals"] == [10, 50, -20]
    status, body = api("post", f"/api/games/{gid}/undo")
    entries = history(api, gid)
    assert [e["kind"] for e in entries[-4:]] == ["correction", "undo", "redo", "undo"]
    assert entries[-4]["undone"] is True and entries[-4]["data"]["tricks"] == [0, 1, 0]
    assert all(not e["undone"] for e in entries[:-4])


def test_rename_delete_restore(api, new_game):
    gid = new_game()
    status, body = api("patch", f"/api/games/{gid}", {"name": "Renamed"})
    assert status == 200 and body["name"] == "Renamed"
    status, body = api("patch", f"/api/games/{gid}", {"name": "x" * 61})
    assert status == 422 and body["field"] == "name"
    status, body = api("patch", f"/api/games/{gid}", {"name": ["x"]})
    assert status == 422 and body["field"] == "name"
    assert api("get", f"/api/games/{gid}")[1]["name"] == "Renamed"
    assert api("delete", f"/api/games/{gid}")[0] == 204
    status, body = api("get", f"/api/games/{gid}")
    assert status == 404 and body["field"] == "key"
    assert api("get", "/api/games")[1]["games"] == []
    status, body = api("post", f"/api/games/{gid}/restore")
    assert status == 200 and body["deleted"] is False and body["name"] == "Renamed"


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("body, field", [
    ({"players": ["A", "B"]}, "players"),
    ({"players": list("ABCDEFG")}, "players"),
    ({"players": ["A", "a", "C"]}, "players.1"),
    ({"players": ["A", "", "C"]}, "players.1"),
    ({"players": ["A", "B", "x" * 200]}, "players.2"),
    ({"players": ["A", "B", 3]}, "players.2"),
    ({"players": "ABC"}, "players"),
    ({}, "players"),
    ({"players": PLAYERS, "first_dealer": 3}, "first_dealer"),
    ({"players": PLAYERS, "first_dealer": -1}, "first_dealer"),
    ({"players": PLAYERS, "first_dealer": 1.5}, "first_dealer"),
    ({"players": PLAYERS, "first_dealer": "abc"}, "first_dealer"),
    ({"players": PLAYERS, "first_dealer": 10**30}, "first_dealer"),
    ({"players": PLAYERS, "first_dealer": True}, "first_dealer"),
    ({"players": PLAYERS, "preset": "bogus"}, "preset"),
    ({"players": PLAYERS, "preset": ["standard"]}, "preset"),
    ({"players": PLAYERS, "edition": "bogus"}, "edition"),
    ({"players": PLAYERS, "edition": None}, "edition"),
    ({"players": PLAYERS, "game": "chess"}, "game"),
    ({"players": PLAYERS, "game": ["wizard"]}, "game"),
    ({"players": PLAYERS, "lang": "zz"}, "lang"),
    ({"players": PLAYERS, "lang": ["fr"]}, "lang"),
    ({"players": PLAYERS, "name": "n" * 61}, "name"),
    ({"players": PLAYERS, "name": {"a": 1}}, "name"),
    ({"players": PLAYERS, "rules": "x"}, "rules"),
    ({"players": PLAYERS, "rules": {"bogus": True}}, "rules.bogus"),
    ({"players": PLAYERS, "rules": {"reveal": ["hidden"]}}, "reveal"),
    ({"players": PLAYERS, "rules": {"reveal": "shouted"}}, "reveal"),
    ({"players": PLAYERS, "rules": {"last_bid": "never"}}, "last_bid"),
    ({"players": PLAYERS, "rules": {"zero_exception": "maybe"}}, "zero_exception"),
    ({"players": PLAYERS, "rules": {"rounds": 0}}, "rounds"),
    ({"players": PLAYERS, "rules": {"rounds": 21}}, "rounds"),
    ({"players": PLAYERS, "rules": {"rounds": "abc"}}, "rounds"),
    ({"players": PLAYERS, "rules": {"rounds": 1.5}}, "rounds"),
    ({"players": PLAYERS, "rules": {"rounds": 10**30}}, "rounds"),
    ({"players": list("ABCDE"), "rules": {"unicolore": True}}, "unicolore"),
])
def test_bad_create_is_422_with_the_field_and_nothing_created(api, body, field):
    status, answer = api("post", "/api/games", body)
    assert status == 422 and answer["field"] == field and answer["error"], answer
    assert api("get", "/api/games")[1]["games"] == []


def test_bad_actions_are_refused_and_nothing_saved(api, new_game):
    gid = new_game()
    assert api("post", f"/api/games/{gid}/bids", {"bid": 0})[0] == 200
    assert api("post", f"/api/games/{gid}/bids", {"bid": 1})[0] == 200
    before = version(api, gid)
    cases = [
        ("bids", {"bid": "abc"}, "bid"), ("bids", {"bid": "1.5"}, "bid"), ("bids", {"bid": 1.5}, "bid"),
        ("bids", {"bid": ""}, "bid"), ("bids", {"bid": None}, "bid"), ("bids", {"bid": True}, "bid"),
        ("bids", {"bid": 10**30}, "bid"), ("bids", {"bid": -1}, "bid"), ("bids", {"bid": 2}, "bid"),
        ("bids", {"bid": 0}, "bid"),  # W-B3: Marie may not make it even
        ("bids", {"bid": 1, "player": 0}, "bid"),  # Paul already bid
        ("bids", {"bid": 1, "player": 7}, "player"),
        ("bids", {"bid": 1, "player": "x"}, "player"),
        ("bids", {"bid": 1, "round": 2}, "round"),
        ("bids", {"bid": 1, "round": [1]}, "round"),
        ("tricks", {"tricks": [1, 0, 0]}, "tricks"),  # before the bids are in
        ("trump", {"card": "purple"}, "trump"),
        ("trump", {"card": {"a": 1}}, "trump"),
        ("trump", {"card": "wizard", "suit": "purple"}, "suit"),
        ("trump", {"card": "wizard", "suit": ["red"]}, "suit"),
        ("rounds/1/correction", {"bids": [0, 1, 1]}, "round"),  # bids not complete yet
        ("rounds/2/correction", {"bids": [0, 0, 0]}, "round"),
        ("rounds/99/correction", {"bids": [0, 0, 0]}, "round"),
        ("redo", {}, "redo"),
        ("bids", {"bid": 1, "version": "abc"}, "version"),
        ("bids", {"bid": 1, "version": 1.5}, "version"),
    ]
    for path, body, field in cases:
        status, answer = api("post", f"/api/games/{gid}/{path}", body)
        assert status == 422 and answer["field"] == field and answer["error"], (path, body, answer)
    assert version(api, gid) == before
    assert len(history(api, gid)) == before

    assert api("post", f"/api/games/{gid}/bids", {"bid": 1})[0] == 200
    before = version(api, gid)
    cases = [
        ("bids", {"bid": 0}, "bid"),  # all bids are in
        ("tricks", {"tricks": [1, 1, 1]}, "tricks"),
        ("tricks", {"tricks": [1, 0]}, "tricks"),
        ("tricks", {"tricks": "1,0,0"}, "tricks"),
        ("tricks", {"tricks": [None, None, 1]}, "tricks.0"),
        ("tricks", {"tricks": ["abc", 0, None]}, "tricks.0"),
        ("tricks", {"tricks": [1.5, 0, None]}, "tricks.0"),
        ("tricks", {"tricks": [10**30, 0, None]}, "tricks.0"),
        ("tricks", {"tricks": [-1, 1, 1]}, "tricks.0"),
        ("trump", {"card": "red"}, "trump"),  # too late: bids complete
        ("rounds/1/correction", {"bids": [0, 1]}, "bids"),
        ("rounds/1/correction", {"bids": [0, 1, 0]}, "bids.2"),  # W-B3 again
        ("rounds/1/correction", {"bids": [0, 1, 1], "tricks": [1, 0, 0]}, "tricks"),  # no tricks yet
    ]
    for path, body, field in cases:
        status, answer = api("post", f"/api/games/{gid}/{path}", body)
        assert status == 422 and answer["field"] == field, (path, body, answer)
    assert version(api, gid) == before


def test_api_stale_version_is_409_and_nothing_saved(api, new_game):
    gid = new_game()
    assert api("post", f"/api/games/{gid}/bids", {"bid": 0, "version": 0})[0] == 200
    status, body = api("post", f"/api/games/{gid}/bids", {"bid": 0, "version": 0})  # the double tap
    assert status == 409 and body["field"] == "version" and body["version"] == 1
    status, body = api("post", f"/api/games/{gid}/bids", {"bid": 0, "version": 10**30})
    assert status == 409
    assert [e["seq"] for e in history(api, gid)] == [1]


def test_unknown_game_is_404_json_everywhere(api):
    for method, path in [("get", "/api/games/nope"), ("get", "/api/games/nope/sheet"),
                         ("get", "/api/games/nope/history"), ("patch", "/api/games/nope"),
                         ("delete", "/api/games/nope"), ("post", "/api/games/nope/restore"),
                         ("post", "/api/games/nope/bids"), ("post", "/api/games/nope/trump"),
                         ("post", "/api/games/nope/tricks"), ("post", "/api/games/nope/undo"),
                         ("post", "/api/games/nope/redo"), ("post", "/api/games/nope/rounds/1/correction")]:
        status, body = api(method, path, {"name": "x", "bid": 0} if method in ("post", "patch") else None)
        assert status == 404 and set(body) >= {"error", "field"}, (method, path, body)
