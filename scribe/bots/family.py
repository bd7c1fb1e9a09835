"""What a robot in a seat of the bids-and-tricks family (Wizard, Skull King, Rikiki) has to
do now, read from its seat's own view, and the family's safe answers (issue 37). Pure:
no Flask, no SQL.

:func:`turn` says which decision waits on the seat (name the trump, bid, change a bid
by the Cloud, pass a card, play a card) with the data its phone would send; each game's
bot (``bots/wizard.py``...) answers the choice, from the legal ones only (``legal_bids``,
``Turn.choices``: what the seat's phone offers), and :func:`answer` writes the entry."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..games import GAMES
from ..rules.robots import LEVELS


@dataclass(frozen=True)
class Turn:
    """A decision waiting on ``seat`` in round ``row``: ``what`` is "trump", "bid",
    "cloud", "pass" or "play"; ``choices`` the cards it may pass or play (as held)."""

    what: str
    seat: int
    row: Any
    choices: tuple[str, ...] = ()
    card: str | None = None  # the card turned up that the seat names a trump for (W-R3, W-J5)


def rules_of(view: Any) -> Any:
    return GAMES[view.GAME]


def turn_at(view: Any, seat: int, level: str) -> Turn | None:
    """:func:`turn`, for a robot of ``level`` (an unknown level is a caller's bug: it raises)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return turn(view, seat)


def known_bids(row: Any) -> list[int | None]:
    """The bids the seat's view shows (a sealed one, not a number, reads as unknown)."""
    return [b if isinstance(b, int) and not isinstance(b, bool) else None for b in row.bids]


def turn(view: Any, seat: int) -> Turn | None:
    """The decision the seat's phone would be asked for now, from its view, or None."""
    setup = getattr(view, "setup", None)
    if setup is None or not setup.rules.virtual_deck or view.finished:
        return None
    if not view.redacted or view.viewer != seat:
        raise ValueError("a robot reads its own seat's view only")
    rules = rules_of(view)
    row = view.current
    if row is None or not row.dealt or row.hands[seat] is None:
        return None
    named = rules.names_trump(view)  # W-R3, W-J5: the suit before anyone bids
    if named is not None:
        return Turn("trump", seat, row, card=named[1]) if named[0] == seat else None
    if not row.bids_in:
        if row.bids[seat] is not None:
            return None
        if rules.seats_bid_alone(view):
            may, waits = rules.player_bid_state(view, seat)
            return Turn("bid", seat, row) if may and not waits else None
        return Turn("bid", seat, row) if row.next_bidder == seat else None
    play = row.play
    if play is None:
        return None
    waiting = getattr(play, "waiting", None)
    if waiting == "cloud":  # W-J3: the winner of the Cloud's trick changes their bid
        return Turn("cloud", seat, row) if play.cloud_winner == seat else None
    mine = rules.own_cards(view, seat)["current"]
    if not mine or not mine["my_turn"] or not mine["legal"]:
        return None
    return Turn("pass" if waiting == "pass" else "play", seat, row, tuple(mine["legal"]))


def dice(seed: int, seat: int, level: str, view: Any) -> random.Random:
    """A decision's dice: from the seed and what the seat sees of the round, nothing else."""
    row = view.current
    seen = (seed, seat, level, row.number, row.hands[seat], row.bids, row.played, row.turned,
            row.trump.suit if row.trump else None, row.cloud, row.passed)
    digest = hashlib.blake2b(repr(seen).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def legal_bids(view: Any, t: Turn) -> list[int]:
    """The bids the seat may make: 0 to the cards dealt, less the one a restriction forbids
    it (W-B3..W-B5, R-B2: its own view keeps it for its own bidder)."""
    forbidden = view.forbidden()
    banned = forbidden.value if forbidden is not None and forbidden.player == t.seat else None
    return [b for b in range(t.row.cards + 1) if b != banned]


def nearest(want: int, bids: Sequence[int]) -> int:
    """The bid of ``bids`` nearest ``want`` (the lower on a tie)."""
    return min(bids, key=lambda b: (abs(b - want), b))


def cloud_change(t: Turn, want: int) -> int:
    """W-J3: +1 or -1 as ``want`` says, unless the bid would leave 0 to the cards dealt."""
    bid = t.row.bids[t.seat] or 0
    if bid + want < 0 or bid + want > t.row.cards:
        return -want
    return want


def answer(t: Turn, bid: int | None = None, card: str | None = None, suit: str | None = None,
           change: int | None = None) -> tuple[str, dict[str, Any]]:
    """The entry the seat's phone sends for ``t``: the choice made, checked by the caller
    against the legal ones (``legal_bids``, ``t.choices``)."""
    head = {"round": t.row.number, "player": t.seat}
    if t.what == "trump":
        return "trump", {"round": t.row.number, "card": t.card, "suit": suit}
    if t.what == "bid":
        return "bid", {**head, "bid": bid}
    if t.what == "cloud":
        return "played", {**head, "card": "+1" if cloud_change(t, change or 1) > 0 else "-1"}
    return "played", {**head, "card": card}
