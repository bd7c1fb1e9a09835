"""The links of a game (the Scribe's, watch, one per seat): a row per token, found by the
token's sha256. A link is the only way into a game: its id opens nothing."""

from __future__ import annotations

import base64
import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from hashlib import sha256
from typing import Any

from . import taps
from .db import INTEGRITY, is_pg, writing
from .games import Database, GameRow, now

SCRIBE = "scribe"
WATCH = "watch"
PLAYER = "player"
NO_SEAT = -1  # the seat of the Scribe's and watch links
WAIT_SECONDS = 10  # how long a claim whose phone has not come back yet waits for it (``claim``)


@dataclass(frozen=True)
class Link:
    token_hash: str
    game_id: str
    kind: str
    player: int
    salt: str  # empty for a Scribe's link made from a game's old address (m003): not derivable
    created_at: str
    horizon: int = 0  # entries up to this seq were recorded before this link: sealed from it
    claim_hash: str | None = None  # the device holding this seat, hashed
    released_hash: str | None = None  # the device the Scribe released this seat from (or it moved from), hashed
    claim_version: int = 0  # the game's version when that device claimed it
    claimed_at: str | None = None  # when that device claimed it (or took it over)
    claim_pending: int = 0  # 1 until that device comes back with its key (``claim``)

    @property
    def entered(self) -> int:
        """A bid entered for this seat up to this entry was tapped on another phone (the
        Scribe's, passed round): sealed from this link's phone until revealed (W-B7)."""
        return max(self.horizon, self.claim_version)

    @property
    def seat(self) -> int | None:
        return None if self.player == NO_SEAT else self.player

    @property
    def claimed(self) -> bool:
        return self.claim_hash is not None


def token_hash(token: str) -> str:
    return sha256(token.encode()).hexdigest()


def make_token(key: str, salt: str) -> str:
    """The token in the URL: HMAC-SHA256(secret key, salt), 128 bits, url-safe.

    Only the salt and the token's hash are stored, so the database alone opens no link.
    """
    mac = hmac.new(key.encode(), b"scribe-link:" + salt.encode(), sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).rstrip(b"=").decode()


_INSERTED = "token_hash, game_id, kind, player, salt, created_at, horizon"
_COLUMNS = _INSERTED + ", claim_hash, released_hash, claim_version, claimed_at, claim_pending"
_N = len(_COLUMNS.split(", "))  # a Link's fields, first in each row read with its game's


def _plausible(token: Any) -> bool:
    return isinstance(token, str) and 16 <= len(token) <= 64


def find(db: Database, token: Any, deleted_ok: bool = False) -> tuple[Link, int] | None:
    """The live link of ``token`` and its game's version, in one indexed SELECT (a poll
    costs nothing more); the hash is compared in constant time. None if unknown,
    revoked, or the game is deleted (unless ``deleted_ok``: the Scribe may restore it)."""
    row = _live_row(db, token, _FIND_SQL)
    if row is None or (row[_N + 1] is not None and not deleted_ok):
        return None
    return Link(*row[:_N]), row[_N]


def find_following(db: Database, token: Any, deleted_ok: bool = False) -> tuple[Link, tuple[int, str | None]] | None:
    """``find``, with the id of the game's rematch (None until Play again is tapped): what a
    poll or a stream reads, so the old game's screens move on to the next one."""
    row = _live_row(db, token, _FOLLOW_SQL)
    if row is None or (row[_N + 1] is not None and not deleted_ok):
        return None
    return Link(*row[:_N]), (row[_N], row[_N + 2])


def next_game(db: Database, game_id: str) -> str | None:
    """The id of ``game_id``'s rematch, None until Play again is tapped (or once deleted)."""
    row = db.execute("select id from games where made_from = ?", [REMATCH + game_id]).fetchone()
    return None if row is None else row[0]


def touch(db: Database, game_id: str) -> None:
    """Tell every node's push hub that ``game_id``'s screens should ask again, though its
    version did not move (its rematch was made): PostgreSQL's notice, as a trigger sends
    for a change of its own (pg.py). On SQLite the writing process wakes its own hub, and
    the others ask again within their recheck (push/hub.py)."""
    if is_pg(db):
        db.execute("select pg_notify('scribe_changes', ?)", [game_id])


_GAME = ("id", "game", "name", "setup", "lang", "version", "summary", "created_at", "updated_at", "deleted_at")


def find_with_game(db: Database, token: Any, deleted_ok: bool = False) -> tuple[Link, GameRow] | None:
    """``find``, with the whole row of the link's game from the same SELECT: what opening
    a link reads (a tap read the game again by its id)."""
    row = _live_row(db, token, _WITH_GAME_SQL)
    if row is None or (row[_N + 9] is not None and not deleted_ok):
        return None
    g = row[_N:]
    return Link(*row[:_N]), GameRow(g[0], g[1], g[2], g[3], g[4] or "", g[5], g[6] or "{}",
                                    g[7], g[8], g[9])  # as GameRow.from_row, in _GAME's order


def _live_sql(game_columns: str) -> str:
    """The SELECT of ``_live_row``: the live link's columns, then ``game_columns`` of its game (``g``)."""
    return (f"select {', '.join('l.' + c for c in _COLUMNS.split(', '))}, {game_columns} "
            "from links l join games g on g.id = l.game_id where l.token_hash = ? and l.revoked_at is null")


# written once: every tap and poll runs one of these
_FIND_SQL = _live_sql("g.version, g.deleted_at")
_WITH_GAME_SQL = _live_sql(", ".join(f"g.{c}" for c in _GAME))
REMATCH = "rematch:"  # a rematch's ``made_from``: this, then the id of the game it follows (sharing.rematch)
# a poll's read, with the game's next one (its rematch, through the unique index on made_from,
# which a delete clears): an old game's screens learn of it in the same SELECT
_FOLLOW_SQL = _live_sql(f"g.version, g.deleted_at, (select n.id from games n where n.made_from = '{REMATCH}' || g.id)")


def _live_row(db: Database, token: Any, sql: str) -> tuple[Any, ...] | None:
    """The row ``sql`` (``_live_sql``) reads for the token's hash: the live link's columns,
    then its game's; None if unknown or revoked."""
    if not _plausible(token):
        return None
    wanted = token_hash(token)
    row = db.execute(sql, [wanted]).fetchone()
    if row is None or not hmac.compare_digest(row[0], wanted):
        return None
    return row


def was_revoked(db: Database, token: Any) -> Link | None:
    """The link ``token`` named before the Scribe revoked or replaced it, so its holder
    can be told plainly; None if it never existed."""
    if not _plausible(token):
        return None
    wanted = token_hash(token)
    row = db.execute(
        f"select {_COLUMNS} from links where token_hash = ? and revoked_at is not null", [wanted]
    ).fetchone()
    if row is None or not hmac.compare_digest(row[0], wanted):
        return None
    return Link(*row)


def live(db: Database, game_id: str) -> list[Link]:
    rows = db.execute(
        f"select {_COLUMNS} from links where game_id = ? and revoked_at is null order by kind desc, player",
        [game_id],
    ).fetchall()
    return [Link(*r) for r in rows]


def issue(db: Database, key: str, game_id: str, kind: str, player: int = NO_SEAT) -> Link:
    """A new live link, revoking the one it replaces, in one transaction.

    A seat's link issued after an earlier one gets the game's version as its horizon:
    what that seat recorded before stays sealed from the new link until revealed, so a
    new link is no way to read a sealed bid or hand (the first link of a seat sees all
    of it: nobody else held it)."""
    salt = _salt_for(key)
    with writing(db, lock=True) as conn:  # SQLite: BEGIN IMMEDIATE, so the count below is still true at the insert
        if is_pg(db):  # rows are locked, not the table: two replacements at once would both insert
            conn.serialize(game_id)
        had = conn.execute(
            "select count(*) from links where game_id = ? and kind = ? and player = ?", [game_id, kind, player]
        ).fetchone()[0]
        version = conn.execute("select version from games where id = ?", [game_id]).fetchone()
        horizon = version[0] if had and version and kind == PLAYER else 0
        link = Link(token_hash(make_token(key, salt)), game_id, kind, player, salt, now(), horizon)
        revoke_in(db, game_id, kind, player)
        conn.execute(
            f"insert into links ({_INSERTED}) values (?, ?, ?, ?, ?, ?, ?)",
            [link.token_hash, link.game_id, link.kind, link.player, link.salt, link.created_at, link.horizon],
        )
        taps.record_in(conn, game_id, None, link.created_at)  # its Idempotency-Key, if any
    return link


def _salt_for(key: str) -> str:
    """A fresh salt whose token does not start with "-": ``scribe pdf KEY`` and the other
    commands would take it for an option (about one token in 64 did)."""
    while True:
        salt = secrets.token_urlsafe(16)
        if not make_token(key, salt).startswith("-"):
            return salt


def token_of(key: str, link: Link | None) -> str | None:
    """The token in the URL of ``link``, derived again from its salt; None when it has
    none (revoked, or an old address kept as a Scribe's link)."""
    return None if link is None or not link.salt else make_token(key, link.salt)


def claim(db: Database, link: Link, device_hash: str, again: bool = False, held: bool = True) -> Link | None:
    """Bind a seat to the device opening it; the link as that device now holds it (its
    ``claim_version`` set), or None if another device holds it.

    ``held``: the device brought its key with this request (its signed cookie), so it
    surely has it. A key made for this very request reaches the phone only with the
    answer, and an answer can be lost (a dropped connection, a node killed between the
    commit and the answer): the phone then opens the link again without the key, a
    stranger to its own claim. So such a claim is pending until its device comes back
    with the key, which makes it sure. A pending claim refuses every other device for
    ``WAIT_SECONDS``, then the next device to open the link takes it over (most likely
    the phone that lost the answer). A sure claim refuses them for good, until the
    Scribe releases it. Taken over, a claim keeps its version: what the seat's link
    recorded under it stays the seat's own.

    Why not claim only with a key the phone already holds (a first answer that sets the
    cookie and claims nothing)? A phone's first request would hold nothing: two phones
    opening the link at once would both be shown the seat, and an API client's first
    call would not be its seat's. Here the first phone holds the seat at once, and a lost
    answer costs its phone a few seconds, never the seat.

    A device the Scribe released the seat from does not take it back by just polling:
    only when it asks again (``again``), or another device claims it first."""
    if link.claim_hash is not None:
        if hmac.compare_digest(link.claim_hash, device_hash):
            return _confirmed(db, link) if link.claim_pending and held else link
        if waiting(link) or not link.claim_pending or (link.released_hash == device_hash and not again):
            return None
        with writing(db) as conn:  # only the very claim read, still pending: a device back or a takeover wins once
            conn.execute(
                "update links set claim_hash = ?, claimed_at = ?, claim_pending = ? "
                "where token_hash = ? and claim_hash = ? and claimed_at = ? and claim_pending = 1 "
                "and revoked_at is null",
                [device_hash, now(), int(not held), link.token_hash, link.claim_hash, link.claimed_at],
            )
        return _held_by(db, link, device_hash)
    if link.released_hash == device_hash and not again:
        return None
    with writing(db) as conn:  # the version read in the same statement: no entry slips between the two
        conn.execute(
            "update links set claim_hash = ?, claimed_at = ?, claim_pending = ?, "
            "claim_version = (select version from games where id = links.game_id) "
            "where token_hash = ? and claim_hash is null and revoked_at is null",
            [device_hash, now(), int(not held), link.token_hash],
        )
    return _held_by(db, link, device_hash)


def move(db: Database, link: Link, device_hash: str, held: bool = True) -> Link | None:
    """The holder of a seat's link moves the seat to the device asking (its player opened
    the link in another browser: a camera app's, then their own Chrome); the link is the
    permission, as for the first claim. The device moved from is kept as
    ``released_hash``, so it says plainly that the seat moved (and may move it back the
    same way). The claim keeps its version: what the seat recorded stays its own. A claim
    still waiting for its phone (``waiting``) is not moved (None): two phones racing for a
    seat keep ``claim``'s order and its few seconds."""
    if link.claim_hash is None or hmac.compare_digest(link.claim_hash, device_hash):
        return claim(db, link, device_hash, again=True, held=held)
    if waiting(link):
        return None
    with writing(db) as conn:  # only the very claim read: two devices moving at once, one wins
        conn.execute(
            "update links set released_hash = claim_hash, claim_hash = ?, claimed_at = ?, claim_pending = ? "
            "where token_hash = ? and claim_hash = ? and revoked_at is null",
            [device_hash, now(), int(not held), link.token_hash, link.claim_hash],
        )
    return _held_by(db, link, device_hash)


def _confirmed(db: Database, link: Link) -> Link | None:
    """A pending claim's device came back with its key: the claim is sure from now on
    (None if another device took it over meanwhile)."""
    with writing(db) as conn:
        conn.execute("update links set claim_pending = 0 where token_hash = ? and claim_hash = ?",
                     [link.token_hash, link.claim_hash])
    return _held_by(db, link, link.claim_hash or "")


def _held_by(db: Database, link: Link, device_hash: str) -> Link | None:
    """``link`` read again: as ``device_hash`` holds it, or None if it does not."""
    row = db.execute(f"select {_COLUMNS} from links where token_hash = ? and revoked_at is null",
                     [link.token_hash]).fetchone()
    return Link(*row) if row is not None and row[7] == device_hash else None


def waiting(link: Link) -> int:
    """The seconds a pending claim still waits for its device (``claim``); 0 for a sure
    claim, no claim, or one that waited long enough."""
    if not link.claim_pending or not link.claimed_at:
        return 0
    try:
        since = datetime.fromisoformat(link.claimed_at)
    except ValueError:  # not one of ours: no reason to wait
        return 0
    left = WAIT_SECONDS - (datetime.now(UTC) - since).total_seconds()
    return max(0, math.ceil(left))


def release(db: Database, game_id: str, player: int) -> None:
    """Free a claimed seat (sure or pending): the next device to open its link takes it.
    What was recorded until now stays sealed from that device until revealed (horizon)."""
    with writing(db) as conn:
        conn.execute(
            "update links set released_hash = claim_hash, claim_hash = null, claimed_at = null, claim_pending = 0, "
            "horizon = (select version from games where id = ?) "
            "where game_id = ? and kind = ? and player = ? and revoked_at is null and claim_hash is not null",
            [game_id, game_id, PLAYER, player],
        )
        taps.record_in(conn, game_id, None, now())


def ensure(db: Database, key: str, game_id: str, kind: str, player: int = NO_SEAT) -> Link | None:
    """The live link of this kind and seat, made the first time (two loads make one);
    None once the Scribe revoked it, until a new one is issued."""
    rows = db.execute(
        f"select {_COLUMNS}, revoked_at from links where game_id = ? and kind = ? and player = ?",
        [game_id, kind, player],
    ).fetchall()
    for r in rows:
        if r[_N] is None:
            return Link(*r[:_N])
    if rows:
        return None
    salt = _salt_for(key)
    row = [token_hash(make_token(key, salt)), game_id, kind, player, salt, now(), 0]
    try:
        with writing(db) as conn:
            conn.execute(f"insert into links ({_INSERTED}) values (?, ?, ?, ?, ?, ?, ?)", row)
    except INTEGRITY:  # another request made it first: use that one
        return next(l for l in live(db, game_id) if l.kind == kind and l.player == player)
    return Link(*row)


def revoke_in(db: Database, game_id: str, kind: str, player: int = NO_SEAT) -> None:
    """Revoke inside the caller's transaction."""
    db.execute(
        "update links set revoked_at = ? where game_id = ? and kind = ? and player = ? and revoked_at is null",
        [now(), game_id, kind, player],
    )


def revoke(db: Database, game_id: str, kind: str, player: int = NO_SEAT) -> None:
    with writing(db) as conn:
        revoke_in(db, game_id, kind, player)
        taps.record_in(conn, game_id, None, now())


def game_version(db: Database, game_id: str) -> int | None:
    """The cheapest read a poll of the Scribe's page needs: the version, by primary key."""
    row = db.execute("select version from games where id = ? and deleted_at is null", [game_id]).fetchone()
    return None if row is None else row[0]



def fresh_salt(key: str) -> str:
    """The salt of a link about to be made (its token: ``make_token(key, salt)``)."""
    return _salt_for(key)


def add_first_in(conn: Any, key: str, salt: str, game_id: str, kind: str = SCRIBE) -> None:
    """A new game's first link of ``kind``, inside the caller's transaction (the one that
    stores the game: no moment when the game exists without its Scribe's link)."""
    conn.execute(
        f"insert into links ({_INSERTED}) values (?, ?, ?, ?, ?, ?, ?)",
        [token_hash(make_token(key, salt)), game_id, kind, NO_SEAT, salt, now(), 0],
    )


def live_scribe(db: Database, game_id: str) -> Link | None:
    """The game's Scribe's link now (one is live at any time: a new one replaces the old)."""
    return next((l for l in live(db, game_id) if l.kind == SCRIBE), None)
