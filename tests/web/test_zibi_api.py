"""Witty Zibi through the JSON API: create (Z-M1, Z-C1), the damage tracker (Z-D1..Z-D3),
results (Z-E1, Z-S1, Z-S2), corrections, undo/redo, history; refusals are 4xx
{"error", "field"} and save nothing."""

from __future__ import annotations

import pytest

FOUR = ["Ana", "Ben", "Cy", "Dee"]


@pytest.fixture
def zibi(api):
    def make(players=FOUR, mode=None, expert=False, **extra):
        body = {"game": "zibi", "players": list(players), "expert": expert, **extra}
        if mode is not None:
            body["mode"] = mode
        status, data = api("post", "/api/games", body)
        assert status == 201, data
        return data["key"]

    return make


def act(api, gid, kind, **body):
    return api("post", f"/api/games/{gid}/actions/{kind}", body)


def done(api, gid, kind, **body) -> dict:
    status, data = act(api, gid, kind, **body)
    assert status == 200, data
    return data["sheet"]


def hit(api, gid, player, *amounts) -> dict:
    s = None
    for a in amounts:
        s = done(api, gid, "damage", player=player, amount=a)
    return s


def state(api, gid) -> tuple[int, int]:
    """(version, history length): neither moves when an action is refused."""
    sheet = api("get", f"/api/games/{gid}/sheet")[1]
    return sheet["version"], len(api("get", f"/api/games/{gid}/history")[1]["entries"])


def refused(api, gid, call, field, words="", status=422):
    before = state(api, gid)
    code, body = call()
    assert code == status, (code, body)
    assert set(body) >= {"error", "field"} and body["field"] == field, body
    assert words in body["error"], body["error"]
    assert state(api, gid) == before
    return body


# --------------------------------------------------------------------------- create


@pytest.mark.parametrize("count, mode, sizes", [
    (4, None, [2, 2]), (5, None, [2, 2, 1]), (6, None, [3, 3]), (7, None, [4, 3]), (8, None, [4, 4]),
    (9, None, [3, 3, 3]), (6, "three", [2, 2, 2]), (8, "three", [3, 3, 2]), (5, "alone", [2, 2, 1]),
    (7, "one_more", [4, 3]), (6, "two", [3, 3]),
])
def test_create_each_count_and_mode(api, zibi, count, mode, sizes):
    gid = zibi([f"P{i}" for i in range(count)], mode, expert=count % 2 == 0)
    status, body = api("get", f"/api/games/{gid}")
    s = body["sheet"]
    assert status == 200 and body["game"] == "zibi" and body["summary"]["round"] == 1
    assert s["clan_sizes"] == sizes and s["expert"] is (count % 2 == 0) and s["current_round"] == 1
    assert s["clan_splits"] == ([[2, 2], [3, 1]] if count == 4 else [sizes])  # Z-C1: 2 tokens unseen at 4
    assert s["rounds"] == [] and s["totals"] == [0] * count and s["leaders"] == []
    assert s["tracker"] == {"damage": [0] * count, "eliminated": [False] * count, "piles": [[]] * count,
                            "clans": [None] * count, "set_aside": None, "round_over": False, "winner": None,
                            "maybe_out": []}


@pytest.mark.parametrize("body, field, words", [
    ({"players": ["A", "B", "C"]}, "players", "you named 3"),
    ({"players": [f"P{i}" for i in range(10)]}, "players", "you named 10"),
    ({"players": ["A", "B", "C", "D", "E"], "mode": "two"}, "mode", "even number"),
    ({"players": ["A", "B", "C", "D"], "mode": "three"}, "mode", "at least 6"),
    ({"players": ["A", "B", "C", "D", "E", "F"], "mode": "alone"}, "mode", "exactly 5"),
    ({"players": ["A", "B", "C", "D", "E", "F"], "mode": "one_more"}, "mode", "exactly 7"),
    ({"players": ["A", "B", "C", "D"], "mode": "clans"}, "mode", "Unknown clan mode"),
    ({"players": ["A", "B", "C", "D"], "mode": 2}, "mode", "Unknown clan mode"),
    ({"players": ["Ana", "Ben", " ANA ", "D"]}, "players.2", "Two players are called ANA"),
    ({"players": ["Ana", "", "Cy", "D"]}, "players.1", "Player 2 needs a name"),
    ({"players": ["Ana", "   ", "Cy", "D"]}, "players.1", "Player 2 needs a name"),
    ({"players": ["Ana", "B" * 200, "Cy", "D"]}, "players.1", "at most 30"),
    ({"players": ["Ana", 7, "Cy", "D"]}, "players.1", "must be text"),
    ({"players": "Ana, Ben, Cy, Dee"}, "players", "must be a list"),
    ({"players": ["A", "B", "C", "D"], "expert": "maybe"}, "expert", "yes or no"),
])
def test_bad_create_is_422_with_the_field_and_nothing_created(api, body, field, words):
    code, data = api("post", "/api/games", {"game": "zibi", **body})
    assert code == 422 and data["field"] == field and words in data["error"], data
    assert api("get", "/api/games")[1]["games"] == []


def test_html_in_names_is_kept_as_text(api, zibi):
    gid = zibi(["<script>x</script>", "Ben", "Cy", "Dee"])
    assert api("get", f"/api/games/{gid}")[1]["sheet"]["players"][0] == "<script>x</script>"


# --------------------------------------------------------------------------- results and points


def test_z_e1_z_s1_winner_worked_out_points_totals_and_leaders(api, zibi):
    gid = zibi()
    s = done(api, gid, "result", clans=list("ABAB"), eliminated=[True, True, True, False])
    r = s["rounds"][0]
    assert r["winner"] == "B" and r["points"] == [0, 2, 0, 3] and r["totals"] == [0, 2, 0, 3]
    assert r["leaders"] == [3] and s["leaders"] == [3] and s["current_round"] == 2
    s = done(api, gid, "result", clans=list("AABB"), eliminated=[False, True, True, True])
    assert s["rounds"][1]["points"] == [3, 2, 0, 0] and s["totals"] == [3, 4, 0, 3]
    assert s["rounds"][1]["leaders"] == [1] and [x["name"] for x in s["standings"]] == ["Ben", "Ana", "Dee", "Cy"]
    s = done(api, gid, "result", clans=list("ABBA"), eliminated=[True, False, True, True], winner="B")
    assert s["rounds"][2]["points"] == [0, 3, 2, 0] and s["totals"] == [3, 7, 2, 3] and s["leaders"] == [1]
    summary = api("get", f"/api/games/{gid}")[1]["summary"]
    assert summary["round"] == 4 and summary["leaders"] == ["Ben"]


@pytest.mark.parametrize("winner", [None, "", "none"])
def test_z_e1_cards_ran_out_nobody_scores(api, zibi, winner):
    gid = zibi()
    s = done(api, gid, "result", clans=list("ABAB"), eliminated=[True, False, False, False], winner=winner)
    assert s["rounds"][0]["winner"] is None and s["rounds"][0]["points"] == [0, 0, 0, 0]


def test_z_s2_un_tout_seul(api, zibi):
    gid = zibi(["A1", "A2", "B1", "B2", "Solo"], "alone")
    s = done(api, gid, "result", clans=list("AABBC"), eliminated=[True, True, False, False, False])
    assert s["rounds"][0]["points"] == [0, 0, 3, 3, 4]
    s = done(api, gid, "result", clans=list("AABBC"), eliminated=[True, False, True, True, True])
    assert s["rounds"][1]["points"] == [2, 3, 0, 0, 0]
    # the lone player's elimination alone does not end the round: no winner yet
    code, body = act(api, gid, "result", clans=list("AABBC"), eliminated=[False, False, False, False, True],
                     winner="A")
    assert code == 422 and body["field"] == "winner"


def test_three_clans_and_un_de_plus(api, zibi):
    gid = zibi([f"P{i}" for i in range(6)], "three")
    s = done(api, gid, "result", clans=list("AABBCC"), eliminated=[True, True, False, True, True, True])
    assert s["rounds"][0]["winner"] == "B" and s["rounds"][0]["points"] == [0, 0, 3, 2, 0, 0]
    gid = zibi([f"P{i}" for i in range(7)], "one_more")
    s = done(api, gid, "result", clans=list("AAAABBB"), eliminated=[False, True, False, False, True, True, True])
    assert s["rounds"][0]["points"] == [3, 2, 3, 3, 0, 0, 0]


@pytest.mark.parametrize("body, field, words", [
    ({"clans": list("ABAB"), "eliminated": [True, False, True, False], "winner": "A"}, "winner",
     "Clan A cannot have won: all its players are eliminated"),
    ({"clans": list("ABAB"), "eliminated": [True, False, False, False], "winner": "A"}, "winner",
     "Clan A cannot have won: clan B still has a player in the game"),
    ({"clans": list("ABAB"), "eliminated": [False, False, False, False], "winner": "B"}, "winner",
     "Clan B cannot have won: clan A still has a player"),
    ({"clans": list("ABAB"), "eliminated": [True, False, True, False], "winner": "C"}, "winner",
     "No player is in clan C"),
    ({"clans": list("ABAB"), "eliminated": [True, False, True, False], "winner": None}, "winner",
     "Clan A is all out, so the round ended with a winner: clan B"),
    ({"clans": list("AAAA"), "eliminated": [True, True, True, False]}, "clans", "2+2 / 3+1 players, not 4"),
    ({"clans": list("ABC"), "eliminated": [True, True, True, False]}, "clans", "every player"),
    ({"clans": ["A", "B", "C", "A"], "eliminated": [True, True, True, False]}, "clans.2", "clan of Cy"),
    ({"clans": ["A", "B", None, "A"], "eliminated": [True, True, True, False]}, "clans.2", "clan of Cy"),
    ({"clans": "ABAB", "eliminated": [True, True, True, False]}, "clans", "every player"),
    ({"clans": list("ABAB"), "eliminated": [True, True, True, True]}, "eliminated", "Not every clan"),
    ({"clans": list("ABAB"), "eliminated": [True, True]}, "eliminated", "every player"),
    ({"clans": list("ABAB"), "eliminated": [True, "perhaps", True, False]}, "eliminated.1", "yes or no"),
    ({}, "clans", "every player"),
])
def test_bad_results_are_refused_with_the_field_nothing_saved(api, zibi, body, field, words):
    gid = zibi()
    hit(api, gid, 0, 10)
    refused(api, gid, lambda: act(api, gid, "result", **body), field, words)


def test_three_clans_two_clans_surviving_with_a_winner_declared(api, zibi):
    gid = zibi([f"P{i}" for i in range(6)], "three")
    refused(api, gid, lambda: act(api, gid, "result", clans=list("AABBCC"),
                                  eliminated=[True, True, False, True, False, True], winner="B"),
            "winner", "Clan B cannot have won: clan C still has a player")
    refused(api, gid, lambda: act(api, gid, "result", clans=list("AABBCC"), eliminated=[True] * 6),
            "eliminated", "the round ends when two whole clans are")


# --------------------------------------------------------------------------- damage tracker


def test_z_d1_z_d2_damage_heal_and_elimination_strictly_above_100(api, zibi):
    gid = zibi()
    s = hit(api, gid, 1, 30, 30, 30, 10)
    assert s["tracker"]["damage"][1] == 100 and s["tracker"]["eliminated"][1] is False  # 100: alive
    s = done(api, gid, "heal", player=1)
    assert s["tracker"]["piles"][1] == [30, 30, 30]
    s = hit(api, gid, 1, 20)
    assert s["tracker"]["damage"][1] == 110 and s["tracker"]["eliminated"] == [False, True, False, False]
    refused(api, gid, lambda: act(api, gid, "damage", player=1, amount=10), "player",
            "Ben is eliminated and takes no more cards this round")
    refused(api, gid, lambda: act(api, gid, "heal", player=1), "player", "Ben is eliminated")
    refused(api, gid, lambda: act(api, gid, "heal", player=2), "player", "Cy has no damage to heal")


@pytest.mark.parametrize("body, field, words", [
    ({"player": 0, "amount": 15}, "amount", "10, 20 or 30"),
    ({"player": 0, "amount": 40}, "amount", "10, 20 or 30"),
    ({"player": 0, "amount": "lots"}, "amount", "whole number"),
    ({"player": 0, "amount": None}, "amount", "whole number"),
    ({"player": 0}, "amount", "whole number"),
    ({"player": 4, "amount": 10}, "player", "Choose one of the players"),
    ({"player": -1, "amount": 10}, "player", "Choose one of the players"),
    ({"player": "Ana", "amount": 10}, "player", "whole number"),
    ({"player": True, "amount": 10}, "player", "whole number"),
    ({"player": [0], "amount": 10}, "player", "whole number"),
    ({"amount": 10}, "player", "whole number"),
])
def test_bad_damage_is_422_never_500(api, zibi, body, field, words):
    gid = zibi()
    refused(api, gid, lambda: act(api, gid, "damage", **body), field, words)


def test_z_d3_expert_rule(api, zibi):
    gid = zibi(expert=True)
    hit(api, gid, 0, 20)
    hit(api, gid, 1, 30)
    refused(api, gid, lambda: act(api, gid, "damage", player=0, amount=20), "amount",
            "Expert rule: Ana's last damage is a 20, so another 20 must wait until a different card covers it.")
    refused(api, gid, lambda: act(api, gid, "damage", player=1, amount=30), "amount",
            "Expert rule: Ben's last damage is a 30, so another 30 must wait")
    s = hit(api, gid, 0, 30, 20, 10, 10)  # 10 always; 20 after a 30 is fine
    assert s["tracker"]["piles"][0] == [20, 30, 20, 10, 10]
    s = done(api, gid, "heal", player=1)  # the 30 goes: another 30 may come
    s = hit(api, gid, 1, 30)
    assert s["tracker"]["piles"][1] == [30]
    plain = zibi()
    assert hit(api, plain, 0, 20, 20, 30, 30)["tracker"]["damage"][0] == 100


def test_z_e1_round_end_from_the_tracker_reveal_and_the_draft(api, zibi):
    gid = zibi()
    hit(api, gid, 0, 30, 30, 30, 20)
    s = done(api, gid, "reveal", player=0, clan="B")
    assert s["tracker"]["clans"] == ["B", None, None, None] and s["phase"] == "playing"
    s = hit(api, gid, 3, 30, 30, 30, 30)
    assert s["tracker"]["round_over"] is False and s["tracker"]["maybe_out"] == []  # Dee's clan not shown yet
    s = done(api, gid, "reveal", player=3, clan="B")
    # Z-C1: two B out ends a 2+2 round, not a 3+1 one: the table is asked, nothing guessed
    assert s["tracker"]["round_over"] is False and s["tracker"]["maybe_out"] == ["B"] and s["phase"] == "playing"
    s = done(api, gid, "reveal", player=1, clan="A")  # the survivors show their tokens
    assert s["tracker"]["maybe_out"] == ["B"]  # Cy may still be a third B
    s = done(api, gid, "reveal", player=2, clan="A")
    assert s["tracker"]["round_over"] is True and s["tracker"]["winner"] == "A" and s["phase"] == "result"
    assert s["tracker"]["maybe_out"] == []
    refused(api, gid, lambda: act(api, gid, "damage", player=1, amount=10), "player", "The round is over")
    refused(api, gid, lambda: act(api, gid, "reveal", player=1, clan="C"), "clan",
            "Ben cannot be in clan C: with Two clans the clans have 2+2 / 3+1 players.")
    refused(api, gid, lambda: act(api, gid, "reveal", player=1, clan="Q"), "clan", "Choose a clan")
    s = done(api, gid, "result", clans=list("BAAB"), eliminated=[True, False, False, True])
    assert s["rounds"][0]["points"] == [0, 3, 3, 0] and s["phase"] == "playing"
    assert s["tracker"]["damage"] == [0, 0, 0, 0] and s["tracker"]["clans"] == [None] * 4


def test_set_aside_only_in_odd_modes(api, zibi):
    gid = zibi(["A1", "A2", "B1", "B2", "Solo"], "alone")
    s = done(api, gid, "set_aside", clan="C")
    assert s["tracker"]["set_aside"] == "C"
    four = zibi()
    refused(api, four, lambda: act(api, four, "set_aside", clan="A"), "clan", "Only Un tout seul and Un de plus")


def test_unknown_actions_and_games(api, zibi, client):
    gid = zibi()
    assert client.post(f"/api/games/{gid}/actions/bid", json={}).status_code == 404
    assert client.post(f"/api/games/{gid}/actions/correction", json={}).status_code == 404
    code, body = api("post", f"/api/games/{gid}/trump", {"round": 1, "card": "blue"})
    assert code == 422 and body["field"] == "kind"
    code, body = api("post", "/api/games/nope/actions/damage", {"player": 0, "amount": 10})
    assert code == 404 and body["field"] == "key"
    code, body = api("post", "/api/games", {"game": "zibbi", "players": FOUR})
    assert code == 422 and body["field"] == "game"
    resp = client.post(f"/api/games/{gid}/actions/damage", json=[1, 2])
    assert resp.status_code == 400 and resp.get_json()["error"]
    resp = client.post(f"/api/games/{gid}/actions/damage", data="player=0", content_type="text/plain")
    assert resp.status_code == 415


def test_stale_version_is_409_and_nothing_saved(api, zibi):
    gid = zibi()
    hit(api, gid, 0, 10)
    refused(api, gid, lambda: act(api, gid, "damage", player=1, amount=10, version=0), "version",
            "read it again", status=409)
    assert done(api, gid, "damage", player=1, amount=10, version=1)["version"] == 2


# --------------------------------------------------------------------------- undo, redo, corrections, history


def test_undo_redo_corrections_and_history(api, zibi):
    gid = zibi()
    hit(api, gid, 0, 30)
    done(api, gid, "result", clans=list("ABAB"), eliminated=[True, False, True, False])
    done(api, gid, "result", clans=list("AABB"), eliminated=[False, False, True, True])
    s = api("get", f"/api/games/{gid}/sheet")[1]
    assert [r["totals"] for r in s["rounds"]] == [[0, 3, 0, 3], [3, 6, 0, 3]]

    code, body = api("post", f"/api/games/{gid}/rounds/1/correction",
                     {"clans": list("ABAB"), "eliminated": [True, True, True, False]})
    assert code == 200, body
    s = body["sheet"]
    assert [r["totals"] for r in s["rounds"]] == [[0, 2, 0, 3], [3, 5, 0, 3]]
    assert s["rounds"][0]["corrected"] is True and s["leaders"] == [1]

    # bad corrections: nothing saved
    url = f"/api/games/{gid}/rounds/1/correction"
    before = state(api, gid)
    same = api("post", url, {"clans": list("ABAB"), "eliminated": [True, True, True, False]})
    assert same[0] == 200 and same[1]["unchanged"] and state(api, gid) == before  # sent again: nothing recorded
    refused(api, gid, lambda: api("post", url, {"clans": list("AAAA"), "eliminated": [True, True, True, False]}),
            "clans", "not 4")
    refused(api, gid, lambda: api("post", url, {"clans": list("ABAB"), "eliminated": [True, False, True, False],
                                                "winner": "A"}), "winner", "Clan A cannot have won")
    refused(api, gid, lambda: api("post", f"/api/games/{gid}/rounds/3/correction",
                                  {"clans": list("ABAB"), "eliminated": [True, False, True, False]}),
            "round", "There is no round 3")

    code, body = api("post", f"/api/games/{gid}/undo", {})
    assert code == 200 and [r["totals"] for r in body["sheet"]["rounds"]] == [[0, 3, 0, 3], [3, 6, 0, 3]]
    assert body["sheet"]["can_redo"] is True
    code, body = api("post", f"/api/games/{gid}/redo", {})
    assert code == 200 and body["sheet"]["rounds"][0]["corrected"] is True
    refused(api, gid, lambda: api("post", f"/api/games/{gid}/redo", {}), "redo")

    entries = api("get", f"/api/games/{gid}/history")[1]["entries"]
    kinds = [e["kind"] for e in entries]
    assert kinds == ["damage", "result", "result", "correction", "undo", "redo"]
    first = entries[1]
    assert first["data"] == {"clans": list("ABAB"), "eliminated": [True, False, True, False], "winner": "B"}
    assert entries[3]["data"]["round"] == 1 and entries[3]["data"]["eliminated"] == [True, True, True, False]


def test_undo_of_damage_and_of_a_result_brings_the_tracker_back(api, zibi):
    gid = zibi()
    hit(api, gid, 2, 20, 30)
    _code, body = api("post", f"/api/games/{gid}/undo", {})
    assert body["sheet"]["tracker"]["piles"][2] == [20]
    done(api, gid, "result", clans=list("ABAB"), eliminated=[True, False, True, False])
    _code, body = api("post", f"/api/games/{gid}/undo", {})
    assert body["sheet"]["rounds"] == [] and body["sheet"]["tracker"]["piles"][2] == [20]


def test_rename_delete_restore_and_list(api, zibi):
    gid = zibi(name="Zibi night")
    games = api("get", "/api/games")[1]["games"]
    assert [(g["name"], g["game"]) for g in games] == [("Zibi night", "zibi")]
    code, body = api("patch", f"/api/games/{gid}", {"name": "Zibi at Cy's"})
    assert code == 200 and body["name"] == "Zibi at Cy's"
    assert api("delete", f"/api/games/{gid}")[0] == 204
    assert api("get", "/api/games")[1]["games"] == []
    assert api("get", f"/api/games/{gid}")[0] == 404
    assert api("post", f"/api/games/{gid}/restore")[0] == 200
    assert api("get", f"/api/games/{gid}")[0] == 200


def test_z_c1_four_players_three_and_one_recorded_and_the_lone_survivor_scores_4(api, zibi):
    gid = zibi()
    s = done(api, gid, "result", clans=list("AABA"), eliminated=[True, True, False, True])
    assert s["rounds"][0]["winner"] == "B" and s["rounds"][0]["points"] == [0, 0, 4, 0]  # Z-S1
    s = done(api, gid, "result", clans=list("ABAA"), eliminated=[False, True, True, False])
    assert s["rounds"][1]["winner"] == "A" and s["rounds"][1]["points"] == [3, 0, 2, 3]
    assert s["totals"] == [3, 0, 6, 3]


def test_z_e1_playing_on_answers_the_question(api, zibi):
    gid = zibi()
    hit(api, gid, 1, 30, 30, 30, 20)
    s = done(api, gid, "reveal", player=1, clan="B")
    assert s["tracker"]["maybe_out"] == ["B"]  # Ben may have been a lone B (3+1)
    s = done(api, gid, "damage", player=0, amount=10)  # the table plays on: not a lone B
    assert s["tracker"]["maybe_out"] == [] and s["phase"] == "playing"
    hit(api, gid, 0, 30, 30, 30, 10)  # 110: out
    done(api, gid, "reveal", player=0, clan="A")
    hit(api, gid, 2, 30, 30, 30, 20)
    s = done(api, gid, "reveal", player=2, clan="A")
    assert s["tracker"]["round_over"] is True and s["tracker"]["winner"] == "B"  # Dee: the other B
    s = done(api, gid, "result", clans=list("ABAB"), eliminated=[True, True, True, False])
    assert s["rounds"][0]["points"] == [0, 2, 0, 3]
