"""Dealing the 32 cards for the virtual deck (B-D1, B-D2; Coinche: 8 each at once), and
Belote's taking rounds. Randomness is passed in (``random.Random``), as everywhere. Pure.

Seats are clockwise; dealing, speaking and play go counter-clockwise, from the dealer's
right: the seat *before* the dealer, then the one before it.

>>> d = deal_belote(random.Random(5), dealer=0)
>>> [len(h) for h in d.hands], d.turned in PACK_32, len(d.stock)
([5, 5, 5, 5], True, 11)
>>> full = complete(d, taker=2)
>>> [len(h) for h in full], d.turned in full[2]
([8, 8, 8, 8], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ...rules.cards.standard import PACK_32, SUITS, shuffled
from ...rules.errors import N_, RuleError

PLAYERS = 4
TAKE, PASS = "take", "pass"


def order(dealer: int) -> tuple[int, ...]:
    """The seats from the dealer's right, counter-clockwise, the dealer last.

    >>> order(0), order(2)
    ((3, 2, 1, 0), (1, 0, 3, 2))
    """
    return tuple((dealer - i) % PLAYERS for i in range(1, PLAYERS + 1))


@dataclass(frozen=True)
class BeloteDeal:
    """B-D1: five cards each (seat order), the turned card, and the 11 cards still to deal."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    turned: str
    stock: tuple[str, ...]


def deal_belote(rng: random.Random, dealer: int) -> BeloteDeal:
    """B-D1: 3 then 2 to each from the dealer's right, then the next card turned up."""
    pack = shuffled(rng, PACK_32)
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for packet in (3, 2):
        for seat in order(dealer):
            hands[seat].extend(pack[:packet])
            del pack[:packet]
    return BeloteDeal(dealer, tuple(tuple(h) for h in hands), pack[0], tuple(pack[1:]))


def complete(deal: BeloteDeal, taker: int) -> tuple[tuple[str, ...], ...]:
    """B-D2: the taker gets the turned card and 2 more, the others 3, from the dealer's right."""
    stock = list(deal.stock)
    hands = [list(h) for h in deal.hands]
    hands[taker].append(deal.turned)
    for seat in order(deal.dealer):
        n = 2 if seat == taker else 3
        hands[seat].extend(stock[:n])
        del stock[:n]
    return tuple(tuple(h) for h in hands)


def deal_coinche(rng: random.Random, dealer: int, packets: Sequence[int] = (3, 2, 3)) -> tuple[tuple[str, ...], ...]:
    """Coinche: every card at once, 3-2-3 (or 3-3-2, 2-3-3), from the dealer's right.

    >>> hands = deal_coinche(random.Random(1), 1)
    >>> sorted(c for h in hands for c in h) == sorted(PACK_32), {len(h) for h in hands}
    (True, {8})
    """
    if sorted(packets) != [2, 3, 3]:
        raise RuleError(N_("Deal 3-2-3, 3-3-2 or 2-3-3."), field="packets")
    pack = shuffled(rng, PACK_32)
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for packet in packets:
        for seat in order(dealer):
            hands[seat].extend(pack[:packet])
            del pack[:packet]
    return tuple(tuple(h) for h in hands)


def taking(dealer: int, turned: str, said: Sequence[tuple[str, str | None]], second_round: str = "any"
           ) -> tuple[int | None, str | None, bool]:
    """B-D1, B-D2: the taking rounds so far, from what each seat said in turn, ``(TAKE,
    suit)`` or ``(PASS, None)``; round 1 takes the turned suit, round 2 names a suit (any,
    FFB; ``second_round="other"``: not the turned one). Returns (taker, trump, over): the
    taker and trump once someone takes, ``over`` also when all passed twice (a void deal).

    >>> taking(0, "JH", [(PASS, None), (TAKE, "H")])
    (2, 'H', True)
    >>> taking(0, "JH", [(PASS, None)] * 5 + [(TAKE, "S")])
    (2, 'S', True)
    >>> taking(0, "JH", [(PASS, None)] * 8)
    (None, None, True)
    """
    seats = order(dealer)
    for i, (word, suit) in enumerate(said):
        if i >= 2 * PLAYERS:
            raise RuleError(N_("Everyone has passed twice: the deal is void."), field="take")
        seat, first = seats[i % PLAYERS], i < PLAYERS
        if word == PASS:
            continue
        if word != TAKE:
            raise RuleError(N_("Take or pass."), field="take")
        if first:
            if suit not in (None, turned[-1]):
                raise RuleError(N_("In the first round the trump is the turned card's suit."), field="take")
            return seat, turned[-1], True
        if suit not in SUITS:
            raise RuleError(N_("Name the trump: spades, hearts, diamonds or clubs."), field="take")
        if second_round == "other" and suit == turned[-1]:
            raise RuleError(N_("In the second round name another suit than the turned card's."), field="take")
        return seat, suit, True
    return None, None, len(said) >= 2 * PLAYERS
