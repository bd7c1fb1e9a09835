"""Opening the database: one connection per request, WAL so readers never block."""

import sqlite3
import threading
from pathlib import Path
from typing import Any, Sequence

import sqlite_utils

from .migrations import migrations


# SQLite lets one writer in at a time and makes the others sleep and retry with growing
# sleeps (up to 100 ms each: the p99 of a busy table); the threads of one server queue
# on this lock instead and the next writer starts as soon as the last one commits.
# Writers in other processes still meet busy_timeout. Only for writes of several
# statements (a new game, a group's names): an entry and a story are written in one
# statement each that holds SQLite's lock for microseconds and takes no lock of ours
# (``alone``).
WRITE_LOCK = threading.Lock()

# How long a writer waits for another process's write lock before giving up with
# "database is locked" (the web layer answers 503, try again; nothing is half-saved).
BUSY_TIMEOUT_S = 10.0


def begin_write(conn: sqlite3.Connection) -> None:
    """Take SQLite's write lock before reading anything in the transaction.

    A deferred transaction that reads first and then writes fails at once with
    SQLITE_BUSY_SNAPSHOT if another process committed in between; ``BEGIN IMMEDIATE``
    waits ``busy_timeout`` for the lock instead and then sees the latest commit.
    """
    conn.execute("BEGIN IMMEDIATE")


def alone(conn: sqlite3.Connection, sql: str, params: Sequence[Any], view: str, temporary: Sequence[str]) -> None:
    """Run ``sql`` (an INSERT into the temporary ``view``, whose INSTEAD OF trigger does the
    writing) as a transaction of its own, or in the caller's if one is open: SQLite holds
    its write lock inside this one call, never while the thread waits for Python's GIL,
    and takes none of ours. ``temporary`` makes the view and its trigger, on the
    connection's first use (nothing in the file changes); an ABORT in the trigger rolls
    the whole statement back, so nothing is half-saved."""
    level = conn.isolation_level
    if not conn.in_transaction:
        conn.isolation_level = None  # no BEGIN first: the statement is its own transaction
    try:
        try:
            conn.execute(sql, params)
        except sqlite3.OperationalError as err:
            if f"no such table: {view}" not in str(err):
                raise
            for made in temporary:
                conn.execute(made)
            conn.execute(sql, params)
    finally:
        conn.isolation_level = level


def open_db(path: str | Path, migrate: bool = True) -> sqlite_utils.Database:
    """Open (creating if needed) the SQLite file at ``path`` and apply migrations."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_S, check_same_thread=False)
    db = sqlite_utils.Database(conn)
    # WAL lets the sheet be read while an entry is written; NORMAL is durable
    # enough in WAL mode (a power cut loses at most the last commit, never the file).
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_S * 1000)}")
    if migrate:
        migrations.apply(db)
    return db
