"""Unicolore's own decks, Amigo, 3 or 4 players (W-U1, W-U2): each player owns 15
cards, one Wizard, one Jester and the 13 cards of one suit (at 3 players one suit is
left out), and draws each round's 4 to 15 cards from their own shuffled 15.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..errors import N_, RuleError
from .deck import draw, make_rng
from .notation import JESTER, SUITS, WIZARD, Card, Suit, parse_suit

UNICOLORE_PLAYERS: Final = (3, 4)  # W-U1
FIRST_CARDS: Final = 4  # W-U2: rounds deal 4, 5, ... 15
OWN_DECK_SIZE: Final = 15
ROUNDS: Final = OWN_DECK_SIZE - FIRST_CARDS + 1  # 12


def check_unicolore_players(players: int) -> None:
    """Refuse a Unicolore table of other than 3 or 4 players (W-U1)."""
    if players not in UNICOLORE_PLAYERS:
        raise RuleError(
            N_("Unicolore is played by 3 or 4 players, not %(players)s."), field="players", players=players
        )


def own_deck(suit: Suit | str) -> tuple[Card, ...]:
    """One player's 15 cards: the 13 of ``suit``, a Wizard and a Jester (W-U1).

    >>> own_deck("g")[:3], own_deck("G")[-2:], len(own_deck("G"))
    ((G1, G2, G3), (W, J), 15)
    """
    s = parse_suit(suit)
    return (*(Card(r, s) for r in range(1, 14)), WIZARD, JESTER)


def deal_unicolore(
    players: int, cards: int, rng: random.Random | None = None, suits: Sequence[Suit | str] | None = None
) -> tuple[tuple[Card, ...], ...]:
    """Each player draws ``cards`` (4..15) from their own shuffled 15 (W-U1, W-U2).

    ``suits`` gives each seat its suit; by default seat i plays the i-th of B G R Y,
    so at 3 players yellow is left out.

    >>> hands = deal_unicolore(3, 4, make_rng(1))
    >>> [len(h) for h in hands], {c.suit for c in hands[0]} <= {Suit.BLUE, None}
    ([4, 4, 4], True)
    """
    check_unicolore_players(players)
    if not isinstance(cards, int) or not FIRST_CARDS <= cards <= OWN_DECK_SIZE:
        raise RuleError(
            N_("A Unicolore round deals 4 to 15 cards, not %(cards)s."), field="cards", cards=cards
        )
    chosen = [parse_suit(s) for s in suits] if suits is not None else list(SUITS[:players])
    if len(chosen) != players or len(set(chosen)) != players:
        raise RuleError(N_("Each player needs a different suit."), field="suits")
    rng = rng or make_rng()
    return tuple(tuple(draw(list(own_deck(s)), cards, rng.random)) for s in chosen)
