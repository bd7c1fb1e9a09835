"""A group's games: the Scribe's links a group holds, one row per game, by the link's hash.

A group is one browser, known here only by a hash of its device key (``hash_of``; the
same hash keys its renames in ``player_names``). Its list is found in one query that
joins each row to its link, still live, and to the game: a link revoked or replaced from
another browser drops the game from this group's list, and nothing lists a game to a
group that never presented one of its Scribe's links.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Collection
from hashlib import sha256

from .db import is_pg, writing
from .games import Database, GameRow, now
from .links import SCRIBE, make_token, token_hash


def hash_of(device_key: str) -> str:
    """The group of a device key in the database (never the key itself)."""
    return sha256(b"scribe-group:" + device_key.encode()).hexdigest()


def hold(db: Database, group_hash: str, game_id: str, token: str) -> None:
    """The group holds ``token``, a live Scribe's link of ``game_id``: one row per game,
    a new link taking the old one's place. Opening a game already held writes nothing."""
    held = token_hash(token)
    row = db.execute("select token_hash from group_games where group_hash = ? and game_id = ?",
                     [group_hash, game_id]).fetchone()
    if row is not None and row[0] == held:
        return
    with writing(db, lock=True) as conn:
        conn.execute(
            "insert into group_games (group_hash, game_id, token_hash, added_at) values (?, ?, ?, ?) "
            "on conflict (group_hash, game_id) do update set token_hash = excluded.token_hash",
            [group_hash, game_id, held, now()])



def hold_live(db: Database, group_hash: str, game_ids: Collection[str]) -> int:
    """The group holds the live Scribe's link of each of ``game_ids`` (an evening's tables,
    for its organiser, whose link grants them: ``event_service.table_link``), as ``hold``
    would had each been opened; how many rows it wrote. Reads first: a group holding them
    all already writes nothing (the organiser's page asks on every change it shows)."""
    ids = list(dict.fromkeys(game_ids))
    if not ids:
        return 0
    marks = ", ".join("?" * len(ids))
    live = (f"from links l left join group_games h on h.group_hash = ? and h.game_id = l.game_id "
            f"where l.game_id in ({marks}) and l.kind = '{SCRIBE}' and l.revoked_at is null "
            "and (h.token_hash is null or h.token_hash <> l.token_hash)")
    if db.execute(f"select count(*) {live}", [group_hash, *ids]).fetchone()[0] == 0:
        return 0
    with writing(db, lock=True) as conn:
        cur = conn.execute(
            f"insert into group_games (group_hash, game_id, token_hash, added_at) "
            f"select ?, l.game_id, l.token_hash, ? {live} "
            "on conflict (group_hash, game_id) do update set token_hash = excluded.token_hash",
            [group_hash, now(), group_hash, *ids])
        return cur.rowcount

def _summary(db: Database, key: str) -> str:
    """A key of a game's JSON summary: JSON text (``players``), or text (``phase``)."""
    if is_pg(db):
        return f"(g.summary::jsonb -> '{key}')::text" if key == "players" else f"(g.summary::jsonb ->> '{key}')"
    return f"json_extract(g.summary, '$.{key}')"


# The group's rows whose Scribe's link is still live (the way links.find finds one), with
# their games; deleted or not, of the game types this server knows.
def _held(deleted: bool, kinds: int) -> str:
    return ("from group_games h join links l on l.token_hash = h.token_hash and l.game_id = h.game_id "
            f"join games g on g.id = h.game_id where h.group_hash = ? and l.kind = '{SCRIBE}' "
            f"and l.revoked_at is null and g.deleted_at is {'not ' if deleted else ''}null "
            f"and g.game in ({', '.join('?' * kinds)})")


def games(db: Database, group_hash: str, key: str, kinds: Collection[str], deleted: bool = False,
          limit: int | None = None) -> list[tuple[str, GameRow]]:
    """(Scribe's token, game) for each game the group holds a live Scribe's link to, most
    recently played first (within a second, the last held first), ``limit`` of them at
    most; each token derived again (``_token``)."""
    order = " order by g.updated_at desc, h.rowid desc" + ("" if limit is None else f" limit {int(limit)}")
    cur = db.execute(f"select l.token_hash, l.salt, g.* {_held(deleted, len(kinds))}{order}", [group_hash, *kinds])
    names = [c[0] for c in cur.description][2:]
    out = []
    for row in cur.fetchall():
        game = GameRow.from_row(dict(zip(names, row[2:])))
        token = _token(key, row[0], row[1], game.id)
        if token is not None:
            out.append((token, game))
    return out


def finished(db: Database, group_hash: str, kinds: Collection[str]) -> list[tuple[str, int, str]]:
    """(game id, version, players as JSON) of each finished game the group holds a live
    Scribe's link to, not deleted, the oldest first: all the statistics read of a game
    (no setup or summary parsed: a thousand games stay a few milliseconds)."""
    return db.execute(f"select g.id, g.version, {_summary(db, 'players')} {_held(False, len(kinds))} "
                      f"and {_summary(db, 'phase')} = 'finished' order by g.created_at, h.rowid",
                      [group_hash, *kinds]).fetchall()


def lineups(db: Database, group_hash: str, kinds: Collection[str]) -> list[list[str]]:
    """The players of each game the group holds a live Scribe's link to, not deleted,
    the oldest game first (a name is shown as first typed)."""
    rows = db.execute(f"select {_summary(db, 'players')}, g.setup {_held(False, len(kinds))} "
                      "order by g.created_at, h.rowid", [group_hash, *kinds]).fetchall()
    return [json.loads(players) if players else json.loads(setup)["players"]  # a game never played: no summary yet
            for players, setup in rows]


def count(db: Database, group_hash: str, kinds: Collection[str], deleted: bool = False) -> int:
    """How many games ``games`` would list without a limit."""
    return db.execute(f"select count(*) {_held(deleted, len(kinds))}", [group_hash, *kinds]).fetchone()[0]


def _token(key: str, hashed: str, salt: str, game_id: str) -> str | None:
    """The token of a held link: HMAC of its salt. A Scribe's link made from a game's old
    address (m003) has no salt: that address is the game's id, whose hash it is, so it is
    listed under it again (only to a group that opened the game with it: no id is shown
    that its holder did not already use)."""
    token = make_token(key, salt) if salt else game_id
    return token if hmac.compare_digest(token_hash(token), hashed) else None
