"""Each game's story kept as rows (``story_*`` tables, migration m004): what the group's
statistics read instead of replaying every game. A cache of the log, never the record:
written by the entry after which the game stands finished (the statistics read finished
games only), and rewritten on read when a game's version moved past it (a game not
finished, an import, a crash between the two writes)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from ..group import Tally, tally
from ..rules.standings import ranked
from ..rules.story import Story
from .db import alone, is_pg, writing
from .games import Database

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
    told = tally(story) if story.finished else Tally(None, None)
    game = [game_id, version, game, story.variant, len(story.players), len(story.rounds), int(story.finished),
            int(story.lowest_wins), finished_at if story.finished else None, told.scores, told.counted]
    if is_pg(db):  # one transaction: PostgreSQL locks rows, not the database, so it holds nobody up
        with writing(db) as conn:
            conn.serialize(game_id)  # two saves of one game at once: the second replaces the first's rows
            for table in _TABLES:
                conn.execute(f"delete from {table} where game_id = ?", [game_id])
            for table, rows in zip(_TABLES[::-1], ([game], players, bids, rounds)):
                if rows:
                    conn.executemany(f"insert into {table} values ({', '.join('?' * len(rows[0]))})", rows)
        return
    alone(db.conn, _SAVE, [game_id, json.dumps([game]), json.dumps(players), json.dumps(bids), json.dumps(rounds)],
          "story_saves", _SAVES)


def _rows(table: str, columns: int, source: str) -> str:
    """Insert into ``table`` a row per element of the JSON array ``source`` (each an array)."""
    values = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(columns))
    return f"insert into {table} select {values} from json_each(new.{source});"


# A game's story rows replaced in one statement (``db.alone``): the rows go in as JSON
# arrays and the trigger deletes the old rows and inserts the new, all in one call.
_SAVES = (
    ("create temp view if not exists story_saves (game_id, game, players, bids, rounds) as "
    "select null, null, null, null, null where 0"),
    "create temp trigger if not exists story_saves_insert instead of insert on story_saves begin "
    + "".join(f"delete from {table} where game_id = new.game_id;" for table in _TABLES)
    + _rows("story_games", 11, "game") + _rows("story_players", 10, "players")
    + _rows("story_bids", 5, "bids") + _rows("story_rounds", 5, "rounds") + " end",
)
_SAVE = "insert into story_saves (game_id, game, players, bids, rounds) values (?, ?, ?, ?, ?)"


def versions(db: Database, game_ids: Iterable[str]) -> dict[str, int]:
    """The version each game's story rows stand at (games without rows are absent)."""
    if is_pg(db):
        rows = db.execute("select game_id, version from story_games where game_id = any(?)", [list(game_ids)])
    else:
        rows = db.execute("select s.game_id, s.version from json_each(?) j join story_games s on s.game_id = j.value",
                          [json.dumps(list(game_ids))])
    return dict(rows.fetchall())


class Tallies(NamedTuple):
    """The finished games' tallies per game type and table size.

    ``stood``: how many of the games asked for have story rows at the version asked
    (finished ones: fewer means some must be brought up to date first); ``kinds``:
    (game, variant, players, lowest_wins, games, scores, counted) of those the filters
    kept, their tallies joined by a newline (``group.statistics``).
    """

    stood: int
    kinds: list[tuple[str, str, int, int, int, str, str]]


_KEPT = {  # the filters, each written only when given (an idle test costs a millisecond a thousand games)
    "game": "s.game = :game", "players": "s.players = :players",
    "since": "substr(s.finished_at, 1, 10) >= :since", "until": "substr(s.finished_at, 1, 10) <= :until",
    "only": "s.game_id in (select value from json_each(:only))",
}


def tallies(db: Database, versions: Mapping[str, int], game: str | None = None, players: int | None = None,
            since: str | None = None, until: str | None = None, only: Iterable[str] | None = None) -> Tallies:
    """The tallies of the games at ``versions`` (id -> version), one row per game type and
    table size, kept by the filters (a game, a table size, a period of ISO days, ``only``
    those ids). One read: SQLite groups and joins them, Python counts (``group.statistics``)."""
    given = {"game": game, "players": players, "since": since, "until": until,
             "only": None if only is None else json.dumps(list(only))}
    given = {name: value for name, value in given.items() if value is not None}
    if is_pg(db):
        return _tallies_pg(db, versions, given)
    kept = " and ".join(_KEPT[name] for name in given) or "1"
    rows = db.execute(
        f"""select s.game, s.variant, s.players, s.lowest_wins, count(*), count(*) filter (where {kept}),
                   group_concat(s.tally_scores, char(10)) filter (where {kept}),
                   group_concat(s.tally_counted, char(10)) filter (where {kept})
            from json_each(:versions) j join story_games s on s.game_id = j.key and s.version = j.value
            where s.finished group by s.game, s.variant, s.players, s.lowest_wins""",
        {"versions": json.dumps(versions), **given}).fetchall()
    return Tallies(sum(r[4] for r in rows), [(*r[:4], *r[5:]) for r in rows if r[5]])


_KEPT_PG = {
    "game": "s.game = %(game)s", "players": "s.players = %(players)s",
    "since": "substr(s.finished_at, 1, 10) >= %(since)s", "until": "substr(s.finished_at, 1, 10) <= %(until)s",
    "only": "s.game_id in (select jsonb_array_elements_text(%(only)s::jsonb))",
}


def _tallies_pg(db: Database, versions: Mapping[str, int], given: dict[str, Any]) -> Tallies:
    """``tallies`` in PostgreSQL's words (jsonb for the lists, string_agg for group_concat)."""
    kept = " and ".join(_KEPT_PG[name] for name in given) or "true"
    rows = db.conn.execute(
        f"""select s.game, s.variant, s.players, s.lowest_wins, count(*), count(*) filter (where {kept}),
                   string_agg(s.tally_scores, chr(10)) filter (where {kept}),
                   string_agg(s.tally_counted, chr(10)) filter (where {kept})
            from jsonb_each_text(%(versions)s::jsonb) j join story_games s
                 on s.game_id = j.key and s.version = j.value::integer
            where s.finished = 1 group by s.game, s.variant, s.players, s.lowest_wins""",
        {"versions": json.dumps(versions), **given}).fetchall()
    return Tallies(sum(r[4] for r in rows), [(*r[:4], *r[5:]) for r in rows if r[5]])


def seats(db: Database, game_ids: Iterable[str]) -> list[tuple[str, str]]:
    """(game_id, name) of every seat of ``game_ids`` (for the statistics' player filter)."""
    if is_pg(db):
        return db.execute("select game_id, player from story_players where game_id = any(?)",
                          [list(game_ids)]).fetchall()
    return db.execute("select p.game_id, p.player from json_each(?) j join story_players p on p.game_id = j.value",
                      [json.dumps(list(game_ids))]).fetchall()


def round_rows(db: Database, game_ids: Iterable[str]) -> list[tuple[Any, ...]]:
    """(game_id, round, seat, player, points, total) of every round with points."""
    among, ids = ("= any(?)", list(game_ids)) if is_pg(db) else \
        ("in (select value from json_each(?))", json.dumps(list(game_ids)))
    return db.execute(
        "select r.game_id, r.round, r.seat, p.player, r.points, r.total from story_rounds r "
        "join story_players p on p.game_id = r.game_id and p.seat = r.seat "
        f"where r.game_id {among} order by r.game_id, r.round, r.seat", [ids]).fetchall()
