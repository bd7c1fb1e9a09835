"""Bid writes through the API on PostgreSQL against SQLite, and two nodes against one, in one run.

Starts a throwaway PostgreSQL cluster (tests/pgcluster.py) and, in turn: ``scribe serve`` on a
SQLite file; ``scribe serve`` on a PostgreSQL database; two ``scribe serve`` nodes on one
PostgreSQL database (the same SCRIBE_DATABASE_URL and secret key), the clients split
between them. Each phase: ``--clients`` threads play whole Wizard games through the API as
bench/api_bids.py does (create, every bid, every round's tricks) for ``--seconds``. Per phase:
bids per second, p50/p99, and the CPU each bid cost in the Scribe processes and in
PostgreSQL's (from /proc), so the figures say where the next limit is. Ratios in the same
run: PostgreSQL / SQLite, two nodes / one node. ``--runs`` repeats the three phases (their
order turned each run), with the load average before each.

The cluster is a test cluster made safe enough to compare: fsync and full-page writes on,
``synchronous_commit=off``, which is what SQLite's ``synchronous=NORMAL`` in WAL mode gives
(a power cut may lose the last commits, never the database); ``--durable`` turns
synchronous_commit on (every commit flushed, stricter than the SQLite side).

    python bench/store_writes.py [--clients 20] [--seconds 15] [--runs 3] [--threads 8] [--durable]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import pgcluster
from api_bids import HOST, Budget, Client, Stats, cpu_seconds, free_port, percentile, play_clients, play_game, server

SECRET = "5c" * 32


def postgres_pids(cluster: pgcluster.Cluster) -> list[int]:
    """The cluster's postmaster (its backends are its children: cpu_seconds counts them)."""
    pid_file = cluster.folder / "data" / "postmaster.pid"
    return [int(pid_file.read_text().split()[0])]


def postgres_cpu(cluster: pgcluster.Cluster) -> float:
    """CPU seconds of the postmaster and every process whose parent it is (the backends,
    the WAL writer, the checkpointer): children that already exited are counted by the
    kernel in the parent's cutime/cstime, read here too."""
    total = 0.0
    for pid in postgres_pids(cluster):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")  # cutime + cstime
        total += cpu_seconds(pid) or 0.0
    return total


def phase(name: str, nodes: list[tuple[list[str], int, dict[str, str]]], work: Path, args: argparse.Namespace,
          cluster: pgcluster.Cluster | None, run: int) -> dict:
    """Start ``nodes`` (argv, port, env), warm each up, let the clients play; the figures."""
    with ExitStack() as stack:
        procs = [stack.enter_context(server(cmd, port, work, f"{name}-{i}-{run}", env))
                 for i, (cmd, port, env) in enumerate(nodes)]
        for _cmd, port, _env in nodes:  # imports, caches, the pool's connections
            c = Client(port)
            play_game(c, random.Random(run), Stats(), None)
            c.close()
        load = os.getloadavg()[0]
        scribe0 = sum(cpu_seconds(p.pid) or 0.0 for p in procs)
        pg0 = postgres_cpu(cluster) if cluster else 0.0
        stats, wall = play_clients([port for _c, port, _e in nodes], args.clients, Budget(args.seconds),
                                   args.seed + run)
        scribe_cpu = sum(cpu_seconds(p.pid) or 0.0 for p in procs) - scribe0
        pg_cpu = (postgres_cpu(cluster) - pg0) if cluster else 0.0
    requests = stats.requests
    return {"name": name, "load": load, "bids": len(stats.bids), "bid_rate": len(stats.bids) / wall,
            "rate": requests / wall, "p50": percentile(stats.bids, 50), "p99": percentile(stats.bids, 99),
            "scribe_ms": scribe_cpu / requests * 1000 if requests else float("nan"),
            "pg_ms": pg_cpu / requests * 1000 if requests else float("nan"), "errors": stats.errors,
            "games": stats.games}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=20)
    p.add_argument("--seconds", type=float, default=15.0, help="seconds each phase plays")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--threads", type=int, default=8, help="threads of each scribe serve")
    p.add_argument("--durable", action="store_true", help="synchronous_commit=on on PostgreSQL")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    why = pgcluster.missing()
    if why:
        print(why, file=sys.stderr)
        return 2
    cluster = pgcluster.start()
    import psycopg

    with psycopg.connect(cluster.url, autocommit=True) as conn:  # as safe as SQLite's NORMAL (see above)
        conn.execute("alter system set fsync = on")
        conn.execute("alter system set full_page_writes = on")
        conn.execute(f"alter system set synchronous_commit = {'on' if args.durable else 'off'}")
        conn.execute("select pg_reload_conf()")
    failed = False
    try:
        with tempfile.TemporaryDirectory(prefix="scribe-store-writes-") as tmp:
            work = Path(tmp)

            def node(folder: str, url: str | None) -> tuple[list[str], int, dict[str, str]]:
                port = free_port()
                (work / folder).mkdir(exist_ok=True)
                env = {"SCRIBE_INSTANCE": str(work / folder), "SCRIBE_RATELIMIT_ENABLED": "false",
                       "SCRIBE_SECRET_KEY": SECRET, "SCRIBE_LOG_LEVEL": "WARNING"}
                if url:
                    env["SCRIBE_DATABASE_URL"] = url
                return ([sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port),
                         "--threads", str(args.threads), "--no-qr"], port, env)

            print(f"bid writes through the API: {args.clients} clients, {args.seconds:.0f} s a phase, "
                  f"scribe serve --threads {args.threads}, {os.cpu_count()} CPUs shared by clients, servers and "
                  f"PostgreSQL; PostgreSQL fsync on, synchronous_commit {'on' if args.durable else 'off'}")
            print(f"{'run phase':<22}{'load':>6}{'bids':>7}{'bids/s':>9}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}"
                  f"{'scribe cpu ms':>15}{'pg cpu ms':>11}")
            ratios = []
            for run in range(1, args.runs + 1):
                phases = {
                    "sqlite": lambda: phase("sqlite", [node(f"sqlite{run}", None)], work, args, None, run),
                    "postgresql": lambda: phase("postgresql", [node(f"pg{run}", cluster.fresh_database())], work,
                                                args, cluster, run),
                }
                shared = cluster.fresh_database()
                phases["pg 2 nodes"] = lambda: phase("pg 2 nodes", [node(f"a{run}", shared), node(f"b{run}", shared)],
                                                     work, args, cluster, run)
                order = list(phases) if run % 2 else list(reversed(phases))
                got = {}
                for name in order:
                    got[name] = r = phases[name]()
                    print(f"{run:<3} {name:<18}{r['load']:>6.2f}{r['bids']:>7}{r['bid_rate']:>9.1f}{r['rate']:>8.1f}"
                          f"{r['p50']:>8.1f}{r['p99']:>8.1f}{r['scribe_ms']:>15.2f}"
                          f"{(r['pg_ms'] if name != 'sqlite' else float('nan')):>11.2f}")
                    if r["errors"]:
                        failed = True
                        print(f"    {len(r['errors'])} errors, first: {r['errors'][0]}")
                pg_sqlite = got["postgresql"]["bid_rate"] / got["sqlite"]["bid_rate"]
                two_one = got["pg 2 nodes"]["bid_rate"] / got["postgresql"]["bid_rate"]
                ratios.append((pg_sqlite, two_one))
                print(f"    run {run}: PostgreSQL / SQLite bids/s {pg_sqlite:.2f}x; two nodes / one node "
                      f"{two_one:.2f}x")
            ordered = sorted(r[0] for r in ratios), sorted(r[1] for r in ratios)
            mid = len(ratios) // 2
            print(f"median of {len(ratios)} runs: PostgreSQL / SQLite {ordered[0][mid]:.2f}x "
                  f"(range {ordered[0][0]:.2f}-{ordered[0][-1]:.2f}); two nodes / one node {ordered[1][mid]:.2f}x "
                  f"(range {ordered[1][0]:.2f}-{ordered[1][-1]:.2f}); load after "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        cluster.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
