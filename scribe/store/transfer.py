"""A game's rows read whole from one store and written whole into another (``scribe
migrate-store``): the game, its log, its links (revoked ones too: their holders are told
so), the groups holding it and its story rows, exactly as stored, ids and token hashes
included, so every link opens the moved game with the same token.

Read from a SQLite connection, written through what ``db.writing`` yields on either
backend (``?`` placeholders): both stores keep the same tables and columns, with the
same shapes (pg_schema.py), so a row moves unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# Parents first: each table's foreign keys point at tables before it.
GAME_TABLES = ("games", "entries", "links", "group_games", "story_games", "story_players", "story_bids",
               "story_rounds", "taps", "game_notes")
_KEY = {"games": "id"}  # every other table names its game in game_id
_ORDER = {"games": "id", "entries": "seq", "links": "created_at, token_hash", "group_games": "group_hash",
          "story_games": "game_id", "story_players": "seat", "story_bids": "seat, bid",
          "story_rounds": "round, seat", "taps": "key_hash", "game_notes": "seq"}

# A club night's rows (issue 36), moved after every game: its tables name their games.
EVENT_TABLES = ("events", "event_parties", "event_tables", "event_links", "event_notes")
_EVENT_ORDER = {"events": "id", "event_parties": "partie", "event_tables": "partie, table_no",
                "event_links": "created_at, token_hash", "event_notes": "seq"}

Rows = dict[str, list[dict[str, Any]]]


def _select(conn: Any, sql: str, params: Iterable[Any]) -> list[dict[str, Any]]:
    cur = conn.execute(sql, list(params))
    names = [c[0] for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def game_ids(conn: Any) -> list[str]:
    """Every game's id in a SQLite file, deleted ones too (they stay restorable), in the order
    they were made (a group lists games of the same second in the order it got them)."""
    return [r[0] for r in conn.execute("select id from games order by created_at, rowid").fetchall()]


def read_game(conn: Any, game_id: str) -> Rows:
    """Every row of one game, table by table, in a stable order."""
    return {table: _select(conn, f"select * from {table} where {_KEY.get(table, 'game_id')} = ? "
                                 f"order by {_ORDER[table]}", [game_id])
            for table in GAME_TABLES}


def event_ids(conn: Any) -> list[str]:
    """Every club night's id in a SQLite file, in the order they were made."""
    return [r[0] for r in conn.execute("select id from events order by created_at, rowid").fetchall()]


def read_event(conn: Any, event_id: str) -> Rows:
    """Every row of one club night (its games are moved as games), table by table."""
    return {table: _select(conn, f"select * from {table} where {'id' if table == 'events' else 'event_id'} = ? "
                                 f"order by {_EVENT_ORDER[table]}", [event_id])
            for table in EVENT_TABLES}


def read_names(conn: Any) -> list[dict[str, Any]]:
    """The groups' renames of their players (``player_names``): a group's, not a game's."""
    return _select(conn, "select * from player_names order by group_hash, name_key", [])


def write_rows(conn: Any, rows: Mapping[str, list[dict[str, Any]]], on_conflict: str = "") -> int:
    """Insert ``rows`` table by table in the caller's transaction; how many rows went in
    (``on_conflict``, e.g. "on conflict do nothing", counts the ones it skipped too)."""
    count = 0
    for table in rows:
        for row in rows[table]:
            names = list(row)
            conn.execute(f"insert into {table} ({', '.join(names)}) values ({', '.join('?' * len(names))}) "
                         f"{on_conflict}", [row[n] for n in names])
            count += 1
    return count
