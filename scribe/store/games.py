"""Queries on games and their logs: plain functions taking the db first."""

from __future__ import annotations

import json
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from sqlite_utils import Database

from ..rules.log import Entry
from .db import WRITE_LOCK, alone, begin_write


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
    setup: dict[str, Any]
    lang: str
    version: int
    summary: dict[str, Any]
    created_at: str
    updated_at: str
    deleted_at: str | None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "GameRow":
        return cls(
            id=row["id"],
            game=row["game"],
            name=row["name"],
            setup=json.loads(row["setup"]),
            lang=row["lang"] or "",
            version=row["version"],
            summary=json.loads(row["summary"] or "{}"),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            deleted_at=row["deleted_at"],
        )


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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
    also: Callable[[sqlite3.Connection, str], None] | None = None,
) -> str:
    """Store a new game; returns its id. ``also(conn, game_id)`` writes in the same
    transaction (its Scribe's link: a game is never seen without one).

    ``made_from`` (see m008): at most one game per key, by a unique index, so the same
    create sent twice, even at the same moment, makes one game; the later ones raise
    AlreadyMade with the game the first one made.
    """
    game_id = new_id()
    stamp = now()
    try:
        with WRITE_LOCK, db.conn:
            begin_write(db.conn)
            row = {"id": game_id, "game": game, "name": name, "setup": json.dumps(setup), "lang": lang,
                   "version": 0, "summary": json.dumps(summary or {}), "created_at": stamp, "updated_at": stamp}
            if made_from is not None:  # else the columns of every version of the schema (m001)
                row.update(made_from=made_from, made_with=made_with)
            db.conn.execute(f"insert into games ({', '.join(row)}) values ({', '.join('?' * len(row))})",
                            list(row.values()))
            if also is not None:
                also(db.conn, game_id)
    except sqlite3.IntegrityError:
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
    rows = db["games"].rows_where(where, order_by="updated_at desc")
    return [GameRow.from_row(r) for r in rows]


def load_log(db: Database, game_id: str) -> list[Entry]:
    rows = db.execute(
        "select seq, kind, data, at from entries where game_id = ? order by seq", [game_id]
    ).fetchall()
    return [Entry(seq, kind, json.loads(data), at) for seq, kind, data, at in rows]


# One INSERT that appends an entry and moves its game's version and summary, checked
# against the version the writer read (``db.alone``): a lock held across several calls
# made the server's writers queue on it (issue 21).
_APPENDS = (
    "create temp view if not exists appends (game_id, seq, kind, data, at, summary) as "
    "select game_id, seq, kind, data, at, null from entries",
    """create temp trigger if not exists appends_insert instead of insert on appends begin
        select raise(abort, 'version moved')
            where (select version from games where id = new.game_id) is not new.seq - 1;
        insert into entries (game_id, seq, kind, data, at) values (new.game_id, new.seq, new.kind, new.data, new.at);
        update games set version = new.seq, updated_at = new.at, summary = new.summary where id = new.game_id;
    end""",
)
_APPEND = "insert into appends (game_id, seq, kind, data, at, summary) values (?, ?, ?, ?, ?, ?)"


def append_entry(
    db: Database, game_id: str, version: int, kind: str, data: dict[str, Any],
    summary: dict[str, Any] | None = None,
) -> Entry:
    """Append one entry at ``version + 1`` or raise StaleError if someone got there first.

    The entry, the game's version and its list summary change in one statement (see
    ``_APPENDS``): writers of this process and of others meet SQLite's lock alone.
    """
    entry = Entry(version + 1, kind, data, now())
    try:
        alone(db.conn, _APPEND, [game_id, entry.seq, kind, json.dumps(data), entry.at, json.dumps(summary or {})],
              "appends", _APPENDS)
    except sqlite3.IntegrityError:  # the version check, or another entry already at that seq
        current = db.execute("select version from games where id = ?", [game_id]).fetchone()
        raise StaleError(current[0] if current else 0) from None
    return entry


def _set(db: Database, game_id: str, **values: Any) -> None:
    with db.conn:
        db["games"].update(game_id, {**values, "updated_at": now()})


def rename_game(db: Database, game_id: str, name: str) -> None:
    _set(db, game_id, name=name)


def delete_game(db: Database, game_id: str) -> None:
    """Deleting hides a game; its log stays so it can be restored. What it was made from
    is forgotten: Play again on the game before it makes a new one."""
    _set(db, game_id, deleted_at=now(), made_from=None, made_with=None)


def restore_game(db: Database, game_id: str) -> None:
    _set(db, game_id, deleted_at=None)
