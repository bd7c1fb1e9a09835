"""A game's notes (``game_notes``, m013) and a club night's (``event_notes``, m015): a row
per note written, never changed, the last one the note shown (an empty one: the note was
cleared). ``of`` names whose notes: a game's (the default) or an event's."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import NamedTuple

from .db import INTEGRITY, is_pg, writing
from .games import Database, now

# whose notes: (table, the column naming its owner); fixed names, never from input
GAME, EVENT = ("game_notes", "game_id"), ("event_notes", "event_id")


class Note(NamedTuple):
    seq: int
    note: str
    written_at: str


def notes(db: Database, game_id: str, of: tuple[str, str] = GAME) -> list[Note]:
    """Every note written on a game (an event), the first first."""
    table, owner = of
    rows = db.execute(f"select seq, note, written_at from {table} where {owner} = ? order by seq", [game_id])
    return [Note(*row) for row in rows.fetchall()]


def current(db: Database, game_id: str, of: tuple[str, str] = GAME) -> Note | None:
    """The game's (event's) note now (the last written), None when none was ever written."""
    table, owner = of
    row = db.execute(f"select seq, note, written_at from {table} where {owner} = ? order by seq desc limit 1",
                     [game_id]).fetchone()
    return None if row is None else Note(*row)


def current_of(db: Database, game_ids: Iterable[str]) -> dict[str, str]:
    """The note now of each of ``game_ids`` that has one (not empty), in one read."""
    among, ids = ("= any(?)", list(game_ids)) if is_pg(db) else \
        ("in (select value from json_each(?))", json.dumps(list(game_ids)))
    rows = db.execute(f"select n.game_id, n.note from game_notes n where n.game_id {among} and n.seq = "
                      "(select max(m.seq) from game_notes m where m.game_id = n.game_id)", [ids]).fetchall()
    return {game_id: note for game_id, note in rows if note}


def write(db: Database, game_id: str, note: str, after: int, of: tuple[str, str] = GAME) -> bool:
    """Add ``note`` as the game's note if the last one written is still number ``after``
    (0: none yet); False when another was written in between (nothing saved). Two writes
    at once both read ``after``: the primary key takes the first, refuses the second."""
    table, owner = of
    try:
        with writing(db, lock=True) as conn:
            row = conn.execute(f"select coalesce(max(seq), 0) from {table} where {owner} = ?", [game_id]).fetchone()
            if row[0] != after:
                return False
            conn.execute(f"insert into {table} ({owner}, seq, note, written_at) values (?, ?, ?, ?)",
                         [game_id, after + 1, note, now()])
    except INTEGRITY:
        return False
    return True
