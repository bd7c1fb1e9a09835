"""Idle watchers: polls served per second while a game is played, and the delay from an
entry to the moment a watcher sees it, next to the bare endpoint of the core benchmark.

Starts ``scribe serve`` and ``bench/baseline_app.py`` (helpers from bench/api_bids.py:
free ports, waitress, the same thread count, fresh temp databases). One player thread
enters an action through the API every ``--pace`` seconds (bids, tricks; undo once the
game is over). Then:

1. capacity: ``--clients`` threads poll the watch fragment
   ``GET /w/<token>/sheet?v=<version shown>`` back to back on keep-alive connections
   (mostly 204 No Content); polls/s served, and so how many watchers polling every 2 s
   (as the page does) one server holds. Then the same clients against the baseline's
   ``GET /read`` (one indexed SELECT, 204): the ratio is printed.
2. delay: ``--watchers`` threads (default 500, a room of phones), each on its own
   keep-alive connection, poll every 2 s at their own random phase, like real pages; for
   every entry, the time until each watcher first sees its version: p50/p99 (target
   p99 within 2.5 s: the 2 s interval plus one request), and the errors: answers other
   than 200/204, and connections the server dropped (target 0).

Stdlib only; bounded by ``--seconds`` per phase.

    python bench/watchers.py [--clients 16] [--watchers 500] [--seconds 10] [--threads 8]
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_bids import HOST, ROOT, cpu_seconds, free_port, server

POLL_EVERY = 2.0  # seconds, as scribe/templates/table/_watch.html
TARGET_P99_MS = 2500.0  # the interval plus one request
VERSION = re.compile(rb'data-version="(\d+)"')


class Conn:
    dropped = 0  # keep-alive connections the server closed under a client (all Conns)

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else {}
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, payload, headers)
                resp = self.conn.getresponse()
                return resp.status, resp.read()
            except (http.client.HTTPException, OSError):
                Conn.dropped += 1
                self.conn.close()  # a dropped keep-alive: reconnect once, as a page's poll would
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
                if attempt:
                    raise
        raise AssertionError("unreachable")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


# --------------------------------------------------------------------------- the game


class Player(threading.Thread):
    """Plays one game through the API at a steady pace; records when each version landed."""

    def __init__(self, port: int, game_id: str, pace: float):
        super().__init__(daemon=True)
        self.c, self.gid, self.pace = Conn(port), game_id, pace
        self.landed: dict[int, float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            status, raw = self.c.request("GET", f"/api/games/{self.gid}/sheet")
            sheet = json.loads(raw)
            v, phase = sheet["version"], sheet["phase"]
            if phase == "bidding":
                path, body = f"/api/games/{self.gid}/bids", {"bid": 0}
            elif phase == "tricks":
                cards = sheet["rounds"][sheet["current_round"] - 1]["cards"]
                path, body = f"/api/games/{self.gid}/tricks", {"tricks": [cards] + [0] * (len(sheet["players"]) - 1)}
            else:
                path, body = f"/api/games/{self.gid}/undo", {}
            status, raw = self.c.request("POST", path, {**body, "version": v})
            if status == 200:
                self.landed[json.loads(raw)["version"]] = time.perf_counter()
            self.stop.wait(self.pace)


# --------------------------------------------------------------------------- phases


def hammer(port: int, path_of, clients: int, seconds: float) -> tuple[int, float, list[float]]:
    """``clients`` threads requesting back to back; (requests, seconds, latencies)."""
    count, lat, lock = [0], [], threading.Lock()
    end = time.perf_counter() + seconds

    def run() -> None:
        c, mine, n, shown = Conn(port), [], 0, [0]
        while time.perf_counter() < end:
            t0 = time.perf_counter()
            status, raw = c.request("GET", path_of(shown[0]))
            mine.append(time.perf_counter() - t0)
            n += 1
            if status == 200:
                m = VERSION.search(raw)
                shown[0] = int(m.group(1)) if m else shown[0]
            elif status not in (204,):
                raise RuntimeError(f"poll answered {status}")
        with lock:
            count[0] += n
            lat.extend(mine)

    threads = [threading.Thread(target=run) for _ in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return count[0], time.perf_counter() - t0, lat


def watch_delays(port: int, token: str, watchers: int, seconds: float, player: Player
                 ) -> tuple[list[float], int, list[str]]:
    """Watchers polling every 2 s at random phases, each on its own keep-alive connection;
    delay from each entry to each watcher, polls made, errors."""
    seen: list[dict[int, float]] = [dict() for _ in range(watchers)]
    start = time.perf_counter()
    end = start + seconds + POLL_EVERY
    polls, errors, lock = [0], [], threading.Lock()

    def run(i: int) -> None:
        c, shown = Conn(port), 0
        time.sleep(random.uniform(0, POLL_EVERY))
        next_poll = time.perf_counter()
        while time.perf_counter() < end:
            try:
                status, raw = c.request("GET", f"/w/{token}/sheet?v={shown}")
            except (http.client.HTTPException, OSError) as exc:
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")
                return
            now = time.perf_counter()
            with lock:
                polls[0] += 1
                if status not in (200, 204):
                    errors.append(f"poll answered {status}")
            if status == 200:
                shown = int(VERSION.search(raw).group(1))
                seen[i].setdefault(shown, now)
            next_poll += POLL_EVERY  # every 2 s from the page's clock, as setInterval would
            time.sleep(max(0.0, next_poll - time.perf_counter()))

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(watchers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 60)
    delays = []
    for version, at in list(player.landed.items()):
        if at < start + POLL_EVERY or at > end - POLL_EVERY:
            continue  # every watcher has polled once before, and will poll at least once after
        for s in seen:
            later = [t for v, t in s.items() if v >= version]
            if later and min(later) >= at:
                delays.append(min(later) - at)
    return delays, polls[0], errors


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--watchers", type=int, default=500)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--pace", type=float, default=0.5, help="seconds between the player's entries")
    a = p.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        sp, bp = free_port(), free_port()
        scribe_cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(sp),
                      "--threads", str(a.threads), "--no-qr"]
        base_cmd = [sys.executable, str(ROOT / "bench" / "baseline_app.py"), "--host", HOST, "--port", str(bp),
                    "--threads", str(a.threads), "--db", str(work / "base.sqlite3")]
        with server(scribe_cmd, sp, work, "scribe", env={"SCRIBE_INSTANCE": str(work / "inst"),
                                                          "SCRIBE_LOG_LEVEL": "WARNING"}) as sproc, \
                server(base_cmd, bp, work, "baseline"):
            c = Conn(sp)
            _status, raw = c.request("POST", "/api/games", {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                                          "preset": "standard"})
            gid = json.loads(raw)["key"]
            token = json.loads(c.request("GET", f"/api/games/{gid}/links")[1])["watch"]["token"]
            Conn(bp).request("POST", "/write", {"client": "seed", "seq": 0})

            player = Player(sp, gid, a.pace)
            player.start()
            cpu0 = cpu_seconds(sproc.pid)
            n, secs, lat = hammer(sp, lambda v: f"/w/{token}/sheet?v={v}", a.clients, a.seconds)
            cpu1 = cpu_seconds(sproc.pid)
            bn, bsecs, blat = hammer(bp, lambda v: "/read", a.clients, a.seconds)
            dropped_before = Conn.dropped
            delays, wpolls, errors = watch_delays(sp, token, a.watchers, a.seconds, player)
            dropped = Conn.dropped - dropped_before
            player.stop.set()
            player.join(5)

    rate, brate = n / secs, bn / bsecs
    print(f"watch poll (GET /w/<token>/sheet?v=, mostly 204) with a game being played "
          f"({len(player.landed)} entries, one every {a.pace}s):")
    print(f"  {rate:8.0f} polls/s  p50 {pct(lat, .5) * 1000:6.2f} ms  p99 {pct(lat, .99) * 1000:6.2f} ms  "
          f"({a.clients} clients, {a.threads} server threads)")
    if cpu0 is not None and cpu1 is not None and n:
        print(f"  server CPU {(cpu1 - cpu0) / n * 1e6:.0f} us per poll")
    print("baseline GET /read (one indexed SELECT, 204):")
    print(f"  {brate:8.0f} req/s    p50 {pct(blat, .5) * 1000:6.2f} ms  p99 {pct(blat, .99) * 1000:6.2f} ms")
    print(f"ratio poll/baseline: {rate / brate:.2f}x")
    print(f"idle watchers one server holds at one poll per {POLL_EVERY:.0f} s: ~{int(rate * POLL_EVERY)}")
    print(f"entry -> seen by a watcher ({a.watchers} watchers polling every {POLL_EVERY:.0f} s, "
          f"{len(delays)} observations, {wpolls} polls):")
    p99 = pct(delays, .99) * 1000
    print(f"  p50 {pct(delays, .5) * 1000:6.0f} ms  p99 {p99:6.0f} ms  "
          f"max {max(delays, default=float('nan')) * 1000:6.0f} ms  (target p99 <= {TARGET_P99_MS:.0f} ms) "
          f"{'OK' if p99 <= TARGET_P99_MS else 'ABOVE'}")
    print(f"errors: {len(errors)} failed polls, {dropped} dropped connections (target 0) "
          f"{'OK' if not errors and not dropped else 'FAILED: ' + (errors[0] if errors else 'dropped')}")
    return 1 if errors or dropped else 0


if __name__ == "__main__":
    raise SystemExit(main())
