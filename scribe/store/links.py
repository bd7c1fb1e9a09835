"""Watch and player links of a game: a row per token, found by the token's sha256."""

from __future__ import annotations

import base64
import hmac
import secrets
import sqlite3
from dataclasses import dataclass
from hashlib import sha256

from sqlite_utils import Database

from .games import new_id, now

WATCH = "watch"
PLAYER = "player"
NO_SEAT = -1  # the seat of a watch link


@dataclass(frozen=True)
class Link:
    token_hash: str
    game_id: str
    kind: str
    player: int
    salt: str
    created_at: str

    @property
    def seat(self) -> int | None:
        return None if self.player == NO_SEAT else self.player


def token_hash(token: str) -> str:
    return sha256(token.encode()).hexdigest()


def make_token(key: str, salt: str) -> str:
    """The token in the URL: HMAC-SHA256(secret key, salt), 128 bits, url-safe.

    Only the salt and the token's hash are stored, so the database alone opens no link.
    """
    mac = hmac.new(key.encode(), b"scribe-link:" + salt.encode(), sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).rstrip(b"=").decode()


_COLUMNS = "token_hash, game_id, kind, player, salt, created_at"


def find(db: Database, token: str) -> tuple[Link, int] | None:
    """The live link of ``token`` and its game's version, in one indexed SELECT (a poll
    costs nothing more); the hash is compared in constant time. None if unknown,
    revoked, or the game is deleted."""
    if not isinstance(token, str) or not 16 <= len(token) <= 64:
        return None
    wanted = token_hash(token)
    row = db.execute(
        "select l.token_hash, l.game_id, l.kind, l.player, l.salt, l.created_at, g.version "
        "from links l join games g on g.id = l.game_id "
        "where l.token_hash = ? and l.revoked_at is null and g.deleted_at is null",
        [wanted],
    ).fetchone()
    if row is None or not hmac.compare_digest(row[0], wanted):
        return None
    return Link(*row[:6]), row[6]


def live(db: Database, game_id: str) -> list[Link]:
    rows = db.execute(
        f"select {_COLUMNS} from links where game_id = ? and revoked_at is null order by kind desc, player",
        [game_id],
    ).fetchall()
    return [Link(*r) for r in rows]


def issue(db: Database, key: str, game_id: str, kind: str, player: int = NO_SEAT) -> Link:
    """A new live link, revoking the one it replaces, in one transaction."""
    salt = secrets.token_urlsafe(16)
    link = Link(token_hash(make_token(key, salt)), game_id, kind, player, salt, now())
    with db.conn:
        revoke_in(db, game_id, kind, player)
        db.conn.execute(
            f"insert into links ({_COLUMNS}) values (?, ?, ?, ?, ?, ?)",
            [link.token_hash, link.game_id, link.kind, link.player, link.salt, link.created_at],
        )
    return link


def ensure(db: Database, key: str, game_id: str, kind: str, player: int = NO_SEAT) -> Link | None:
    """The live link of this kind and seat, made the first time (two loads make one);
    None once the Scribe revoked it, until a new one is issued."""
    rows = db.execute(
        f"select {_COLUMNS}, revoked_at from links where game_id = ? and kind = ? and player = ?",
        [game_id, kind, player],
    ).fetchall()
    for r in rows:
        if r[6] is None:
            return Link(*r[:6])
    if rows:
        return None
    salt = secrets.token_urlsafe(16)
    row = [token_hash(make_token(key, salt)), game_id, kind, player, salt, now()]
    try:
        with db.conn:
            db.conn.execute(f"insert into links ({_COLUMNS}) values (?, ?, ?, ?, ?, ?)", row)
    except sqlite3.IntegrityError:  # another request made it first: use that one
        return next(l for l in live(db, game_id) if l.kind == kind and l.player == player)
    return Link(*row)


def revoke_in(db: Database, game_id: str, kind: str, player: int = NO_SEAT) -> None:
    """Revoke inside the caller's transaction."""
    db.conn.execute(
        "update links set revoked_at = ? where game_id = ? and kind = ? and player = ? and revoked_at is null",
        [now(), game_id, kind, player],
    )


def revoke(db: Database, game_id: str, kind: str, player: int = NO_SEAT) -> None:
    with db.conn:
        revoke_in(db, game_id, kind, player)


def move_game(db: Database, game_id: str) -> str:
    """Give the game a new id (the Scribe's link), entries and links following, in one
    transaction; the old id then names nothing."""
    new = new_id()
    with db.conn:
        cur = db.conn.execute("select * from games where id = ?", [game_id])
        row = cur.fetchone()
        if row is None:
            raise LookupError(game_id)
        cols = [c[0] for c in cur.description]
        values = dict(zip(cols, row), id=new, updated_at=now())
        db.conn.execute(
            f"insert into games ({', '.join(cols)}) values ({', '.join('?' * len(cols))})",
            [values[c] for c in cols],
        )
        db.conn.execute("update entries set game_id = ? where game_id = ?", [new, game_id])
        db.conn.execute("update links set game_id = ? where game_id = ?", [new, game_id])
        db.conn.execute("delete from games where id = ?", [game_id])
    return new


def game_version(db: Database, game_id: str) -> int | None:
    """The cheapest read a poll of the Scribe's page needs: the version, by primary key."""
    row = db.execute("select version from games where id = ? and deleted_at is null", [game_id]).fetchone()
    return None if row is None else row[0]

