"""Queries on games and their logs: plain functions taking the db first."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property
from typing import Any

import orjson

from ..rules.log import Entry
from . import taps
from .db import INTEGRITY, alone, is_pg, writing

Database = Any  # a sqlite-utils Database or a pg.PgDatabase (db.open_db)


class StaleError(Exception):
    """The log moved on since the caller read it (another phone, a double tap)."""

    def __init__(self, current: int):
        super().__init__(f"the game is at version {current}")
        self.current = current


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    name: str
    setup_json: str
    lang: str
    version: int
    summary_json: str
    created_at: str
    updated_at: str
    deleted_at: str | None

    # Parsed when first read: a tap reads its game's row and only a replay (a cache miss)
    # reads the setup, only a list the summary; parsing both was a twentieth of a bid's CPU.
    @cached_property
    def setup(self) -> dict[str, Any]:
        return json.loads(self.setup_json)

    @cached_property
    def summary(self) -> dict[str, Any]:
        return json.loads(self.summary_json or "{}")

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> GameRow:
        return cls(
            id=row["id"],
            game=row["game"],
            name=row["name"],
            setup_json=row["setup"],
            lang=row["lang"] or "",
            version=row["version"],
            summary_json=row["summary"] or "{}",
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            deleted_at=row["deleted_at"],
        )


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def new_id() -> str:
    """128 bits from the OS's cryptographic source, never starting with "-" (a command
    line would read it as an option)."""
    while True:
        made = secrets.token_urlsafe(16)
        if not made.startswith("-"):
            return made


class AlreadyMade(Exception):
    """A create whose ``made_from`` key already made a game: that game, to answer again."""

    def __init__(self, game_id: str, made_with: str | None):
        super().__init__(game_id)
        self.game_id, self.made_with = game_id, made_with


def create_game(
    db: Database, game: str, name: str, setup: dict[str, Any], lang: str = "",
    summary: dict[str, Any] | None = None, made_from: str | None = None, made_with: str | None = None,
    also: Callable[[Any, str], None] | None = None,
) -> str:
    """Store a new game; returns its id. ``also(conn, game_id)`` writes in the same
    transaction (its Scribe's link: a game is never seen without one) through ``conn``'s
    ``execute`` (``?`` placeholders, either backend).

    ``made_from`` (see m008): at most one game per key, by a unique index, so the same
    create sent twice, even at the same moment, makes one game; the later ones raise
    AlreadyMade with the game the first one made.
    """
    game_id = new_id()
    stamp = now()
    try:
        with writing(db, lock=True) as conn:
            row = {"id": game_id, "game": game, "name": name, "setup": json.dumps(setup), "lang": lang,
                   "version": 0, "summary": json.dumps(summary or {}), "created_at": stamp, "updated_at": stamp}
            if made_from is not None:  # else the columns of every version of the schema (m001)
                row.update(made_from=made_from, made_with=made_with)
            conn.execute(f"insert into games ({', '.join(row)}) values ({', '.join('?' * len(row))})",
                         list(row.values()))
            if also is not None:
                also(conn, game_id)
    except INTEGRITY:
        made = None if made_from is None else db.execute(
            "select id, made_with from games where made_from = ?", [made_from]).fetchone()
        if made is None:
            raise
        raise AlreadyMade(*made) from None
    return game_id


def get_game(db: Database, game_id: str) -> GameRow | None:
    if not isinstance(game_id, str) or len(game_id) > 64:
        return None
    # Plain SQL: the table's .get() reads the schema first (five queries per request).
    cur = db.execute("select * from games where id = ?", [game_id])
    row = cur.fetchone()
    if row is None:
        return None
    return GameRow.from_row(dict(zip((c[0] for c in cur.description), row)))


def list_games(db: Database, deleted: bool = False) -> list[GameRow]:
    where = "deleted_at is not null" if deleted else "deleted_at is null"
    cur = db.execute(f"select * from games where {where} order by updated_at desc")
    names = [c[0] for c in cur.description]
    return [GameRow.from_row(dict(zip(names, r))) for r in cur.fetchall()]


def load_log(db: Database, game_id: str) -> list[Entry]:
    rows = db.execute(
        "select seq, kind, data, at from entries where game_id = ? order by seq", [game_id]
    ).fetchall()
    return [Entry(seq, kind, json.loads(data), at) for seq, kind, data, at in rows]


# One INSERT that appends an entry and moves its game's version and summary, checked
# against the version the writer read (``db.alone``): a lock held across several calls
# made the server's writers queue on it (issue 21).
_APPENDS = (
    ("create temp view if not exists appends (game_id, seq, kind, data, at, summary) as "
    "select game_id, seq, kind, data, at, null from entries"),
    """create temp trigger if not exists appends_insert instead of insert on appends begin
        select raise(abort, 'version moved')
            where (select version from games where id = new.game_id) is not new.seq - 1;
        insert into entries (game_id, seq, kind, data, at) values (new.game_id, new.seq, new.kind, new.data, new.at);
        update games set version = new.seq, updated_at = new.at, summary = new.summary where id = new.game_id;
    end""",
)
_APPEND = "insert into appends (game_id, seq, kind, data, at, summary) values (?, ?, ?, ?, ?, ?)"

# PostgreSQL's: one statement too. The UPDATE moves the version only from the one the
# writer read and locks the game's row; a second writer at the same version waits for
# that lock, then (READ COMMITTED re-reads the row) finds the version moved, updates
# nothing, so inserts nothing: StaleError. The entries' primary key stays the backstop.
_APPEND_PG = (
    "with moved as (update games set version = ?, updated_at = ?, summary = ? where id = ? and version = ? "
    "returning id) insert into entries (game_id, seq, kind, data, at) select id, ?, ?, ?, ? from moved returning seq"
)


def _text(value: Any) -> str:
    """JSON text of an entry's data or a game's summary, written at every tap: orjson's
    (a tenth of the standard library's time), the standard library's for what orjson
    refuses (integers past 64 bits, keys that are not text). Both read back the same."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:
        return json.dumps(value)


def append_entry(
    db: Database, game_id: str, version: int, kind: str, data: dict[str, Any],
    summary: dict[str, Any] | None = None,
) -> Entry:
    """Append one entry at ``version + 1`` or raise StaleError if someone got there first.

    The entry, the game's version and its list summary change in one statement (see
    ``_APPENDS``): writers of this process and of others meet SQLite's lock alone.
    """
    entry = Entry(version + 1, kind, data, now())
    if taps.pending() is not None:  # only with an Idempotency-Key: one transaction, two rows
        return _append_keyed(db, game_id, version, entry, summary)
    try:
        if is_pg(db):
            landed = db.execute(_APPEND_PG, [entry.seq, entry.at, _text(summary or {}), game_id, version,
                                             entry.seq, kind, _text(data), entry.at]).fetchone()
            if landed is None:
                raise StaleError(version_of(db, game_id) or 0)
        else:
            alone(db.conn, _APPEND, [game_id, entry.seq, kind, _text(data), entry.at,
                                     _text(summary or {})], "appends", _APPENDS)
    except INTEGRITY:  # the version check, or another entry already at that seq
        raise StaleError(version_of(db, game_id) or 0) from None
    return entry


def _append_keyed(db: Database, game_id: str, version: int, entry: Entry, summary: dict[str, Any] | None) -> Entry:
    """``append_entry`` and the request's tap key (``taps``) in one transaction: the entry
    lands with its key or not at all. A key already stored (the same tap committed by
    another request since it was looked up) is a StaleError too: the caller looks again."""
    text, summary_text = _text(dict(entry.data)), _text(summary or {})
    try:
        with writing(db, lock=True) as conn:  # SQLite: BEGIN IMMEDIATE, so ``alone`` runs inside it
            if is_pg(db):
                landed = conn.execute(_APPEND_PG, [entry.seq, entry.at, summary_text, game_id, version,
                                                   entry.seq, entry.kind, text, entry.at]).fetchone()
                if landed is None:
                    raise StaleError(-1)
            else:
                alone(conn, _APPEND, [game_id, entry.seq, entry.kind, text, entry.at, summary_text],
                      "appends", _APPENDS)
            taps.record_in(conn, game_id, entry.seq, entry.at)
    except (StaleError, *INTEGRITY):
        raise StaleError(version_of(db, game_id) or 0) from None
    return entry


def version_of(db: Database, game_id: str) -> int | None:
    """The game's version now (deleted or not), None if there is no such game."""
    row = db.execute("select version from games where id = ?", [game_id]).fetchone()
    return None if row is None else row[0]


def versions_of(db: Database, game_ids: Iterable[str]) -> dict[str, int]:
    """id -> version of those of ``game_ids`` that exist (the push hub's one read a tick)."""
    ids, found = list(game_ids), {}
    for start in range(0, len(ids), 500):
        part = ids[start:start + 500]
        rows = db.execute(f"select id, version from games where id in ({', '.join('?' * len(part))})", part)
        found.update(dict(rows.fetchall()))
    return found


def insert_game_with_log(db: Database, game: str, name: str, setup: dict[str, Any], lang: str,
                         summary: dict[str, Any], created_at: str, entries: list[Entry], hints: bool = False) -> str:
    """Store a game and its whole log at once (an imported record, already checked), in
    one transaction: a failure half-way leaves nothing. Its new id. ``hints``: the table
    shows the robot's hints (m016)."""
    game_id = new_id()
    with writing(db, lock=True) as conn:
        conn.execute(
            "insert into games (id, game, name, setup, lang, version, summary, created_at, updated_at, deleted_at, "
            "hints) values (?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)",
            [game_id, game, name, json.dumps(setup), lang, len(entries), json.dumps(summary), created_at, now(),
             1 if hints else 0],
        )
        conn.executemany(
            "insert into entries (game_id, seq, kind, data, at) values (?, ?, ?, ?, ?)",
            [[game_id, e.seq, e.kind, json.dumps(dict(e.data)), e.at] for e in entries],
        )
    return game_id


def _set(db: Database, game_id: str, **values: Any) -> None:
    values["updated_at"] = now()
    with writing(db) as conn:
        conn.execute(f"update games set {', '.join(f'{k} = ?' for k in values)} where id = ?",
                     [*values.values(), game_id])
        taps.record_in(conn, game_id, None, values["updated_at"])  # its Idempotency-Key, if any


def rename_game(db: Database, game_id: str, name: str) -> None:
    _set(db, game_id, name=name)


def delete_game(db: Database, game_id: str) -> None:
    """Deleting hides a game; its log stays so it can be restored. What it was made from
    is forgotten: Play again on the game before it makes a new one."""
    _set(db, game_id, deleted_at=now(), made_from=None, made_with=None)


def restore_game(db: Database, game_id: str) -> None:
    _set(db, game_id, deleted_at=None)


def hints_on(db: Database, game_id: str) -> bool:
    """Whether the table shows each seat the robot's hint (m016)."""
    row = db.execute("select hints from games where id = ?", [game_id]).fetchone()
    return bool(row and row[0])


def set_hints(db: Database, game_id: str, on: bool) -> None:
    """Turn the robot's hints on or off (the row's update is announced as any change of it)."""
    _set(db, game_id, hints=1 if on else 0)
