"""A robot in a seat of Belote and Coinche through the pages (issue 37): the new-game form
(a seat played by a person or a robot at a level, with the cards on the phones), the
Scribe's links page (a seat nobody claimed handed to a robot and back, between deals
only: B-D1), the « robot » badge, the Scribe's page saying it is the robot's turn, the
JSON views' "robots" and the API's "bot" action. Refusals: a 4xx, the message next to
its field, nothing saved."""

from __future__ import annotations

import random

import pytest
from test_belote_deck_pages import phones
from test_belote_pages import FOUR, setup_data
from web_helpers import created, errors, game_page, text

from scribe import bot_turns, service


@pytest.fixture
def seeded(monkeypatch):
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(2))


def hold_robots(monkeypatch):
    """The runner held (after an act and on a read): the robot's turn stays on the pages."""
    monkeypatch.setattr(service, "AFTER_ACT", [])
    monkeypatch.setattr(bot_turns, "kick", lambda *a, **k: None)
    monkeypatch.setattr(bot_turns, "poll_kick", lambda *a, **k: None)


def robots_of(client, gid) -> dict:
    return client.get(f"/api/games/{gid}/sheet").get_json()["robots"]


def version_of(client, gid) -> int:
    return client.get(f"/api/games/{gid}/sheet").get_json()["version"]


def links(client, gid) -> str:
    resp = client.get(f"/games/{gid}/links")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def hand_over(client, gid, seat, level, version=None):
    data = {"seat": seat, "level": level, "version": version_of(client, gid) if version is None else version}
    return client.post(f"/games/{gid}/robots", data=data)


def games_count(client) -> int:
    return client.get("/api/games").get_json().get("count", None) or len(client.get("/api/games").get_json()["games"])


# ----------------------------------------------------------------- the new-game form


def test_the_form_offers_a_robot_for_each_seat():
    from scribe import create_app

    page = create_app({"TESTING": True}).test_client().get("/games/new?game=belote").get_data(as_text=True)
    for seat in range(4):
        assert f'name="robot.{seat}"' in page
    assert "robot (strong)" in page and "a person" in page
    assert "hard" not in text(page).lower().split("robot (strong)")[0][-20:]  # the level's key is never read


def test_a_game_made_with_a_robot_shows_it(client):
    gid = created(client, setup_data(["Ana", "Ben", "Cy", ""], virtual_deck="on", **{"robot.3": "hard"}))
    assert robots_of(client, gid) == {"3": "hard"}
    sheet = client.get(f"/api/games/{gid}/sheet").get_json()
    assert sheet["players"][3] == "Robot 4"  # no name typed for the robot's seat
    page = game_page(client, gid)
    assert 'class="badge robot"' in page and "Robot 4" in text(page)


@pytest.mark.parametrize(("extra", "words"), [
    ({"robot.0": "easy"}, "virtual deck"),  # no virtual deck: the table deals real cards
    ({"virtual_deck": "on", "robot.0": "easy", "robot.1": "easy", "robot.2": "easy", "robot.3": "easy"}, "person"),
    ({"virtual_deck": "on", "robot.1": "expert"}, "easy, medium or strong"),
])
def test_a_bad_robot_on_the_form_is_refused_next_to_it_and_no_game_is_made(client, extra, words):
    before = client.get("/api/games").get_data(as_text=True)
    resp = client.post("/games", data=setup_data(FOUR, **extra))
    assert resp.status_code == 422
    page = resp.get_data(as_text=True)
    assert words in errors(page)["robot"]
    assert 'name="robot.0"' in page  # the form again, as typed
    assert client.get("/api/games").get_data(as_text=True) == before


# ----------------------------------------------------------------- the links page


def test_a_seat_nobody_claimed_goes_to_a_robot_and_back(client):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    page = links(client, gid)
    assert page.count('action="/games/') and "Hand the seat to a robot" in page
    resp = hand_over(client, gid, 2, "medium")
    assert resp.status_code == 303
    assert robots_of(client, gid) == {"2": "medium"}
    page = links(client, gid)
    assert "Give the seat back to a person" in page and "A robot (medium) holds Cy’s seat" in text(page)
    assert hand_over(client, gid, 2, "").status_code == 303
    assert robots_of(client, gid) == {}


def test_no_robot_is_offered_without_the_virtual_deck(client):
    gid = created(client, setup_data(FOUR))
    assert "Hand the seat to a robot" not in links(client, gid)
    resp = hand_over(client, gid, 1, "easy")
    assert resp.status_code == 422 and "virtual deck" in errors(resp.get_data(as_text=True))["seat"]


def test_b_d1_no_robot_comes_mid_deal(client, seeded):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    client.post(f"/games/{gid}/deal", data={"version": version_of(client, gid), "round": 1})
    v = version_of(client, gid)
    resp = hand_over(client, gid, 1, "easy")
    assert resp.status_code == 422
    assert "between deals" in errors(resp.get_data(as_text=True))["seat"]
    assert version_of(client, gid) == v and robots_of(client, gid) == {}


def test_a_seat_a_phone_holds_is_not_handed_to_a_robot(app, client):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    token = client.get(f"/api/games/{gid}/links").get_json()["players"][1]["token"]
    phones(app, [token])
    resp = hand_over(client, gid, 1, "hard")
    assert resp.status_code == 422 and "release" in errors(resp.get_data(as_text=True))["seat"]
    assert robots_of(client, gid) == {}


@pytest.mark.parametrize(("seat", "level", "field"), [
    ("9", "easy", "seat"), ("x", "easy", "seat"), ("", "easy", "seat"), ("0", "expert", "level"),
    ("0", "", "seat"),  # no robot there to give back
])
def test_bad_hand_overs_are_refused_with_a_message(client, seat, level, field):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    resp = hand_over(client, gid, seat, level)
    assert resp.status_code == 422
    assert field in errors(resp.get_data(as_text=True))
    assert version_of(client, gid) == 0


def test_a_stale_page_or_a_double_tap_saves_nothing_more(client):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    assert hand_over(client, gid, 3, "easy", version=0).status_code == 303
    again = hand_over(client, gid, 3, "easy", version=0)  # the same tap, sent twice
    assert again.status_code == 409 and "version" in errors(again.get_data(as_text=True))
    assert version_of(client, gid) == 1


# ----------------------------------------------------------------- every screen


def test_the_robot_is_on_every_screen_and_the_scribe_is_told_its_turn(app, client, seeded, monkeypatch):
    hold_robots(monkeypatch)
    gid = created(client, setup_data(FOUR, virtual_deck="on", dealer="0"))
    hand_over(client, gid, 3, "easy")  # Ana deals: Dee (3) speaks first
    links_json = client.get(f"/api/games/{gid}/links").get_json()
    client.post(f"/games/{gid}/deal", data={"version": version_of(client, gid), "round": 1})
    table = client.get(f"/api/games/{gid}/sheet").get_json()["table"]
    assert table["speaker"] == 3
    scribe_page = game_page(client, gid)
    assert "The robot speaks for Dee" in text(scribe_page) and 'id="calls"' not in scribe_page
    phone = phones(app, [links_json["players"][0]["token"]])[0]
    for page in (game_page(client, gid), phone.get(f"/p/{links_json['players'][0]['token']}").get_data(as_text=True),
                 app.test_client().get(f"/w/{links_json['watch']['token']}").get_data(as_text=True)):
        assert 'data-robot="3"' in page
    seen = phone.get(f"/api/player/{links_json['players'][0]['token']}").get_json()
    assert seen["sheet"]["robots"] == {"3": "easy"}


def test_the_api_hands_a_seat_over_and_refuses_bad_bodies(api, client):
    gid = created(client, setup_data(FOUR, virtual_deck="on"))
    status, body = api("post", f"/api/games/{gid}/actions/bot", {"seat": 0, "level": "hard", "seed": 5})
    assert status in (200, 201), body
    assert robots_of(client, gid) == {"0": "hard"}
    for bad in ({"seat": 0, "level": "expert"}, {"seat": "zero", "level": "easy"}, {"level": "easy"}):
        status, body = api("post", f"/api/games/{gid}/actions/bot", bad)
        assert status == 422, body
    assert robots_of(client, gid) == {"0": "hard"}


def test_the_rematch_keeps_the_robots_in_their_seats(client):
    gid = created(client, setup_data(FOUR, virtual_deck="on", end="other", target="100", **{"robot.1": "easy"}))
    resp = client.post(f"/games/{gid}/result", data={"version": version_of(client, gid), "counted": "takers",
                                                     "takers": "0", "points": "120"})
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    assert client.get(f"/api/games/{gid}/sheet").get_json()["finished"]
    again = client.post(f"/games/{gid}/rematch")
    assert again.status_code == 303
    next_key = again.headers["Location"].rstrip("/").rsplit("/games/", 1)[1].split("/")[0]
    assert robots_of(client, next_key) == {"1": "easy"}


def test_the_robots_seat_link_offers_no_call_buttons(app, client, seeded, monkeypatch):
    hold_robots(monkeypatch)
    gid = created(client, setup_data(FOUR, virtual_deck="on", dealer="0"))
    token = client.get(f"/api/games/{gid}/links").get_json()["players"][3]["token"]
    hand_over(client, gid, 3, "easy")  # Ana deals: Dee speaks first
    client.post(f"/games/{gid}/deal", data={"version": version_of(client, gid), "round": 1})
    page = phones(app, [token])[0].get(f"/p/{token}").get_data(as_text=True)
    assert "A robot (easy) plays Dee’s seat now" in text(page) and 'id="calls"' not in page


def test_the_robot_calls_and_plays_by_itself_after_each_act(client, seeded):
    """The runner (no pause under tests): once dealt, the robot's moves are recorded with
    nobody tapping, through the same entries as a phone's (B-D1, B-P1)."""
    gid = created(client, setup_data(FOUR, virtual_deck="on", dealer="0", **{"robot.3": "medium"}))
    client.post(f"/games/{gid}/deal", data={"version": version_of(client, gid), "round": 1})
    history = client.get(f"/api/games/{gid}/history").get_json()
    entries = history.get("entries", history) if isinstance(history, dict) else history
    said = [e for e in entries if e.get("kind") == "call"]
    assert said and said[0]["data"]["player"] == 3  # Dee, the dealer's right, spoke by itself
    table = client.get(f"/api/games/{gid}/sheet").get_json()["table"]
    assert table["speaker"] != 3


def test_the_printed_sheet_names_the_robot(client):
    import io

    from pypdf import PdfReader

    gid = created(client, setup_data(["Ana", "Ben", "Cy & Co", "Dee"], virtual_deck="on", **{"robot.2": "easy"}))
    resp = client.get(f"/games/{gid}/sheet.pdf")
    assert resp.status_code == 200
    words = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(resp.data)).pages)
    assert "Played by a robot: Cy & Co" in words  # escaped once, read as typed
