"""A phone whose first answer is lost is not locked out of its seat (issue 31).

Opening a player's link claims the seat for the phone's device key, which that phone
learns only from the answer's cookie. When the answer never arrives, the phone opens the
link again with no cookie, like any other phone: the claim it made waits for it a few
seconds (another phone is refused meanwhile), then the link's holder takes the seat
again. A claim whose phone came back with its cookie is held for good, as before: one
phone per seat, taken only through the link, freed only by the Scribe's Release.

Time passing is the claim's time moved back in the database (``_seconds_later``).
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from conftest import app_db, app_rows
from web_helpers import HX, text

from scribe.store import links
from scribe.store.db import writing

PAUL, THOMAS, MARIE = range(3)
TAKEN = "already open on another phone"
WAITING = "If this phone opened it a moment ago"


@pytest.fixture
def phone(app):
    """Another browser on the same server: its own cookies, no link but what it is given."""
    return lambda: app.test_client()


def _game(client, reveal="secret"):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
            "rules": {"reveal": reveal}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    key = resp.get_json()["key"]
    links = client.get(f"/api/games/{key}/links").get_json()
    return {"key": key, "players": [p["token"] for p in links["players"]]}


def _seconds_later(app, seconds: int = 11) -> None:
    """``seconds`` pass: every claim was made that much earlier."""
    with app_db(app) as db:
        rows = db.execute("select token_hash, claimed_at from links where claimed_at is not null").fetchall()
        with writing(db):
            for token_hash, at in rows:
                earlier = datetime.fromisoformat(at) - timedelta(seconds=seconds)
                db.execute("update links set claimed_at = ? where token_hash = ?",
                           [earlier.isoformat(timespec="seconds"), token_hash])


def _claimed(client, key) -> list[bool]:
    return [p["claimed"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]


def _poll(who, token) -> int:
    """The page's poll, as it comes within two seconds of the page (204: nothing new)."""
    return who.get(f"/p/{token}/view?v=0", headers=HX).status_code


def _page(who, token):
    resp = who.get(f"/p/{token}")
    return resp.status_code, text(resp.get_data(as_text=True))


def test_a_phone_whose_first_answer_was_lost_gets_its_seat_a_few_seconds_later(app, client, phone):
    """GET /p/TOKEN claims the seat; its answer (and cookie) is lost; the same phone opens
    the link again, cookie-less: told to wait a moment, then it has its seat."""
    t = _game(client)
    paul = t["players"][PAUL]
    lost = phone()
    assert lost.get(f"/p/{paul}").status_code == 200  # committed: the answer never reaches the phone
    assert _claimed(client, t["key"]) == [True, False, False]
    same = phone()  # the same phone, without the cookie it never got
    status, page = _page(same, paul)
    assert status == 403 and TAKEN in page and WAITING in page and "in a few seconds" in page
    _seconds_later(app)
    status, page = _page(same, paul)
    assert status == 200 and "Paul" in page
    assert _poll(same, paul) in (200, 204)  # its page polls: the seat is its own
    assert same.post(f"/p/{paul}/bid", data={"round": "1", "bid": "1"}).status_code == 303
    assert same.get(f"/api/player/{paul}").get_json()["sheet"]["rounds"][0]["bids"][PAUL] == 1
    # one phone per seat: the claim it lost is no longer anyone's, not even ten seconds on
    _seconds_later(app)
    for who in (lost, phone(), client):
        status, page = _page(who, paul)
        assert status == 403 and TAKEN in page
        assert who.post(f"/p/{paul}/bid", data={"round": "1", "bid": "0"}).status_code == 403
    assert _claimed(client, t["key"]) == [True, False, False]


def test_a_phone_that_came_back_holds_its_seat_for_good(app, client, phone):
    """Its cookie came back once (the page's first poll): no other phone opens the seat,
    however long after; the phone itself opens it again whenever, an answer lost or not."""
    t = _game(client)
    paul = t["players"][PAUL]
    pauls = phone()
    assert pauls.get(f"/p/{paul}").status_code == 200
    assert _poll(pauls, paul) in (200, 204)
    _seconds_later(app, 3600)
    for who in (phone(), phone(), client):
        status, page = _page(who, paul)
        assert status == 403 and TAKEN in page and WAITING not in page
        assert who.get(f"/api/player/{paul}").status_code == 403
    assert pauls.get(f"/p/{paul}").status_code == 200
    # an answer lost later (the phone has its cookie by then): nothing changes for it
    copy = phone()
    copy.set_cookie("session", pauls.get_cookie("session").value)
    assert _poll(copy, paul) in (200, 204)  # its answer thrown away
    assert pauls.get(f"/p/{paul}").status_code == 200


def test_another_phone_is_refused_while_the_claim_waits_for_its_phone(app, client, phone):
    """Within the few seconds a claim waits for its phone, any other phone, the Scribe's
    included, is refused (and told when to try again); the claiming phone, back with its
    cookie, keeps the seat for good."""
    t = _game(client)
    paul = t["players"][PAUL]
    pauls, other = phone(), phone()
    assert pauls.get(f"/p/{paul}").status_code == 200
    for who in (other, client):
        status, page = _page(who, paul)
        assert status == 403 and WAITING in page
        api = who.get(f"/api/player/{paul}")
        assert api.status_code == 403 and WAITING in api.get_json()["error"]
        assert 1 <= int(api.headers["Retry-After"]) <= 10
        assert who.post(f"/api/player/{paul}/bid", json={"round": 1, "bid": 0}).status_code == 403
    french = phone().get(f"/p/{paul}", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert french.status_code == 403 and "rouvrez le lien dans quelques secondes" in text(french.get_data(as_text=True))
    assert _poll(pauls, paul) in (200, 204)  # its page polls
    _seconds_later(app)
    status, page = _page(other, paul)
    assert status == 403 and TAKEN in page
    assert pauls.get(f"/p/{paul}").status_code == 200


def test_an_api_client_whose_first_answer_was_lost_gets_its_seat(app, client, phone):
    t = _game(client)
    paul = t["players"][PAUL]
    assert phone().get(f"/api/player/{paul}").status_code == 200  # its answer lost
    same = phone()
    assert same.get(f"/api/player/{paul}").status_code == 403
    _seconds_later(app)
    assert same.get(f"/api/player/{paul}").get_json()["player"] == PAUL
    assert same.post(f"/api/player/{paul}/bid", json={"round": 1, "bid": 1}).status_code == 200


def test_the_scribe_releases_a_seat_its_phone_never_came_back_to(app, client, phone):
    """Release frees a claim whether its phone came back or not; the phone the Scribe
    released it from is told so and does not take it back by polling."""
    t = _game(client)
    paul = t["players"][PAUL]
    first = phone()
    assert first.get(f"/p/{paul}").status_code == 200  # its answer lost or not: never came back
    assert client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "release"}).status_code == 303
    assert _claimed(client, t["key"]) == [False, False, False]
    status, page = _page(first, paul)
    assert status == 403 and "released this seat from this phone" in page
    second = phone()
    assert second.get(f"/p/{paul}").status_code == 200 and _poll(second, paul) in (200, 204)
    _seconds_later(app)
    assert _page(first, paul)[0] == 403
    assert _poll(first, paul) == 403
    # released again, once confirmed: the next phone takes it, the released one only by asking
    assert client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "release"}).status_code == 303
    third = phone()
    assert third.get(f"/p/{paul}").status_code == 200
    _seconds_later(app)
    assert _poll(second, paul) == 403  # released: not by polling
    assert third.get(f"/p/{paul}").status_code == 200
    rows = app_rows(app, "select count(*) from links where claim_hash is not null")
    assert rows == [(1,)]


def test_the_docs_say_how_long_a_claim_waits_for_its_phone():
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    said = f"{links.WAIT_SECONDS} seconds"
    assert said in (docs / "privacy.md").read_text() and said in (docs / "api.md").read_text()
