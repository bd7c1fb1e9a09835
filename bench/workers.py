"""``scribe serve --workers 2`` on one SQLite file: how soon a stream held by the other
worker hears a write, next to a stream held by the worker that wrote; and what each
worker's change source costs per look with many games followed.

1. Cross-worker: starts ``scribe serve --workers 2``, holds one watch stream on each
   worker (the holder of each connection found in /proc), then writes ``--entries``
   entries every ``--pace`` s, alternately through each worker. For each entry, the delay
   from its request sent to the event read on the writer's own stream (its hub is woken
   by the write) and on the other's (its hub finds the commit at its next tick, every
   25 ms): p50/p99 of each, and their difference, which is what an announcer between the
   workers could save.
2. The change source (scribe/push/changes.py, in this process): ``--games`` games followed,
   one entry appended by another connection before each look; the time of one look
   (``moved`` then ``versions``) as it is (the games of the entries appended) next to the
   rule it replaced (every followed game's version read at every commit).

    python bench/workers.py [--entries 60] [--pace 0.2] [--games 500]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import socket
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from api_bids import HOST, free_port, server
from push import pct

from tests.serve.procnet import holder

HEADERS = {"Host": "localhost", "Content-Type": "application/json"}


def connection(port: int, pid: int | None = None) -> tuple[http.client.HTTPConnection, int]:
    """A connection accepted by worker ``pid`` (any when None), and that worker."""
    for _ in range(400):
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        conn.connect()
        got = None
        for _ in range(100):
            if got := holder(conn.sock):
                break
            time.sleep(0.01)
        if got and pid in (None, got):
            return conn, got
        conn.close()
    raise RuntimeError(f"no connection reached worker {pid}")


def call(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None) -> dict:
    conn.request(method, path, json.dumps(body).encode() if body is not None else None, HEADERS)
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
    return json.loads(data or b"null")


def cross_worker(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="scribe-workers-") as tmp:
        port = free_port()
        cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port), "--no-qr",
               "--workers", "2", "--threads", "4"]
        env = {"SCRIBE_INSTANCE": str(Path(tmp) / "instance"), "PYTHONUNBUFFERED": "1"}
        with server(cmd, port, Path(tmp), "scribe", env):
            any_conn, _ = connection(port)
            made = call(any_conn, "POST", "/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 0,
                                                         "rules": {"rounds": 20}})
            key = made["key"]
            watch = call(any_conn, "GET", f"/api/games/{key}/links")["watch"]["token"]
            any_conn.close()
            streams: dict[int, socket.socket] = {}
            while len(streams) < 2:
                conn, pid = connection(port)
                if pid in streams:
                    conn.close()
                    continue
                conn.sock.sendall(f"GET /w/{watch}/events?v=0 HTTP/1.1\r\nHost: localhost\r\n"
                                  "Accept: text/event-stream\r\n\r\n".encode())
                streams[pid] = conn.sock
            writers = {pid: connection(port, pid)[0] for pid in streams}
            for sock in streams.values():
                sock.settimeout(10)
                read_until(sock, b"event: hello")
            own, other = [], []
            version, sheet = 0, made["sheet"]
            for i in range(args.entries):
                pid = list(streams)[i % 2]
                bid = None
                if sheet["phase"] == "bidding":
                    forbidden = sheet["forbidden_bid"]
                    bid = {"player": sheet["next_bidder"],
                           "bid": 1 if forbidden and forbidden["value"] == 0 and
                           forbidden["player"] == sheet["next_bidder"] else 0}
                sent = time.perf_counter()
                if bid is not None:
                    answer = call(writers[pid], "POST", f"/api/games/{key}/actions/bid", bid)
                else:
                    row = sheet["current_round"]
                    tricks = [0] * 3
                    tricks[0] = sheet["rounds"][row - 1]["cards"]
                    answer = call(writers[pid], "POST", f"/api/games/{key}/actions/tricks",
                                  {"round": row, "tricks": tricks})
                version = answer["version"]
                for holder_pid, sock in streams.items():
                    read_until(sock, f"id: {version}\n".encode())
                    (own if holder_pid == pid else other).append((time.perf_counter() - sent) * 1000)
                sheet = call(writers[pid], "GET", f"/api/games/{key}/sheet")
                sheet = sheet.get("sheet", sheet)
                time.sleep(args.pace)
    print(f"cross-worker: {args.entries} entries; the writer's own stream p50 {pct(own, .5):.1f} ms, "
          f"p99 {pct(own, .99):.1f} ms; the other worker's p50 {pct(other, .5):.1f} ms, p99 {pct(other, .99):.1f} ms; "
          f"the other's extra delay at p50 {pct(other, .5) - pct(own, .5):.1f} ms")


_buffers: dict[int, bytes] = {}


def read_until(sock: socket.socket, marker: bytes) -> None:
    """Read the stream until ``marker`` (an event's id) has come; what follows it is kept."""
    buf = _buffers.get(sock.fileno(), b"")
    while marker not in buf:
        chunk = sock.recv(1 << 16)
        if not chunk:
            raise RuntimeError("the stream ended")
        buf += chunk
    _buffers[sock.fileno()] = buf[buf.index(marker) + len(marker):]


def source_cost(args: argparse.Namespace) -> None:
    from scribe import service, store
    from scribe.push.changes import SqliteChanges

    class EveryFollowed(SqliteChanges):
        """The rule before: any commit names every followed game."""

        async def moved(self, followed, named):
            current = self.conn.execute("pragma data_version").fetchone()[0]
            if current == self.data_version:
                return [g for g in named if g in set(followed)]
            self.data_version = current
            return list(followed)

    with tempfile.TemporaryDirectory(prefix="scribe-source-") as tmp:
        path = str(Path(tmp) / "x.sqlite3")
        db = store.open_db(path)
        games = [service.create(db, "wizard", None, "en", players=["Ann", "Bo", "Cy"], first_dealer=0)
                 for _ in range(args.games)]
        versions = dict.fromkeys(games, 0)

        async def looks(source: SqliteChanges, rounds: int) -> float:
            await source.open(lambda: None)
            await source.moved(games, set())
            spent = 0.0
            for i in range(rounds):
                game = games[i * 7 % len(games)]
                service.act(db, game, "bid", {"player": (versions[game] + 1) % 3, "bid": 0}, versions[game])
                versions[game] += 1
                t = time.perf_counter()
                ids = await source.moved(games, set())
                if ids:
                    await source.versions(ids)
                spent += time.perf_counter() - t
            await source.close()
            return spent / rounds * 1000

        rounds = 200
        now, before = asyncio.run(looks(SqliteChanges(path), rounds)), asyncio.run(looks(EveryFollowed(path), rounds))
        store.close(db)
    print(f"change source, {args.games} games followed, one entry per look: {now:.3f} ms per look "
          f"(every followed game read: {before:.3f} ms; {before / now:.0f}x); at 40 looks a second: "
          f"{now * 40 / 10:.2f} % of a core (before {before * 40 / 10:.1f} %)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--entries", type=int, default=60)
    p.add_argument("--pace", type=float, default=0.2, help="seconds between entries")
    p.add_argument("--games", type=int, default=500, help="games followed by the change source")
    args = p.parse_args(argv)
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    source_cost(args)
    cross_worker(args)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
