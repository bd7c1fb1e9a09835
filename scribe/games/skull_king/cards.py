"""Skull King's cards for the virtual deck: their notation, the 70-card deck and the
advanced cards (Kraken, White Whale, two Loot), dealing. Pure; randomness is passed in.

Notation, read case-insensitively, written upper case:

=========== =============================================================
``G7``      a suit card: a suit letter then 1..14: ``G`` green (Parrot),
            ``Y`` yellow (Treasure Chest), ``P`` purple (Treasure Map),
            ``B`` black (Jolly Roger, the trump suit)
``ES``      an Escape (5)           ``PI`` a Pirate (5)
``TI``      the Tigress, in a hand  ``TP`` / ``TE`` the Tigress played as a
                                    Pirate / as an Escape (chosen when played)
``SK``      the Skull King          ``ME`` a Mermaid (2)
``KR``      the Kraken              ``WW`` the White Whale
``LO``      a Loot card (2)
=========== =============================================================

>>> parse_card("g7"), parse_card(" sk "), len(deck()), len(deck(kraken=True, white_whale=True, loot=True))
(G7, SK, 70, 74)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, cast

from ...rules.cards.deck import draw, make_rng
from ...rules.errors import N_, RuleError


class Suit(str, Enum):
    GREEN = "G"
    YELLOW = "Y"
    PURPLE = "P"
    BLACK = "B"  # the trump suit

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value


class Kind(str, Enum):
    NUMBER = "number"
    ESCAPE = "escape"
    PIRATE = "pirate"
    TIGRESS = "tigress"
    SKULL_KING = "skull_king"
    MERMAID = "mermaid"
    KRAKEN = "kraken"
    WHITE_WHALE = "white_whale"
    LOOT = "loot"

    __hash__ = str.__hash__


SUITS: Final = (Suit.GREEN, Suit.YELLOW, Suit.PURPLE, Suit.BLACK)
MIN_RANK, MAX_RANK = 1, 14


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``role``: how a played Tigress plays (PIRATE or ESCAPE), None in a hand."""

    kind: Kind
    suit: Suit | None = None
    rank: int = 0
    role: Kind | None = None

    @property
    def acts(self) -> Kind:
        """What the card plays as: a played Tigress is a Pirate or an Escape in every way."""
        return self.role or self.kind

    @property
    def special(self) -> bool:
        """Not a suit card: may be played whatever was led."""
        return self.kind is not Kind.NUMBER

    @property
    def escapes(self) -> bool:
        """Plays as an Escape: never sets the suit, loses to every other card (a Loot too)."""
        return self.acts in (Kind.ESCAPE, Kind.LOOT)

    @property
    def beast(self) -> bool:
        return self.kind in (Kind.KRAKEN, Kind.WHITE_WHALE)

    def __str__(self) -> str:
        if self.kind is Kind.NUMBER:
            return f"{self.suit}{self.rank}"
        if self.kind is Kind.TIGRESS and self.role is not None:
            return "TP" if self.role is Kind.PIRATE else "TE"
        return CODES[self.kind]

    __repr__ = __str__


CODES: Final = {Kind.ESCAPE: "ES", Kind.PIRATE: "PI", Kind.TIGRESS: "TI", Kind.SKULL_KING: "SK",
                Kind.MERMAID: "ME", Kind.KRAKEN: "KR", Kind.WHITE_WHALE: "WW", Kind.LOOT: "LO"}
_BY_CODE: Final = {v: Card(k) for k, v in CODES.items()} | {
    "TP": Card(Kind.TIGRESS, role=Kind.PIRATE), "TE": Card(Kind.TIGRESS, role=Kind.ESCAPE)}

ESCAPE, PIRATE, TIGRESS, SKULL_KING, MERMAID, KRAKEN, WHITE_WHALE, LOOT = (
    Card(k) for k in (Kind.ESCAPE, Kind.PIRATE, Kind.TIGRESS, Kind.SKULL_KING, Kind.MERMAID,
                      Kind.KRAKEN, Kind.WHITE_WHALE, Kind.LOOT))
TIGRESS_PIRATE, TIGRESS_ESCAPE = _BY_CODE["TP"], _BY_CODE["TE"]

#: The 70 cards of the basic game (K-R1), in a fixed order.
BASE_DECK: Final = tuple(Card(Kind.NUMBER, s, r) for s in SUITS for r in range(MIN_RANK, MAX_RANK + 1)) + (
    (ESCAPE,) * 5 + (PIRATE,) * 5 + (TIGRESS, SKULL_KING) + (MERMAID,) * 2)


def deck(kraken: bool = False, white_whale: bool = False, loot: bool = False) -> tuple[Card, ...]:
    """The deck with the advanced cards chosen (70 to 74 cards)."""
    return BASE_DECK + (KRAKEN,) * kraken + (WHITE_WHALE,) * white_whale + (LOOT,) * (2 * loot)


def parse_card(text: object) -> Card:
    """A card from its notation, or a refusal naming the field ``card``.

    >>> parse_card("b14"), parse_card("TE").acts
    (B14, <Kind.ESCAPE: 'escape'>)
    >>> parse_card("Y15")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: 'Y15' is not a card: write G, Y, P or B and 1 to 14, or ES, PI, TI, SK, ME, KR, WW, LO.
    """
    if isinstance(text, Card):
        return text
    if isinstance(text, str) and len(text) <= 4:
        code = text.strip().upper()
        if code in _BY_CODE:
            return _BY_CODE[code]
        if code[:1] in "GYPB" and code[1:].isdigit() and code[1:] == str(int(code[1:])):
            rank = int(code[1:])
            if MIN_RANK <= rank <= MAX_RANK:
                return Card(Kind.NUMBER, Suit(code[0]), rank)
    shown = text if isinstance(text, str) and len(text) <= 4 else "…"
    raise RuleError(N_("%(card)r is not a card: write G, Y, P or B and 1 to 14, or ES, PI, TI, SK, ME, KR, WW, LO."),
                    field="card", card=shown)


def parse_cards(texts: str | Sequence[object]) -> list[Card]:
    """Cards from a list of notations, or from one string of them separated by blanks.

    >>> parse_cards("G7 tp sk"), parse_cards(["ME", "B14"])
    ([G7, TP, SK], [ME, B14])
    """
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def deal(hands: int, cards: int, cards_in_deck: Sequence[Card], rng: random.Random | None = None
         ) -> tuple[tuple[Card, ...], ...]:
    """``hands`` hands of ``cards`` cards from the deck shuffled by ``rng`` (K-R1: the
    whole deck is shuffled every round; what is not dealt is set aside unseen).

    >>> [len(h) for h in deal(3, 4, deck(), make_rng(1))], deal(3, 4, deck(), make_rng(1)) == deal(3, 4, deck(), make_rng(1))
    ([4, 4, 4], True)
    """
    if hands * cards > len(cards_in_deck):
        raise RuleError(N_("The deck has %(size)s cards: not enough for %(hands)s hands of %(cards)s."),
                        field="cards", size=len(cards_in_deck), hands=hands, cards=cards)
    # Wizard's partial shuffle, typed for its own cards, shuffles any list alike.
    top: list[Card] = cast(Any, draw)(list(cards_in_deck), hands * cards, (rng or make_rng()).random)
    return tuple(tuple(top[i:i + cards]) for i in range(0, hands * cards, cards))
