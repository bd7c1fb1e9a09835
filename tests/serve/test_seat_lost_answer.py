"""A phone whose first answer is lost gets its seat on a real ``scribe serve`` (issue 31),
on SQLite and on PostgreSQL: ``GET /p/TOKEN`` sent on a raw socket closed unread claims
the seat, and the same phone, opening the link again without the cookie it never got, is
told to try again in a few seconds, then has its seat; held from then on, no other phone
opens it until the Scribe releases it."""

from __future__ import annotations

import json
import socket
import time
from datetime import datetime, timedelta

import pytest

from scribe import store
from scribe.store.db import writing

from .conftest import request as call

HOST = {"Host": "localhost"}
HX = {**HOST, "HX-Request": "true"}


def _lost(port: int, path: str, cookie: str | None = None) -> None:
    """A request whose answer never reaches the phone: sent, the socket closed unread."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        head = f"GET {path} HTTP/1.1\r\nHost: localhost\r\n" + (f"Cookie: {cookie}\r\n" if cookie else "")
        sock.sendall((head + "\r\n").encode())


def _cookie(headers) -> str:
    """The session cookie an answer set, as the phone sends it back."""
    (session,) = [c.split(";", 1)[0] for c in headers.get_all("Set-Cookie") or [] if c.startswith("session=")]
    return session


def _seconds_later(where: str, seconds: int = 11) -> None:
    """``seconds`` pass: every claim was made that much earlier."""
    db = store.open_db(where, migrate=False)
    try:
        rows = db.execute("select token_hash, claimed_at from links where claimed_at is not null").fetchall()
        with writing(db):
            for token_hash, at in rows:
                earlier = datetime.fromisoformat(at) - timedelta(seconds=seconds)
                db.execute("update links set claimed_at = ? where token_hash = ?",
                           [earlier.isoformat(timespec="seconds"), token_hash])
    finally:
        store.close(db)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_phone_whose_first_answer_was_lost_gets_its_seat(serve, request, backend):
    if backend == "postgresql":
        where = request.getfixturevalue("pg_url")
        server = serve("--host", "127.0.0.1", env={"SCRIBE_DATABASE_URL": where})
    else:
        server = serve("--host", "127.0.0.1")
        where = str(server.instance / "scribe.sqlite3")
    port = server.port
    status, _, body = call(port, "POST", "/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 2,
                                                          "rules": {"reveal": "secret"}}, headers=HOST)
    assert status == 201, body
    key = json.loads(body)["key"]

    def claimed() -> list[bool]:
        return [p["claimed"] for p in json.loads(call(port, "GET", f"/api/games/{key}/links", headers=HOST)[2])["players"]]

    ann = json.loads(call(port, "GET", f"/api/games/{key}/links", headers=HOST)[2])["players"][0]["token"]

    _lost(port, f"/p/{ann}")  # Ann's phone opens her link; the answer never arrives
    deadline = time.monotonic() + 15
    while claimed()[0] is False and time.monotonic() < deadline:
        time.sleep(0.05)
    assert claimed() == [True, False, False]  # committed: the seat is claimed for a key her phone never got

    status, headers, body = call(port, "GET", f"/p/{ann}", headers=HOST)  # her phone again, no cookie
    assert status == 403 and "open the link again in a few seconds" in body.decode()
    assert 1 <= int(headers["Retry-After"]) <= 10
    _seconds_later(where)  # she does, a few seconds later
    status, headers, body = call(port, "GET", f"/p/{ann}", headers=HOST)
    assert status == 200 and "Ann" in body.decode()
    phone = _cookie(headers)
    assert call(port, "GET", f"/p/{ann}/view?v=0", headers={**HX, "Cookie": phone})[0] in (200, 204)  # its poll

    # held: an answer lost now costs nothing (the phone has its cookie), and no other phone opens it
    _lost(port, f"/p/{ann}/view?v=0", phone)
    _seconds_later(where)
    for cookie in ({}, {"Cookie": phone.replace("session=", "session=x")}):
        status, headers, body = call(port, "GET", f"/p/{ann}", headers={**HOST, **cookie})
        assert status == 403 and "already open on another phone" in body.decode() and "Retry-After" not in headers
        assert call(port, "GET", f"/api/player/{ann}", headers={**HOST, **cookie})[0] == 403
    assert call(port, "GET", f"/p/{ann}", headers={**HOST, "Cookie": phone})[0] == 200
    status, _, body = call(port, "POST", f"/api/player/{ann}/bid", {"round": 1, "bid": 1},
                              headers={**HOST, "Cookie": phone})
    assert status == 200, body

    # the Scribe's Release frees it: the next phone takes it, hers is told so
    assert call(port, "POST", f"/api/games/{key}/links", {"link": 0, "op": "release"}, headers=HOST)[0] == 200
    assert claimed() == [False, False, False]
    status, _, body = call(port, "GET", f"/p/{ann}", headers={**HOST, "Cookie": phone})
    assert status == 403 and "released this seat from this phone" in body.decode()
    status, headers, _ = call(port, "GET", f"/p/{ann}", headers=HOST)
    assert status == 200 and claimed() == [True, False, False]
