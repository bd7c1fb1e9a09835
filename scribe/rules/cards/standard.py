"""The standard French-suited pack: 52 cards, or the 32-card piquet pack (7 to ace), for any
game that deals it (R-M1; the 32-card games of the contract family next). Pure: no Flask,
no SQL; randomness is passed in (a ``random.Random``, as in ``deck.py``).

A card is its code, a plain string: its rank then its suit, written upper case and read in
any case (``"AS"`` the ace of spades, ``"10H"``, ``"QD"``, ``"7C"``).

====== ==============================================================
rank   ``2`` .. ``10``, ``J`` jack, ``Q`` queen, ``K`` king, ``A`` ace
suit   ``S`` spades, ``H`` hearts, ``D`` diamonds, ``C`` clubs
====== ==============================================================

Every code ends with S, H, D or C after a rank: no other deck's code (a suit letter first,
or a special card's two letters) reads as one (``tests/rules/test_standard_cards.py``
builds every deck's codes and checks it; ``docs/cards.md`` lists them). The rank order
here is plain, ace high (R-M1); a game with its own order (a trump order of its own)
keeps it in its package.
How a trick is played and won: ``standard_tricks``.

>>> d = deal(4, 5, make_rng(7))
>>> [len(h) for h in d.hands], d.turned in PACK_52, d.trump == suit_of(d.turned)
([5, 5, 5, 5], True, True)
>>> parse(" qd "), suit_of("10H"), rank_of("AS"), len(PACK_52), len(PACK_32), PACK_32[0]
('QD', 'H', 14, 52, 32, '7S')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import N_, RuleError
from .deck import draw, make_rng

__all__ = [
    "PACKS",
    "PACK_32",
    "PACK_52",
    "RANKS",
    "SUITS",
    "SUIT_NAMES",
    "Deal",
    "check_round",
    "deal",
    "hand_key",
    "make_rng",
    "pack_of",
    "parse",
    "parse_suit",
    "rank_of",
    "shuffled",
    "sort_hand",
    "suit_of",
]

#: The suits, by the English initial the codes end with, in the pack's fixed order.
SUITS: Final = ("S", "H", "D", "C")
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
#: The ranks, low to high: the ace is high (R-M1).
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_VALUE: Final = {r: v for v, r in enumerate(RANKS, 2)}  # 2..14

#: The 52 cards in a fixed order (suit by suit, 2 to ace), and the 32 of 7 to ace.
PACK_52: Final = tuple(r + s for s in SUITS for r in RANKS)
PACK_32: Final = tuple(r + s for s in SUITS for r in RANKS[5:])
PACKS: Final = {52: PACK_52, 32: PACK_32}
_IN_32: Final = frozenset(PACK_32)
#: code -> (suit, value): one look-up in the hot loops (legal cards, trick winners).
CARD: Final = {c: (c[-1], _VALUE[c[:-1]]) for c in PACK_52}
#: A hand reads by suit, the colours alternating (spades, hearts, clubs, diamonds), so two
#: suits of one colour never sit side by side; low to high within a suit.
_HAND_SUIT: Final = {"S": 0, "H": 1, "C": 2, "D": 3}


def pack_of(size: int) -> tuple[str, ...]:
    """The pack of ``size`` cards (52 or 32, R-M1's setting).

    >>> pack_of(32)[-1], pack_of(52)[:3]
    ('AC', ('2S', '3S', '4S'))
    """
    if size not in PACKS:
        raise RuleError(N_("A pack has 52 or 32 cards, not %(size)s."), field="pack", size=size)
    return PACKS[size]


def parse(raw: object, size: int = 52) -> str:
    """A card's code from its text, any case, blanks around ignored; refused (field ``card``)
    when it names no card, or a card the pack of ``size`` does not hold.

    >>> parse("10s"), parse("Ah")
    ('10S', 'AH')
    >>> parse("1H")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: '1H' is not a card: write its rank (2 to 10, J, Q, K or A) then its suit (S, H, D or C), like QH or 10S.
    >>> parse("2H", 32)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: 2H is not in the 32-card pack: its cards run from 7 to ace.
    """
    if size not in PACKS:
        pack_of(size)
    text = raw.strip().upper() if isinstance(raw, str) else ""
    if text not in CARD:
        raise RuleError(N_("%(card)r is not a card: write its rank (2 to 10, J, Q, K or A) then its suit "
                           "(S, H, D or C), like QH or 10S."), field="card", card=raw)
    if size == 32 and text not in _IN_32:
        raise RuleError(N_("%(card)s is not in the 32-card pack: its cards run from 7 to ace."),
                        field="card", card=text)
    return text


def parse_suit(value: object, field: str = "trump") -> str:
    """A suit from its initial or its English name, any case.

    >>> parse_suit("h"), parse_suit("Spades"), parse_suit("clubs")
    ('H', 'S', 'C')
    >>> parse_suit("red")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: 'red' is not a suit: use S, H, D or C.
    """
    text = value.strip().upper() if isinstance(value, str) else ""
    for suit, name in SUIT_NAMES.items():
        if text in (suit, name.upper()):
            return suit
    raise RuleError(N_("%(value)r is not a suit: use S, H, D or C."), field=field, value=value)


def suit_of(code: str) -> str:
    """The suit of a card (its code as written by :func:`parse`)."""
    return CARD[code][0]


def rank_of(code: str) -> int:
    """A card's rank as a number, 2 to 14: the jack 11, the queen 12, the king 13, the ace 14.

    >>> [rank_of(c) for c in ("2C", "10D", "JS", "AH")]
    [2, 10, 11, 14]
    """
    return CARD[code][1]


def hand_key(code: str) -> tuple[int, int]:
    """The sort key of a hand: by suit (spades, hearts, clubs, diamonds), then rank.

    >>> sort_hand(["AD", "2S", "KH", "10S", "3C"])
    ['2S', '10S', 'KH', '3C', 'AD']
    """
    suit, value = CARD[code]
    return _HAND_SUIT[suit], value


def sort_hand(cards: Iterable[str]) -> list[str]:
    """A hand in :func:`hand_key`'s order, a new list."""
    return sorted(cards, key=hand_key)


@dataclass(frozen=True, slots=True)
class Deal:
    """The hands of one round (seat order) and the card turned up after the deal: the
    first undealt one, None when every card is dealt (R-T1)."""

    hands: tuple[tuple[str, ...], ...]
    turned: str | None

    @property
    def cards(self) -> int:
        """The cards dealt to each player."""
        return len(self.hands[0])

    @property
    def trump(self) -> str | None:
        """The turned card's suit; None (no trump) when nothing is turned (R-T1)."""
        return None if self.turned is None else CARD[self.turned][0]


def check_round(players: int, cards: int, size: int = 52) -> None:
    """Refuse a deal the pack cannot make: at least two hands, 1 card each at least, at most
    the pack divided among the players (R-M2; how many players a game takes is its own)."""
    pack = pack_of(size)
    if not isinstance(players, int) or isinstance(players, bool) or players < 2:
        raise RuleError(N_("A deal needs at least 2 players, not %(players)s."), field="players", players=players)
    top = len(pack) // players
    if not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= top:
        raise RuleError(N_("With %(players)s players a round deals 1 to %(top)s cards, not %(cards)s."),
                        field="cards", players=players, top=top, cards=cards)


def shuffled(rng: random.Random | None = None, pack: Sequence[str] = PACK_52) -> list[str]:
    """Every card of ``pack`` in a random order (to draw for the first dealer, R-R2).

    >>> a = shuffled(make_rng(4)); sorted(a) == sorted(PACK_52) and a == shuffled(make_rng(4))
    True
    """
    return draw(list(pack), len(pack), (rng or make_rng()).random)


def deal(players: int, cards: int, rng: random.Random | None = None, pack: Sequence[str] = PACK_52) -> Deal:
    """Shuffle ``pack`` with ``rng`` (:func:`make_rng` for a real game), deal ``cards`` to
    each of ``players`` and turn up the next card, if one is left (R-M2, R-T1).

    >>> d = deal(4, 13, make_rng(1))
    >>> d.turned, d.trump, sorted(c for h in d.hands for c in h) == sorted(PACK_52)
    (None, None, True)
    >>> deal(3, 10, make_rng(2), PACK_32).turned in PACK_32
    True
    """
    check_round(players, cards, len(pack))
    dealt = players * cards
    n = dealt + 1 if dealt < len(pack) else dealt  # R-T1: the first undealt card is turned
    top = draw(list(pack), n, (rng or make_rng()).random)
    hands = tuple(tuple(top[i : i + cards]) for i in range(0, dealt, cards))
    return Deal(hands, top[dealt] if n > dealt else None)
