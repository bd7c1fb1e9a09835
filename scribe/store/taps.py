"""Tap keys (issue 31): a write sent with an ``Idempotency-Key`` stores that key, scoped
to its game, in the same transaction as what it records, so the same key again, on any
node, finds it and records nothing.

The web layer names the request's key (``keyed``) for the length of the request; the
store's writes of that game (an entry, a rename, a link changed) then add its row in
their own transaction. A key's row holds a sha256 of the key (the key is never kept), a
sha256 of the request (the same key with another request is refused) and the version
the entry it recorded made (null for a write that records no entry).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, NamedTuple


class Tap(NamedTuple):
    """The key of the request being served: its sha256, and the sha256 of the request."""

    key_hash: str
    request_hash: str


class Found(NamedTuple):
    request_hash: str
    seq: int | None


_current: ContextVar[Tap | None] = ContextVar("scribe_tap", default=None)

INSERT = "insert into taps (game_id, key_hash, request_hash, seq, at) values (?, ?, ?, ?, ?)"


def pending() -> Tap | None:
    """The key of the request being served, None without one (the fast path)."""
    return _current.get()


def keyed(tap: Tap | None) -> Any:
    """Name the request's key; returns the token to ``reset`` with at its end."""
    return _current.set(tap)


def reset(token: Any) -> None:
    _current.reset(token)


def find(db: Any, game_id: str, tap: Tap) -> Found | None:
    """The row of ``tap``'s key in ``game_id`` (one lookup of the primary key), None if new."""
    row = db.execute("select request_hash, seq from taps where game_id = ? and key_hash = ?",
                     [game_id, tap.key_hash]).fetchone()
    return None if row is None else Found(row[0], row[1])


def record_in(conn: Any, game_id: str, seq: int | None, at: str) -> None:
    """Store the pending key in the caller's transaction (a second request with the same
    key racing this one meets the primary key: its whole transaction is rolled back)."""
    tap = pending()
    if tap is not None:
        conn.execute(INSERT, [game_id, tap.key_hash, tap.request_hash, seq, at])

