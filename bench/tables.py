"""Tables as they really are (issue 35): the Scribe, four seats and a TV at every table, each
holding its stream, a tap every ``--pace`` seconds per table; the delay from each tap to
every screen of its table showing it.

Starts ``scribe serve`` itself: on a fresh temp SQLite file (default), or ``--store
postgresql`` (a throwaway cluster, tests/pgcluster.py) with ``--nodes N`` servers on the same
database, each connection made to a node chosen at random (so deliveries cross nodes, as
behind a proxy). ``--serve-args "..."`` is passed to every ``scribe serve``.

Each of ``--tables`` tables (games mixed from ``--games``; bench/table_play.py says what
each taps) is made through the API, its four seat links claimed by four phones (each its own
cookie jar), then six streams are held: the Scribe's ``/games/KEY/events``, each seat's
``/p/TOKEN/events`` (with its cookie), the TV's ``/w/TOKEN/events``. Once every stream is
open the tables tap (``Prefer: return=minimal``, the version held, an Idempotency-Key), each
every ``--pace`` s on average (uniform 0.5x to 1.5x), the next legal tap chosen from the
answers the table's phones already hold; after ``--warmup`` s, ``--seconds`` s are measured.
Clients: asyncio, raw HTTP/1.1, one connection per stream and per tapping phone, whole
tables spread over ``--procs`` processes.

Prints tap-to-screen p50/p99/max over every (tap, screen) pair (a tap is shown by the first
event whose id is its version or later), errors (a tap answered >= 400 other than a rules'
refusal, a stream refused, dropped or told to reload), missed (a screen that did not show a
tap within 5 s), the servers' CPU per tap and per wall second (user+system from /proc, with
their children), bytes per delivery by kind of screen, each server's RSS, the fragments
rendered (the access log's fragment lines) and the load average; targets beside them. Exit
status 1 on any error or missed screen.

    python bench/tables.py [--tables 100] [--games wizard,skull_king,tarot] [--pace 2] [--seconds 30]
                           [--warmup 3] [--procs 2] [--store sqlite|postgresql] [--nodes 1]
                           [--threads 8] [--serve-args "--workers 2"] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gzip
import json
import multiprocessing as mp
import os
import queue
import random
import re
import resource
import shlex
import sys
import tempfile
import time
import uuid
import zlib
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH), str(BENCH.parent / "tests")]  # this tree's scribe first
from api_bids import HOST, cpu_seconds, free_port, server
from push import rss_mb
from table_play import GAMES_PLAYED, SCRIBE, TablePlay, new_game

TARGET_P99_MS = 300.0
TARGET_CPU_MS = 1.5
MISSED_AFTER = 5.0  # seconds: a screen that has not shown a tap by then missed it
KINDS = ("Scribe", "seat", "TV")
SECRET = "7a" * 32  # every node signs the same cookies
FRAGMENTS = re.compile(r"GET /(?:w/[^/ ]+/sheet|p/[^/ ]+/view|games/[^/ ]+/poll)\S* 200")
MINIMAL = {"Prefer": "return=minimal"}


# --------------------------------------------------------------------------- HTTP/1.1 by hand


class Phone:
    """One phone's keep-alive HTTP/1.1 connection and its cookies."""

    def __init__(self, port: int):
        self.port = port
        self.jar: dict[str, str] = {}
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.reconnects = 0

    def cookie(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items())} if self.jar else {}

    async def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
                   ) -> tuple[int, Any]:
        """(status, JSON answer). A keep-alive the server closed is opened again once: every
        write carries an Idempotency-Key, so sending it again records it once."""
        raw = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", "Host: localhost", "Accept: application/json",
                 "Accept-Language: en", "Accept-Encoding: gzip, deflate, br"]
        lines += [f"{k}: {v}" for k, v in {**self.cookie(), **(headers or {})}.items()]
        if body is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {len(raw)}"]
        message = ("\r\n".join(lines) + "\r\n\r\n").encode() + raw
        for attempt in (0, 1):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(HOST, self.port, limit=1 << 22)
                self.writer.write(message)
                status, data = await self._answer()
                return status, json.loads(data) if data else None
            except (OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if attempt:
                    raise
                self.reconnects += 1
        raise AssertionError("unreachable")

    async def _answer(self) -> tuple[int, bytes]:
        assert self.reader is not None
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin1").split("\r\n")
        status = int(head[0].split()[1])
        length, chunked, close, encoding = 0, False, False, None
        for line in head[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding":
                chunked = "chunked" in value.lower()
            elif name == "connection":
                close = value.lower() == "close"
            elif name == "content-encoding":
                encoding = value.lower()
            elif name == "set-cookie":
                pair = value.split(";", 1)[0]
                k, _, v = pair.partition("=")
                self.jar[k.strip()] = v.strip()
        if chunked:
            parts = []
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    break
                parts.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
            data = b"".join(parts)
        else:
            data = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        return status, _decoded(data, encoding)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def _decoded(data: bytes, encoding: str | None) -> bytes:
    """An answer as a phone's browser reads it: compressed as it asked (Flask-Compress)."""
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        import brotli  # Flask-Compress's own dependency

        return brotli.decompress(data)
    if encoding == "deflate":
        return zlib.decompress(data)
    return data


@dataclass
class Screen:
    """One held stream: when each event with an id was read, and the bytes read."""

    kind: str
    events: list[tuple[float, int]] = field(default_factory=list)  # (time read, newest id so far)
    reads: list[tuple[float, int]] = field(default_factory=list)  # (time read, bytes)
    error: str | None = None
    open: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False

    def shown(self, version: int) -> float | None:
        """When this screen first showed ``version`` or a later one."""
        i = bisect.bisect_left(self.events, version, key=lambda e: e[1])
        return self.events[i][0] if i < len(self.events) else None

    async def hold(self, port: int, path: str, headers: dict[str, str]) -> None:
        """``GET path`` as an EventSource sends it, read until cancelled."""
        try:
            reader, writer = await asyncio.open_connection(HOST, port, limit=1 << 22)
        except OSError as err:
            self.fail(f"{self.kind} stream: connect: {err}")
            return
        try:
            lines = [f"GET {path} HTTP/1.1", "Host: localhost", "Accept: text/event-stream",
                     "Cache-Control: no-cache", "Accept-Encoding: gzip, deflate, br", "Accept-Language: en"]
            lines += [f"{k}: {v}" for k, v in headers.items()]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
            head = (await reader.readuntil(b"\r\n\r\n")).decode("latin1")
            if not head.startswith("HTTP/1.1 200"):
                self.fail(f"{self.kind} stream refused: {head.splitlines()[0]}")
                return
            lowered = head.lower()
            if "content-encoding:" in lowered:
                self.fail(f"{self.kind} stream: compressed (this reader reads plain events)")
                return
            await self._read(reader, "transfer-encoding: chunked" in lowered)
        except (OSError, asyncio.IncompleteReadError, ValueError) as err:
            self.fail(f"{self.kind} stream: {type(err).__name__}: {err}")
        except asyncio.CancelledError:
            pass
        finally:
            writer.close()

    async def _read(self, reader: asyncio.StreamReader, chunked: bool) -> None:
        raw, text, left = b"", b"", 0  # left: bytes still due in the current chunk
        newest = -1
        while True:
            data = await reader.read(1 << 16)
            now = time.monotonic()
            if not data:
                self.fail(f"{self.kind} stream ended")
                return
            self.reads.append((now, len(data)))
            if chunked:  # the chunk sizes sit between the events: take them out
                raw += data
                while raw:
                    if left == 0:
                        end = raw.find(b"\r\n")
                        if end < 0:
                            break
                        line, raw = raw[:end], raw[end + 2:]
                        if line:
                            left = int(line.split(b";")[0], 16)
                            if left == 0:
                                self.fail(f"{self.kind} stream ended")
                                return
                        continue
                    piece, raw = raw[:left], raw[left:]
                    text += piece
                    left -= len(piece)
            else:
                text += data
            while (end := text.find(b"\n\n")) >= 0:
                block, text = text[:end], text[end + 2:]
                version, name = _event_head(block)
                if name == "hello":
                    self.open.set()
                elif name in ("reload", "follow", "poll"):
                    self.fail(f"{self.kind} stream told to {name}")
                if version is not None:
                    newest = max(newest, version)
                    self.events.append((now, newest))

    def fail(self, why: str) -> None:
        if not self.closing and self.error is None:
            self.error = why
        self.open.set()


def _event_head(block: bytes) -> tuple[int | None, str]:
    """An event's id and name, from its lines before the first ``data:`` one."""
    version, name, start = None, "message", 0
    while start < len(block):
        end = block.find(b"\n", start)
        end = len(block) if end < 0 else end
        line = block[start:end]
        if line.startswith(b"data"):
            break
        if line.startswith(b"id:"):
            version = int(line[3:])
        elif line.startswith(b"event:"):
            name = line[6:].strip().decode()
        start = end + 1
    return version, name


# --------------------------------------------------------------------------- one table


@dataclass
class TapDone:
    sent: float
    answered: float
    kind: str
    status: int
    version: int | None


@dataclass
class Table:
    number: int
    game: str
    ports: list[int]
    rng: random.Random
    play: TablePlay | None = None
    scribe: Phone | None = None
    seats: list[Phone] = field(default_factory=list)
    screens: list[Screen] = field(default_factory=list)
    taps: list[TapDone] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    sheet_reads: int = 0  # a sheet read again: an answer counted from another version than held
    hand_reads: int = 0  # a seat's own view read to know its hand or its legal cards
    tasks: list[asyncio.Task] = field(default_factory=list)

    def port(self) -> int:
        return self.rng.choice(self.ports)  # each connection to any node, as behind a proxy

    async def open(self, advance: int = 0) -> None:
        """Make the game, claim the four seats, play its first ``advance`` taps (a table in
        the middle of its game), hold the six streams until each said hello."""
        self.scribe = Phone(self.port())
        status, made = await self.scribe.call("POST", "/api/games", new_game(self.game),
                                              {"Idempotency-Key": str(uuid.uuid4())})
        if status != 201:
            raise RuntimeError(f"create: {status} {made}")
        key = made["key"]
        _status, links = await self.scribe.call("GET", f"/api/games/{key}/links")
        tokens = [p["token"] for p in links["players"]]
        self.play = TablePlay(self.game, key, tokens, made["sheet"], self.rng)
        for token in tokens:
            phone = Phone(self.port())
            status, _view = await phone.call("GET", f"/api/player/{token}")  # the seat is claimed for its cookie
            if status != 200 or not phone.jar:
                raise RuntimeError(f"seat claim: {status}")
            self.seats.append(phone)
        for _ in range(advance):
            if not await self.tap():
                break
        self.taps.clear()  # the figures count the run's own taps and reads only
        self.refused = self.sheet_reads = self.hand_reads = 0
        v = self.play.version
        paths = [("Scribe", f"/games/{key}/events?v={v}", self.scribe.cookie())]
        paths += [("seat", f"/p/{t}/events?v={v}", phone.cookie()) for t, phone in zip(tokens, self.seats)]
        paths.append(("TV", f"/w/{links['watch']['token']}/events?v={v}", {}))
        for kind, path, headers in paths:
            screen = Screen(kind)
            self.screens.append(screen)
            self.tasks.append(asyncio.create_task(screen.hold(self.port(), path, headers)))
        await asyncio.gather(*(s.open.wait() for s in self.screens))

    async def tap_until(self, stop: asyncio.Event, pace: float) -> None:
        """Tap every ``pace`` s on average until ``stop``; the first tap at a random phase."""
        next_at = time.monotonic() + self.rng.uniform(0, pace)
        while not stop.is_set():
            await asyncio.sleep(max(0.0, next_at - time.monotonic()))
            if stop.is_set() or not await self.tap():
                return
            next_at = max(next_at + pace * self.rng.uniform(0.5, 1.5), time.monotonic())

    async def tap(self) -> bool:
        """The table's next tap, sent and its answer taken in; False once the game is over
        (this table stops tapping) or its phone's connection failed."""
        play = self.play
        tap = play.next_tap()
        if tap is None:
            return False
        if tap.kind == "card" and not play.knows_hand(tap.who):
            await self._read_seat(tap.who)
            tap = play.next_tap()
        phone = self.scribe if tap.who == SCRIBE else self.seats[tap.who]
        sent = time.monotonic()
        try:
            status, answer = await phone.call("POST", tap.path, tap.body,
                                              {**MINIMAL, "Idempotency-Key": str(uuid.uuid4())})
        except (OSError, asyncio.IncompleteReadError, ValueError) as err:
            self.errors.append(f"{tap.kind}: {type(err).__name__}: {err}")
            return False
        self.taps.append(TapDone(sent, time.monotonic(), tap.kind, status, (answer or {}).get("version")))
        if status == 200:
            if not play.absorb(tap.who, answer):
                await self._read_sheet()
        elif status == 422:  # the rules refused it: what the table holds was not enough
            self.refused += 1
            await self._read_sheet()
            if tap.who != SCRIBE:
                await self._read_seat(tap.who)
        else:
            self.errors.append(f"{tap.kind}: {status} {answer}")
            await self._read_sheet()
        return True

    async def _read_sheet(self) -> None:
        self.sheet_reads += 1
        _status, sheet = await self.scribe.call("GET", f"/api/games/{self.play.key}/sheet")
        self.play.absorb(SCRIBE, {"sheet": sheet})

    async def _read_seat(self, seat: int) -> None:
        self.hand_reads += 1
        _status, view = await self.seats[seat].call("GET", f"/api/player/{self.play.seats[seat]}")
        self.play.absorb(seat, {"cards": view["cards"]})

    def close(self) -> None:
        for screen in self.screens:
            screen.closing = True
        for task in self.tasks:
            task.cancel()
        for phone in [self.scribe, *self.seats]:
            if phone is not None:
                phone.close()


# --------------------------------------------------------------------------- client processes


async def _flag(flag: Any, event: asyncio.Event) -> None:
    """A process-shared flag seen by this loop's coroutines."""
    while not flag.is_set():
        await asyncio.sleep(0.02)
    event.set()


def client_proc(numbers: list[int], games: list[str], ports: list[int], args: dict[str, Any], out: Any,
                go: Any, stop: Any, window: Any) -> None:
    """The tables ``numbers`` in one process: open, tap from ``go`` to ``stop``, report."""
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        pass
    asyncio.run(_client(numbers, games, ports, args, out, go, stop, window))


async def _client(numbers: list[int], games: list[str], ports: list[int], args: dict[str, Any], out: Any,
                  go: Any, stop: Any, window: Any) -> None:
    tables = [Table(n, games[n % len(games)], ports, random.Random(args["seed"] * 100_003 + n)) for n in numbers]
    gate = asyncio.Semaphore(16)  # a room's phones do not all open in the same millisecond
    failed: list[str] = []

    async def opened(table: Table) -> None:
        async with gate:
            try:
                await asyncio.wait_for(table.open(args["advance"]), 120 + args["advance"])
            except Exception as err:  # noqa: BLE001 - a benchmark reports, it does not crash
                failed.append(f"table {table.number}: {type(err).__name__}: {err}")

    await asyncio.gather(*(opened(t) for t in tables))
    out.put(("ready", failed))
    started, stopped = asyncio.Event(), asyncio.Event()
    await _flag(go, started)
    watcher = asyncio.create_task(_flag(stop, stopped))
    live = [t for t in tables if t.play is not None]
    tapping = [asyncio.create_task(t.tap_until(stopped, args["pace"])) for t in live]
    await watcher
    await asyncio.gather(*tapping)
    await asyncio.sleep(MISSED_AFTER + 0.2)  # a late delivery is measured, not counted as missed
    for t in tables:
        t.close()
    cpu = os.times()
    out.put(("done", summary(tables, window[0], window[1], failed, cpu.user + cpu.system)))


def summary(tables: list[Table], t0: float, t1: float, failed: list[str], client_cpu: float) -> dict[str, Any]:
    """This process's figures over the measured window [t0, t1]: plain lists and counts."""
    delays: dict[str, list[float]] = {k: [] for k in KINDS}
    missed = dict.fromkeys(KINDS, 0)
    read = dict.fromkeys(KINDS, 0)
    events = dict.fromkeys(KINDS, 0)
    errors = list(failed)
    kinds: dict[str, int] = {}
    answers: list[float] = []
    counts = {"refused": 0, "sheet_reads": 0, "hand_reads": 0, "reconnects": 0}
    for t in tables:
        errors += [f"table {t.number}: {e}" for e in t.errors]
        counts["refused"] += t.refused
        counts["sheet_reads"] += t.sheet_reads
        counts["hand_reads"] += t.hand_reads
        counts["reconnects"] += sum(p.reconnects for p in [t.scribe, *t.seats] if p is not None)
        for s in t.screens:
            if s.error:
                errors.append(f"table {t.number}: {s.error}")
            end = t1 + MISSED_AFTER
            read[s.kind] += sum(n for at, n in s.reads if t0 <= at <= end)
            events[s.kind] += sum(1 for at, _v in s.events if t0 <= at <= end)
        for tap in t.taps:
            if not t0 <= tap.sent <= t1 or tap.status != 200 or tap.version is None:
                continue
            kinds[tap.kind] = kinds.get(tap.kind, 0) + 1
            answers.append((tap.answered - tap.sent) * 1000)
            for s in t.screens:
                at = s.shown(tap.version)
                if at is None or at - tap.sent > MISSED_AFTER:
                    missed[s.kind] += 1
                else:
                    delays[s.kind].append((at - tap.sent) * 1000)
    return {"delays": delays, "missed": missed, "read": read, "events": events, "errors": errors,
            "kinds": kinds, "answers": answers, "counts": counts, "client_cpu": client_cpu,
            "streams": sum(len(t.screens) for t in tables)}


# --------------------------------------------------------------------------- servers and figures


def busy_cpu() -> float:
    """The machine's busy CPU seconds so far (every core; /proc/stat)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def start_nodes(stack: ExitStack, args: argparse.Namespace, work: Path) -> tuple[list[Any], list[int], Any]:
    """The servers (and the cluster), stopped when ``stack`` closes: processes, ports, cluster."""
    cluster, url = None, None
    if args.store == "postgresql":
        import pgcluster

        why = pgcluster.missing()
        if why:
            raise SystemExit(why)
        cluster = pgcluster.start()
        stack.callback(cluster.stop)
        url = cluster.fresh_database()
    limit = args.tables * 11 + 500  # every stream and every phone's connection may land on one node
    procs, ports = [], []
    for i in range(args.nodes):
        port = free_port()
        folder = work / f"node{i + 1}"
        folder.mkdir()
        env = {"SCRIBE_INSTANCE": str(folder), "SCRIBE_RATELIMIT_ENABLED": "false", "SCRIBE_SECRET_KEY": SECRET,
               "PYTHONUNBUFFERED": "1"}
        if url:
            env["SCRIBE_DATABASE_URL"] = url
        cmd = [sys.executable, "-m", "scribe.cli", "serve", "--host", HOST, "--port", str(port), "--no-qr",
               "--threads", str(args.threads), "--connection-limit", str(limit), *shlex.split(args.serve_args)]
        procs.append(stack.enter_context(server(cmd, port, work, f"node{i + 1}", env)))
        ports.append(port)
    return procs, ports, cluster


def renders_in(logs: list[Path], offsets: list[int]) -> int:
    return sum(len(FRAGMENTS.findall(log.read_text(errors="replace")[offset:])) for log, offset in zip(logs, offsets))


def collect(out: Any, workers: list[Any], kind: str) -> list[Any]:
    """One message of ``kind`` from every client process; a process that died is an error."""
    got = []
    while len(got) < len(workers):
        try:
            said, value = out.get(timeout=1)
        except queue.Empty:
            if any(w.exitcode not in (None, 0) for w in workers):
                raise RuntimeError("a client process died (see its traceback above)") from None
            continue
        assert said == kind, said
        got.append(value)
    return got


def run(args: argparse.Namespace) -> int:
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games:
        new_game(g)  # an unknown game is refused before anything starts
    print(f"{args.tables} tables ({', '.join(f'{g} {sum(1 for n in range(args.tables) if games[n % len(games)] == g)}' for g in games)}), "
          f"6 streams each; {args.store}, {args.nodes} node(s): scribe serve --threads {args.threads} {args.serve_args}".rstrip())
    print(f"a tap every {args.pace:g} s per table on average (0.5x-1.5x), {args.seconds:g} s measured after "
          f"{args.warmup:g} s{f'; each table {args.advance} taps into its game' if args.advance else ''}; clients: {args.procs} processes; {os.cpu_count()} CPUs; load before {load()}")
    try:
        _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the servers inherit it
    except (ValueError, OSError):
        pass
    with tempfile.TemporaryDirectory(prefix="scribe-tables-") as tmp, ExitStack() as stack:
        work = Path(tmp)
        procs, ports, cluster = start_nodes(stack, args, work)
        out: Any = mp.Queue()
        go, stop = mp.Event(), mp.Event()
        window = mp.Array("d", 2)
        split = [list(range(i, args.tables, args.procs)) for i in range(args.procs)]
        workers = [mp.Process(target=client_proc, args=(numbers, games, ports, vars(args), out, go, stop, window))
                   for numbers in split if numbers]
        for w in workers:
            w.start()
        opened = time.monotonic()
        failed = [e for got in collect(out, workers, "ready") for e in got]
        print(f"tables opened and every stream held in {time.monotonic() - opened:.1f} s"
              + (f"; {len(failed)} tables failed to open, first: {failed[0]}" if failed else ""))
        idle0, i0 = sum(cpu_seconds(p.pid) or 0.0 for p in procs), time.monotonic()
        time.sleep(args.idle)  # every stream held, no tap yet: what holding them costs
        idle = (sum(cpu_seconds(p.pid) or 0.0 for p in procs) - idle0) / (time.monotonic() - i0)
        go.set()
        time.sleep(args.warmup)
        logs = [work / f"node{i + 1}.log" for i in range(args.nodes)]
        offsets = [len(log.read_text(errors="replace")) for log in logs]
        pg = None
        if cluster is not None:
            from store_writes import postgres_cpu

            pg = postgres_cpu(cluster)
        t0, cpu0, busy0 = time.monotonic(), sum(cpu_seconds(p.pid) or 0.0 for p in procs), busy_cpu()
        window[0] = t0
        time.sleep(args.seconds)
        t1, cpu1, busy1 = time.monotonic(), sum(cpu_seconds(p.pid) or 0.0 for p in procs), busy_cpu()
        window[1] = t1
        pg_cpu = postgres_cpu(cluster) - pg if cluster is not None else None
        stop.set()
        load_at_end = load()
        rss = [rss_mb(p.pid) for p in procs]
        results = collect(out, workers, "done")
        for w in workers:
            w.join()
        renders = renders_in(logs, offsets)
    return report(args, results, t1 - t0, cpu1 - cpu0, busy1 - busy0, pg_cpu, rss, renders, load_at_end, idle)


def report(args: argparse.Namespace, results: list[dict[str, Any]], wall: float, cpu: float, busy: float,
           pg_cpu: float | None, rss: list[float], renders: int, load_at_end: str, idle: float) -> int:
    delays = {k: [d for r in results for d in r["delays"][k]] for k in KINDS}
    every = [d for k in KINDS for d in delays[k]]
    missed = {k: sum(r["missed"][k] for r in results) for k in KINDS}
    errors = [e for r in results for e in r["errors"]]
    kinds: dict[str, int] = {}
    for r in results:
        for k, n in r["kinds"].items():
            kinds[k] = kinds.get(k, 0) + n
    taps = sum(kinds.values())
    counts = {k: sum(r["counts"][k] for r in results) for k in results[0]["counts"]}
    answers = [a for r in results for a in r["answers"]]
    print(f"taps measured: {taps} ({taps / wall:.1f}/s; {', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))}); "
          f"answered p50 {pct(answers, .5):.1f} ms, p99 {pct(answers, .99):.1f} ms")
    p99 = pct(every, .99)
    print(f"tap-to-screen over {len(every)} (tap, screen) pairs: p50 {pct(every, .5):6.1f} ms  p99 {p99:6.1f} ms  "
          f"max {max(every, default=float('nan')):6.1f} ms   target p99 <= {TARGET_P99_MS:.0f} ms: "
          f"{'met' if p99 <= TARGET_P99_MS else 'NOT met'}")
    for k in KINDS:
        d = delays[k]
        print(f"  {k:<7} p50 {pct(d, .5):6.1f} ms  p99 {pct(d, .99):6.1f} ms  max {max(d, default=float('nan')):6.1f} ms"
              f"  ({len(d)} pairs, missed {missed[k]})")
    n_missed = sum(missed.values())
    print(f"errors: {len(errors)} (target 0){'' if not errors else ', first: ' + errors[0]}; "
          f"missed: {n_missed} (target 0); refused by the rules: {counts['refused']}")
    per_tap = cpu / taps * 1000 if taps else float("nan")
    pg = f"; PostgreSQL {pg_cpu / taps * 1000:.2f} ms per tap, {pg_cpu / wall:.2f} cores" if pg_cpu is not None and taps else ""
    print(f"server CPU per tap (all its deliveries): {per_tap:.2f} ms   target <= {TARGET_CPU_MS} ms: "
          f"{'met' if per_tap <= TARGET_CPU_MS else 'NOT met'}")
    print(f"servers used {cpu / wall:.2f} cores (CPU s per wall s, every process and child){pg}; the machine "
          f"{busy / wall:.2f} of {os.cpu_count()} cores busy (clients included); before the taps, holding the "
          f"streams alone: {idle:.2f} cores")
    parts = []
    for k in KINDS:
        n = sum(r["events"][k] for r in results)
        b = sum(r["read"][k] for r in results)
        parts.append(f"{k} {b / n / 1024:.1f} KB" if n else f"{k} -")
    total = sum(r["read"][k] for r in results for k in KINDS)
    print(f"bytes per delivery: {', '.join(parts)} ({total / 1e6:.1f} MB read by the screens, "
          f"{total / 1e6 / wall:.1f} MB/s)")
    print(f"RSS at the end: {', '.join(f'node {i + 1} {m:.0f} MB' for i, m in enumerate(rss))}; fragments rendered "
          f"(access log): {renders} ({renders / taps:.1f} per tap)" if taps else "no taps")
    client_cpu = sum(r["client_cpu"] for r in results)
    print(f"reads beyond the taps: {counts['sheet_reads']} sheets, {counts['hand_reads']} seats' hands; "
          f"connections opened again: {counts['reconnects']}; the clients' own CPU {client_cpu:.1f} s")
    print(f"load after: {load_at_end}")
    return 1 if errors or n_missed else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--games", default=",".join(GAMES_PLAYED), help="mixed across tables, in turn")
    p.add_argument("--pace", type=float, default=2.0, help="seconds between a table's taps, on average")
    p.add_argument("--seconds", type=float, default=30.0, help="seconds measured")
    p.add_argument("--warmup", type=float, default=3.0, help="seconds of taps before the measure")
    p.add_argument("--idle", type=float, default=3.0, help="seconds measured with every stream held, before any tap")
    p.add_argument("--advance", type=int, default=0,
                   help="taps each table plays before its streams open: tables met in the middle of their games")
    p.add_argument("--procs", type=int, default=2, help="client processes")
    p.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    p.add_argument("--nodes", type=int, default=1, help="scribe serve processes on one PostgreSQL database")
    p.add_argument("--threads", type=int, default=8)
    p.add_argument("--serve-args", default="", help="passed to every scribe serve, e.g. \"--workers 2\"")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    if args.nodes > 1 and args.store != "postgresql":
        p.error("--nodes N needs --store postgresql (nodes share one database)")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
