"""Issue 31, every tap counts once on any node: two real ``scribe serve`` nodes on one
PostgreSQL database. Node A commits each write, then is killed (SIGKILL) before it answers
(SCRIBE_TESTING_HOLD_ANSWER_S holds its answers); each tap is sent again, with the same
Idempotency-Key, to node B, which answers it replayed: exactly one entry (one rename, one
new link, one release, one delete, one restore) per tap, for every route kind, with and without ``version``."""

from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from scribe.store import close, open_db
from scribe.web.taps import HOLD_ENV

from .conftest import Server, request
from .test_nodes import PLAYERS, SECRET

HOST = {"Host": "localhost"}


@dataclass
class Node:
    server: Server

    def call(self, method: str, path: str, body=None, headers=None, ok=(200, 201, 204)) -> tuple[int, Any, Any]:
        status, hdrs, raw = request(self.server.port, method, path, body, {**HOST, **(headers or {})})
        data = json.loads(raw) if raw else None
        assert status in ok, (method, path, body, status, data)
        return status, hdrs, data


@dataclass
class Tap:
    """One tap: sent to A (committed, unanswered), then again to B with the same key."""

    name: str
    method: str
    path: str
    body: dict
    key: str
    count: Any  # () -> what must grow by exactly one: entries, names, links
    headers: dict = field(default_factory=dict)
    entry: bool = True  # records an entry: answered the sheet that entry made
    before: Any = None


def _wizard(b: Node, **rules) -> str:
    return b.call("POST", "/api/games", {"players": PLAYERS, "first_dealer": 0,
                                         "rules": {"rounds": 3, **rules}})[2]["key"]


def _entries(b: Node, key: str):
    return lambda: len(b.call("GET", f"/api/games/{key}/history")[2]["entries"])


def _phone(b: Node, key: str, seat: int) -> tuple[str, dict]:
    """A phone that opened (claimed) a seat's link: its token and its cookie."""
    token = b.call("GET", f"/api/games/{key}/links")[2]["players"][seat]["token"]
    _, hdrs, _ = b.call("GET", f"/api/player/{token}")
    return token, {"Cookie": hdrs.get("Set-Cookie").split(";")[0]}


def _dealt(b: Node, key: str) -> None:
    b.call("POST", f"/api/games/{key}/deal", {})
    trump = b.call("GET", f"/api/games/{key}/sheet")[2]["rounds"][0].get("trump") or {}
    if trump.get("card") == "wizard" and trump.get("suit") is None:  # the dealer names the suit (W-R3)
        b.call("POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})


def taps(b: Node, db, versioned: bool) -> list[Tap]:
    """Every route kind, each on a game of its own brought to the moment of the tap."""
    tag = "v" if versioned else "n"

    def v(key: str) -> dict:
        return {"version": b.call("GET", f"/api/games/{key}/sheet")[2]["version"]} if versioned else {}

    made: list[Tap] = []

    def add(name: str, method: str, path: str, body: dict, count, headers=None):
        made.append(Tap(name, method, path, body, f"{tag}-{name}-6f1c1a52", count, headers or {},
                        entry=name not in ("rename", "new-link", "release", "delete", "restore")))

    points = b.call("POST", "/api/games", {"game": "points", "players": PLAYERS, "preset": "custom",
                                           "rounds": 5})[2]["key"]
    add("round", "POST", f"/api/games/{points}/actions/round", {"points": [5, 7, 9], **v(points)},
        _entries(b, points))
    key = _wizard(b)
    add("bid", "POST", f"/api/games/{key}/bids", {"bid": 0, **v(key)}, _entries(b, key))
    key = _wizard(b)
    for bid in (0, 1, 0):
        b.call("POST", f"/api/games/{key}/bids", {"bid": bid})
    add("tricks", "POST", f"/api/games/{key}/tricks", {"round": 1, "tricks": [0, 1, 0], **v(key)}, _entries(b, key))
    key = _wizard(b)
    add("trump", "POST", f"/api/games/{key}/trump", {"card": "red", **v(key)}, _entries(b, key))
    key = _wizard(b, virtual_deck=True)
    add("deal", "POST", f"/api/games/{key}/deal", {**v(key)}, _entries(b, key))
    key = _wizard(b)
    for bid in (0, 1, 0):
        b.call("POST", f"/api/games/{key}/bids", {"bid": bid})
    b.call("POST", f"/api/games/{key}/tricks", {"tricks": [0, 1, 0]})
    add("correction", "POST", f"/api/games/{key}/rounds/1/correction",
        {"bids": [1, 1, 0], "tricks": [1, 0, 0], **v(key)}, _entries(b, key))
    key = _wizard(b)
    b.call("POST", f"/api/games/{key}/bids", {"bid": 0})
    add("undo", "POST", f"/api/games/{key}/undo", {**v(key)}, _entries(b, key))
    key = _wizard(b)
    b.call("POST", f"/api/games/{key}/bids", {"bid": 0})
    b.call("POST", f"/api/games/{key}/undo", {})
    add("redo", "POST", f"/api/games/{key}/redo", {**v(key)}, _entries(b, key))
    key = _wizard(b, reveal="hidden")
    token, cookie = _phone(b, key, 1)
    add("player-bid", "POST", f"/api/player/{token}/bid", {"round": 1, "bid": 1, **v(key)}, _entries(b, key), cookie)
    key = _wizard(b, virtual_deck=True)
    token, cookie = _phone(b, key, 1)  # Bo leads round 1 (left of Ann, the dealer)
    _dealt(b, key)
    for bid in (0, 0, 0):
        b.call("POST", f"/api/games/{key}/bids", {"bid": bid})
    card = b.call("GET", f"/api/player/{token}", headers=cookie)[2]["cards"]["current"]["legal"][0]
    add("played", "POST", f"/api/player/{token}/played", {"round": 1, "card": card, **v(key)}, _entries(b, key), cookie)
    key = _wizard(b, virtual_deck=True)
    token, cookie = _phone(b, key, 1)
    _dealt(b, key)
    for bid in (0, 0, 0):
        b.call("POST", f"/api/games/{key}/bids", {"bid": bid})
    card = b.call("GET", f"/api/player/{token}", headers=cookie)[2]["cards"]["current"]["legal"][0]
    b.call("POST", f"/api/player/{token}/played", {"round": 1, "card": card}, headers=cookie)
    add("take-back", "POST", f"/api/player/{token}/take_back", {"round": 1, **v(key)}, _entries(b, key), cookie)
    # writes that record no entry: counted in their own tables (no version to send)
    key = _wizard(b)
    game_id = _game_id(db, key)
    add("rename", "PATCH", f"/api/games/{key}", {"name": f"Mardi {tag}"},
        lambda g=game_id: _one(db, "select count(*) from taps where game_id = ?", g))
    key = _wizard(b)
    b.call("GET", f"/api/games/{key}/links")  # the watch link made
    add("new-link", "POST", f"/api/games/{key}/links", {"link": "watch", "op": "reissue"},
        lambda g=_game_id(db, key): _one(db, "select count(*) from links where game_id = ? and kind = 'watch'", g))  # noqa: B008
    key = _wizard(b)
    _phone(b, key, 2)
    add("release", "POST", f"/api/games/{key}/links", {"link": 2, "op": "release"},
        lambda g=_game_id(db, key): _one(db, "select count(*) from links where game_id = ? and released_hash is not null", g))  # noqa: B008
    key = _wizard(b)
    add("delete", "DELETE", f"/api/games/{key}", None,
        lambda g=_game_id(db, key): _one(db, "select count(*) from taps where game_id = ?", g))  # noqa: B008
    key = _wizard(b)
    game_id = _game_id(db, key)
    b.call("DELETE", f"/api/games/{key}")
    add("restore", "POST", f"/api/games/{key}/restore", None,
        lambda g=game_id: _one(db, "select count(*) from taps where game_id = ?", g))
    for tap in made:
        tap.before = tap.count()
    return made


def _one(db, sql: str, *params) -> int:
    return db.execute(sql, list(params)).fetchone()[0]


def _game_id(db, key: str) -> str:
    from scribe.store import links

    return links.find(db, key)[0].game_id


def _send_unanswered(node: Node, tap: Tap) -> None:
    """The phone's first try: it reaches node A, whose answer never comes back."""
    try:
        request(node.server.port, tap.method, tap.path, tap.body,
                {**HOST, **tap.headers, "Idempotency-Key": tap.key})
    except (OSError, http.client.HTTPException):
        pass


@pytest.fixture
def two_nodes(pg_url, tmp_path):
    env = {"SCRIBE_DATABASE_URL": pg_url, "SCRIBE_SECRET_KEY": SECRET}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    a = Server(tmp_path / "a", "--host", "127.0.0.1",
               env={**env, "SCRIBE_TESTING": "1", HOLD_ENV: "120", "SCRIBE_THREADS": "40",
                    "SCRIBE_DATABASE_POOL_SIZE": "40"})
    b = Server(tmp_path / "b", "--host", "127.0.0.1", env=env)
    try:
        a.wait_ready()
        b.wait_ready()
        yield Node(a), Node(b)
    finally:
        a.kill()
        b.kill()


def test_a_tap_committed_by_a_node_killed_before_answering_counts_once_when_sent_to_another(two_nodes, pg_url):
    a, b = two_nodes
    db = open_db(pg_url, migrate=False)
    try:
        sent = [*taps(b, db, versioned=False), *taps(b, db, versioned=True)]
        tapped = _one(db, "select count(*) from taps")
        senders = [threading.Thread(target=_send_unanswered, args=(a, tap), daemon=True) for tap in sent]
        for sender in senders:
            sender.start()
        deadline = time.monotonic() + 60
        while _one(db, "select count(*) from taps") < tapped + len(sent):  # each tap committed with its key
            assert time.monotonic() < deadline, ("node A did not commit every tap",
                                                 [t.name for t in sent if t.count() == t.before],
                                                 a.server.log()[-3000:])
            time.sleep(0.1)
        assert all(tap.count() == tap.before + 1 for tap in sent), [t.name for t in sent if t.count() != t.before + 1]
        a.server.proc.kill()  # SIGKILL: committed, not one answer sent
        assert a.server.proc.wait(10) == -9
        for sender in senders:
            sender.join(10)

        for tap in sent:  # each phone sends its tap again; another node answers
            status, hdrs, body = b.call(tap.method, tap.path, tap.body,
                                        headers={**tap.headers, "Idempotency-Key": tap.key})
            assert hdrs.get("Idempotent-Replayed") == "true", (tap.name, tap.key, status, body)
            assert tap.count() == tap.before + 1, (tap.name, tap.key)
            if tap.entry:
                assert body["version"] == tap.before + 1, (tap.name, body)
    finally:
        close(db)
