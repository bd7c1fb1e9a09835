"""Names with invisible, control or absurd characters, sent by the API and the forms:
refused with 422 and the message next to the field, nothing created or renamed; or
cleaned before they are saved."""

from __future__ import annotations

import pytest
from conftest import app_rows
from web_helpers import errors

WIZARD_FORM = {"players": ["Paul", "Thomas", "Marie", "", "", ""], "dealer": "2", "preset": "plus_minus_one",
               "edition": "gigamic", "rounds": "", "name": ""}
ZIBI_FORM = {"game": "zibi", "players": ["Ana", "Ben", "Cy", "Dee"] + [""] * 5, "mode": "", "name": ""}

# (the second player's name, the words of the refusal)
BAD_SECOND = [
    ("\u200b\u200b", "Player 2 needs a name."),
    ("\u200b\u200c\u200d\ufeff\u2060", "Player 2 needs a name."),
    ("\x00", "Player 2 needs a name."),
    ("\u202e", "Player 2 needs a name."),
    ("x" * 10_000, "at most 30 characters"),
]


def games_in_db(app) -> int:
    return app_rows(app, "select count(*) from games")[0][0]


def twin_of_first(names: list[str]) -> list[str]:
    """The first name again, with a zero-width space in it (Bob / B\u200bob)."""
    return [names[0], names[0][0] + "\u200b" + names[0][1:], *names[2:]]


@pytest.mark.parametrize("game, players", [("wizard", ["Bob", "Ann", "Cy"]), ("zibi", ["Bob", "Ann", "Cy", "Dee"])])
@pytest.mark.parametrize("second, words", BAD_SECOND)
def test_api_refuses_a_bad_name_next_to_its_seat_and_creates_nothing(app, api, game, players, second, words):
    before = games_in_db(app)
    status, body = api("post", "/api/games", {"game": game, "players": [players[0], second, *players[2:]]})
    assert status == 422 and body["field"] == "players.1" and words in body["error"], body
    assert games_in_db(app) == before


@pytest.mark.parametrize("game, players", [("wizard", ["Bob", "Ann", "Cy"]), ("zibi", ["Bob", "Ann", "Cy", "Dee"])])
@pytest.mark.parametrize("twin", ["B\u200bob", "\u202eBob", "Bob\x00", "B\u200dob"])
def test_api_refuses_two_names_that_look_the_same(app, api, game, players, twin):
    status, body = api("post", "/api/games", {"game": game, "players": [players[0], twin, *players[2:]]})
    assert status == 422 and body["field"] == "players.1" and "tell them apart" in body["error"], body
    assert games_in_db(app) == 0


def test_api_saves_names_cleaned_and_keeps_a_joined_emoji(app, api):
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    status, body = api("post", "/api/games", {"players": ["\u202eB\u200bob\x00", family, "Cle\u0301o"],
                                              "name": "Friday\u200b \u2066night\u2069"})
    assert status == 201, body
    assert body["sheet"]["players"] == ["Bob", family, "Cl\u00e9o"] and body["name"] == "Friday night"


@pytest.mark.parametrize("form_data", [WIZARD_FORM, ZIBI_FORM], ids=["wizard", "zibi"])
@pytest.mark.parametrize("second, words", BAD_SECOND)
def test_form_refuses_a_bad_name_next_to_its_row_and_creates_nothing(app, client, form_data, second, words):
    players = list(form_data["players"])
    players[1] = second
    resp = client.post("/games", data={**form_data, "players": players})
    assert resp.status_code == 422
    assert words in errors(resp.get_data(as_text=True)).get("players.1", ""), errors(resp.get_data(as_text=True))
    assert games_in_db(app) == 0


@pytest.mark.parametrize("form_data", [WIZARD_FORM, ZIBI_FORM], ids=["wizard", "zibi"])
def test_form_refuses_bob_and_b_zero_width_ob(app, client, form_data):
    players = twin_of_first(["Bob"] + form_data["players"][1:])
    resp = client.post("/games", data={**form_data, "players": players})
    assert resp.status_code == 422
    assert "tell them apart" in errors(resp.get_data(as_text=True)).get("players.1", "")
    assert games_in_db(app) == 0


def test_form_refuses_an_absurd_game_name_next_to_its_field(app, client):
    resp = client.post("/games", data={**WIZARD_FORM, "name": "x" * 10_000})
    assert resp.status_code == 422
    assert "at most 60 characters" in errors(resp.get_data(as_text=True)).get("name", "")
    assert games_in_db(app) == 0


def test_renaming_cleans_the_name_and_refuses_absurd_ones(app, client, api, new_game):
    gid = new_game()  # what the game's paths take
    status, body = api("patch", f"/api/games/{gid}", {"name": "\u202eSun\u200bday\x00"})
    assert status == 200 and body["name"] == "Sunday"
    status, body = api("patch", f"/api/games/{gid}", {"name": "\u200b\ufeff"})  # nothing left: as if blank
    assert status == 200 and body["name"] == "Sunday"
    status, body = api("patch", f"/api/games/{gid}", {"name": "x" * 10_000})
    assert status == 422 and body["field"] == "name" and "at most 60 characters" in body["error"]
    resp = client.post(f"/games/{gid}/rename", data={"name": "\u200b" * 1000})
    assert resp.status_code == 422
    assert "at most 60 characters" in errors(resp.get_data(as_text=True)).get("name", "")
    resp = client.post(f"/games/{gid}/rename", data={"name": "Mon\u2067day\u2069"})
    assert resp.status_code == 303
    assert api("get", f"/api/games/{gid}")[1]["name"] == "Monday"
    stored = api("get", f"/api/games/{gid}")[1]["id"]  # the id in the database file
    assert app_rows(app, "select name from games where id = ?", stored) == [("Monday",)]
