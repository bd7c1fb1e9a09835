"""Several nodes (issue 23): the delay from an entry written on node A to a watcher held by
node B, next to watchers held by node A itself (the same-node floor), in the same run.

Starts a throwaway PostgreSQL cluster (tests/pgcluster.py) and two ``scribe serve``
processes on it (the same SCRIBE_DATABASE_URL and SCRIBE_SECRET_KEY), makes a Wizard game of
6 players on A and plays its first ``--rounds-before`` rounds. Then ``--watchers`` watchers
hold ``GET /w/<token>/events`` on A and as many on B (one client process per node), and a
player enters an action on A every ``--pace`` seconds for ``--seconds``. For every entry:
the time from its request leaving to each watcher having read the event carrying its
version; p50/p99/max per node, errors (a stream refused or ended, a version never seen).
Ratio: B's p99 / A's p99 (what crossing nodes through NOTIFY costs). Target: B's p99 <= 300 ms.

    python bench/nodes.py [--watchers 20] [--seconds 20] [--pace 0.25] [--runs 3]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import pgcluster
from api_bids import HOST, free_port, server
from push import PLAYERS, Player, api, delays_of, pct, play, watchers_proc

TARGET_P99_MS = 300.0
SECRET = "6e" * 32


def measure(ports: dict[str, int], key: str, watch: str, writer: int, n: int, seconds: float,
            pace: float) -> dict[str, dict]:
    """Watchers on every node, entries written on ``writer``: per node, its delays and errors."""
    sheet = api(writer, "GET", f"/api/games/{key}/sheet")
    path = f"/w/{watch}/events?v={sheet['version']}"
    go, stop = mp.Event(), mp.Event()
    queues = {name: mp.Queue() for name in ports}
    procs = {name: mp.Process(target=watchers_proc, args=(port, path, n, stop, queues[name], go))
             for name, port in ports.items()}
    for proc in procs.values():
        proc.start()
    for queue in queues.values():
        assert queue.get(timeout=180)[0] == "ready"
    go.set()
    sent: dict[int, float] = {}
    play(writer, key, pace, seconds, sent, threading.Event(), sheet)
    time.sleep(2.0)  # a late delivery is measured, not counted as missed
    stop.set()
    results = {}
    for name, queue in queues.items():
        _kind, (seens, errors, _cpu) = queue.get(timeout=180)
        delays, missing = delays_of(seens, sent)
        results[name] = {"delays": delays, "missing": missing, "errors": errors, "entries": len(sent)}
    for proc in procs.values():
        proc.join()
    return results


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--watchers", type=int, default=20, help="watchers on each node")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--pace", type=float, default=0.25, help="seconds between entries")
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--rounds-before", type=int, default=3)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args(argv)
    why = pgcluster.missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    cluster = pgcluster.start()
    failed = False
    try:
        with tempfile.TemporaryDirectory(prefix="scribe-nodes-") as tmp:
            work = Path(tmp)
            url = cluster.fresh_database()
            ports = {"A": free_port(), "B": free_port()}
            cmds = {name: [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port),
                           "--no-qr", "--threads", str(args.threads)] for name, port in ports.items()}
            env = {"SCRIBE_DATABASE_URL": url, "SCRIBE_SECRET_KEY": SECRET, "PYTHONUNBUFFERED": "1"}
            (work / "a").mkdir()
            (work / "b").mkdir()
            with server(cmds["A"], ports["A"], work, "node-a", {**env, "SCRIBE_INSTANCE": str(work / "a")}), \
                    server(cmds["B"], ports["B"], work, "node-b", {**env, "SCRIBE_INSTANCE": str(work / "b")}):
                made = api(ports["A"], "POST", "/api/games", {"players": PLAYERS, "first_dealer": 0})
                key, sheet = made["key"], made["sheet"]
                player = Player(ports["A"], key)
                while sheet["current_round"] <= args.rounds_before:
                    sheet = player.step(sheet)["sheet"]
                watch = api(ports["A"], "GET", f"/api/games/{key}/links")["watch"]["token"]
                print(f"two nodes on one PostgreSQL, {args.watchers} watchers on each, an entry on A every "
                      f"{args.pace} s for {args.seconds:.0f} s; {os.cpu_count()} CPUs")
                for run in range(1, args.runs + 1):
                    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                    r = measure(ports, key, watch, ports["A"], args.watchers, args.seconds, args.pace)
                    a, b = r["A"]["delays"], r["B"]["delays"]
                    for name in ("A", "B"):
                        d = r[name]
                        print(f"run {run} (load {load}) watchers on {name}{' (same node)' if name == 'A' else ''}: "
                              f"{d['entries']} entries, {len(d['delays'])} deliveries: "
                              f"p50 {pct(d['delays'], .5):6.1f} ms  "
                              f"p99 {pct(d['delays'], .99):6.1f} ms  max {max(d['delays'] or [float('nan')]):6.1f} ms; "
                              f"errors {len(d['errors'])}, missed {d['missing']}")
                        failed |= bool(d["errors"] or d["missing"])
                    print(f"run {run}: B p50 / A p50 {pct(b, .5) / pct(a, .5):.2f}x, B p99 / A p99 "
                          f"{pct(b, .99) / pct(a, .99):.2f}x; target B p99 <= {TARGET_P99_MS:.0f} ms: "
                          f"{'met' if pct(b, .99) <= TARGET_P99_MS else 'NOT met'}")
                print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        cluster.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
