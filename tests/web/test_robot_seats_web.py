"""A robot in a seat, on the web (issue 37): the Scribe hands a seat nobody holds to a
robot on the links page and gives it back between rounds, refused mid-round with a
message and a 422; every screen shows the robot; the JSON says so; no 500 on bad input."""

from __future__ import annotations

import random

import pytest
from conftest import app_db
from web_helpers import text

from scribe import service, store

SEED = 1  # its deal turns up no Wizard (9's does)


def _game(client, **rules):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
            "rules": {"virtual_deck": True, **rules}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["key"]


def _robot(client, key, seat, level="medium", version=None):
    form = {"seat": seat, "level": level or ""}
    if version is not None:
        form["version"] = version
    return client.post(f"/games/{key}/robots", data=form)


def test_the_scribe_hands_a_seat_to_a_robot_and_every_screen_shows_it(client):
    key = _game(client)
    page = text(client.get(f"/games/{key}/links").get_data(as_text=True))
    assert "Hand the seat to a robot" in page
    assert _robot(client, key, 1, "hard").status_code == 303
    data = client.get(f"/api/games/{key}").get_json()["sheet"]
    assert data["robots"] == {"1": "hard"}
    assert "seed" not in str(data["robots"])
    links = text(client.get(f"/games/{key}/links").get_data(as_text=True))
    assert "A robot (strong) holds Thomas’s seat" in links
    game_page = client.get(f"/games/{key}").get_data(as_text=True)
    assert 'class="badge robot"' in game_page
    tokens = client.get(f"/api/games/{key}/links").get_json()
    watch = client.get(tokens["watch"]["url"] if isinstance(tokens.get("watch"), dict) else f"/w/{tokens['watch']}")
    assert 'class="badge robot"' in watch.get_data(as_text=True)


def test_the_robot_bids_and_plays_by_itself_after_the_deal(client):
    key = _game(client)
    _robot(client, key, 0, "easy")  # Paul bids first (the dealer is Marie, W-B1)
    resp = client.post(f"/api/games/{key}/actions/deal", json={"round": 1})
    assert resp.status_code == 200, resp.get_json()
    data = client.get(f"/api/games/{key}").get_json()["sheet"]
    assert data["rounds"][0]["bids"][0] is not None  # the robot bid within the deal's request
    assert "robot" in text(client.get(f"/games/{key}").get_data(as_text=True))


def test_a_seat_changes_hands_between_rounds_only(client):
    key = _game(client)
    client.post(f"/api/games/{key}/actions/deal", json={"round": 1})
    resp = _robot(client, key, 1)
    assert resp.status_code == 422
    assert "between rounds only" in text(resp.get_data(as_text=True))
    assert client.get(f"/api/games/{key}").get_json()["sheet"]["robots"] == {}


def test_a_robot_seat_goes_back_to_a_person(client):
    """While a robot holds Marie's seat, the links page offers no phone link for it (nobody
    should open a seat a robot plays); given back, her link card is there again."""
    key = _game(client)
    _robot(client, key, 2)
    page = client.get(f"/games/{key}/links").get_data(as_text=True)
    assert 'id="link-2"' not in page and 'id="link-1"' in page and 'id="robot-2"' in page
    assert _robot(client, key, 2, None).status_code == 303
    assert client.get(f"/api/games/{key}").get_json()["sheet"]["robots"] == {}
    assert 'id="link-2"' in client.get(f"/games/{key}/links").get_data(as_text=True)


def test_a_claimed_seat_is_not_handed_to_a_robot(app, client):
    key = _game(client)
    token = client.get(f"/api/games/{key}/links").get_json()["players"][1]["token"]
    phone = app.test_client()
    assert phone.get(f"/p/{token}").status_code == 200  # Thomas's phone holds the seat
    resp = _robot(client, key, 1)
    assert resp.status_code == 422
    assert "release it first" in text(resp.get_data(as_text=True))


@pytest.mark.parametrize("form", [
    {"seat": "9", "level": "easy"}, {"seat": "x", "level": "easy"}, {"seat": "", "level": "easy"},
    {"seat": "1", "level": "genius"}, {"seat": "1", "level": ""},  # not a robot's seat: nothing to give back
    {"level": "easy"}, {"seat": "1", "level": "easy", "version": "zzz"},
])
def test_bad_robot_forms_get_a_message_and_a_4xx_never_a_500(client, form):
    key = _game(client)
    resp = client.post(f"/games/{key}/robots", data=form)
    assert 400 <= resp.status_code < 500
    assert client.get(f"/api/games/{key}").get_json()["sheet"]["robots"] == {}


def test_the_api_takes_the_bot_action_and_refuses_a_bad_level(client):
    key = _game(client)
    resp = client.post(f"/api/games/{key}/actions/bot", json={"seat": 1, "level": "genius"})
    assert resp.status_code == 422
    resp = client.post(f"/api/games/{key}/actions/bot", json={"seat": 1, "level": "easy"})
    assert resp.status_code == 200, resp.get_json()
    assert client.get(f"/api/games/{key}").get_json()["sheet"]["robots"] == {"1": "easy"}


def test_robots_are_offered_only_with_the_virtual_deck(client):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard"}
    key = client.post("/api/games", json=body).get_json()["key"]
    assert "Hand the seat to a robot" not in text(client.get(f"/games/{key}/links").get_data(as_text=True))
    assert _robot(client, key, 1).status_code == 422


def _form(**fields):
    form = {"game": "wizard", "players": ["Paul", "Thomas", "Marie", ""], "dealer": "2", "preset": "standard",
            "virtual_deck": "on"}
    form.update(fields)
    return form


def test_the_new_game_form_seats_a_robot(client):
    page = text(client.get("/games/new").get_data(as_text=True))
    assert "robot (medium)" in page and "a person" in page
    resp = client.post("/games", data=_form(**{"robot.1": "hard"}))
    assert resp.status_code == 303
    game_url = resp.headers["Location"]
    key = game_url.rstrip("/").split("/")[-1]
    assert client.get(f"/api/games/{key}").get_json()["sheet"]["robots"] == {"1": "hard"}


@pytest.mark.parametrize(("fields", "says"), [
    ({"robot.1": "easy", "virtual_deck": ""}, "only with the virtual deck"),
    ({"robot.0": "easy", "robot.1": "easy", "robot.2": "easy"}, "stays with a person"),
    ({"robot.1": "genius"}, "easy, medium or strong"),
])
def test_a_new_game_form_with_bad_robots_makes_nothing_and_says_why(app, client, fields, says):
    resp = client.post("/games", data=_form(**fields))
    assert resp.status_code == 422
    assert says in text(resp.get_data(as_text=True))
    with app_db(app) as db:
        assert store.list_games(db) == []


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_the_scribes_page_never_offers_to_take_back_a_robots_card(app, client, game, monkeypatch):
    """W-P1, K-P1: the robot leads (Marie deals, Paul leads) and plays by itself; the
    Scribe's page then offers Thomas's turn, never « Paul takes back a card » by passing
    the phone to a robot (undo takes a robot's move back). Each game's own play panel."""
    from table_driver import Table

    # the same deal every run: one turning up a Wizard would have Marie name trump first
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SEED))
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "rules": {"virtual_deck": True}}
    body.update({"game": "skull_king"} if game == "skull_king" else {"preset": "standard"})
    t = Table(app, body, ways=("api",))
    assert t.scribe.post(f"/api/games/{t.key}/actions/bot", json={"seat": 0, "level": "easy"}).status_code == 200
    assert t.deal().status_code == 200
    sheet = t.sheet()
    row = sheet["rounds"][0]
    for seat in (1, 2):
        if row["bids"][seat] is None:
            assert t.bid(seat, 0).status_code == 200
    play = t.sheet()["rounds"][0]["play"]
    assert play["trick"] and play["trick"][0]["player"] == 0, play  # the robot led at once
    page = text(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
    assert "Paul takes back a card" not in page and "Play for Thomas" in page, page[-600:]
