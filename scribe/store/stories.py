"""Each game's story kept as rows (``story_*`` tables, migration m004): what the group's
statistics read instead of replaying every game. A cache of the log, never the record:
written after an entry changes the story, and rewritten on read when a game's version
moved past it (an import, a crash between the two writes)."""

from __future__ import annotations

import json
from typing import Any, Iterable, NamedTuple

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


class Results(NamedTuple):
    """The story rows the group's statistics read, as plain tuples (no row objects).

    ``versions``: the version each game's rows stand at (every game with rows);
    ``games``: the finished ones as (game_id, game, variant, players, lowest_wins,
    finished_at); ``players``: (game_id, seat, player, score, rank, won), each game's
    seats together; ``bids``: (game_id, seat, bid, tried, made). Players and bids are
    read for every id given, finished or not: the reader keeps those of ``games``.
    """

    versions: dict[str, int]
    games: list[tuple[Any, ...]]
    players: list[tuple[Any, ...]]
    bids: list[tuple[Any, ...]]


def results(db: Database, game_ids: Iterable[str]) -> Results:
    """The story rows of ``game_ids``, with the versions they stand at (one read serves
    both the version check and the statistics)."""
    ids = json.dumps(list(game_ids))
    # each table reached from the ids (json_each first) by its primary key; the game's
    # columns are read once per game, not once per seat (that alone halved the read)
    games = db.execute(
        "select s.game_id, s.version, s.finished, s.game, s.variant, s.players, s.lowest_wins, s.finished_at "
        "from json_each(?) j join story_games s on s.game_id = j.value", [ids]).fetchall()
    players = db.execute("select p.game_id, p.seat, p.player, p.score, p.rank, p.won from json_each(?) j "
                         "join story_players p on p.game_id = j.value", [ids]).fetchall()
    bids = db.execute("select b.game_id, b.seat, b.bid, b.tried, b.made from json_each(?) j "
                      "join story_bids b on b.game_id = j.value", [ids]).fetchall()
    return Results({g[0]: g[1] for g in games}, [(g[0], *g[3:]) for g in games if g[2]], players, bids)


def round_rows(db: Database, game_ids: Iterable[str]) -> list[tuple[Any, ...]]:
    """(game_id, round, seat, player, points, total) of every round with points."""
    return db.execute(
        "select r.game_id, r.round, r.seat, p.player, r.points, r.total from story_rounds r "
        "join story_players p on p.game_id = r.game_id and p.seat = r.seat "
        "where r.game_id in (select value from json_each(?)) order by r.game_id, r.round, r.seat",
        [json.dumps(list(game_ids))]).fetchall()
