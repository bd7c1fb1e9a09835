"""A game's notes (``game_notes``, m013): a row per note its Scribe wrote, never changed,
the last one the note the game shows (an empty one: the note was cleared)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import NamedTuple

from .db import INTEGRITY, is_pg, writing
from .games import Database, now


class Note(NamedTuple):
    seq: int
    note: str
    written_at: str


def notes(db: Database, game_id: str) -> list[Note]:
    """Every note written on a game, the first first."""
    rows = db.execute("select seq, note, written_at from game_notes where game_id = ? order by seq", [game_id])
    return [Note(*row) for row in rows.fetchall()]


def current(db: Database, game_id: str) -> Note | None:
    """The game's note now (the last written), None when none was ever written."""
    row = db.execute("select seq, note, written_at from game_notes where game_id = ? order by seq desc limit 1",
                     [game_id]).fetchone()
    return None if row is None else Note(*row)


def current_of(db: Database, game_ids: Iterable[str]) -> dict[str, str]:
    """The note now of each of ``game_ids`` that has one (not empty), in one read."""
    among, ids = ("= any(?)", list(game_ids)) if is_pg(db) else \
        ("in (select value from json_each(?))", json.dumps(list(game_ids)))
    rows = db.execute(f"select n.game_id, n.note from game_notes n where n.game_id {among} and n.seq = "
                      "(select max(m.seq) from game_notes m where m.game_id = n.game_id)", [ids]).fetchall()
    return {game_id: note for game_id, note in rows if note}


def write(db: Database, game_id: str, note: str, after: int) -> bool:
    """Add ``note`` as the game's note if the last one written is still number ``after``
    (0: none yet); False when another was written in between (nothing saved). Two writes
    at once both read ``after``: the primary key takes the first, refuses the second."""
    try:
        with writing(db, lock=True) as conn:
            row = conn.execute("select coalesce(max(seq), 0) from game_notes where game_id = ?", [game_id]).fetchone()
            if row[0] != after:
                return False
            conn.execute("insert into game_notes (game_id, seq, note, written_at) values (?, ?, ?, ?)",
                         [game_id, after + 1, note, now()])
    except INTEGRITY:
        return False
    return True
