"""Belote and Coinche through the JSON API: every answer is checked against
/api/openapi.json (tests/conftest.py). The federation's worked figures (B-S6, C-S8) as a
client posts them; the litige held and given (B-S4); corrections move the totals as a
fresh game of the corrected deals does; refusals are 422 {error, field} with nothing
saved, never a 500."""

from __future__ import annotations

import pytest

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def new(api, **extra) -> str:
    status, body = api("post", "/api/games", {"game": "belote", "players": FOUR, "first_dealer": 0, **extra})
    assert status == 201, body
    return body["key"]


def result(api, key, **fields):
    return api("post", f"/api/games/{key}/actions/result", fields)


def sheet(api, key) -> dict:
    return api("get", f"/api/games/{key}/sheet")[1]


def scores(api, key, **fields) -> list[int]:
    status, body = result(api, key, **fields)
    assert status == 200, body
    return body["sheet"]["rounds"][-1]["team_points"]


def test_the_openapi_document_names_belote(api):
    _status, doc = api("get", "/api/openapi.json")
    schemas = doc["components"]["schemas"]
    assert "belote" in schemas["NewGame"]["properties"]["game"]["enum"] and "BeloteSheet" in schemas
    assert {"variant", "settings", "names", "target", "deals"} <= set(schemas["NewGame"]["properties"])
    assert "/api/games/{key}/actions/result" in doc["paths"]


# --------------------------------------------------------------------------- B-S6, C-S8


@pytest.mark.parametrize("settings, fields, expected", [
    ({}, {"takers": 0, "points": 95}, [95, 67]),
    ({}, {"takers": 0, "defence_points": 67}, [95, 67]),  # the defence's, 162 minus
    ({}, {"takers": 0, "points": 70, "belote": 0}, [20, 162]),  # dedans, the belote kept
    ({}, {"takers": 0, "points": 81}, [0, 81]),  # litige: 81 held
    ({"annonces": True}, {"takers": 0, "capot": 0, "belote": 1, "annonces": {"team": 1, "combos": ["tierce"]}},
     [272, 20]),
    ({"annonces": True}, {"takers": 0, "points": 60, "annonces": {"team": 0, "combos": ["tierce"]}}, [0, 182]),
    ({"rounding": "up"}, {"takers": 0, "points": 85}, [90, 80]),
])
def test_b_s6_the_federations_figures_through_the_api(api, settings, fields, expected):
    key = new(api, settings=settings)
    assert scores(api, key, **fields) == expected


@pytest.mark.parametrize("preset, settings, fields, expected", [
    ("ffb_coinche", {}, {"contract": 110, "points": 113}, [220, 50]),
    ("ffb_coinche", {}, {"contract": 100, "points": 83, "annonces": {"team": 0, "combos": ["tierce"]}}, [200, 80]),
    ("ffb_coinche", {}, {"contract": 90, "points": 89}, [0, 250]),
    ("ffb_coinche", {}, {"contract": 100, "points": 70, "level": "coinche"}, [0, 520]),
    ("ffb_coinche", {"multiply": "contract"}, {"contract": 100, "points": 70, "level": 1}, [0, 360]),
    ("ffb_coinche", {}, {"contract": 120, "points": 130, "level": 1}, [560, 0]),
    ("ffb_coinche", {"surcoinche": 3}, {"contract": 120, "points": 130, "level": "surcoinche"}, [840, 0]),
    ("ffb_contree", {}, {"contract": 90, "points": 60, "belote": 0}, [0, 270]),
    ("ffb_coinche", {}, {"contract": "capot", "capot": 0}, [500, 0]),
    ("ffb_coinche", {}, {"contract": "capot", "points": 150}, [0, 500]),
    ("ffb_coinche", {"lost_capot": "base"}, {"contract": "capot", "points": 150}, [0, 410]),
    ("ffb_coinche", {}, {"contract": 120, "capot": 0}, [370, 0]),
    ("ffb_coinche", {"rounding": "none"}, {"contract": 80, "points": 152, "belote": 0}, [252, 10]),
])
def test_c_s8_the_federations_figures_through_the_api(api, preset, settings, fields, expected):
    key = new(api, variant="coinche", preset=preset, settings=settings)
    assert scores(api, key, takers=0, **fields) == expected


def test_the_settings_chosen_are_on_the_sheet(api):
    key = new(api, preset="pagat", target=1500, names=["Nous", "Eux"])
    s = sheet(api, key)
    assert s["variant"] == "coinche" and s["target"] == 1500 and s["teams"] == ["Nous", "Eux"]
    assert s["settings"]["capot"] == 250 and s["settings"]["generale"] == 1000 and s["settings"]["sa_ta"]
    s = sheet(api, new(api))
    assert s["variant"] == "belote" and s["target"] == 1000 and s["teams"] == ["Ana & Cy", "Ben & Dee"]
    assert s["settings"]["tie"] == "litige" and not s["settings"]["annonces"]  # the FFB's 2016 text


# --------------------------------------------------------------------------- B-S4, B-D2, the end


def test_b_s4_the_litige_held_goes_to_the_next_deals_winner(api):
    key = new(api, target=501)
    assert scores(api, key, takers=1, points=81) == [81, 0]  # the defence its 81, the takers' 81 held
    s = sheet(api, key)
    assert s["held"] == 81 and s["rounds"][0]["result"]["outcome"] == "litige"
    status, body = result(api, key, takers="passed")  # B-D2: a passed deal changes nothing
    assert status == 200 and body["sheet"]["held"] == 81 and body["sheet"]["dealer"] == 2
    row = (result(api, key, takers=0, points=60))[1]["sheet"]["rounds"][-1]  # dedans: the defence wins the deal
    assert row["awarded"] == [0, 81] and row["team_points"] == [0, 162 + 81] and row["held"] == 0
    assert sheet(api, key)["team_totals"] == [81, 243]


def test_b_e1_the_game_ends_at_the_target_and_refuses_more_deals(api):
    key = new(api, target=501)
    for _ in range(3):
        scores(api, key, takers=0, points=152)
    s = sheet(api, key)
    assert s["team_totals"] == [456, 30] and not s["finished"]
    scores(api, key, takers=0, points=152)
    s = sheet(api, key)
    assert s["finished"] and s["winning_team"] == 0 and s["winners"] == [0, 2] and s["phase"] == "finished"
    status, body = result(api, key, takers=0, points=100)
    assert status == 422 and body["field"] == "round" and sheet(api, key)["version"] == s["version"]


def test_b_e2_a_concours_ends_after_its_deals_passed_ones_not_counted_equal_plays_on(api):
    key = new(api, deals=2)
    scores(api, key, takers=0, points=100)
    result(api, key, takers="passed")
    assert not sheet(api, key)["finished"]
    scores(api, key, takers=1, points=100)
    s = sheet(api, key)
    assert s["team_totals"] == [162, 162] and not s["finished"]  # equal after the deals agreed: another
    scores(api, key, takers=1, points=90)
    s = sheet(api, key)
    assert s["finished"] and s["winning_team"] == 1 and s["winners"] == [1, 3]


# --------------------------------------------------------------------------- corrections


def test_a_correction_moves_the_totals_as_a_fresh_game_of_the_corrected_deals(api):
    deals = [{"takers": 0, "points": 95}, {"takers": 1, "points": 81}, {"takers": 0, "points": 100},
             {"takers": 1, "points": 50, "belote": 1}]
    key = new(api, target=2000)
    for d in deals:
        scores(api, key, **d)
    fix = {"takers": 0, "points": 70, "belote": 0}  # deal 2 was not a litige after all
    status, body = api("post", f"/api/games/{key}/rounds/2/correction", fix)
    assert status == 200 and body["sheet"]["rounds"][1]["corrected"]
    fresh = new(api, target=2000)
    for d in [deals[0], fix, *deals[2:]]:
        scores(api, fresh, **d)
    a, b = sheet(api, key), sheet(api, fresh)
    assert a["team_totals"] == b["team_totals"] and a["held"] == b["held"]
    assert [r["team_points"] for r in a["rounds"]] == [r["team_points"] for r in b["rounds"]]
    status, body = api("post", f"/api/games/{key}/undo", {})
    assert status == 200 and body["sheet"]["held"] == 0 and body["sheet"]["rounds"][1]["result"]["outcome"] == "litige"
    status, body = api("post", f"/api/games/{key}/redo", {})
    assert status == 200 and body["sheet"]["team_totals"] == b["team_totals"]


def test_a_correction_to_passed_and_the_same_deal_again(api):
    key = new(api)
    scores(api, key, takers=0, points=95)
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"takers": 0, "points": 95})
    assert status == 200 and body.get("unchanged")
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"passed": True})
    assert status == 200 and body["sheet"]["rounds"][0]["passed"] and body["sheet"]["team_totals"] == [0, 0]


def test_a_correction_that_would_end_the_game_before_later_deals_is_refused(api):
    key = new(api, target=501)
    for _ in range(3):
        scores(api, key, takers=0, points=152)
    scores(api, key, takers=1, points=100)
    version = sheet(api, key)["version"]
    status, body = api("post", f"/api/games/{key}/rounds/3/correction", {"takers": 0, "capot": 0})
    assert status == 422 and body["field"] == "round" and "undo" in body["error"]
    assert sheet(api, key)["version"] == version


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("fields, field", [
    ({}, "takers"),
    ({"takers": 2, "points": 90}, "takers"),
    ({"takers": [0], "points": 90}, "takers"),
    ({"takers": 0}, "points"),
    ({"takers": 0, "points": 161}, "points"),
    ({"takers": 0, "points": 163}, "points"),
    ({"takers": 0, "points": -1}, "points"),
    ({"takers": 0, "points": "lots"}, "points"),
    ({"takers": 0, "points": 90, "defence_points": 72}, "points"),
    ({"takers": 0, "points": 90, "capot": 0}, "points"),
    ({"takers": 0, "capot": 2}, "capot"),
    ({"takers": 0, "points": 90, "belote": 3}, "belote"),
    ({"takers": 0, "points": 90, "belote": {"team": 0}}, "belote"),
    ({"takers": 0, "points": 90, "annonces": {"team": 0, "combos": ["tierce"]}}, "annonces"),  # not played
    ({"takers": 0, "points": 90, "trump": "SA"}, "trump"),  # not at Belote
    ({"takers": 0, "points": 90, "trump": "X"}, "trump"),
])
def test_b_f2_a_deal_no_cards_make_is_refused_next_to_its_field(api, fields, field):
    key = new(api)
    status, body = result(api, key, **fields)
    assert status == 422 and body["field"] == field, body
    assert sheet(api, key)["version"] == 0


@pytest.mark.parametrize("fields, field", [
    ({"points": 90}, "contract"),
    ({"points": 90, "contract": 85}, "contract"),
    ({"points": 90, "contract": 70}, "contract"),
    ({"points": 90, "contract": [80]}, "contract"),
    ({"points": 90, "contract": "generale"}, "contract"),  # off at FFB coinche
    ({"points": 90, "contract": 80, "level": 3}, "level"),
    ({"points": 90, "contract": 80, "level": [1]}, "level"),
    ({"points": 90, "contract": 80, "alone": True}, "alone"),
    ({"points": 90, "contract": 80, "annonces": {"team": 0, "combos": ["carre_J", "carre_J"]}}, "annonces"),
    ({"points": 90, "contract": 80, "annonces": "tierce"}, "annonces"),
])
def test_c_f2_a_coinche_deal_refused_next_to_its_field(api, fields, field):
    key = new(api, variant="coinche")
    status, body = result(api, key, takers=0, **fields)
    assert status == 422 and body["field"] == field, body
    assert sheet(api, key)["version"] == 0


@pytest.mark.parametrize("extra, field", [
    ({"players": FOUR[:3]}, "players"),
    ({"variant": "tarot"}, "variant"),
    ({"preset": "pagat", "variant": "belote"}, "preset"),
    ({"preset": ["ffb"]}, "preset"),
    ({"settings": ["annonces"]}, "settings"),
    ({"settings": {"tempo": 1}}, "tempo"),
    ({"settings": {"ceiling": 160}}, "ceiling"),  # Coinche only
    ({"variant": "coinche", "settings": {"ceiling": 165}}, "ceiling"),
    ({"settings": {"rounding": "sideways"}}, "rounding"),
    ({"settings": {"annonces": "maybe"}}, "annonces"),
    ({"target": 50}, "target"),
    ({"target": 1000, "deals": 4}, "target"),
    ({"deals": 0}, "deals"),
    ({"names": ["Nous"]}, "names"),
    ({"names": ["Nous", "nous"]}, "names"),
    ({"first_dealer": 4}, "first_dealer"),
])
def test_bad_setups_are_refused_next_to_their_field(api, extra, field):
    status, body = api("post", "/api/games", {"game": "belote", "players": FOUR, "first_dealer": 0, **extra})
    assert status == 422 and body["field"] == field, body


def test_b_d2_a_passed_deal_as_takers_passed_or_passed_true(api):
    key = new(api)
    status, body = result(api, key, passed=True)
    assert status == 200 and body["sheet"]["rounds"][0]["passed"]
    status, body = result(api, key, takers="passed")
    assert status == 200 and body["sheet"]["rounds"][1]["passed"] and body["sheet"]["dealer"] == 2
