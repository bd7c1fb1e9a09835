"""The names a group gave its players: a rename or a merge is one row per typed name
(its casefolded key) saying which name it stands for in that group's statistics."""

from __future__ import annotations

from .db import writing
from .games import Database, now


def aliases(db: Database, group_hash: str) -> dict[str, str]:
    rows = db.execute("select name_key, name from player_names where group_hash = ?", [group_hash]).fetchall()
    return dict(rows)


def set_aliases(db: Database, group_hash: str, names: dict[str, str]) -> None:
    """Point each key at its name (replacing what it pointed at), in one transaction."""
    stamp = now()
    with writing(db, lock=True) as conn:
        conn.executemany(
            "insert into player_names (group_hash, name_key, name, updated_at) values (?, ?, ?, ?) "
            "on conflict (group_hash, name_key) do update set name = excluded.name, updated_at = excluded.updated_at",
            [(group_hash, key, name, stamp) for key, name in names.items()])
