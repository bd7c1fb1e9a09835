"""``scribe serve`` hands each ordinary request to Flask whole (``scribe/bridge.py``): the
body read on the event loop up to the 64 KB limit, the answer sent back in one piece.
What a client sends and gets must be what Flask says, whatever the body's framing."""

from __future__ import annotations

import http.client
import json
import sqlite3

from scribe.bridge import call_whole

from .conftest import ROOT, request
from .test_process import new_game


def _connection(port: int) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=15)


def _post_chunked(port: int, path: str, pieces: list[bytes]) -> tuple[int, bytes]:
    """A body sent with Transfer-Encoding: chunked (no Content-Length), in ``pieces``."""
    c = _connection(port)
    try:
        c.request("POST", path, iter(pieces), {"Host": "localhost", "Content-Type": "application/json"},
                  encode_chunked=True)
        resp = c.getresponse()
        return resp.status, resp.read()
    finally:
        c.close()


def _entries(server) -> int:
    db = sqlite3.connect(server.instance / "scribe.sqlite3")
    try:
        return db.execute("select count(*) from entries").fetchone()[0]
    finally:
        db.close()


def test_a_bid_sent_in_chunks_is_read_whole_and_recorded(serve):
    server = serve("--host", "127.0.0.1")
    game = new_game(server.port)
    body = json.dumps({"round": 1, "bid": 0, "version": 0}).encode()
    status, answer = _post_chunked(server.port, f"/api/games/{game['key']}/bids", [body[:5], body[5:12], body[12:]])
    assert status == 200, answer
    assert json.loads(answer)["version"] == 1
    assert _entries(server) == 1


def test_bodies_over_the_limit_are_refused_413_whatever_their_framing_and_nothing_is_saved(serve):
    server = serve("--host", "127.0.0.1")
    game = new_game(server.port)
    path = f"/api/games/{game['key']}/bids"
    big = json.dumps({"round": 1, "bid": 0, "version": 0, "pad": "x" * 70_000}).encode()
    c = _connection(server.port)
    try:  # declared too long: refused from the header
        c.request("POST", path, big, {"Host": "localhost", "Content-Type": "application/json"})
        resp = c.getresponse()
        status, answer = resp.status, resp.read()
    finally:
        c.close()
    assert status == 413 and json.loads(answer)["error"]
    status, answer = _post_chunked(server.port, path, [big[i:i + 8192] for i in range(0, len(big), 8192)])
    assert status == 413 and json.loads(answer)["error"]
    assert _entries(server) == 0
    # the server still answers, and a bid of the right size is recorded
    status, _, answer = request(server.port, "POST", path, {"round": 1, "bid": 0, "version": 0},
                                headers={"Host": "localhost"})
    assert status == 200, answer
    assert _entries(server) == 1


def test_one_kept_connection_gets_each_answer_in_order_with_its_own_status_and_headers(serve):
    server = serve("--host", "127.0.0.1")
    game = new_game(server.port)
    c = _connection(server.port)
    try:
        seen = []
        for method, path, body in (("GET", f"/api/games/{game['key']}", None),
                                   ("POST", f"/api/games/{game['key']}/bids", {"round": 1, "bid": 9, "version": 0}),
                                   ("GET", "/static/scribe.js", None),
                                   ("HEAD", "/static/scribe.js", None),
                                   ("GET", "/api/games/no-such-game-at-all-xx", None)):
            payload = json.dumps(body).encode() if body is not None else None
            c.request(method, path, payload, {"Host": "localhost", "Content-Type": "application/json"})
            resp = c.getresponse()
            seen.append((resp.status, resp.headers, resp.read()))
    finally:
        c.close()
    (s1, h1, b1), (s2, _h2, b2), (s3, h3, b3), (s4, _h4, b4), (s5, _h5, b5) = seen
    assert s1 == 200 and json.loads(b1)["sheet"]["version"] == 0
    assert h1["Content-Security-Policy"] and h1["Cache-Control"] == "no-store"
    assert s2 == 422 and json.loads(b2)["field"] == "bid"  # refused by the rules, in words
    assert s3 == 200 and b3 == (ROOT / "scribe" / "static" / "scribe.js").read_bytes()
    assert h3["Content-Type"].startswith("text/javascript")
    assert s4 == 200 and b4 == b""
    assert s5 == 404 and json.loads(b5)["error"]


def test_call_whole_keeps_legacy_writes_before_the_iterable_and_closes_it():
    closed = []

    class Body(list):
        def close(self):
            closed.append(True)

    def app(environ, start_response):
        write = start_response("201 Created", [("Content-Type", "text/plain"), ("X-One", "1")])
        write(b"written ")
        return Body([b"then ", b"returned"])

    status, headers, body = call_whole(app, {})
    assert (status, body, closed) == (201, b"written then returned", [True])
    assert headers == [(b"content-type", b"text/plain"), (b"x-one", b"1")]


def test_the_workers_answer_each_call_raise_its_error_and_run_at_most_their_count_at_once():
    """The hand-over from the event loop (``bridge.Workers``): every call's own result
    comes back to its caller, an exception is raised where the call was awaited, no more
    than ``count`` calls run at once, and ``close`` waits for the one running."""
    import asyncio
    import threading
    import time

    from scribe.bridge import Workers

    from .test_push_changes import run_alone

    def alone(coroutine):
        """``asyncio.run`` in a thread of its own (the browser tests keep a loop on this one)."""
        kept = []

        async def keep():
            kept.append(await coroutine)

        run_alone(keep())
        return kept[0]

    workers = Workers(3)
    running, most, lock = [0], [0], threading.Lock()

    def call(i: int) -> int:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.01)
        with lock:
            running[0] -= 1
        if i == 7:
            raise ValueError("seven")
        return i * i

    async def main():
        return await asyncio.gather(*(workers.run(call, i) for i in range(40)), return_exceptions=True)

    answers = alone(main())
    assert [a for i, a in enumerate(answers) if i != 7] == [i * i for i in range(40) if i != 7]
    assert isinstance(answers[7], ValueError) and str(answers[7]) == "seven"
    assert most[0] <= 3 and len(workers.threads) <= 3

    finished = threading.Event()

    def slow() -> None:
        time.sleep(0.3)
        finished.set()

    async def start_slow():
        task = asyncio.ensure_future(workers.run(slow))
        await asyncio.sleep(0.05)  # it is running in a worker now; the loop goes away
        task.cancel()

    alone(start_slow())
    workers.close()
    assert finished.is_set() and not any(t.is_alive() for t in workers.threads)
