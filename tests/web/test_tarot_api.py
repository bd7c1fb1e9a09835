"""French Tarot through the JSON API: every answer is checked against /api/openapi.json
(tests/conftest.py); refusals are 422 {error, field} with nothing saved; the group's
statistics count contracts taken and made, by contract (T-C1)."""

from __future__ import annotations

import pytest
from conftest import app_db

from scribe.rules.errors import RuleError

FOUR = ["Ana", "Ben", "Cy", "Dee"]
FIVE = FOUR + ["Eve"]


def new(api, players=FOUR, **extra) -> str:
    status, body = api("post", "/api/games", {"game": "tarot", "players": players, "first_dealer": 0, **extra})
    assert status == 201, body
    return body["key"]


def deal(api, key, version, **fields):
    body = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49, "version": version, **fields}
    return api("post", f"/api/games/{key}/actions/deal", body)


def test_the_openapi_document_names_tarot(api):
    _status, doc = api("get", "/api/openapi.json")
    schemas = doc["components"]["schemas"]
    assert "tarot" in schemas["NewGame"]["properties"]["game"]["enum"] and "TarotSheet" in schemas
    assert "deals" in schemas["NewGame"]["properties"]
    stats_game = next(p for p in doc["paths"]["/api/stats"]["get"]["parameters"] if p["name"] == "game")
    assert "tarot" in stats_game["schema"]["enum"]
    correction = doc["paths"]["/api/games/{key}/rounds/{number}/correction"]["post"]
    props = correction["requestBody"]["content"]["application/json"]["schema"]["properties"]
    assert props["points"]["type"] == "array"  # the points game's, untouched by Tarot's attack_points
    assert {"attack_points", "defence_points", "passed", "poignees"} <= set(props)


def test_a_game_of_five_deal_by_deal(api):
    key = new(api, FIVE, deals=2)  # the pass is not one of them (T-C1)
    status, body = deal(api, key, 0, partner=3, attack_points=40.5, petit="attack",
                        poignees=[{"player": 2, "size": "simple"}])
    assert status == 200
    row = body["sheet"]["rounds"][0]
    # 40.5 with 2 bouts: down by 1 (T-S1); (25 + 1) x 2 = 52 against, the Petit's +20, the poignée -20
    assert (row["made"], row["margin"], row["amount"]) == (False, 1, -52)
    assert row["points"] == [-104, 52, 52, -52, 52] and row["balance"] == 0 and row["partner"] == 3
    status, body = api("post", f"/api/games/{key}/actions/redeal", {"version": 1})
    assert status == 200 and body["sheet"]["rounds"][1]["passed"] and body["sheet"]["dealer"] == 3
    status, body = deal(api, key, 2, taker=4, partner="alone", attack_points=60)
    assert status == 200 and body["sheet"]["rounds"][2]["alone"] and body["sheet"]["finished"]
    assert body["sheet"]["rounds"][2]["points"] == [-88, -88, -88, -88, 352]  # made by 19: (25 + 19) x 2, 4 x A alone


@pytest.mark.parametrize("fields, field", [
    ({"attack_points": 91.5}, "attack_points"),
    ({"attack_points": 40.5}, "attack_points"),  # at four: no half point
    ({"attack_points": None, "defence_points": "x"}, "defence_points"),
    ({"attack_points": None}, "attack_points"),
    ({"bouts": 4}, "bouts"),
    ({"bouts": True}, "bouts"),
    ({"partner": 1}, "partner"),
    ({"contract": ["garde"]}, "contract"),
    ({"taker": 7}, "taker"),
    ({"petit": "both"}, "petit"),
    ({"chelem_announced": "maybe"}, "chelem_announced"),
    ({"poignees": [{"player": 0, "size": "triple"}, {"player": 1, "size": "simple"}]}, "poignees"),
    ({"poignees": [["player", 0]]}, "poignees"),
    ({"bouts": 3, "attack_points": 91, "chelem": "attack", "petit": "defence"}, "petit"),
    # issue 31: the issue's own example, petit au bout to an attack without a bout (T-S3), and the reverse
    ({"contract": "prise", "bouts": 0, "attack_points": 40, "petit": "attack"}, "petit"),
    ({"bouts": 3, "attack_points": 60, "petit": "defence"}, "petit"),
    ({"bouts": 1, "attack_points": 80, "chelem": "attack"}, "chelem"),  # T-S5
    ({"bouts": 2, "attack_points": 60, "chelem": "attack"}, "chelem"),
])
def test_bad_deal_is_422_with_its_field_and_nothing_saved(api, fields, field):
    key = new(api)
    status, body = deal(api, key, 0, **fields)
    assert status == 422 and body["field"] == field, body
    assert api("get", f"/api/games/{key}/sheet")[1]["version"] == 0


def test_correction_undo_and_history(api):
    key = new(api)
    deal(api, key, 0)
    status, body = api("post", f"/api/games/{key}/rounds/1/correction",
                       {"version": 1, "taker": 1, "contract": "prise", "bouts": 1, "defence_points": 30})
    assert status == 200 and body["sheet"]["rounds"][0]["points"] == [-35, 105, -35, -35]
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"version": 2, "passed": True})
    assert status == 200 and body["sheet"]["totals"] == [0, 0, 0, 0]
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"version": 3, "passed": True})
    assert status == 200 and body["unchanged"] and body["version"] == 3  # already passed: nothing recorded
    assert api("post", f"/api/games/{key}/undo", {"version": 3})[1]["sheet"]["totals"] == [-35, 105, -35, -35]
    entries = api("get", f"/api/games/{key}/history")[1]["entries"]
    assert [e["kind"] for e in entries] == ["deal", "correction", "correction", "undo"]
    assert entries[1]["data"]["attack_points"] == 61  # the defence's 30, recorded as the attack's 91 minus


def test_stale_and_over(api):
    key = new(api)
    deal(api, key, 0)
    status, body = deal(api, key, 0)
    assert status == 409 and body["field"] == "version"
    status, _ = api("post", f"/api/games/{key}/actions/end", {"version": 1})
    assert status == 200
    status, body = deal(api, key, 2)
    assert status == 422 and body["field"] == "round"
    status, body = api("post", f"/api/games/{key}/rematch")
    assert status == 201 and body["sheet"]["first_dealer"] == 3


def test_setup_refusals(api):
    for body, field in (({"players": FOUR[:2]}, "players"), ({"players": FOUR, "deals": 0}, "deals"),
                        ({"players": FOUR, "first_dealer": 9}, "first_dealer"),
                        ({"players": FOUR, "deals": "x"}, "deals")):
        status, answer = api("post", "/api/games", {"game": "tarot", **body})
        assert status == 422 and answer["field"] == field


def test_statistics_count_contracts_by_contract(api):
    key = new(api)
    deal(api, key, 0)  # Ana: Garde made
    deal(api, key, 1, attack_points=30)  # Ana: Garde down
    deal(api, key, 2, taker=1, contract="garde_contre", attack_points=60)  # Ben: Garde contre made
    api("post", f"/api/games/{key}/actions/end", {"version": 3})
    status, stats = api("get", "/api/stats?game=tarot")
    assert status == 200
    group = stats["groups"][0]
    assert group["game"] == "tarot" and group["players"] == 4 and group["games"] == 1
    by_name = {p["name"]: p for p in group["standings"]}
    assert by_name["Ana"]["bids"]["tried"] == 2 and by_name["Ana"]["bids"]["made"] == 1
    assert by_name["Ana"]["bids"]["by_size"] == [{"bid": 2, "tried": 2, "made": 1, "accuracy": 0.5}]
    assert by_name["Ben"]["bids"]["by_size"][0]["bid"] == 6  # the Garde contre's multiplier


def test_a_game_exported_and_imported_replays_to_the_same_sheet(app, api):
    """``scribe export`` / ``scribe import``: every entry checked again by the rules (deals with
    half points, alone, poignées, a redeal, a correction, an undo, the end)."""
    from scribe import record, service
    from scribe.web.serialize import sheet_json

    key = new(api, FIVE)
    deal(api, key, 0, partner="alone", attack_points=40.5, poignees=[{"player": 2, "size": "double"}])
    api("post", f"/api/games/{key}/actions/redeal", {"version": 1})
    deal(api, key, 2, taker=2, partner=0, attack_points=60, chelem_announced=True)
    api("post", f"/api/games/{key}/rounds/1/correction", {"version": 3, "taker": 0, "contract": "prise",
                                                          "partner": 4, "bouts": 1, "attack_points": 51})
    api("post", f"/api/games/{key}/undo", {"version": 4})
    api("post", f"/api/games/{key}/redo", {"version": 5})
    api("post", f"/api/games/{key}/actions/end", {"version": 6})
    game_id = api("get", f"/api/games/{key}")[1]["id"]
    with app_db(app) as db:
        made = record.export_record(db, game_id)
        copy_id = record.import_record(db, made)
        (_g, before, _l), (_h, after, _m) = service.load(db, game_id), service.load(db, copy_id)
        assert sheet_json(after) == sheet_json(before) and after.finished
        bad = {**made, "entries": [dict(e) for e in made["entries"]]}
        bad["entries"][0] = {**bad["entries"][0], "data": {**bad["entries"][0]["data"], "attack_points": 92}}
        with pytest.raises(RuleError) as err:
            record.import_record(db, bad)
        assert "0 to 91" in err.value.message or err.value.field.startswith("entries")


def test_watch_and_player_links(api, client):
    key = new(api)
    deal(api, key, 0)
    links = api("get", f"/api/games/{key}/links")[1]
    status, watched = api("get", links["watch"]["api"].split("localhost")[-1])
    assert status == 200 and watched["game"] == "tarot" and watched["sheet"]["totals"] == [198, -66, -66, -66]
    status, seat = api("get", links["players"][2]["api"].split("localhost")[-1])
    assert status == 200 and seat["player_name"] == "Cy" and seat["sheet"]["rounds"][0]["made"]
    page = client.get(links["players"][1]["url"].split("localhost")[-1])
    assert page.status_code == 200 and "Deal 2" in page.get_data(as_text=True)
    assert client.get(f"/games/{key}/links").status_code == 200
