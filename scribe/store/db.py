"""Opening the database, either backend: a SQLite file (the embedded default, WAL so
readers never block) or PostgreSQL (``pg.py``, when the target is a ``postgresql://``
URL). The store's functions take the ``db`` this returns and ask ``is_pg`` only where the
two dialects differ; ``writing`` is a transaction on either.

PostgreSQL's driver comes with the ``scribe[hosted]`` extra: without it, SQLite works as
ever and opening a ``postgresql://`` URL says the extra is missing. A database that cannot
be opened (PostgreSQL out of reach or refusing, a SQLite file in a folder that cannot be
written) is said in one sentence (``scribe.unavailable``).
"""

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils

from ..unavailable import HostedExtraMissing, InstanceUnwritable, database_problem
from .migrations import migrations
from .urls import is_url as is_pg_url

try:
    from . import pg
except ImportError as missing:  # no hosted extra: SQLite only
    pg = None  # type: ignore[assignment]
    _NO_PG = missing.name or "psycopg"

# What a store call may raise when the database is busy (SQLite locked past the timeout)
# or cannot be reached (PostgreSQL down): nothing was saved, the web layer answers 503.
TRANSIENT = (sqlite3.OperationalError, *(pg.UNREACHABLE if pg else ()))
# Any failure of the database itself (the health check).
ERRORS = (sqlite3.Error, *((pg.psycopg.Error, pg.PoolTimeout) if pg else ()))
# A unique or foreign key refused a row.
INTEGRITY = (sqlite3.IntegrityError, *((pg.INTEGRITY,) if pg else ()))


def hosted() -> Any:
    """The PostgreSQL backend (``pg.py``); HostedExtraMissing when its packages are not
    installed."""
    if pg is None:
        raise HostedExtraMissing("PostgreSQL (SCRIBE_DATABASE_URL)", _NO_PG)
    return pg


def is_pg(db: Any) -> bool:
    return pg is not None and isinstance(db, pg.PgDatabase)


def is_busy(err: BaseException) -> bool:
    """SQLite stayed locked past the busy timeout."""
    text = str(err).lower()
    return isinstance(err, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def is_unreachable(err: BaseException) -> bool:
    """PostgreSQL could not be reached, or dropped the connection."""
    return pg is not None and isinstance(err, pg.UNREACHABLE)


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


@contextmanager
def writing(db: Any, lock: bool = False) -> Iterator[Any]:
    """One write transaction: committed at the end, rolled back whole on an error. Yields
    what to ``execute``/``executemany`` on (``?`` placeholders on both backends). ``lock``:
    on SQLite, queue on this process's WRITE_LOCK and take the file's lock first (a
    transaction of several statements that reads before it writes)."""
    if is_pg(db):
        with db.transaction():
            yield db
    elif lock:
        with WRITE_LOCK, db.conn:
            begin_write(db.conn)
            yield db.conn
    else:
        with db.conn:
            yield db.conn


def target(config: Any) -> str:
    """Where an app's database is: ``DATABASE_URL`` (SCRIBE_DATABASE_URL, PostgreSQL) if
    set, else the SQLite file ``DATABASE``."""
    return config.get("DATABASE_URL") or config["DATABASE"]


def shown(where: str) -> str:
    """The database's place as a message may show it: a URL without its password."""
    if not is_pg_url(where):
        return where
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(where)
    host = parts.hostname or ""
    netloc = (f"{parts.username}@" if parts.username else "") + host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


def changes(db: Any) -> int:
    """A count that moves with every committed write on this connection."""
    return db.writes if is_pg(db) else db.conn.total_changes


def in_transaction(db: Any) -> bool:
    return db.in_transaction if is_pg(db) else db.conn.in_transaction


def close(db: Any) -> None:
    """Close the connection (a pooled PostgreSQL one goes back to its pool)."""
    if is_pg(db):
        db.close()
    else:
        db.conn.close()


# SQLite's words for a file it cannot make, open or write (its folder read-only or missing)
_CANNOT_WRITE = ("unable to open database file", "readonly database", "disk i/o error")


def open_db(path: str | Path, migrate: bool = True) -> Any:
    """Open the database at ``path`` and apply migrations: a ``postgresql://`` URL opens
    PostgreSQL (``pg.connect``), anything else is the SQLite file there (made if needed).
    DatabaseUnavailable, InstanceUnwritable (with ``migrate``) or HostedExtraMissing say
    why it cannot be."""
    if is_pg_url(path):
        backend = hosted()
        try:
            return backend.connect(str(path), migrate=migrate)
        except (*backend.UNREACHABLE, backend.psycopg.Error) as err:
            raise database_problem(str(path), err) from None
    try:
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
    except sqlite3.OperationalError as err:
        # said as a sentence at start (migrate: a command, the server starting); a running
        # server's thread opening its connection gets SQLite's error, which the web answers 503
        if not migrate or not any(words in str(err).lower() for words in _CANNOT_WRITE):
            raise
        raise InstanceUnwritable(Path(path).parent, f"SQLite: {err}", path) from None
    return db
