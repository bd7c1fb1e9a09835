"""Each finished game's final standings, seat by seat, read from its story rows (m004):
what the group's ladders and its BG Stats export are made of."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .db import is_pg
from .games import Database


class Placed(NamedTuple):
    game_id: str
    game: str
    variant: str
    finished_at: str
    lowest_wins: int
    seat: int
    player: str
    score: int
    rank: int
    won: int


_COLUMNS = ("s.game_id, s.game, coalesce(s.variant, ''), s.finished_at, s.lowest_wins, p.seat, p.player, p.score, "
            "p.rank, p.won")


def standings(db: Database, versions: Mapping[str, int]) -> list[Placed]:
    """Every seat of the finished games at ``versions`` (id -> version) whose story rows
    stand at that version, in the order the games finished, then by seat."""
    if is_pg(db):
        rows = db.conn.execute(
            f"""select {_COLUMNS} from jsonb_each_text(%(versions)s::jsonb) j
                join story_games s on s.game_id = j.key and s.version = j.value::integer
                join story_players p on p.game_id = s.game_id
                where s.finished = 1 order by s.finished_at, s.game_id, p.seat""",
            {"versions": json.dumps(dict(versions))}).fetchall()
    else:
        rows = db.execute(
            f"""select {_COLUMNS} from json_each(?) j
                join story_games s on s.game_id = j.key and s.version = j.value
                join story_players p on p.game_id = s.game_id
                where s.finished order by s.finished_at, s.game_id, p.seat""",
            [json.dumps(dict(versions))]).fetchall()
    return [Placed(*row) for row in rows]


def finished_versions(db: Database, game_ids: Sequence[str]) -> dict[str, int]:
    """{game id: version} of those of ``game_ids`` that stand finished (deleted or not):
    an evening's tables to rate, read without replaying one (a table in play is left out,
    so a poll never rewrites its story rows)."""
    ids = list(dict.fromkeys(game_ids))
    phase = "(summary::jsonb ->> 'phase')" if is_pg(db) else "json_extract(summary, '$.phase')"
    found: dict[str, int] = {}
    for start in range(0, len(ids), 500):
        part = ids[start:start + 500]
        rows = db.execute(f"select id, version from games where id in ({', '.join('?' * len(part))}) "
                          f"and {phase} = 'finished'", part).fetchall()
        found.update(dict(rows))
    return found
