"""kill -9 in the middle of writes, again and again: a real ``scribe serve`` is killed
(SIGKILL: no clean stop, no flush) while four tables bid and score through the API, then
started again on the same store. Every write the server answered 200 is there after the
restart, at the version it answered, with the same action; each game's log has no gap
and replays (its sheet, history and statistics answer); the games play on. Run on both
stores: SQLite (the laptop) and PostgreSQL (hosted)."""

from __future__ import annotations

import http.client
import json
import random
import threading
import time

import pytest

from scribe import store

from .conftest import Server, request

TABLES = 4
KILLS = 4


@pytest.fixture(params=["sqlite", "postgresql"])
def store_env(request, tmp_path) -> tuple[dict[str, str], str]:
    """The environment choosing the store the servers write to, and where that store is."""
    if request.param == "sqlite":
        return {}, str(tmp_path / "instance" / "scribe.sqlite3")
    url = request.getfixturevalue("pg_url")
    # a hosted node is given its key (every node the same one), never one of its own making
    return {"SCRIBE_DATABASE_URL": url, "SCRIBE_SECRET_KEY": "c4" * 32}, url


def api(port: int, method: str, path: str, body=None):
    status, _headers, raw = request(port, method, path, body)
    return status, json.loads(raw) if raw else None


def next_action(sheet: dict, rng: random.Random) -> tuple[str, dict]:
    """The next legal bid or score of a Wizard sheet (the bid the rules forbid avoided)."""
    number = sheet["current_round"]
    cards = sheet["rounds"][number - 1]["cards"]
    if sheet["phase"] == "bidding":
        allowed = list(range(cards + 1))
        forbidden = sheet["forbidden_bid"]
        if forbidden is not None and forbidden["player"] == sheet["next_bidder"]:
            allowed.remove(forbidden["value"])
        return "bids", {"round": number, "bid": rng.choice(allowed), "version": sheet["version"]}
    tricks = [0] * len(sheet["players"])
    tricks[rng.randrange(len(tricks))] = cards
    return "tricks", {"round": number, "tricks": tricks, "version": sheet["version"]}


def play_until_killed(port: int, key: str, rng: random.Random, answered: dict, stop: threading.Event) -> None:
    """Enter the next action again and again; each one the server answered 200 is kept
    (seq -> (path, body)). A connection the kill cut ends the loop."""
    try:
        status, body = api(port, "GET", f"/api/games/{key}/sheet")
        while status == 200 and not stop.is_set():
            sheet = body.get("sheet", body)
            if sheet["finished"]:
                return
            path, sent = next_action(sheet, rng)
            status, body = api(port, "POST", f"/api/games/{key}/{path}", sent)
            if status == 200:
                answered[body["sheet"]["version"]] = (path, sent)
            else:
                assert status in (409, 503), (status, body)  # never a 500
                status, body = api(port, "GET", f"/api/games/{key}/sheet")
    except (OSError, http.client.HTTPException):
        return  # the server is gone: what it answered is what counts


def test_kill_9_mid_write_loses_no_answered_write_and_leaves_no_gap(tmp_path, store_env):
    rng = random.Random(23)
    servers: list[Server] = []

    def start() -> Server:
        server = Server(tmp_path, env=store_env[0]).wait_ready()
        servers.append(server)
        return server

    try:
        server = start()
        keys = []
        for i in range(TABLES):
            status, body = api(server.port, "POST", "/api/games",
                               {"players": ["Ann", "Bo", "Cy", "Di"][: 3 + i % 2], "first_dealer": 0,
                                "preset": "standard", "name": f"table {i}"})
            assert status == 201, body
            keys.append(body["key"])
        answered: dict[str, dict[int, tuple[str, dict]]] = {k: {} for k in keys}
        for kill in range(KILLS):
            stop = threading.Event()
            threads = [threading.Thread(target=play_until_killed,
                                        args=(server.port, k, random.Random(kill * 10 + i), answered[k], stop))
                       for i, k in enumerate(keys)]
            before = sum(map(len, answered.values()))
            for t in threads:
                t.start()
            target, deadline = before + rng.randint(10, 50), time.monotonic() + 30
            while sum(map(len, answered.values())) < target and time.monotonic() < deadline:
                time.sleep(0.005)  # writes under way: killed after a few dozen, mid-stream
            server.kill()  # SIGKILL
            stop.set()
            for t in threads:
                t.join(30)
            assert sum(map(len, answered.values())) > before, f"no write answered before kill {kill}:\n{server.log()}"
            server = start()
            unanswered = sum(check_game(server.port, key, answered[key]) for key in keys)
            print(f"kill {kill}: {sum(map(len, answered.values()))} writes answered; "
                  f"{unanswered} written but cut before their answer")
        status, _stats = api(server.port, "GET", "/api/stats")
        assert status == 200
        db = store.open_db(store_env[1], migrate=False)  # the games are in the store asked for
        try:
            assert db.execute("select count(*) from games").fetchone()[0] == TABLES
        finally:
            store.close(db)
    finally:
        for s in servers:
            s.kill()


def check_game(port: int, key: str, answered: dict[int, tuple[str, dict]]) -> int:
    """The game after a restart: every answered write at its version, no gap, a sheet;
    how many entries it holds past the last answered one (written, answer cut)."""
    status, body = api(port, "GET", f"/api/games/{key}/sheet")
    assert status == 200, body
    sheet = body.get("sheet", body)
    status, history = api(port, "GET", f"/api/games/{key}/history")
    assert status == 200, history
    entries = history["entries"]
    assert [e["seq"] for e in entries] == list(range(1, sheet["version"] + 1))  # no gap, nothing past the sheet
    assert sheet["version"] >= max(answered, default=0)
    for seq, (path, sent) in answered.items():
        kept = entries[seq - 1]
        assert kept["kind"] == {"bids": "bid", "tricks": "tricks"}[path], (seq, kept, sent)
        field = "bid" if path == "bids" else "tricks"
        assert kept["data"][field] == sent[field] and kept["data"]["round"] == sent["round"], (seq, kept, sent)
    return sheet["version"] - max(answered, default=0)
