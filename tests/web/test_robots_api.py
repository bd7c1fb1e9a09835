"""POST /api/games with robots in their seats from the start (issue 37): ``"robots": {"1":
"hard"}`` (seat -> level), as the new-game form does; refused with a 422 naming the field
``robots`` and no game made for what no robot could play. Every answer is checked against
/api/openapi.json (tests/conftest.py)."""

from __future__ import annotations

import pytest

THREE = ["Paul", "Thomas", "Marie"]
FOUR = ["Ana", "Ben", "Cy", "Dee"]


def wizard(**extra):
    return {"players": THREE, "first_dealer": 2, "preset": "standard", "rules": {"virtual_deck": True}, **extra}


def belote(**extra):
    return {"game": "belote", "players": FOUR, "first_dealer": 0, "virtual_deck": True, **extra}


def games(api) -> int:
    return len(api("get", "/api/games")[1]["games"])


@pytest.mark.parametrize(("body", "held"), [
    (wizard(robots={"1": "hard"}), {"1": "hard"}),
    (wizard(robots={"0": "easy", "2": "medium"}), {"0": "easy", "2": "medium"}),
    (wizard(robots={"1": None, "2": ""}), {}),  # null or "": a person's seat
    (belote(robots={"3": "medium"}), {"3": "medium"}),
])
def test_a_game_is_made_with_its_robots_seated(api, body, held):
    status, made = api("post", "/api/games", body)
    assert status == 201, made
    assert made["sheet"]["robots"] == held
    assert api("get", f"/api/games/{made['key']}")[1]["sheet"]["robots"] == held
    if held:  # the robots' seats are the game's first entries, taken back by undo like any
        assert api("post", f"/api/games/{made['key']}/undo", {})[0] == 200


@pytest.mark.parametrize(("body", "says"), [
    (wizard(robots=["hard"]), "seat number"),
    (wizard(robots="1"), "seat number"),
    (wizard(robots={"one": "hard"}), "seat number"),
    (wizard(robots={"-1": "hard"}), "seat number"),
    (wizard(robots={"3": "hard"}), "no such player"),
    (wizard(robots={"1": "genius"}), "easy, medium or strong"),
    (wizard(robots={"1": 2}), "easy, medium or strong"),
    (wizard(robots={"1": ["hard"]}), "easy, medium or strong"),
    (wizard(robots={"1": "hard"}, rules={}), "virtual deck"),
    (wizard(robots={"0": "easy", "1": "easy", "2": "hard"}), "stays with a person"),
    (belote(robots={"1": "easy"}, virtual_deck=False), "virtual deck"),
    (belote(robots={str(s): "easy" for s in range(4)}), "stays with a person"),
    ({"game": "points", "players": THREE, "robots": {"1": "easy"}}, "No robot plays this game"),
])
def test_bad_robots_are_refused_naming_the_field_and_nothing_is_made(api, body, says):
    before = games(api)
    status, refused = api("post", "/api/games", body)
    assert status == 422, refused
    assert refused["field"] == "robots" and says in refused["error"], refused
    assert games(api) == before


def test_the_openapi_document_says_how_to_seat_robots(api):
    robots = api("get", "/api/openapi.json")[1]["components"]["schemas"]["NewGame"]["properties"]["robots"]
    assert robots["type"] == "object" and "hard" in robots["additionalProperties"]["enum"]
