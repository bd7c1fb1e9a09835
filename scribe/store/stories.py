"""Each game's story kept as rows (``story_*`` tables, migration m004): what the group's
statistics read instead of replaying every game. A cache of the log, never the record:
written after an entry changes the story, and rewritten on read when a game's version
moved past it (an import, a crash between the two writes)."""

from __future__ import annotations

import json
from typing import Any, Iterable

from sqlite_utils import Database

from ..rules.standings import ranked
from ..rules.story import Story
from .db import WRITE_LOCK

_TABLES = ("story_rounds", "story_bids", "story_players", "story_games")


def save(db: Database, game_id: str, game: str, version: int, story: Story, finished_at: str | None) -> None:
    """Replace a game's story rows by ``story`` as of ``version``."""
    ranks = {s.player: s.rank for s in ranked(story.totals, story.lowest_wins)}
    players = []
    for line in story.lines:
        tried = sum(b.tried for b in line.bids)
        players.append((game_id, line.player, line.name, line.total, ranks[line.player],
                        int(line.player in story.winners), tried if line.bids else None,
                        sum(b.made for b in line.bids) if line.bids else None,
                        line.best[1] if line.best else None, line.worst[1] if line.worst else None))
    bids = [(game_id, line.player, b.bid, b.tried, b.made) for line in story.lines for b in line.bids]
    rounds = [(game_id, n, p, points, total)
              for n, totals, previous in zip(story.rounds, story.running, ((0,) * len(story.players),) + story.running)
              for p, (total, points) in enumerate((t, t - before) for t, before in zip(totals, previous))]
    with WRITE_LOCK, db.conn:
        for table in _TABLES:
            db.conn.execute(f"delete from {table} where game_id = ?", [game_id])
        db.conn.execute("insert into story_games values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [game_id, version, game, story.variant, len(story.players), len(story.rounds),
                         int(story.finished), int(story.lowest_wins), finished_at if story.finished else None])
        db.conn.executemany("insert into story_players values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", players)
        db.conn.executemany("insert into story_bids values (?, ?, ?, ?, ?)", bids)
        db.conn.executemany("insert into story_rounds values (?, ?, ?, ?, ?)", rounds)


def versions(db: Database, game_ids: Iterable[str]) -> dict[str, int]:
    """The version each game's story rows stand at (games without rows are absent)."""
    rows = db.execute("select s.game_id, s.version from json_each(?) j join story_games s on s.game_id = j.value",
                      [json.dumps(list(game_ids))]).fetchall()
    return dict(rows)


def finished_rows(db: Database, game_ids: Iterable[str]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """(players, bids) of the finished games among ``game_ids``: players as (game_id, game,
    variant, players, lowest_wins, finished_at, seat, player, score, rank, won), bids as
    (game_id, seat, bid, tried, made)."""
    ids = json.dumps(list(game_ids))
    # driven from the ids (json_each first), each table reached by its primary key
    players = db.execute(
        "select s.game_id, s.game, s.variant, s.players, s.lowest_wins, s.finished_at, p.seat, p.player, p.score, "
        "p.rank, p.won from json_each(?) j join story_games s on s.game_id = j.value "
        "join story_players p on p.game_id = s.game_id where s.finished = 1", [ids]).fetchall()
    bids = db.execute(
        "select b.game_id, b.seat, b.bid, b.tried, b.made from json_each(?) j join story_games s on s.game_id = j.value "
        "join story_bids b on b.game_id = s.game_id where s.finished = 1", [ids]).fetchall()
    return players, bids


def round_rows(db: Database, game_ids: Iterable[str]) -> list[tuple[Any, ...]]:
    """(game_id, round, seat, player, points, total) of every round with points."""
    return db.execute(
        "select r.game_id, r.round, r.seat, p.player, r.points, r.total from story_rounds r "
        "join story_players p on p.game_id = r.game_id and p.seat = r.seat "
        "where r.game_id in (select value from json_each(?)) order by r.game_id, r.round, r.seat",
        [json.dumps(list(game_ids))]).fetchall()
