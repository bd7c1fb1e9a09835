"""A write's CPU inside the app against the fair floor's (issue 35), in-process, as the
server calls each: where the served ratio of ``write_floor.py`` comes from.

Scribe (``create_app`` on a temp SQLite file) and the floor (``write_floor.floor_app``) are
each called as ``scribe serve`` calls them once uvicorn has read a request:
``bridge.call_whole(app, environ)``, with the environ a keep-alive client's request makes
(its headers as ``api_bids.Client`` sends them, ``Prefer: return=minimal``). Scribe plays
the Wizard games of ``api_bids.py`` (each bid and each round's tricks with the version it
read; the creates are not counted), the floor appends to its link as ``write_floor.py``
does. Per request: the thread's CPU (mean and median of the best of ``--passes`` passes,
both sides in every pass) and the Python function calls and C calls made inside the call
(``sys.setprofile``: the same count on any machine, whatever its load, so a cut is seen in
it when the CPU figures spread more than the cut). ``--top N``: the N most called
functions of a Scribe write, per request.

The served ratio adds to both sides what the server does around the call (uvicorn's loop
and parser, the hand-over, the socket, the kernel): 0.4-0.6 ms a request on 2 CPUs by the
load, about the same for both, so a served ratio is near ``(x + scribe) / (x + floor)``.

    python bench/write_cpu.py [--games 8] [--passes 3] [--top 0]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]
import api_bids
import write_floor
from werkzeug.test import EnvironBuilder

from scribe import create_app
from scribe.bridge import call_whole

HEADERS = {"Content-Type": "application/json", "Host": "127.0.0.1:8000", "Accept-Encoding": "identity",
           "User-Agent": "Python-urllib/3.11", "Connection": "keep-alive"}


def environ(path: str, body: dict[str, Any] | None, headers: dict[str, str] | None = None) -> dict[str, Any]:
    """A request's environ as the server hands it over (the body read whole)."""
    made = EnvironBuilder(path=path, method="POST", data=None if body is None else json.dumps(body).encode(),
                          headers={**HEADERS, **(headers or {})}, base_url="http://127.0.0.1:8000").get_environ()
    made["REMOTE_ADDR"] = "127.0.0.1"
    return made


def _short(filename: str) -> str:
    """A code file's name as read in a list: from its package, or from this repository."""
    return filename.split("site-packages/")[-1].replace(str(BENCH.parent) + "/", "")


class Meter:
    """The thread's CPU and the calls made inside each measured call."""

    def __init__(self, count: bool, top: bool):
        self.count, self.top = count, top
        self.calls = [0, 0]
        self.called: collections.Counter[str] = collections.Counter()

    def _seen(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            self.calls[0] += 1
            if self.top:
                code = frame.f_code
                self.called[f"{_short(code.co_filename)}:{code.co_name}"] += 1
        elif event == "c_call":
            self.calls[1] += 1

    def call(self, app: Any, env: dict[str, Any]) -> tuple[int, bytes, int]:
        if self.count:
            sys.setprofile(self._seen)
            try:
                status, _headers, body = call_whole(app, env)
            finally:
                sys.setprofile(None)
            return status, body, 0
        t0 = time.thread_time_ns()
        status, _headers, body = call_whole(app, env)
        return status, body, time.thread_time_ns() - t0


def scribe_writes(app: Any, meter: Meter, games: int, seed: int) -> list[int]:
    """Whole Wizard games as ``api_bids.py`` plays them; each write's CPU (ns)."""
    spent = []
    for s in range(seed, seed + games):
        rng = random.Random(s)
        n = rng.randint(3, 6)
        status, _headers, body = call_whole(app, environ("/api/games", {
            "players": [f"P{i + 1}" for i in range(n)], "first_dealer": rng.randrange(n),
            "preset": rng.choice(api_bids.PRESETS), "lang": "en"}))
        assert status == 201, body
        made = json.loads(body)
        key, sheet = made["key"], made["sheet"]
        while not sheet["finished"]:
            path, entry = api_bids.next_entry(sheet, rng, n)
            status, body, ns = meter.call(app, environ(f"/api/games/{key}/{path}", entry, api_bids.MINIMAL))
            assert status == 200, body
            spent.append(ns)
            answer = json.loads(body)
            sheet = api_bids.merge_rounds(sheet, answer) if "since" in answer else answer["sheet"]
    return spent


def floor_appends(app: Any, meter: Meter, count: int, token: str) -> list[int]:
    """``count`` appends through one link, each at the version the last answer gave."""
    status, _headers, body = call_whole(app, environ(f"/links/{token}", {}))
    assert status == 201, body
    spent, version = [], 0
    for i in range(count):
        body = {"version": version, "kind": "bid", "round": 1, "bid": i % 7}
        status, answer, ns = meter.call(app, environ(f"/append/{token}", body, api_bids.MINIMAL))
        assert status == 200, answer
        spent.append(ns)
        version = json.loads(answer)["version"]
    return spent


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=8, help="Wizard games per pass (default 8)")
    p.add_argument("--passes", type=int, default=3, help="passes of both sides; the best is shown (default 3)")
    p.add_argument("--top", type=int, default=0, help="the N most called functions of a Scribe write")
    args = p.parse_args(argv)
    tmp = tempfile.mkdtemp(prefix="scribe-write-cpu-")
    app = create_app({"TESTING": False, "RATELIMIT_ENABLED": False, "INSTANCE_PATH": tmp})
    floor = write_floor.floor_app(os.path.join(tmp, "floor.sqlite3"))
    timing = Meter(count=False, top=False)
    scribe_writes(app, timing, 3, 0)  # imports, caches, the thread's connections
    floor_appends(floor, timing, 200, "warm-up")
    print(f"A write's CPU inside the app, in-process (bridge.call_whole), {args.games} Wizard games a pass, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    best: dict[str, tuple[float, float]] = {}
    for n in range(args.passes):
        got = {"scribe": scribe_writes(app, timing, args.games, 100 + 1000 * n),
               "floor": floor_appends(floor, timing, 1500, f"pass-{n}")}
        for side, ns in got.items():
            mean, median = statistics.mean(ns) / 1000, statistics.median(ns) / 1000
            held = best.get(side)
            best[side] = (mean, median) if held is None else (min(held[0], mean), min(held[1], median))
    counted = {}
    for side in ("scribe", "floor"):
        meter = Meter(count=True, top=args.top > 0 and side == "scribe")
        done = len(scribe_writes(app, meter, 2, 50) if side == "scribe" else floor_appends(floor, meter, 300, "calls"))
        counted[side] = (meter.calls[0] / done, meter.calls[1] / done, meter.called, done)
    print(f"{'':8}{'mean us':>10}{'median us':>11}{'Python calls':>14}{'C calls':>9}")
    for side in ("scribe", "floor"):
        print(f"{side:<8}{best[side][0]:>10.1f}{best[side][1]:>11.1f}{counted[side][0]:>14.0f}{counted[side][1]:>9.0f}")
    s, f = best["scribe"], best["floor"]
    print(f"scribe / floor: CPU mean {s[0] / f[0]:.2f}x, median {s[1] / f[1]:.2f}x, Python calls "
          f"{counted['scribe'][0] / counted['floor'][0]:.2f}x; load average after {os.getloadavg()[0]:.1f}")
    if args.top:
        called, done = counted["scribe"][2], counted["scribe"][3]
        print(f"the {args.top} most called functions of a Scribe write, per write:")
        for name, times in called.most_common(args.top):
            print(f"  {times / done:7.2f}  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
