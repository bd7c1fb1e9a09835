"""Player policies for simulated games: who bids what and plays which card.

A policy is any object with the three methods of :class:`Policy`. ``hand`` and
``legal`` are the engine's own lists, passed without copying for speed: read them,
never mutate them. The returned card must be one of ``legal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from scribe.rules.cards import JESTER_RANK, SUITS, WIZARD_RANK, Card, Suit

from .view import RoundView


class Policy(Protocol):
    """The decisions of one player."""

    def choose_trump(self, hand: Sequence[Card], view: RoundView, seat: int) -> Suit:
        """Name trump after a Wizard was turned (W-R3); ``hand`` is empty when the rule says blind."""
        ...

    def bid(self, hand: Sequence[Card], view: RoundView, seat: int) -> int:
        """A bid 0..view.cards other than ``view.forbidden_bid`` (W-B1..W-B3)."""
        ...

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: RoundView, seat: int) -> Card:
        """One card of ``legal`` (never empty) for the trick in ``view.trick``."""
        ...


class RandomPolicy:
    """Uniformly random among the allowed choices; the baseline of simulations.

    >>> from scribe.engine import play_game, make_rng
    >>> rng = make_rng(5)
    >>> len(play_game(4, [RandomPolicy(rng)] * 4, rng).rounds)
    15
    """

    __slots__ = ("_random",)

    def __init__(self, rng: random.Random) -> None:
        # random() rather than choice(): see deck.draw on speed and reproducibility.
        self._random = rng.random

    def choose_trump(self, hand: Sequence[Card], view: RoundView, seat: int) -> Suit:
        return SUITS[int(self._random() * 4)]

    def bid(self, hand: Sequence[Card], view: RoundView, seat: int) -> int:
        choices = view.cards + 1
        forbidden = view.forbidden_bid
        if forbidden is None:
            return int(self._random() * choices)
        b = int(self._random() * (choices - 1))
        return b + 1 if b >= forbidden else b

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: RoundView, seat: int) -> Card:
        return legal[int(self._random() * len(legal))]


def _strength(card: Card, trump: Suit | None) -> int:
    """How hard a card is to beat, for ordering a hand: Wizard > trumps > others > Jester."""
    if card.rank == WIZARD_RANK:
        return 200
    if card.suit is not None and card.suit is trump:
        return 100 + card.rank
    return card.rank


class HeuristicPolicy:
    """A simple card player: bids its likely winners and then plays to make the bid.

    Bid: the sum of rough chances that each card takes a trick. Play: while short
    of the bid, win as cheaply as possible; once there, duck under the trick with
    the highest card that loses, or throw the lowest. Deterministic.

    >>> from scribe.engine import play_game, make_rng
    >>> game = play_game(4, [HeuristicPolicy()] * 4, make_rng(1))
    >>> sum(r.won[0] for r in game.rounds) >= 0
    True
    """

    __slots__ = ()

    def choose_trump(self, hand: Sequence[Card], view: RoundView, seat: int) -> Suit:
        # The suit held longest, ties to the highest ranks; blind (no hand): blue.
        return max(SUITS, key=lambda s: (sum(1 for c in hand if c.suit is s), sum(c.rank for c in hand if c.suit is s)))

    def _chance(self, card: Card, view: RoundView) -> float:
        r = card.rank
        if r == WIZARD_RANK:
            return 0.95
        if r == JESTER_RANK:
            return 0.0
        if view.unicolore:  # W-U3: only the rank counts, against everyone's cards
            return max(0.0, (r - 9) / 4) ** 2
        if card.suit is view.trump:
            return 0.35 + 0.6 * (r - 1) / 12
        # A high side card wins only while nobody trumps it: worse at a big table.
        return max(0.0, (r - 10) / 3) * (0.7 - 0.08 * view.players)

    def bid(self, hand: Sequence[Card], view: RoundView, seat: int) -> int:
        return bid_near(sum(self._chance(c, view) for c in hand), view.cards, view.forbidden_bid)

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: RoundView, seat: int) -> Card:
        trump = None if view.unicolore else view.trump
        bid = view.bids[seat] or 0
        want = view.won[seat] < bid
        return aim(sorted(legal, key=lambda c: _strength(c, trump)), want, not view.trick, view.would_win)


C = TypeVar("C")  # a card of any deck


def bid_near(estimate: float, cards: int, forbidden: int | None) -> int:
    """The whole bid nearest ``estimate`` (0..``cards``); if that one is ``forbidden`` (the
    last bidder's restriction), the neighbour on the estimate's side.

    >>> bid_near(1.4, 3, None), bid_near(1.4, 3, 1), bid_near(0.9, 3, 1), bid_near(0.2, 3, 0)
    (1, 2, 0, 1)
    """
    b = min(cards, max(0, round(estimate)))
    if b == forbidden:
        b = b + 1 if (estimate >= b and b < cards) or b == 0 else b - 1
    return b


def aim(ordered: Sequence[C], want: bool, leading: bool, would_win: Callable[[C], bool]) -> C:
    """The heuristic's card from ``ordered`` (weakest first), for any deck: leading, the
    strongest to take a trick (``want``) or the weakest to give it away; following, the
    weakest card that wins when a trick is wanted, else the strongest that loses."""
    if leading:
        return ordered[-1] if want else ordered[0]
    winners = [c for c in ordered if would_win(c)]
    if want:
        return winners[0] if winners else ordered[0]
    losers = [c for c in ordered if c not in winners]
    return losers[-1] if losers else ordered[0]
