"""A fair floor for one write (issue 35): a Scribe bid's server CPU against an authenticated,
versioned append served the same way, with the same clients, in one run.

The floor is a bare Flask app (``--serve``) whose one write is what a bid cannot do without:
``POST /append/<token>`` reads the link by its token's hash (sha256, as scribe/store/links.py
stores it, compared in constant time) together with its game's version in one SELECT, appends
the entry at the version the client sent plus one in one INSERT (the entries' primary key
(game, seq) refuses a second writer at that version: 409, as scribe/store/games.py's
conditional append does; every entry is kept, as history), and answers a small JSON. It keeps
one SQLite connection per server thread with the PRAGMAs of scribe/store/db.py (bench/
baseline_app.py's) and is served as ``scribe serve`` serves Scribe (uvicorn, each request
handed whole to a worker thread by scribe/bridge.py).

The run starts ``scribe serve`` and the floor on fresh temp SQLite files, then ``--clients``
threads (each its own keep-alive connection) play Wizard games through the API as
bench/api_bids.py does (create, every bid with ``Prefer: return=minimal`` and its version,
every round's tricks) for ``--seconds``; then the same threads send as many appends to the
floor, each to its own link, with the version its last answer gave. ``--runs`` repeats both
phases, their order turned each run. Prints, per phase, requests, p50/p99 and the server's CPU
per request (user+system from /proc), and the ratio Scribe / floor (target <= 1.5x).

    python bench/write_floor.py [--clients 20] [--seconds 15] [--runs 2] [--threads 8]
"""

from __future__ import annotations

import argparse
import hmac
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import threading
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path

from flask import Flask, jsonify, request

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]
from api_bids import (
    HOST,
    Budget,
    Client,
    Stats,
    cpu_seconds,
    free_port,
    percentile,
    play_clients,
    play_game,
    run_clients,
    server,
)
from baseline_app import connect, serve_as_scribe

TARGET_RATIO = 1.5
MINIMAL = {"Prefer": "return=minimal"}

SCHEMA = (
    "create table if not exists games (id text primary key, created_at text not null)",
    ("create table if not exists links (token_hash text primary key, game_id text not null references games(id), "
     "kind text not null)"),
    ("create table if not exists entries (game_id text not null references games(id), seq integer not null, "
     "kind text not null, data text not null, at text not null, primary key (game_id, seq))"),
)
FIND = ("select l.token_hash, l.game_id, (select coalesce(max(seq), 0) from entries e where e.game_id = l.game_id) "
        "from links l where l.token_hash = ?")
APPEND = "insert into entries (game_id, seq, kind, data, at) values (?, ?, ?, ?, ?)"


def token_hash(token: str) -> str:
    return sha256(token.encode()).hexdigest()


def floor_app(path: str) -> Flask:
    """The floor: one authenticated, versioned append, and the links it appends through."""
    conn = connect(path)
    with conn:
        for sql in SCHEMA:
            conn.execute(sql)
    conn.close()
    app = Flask(__name__)
    held = threading.local()

    def kept():
        conn = getattr(held, "conn", None)
        if conn is None:
            conn = held.conn = connect(path)
        return conn

    @app.post("/links/<token>")
    def new_link(token: str):
        """A game and its link (the run's set-up, not measured)."""
        conn = kept()
        with conn:
            conn.execute("insert into games (id, created_at) values (?, ?)", [token, _now()])
            conn.execute("insert into links (token_hash, game_id, kind) values (?, ?, 'scribe')",
                         [token_hash(token), token])
        return jsonify(version=0), 201

    @app.post("/append/<token>")
    def append(token: str):
        """One entry at the version sent plus one, through the link's token."""
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not isinstance(body.get("version"), int):
            return jsonify(error="Send a JSON object with its version.", field="version"), 400
        conn, wanted = kept(), token_hash(token)
        row = conn.execute(FIND, [wanted]).fetchone()
        if row is None or not hmac.compare_digest(row[0], wanted):
            return jsonify(error="There is no such game.", field="key"), 404
        game_id, version = row[1], row[2]
        if body["version"] != version:
            return jsonify(error="The game has moved on.", field="version", version=version), 409
        try:
            with conn:
                conn.execute(APPEND, [game_id, version + 1, str(body.get("kind")), request.get_data(as_text=True),
                                      _now()])
        except sqlite3.IntegrityError:  # another writer took that version first
            return jsonify(error="The game has moved on.", field="version"), 409
        return jsonify(version=version + 1)

    return app


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# --------------------------------------------------------------------------- the run


def scribe_phase(port: int, args: argparse.Namespace, run: int) -> tuple[Stats, float]:
    """Bids (and the creates and tricks a game needs) until ``--seconds``: stats, wall, CPU."""
    stats, wall = play_clients([port], args.clients, Budget(args.seconds), args.seed + run)
    return stats, wall


def floor_phase(port: int, args: argparse.Namespace, run: int) -> tuple[Stats, float]:
    """Appends until ``--seconds``, each client to its own link."""
    tokens = [f"floor-{run}-{i}-{random.Random(i).getrandbits(64):x}" for i in range(args.clients)]
    setup = Client(port)
    for token in tokens:
        status, _answer, _dt = setup.post(f"/links/{token}", {})
        assert status == 201, status
    setup.close()
    budget = Budget(args.seconds)

    def work(i: int, stats: Stats) -> None:
        rng = random.Random(args.seed * 1000 + i)
        client, version = Client(port), 0
        try:
            while budget.take_request():
                body = {"version": version, "kind": "bid", "round": 1, "bid": rng.randint(0, 10)}
                status, answer, dt = client.post(f"/append/{tokens[i]}", body, MINIMAL)
                stats.bids.append(dt)
                if status != 200:
                    stats.errors.append(f"append: {status} {answer}")
                    return
                version = answer["version"]
        finally:
            client.close()

    return run_clients(args.clients, work)


def measured(proc, phase) -> tuple[Stats, float, float]:
    cpu0 = cpu_seconds(proc.pid)
    stats, wall = phase()
    cpu1 = cpu_seconds(proc.pid)
    return stats, wall, (cpu1 - cpu0) if cpu0 is not None and cpu1 is not None else float("nan")


def row(label: str, stats: Stats, wall: float, cpu: float) -> str:
    every = stats.bids + stats.others
    n = len(every)
    return (f"{label:<30}{n:>8}{n / wall:>9.1f}{percentile(every, 50):>9.2f}{percentile(every, 99):>9.2f}"
            f"{cpu / n * 1000 if n else float('nan'):>9.2f}")


def serve_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description="Serve the floor as scribe serve serves Scribe.")
    p.add_argument("--serve", action="store_true")
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--db", required=True)
    args = p.parse_args(argv)
    print(f"floor ready on http://{HOST}:{args.port}/", flush=True)
    serve_as_scribe(floor_app(args.db), HOST, args.port, args.threads)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--serve" in argv:
        return serve_main(argv)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=20)
    p.add_argument("--seconds", type=float, default=15.0, help="seconds of each phase of each run")
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--threads", type=int, default=8, help="threads of both servers")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="scribe-floor-") as tmp:
        work = Path(tmp)
        (work / "instance").mkdir()
        sport, fport = free_port(), free_port()
        scribe_cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(sport),
                      "--threads", str(args.threads), "--no-qr"]
        floor_cmd = [sys.executable, str(BENCH / "write_floor.py"), "--serve", "--port", str(fport),
                     "--threads", str(args.threads), "--db", str(work / "floor.sqlite3")]
        env = {"SCRIBE_INSTANCE": str(work / "instance"), "SCRIBE_RATELIMIT_ENABLED": "false"}
        print(f"a Scribe bid against the floor (one SELECT of a link by its token's hash, one INSERT at the "
              f"version sent, a small JSON), both served by uvicorn + scribe/bridge.py with {args.threads} threads; "
              f"{args.clients} clients, {os.cpu_count()} CPUs")
        print(f"{'run phase':<30}{'requests':>8}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'cpu ms':>9}")
        ratios, failed = [], False
        with server(scribe_cmd, sport, work, "scribe", env) as sproc, server(floor_cmd, fport, work, "floor") as fproc:
            play_game(Client(sport), random.Random(0), Stats(), None)  # imports, caches, the threads' connections
            for run in range(1, args.runs + 1):
                load = os.getloadavg()[0]
                order = ("scribe", "floor") if run % 2 else ("floor", "scribe")
                got = {}
                for name in order:
                    if name == "scribe":
                        got[name] = measured(sproc, lambda r=run: scribe_phase(sport, args, r))
                    else:
                        got[name] = measured(fproc, lambda r=run: floor_phase(fport, args, r))
                s, f = got["scribe"], got["floor"]
                share = len(s[0].bids) / max(1, len(s[0].bids) + len(s[0].others))
                print(row(f"{run} scribe (load {load:.1f})", *s) + f"   ({share:.0%} bids, the rest creates and tricks)")
                print(row(f"{run} floor append", *f))
                ratio = (s[2] / (len(s[0].bids) + len(s[0].others))) / (f[2] / len(f[0].bids))
                ratios.append(ratio)
                print(f"{run} server CPU per request, Scribe / floor: {ratio:.2f}x (target <= {TARGET_RATIO}x) "
                      f"{'met' if ratio <= TARGET_RATIO else 'NOT met'}")
                for label, st in (("scribe", s[0]), ("floor", f[0])):
                    if st.errors:
                        failed = True
                        print(f"  {label}: {len(st.errors)} errors, first: {st.errors[0]}")
        print(f"median ratio over {len(ratios)} runs: {statistics.median(ratios):.2f}x; load after "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
