"""/api/openapi.json is a valid OpenAPI 3.1 document describing every /api/ route."""

from __future__ import annotations

import re

from openapi_spec_validator import validate


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
