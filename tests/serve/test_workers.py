"""``scribe serve --workers 2`` on SQLite: each worker holds streams as one-process ``scribe
serve`` does, and a stream held by one worker is sent the writes made through the other
(push: a ``sheet`` event, not the page told to ``poll``); a worker killed is replaced and
its pages reconnect to the one left; a stop (SIGTERM, or SIGINT) ends every stream and lets a
request in flight finish."""

from __future__ import annotations

import http.client
import json
import os
import signal
import threading
import time

import pytest

from .procnet import holder
from .sse import Stream
from .test_push import fragment, new_game, shown

pytest.importorskip("gunicorn")

HOST = {"Host": "localhost"}


def connection_to(port: int, pid: int | None = None) -> tuple[http.client.HTTPConnection, int]:
    """A connection accepted by worker ``pid`` (any worker when None), and that worker."""
    for _ in range(200):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        conn.connect()
        got = None
        for _ in range(100):  # the worker's loop accepts it a moment later
            if got := holder(conn.sock):
                break
            time.sleep(0.01)
        if got and (pid is None or got == pid):
            return conn, got
        conn.close()
    raise AssertionError(f"no connection reached worker {pid}")


class StreamOn(Stream):
    """A stream opened on a connection already made (to a worker chosen)."""

    def __init__(self, conn: http.client.HTTPConnection, path: str):
        self.conn = conn
        conn.request("GET", path, headers={**HOST, "Accept": "text/event-stream"})
        self.resp = conn.getresponse()
        self.status, self.headers = self.resp.status, self.resp.headers


def stream_on(port: int, path: str, pid: int | None = None) -> tuple[Stream, int]:
    """A stream held by worker ``pid`` (the first one reached when None)."""
    conn, got = connection_to(port, pid)
    return StreamOn(conn, path), got


def act_on(port: int, pid: int, key: str, kind: str, data: dict) -> int:
    """An entry written through worker ``pid``; its version."""
    conn, _ = connection_to(port, pid)
    try:
        conn.request("POST", f"/api/games/{key}/actions/{kind}", json.dumps(data).encode(),
                     {**HOST, "Content-Type": "application/json"})
        resp = conn.getresponse()
        body = resp.read()
        assert resp.status == 200, body
        return json.loads(body)["version"]
    finally:
        conn.close()


def two_streams(port: int, path: str) -> dict[int, Stream]:
    """One stream held by each of the two workers, by pid."""
    first, a = stream_on(port, path)
    for _ in range(50):
        second, b = stream_on(port, path)
        if b != a:
            return {a: first, b: second}
        second.close()
    raise AssertionError("every stream reached one worker")


def test_a_write_through_either_worker_reaches_the_streams_held_by_both(serve):
    server = serve("--host", "127.0.0.1", "--workers", "2", "--threads", "2")
    port = server.port
    key, watch = new_game(port)
    tvs = two_streams(port, f"/w/{watch}/events?v=0")
    assert server.proc.pid not in tvs  # the master only supervises
    for tv in tvs.values():
        assert tv.status == 200 and tv.next() == (None, "hello", "0")  # held: no "poll"
    a, b = tvs
    version = 0
    pages = dict.fromkeys(tvs, "")
    for writer, data in ((a, {"player": 1, "bid": 0}), (b, {"player": 2, "bid": 1}), (a, {"player": 0, "bid": 0})):
        version = act_on(port, writer, key, "bid", data)
        now = fragment(port, watch)
        for pid, tv in tvs.items():
            sent = tv.next()  # the first change whole, the next ones in parts (issue 35)
            assert (sent.id, sent.name) == (str(version), "sheet" if version == 1 else "parts"), (writer, pid, sent)
            pages[pid] = shown(pages[pid], sent)
            assert pages[pid] == now
    assert version == 3
    for tv in tvs.values():
        tv.close()
    assert server.stop() == 0
    assert "Scribe stopped." in server.log() and "Traceback" not in server.log()


def test_a_worker_killed_is_replaced_and_its_pages_reconnect_to_what_they_missed(serve):
    server = serve("--host", "127.0.0.1", "--workers", "2", "--threads", "2")
    port = server.port
    key, watch = new_game(port)
    tvs = two_streams(port, f"/w/{watch}/events?v=0")
    for tv in tvs.values():
        assert tv.next().name == "hello"
    dead, alive = tvs
    os.kill(dead, signal.SIGKILL)
    assert tvs[dead].next() is None  # cut: the page's EventSource opens it again
    assert act_on(port, alive, key, "bid", {"player": 1, "bid": 0}) == 1
    assert tvs[alive].next().id == "1"
    again, _pid = stream_on(port, f"/w/{watch}/events?v=0")
    assert again.next() == (None, "hello", "1")
    assert again.next().id == "1"  # what it missed, once
    replaced = set()
    deadline = time.monotonic() + 30
    while len(replaced) < 2 and time.monotonic() < deadline:  # the arbiter forks a new worker
        replaced.add(connection_to(port)[1])
    assert dead not in replaced and len(replaced) == 2, replaced
    new = (replaced - {alive}).pop()
    assert act_on(port, new, key, "bid", {"player": 2, "bid": 0}) == 2
    assert tvs[alive].next().id == "2" and again.next().id == "2"
    assert server.stop() == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_ends_every_workers_streams_and_finishes_the_request_in_flight(serve, sig):
    """SIGTERM (systemd) or SIGINT (Ctrl-C: the arbiter's quick stop, drained all the same)."""
    server = serve("--host", "127.0.0.1", "--workers", "2", "--threads", "2")
    port = server.port
    key, watch = new_game(port)
    tvs = two_streams(port, f"/w/{watch}/events?v=0")
    for tv in tvs.values():
        assert tv.next().name == "hello"
    conn, _ = connection_to(port)
    answers = []

    def slow_bid() -> None:
        """A bid whose body arrives slowly: its worker has it in hand when SIGTERM comes."""
        body = json.dumps({"player": 1, "bid": 0}).encode()
        conn.putrequest("POST", f"/api/games/{key}/actions/bid", skip_host=True)
        for name, value in (("Host", "localhost"), ("Content-Type", "application/json"),
                            ("Content-Length", str(len(body)))):
            conn.putheader(name, value)
        conn.endheaders()
        conn.send(body[:3])
        time.sleep(0.8)
        conn.send(body[3:])
        resp = conn.getresponse()
        answers.append((resp.status, resp.read()))

    t = threading.Thread(target=slow_bid)
    t.start()
    time.sleep(0.3)
    assert server.stop(sig) == 0
    t.join(10)
    assert answers and answers[0][0] == 200, answers
    for tv in tvs.values():  # ended (what came before the stop may come first)
        while (event := tv.next()) is not None:
            assert event.name == "sheet"
    log = server.log()
    assert "Scribe stopped." in log and "Traceback" not in log and "Error while closing" not in log
