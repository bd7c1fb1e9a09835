"""A seat's old link while a robot plays that seat (issue 37): the robot's cards are
nobody's to see, so its link opens as a watcher's view (no hand, sealed bids as for a
watcher) on its page, its fragment, its stream and its JSON; the page says a robot plays
the seat; every act tapped through it is refused (403, the message, nothing recorded);
and opening it claims nothing, so the seat given back opens as the seat's own again."""

from __future__ import annotations

import json
import random

import pytest
from conftest import app_db
from test_belote_pages import FOUR, setup_data
from web_helpers import created, text

from scribe import bot_turns, service, sharing

SEED = 1
SAYS = "A robot (easy) plays Marie’s seat now. The Scribe can give it back to you between rounds."


def _wizard(client, **rules) -> str:
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 1, "preset": "standard",
            "rules": {"virtual_deck": True, **rules}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["key"]


def _token(client, key: str, seat: int) -> str:
    return client.get(f"/api/games/{key}/links").get_json()["players"][seat]["token"]


def _claimed(client, key: str, seat: int) -> bool:
    return client.get(f"/api/games/{key}/links").get_json()["players"][seat]["claimed"]


def _robot(client, key: str, seat: int, level: str | None = "easy"):
    return client.post(f"/games/{key}/robots", data={"seat": seat, "level": level or ""})


def _full(app, client, key: str):
    """The whole sheet and log, as only the server reads them."""
    gid = client.get(f"/api/games/{key}").get_json()["id"]
    with app_db(app) as db:
        _game, full, log = service.load(db, gid)
    return full, log


def _hand(app, client, key: str, seat: int) -> list[str]:
    """The cards ``seat`` holds now, as its own view deals them."""
    full, log = _full(app, client, key)
    return list(sharing.own_hands(sharing.viewer_sheet(full, seat, log), seat)["current"]["hand"])


def _answers(phone, token: str) -> dict[str, str]:
    """Everything the seat's link answers: page, fragment, stream, JSON."""
    out = {"page": phone.get(f"/p/{token}"), "view": phone.get(f"/p/{token}/view"),
           "events": phone.get(f"/p/{token}/events?v=0"), "json": phone.get(f"/api/player/{token}")}
    assert all(r.status_code == 200 for r in out.values()), {k: r.status_code for k, r in out.items()}
    return {k: r.get_data(as_text=True) for k, r in out.items()}


def _no_card_of(answers: dict[str, str], hand: list[str]) -> None:
    for where, body in answers.items():
        assert 'id="hand"' not in body and 'id="hand-play"' not in body, where
        for card in hand:
            assert f'data-card="{card}"' not in body and f'"{card}"' not in body, (where, card)
    assert "cards" not in json.loads(answers["json"]) or not json.loads(answers["json"])["cards"]


@pytest.mark.parametrize("rules", [{}, {"reveal": "hidden"}, {"reveal": "secret"}])
def test_a_wizard_robot_seats_link_shows_no_card_of_the_robot(app, client, rules, monkeypatch):
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SEED))  # no Wizard turned: the robot bids at once
    key = _wizard(client, **rules)
    token = _token(client, key, 2)
    assert _robot(client, key, 2).status_code == 303
    assert client.post(f"/api/games/{key}/actions/deal", json={"round": 1}).status_code == 200
    hand = _hand(app, client, key, 2)
    numbers = [c for c in hand if c not in ("W", "J")]  # the 4 Wizards (Jesters) share one code
    phone = app.test_client()
    answers = _answers(phone, token)
    _no_card_of(answers, numbers)
    for where in ("page", "view"):
        assert SAYS in text(answers[where]), where
        assert "Your hand" not in text(answers[where]) and 'name="bid"' not in answers[where], where
    data = json.loads(answers["json"])
    assert data["robot"] == "easy" and data["robot_says"] == SAYS
    full, _log = _full(app, client, key)
    assert full.rows[0].bids[2] is not None  # the robot bid by itself...
    if rules:  # ...sealed: its link sees it as a watcher does
        assert data["sheet"]["rounds"][0]["bids"][2] is None and data["sheet"]["rounds"][0]["sealed"][2]
    assert not _claimed(client, key, 2)


def test_acts_through_a_robot_seats_link_are_refused_and_record_nothing(app, client):
    key = _wizard(client, reveal="hidden")
    token = _token(client, key, 2)
    _robot(client, key, 2)
    client.post(f"/api/games/{key}/actions/deal", json={"round": 1})
    hand = _hand(app, client, key, 2)
    before = _full(app, client, key)[0].version
    phone = app.test_client()
    posts = [("bid", {"round": "1", "bid": "0"}), ("rebid", {"round": "1", "bid": "1"}),
             ("played", {"round": "1", "card": hand[0]}), ("take_back", {"round": "1"}),
             ("trump", {"round": "1", "suit": "red"}), ("call", {"round": "1", "call": "pass"})]
    for path, form in posts:
        resp = phone.post(f"/p/{token}/{path}", data=form)
        assert resp.status_code == 403, (path, resp.status_code)
        assert SAYS in text(resp.get_data(as_text=True)), path
        if path == "trump":  # named on the page only: the API has no trump route
            continue
        api = phone.post(f"/api/player/{token}/{path}", json={k: int(v) if v.isdecimal() else v for k, v in form.items()})
        assert api.status_code == 403 and api.get_json()["error"] == SAYS, (path, api.get_json())
    assert _full(app, client, key)[0].version == before
    assert not _claimed(client, key, 2)


def test_the_seat_given_back_opens_as_its_own_again(app, client):
    key = _wizard(client)
    token = _token(client, key, 2)
    _robot(client, key, 2)
    phone = app.test_client()
    assert SAYS in text(phone.get(f"/p/{token}").get_data(as_text=True))
    assert phone.post(f"/p/{token}/claim").status_code == 303  # asking for the seat takes nothing either
    assert phone.post(f"/p/{token}/move", data={"confirm": "yes"}).status_code == 303
    assert not _claimed(client, key, 2)
    # the links page still lets the Scribe give the seat back: nobody's phone holds it
    assert 'id="robot-2"' in client.get(f"/games/{key}/links").get_data(as_text=True)
    assert _robot(client, key, 2, None).status_code == 303
    page = text(phone.get(f"/p/{token}").get_data(as_text=True))
    assert SAYS not in page and "Your total" in page
    assert _claimed(client, key, 2)
    assert app.test_client().get(f"/p/{token}").status_code == 403  # now this phone's seat


def test_the_robot_seats_link_follows_the_seat_given_back(app, client):
    """The fragment the page polls (and streams) becomes the seat's own once it is given back."""
    key = _wizard(client)
    token = _token(client, key, 2)
    _robot(client, key, 2)
    phone = app.test_client()
    assert SAYS in text(phone.get(f"/p/{token}/view").get_data(as_text=True))
    _robot(client, key, 2, None)
    fresh = text(phone.get(f"/p/{token}/view").get_data(as_text=True))
    assert SAYS not in fresh and "Your total" in fresh


def test_the_french_page_says_it_without_an_article_before_the_name(app, client):
    key = _wizard(client)
    token = _token(client, key, 2)
    _robot(client, key, 2, "medium")
    page = text(app.test_client().get(f"/p/{token}", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Un robot (moyen) joue pour Marie" in page


# ----------------------------------------------------------------- Belote


@pytest.fixture
def held(monkeypatch):
    """The robots held (after an act and on a read), the deal seeded: the robot's cards stay in its hand."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(2))
    monkeypatch.setattr(service, "AFTER_ACT", [])
    monkeypatch.setattr(bot_turns, "kick", lambda *a, **k: None)
    monkeypatch.setattr(bot_turns, "poll_kick", lambda *a, **k: None)


def test_a_belote_robot_seats_link_shows_no_card_and_takes_no_call(app, client, held):
    gid = created(client, setup_data(FOUR, virtual_deck="on", dealer="0"))
    token = _token(client, gid, 3)
    resp = client.post(f"/games/{gid}/robots", data={"seat": 3, "level": "easy", "version": 0})
    assert resp.status_code == 303
    client.post(f"/games/{gid}/deal", data={"version": _full(app, client, gid)[0].version, "round": 1})
    hand = _hand(app, client, gid, 3)
    assert len(hand) == 5
    phone = app.test_client()
    answers = _answers(phone, token)
    _no_card_of(answers, hand)
    says = "A robot (easy) plays Dee’s seat now."
    assert says in text(answers["page"]) and 'id="calls"' not in answers["page"]
    assert 'class="badge robot"' in answers["page"]
    before = _full(app, client, gid)[0].version  # Dee speaks first (Ana deals): the robot's turn
    for path, form in [("call", {"round": "1", "call": "pass"}), ("played", {"round": "1", "card": hand[0]})]:
        resp = phone.post(f"/p/{token}/{path}", data=form)
        assert resp.status_code == 403 and says in text(resp.get_data(as_text=True)), path
    assert _full(app, client, gid)[0].version == before
    assert not _claimed(client, gid, 3)


# ------------------------------------------------------------- the Scribe's own phone


@pytest.mark.parametrize("rules", [{"reveal": "hidden"}, {"reveal": "secret"}])
def test_the_scribes_phone_shows_no_robots_hand_either(app, client, rules, monkeypatch):
    """The robot's cards are the Scribe's neither: the pass-the-phone page and the seat's
    API answer 409 with « is a robot » and none of its cards (bids each seat makes alone)."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SEED))
    key = _wizard(client, **rules)
    assert _robot(client, key, 2).status_code == 303
    assert client.post(f"/api/games/{key}/actions/deal", json={"round": 1}).status_code == 200
    hand = _hand(app, client, key, 2)
    passed = client.get(f"/games/{key}/pass/2")
    assert passed.status_code == 409
    assert "Marie is a robot: it plays by itself." in text(passed.get_data(as_text=True))
    api = client.get(f"/api/games/{key}/seats/2")
    assert api.status_code == 409 and api.get_json()["field"] == "player"
    for body in (passed.get_data(as_text=True), api.get_data(as_text=True)):
        for card in hand:
            assert f'data-card="{card}"' not in body and f'"{card}"' not in body
    assert client.get(f"/api/games/{key}/seats/0").status_code == 200  # a person's seat still opens


def test_the_scribe_cannot_say_they_are_the_robot(client):
    key = _wizard(client, reveal="hidden")
    assert _robot(client, key, 2).status_code == 303
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert 'name="seat" value="2"' not in page and 'name="seat" value="1"' in page  # offered: the people only
    resp = client.post(f"/games/{key}/seat", data={"seat": "2"})
    assert resp.status_code == 422
    assert "Marie is a robot: it plays by itself." in text(resp.get_data(as_text=True))
    assert not _claimed(client, key, 2)
