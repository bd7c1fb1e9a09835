"""Coinche's auction on the phones (C-A1..C-A4): each call checked in turn, and where the
auction stands, replayed from the calls so far. Pure.

A call is ``("pass",)``, ``("bid", amount, trump)`` (an amount, ``"capot"`` or
``"generale"``; a suit, or SA/TA when the table plays them), ``("coinche",)`` or
``("surcoinche",)``. Speaking starts at the dealer's right and goes counter-clockwise.

>>> s = make_settings("coinche")
>>> a = auction(0, [("bid", 80, "H"), ("pass",), ("bid", 100, "S"), ("pass",), ("pass",), ("pass",)], s)
>>> a.over, a.bidder, a.amount, a.trump, a.level, a.turn
(True, 1, 100, 'S', 0, None)
>>> auction(0, [("bid", 90, "D"), ("coinche",)], s).turn  # the takers may surcoinche, or pass
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...rules.cards.standard import SUITS
from ...rules.errors import N_, RuleError
from .cards import SA, TA
from .dealing import PLAYERS, order
from .scoring import CAPOT, GENERALE
from .settings import Settings, make_settings  # noqa: F401  (the doctests)

PASS, BID, COINCHE, SURCOINCHE = "pass", "bid", "coinche", "surcoinche"
MIN_BID = 80
_RANK = {CAPOT: 10_000, GENERALE: 20_000}  # capot overbids every amount; the générale overbids capot


@dataclass(frozen=True)
class Auction:
    """Where the auction stands: whose turn (None once over), the last bid and its seat,
    the coinche level (0, 1, 2), and whether it is over (``void`` when four passed)."""

    turn: int | None
    bidder: int | None = None
    amount: int | str | None = None
    trump: str | None = None
    level: int = 0
    passes: int = 0
    over: bool = False

    @property
    def void(self) -> bool:
        return self.over and self.bidder is None

    @property
    def takers(self) -> int | None:
        return None if self.bidder is None else self.bidder % 2


def _rank(amount: int | str) -> int:
    return _RANK[amount] if isinstance(amount, str) else amount


def _bid(state: Auction, call: Sequence[Any], settings: Settings) -> tuple[int | str, str]:
    if len(call) != 3:
        raise RuleError(N_("A bid is an amount (or capot) and a trump."), field="bid")
    amount, trump = call[1], call[2]
    if state.level:
        raise RuleError(N_("The contract is coinched: no more bids."), field="bid")
    if amount == GENERALE and settings.generale is None:
        raise RuleError(N_("The générale is not played at this table."), field="bid")
    if amount not in (CAPOT, GENERALE):
        if isinstance(amount, bool) or not isinstance(amount, int) or amount % 10 or amount < MIN_BID:
            raise RuleError(N_("A bid is a multiple of 10 from 80, or capot."), field="bid")
        if settings.ceiling is not None and amount > settings.ceiling:
            raise RuleError(N_("Above %(ceiling)s only capot may be bid."), field="bid", ceiling=settings.ceiling)
    if state.amount is not None and _rank(amount) <= _rank(state.amount):
        raise RuleError(N_("A bid must be above the last one."), field="bid")
    if trump not in SUITS and not (trump in (SA, TA) and settings.sa_ta):
        raise RuleError(N_("Name the trump: a suit (S, H, D or C), or SA or TA where played."), field="bid")
    return amount, trump


def step(state: Auction, seat: int, call: Sequence[Any], settings: Settings, dealer: int) -> Auction:
    """The auction after ``seat`` makes ``call``, or a RuleError (field ``bid``)."""
    if state.over:
        raise RuleError(N_("The auction is over."), field="bid")
    if seat != state.turn:
        raise RuleError(N_("It is not your turn to speak."), field="bid")
    kind = call[0] if call else None
    after = order(dealer)
    nxt = after[(after.index(seat) + 1) % PLAYERS]
    if kind == PASS:
        passes = state.passes + 1
        over = passes == PLAYERS if state.bidder is None else passes == PLAYERS - 1
        return Auction(None if over else nxt, state.bidder, state.amount, state.trump, state.level, passes, over)
    if kind == BID:
        amount, trump = _bid(state, call, settings)
        return Auction(nxt, seat, amount, trump, 0, 0, False)
    if kind == COINCHE:
        if state.bidder is None or state.level or seat % 2 == state.bidder % 2:
            raise RuleError(N_("Only an opponent of the last bidder may coinche, once."), field="bid")
        if state.amount in (CAPOT, GENERALE) and not settings.capot_coinche:
            raise RuleError(N_("A capot may not be coinched at this table."), field="bid")
        return Auction(nxt, state.bidder, state.amount, state.trump, 1, 0, False)
    if kind == SURCOINCHE:
        if state.level != 1 or state.bidder is None or seat % 2 != state.bidder % 2:
            raise RuleError(N_("Only the coinched team may surcoinche."), field="bid")
        return Auction(None, state.bidder, state.amount, state.trump, 2, 0, True)  # it ends the auction
    raise RuleError(N_("Pass, bid, coinche or surcoinche."), field="bid")


def auction(dealer: int, calls: Sequence[Sequence[Any]], settings: Settings) -> Auction:
    """Replay the calls, in turn from the dealer's right (each checked as it was made).

    >>> s = make_settings("coinche")
    >>> auction(2, [("pass",)] * 4, s).void
    True
    >>> auction(2, [("bid", 120, "C"), ("coinche",), ("surcoinche",)], s).level
    2
    """
    state = Auction(order(dealer)[0])
    for call in calls:
        state = step(state, state.turn if state.turn is not None else -1, call, settings, dealer)
    return state

