"""Bid entry through the HTTP API, next to a one-write Flask floor, same server.

Starts ``scribe serve`` and ``bench/baseline_app.py`` (the floor: a bare Flask app, one
INSERT on a kept connection, one cell rendered) as subprocesses on loopback (free
ports, served the same way with the same thread count, each on a fresh temp database).
Then ``--clients`` threads, each with its own keep-alive ``http.client`` connection,
play whole Wizard games through the API (POST /api/games, then every round the
bids in order, a random legal bid avoiding ``sheet.forbidden_bid``, then the
tricks), timing every request. They are "new clients": each write asks for the minimal
answer (``Prefer: return=minimal``, RFC 7240: only the rounds it changed) and merges it
into the sheet it holds by round number; ``--full-answers`` runs old clients, answered
the whole sheet each time. Then the same clients send the same number of
requests to the baseline's ``POST /write``. Prints throughput, p50/p99 of a bid
entry and of the baseline write, the server CPU per request, and the ratios against
the targets (throughput >= 0.8x the floor, CPU per write <= 1.3x the floor's, bid p99
< 50 ms).

Stdlib only. Bounded: stops after ``--games`` finished games or ``--seconds``,
whichever comes first (the baseline phase has the same count and a time cap).

    python bench/api_bids.py [--clients 20] [--seconds 20 | --games 200] [--threads 8] [--floor-server waitress]
                             [--full-answers]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PRESETS = ("standard", "plus_minus_one", "leader", "canadian")
BID_TARGET_RATIO = 0.8
CPU_TARGET_RATIO = 1.3
BID_P99_TARGET_MS = 50.0


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_ready(proc: subprocess.Popen, port: int, log: Path, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-2000:]}")
        try:
            with socket.create_connection((HOST, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"server not ready on port {port} after {timeout}s:\n{log.read_text()[-2000:]}")


@contextmanager
def server(cmd: list[str], port: int, workdir: Path, name: str, env: dict[str, str] | None = None
           ) -> Iterator[subprocess.Popen]:
    """Run ``cmd`` until the block ends; its output goes to ``workdir/name.log``."""
    log = workdir / f"{name}.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **(env or {})},
                                stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        try:
            wait_ready(proc, port, log)
            yield proc
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process and its children (Linux): with ``--workers`` the
    requests are served by gunicorn's worker processes, not by the one started."""
    def own(p: int) -> float:
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    try:
        total = own(pid)
    except (OSError, IndexError, ValueError):
        return None
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    total += own(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return total


# --------------------------------------------------------------------------- clients


class Client:
    """One keep-alive connection; ``post`` answers (status, json, seconds)."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def post(self, path: str, body: dict[str, Any] | None, headers: dict[str, str] | None = None,
             method: str = "POST") -> tuple[int, Any, float]:
        payload = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json", **(headers or {})}
        t0 = time.perf_counter()
        try:
            self.conn.request(method, path, payload, headers)
            resp = self.conn.getresponse()
            raw = resp.read()
        except (http.client.HTTPException, OSError):
            self.conn.close()  # reconnect once: a dropped keep-alive is not the server's answer
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            self.conn.request(method, path, payload, headers)
            resp = self.conn.getresponse()
            raw = resp.read()
        dt = time.perf_counter() - t0
        return resp.status, json.loads(raw) if raw else None, dt

    def close(self) -> None:
        self.conn.close()


@dataclass
class Stats:
    bids: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)  # creates and tricks
    errors: list[str] = field(default_factory=list)
    games: int = 0

    @property
    def requests(self) -> int:
        return len(self.bids) + len(self.others)

    def merge(self, other: Stats) -> None:
        self.bids += other.bids
        self.others += other.others
        self.errors += other.errors
        self.games += other.games


class Budget:
    """Shared stop condition: a deadline, and optionally a number of games or requests."""

    def __init__(self, seconds: float, games: int | None = None, requests: int | None = None):
        self.deadline = time.monotonic() + seconds
        self.games_left = games
        self.requests_left = requests
        self.lock = threading.Lock()

    def expired(self) -> bool:
        return time.monotonic() >= self.deadline

    def take_game(self) -> bool:
        with self.lock:
            if self.expired() or self.games_left == 0:
                return False
            if self.games_left is not None:
                self.games_left -= 1
            return True

    def take_request(self) -> bool:
        with self.lock:
            if self.expired() or self.requests_left == 0:
                return False
            if self.requests_left is not None:
                self.requests_left -= 1
            return True


def random_tricks(rng: random.Random, cards: int, n: int) -> list[int]:
    counts = [0] * n
    for _ in range(cards):
        counts[rng.randrange(n)] += 1
    return counts


MINIMAL = {"Prefer": "return=minimal"}  # RFC 7240: answer only the rounds the write changed


def merged(client: Client, key: str, sheet: dict[str, Any], answer: dict[str, Any], stats: Stats) -> dict[str, Any]:
    """The sheet after a write, from the one held and a minimal answer (docs/api.md): the
    rounds it lists replace those of the same number, every other field is the answer's.
    An answer counted from another version than the one held: the sheet is read again."""
    if "since" not in answer:  # the whole sheet
        return answer["sheet"]
    if answer["since"] != sheet["version"]:
        _status, fresh, dt = client.post(f"/api/games/{key}/sheet", None, method="GET")
        stats.others.append(dt)
        return fresh
    return merge_rounds(sheet, answer)


def merge_rounds(sheet: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """A minimal answer counted from ``sheet``'s version merged into it, by round number."""
    got = {r["number"]: r for r in answer["sheet"]["rounds"]}
    held = sheet["rounds"]
    return {**answer["sheet"], "rounds": [got.get(n) or held[n - 1] for n in range(1, answer["round_count"] + 1)]}


def next_entry(sheet: dict[str, Any], rng: random.Random, n: int) -> tuple[str, dict[str, Any]]:
    """The path and body of the next legal entry of a Wizard sheet: a random bid avoiding
    the one the rules forbid, or random tricks."""
    number = sheet["current_round"]
    cards = sheet["rounds"][number - 1]["cards"]
    if sheet["phase"] == "bidding":
        allowed = list(range(cards + 1))
        forbidden = sheet["forbidden_bid"]
        if forbidden is not None and forbidden["player"] == sheet["next_bidder"]:
            allowed.remove(forbidden["value"])
        return "bids", {"round": number, "bid": rng.choice(allowed), "version": sheet["version"]}
    return "tricks", {"round": number, "tricks": random_tricks(rng, cards, n), "version": sheet["version"]}


def play_game(client: Client, rng: random.Random, stats: Stats, budget: Budget | None, minimal: bool = True) -> bool:
    """One whole game through the API; False if it stopped early (time out or error).
    ``minimal``: ask for minimal answers and merge them (a new client), else whole sheets."""
    prefer = MINIMAL if minimal else None
    n = rng.randint(3, 6)
    body = {"players": [f"P{i + 1}" for i in range(n)], "first_dealer": rng.randrange(n),
            "preset": rng.choice(PRESETS), "lang": "en"}
    status, game, dt = client.post("/api/games", body)
    stats.others.append(dt)
    if status != 201:
        stats.errors.append(f"create: {status} {game}")
        return False
    gid, sheet = game["key"], game["sheet"]
    while not sheet["finished"]:
        if budget is not None and budget.expired():
            return False
        path, body = next_entry(sheet, rng, n)
        status, answer, dt = client.post(f"/api/games/{gid}/{path}", body, prefer)
        (stats.bids if path == "bids" else stats.others).append(dt)
        if status != 200:
            stats.errors.append(f"{sheet['phase']}: {status} {answer}")
            return False
        sheet = merged(client, gid, sheet, answer, stats)
    stats.games += 1
    return True


def run_clients(count: int, work: Callable[[int, Stats], None]) -> tuple[Stats, float]:
    """Run ``work(i, stats)`` in ``count`` threads started together; merged stats, wall time."""
    parts = [Stats() for _ in range(count)]
    start = threading.Barrier(count + 1)

    def body(i: int) -> None:
        start.wait()
        try:
            work(i, parts[i])
        except Exception as exc:  # noqa: BLE001 - a benchmark reports, it does not crash
            parts[i].errors.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    total = Stats()
    for p in parts:
        total.merge(p)
    return total, wall


def play_clients(ports: list[int], clients: int, budget: Budget, seed: int, minimal: bool = True
                 ) -> tuple[Stats, float]:
    """``clients`` threads playing whole games until ``budget`` is spent, each on a kept
    connection of its own, client i to ``ports[i % len(ports)]`` (one server or several
    nodes); merged stats, wall time. ``minimal``: new clients (see ``play_game``)."""

    def work(i: int, stats: Stats) -> None:
        rng = random.Random(seed * 1000 + i)
        client = Client(ports[i % len(ports)])
        try:
            while budget.take_game():
                if not play_game(client, rng, stats, budget, minimal) and stats.errors:
                    return
        finally:
            client.close()

    return run_clients(clients, work)


def scribe_phase(port: int, args: argparse.Namespace) -> tuple[Stats, float]:
    return play_clients([port], args.clients, Budget(args.seconds, games=args.games), args.seed,
                        minimal=not args.full_answers)


def baseline_phase(port: int, args: argparse.Namespace, requests: int) -> tuple[Stats, float]:
    budget = Budget(max(3 * args.seconds, 60), requests=requests)

    def work(i: int, stats: Stats) -> None:
        rng = random.Random(args.seed * 1000 + i)
        client = Client(port)
        seq = 0
        try:
            while budget.take_request():
                seq += 1
                status, answer, dt = client.post("/write", {"client": i, "seq": seq, "bid": rng.randint(0, 10)})
                stats.others.append(dt)
                if status != 200:
                    stats.errors.append(f"write: {status} {answer}")
                    return
        finally:
            client.close()

    return run_clients(args.clients, work)


def warm_up(scribe_port: int, base_port: int) -> None:
    """A game and a few writes on each server before the clock starts (imports, caches)."""
    rng = random.Random(0)
    c = Client(scribe_port)
    play_game(c, rng, Stats(), None)
    c.close()
    c = Client(base_port)
    for i in range(20):
        c.post("/write", {"client": "warm-up", "seq": i})
    c.close()


# --------------------------------------------------------------------------- report


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1] * 1000


def line(label: str, count: int, wall: float, latencies: list[float], cpu: float | None) -> str:
    rate = count / wall if wall else float("nan")
    cpu_ms = f"{cpu / count * 1000:7.2f}" if cpu is not None and count else "      -"
    return (f"{label:<26}{count:>8}{rate:>10.1f}{percentile(latencies, 50):>9.2f}"
            f"{percentile(latencies, 99):>9.2f}{max(latencies) * 1000 if latencies else 0:>9.2f}{cpu_ms:>9}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Bid entry via the HTTP API vs a one-write Flask baseline.")
    p.add_argument("--clients", type=int, default=20, help="concurrent clients (default 20)")
    p.add_argument("--seconds", type=float, default=20.0, help="time limit of the game phase (default 20)")
    p.add_argument("--games", type=int, default=None, help="stop after this many games (default: time only)")
    p.add_argument("--threads", type=int, default=8, help="threads per process of both servers (default 8)")
    p.add_argument("--workers", type=int, default=1,
                   help="processes of both servers; more than 1: gunicorn, as `scribe serve --workers` (default 1)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--full-answers", action="store_true",
                   help="old clients: no Prefer: return=minimal, every write answered the whole sheet")
    p.add_argument("--floor-server", choices=("scribe", "waitress"), default="scribe",
                   help="the floor served as scribe serve serves Scribe (default), or by waitress as in earlier runs")
    args = p.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="scribe-bench-") as tmp:
        work = Path(tmp)
        (work / "instance").mkdir()
        sport, bport = free_port(), free_port()
        scribe_cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(sport),
                      "--threads", str(args.threads), "--workers", str(args.workers), "--no-qr"]
        base_cmd = [sys.executable, str(ROOT / "bench" / "baseline_app.py"), "--host", HOST,
                    "--port", str(bport), "--threads", str(args.threads), "--workers", str(args.workers),
                    "--server", args.floor_server, "--db", str(work / "baseline.sqlite3")]
        # many games from one address: the creation limit is not what is measured here
        scribe_env = {"SCRIBE_INSTANCE": str(work / "instance"), "SCRIBE_RATELIMIT_ENABLED": "false"}
        with server(scribe_cmd, sport, work, "scribe", scribe_env) as sproc, \
                server(base_cmd, bport, work, "baseline") as bproc:
            warm_up(sport, bport)

            cpu0 = cpu_seconds(sproc.pid)
            s, s_wall = scribe_phase(sport, args)
            cpu1 = cpu_seconds(sproc.pid)
            s_cpu = cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None

            cpu0 = cpu_seconds(bproc.pid)
            b, b_wall = baseline_phase(bport, args, s.requests)
            cpu1 = cpu_seconds(bproc.pid)
            b_cpu = cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None

    all_s = s.bids + s.others
    if args.workers > 1:
        served = f"both on gunicorn --workers {args.workers} --threads {args.threads}"
    else:
        floor = "the same" if args.floor_server == "scribe" else f"floor on waitress --threads {args.threads}"
        served = f"scribe serve (uvicorn, {args.threads} threads), {floor}"
    print(f"Scribe API vs floor (bare Flask, one INSERT on a kept connection, one cell rendered): {served}, "
          f"{args.clients} clients, loopback, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    answers = ("whole sheets (--full-answers: old clients)" if args.full_answers
               else "minimal (Prefer: return=minimal, merged by round number)")
    print(f"write answers: {answers}")
    print(f"games finished: {s.games}; requests: {len(s.bids)} bids + {len(s.others)} creates/tricks")
    print(f"{'':<26}{'requests':>8}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'cpu ms':>9}")
    print(line("scribe, every request", len(all_s), s_wall, all_s, s_cpu))
    print(line("scribe, bid entries", len(s.bids), s_wall, s.bids, None))
    print(line("baseline POST /write", b.requests, b_wall, b.others, b_cpu))
    ratio = (len(all_s) / s_wall) / (b.requests / b_wall) if s_wall and b_wall and b.requests else float("nan")
    p99 = percentile(s.bids, 99)
    p50_ratio = percentile(s.bids, 50) / percentile(b.others, 50) if b.others else float("nan")
    print(f"throughput ratio scribe/baseline: {ratio:.2f}x (target >= {BID_TARGET_RATIO}x) "
          f"{'OK' if ratio >= BID_TARGET_RATIO else 'BELOW'}")
    if s_cpu is not None and b_cpu and all_s and b.requests:
        cpu_ratio = (s_cpu / len(all_s)) / (b_cpu / b.requests)
        print(f"server CPU per request scribe/baseline: {cpu_ratio:.2f}x (target <= {CPU_TARGET_RATIO}x) "
              f"{'OK' if cpu_ratio <= CPU_TARGET_RATIO else 'ABOVE'}")
    print(f"bid p50 / baseline p50: {p50_ratio:.2f}x; bid p99: {p99:.1f} ms (target < {BID_P99_TARGET_MS:.0f} ms) "
          f"{'OK' if p99 < BID_P99_TARGET_MS else 'ABOVE'}")
    for label, st in (("scribe", s), ("baseline", b)):
        if st.errors:
            print(f"{label}: {len(st.errors)} errors, first: {st.errors[0]}")
    return 1 if s.errors or b.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
