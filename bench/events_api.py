"""A club night through the HTTP API on one machine (issue 36): an event of ``--tables``
Tarot tables (4 players each: 40 tables, 160 players by default), ``--parties`` parties
of ``--deals`` deals.

Starts ``scribe serve`` (one process, on loopback, a fresh temp database), then:
the organiser creates the event (POST /api/events) and starts each partie (POST
.../parties); one thread per table enters its deals through that table's own Scribe's
link (POST /api/games/KEY/actions/deal, a random contract and score); the hall's TV
polls the event's live version (GET .../version, every ``--poll`` seconds) and reads the
event again (GET /api/events/RANKING) whenever it moved; after each partie the organiser
reads the ranking. Checks at the end: every player ranked, the points summing to 0 (E-R5)
and equal to the sums of their tables' own totals (each table's last answer).

Prints the requests, p50/p99 per kind, the server's CPU, the wall time and the load
average. Stdlib only.

    python bench/events_api.py [--tables 40] [--parties 3] [--deals 4] [--threads 8] [--poll 0.5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from api_bids import HOST, Client, cpu_seconds, free_port, server

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


class Timings:
    def __init__(self) -> None:
        self.by_kind: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.lock = threading.Lock()

    def call(self, client: Client, kind: str, path: str, body: Any = None, method: str = "POST") -> Any:
        status, answer, seconds = client.post(path, body, method=method)
        with self.lock:
            self.by_kind[kind].append(seconds)
            if status >= 400:
                self.errors.append(f"{kind} {status} {answer}")
        return answer


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000 if s else float("nan")


def play_table(port: int, table: dict[str, Any], deals: int, seed: int, t: Timings, last: dict[str, Any]) -> None:
    """The table's Scribe enters its deals, one after the other, as a table plays them."""
    rng = random.Random(seed)
    client = Client(port)
    key = table["scribe"]["key"]
    answer = None
    for version in range(deals):
        bouts = rng.randrange(4)  # each bout is 4.5 card points: the points a side took hold its bouts
        body = {"taker": rng.randrange(4), "contract": rng.choice(CONTRACTS), "bouts": bouts,
                "attack_points": rng.randrange(5 * bouts + 10, 82 - 5 * (3 - bouts)), "version": version}
        answer = t.call(client, "deal", f"/api/games/{key}/actions/deal", body)
    client.close()
    if answer and "sheet" in answer:
        last[key] = {s["name"]: s["total"] for s in answer["sheet"]["standings"]}


def tv(port: int, token: str, poll: float, stop: threading.Event, t: Timings) -> None:
    """The hall's TV: the live version polled, the event read again when it moved."""
    client = Client(port)
    seen = None
    while not stop.is_set():
        version = t.call(client, "tv version", f"/api/events/{token}/version", None, "GET")
        if version and version.get("version") != seen:
            seen = version.get("version")
            t.call(client, "tv event", f"/api/events/{token}", None, "GET")
        stop.wait(poll)
    client.close()


def run(args: argparse.Namespace) -> int:
    players = [f"Joueur {i:03}" for i in range(args.tables * 4)]
    t = Timings()
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="scribe-events-") as tmp:
        work = Path(tmp)
        (work / "instance").mkdir()
        port = free_port()
        cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port),
               "--threads", str(args.threads), "--workers", "1", "--no-qr"]
        env = {"SCRIBE_INSTANCE": str(work / "instance"), "SCRIBE_RATELIMIT_ENABLED": "false"}
        with server(cmd, port, work, "scribe", env) as proc:
            organiser = Client(port)
            cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            event = t.call(organiser, "create", "/api/events", {
                "name": "Bench", "game": "tarot", "format": "tarot_free", "parties": args.parties,
                "deals": args.deals, "entrants": players})
            token, hall = event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]
            stop = threading.Event()
            screen = threading.Thread(target=tv, args=(port, hall, args.poll, stop, t))
            screen.start()
            last: dict[str, Any] = {}
            ranking: list[dict[str, Any]] = []
            for partie in range(1, args.parties + 1):
                started = t.call(organiser, "start partie", f"/api/events/{token}/parties", {"partie": partie})
                if "tables" not in started:
                    raise SystemExit(f"partie {partie} not started: {started} {t.errors[:3]}")
                tables = started["tables"]
                threads = [threading.Thread(target=play_table, args=(port, tb, args.deals, partie * 1000 + i, t, last))
                           for i, tb in enumerate(tables)]
                for th in threads:
                    th.start()
                for th in threads:
                    th.join()
                ranking = t.call(organiser, "ranking", f"/api/events/{token}/ranking", None, "GET")["ranking"]
            stop.set()
            screen.join()
            wall = time.perf_counter() - t0
            cpu = (cpu_seconds(proc.pid) or 0) - (cpu0 or 0)
            organiser.close()
    expected: dict[str, int] = defaultdict(int)
    for totals in last.values():
        for name, total in totals.items():
            expected[name] += total
    points = {line["name"]: line["points"] for line in ranking}
    requests = sum(len(v) for v in t.by_kind.values())
    print(f"event: {args.tables} tables, {len(players)} players, {args.parties} parties of {args.deals} deals; "
          f"scribe serve, 1 process, {args.threads} threads, SQLite")
    print(f"{'kind':<14}{'n':>6}{'p50 ms':>10}{'p99 ms':>10}")
    for kind, values in t.by_kind.items():
        print(f"{kind:<14}{len(values):>6}{pct(values, 0.5):>10.1f}{pct(values, 0.99):>10.1f}")
    print(f"requests {requests}, errors {len(t.errors)}, wall {wall:.1f} s, server CPU {cpu:.1f} s "
          f"({cpu / max(requests, 1) * 1000:.2f} ms a request)")
    print("load average before " + " ".join(f"{x:.2f}" for x in load_before)
          + ", after " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" ({os.cpu_count()} cores)")
    ok = len(points) == len(players) and sum(points.values()) == 0 and points == dict(expected)
    print(f"ranking: {len(points)} players, sum {sum(points.values())}, equals the tables' own totals: {ok}")
    for e in t.errors[:5]:
        print("error:", e)
    return 0 if ok and not t.errors else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--parties", type=int, default=3)
    p.add_argument("--deals", type=int, default=4)
    p.add_argument("--threads", type=int, default=8, help="the server's threads (default 8)")
    p.add_argument("--poll", type=float, default=0.5, help="the TV's poll interval, seconds (default 0.5)")
    return run(p.parse_args())


if __name__ == "__main__":
    sys.exit(main())
