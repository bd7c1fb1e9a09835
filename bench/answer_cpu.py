"""A write's CPU inside the app, whole answers against minimal ones (``Prefer:
return=minimal``), the same games played both ways in one process.

The app is called in-process (Flask's test client); each write's CPU is the thread's
CPU time inside the WSGI call, the answer's compression included (Flask-Compress, for a
client that accepts it) but not the server's socket write (``api_bids.py`` measures the
served whole). Games as ``api_bids.py`` plays them (3 to 6 players, a random preset,
every bid and every round's tricks, each write with the version it read), each seed
played whole-answered and minimal-answered in turn. For each ``Accept-Encoding`` it
prints the mean and median CPU per write and the answer's bytes, and minimal / whole.

    python bench/answer_cpu.py [--games 20] [--encodings identity "gzip, deflate" "gzip, deflate, br"]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import api_bids

from scribe import create_app


def decoded(resp: Any) -> dict[str, Any]:
    raw = resp.get_data()
    encoding = resp.headers.get("Content-Encoding")
    if encoding == "gzip":
        raw = gzip.decompress(raw)
    elif encoding == "br":
        import brotli  # Flask-Compress's own dependency

        raw = brotli.decompress(raw)
    elif encoding == "deflate":
        import zlib

        raw = zlib.decompress(raw)
    return json.loads(raw)


def run(games: int, encoding: str) -> dict[str, list[tuple[int, int]]]:
    # many games from one address: the creation limit is not what is measured here
    app = create_app({"TESTING": False, "RATELIMIT_ENABLED": False,
                      "INSTANCE_PATH": tempfile.mkdtemp(prefix="scribe-bench-")})
    spent: dict[str, list[tuple[int, int]]] = {"whole": [], "minimal": [], "create": []}
    mode = ["create"]
    inner = app.wsgi_app

    def timed(environ: dict, start_response: Any) -> list[bytes]:
        t0 = time.thread_time_ns()
        body = b"".join(inner(environ, start_response))
        spent[mode[0]].append((time.thread_time_ns() - t0, len(body)))
        return [body]

    app.wsgi_app = timed
    client = app.test_client()

    def game(seed: int, minimal: bool) -> None:
        rng = random.Random(seed)
        headers = {"Accept-Encoding": encoding, **(api_bids.MINIMAL if minimal else {})}
        n = rng.randint(3, 6)
        mode[0] = "create"
        made = decoded(client.post("/api/games", json={
            "players": [f"P{i + 1}" for i in range(n)], "first_dealer": rng.randrange(n),
            "preset": rng.choice(api_bids.PRESETS), "lang": "en"}, headers={"Accept-Encoding": encoding}))
        mode[0] = "minimal" if minimal else "whole"
        key, sheet = made["key"], made["sheet"]
        while not sheet["finished"]:
            path, body = api_bids.next_entry(sheet, rng, n)
            resp = client.post(f"/api/games/{key}/{path}", json=body, headers=headers)
            if resp.status_code != 200:
                raise RuntimeError(f"{path}: {resp.status_code} {resp.get_data()[:200]!r}")
            answer = decoded(resp)
            # merged as api_bids' clients merge it (one client: the answer counts from the sheet held)
            sheet = api_bids.merge_rounds(sheet, answer) if "since" in answer else answer["sheet"]

    for seed in range(3):  # warm-up: imports, caches
        game(seed, True)
        game(seed, False)
    spent["whole"].clear()
    spent["minimal"].clear()
    for seed in range(100, 100 + games):  # each seed both ways, which first alternating
        first = seed % 2 == 0
        game(seed, first)
        game(seed, not first)
    return spent


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="A write's CPU inside the app, whole vs minimal answers.")
    p.add_argument("--games", type=int, default=20, help="games played each way (default 20)")
    p.add_argument("--encodings", nargs="+", default=["identity", "gzip, deflate", "gzip, deflate, br"],
                   help="Accept-Encoding values to run (default: none, gzip, Brotli)")
    args = p.parse_args(argv)
    print(f"A write's CPU inside the app (WSGI call, compression included, not the socket write): "
          f"{args.games} Wizard games each way, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"{'Accept-Encoding':<22}{'answer':<9}{'writes':>7}{'mean us':>9}{'median us':>11}{'bytes':>7}")
    for encoding in args.encodings:
        spent = run(args.games, encoding)
        means = {}
        for kind in ("whole", "minimal"):
            times = [t / 1000 for t, _ in spent[kind]]
            sizes = [b for _, b in spent[kind]]
            means[kind] = (statistics.mean(times), statistics.median(times), statistics.mean(sizes))
            print(f"{encoding:<22}{kind:<9}{len(times):>7}{means[kind][0]:>9.1f}{means[kind][1]:>11.1f}"
                  f"{means[kind][2]:>7.0f}")
        w, m = means["whole"], means["minimal"]
        print(f"{encoding:<22}minimal / whole: CPU mean {m[0] / w[0]:.2f}x, median {m[1] / w[1]:.2f}x, "
              f"bytes {m[2] / w[2]:.2f}x")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
