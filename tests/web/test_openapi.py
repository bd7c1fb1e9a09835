"""/api/openapi.json is a valid OpenAPI 3.1 document describing every /api/ route, and every
/api/ answer a test receives is checked against it (tests/conftest.py)."""

from __future__ import annotations

import json
import re

import pytest
from conftest import CheckedClient, check_api_answer
from openapi_spec_validator import validate

from scribe.games import GAMES


def test_openapi_document_is_valid_openapi_3_1(client):
    resp = client.get("/api/openapi.json")
    assert resp.status_code == 200 and resp.content_type.startswith("application/json")
    doc = resp.get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)  # raises on an invalid document


def _openapi_path(rule: str) -> str:
    """Flask's /api/games/<game_id>/rounds/<int:number> -> /api/games/{game_id}/rounds/{number}."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def test_every_api_route_is_in_the_document_with_its_methods(app, client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    routes = [r for r in app.url_map.iter_rules() if r.rule.startswith("/api/")]
    assert routes
    for rule in routes:
        path = _openapi_path(rule.rule)
        assert path in paths, f"{rule.rule} is not documented"
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in paths[path], f"{method} {rule.rule} is not documented"


def test_documented_paths_exist(app, client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    rules = {_openapi_path(r.rule) for r in app.url_map.iter_rules()}
    assert set(paths) <= rules


# --------------------------------------------------------------------------- every answer checked
# tests/conftest.py checks every /api/ answer any test receives against the document; these
# tests show that check fails, and says where, when an answer and the document disagree.


def _tampered(resp, change):
    body = resp.get_json()
    change(body)
    resp.set_data(json.dumps(body))
    return resp


def test_every_app_the_tests_make_checks_its_api_answers(app):
    assert isinstance(app.test_client(), CheckedClient)


def test_an_answer_with_a_field_the_document_does_not_know_fails_naming_route_and_field(client, new_game):
    gid = new_game()
    resp = _tampered(client.get(f"/api/games/{gid}"), lambda b: b["sheet"].update(surprise=1))
    with pytest.raises(pytest.fail.Exception) as failed:
        check_api_answer(resp)
    message = str(failed.value)
    assert f"GET /api/games/{gid} -> 200" in message and "surprise" in message and "at sheet" in message


def test_a_wizard_and_a_zibi_sheet_are_each_held_to_their_own_shape(client, api, new_game):
    gid = new_game()
    resp = _tampered(client.get(f"/api/games/{gid}/sheet"), lambda b: b.update(phase="playing"))
    with pytest.raises(pytest.fail.Exception, match="phase"):
        check_api_answer(resp)
    status, zibi = api("post", "/api/games", {"game": "zibi", "players": ["Ana", "Ben", "Cy", "Dee"]})
    assert status == 201 and zibi["sheet"]["phase"] == "playing"
    resp = _tampered(client.get(f"/api/games/{zibi['key']}/sheet"), lambda b: b["tracker"].pop("damage"))
    with pytest.raises(pytest.fail.Exception, match="damage"):
        check_api_answer(resp)


def test_an_undeclared_status_fails(client, new_game):
    gid = new_game()
    resp = client.get(f"/api/games/{gid}/sheet")
    resp.status_code = 418
    with pytest.raises(pytest.fail.Exception, match="418"):
        check_api_answer(resp)


def test_the_pdf_answer_is_checked_for_its_content_type(client, new_game):
    gid = new_game()
    resp = client.get(f"/api/games/{gid}/sheet.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    resp.headers["Content-Type"] = "text/html"
    with pytest.raises(pytest.fail.Exception, match="sheet.pdf"):
        check_api_answer(resp)


def test_main_objects_are_closed_and_name_what_they_require(client):
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    for name in ("Game", "WizardSheet", "ZibiSheet", "PointsSheet", "Error", "Recorded", "Entry", "Viewed", "Links"):
        assert schemas[name]["additionalProperties"] is False and schemas[name]["required"], name
    assert schemas["NewGame"]["properties"]["game"]["enum"] == list(GAMES)  # every registered game
    assert schemas["NewGame"]["properties"]["players"]["maxItems"] == max(g.seats[1] for g in GAMES.values())
    assert schemas["ZibiSheet"]["properties"]["phase"]["enum"] == ["playing", "result"]
