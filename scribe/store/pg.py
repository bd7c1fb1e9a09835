"""The hosted backend: PostgreSQL through psycopg 3, chosen by ``SCRIBE_DATABASE_URL``.

The store's functions take a ``PgDatabase`` where the embedded backend takes a
sqlite-utils ``Database``; both answer ``execute(sql, params)`` with ``?`` placeholders,
so a query both dialects read is written once (``dialect.py`` holds the few that differ).
A connection is in autocommit: a read is its own statement, a write of several
statements runs in ``writing(db)`` (one transaction; an error rolls it back whole).

Each server process keeps one ``psycopg_pool.ConnectionPool`` per database URL
(``pool``), ``SCRIBE_DATABASE_POOL_SIZE`` connections at most; a request borrows one and
gives it back at its end. When the database cannot be reached, a borrow or a query
fails within ``SCRIBE_DATABASE_TIMEOUT`` seconds with ``psycopg.OperationalError`` or
``psycopg_pool.PoolTimeout`` (``UNREACHABLE``): the web layer answers 503, nothing saved.

Change notices (for the push hub of every node): every committed change a stream must
show calls ``pg_notify('scribe_changes', <game id>)`` in the same transaction, from
triggers (``pg_schema`` p002): a game's row changing (an entry appended moves its
version; a rename, a delete or a restore), a link made or changed (issued, revoked, a
seat claimed or released). Channel ``scribe_changes``; payload: the game's id, text,
nothing else (a listener then reads the version with ``store.versions_of``). A notice
is sent only on commit, so a listener never sees a change that was rolled back.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from .urls import is_url  # noqa: F401  (pg.is_url, as callers know it)

CHANNEL = "scribe_changes"
POOL_SIZE = 10  # connections per process at most (SCRIBE_DATABASE_POOL_SIZE)
TIMEOUT_S = 5.0  # to connect, or to wait for a free connection (SCRIBE_DATABASE_TIMEOUT)
UNREACHABLE = (psycopg.OperationalError, PoolTimeout)
INTEGRITY = psycopg.IntegrityError


def _sql(sql: str) -> str:
    """The store's ``?`` placeholders in psycopg's style (no store query holds a literal
    ``%`` or ``?``)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PgDatabase:
    """One PostgreSQL connection as the store uses it (the counterpart of sqlite-utils'
    ``Database``): ``execute``, ``executemany``, ``conn``."""

    dialect = "postgresql"

    def __init__(self, conn: psycopg.Connection, pool: ConnectionPool | None = None):
        self.conn = conn
        self.pool = pool
        self.writes = 0  # committed writes: did this request change anything (web.db.wrote)
        self._depth = 0

    def execute(self, sql: str, params: Sequence[Any] | None = None) -> psycopg.Cursor:
        cur = self.conn.execute(_sql(sql), params or None)  # prepared by psycopg from the 5th use
        if self._depth == 0 and cur.rowcount != 0 and sql.lstrip()[:6].lower() != "select":
            self.writes += 1  # a conditional write that changed no row (a stale append) saved nothing
        return cur

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(_sql(sql), rows)
        if self._depth == 0:
            self.writes += 1

    @contextmanager
    def transaction(self) -> Iterator[PgDatabase]:
        """One transaction (READ COMMITTED: the conditional writes lock the rows they
        check, see ``games.append_entry``); nested, a savepoint."""
        with self.conn.transaction():
            self._depth += 1
            try:
                yield self
            finally:
                self._depth -= 1
        if self._depth == 0:
            self.writes += 1

    def serialize(self, key: str) -> None:
        """Inside a transaction: wait for any other transaction serialized on ``key`` (a
        game's id) to end first. For writes that delete and insert again (a game's story
        rows, a link replaced), which a row lock cannot cover: the rows are not there yet."""
        self.execute("select pg_advisory_xact_lock(hashtext(?))", [key])

    @property
    def in_transaction(self) -> bool:
        return self.conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE

    def close(self) -> None:
        """Give the connection back to its pool, or close it if it has none."""
        if self.pool is not None:
            self.pool.putconn(self.conn)
        else:
            self.conn.close()


def connect(url: str, migrate: bool = True, timeout: float = TIMEOUT_S) -> PgDatabase:
    """A connection of its own (commands, tests), the schema brought up to date first."""
    conn = psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(timeout)))
    db = PgDatabase(conn)
    if migrate:
        from .pg_schema import apply

        apply(db)
    return db


_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()


def pool(url: str, size: int = POOL_SIZE, timeout: float = TIMEOUT_S) -> ConnectionPool:
    """This process's pool for ``url`` (made after a fork: a pool never crosses one)."""
    key = (os.getpid(), url)
    with _pools_lock:
        made = _pools.get(key)
        if made is None:
            made = ConnectionPool(
                url, min_size=1, max_size=max(1, int(size)), timeout=float(timeout), open=True,
                kwargs={"autocommit": True, "connect_timeout": max(1, int(timeout))},
                check=ConnectionPool.check_connection,  # a connection the server dropped is replaced, not used
                reconnect_timeout=max(float(timeout), 10.0), name="scribe",
            )
            _pools[key] = made
    return made


def borrow(url: str, size: int = POOL_SIZE, timeout: float = TIMEOUT_S) -> PgDatabase:
    """A pooled connection for one request (``PgDatabase.close`` gives it back)."""
    chosen = pool(url, size, timeout)
    return PgDatabase(chosen.getconn(), chosen)


def close_pools() -> None:
    """Close this process's pools (the end of a test, a server stopping)."""
    with _pools_lock:
        for key in [k for k in _pools if k[0] == os.getpid()]:
            _pools.pop(key).close()
