"""Club nights in the store (issue 36, m012 / pg p005): an event's row, its parties drawn,
its tables (each an ordinary game) and its two links, the organiser's and the hall's
ranking. Plain queries, either backend; what they mean is ``event_service.py``'s.

An event's links are hashed as a game's are (``links.make_token``: HMAC of a salt with the
server's key; only the salt and the token's sha256 are kept), so the database alone opens
nothing and the organiser's page can show the ranking link again.

The event's version (``version_of``) is the event row's own version plus the versions of
all its tables' games and the number of notes written on it (m015): an entry at any table,
a change of the event itself (a partie drawn, an arrival, a withdrawal) or a note written
moves it, and it never goes back (a game's version only grows: an undo is an entry too). The organiser's page and the hall's TV ask on it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .db import INTEGRITY, writing
from .games import Database, StaleError, new_id, now
from .links import _plausible, fresh_salt, make_token, token_hash

ORGANISER = "organiser"
RANKING = "ranking"
EVENT_LINKS = (ORGANISER, RANKING)


@dataclass(frozen=True)
class EventRow:
    id: str
    name: str
    lang: str
    definition: dict[str, Any]
    version: int  # the event row's own version (``version_of`` adds its games')
    created_at: str


@dataclass(frozen=True)
class TableRow:
    partie: int
    table: int  # 1-based
    game_id: str
    units: tuple[str, ...]  # in seat order


class EventMade(Exception):
    """A create whose ``made_from`` key already made an event: that event, to answer again."""

    def __init__(self, event_id: str, made_with: str | None):
        super().__init__(event_id)
        self.event_id, self.made_with = event_id, made_with


def create(db: Database, key: str, name: str, lang: str, definition: dict[str, Any],
           made_from: str | None = None, made_with: str | None = None) -> tuple[str, dict[str, str]]:
    """Store a new event and its two links in one transaction; (its id, {kind: token}).
    ``made_from``: at most one event per key (EventMade with the one made first)."""
    event_id, stamp = new_id(), now()
    salts = {kind: fresh_salt(key) for kind in EVENT_LINKS}
    try:
        with writing(db, lock=True) as conn:
            conn.execute("insert into events (id, name, lang, definition, version, created_at, updated_at, "
                         "made_from, made_with) values (?, ?, ?, ?, 0, ?, ?, ?, ?)",
                         [event_id, name, lang, json.dumps(definition), stamp, stamp, made_from, made_with])
            for kind, salt in salts.items():
                conn.execute("insert into event_links (token_hash, event_id, kind, salt, created_at) "
                             "values (?, ?, ?, ?, ?)", [token_hash(make_token(key, salt)), event_id, kind, salt, stamp])
    except INTEGRITY:
        made = None if made_from is None else db.execute(
            "select id, made_with from events where made_from = ?", [made_from]).fetchone()
        if made is None:
            raise
        raise EventMade(*made) from None
    return event_id, {kind: make_token(key, salt) for kind, salt in salts.items()}


def tokens(db: Database, key: str, event_id: str) -> dict[str, str]:
    """The live links of an event, {kind: token}, derived again from their salts."""
    rows = db.execute("select kind, salt from event_links where event_id = ? and revoked_at is null",
                      [event_id]).fetchall()
    return {kind: make_token(key, salt) for kind, salt in rows}


def find(db: Database, token: Any) -> tuple[str, EventRow] | None:
    """(the link's kind, its event) for a live event link; None for anything else."""
    if not _plausible(token):
        return None
    row = db.execute("select l.kind, e.id, e.name, e.lang, e.definition, e.version, e.created_at "
                     "from event_links l join events e on e.id = l.event_id "
                     "where l.token_hash = ? and l.revoked_at is null", [token_hash(token)]).fetchone()
    if row is None:
        return None
    return row[0], EventRow(row[1], row[2], row[3] or "", json.loads(row[4]), row[5], row[6])


def get(db: Database, event_id: str) -> EventRow | None:
    row = db.execute("select id, name, lang, definition, version, created_at from events where id = ?",
                     [event_id]).fetchone()
    return None if row is None else EventRow(row[0], row[1], row[2] or "", json.loads(row[3]), row[4], row[5])


def version_of(db: Database, event_id: str) -> int | None:
    """The event's version: its own plus its tables' games' (see the module's doc); None
    for an unknown event. One query: what a poll costs."""
    row = db.execute("select e.version + coalesce((select sum(g.version) from event_tables t "
                     "join games g on g.id = t.game_id where t.event_id = e.id), 0) "
                     "+ (select count(*) from event_notes n where n.event_id = e.id) "
                     "from events e where e.id = ?", [event_id]).fetchone()
    return None if row is None else int(row[0])


def events_of(db: Database, game_ids: Iterable[str]) -> dict[str, str]:
    """{game id: its event's id} for those of ``game_ids`` that are an event's tables (a
    push hub hearing of a game's change tells its event's screens too)."""
    ids = list(dict.fromkeys(game_ids))
    if not ids:
        return {}
    rows = db.execute(f"select game_id, event_id from event_tables where game_id in ({', '.join('?' * len(ids))})",
                      ids).fetchall()
    return dict(rows)


def update(db: Database, event_id: str, version: int, definition: dict[str, Any]) -> int:
    """Write a changed definition if the event is still at ``version`` (StaleError
    otherwise); the event's new own version."""
    with writing(db, lock=True) as conn:
        _bump(conn, db, event_id, version)
        conn.execute("update events set definition = ? where id = ?", [json.dumps(definition), event_id])
    return version + 1


def _bump(conn: Any, db: Database, event_id: str, version: int) -> None:
    cur = conn.execute("update events set version = version + 1, updated_at = ? where id = ? and version = ?",
                       [now(), event_id, version])
    if cur.rowcount != 1:
        found = db.execute("select version from events where id = ?", [event_id]).fetchone()
        raise StaleError(found[0] if found else -1)


def add_partie(db: Database, event_id: str, version: int, partie: int, byes: Sequence[str],
               tables: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Record a partie drawn, its byes and its tables (game id, units in seat order), if the
    event is still at ``version`` (StaleError otherwise): all or nothing."""
    with writing(db, lock=True) as conn:
        _bump(conn, db, event_id, version)
        conn.execute("insert into event_parties (event_id, partie, byes, drawn_at) values (?, ?, ?, ?)",
                     [event_id, partie, json.dumps(list(byes)), now()])
        for number, (game_id, units) in enumerate(tables, 1):
            conn.execute("insert into event_tables (event_id, partie, table_no, game_id, units) values (?, ?, ?, ?, ?)",
                         [event_id, partie, number, game_id, json.dumps(list(units))])


def parties(db: Database, event_id: str) -> list[tuple[int, tuple[str, ...]]]:
    """(partie, its byes) of each partie drawn, the first first."""
    rows = db.execute("select partie, byes from event_parties where event_id = ? order by partie", [event_id])
    return [(p, tuple(json.loads(b))) for p, b in rows.fetchall()]


def tables(db: Database, event_id: str) -> list[TableRow]:
    """Every table of every partie drawn, in partie and table order."""
    rows = db.execute("select partie, table_no, game_id, units from event_tables where event_id = ? "
                      "order by partie, table_no", [event_id]).fetchall()
    return [TableRow(p, t, g, tuple(json.loads(u))) for p, t, g, u in rows]
