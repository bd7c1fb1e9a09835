"""Push (issue 21): many watchers holding a stream, an entry every ``--pace`` seconds, and
the delay from each entry to each watcher seeing it; next to a floor of the same run.

Starts ``scribe serve`` (uvicorn, scribe/push) on a fresh temp database, makes a Wizard
game of 6 players and plays its first ``--rounds-before`` rounds through the API (the
watch fragment then weighs what it weighs at round 8). Then, twice:

1. floor: one watcher holds ``GET /w/<token>/events``; the player enters an action every
   ``--pace`` seconds for ``--seconds``;
2. load: ``--watchers`` watchers (default 2000), each on its own connection, split over
   ``--procs`` client processes (the clients' parsing must not be the bottleneck).

For every entry the time from the moment its request was sent to the moment each
watcher has read the whole event carrying its version: p50/p99/max; errors (a stream
refused or ended, an event missing: a version a watcher never saw); the server's CPU
time (user+system, /proc) per entry and per second, its RSS at the end, and the renders
it made (one per entry for all the watchers: its access log). Ratio: load p99 / floor p99.
Targets: load p99 <= 300 ms, 0 errors.

With ``--workers N`` the server is ``scribe serve --workers N`` (N processes, each holding
streams): the CPU and RSS are the master's and its workers' together, and each worker's
share of the CPU is printed (both cores used, or not).

    python bench/push.py [--watchers 2000] [--procs 2] [--seconds 20] [--pace 0.5] [--threads 8] [--workers 1]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing as mp
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_bids import HOST, cpu_seconds, free_port, server

TARGET_P99_MS = 300.0
PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]


def api(port: int, method: str, path: str, body: dict | None = None) -> dict:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request(method, path, json.dumps(body).encode() if body is not None else None,
                     {"Content-Type": "application/json", "Host": "localhost"})
        resp = conn.getresponse()
        data = resp.read()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data or b"null")
    finally:
        conn.close()


class Player:
    """Enters the next action of the game (a bid, or the tricks) on one kept connection."""

    def __init__(self, port: int, key: str):
        self.port, self.key = port, key
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def post(self, path: str, body: dict) -> dict:
        self.conn.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json",
                                                                     "Host": "localhost"})
        resp = self.conn.getresponse()
        data = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"POST {path}: {resp.status} {data[:200]!r}")
        return json.loads(data)

    def step(self, sheet: dict) -> dict:
        if sheet["finished"]:  # the last tricks taken back, to be entered again: the game goes on
            return self.post(f"/api/games/{self.key}/undo", {})
        row = sheet["rounds"][sheet["current_round"] - 1]
        if None in row["bids"]:
            bid = 0 if sheet["forbidden_bid"] != 0 else 1
            return self.post(f"/api/games/{self.key}/bids", {"player": sheet["next_bidder"], "bid": bid})
        tricks = [0] * len(PLAYERS)
        tricks[0] = row["cards"]
        return self.post(f"/api/games/{self.key}/tricks", {"tricks": tricks})


def play(port: int, key: str, pace: float, seconds: float, sent: dict[int, float], stop: threading.Event,
         sheet: dict) -> None:
    """One entry every ``pace`` s: ``sent[version]`` = when its request left."""
    player = Player(port, key)
    end = time.monotonic() + seconds
    next_at = time.monotonic()
    while time.monotonic() < end and not stop.is_set():
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at += pace
        t = time.time()
        answer = player.step(sheet)
        sheet = answer["sheet"]
        sent[answer["version"]] = t


# --------------------------------------------------------------------------- watchers


async def watcher(port: int, path: str, seen: dict[int, float], errors: list[str], ready: asyncio.Event,
                  counter: list[int], total: int) -> None:
    try:
        reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 20)
    except OSError as err:
        errors.append(f"connect: {err}")
        counter[0] += 1
        if counter[0] == total:
            ready.set()
        return
    writer.write(f"GET {path} HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n".encode())
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        errors.append(head.split(b"\r\n", 1)[0].decode())
        counter[0] += 1
        if counter[0] == total:
            ready.set()
        return
    buf = b""
    hello = False
    try:
        while True:
            chunk = await reader.read(1 << 16)
            if not chunk:
                errors.append("stream ended")
                return
            buf += chunk
            while True:
                end = buf.find(b"\n\n")
                if end < 0:
                    break
                event, buf = buf[:end], buf[end + 2:]
                # chunked transfer encoding: the chunk sizes sit between events; find the fields
                i = event.find(b"id: ")
                if i >= 0:
                    version = int(event[i + 4:event.index(b"\n", i)])
                    seen.setdefault(version, time.time())
                elif not hello and b"event: hello" in event:
                    hello = True
                    counter[0] += 1
                    if counter[0] == total:
                        ready.set()
    except (asyncio.CancelledError, ConnectionError):
        pass
    finally:
        writer.close()


def watchers_proc(port: int, path: str, count: int, stop: mp.Event, out: mp.Queue, go: mp.Event) -> None:
    """``count`` watchers in one process; reports (seen per watcher, errors) when done."""
    async def main() -> None:
        seens: list[dict[int, float]] = [{} for _ in range(count)]
        errors: list[str] = []
        ready, counter = asyncio.Event(), [0]
        tasks = []
        for i in range(count):
            tasks.append(asyncio.create_task(watcher(port, path, seens[i], errors, ready, counter, count)))
            if i % 100 == 99:
                await asyncio.sleep(0.05)  # a room does not connect in the same millisecond
        await asyncio.wait_for(ready.wait(), 120)
        out.put(("ready", None))
        while not go.is_set() or not stop.is_set():  # held until the last entry had time to arrive
            await asyncio.sleep(0.05)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        cpu = os.times()
        out.put(("done", (seens, errors, cpu.user + cpu.system)))

    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        pass
    asyncio.run(main())


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def rss_mb(pid: int) -> float:
    """The resident memory of ``pid`` and its children (``--workers``: the master's and each worker's)."""
    total = 0.0
    for p in [pid, *children(pid)]:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
        except OSError:
            continue
    return total or float("nan")


def children(pid: int) -> list[int]:
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    return found


def own_cpu(pids: list[int]) -> dict[int, float]:
    """Each process's own user + system CPU seconds (Linux /proc)."""
    found = {}
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            found[p] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            continue
    return found


def phase(port: int, key: str, watch: str, n: int, procs: int, seconds: float, pace: float, pid: int,
          log: Path) -> dict:
    sheet = api(port, "GET", f"/api/games/{key}/sheet")
    path = f"/w/{watch}/events?v={sheet['version']}"
    out: mp.Queue = mp.Queue()
    go, stop = mp.Event(), mp.Event()
    split = [n // procs + (1 if i < n % procs else 0) for i in range(procs)]
    workers = [mp.Process(target=watchers_proc, args=(port, path, c, stop, out, go)) for c in split if c]
    for w in workers:
        w.start()
    for _ in workers:
        assert out.get(timeout=180)[0] == "ready"
    renders_before = log.read_text(errors="replace").count("GET /w/<token>/sheet 200")
    procs0 = own_cpu(children(pid))
    cpu0, t0 = cpu_seconds(pid), time.monotonic()
    go.set()
    sent: dict[int, float] = {}
    play(port, key, pace, seconds, sent, threading.Event(), sheet)
    cpu1, t1 = cpu_seconds(pid), time.monotonic()
    shares = sorted(((c - procs0.get(p, 0.0)) / (t1 - t0) for p, c in own_cpu(children(pid)).items()
                     if c > procs0.get(p, 0.0)), reverse=True)
    rss = rss_mb(pid)
    time.sleep(3.0)  # a late delivery is measured, not counted as missed
    stop.set()
    seens, errors, client_cpu = [], [], 0.0
    for _ in workers:
        _kind, (s, e, c) = out.get(timeout=180)
        seens += s
        errors += e
        client_cpu += c
    for w in workers:
        w.join()
    time.sleep(0.3)
    renders = log.read_text(errors="replace").count("GET /w/<token>/sheet 200") - renders_before
    delays, missing = delays_of(seens, sent)
    return {"watchers": n, "entries": len(sent), "delays": delays, "missing": missing, "errors": errors,
            "cpu": (cpu1 - cpu0) if cpu0 is not None and cpu1 is not None else float("nan"),
            "wall": t1 - t0, "rss": rss, "renders": renders, "client_cpu": client_cpu, "shares": shares}


def delays_of(seens: list[dict[int, float]], sent: dict[int, float]) -> tuple[list[float], int]:
    """Each watcher's delay (ms) from each entry sent to its being seen, and how many were
    never seen. An entry is seen with the first event at its version or a later one: each
    event is the whole view, and two entries made before one render are sent as one."""
    delays, missing = [], 0
    for seen in seens:
        for version, at in sent.items():
            later = [t for v, t in seen.items() if v >= version]
            if later:
                delays.append((min(later) - at) * 1000)
            else:
                missing += 1
    return delays, missing


def report(name: str, r: dict) -> None:
    d = r["delays"]
    print(f"{name:>6}: {r['watchers']:5d} watchers, {r['entries']:3d} entries, {len(d):6d} deliveries: "
          f"p50 {pct(d, .5):6.1f} ms  p99 {pct(d, .99):6.1f} ms  max {max(d) if d else float('nan'):6.1f} ms; "
          f"errors {len(r['errors'])}, missed {r['missing']}; server CPU {r['cpu']:.2f} s "
          f"({r['cpu'] / max(1, r['entries']) * 1000:.0f} ms/entry, {r['cpu'] / r['wall'] * 100:.0f} % of a core), "
          f"RSS {r['rss']:.0f} MB, renders {r['renders']}; the watchers' own CPU {r['client_cpu']:.1f} s")
    if r["shares"]:
        print("        each worker's share of a core:", ", ".join(f"{s * 100:.0f} %" for s in r["shares"]))
    if r["errors"]:
        print("        first errors:", r["errors"][:3])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--watchers", type=int, default=2000)
    p.add_argument("--procs", type=int, default=2, help="client processes holding the watchers")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--pace", type=float, default=0.5, help="seconds between entries")
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--workers", type=int, default=1, help="server processes (scribe serve --workers)")
    p.add_argument("--rounds-before", type=int, default=7, help="rounds played before measuring")
    args = p.parse_args(argv)
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory(prefix="scribe-push-") as tmp:
        work = Path(tmp)
        port = free_port()
        cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port), "--no-qr",
               "--threads", str(args.threads), "--workers", str(args.workers),
               "--connection-limit", str(args.watchers + 500)]
        env = {"SCRIBE_INSTANCE": str(work / "instance"), "PYTHONUNBUFFERED": "1"}
        with server(cmd, port, work, "scribe", env) as proc:
            made = api(port, "POST", "/api/games", {"players": PLAYERS, "first_dealer": 0})
            key = made["key"]
            player = Player(port, key)
            sheet = made["sheet"]
            while sheet["current_round"] <= args.rounds_before:
                sheet = player.step(sheet)["sheet"]
            watch = api(port, "GET", f"/api/games/{key}/links")["watch"]["token"]
            log = work / "scribe.log"
            size = len(http_get(port, f"/w/{watch}/sheet"))
            print(f"the watch fragment at round {sheet['current_round']}: {size / 1024:.1f} KB")
            floor = phase(port, key, watch, 1, 1, min(args.seconds, 10.0), args.pace, proc.pid, log)
            report("floor", floor)
            load = phase(port, key, watch, args.watchers, args.procs, args.seconds, args.pace, proc.pid, log)
            report("load", load)
    fp99, lp99 = pct(floor["delays"], .99), pct(load["delays"], .99)
    print(f"load p99 / floor p99: {lp99 / fp99:.1f}x; target p99 <= {TARGET_P99_MS:.0f} ms: "
          f"{'met' if lp99 <= TARGET_P99_MS else 'NOT met'}; errors 0: "
          f"{'met' if not load['errors'] and not load['missing'] else 'NOT met'}")
    print(f"load after: {os.getloadavg()[0]:.2f}")
    return 0 if not load["errors"] and not load["missing"] else 1


def http_get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("GET", path, headers={"Host": "localhost", "HX-Request": "true"})
        return conn.getresponse().read()
    finally:
        conn.close()


if __name__ == "__main__":
    sys.exit(main())
