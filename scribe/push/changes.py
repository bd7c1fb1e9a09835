"""Where the hub (``hub.py``) hears that a followed game may have moved: a change source.

Each source answers two questions on the event loop: ``moved`` (which of the followed
games may have a new version since the last ask) and ``versions`` (their versions now).
The hub then renders only the groups whose game really moved, so a source may name a
game too often, never too seldom.

- ``SqliteChanges``: one file, any number of writing processes on one machine. SQLite says
  only *that* something was committed (``PRAGMA data_version`` moves when any other
  connection commits), so the hub asks every tick (``tick`` seconds); then a journal the
  store's triggers write (``push_changes``: a game's row changed, one of its links, a
  rematch made) names the games, read from the last row seen: the cost follows the writes,
  not the games followed, and a link stopped in another process is heard at once.
- ``PgChanges``: PostgreSQL, any number of nodes. Every write a stream must show sends
  ``pg_notify('scribe_changes', <game id>)`` in its transaction (scribe/store), delivered
  at commit to every listening session; one LISTEN connection per process names the
  games. A dropped connection is made again, and since a notification sent while it was
  down is lost, every followed game is then read again.

A write in this process also wakes the hub at once (``Hub.wake``, called after any
request that may have written): no waiting for the next tick.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterable

try:
    import psycopg
except ImportError:  # no hosted extra: SQLite's source only (create_app refuses a PostgreSQL URL then)
    psycopg = None  # type: ignore[assignment]

log = logging.getLogger("scribe.push")

from ..store.db import target
from ..store.urls import is_url as is_postgres

CHUNK = 500  # followed games read per select


def source_for(config) -> SqliteChanges | PgChanges:
    """The change source for the app's database (``DATABASE_URL`` a postgresql:// URL, else
    the SQLite file ``DATABASE``)."""
    where = target(config)
    return PgChanges(where) if is_postgres(where) else SqliteChanges(where)


class SqliteChanges:
    """``PRAGMA data_version`` every tick; when it moved, the games the journal names since
    the last look (``push_changes``, written by triggers: store/migrations.py m011)."""

    tick = 0.025  # how often the file is asked whether anything was committed
    wakes = True  # a write in this process wakes the hub (else it waits up to a tick)

    def __init__(self, path: str):
        self.path = path
        self.conn: sqlite3.Connection | None = None
        self.data_version: int | None = None
        self.last_change = 0  # the journal's newest row looked at
        # the games the journal named at the last ``moved``: each changed for sure, if not its
        # version (a link issued, revoked, claimed, released; a rematch), so its groups ask again
        self.touched: set[str] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._poke = lambda: None

    async def open(self, poke) -> None:
        self.conn = sqlite3.connect(self.path, check_same_thread=False)
        self.last_change = self._newest()
        self._loop, self._poke = asyncio.get_running_loop(), poke

    def nudge(self) -> None:
        """Something was committed here (the game unknown): look now, not at the next tick.
        From any thread. The journal names the games, so no followed game is read for
        nothing."""
        if self._loop is not None:
            try:
                self._loop.call_soon_threadsafe(self._poke)
            except RuntimeError:  # the loop has closed: the server is stopping
                pass

    async def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def _newest(self) -> int:
        assert self.conn is not None
        return self.conn.execute("select coalesce(max(seq), 0) from push_changes").fetchone()[0]

    async def moved(self, followed: Iterable[str], named: set[str]) -> list[str]:
        """The followed games the journal names since the last look, and those named (a new
        stream, a write here); only those named when nothing was committed."""
        assert self.conn is not None
        current = self.conn.execute("pragma data_version").fetchone()[0]
        self.touched = set()
        if current == self.data_version and not named:
            return []  # most ticks: nothing committed, nothing asked
        wanted = set(followed)
        if current == self.data_version:
            return [g for g in named if g in wanted]
        self.data_version = current
        rows = self.conn.execute("select seq, game_id from push_changes where seq > ? order by seq",
                                 [self.last_change]).fetchall()
        if not rows:
            if self._newest() < self.last_change:  # another file in its place (a restore): read them all
                self.last_change = self._newest()
                self.touched = wanted
                return list(wanted)
            return [g for g in named if g in wanted]
        behind = rows[0][0] > self.last_change + 1  # rows pruned before this look: some may be lost
        self.last_change = rows[-1][0]
        if behind:
            self.touched = wanted
            return list(wanted)
        self.touched = {game for _seq, game in rows} & wanted
        return [g for g in self.touched | named if g in wanted]

    async def versions(self, ids: list[str]) -> dict[str, int]:
        assert self.conn is not None
        found: dict[str, int] = {}
        for start in range(0, len(ids), CHUNK):
            part = ids[start:start + CHUNK]
            rows = self.conn.execute(f"select id, version from games where id in ({','.join('?' * len(part))})", part)
            found.update(rows.fetchall())
        return found


class PgChanges:
    """LISTEN on one connection (a task of its own), the versions read on a second one."""

    tick = 0.25  # nothing to poll: the loop wakes on a notification; this paces pings and rechecks
    wakes = False  # this process's own writes are heard as every other node's, at once
    idle_check = 5.0  # a LISTEN connection silent this long is asked ``select 1`` (a dead peer is found)
    backoff = (0.1, 0.2, 0.5, 1.0, 2.0)  # seconds between attempts to connect again

    def __init__(self, url: str):
        self.url = url
        self.heard: set[str] = set()  # games named since the last ``moved``
        self.everything = False  # (re)connected: read every followed game, a notification may be lost
        # the games named by a notification at the last ``moved``: each changed for sure, if
        # not its version (a link issued, revoked, claimed, released), so its groups ask again
        self.touched: set[str] = set()
        self.connects = 0  # how many times LISTEN was set up (the tests watch it reconnect)
        self.listener = None  # the LISTEN connection, while up
        self._reader = None
        self._task: asyncio.Task | None = None
        self._poke = lambda: None

    async def open(self, poke) -> None:
        self._poke = poke
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for conn in (self._reader, self.listener):
            if conn is not None:
                await conn.close()

    async def _connect(self):
        # keepalives: a peer gone without a word (a machine lost, a cable pulled) is found
        return await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, keepalives=1, keepalives_idle=10, keepalives_interval=5,
            keepalives_count=3, connect_timeout=5, application_name="scribe push")

    async def _listen(self) -> None:
        from ..store.pg import CHANNEL  # the hosted extra: only a PostgreSQL source gets here

        failures = 0
        while True:
            try:
                conn = await self._connect()
                try:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listener, failures = conn, 0
                    self.connects += 1
                    # listening from now on: what was sent before (while down) is read again
                    self.everything = True
                    self._poke()
                    while True:
                        async for note in conn.notifies(timeout=self.idle_check):
                            self.heard.add(note.payload)
                            self._poke()
                        await conn.execute("select 1")  # quiet for a while: still there?
                finally:
                    self.listener = None
                    await conn.close()
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as err:
                wait = self.backoff[min(failures, len(self.backoff) - 1)]
                failures += 1
                log.warning("push: the PostgreSQL LISTEN connection failed (%s); again in %.1f s", err, wait)
                await asyncio.sleep(wait)

    async def moved(self, followed: Iterable[str], named: set[str]) -> list[str]:
        if self.everything:
            self.everything, self.touched = False, set()
            return list(followed)
        heard, self.heard = self.heard, set()
        wanted = set(followed)
        self.touched = heard & wanted
        return [g for g in heard | named if g in wanted]

    async def versions(self, ids: list[str]) -> dict[str, int]:
        """The versions of ``ids``; a failed read names them all again for the next tick."""
        try:
            if self._reader is None or self._reader.closed:
                self._reader = await self._connect()
            found: dict[str, int] = {}
            for start in range(0, len(ids), CHUNK):
                cur = await self._reader.execute("select id, version from games where id = any(%s)",
                                                 (ids[start:start + CHUNK],))
                found.update(await cur.fetchall())
            return found
        except (psycopg.Error, OSError) as err:
            log.warning("push: reading the followed games' versions failed (%s); trying again", err)
            if self._reader is not None:
                await self._reader.close()
            self._reader = None
            self.heard.update(ids)
            return {}
