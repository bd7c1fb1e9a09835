"""Two server processes writing one game at the same time, in one SQLite file or in one
PostgreSQL database.

An append is one statement (``store.games._APPENDS``, ``_APPEND_PG``): across processes,
as across a process's threads, it is SQLite's lock (waiting ``busy_timeout``) or
PostgreSQL's row lock, and the append's version check.
Each process plays the next legal action through ``service.act`` and retries when the
other got there first, as ``sharing.enter_bid`` does.
"""

from __future__ import annotations

import json
import multiprocessing as mp

import pytest

from scribe import service, store
from scribe.store import StaleError

PER_PROCESS = 30


def play(path: str, game_id: str, name: str, start, out) -> None:
    """Append PER_PROCESS entries, each the next legal one; report (seq, kind, data) of each success."""
    db = store.open_db(path, migrate=False)
    mine, stale = [], 0
    start.wait()
    while len(mine) < PER_PROCESS:
        _game, sheet = service.load(db, game_id)[:2]
        row = sheet.current
        if sheet.phase == "bidding":
            kind, data = "bid", {"round": row.number, "bid": 0}
        else:
            kind, data = "tricks", {"round": row.number, "tricks": [row.cards] + [0] * (len(row.bids) - 1)}
        try:
            new = service.act(db, game_id, kind, data, sheet.version)
        except StaleError:
            stale += 1
            continue
        mine.append((new.version, kind, data))
    db.conn.close()
    out.put(json.dumps({"name": name, "entries": mine, "stale": stale}))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_processes_appending_to_one_game_lose_and_double_nothing(tmp_path, request, backend):
    path = str(tmp_path / "shared.sqlite3") if backend == "sqlite" else request.getfixturevalue("pg_url")
    store.open_db(path).conn.close()
    db = store.open_db(path, migrate=False)
    game_id = service.create(db, "wizard", None, "en", players=["Ann", "Bo", "Cy"], first_dealer=2,
                             preset="standard")
    db.conn.close()

    ctx = mp.get_context("spawn")  # fresh interpreters: nothing shared but the database
    start, out = ctx.Barrier(2), ctx.Queue()
    procs = [ctx.Process(target=play, args=(path, game_id, n, start, out)) for n in ("A", "B")]
    for p in procs:
        p.start()
    reports = [json.loads(out.get(timeout=120)) for _ in procs]
    print("stale retries:", [r["stale"] for r in reports])
    for p in procs:
        p.join(30)
        assert p.exitcode == 0

    db = store.open_db(path, migrate=False)
    log = store.load_log(db, game_id)
    version = store.get_game(db, game_id).version
    db.conn.close()
    n = 2 * PER_PROCESS
    assert [e.seq for e in log] == list(range(1, n + 1))  # no gap, no duplicate
    assert version == n
    by_seq = {e.seq: e for e in log}
    claimed = [seq for r in reports for seq, _k, _d in r["entries"]]
    assert sorted(claimed) == list(range(1, n + 1))  # every success is in the log exactly once
    for r in reports:
        for seq, kind, data in r["entries"]:
            assert by_seq[seq].kind == kind and by_seq[seq].data["round"] == data["round"]
