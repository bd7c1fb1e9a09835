"""Belote's cards: their order and points at a trump contract, at sans atout and at tout
atout, and who wins a trick (B-P1, C-A4). Pure: no Flask, no SQL.

Cards are the standard pack's codes (``scribe.rules.cards.standard``: ``"JH"``, ``"10S"``,
``"7C"``), the 32 of 7 to ace. A deal's *trump* is a suit initial (``"H"``), ``SA`` (sans
atout: no trump) or ``TA`` (tout atout: every suit is trump). :class:`Rules` carries it
with the settings that change the cards (the SA Jack's points, the TA table, the
under-trump obligation), and is the ``ctx`` the play engine hands back (``play.py``).

>>> sum(points(c, Rules("H")) for c in PACK_32) + DIX_DE_DER
162
>>> winner_index(["10S", "AS", "7H", "JS"], Rules("H")), winner_index(["10S", "AS", "7H"], Rules("SA"))
(2, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...rules.cards.standard import PACK_32, SUITS
from ...rules.errors import N_, RuleError

SA, TA = "SA", "TA"  # sans atout, tout atout (C-A4)
TRUMPS: Final = (*SUITS, SA, TA)
DIX_DE_DER: Final = 10  # B-P1: the last trick
#: B-P1: low to high. At a trump contract the trump suit runs J 9 A 10 K Q 8 7 from the top.
TRUMP_ORDER: Final = ("7", "8", "Q", "K", "10", "A", "9", "J")
PLAIN_ORDER: Final = ("7", "8", "9", "J", "Q", "K", "10", "A")
TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}  # 62
PLAIN_POINTS: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # 30
#: C-A4: sans atout, every suit A 19, 10 10, K 4, Q 3, J 2 (Pagat, Wikipedia; the FFB's
#: table prints J 0: the ``sa_jack`` setting).
SA_POINTS: Final = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
#: C-A4: tout atout, every suit J 13, 9 9, A 6, 10 5, K 3, Q 2 (FFB) or Q 1, J 14 (Pagat).
TA_POINTS: Final = {
    "ffb": {"J": 13, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 2, "8": 0, "7": 0},
    "pagat": {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0},
}
_TRUMP_RANK: Final = {r: i for i, r in enumerate(TRUMP_ORDER)}
_PLAIN_RANK: Final = {r: i for i, r in enumerate(PLAIN_ORDER)}


@dataclass(frozen=True)
class Rules:
    """A deal's trump and the settings that change how its cards play and count.

    ``sa_jack``: a Jack's points at sans atout (2, or 0 as the FFB's table prints it);
    ``ta_table``: ``"ffb"`` or ``"pagat"``; ``undertrump``: a player void in the led suit
    who cannot beat an opponent's trump must still play a lower one (FFB; a setting).
    """

    trump: str
    sa_jack: int = 2
    ta_table: str = "ffb"
    undertrump: bool = True

    def __post_init__(self) -> None:
        if self.trump not in TRUMPS:
            raise RuleError(N_("The trump is a suit (S, H, D or C), SA or TA."), field="trump")

    @property
    def suit(self) -> str | None:
        """The trump suit; None at sans atout and tout atout (no suit cuts another)."""
        return self.trump if self.trump in SUITS else None


def rank(card: str) -> str:
    """A card's rank as written: ``"10S"`` -> ``"10"``."""
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def is_trump(card: str, rules: Rules) -> bool:
    """Whether ``card`` plays in the trump order (every card at TA, none at SA)."""
    return rules.trump == TA or suit(card) == rules.trump


def strength(card: str, rules: Rules) -> int:
    """A card's place in its suit, 0 (the 7) to 7 (the trump Jack, or a plain Ace).

    >>> strength("JH", Rules("H")), strength("JH", Rules("S")), strength("9D", Rules("TA"))
    (7, 3, 6)
    """
    return (_TRUMP_RANK if is_trump(card, rules) else _PLAIN_RANK)[rank(card)]


def points(card: str, rules: Rules) -> int:
    """B-P1, C-A4: a card's points at this deal's trump.

    >>> [points(c, Rules("H")) for c in ("JH", "9H", "JS", "9S")]
    [20, 14, 2, 0]
    >>> points("AS", Rules("SA")), points("JS", Rules("SA", sa_jack=0)), points("QS", Rules("TA", ta_table="pagat"))
    (19, 0, 1)
    """
    r = rank(card)
    if rules.trump == SA:
        return rules.sa_jack if r == "J" else SA_POINTS[r]
    if rules.trump == TA:
        return TA_POINTS[rules.ta_table][r]
    return (TRUMP_POINTS if suit(card) == rules.trump else PLAIN_POINTS)[r]


def card_points(cards: Iterable[str], rules: Rules) -> int:
    """The points of a pile of cards (tricks), without the dix de der."""
    return sum(points(c, rules) for c in cards)


def deal_points(rules: Rules) -> int:
    """Every card's points and the dix de der: 162 (154 at SA with the FFB's Jack at 0).

    >>> [deal_points(Rules(t)) for t in ("S", "SA", "TA")], deal_points(Rules("SA", sa_jack=0))
    ([162, 162, 162], 154)
    """
    return card_points(PACK_32, rules) + DIX_DE_DER


def winner_index(trick: Sequence[str], rules: Rules) -> int:
    """The index of the card winning ``trick`` (in play order, complete or not): the
    highest trump of the trump suit if one was played, else the highest card of the suit
    led. At TA only the suit led can win (in the trump order); at SA nothing cuts.

    >>> r = Rules("C")
    >>> winner_index(["AD", "10D", "KD"], r), winner_index(["AD", "7C", "JC", "8C"], r)
    (0, 2)
    >>> winner_index(["AD", "9D", "JS"], Rules("TA")), winner_index(["QH", "KH", "AS"], Rules("SA"))
    (1, 1)
    """
    led = suit(trick[0])
    trump = rules.suit
    best_i, best = 0, -1
    for i, card in enumerate(trick):
        s = suit(card)
        if s == trump:
            value = 100 + strength(card, rules)
        elif s == led:
            value = strength(card, rules)
        else:
            continue  # discarded: never wins
        if value > best:
            best_i, best = i, value
    return best_i
