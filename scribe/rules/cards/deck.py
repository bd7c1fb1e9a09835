"""The 60-card deck, shuffling, dealing and the turned trump card (W-M1, W-R1, W-R3, W-R4).

Randomness comes from a :class:`random.Random` passed in: ``random.Random(seed)``
makes tests and simulations reproducible; without one, :func:`make_rng` hands out
a :class:`random.SystemRandom` (the OS's cryptographic source) for real games.

>>> d = deal(4, 3, make_rng(7))
>>> [len(h) for h in d.hands], d == deal(4, 3, make_rng(7))
([3, 3, 3, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ..errors import N_, RuleError
from .notation import JESTER, NUMBER_CARDS, WIZARD, Card, Suit, parse_suit

#: The 60 cards of W-M1 in a fixed order: 52 number cards, 4 Wizards, 4 Jesters.
FULL_DECK: Final = (*NUMBER_CARDS, WIZARD, WIZARD, WIZARD, WIZARD, JESTER, JESTER, JESTER, JESTER)
DECK_SIZE: Final = len(FULL_DECK)
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6


def make_rng(seed: int | None = None) -> random.Random:
    """``random.Random(seed)`` for a reproducible game, else the OS's cryptographic source.

    >>> make_rng(1).random() == make_rng(1).random(), type(make_rng()).__name__
    (True, 'SystemRandom')
    """
    return random.SystemRandom() if seed is None else random.Random(seed)


def rounds_in_game(players: int) -> int:
    """W-R1: 60 / players rounds (20 at 3, 15 at 4, 12 at 5, 10 at 6).

    >>> [rounds_in_game(n) for n in (3, 4, 5, 6)]
    [20, 15, 12, 10]
    """
    check_players(players)
    return DECK_SIZE // players


def check_players(players: int) -> None:
    """Refuse a table outside 3..6 players (W-M3)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            N_("Wizard is played by 3 to 6 players, not %(players)s."),
            field="players",
            players=players,
        )


def check_round(players: int, cards: int) -> None:
    """Refuse a deal of ``cards`` each that the table or the deck cannot have (W-M3, W-R1)."""
    check_players(players)
    top = DECK_SIZE // players
    if not isinstance(cards, int) or not 1 <= cards <= top:
        raise RuleError(
            N_("With %(players)s players a round deals 1 to %(top)s cards, not %(cards)s."),
            field="cards",
            players=players,
            top=top,
            cards=cards,
        )


def draw(cards: list[Card], n: int, random01: Callable[[], float]) -> list[Card]:
    """Shuffle the first ``n`` places of ``cards`` in place and return them (partial Fisher-Yates).

    Only the cards that get dealt or turned are shuffled: the rest are set aside
    unseen, so their order does not matter and costs nothing.

    Why ``int(random01() * k)`` rather than ``randrange(k)``: ``random()`` is the
    one method whose output for a given seed Python promises to keep across
    versions, so a seed replays the same game on any Python; and it is several
    times faster. The bias is below k / 2**53 < 1e-14 for k <= 60.

    >>> draw(list(FULL_DECK), 3, make_rng(3).random) == draw(list(FULL_DECK), 3, make_rng(3).random)
    True
    """
    size = len(cards)
    for i in range(n):
        j = i + int(random01() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[:n]


def shuffled_deck(rng: random.Random | None = None) -> list[Card]:
    """All 60 cards in a random order.

    >>> deck = shuffled_deck(make_rng(0))
    >>> len(deck), deck.count(WIZARD), deck.count(JESTER)
    (60, 4, 4)
    """
    rng = rng or make_rng()
    return draw(list(FULL_DECK), DECK_SIZE, rng.random)


@dataclass(frozen=True, slots=True)
class Deal:
    """The hands of one round (seat order) and the trump card turned after the deal.

    - ``turned`` is ``None`` when no card is left to turn: the last round (W-R4).
    - ``trump`` is ``None`` for no trump: nothing turned, or a Jester (W-R3).
    - A turned Wizard leaves ``trump`` unset and ``dealer_must_choose`` true until
      the caller resolves it with :meth:`with_trump` (W-R3).
    """

    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    trump: Suit | None

    @property
    def cards(self) -> int:
        """The number of cards dealt to each player: the round number (W-R1)."""
        return len(self.hands[0])

    @property
    def dealer_must_choose(self) -> bool:
        """True while a turned Wizard waits for the dealer to name trump (W-R3)."""
        return self.turned is WIZARD and self.trump is None

    def with_trump(self, suit: Suit | str) -> Deal:
        """This deal with the trump the dealer chose after turning a Wizard (W-R3).

        >>> d = Deal(((WIZARD,), (JESTER,), (Card(1, "R"),)), WIZARD, None)
        >>> d.dealer_must_choose, d.with_trump("g").trump, d.with_trump("g").dealer_must_choose
        (True, <Suit.GREEN: 'G'>, False)
        """
        if not self.dealer_must_choose:
            raise RuleError(
                N_("The dealer names trump only when a Wizard is turned up."), field="trump"
            )
        return replace(self, trump=parse_suit(suit))


def trump_of(turned: Card | None) -> Suit | None:
    """The trump set by a turned card: its suit, or none for a Jester, a Wizard (undecided) or nothing."""
    return None if turned is None else turned.suit


def deal(players: int, cards: int, rng: random.Random | None = None) -> Deal:
    """Deal ``cards`` cards to each of ``players`` players and turn the next card (W-R1, W-R3, W-R4).

    >>> d = deal(3, 20, make_rng(1))
    >>> d.turned is None, d.trump, sum(len(h) for h in d.hands)
    (True, None, 60)
    """
    check_round(players, cards)
    hands, turned = deal_cards(players, cards, (rng or make_rng()).random)
    return Deal(tuple(map(tuple, hands)), turned, trump_of(turned))


def deal_cards(
    players: int, cards: int, random01: Callable[[], float]
) -> tuple[list[list[Card]], Card | None]:
    """The hands (new lists) and the turned card of :func:`deal`, unchecked, without the Deal record."""
    dealt = players * cards
    # W-R4: the trump card is the first undealt one; none is left in the last round.
    n = dealt + 1 if dealt < DECK_SIZE else dealt
    top_cards = draw(list(FULL_DECK), n, random01)
    hands = [top_cards[i : i + cards] for i in range(0, dealt, cards)]
    return hands, (top_cards[dealt] if n > dealt else None)
