"""Cards of the Wizard deck and their text notation (W-M1).

Notation, read by :func:`parse_card` (case insensitive, surrounding blanks ignored)
and written by ``str(card)`` (canonical upper case):

====== =====================================================
``W``  a Wizard (Zarbi, Zauberer, Sorcier)
``J``  a Jester (Naze, Fou, Joker, Narr)
``R7`` a number card: a suit initial then a rank 1..13
====== =====================================================

Suit initials: ``B`` blue (humans), ``G`` green (elves), ``R`` red (dwarves),
``Y`` yellow (giants).

Identity: the deck holds four Wizards and four Jesters that nobody can tell apart,
so a card is a *value*, not a physical object. There is exactly one :class:`Card`
instance per value (54 of them); ``Card(7, Suit.RED)`` and ``parse_card("r7")``
return that same instance. A hand is a list that may hold the same card twice
(two Wizards). Equality is identity, which keeps ``list.remove`` and ``in`` at C
speed in the simulation's hot loop.

>>> parse_card("r7"), parse_card(" w "), parse_card("B13")
(R7, W, B13)
>>> parse_card("R7") is Card(7, Suit.RED)
True
>>> str(parse_card("j"))
'J'
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final, NoReturn

from ..errors import N_, RuleError


class Suit(str, Enum):
    """The four suits (W-M1), valued by their initial in the card notation."""

    BLUE = "B"
    GREEN = "G"
    RED = "R"
    YELLOW = "Y"

    # Enum hashes members in Python code; the str hash is C speed and, unlike the
    # Enum one, agrees with ``Suit.RED == "R"``. Tables keyed by suit use it.
    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value


SUITS: Final = (Suit.BLUE, Suit.GREEN, Suit.RED, Suit.YELLOW)

JESTER_RANK: Final = 0
WIZARD_RANK: Final = 14
MIN_RANK: Final = 1
MAX_RANK: Final = 13


def parse_suit(value: Suit | str) -> Suit:
    """A suit from a :class:`Suit`, its initial or its English name, any case.

    >>> parse_suit("r"), parse_suit("Green"), parse_suit(Suit.BLUE)
    (<Suit.RED: 'R'>, <Suit.GREEN: 'G'>, <Suit.BLUE: 'B'>)
    >>> parse_suit("purple")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: 'purple' is not a suit: use B, G, R or Y.
    """
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        text = value.strip().upper()
        for suit in SUITS:
            if text == suit.value or text == suit.name:
                return suit
    raise RuleError(N_("%(value)r is not a suit: use B, G, R or Y."), field="trump", value=value)


class Card:
    """One card value: a Wizard, a Jester, or a suit and a rank 1..13 (W-M1).

    ``rank`` is 0 for a Jester and 14 for a Wizard, so that "higher rank beats
    lower rank" holds wherever suits do not matter (Unicolore, W-U3). ``suit`` is
    ``None`` for both special cards. ``code`` is a small int (0..53), stable, for
    tables and hashing; ``suit_index`` is 0..3 for B G R Y and 4 for no suit.

    Instances are interned and immutable (why: see the module docstring). This is
    a hand-written class rather than a frozen dataclass only because a dataclass
    cannot intern itself.

    >>> Card(0), Card(14), Card(13, Suit.BLUE), Card(1, "g")
    (J, W, B13, G1)
    >>> Card(14).is_wizard, Card(0).is_jester, Card(5, "Y").is_number
    (True, True, True)
    >>> Card(14, Suit.RED)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A Wizard or a Jester has no suit.
    """

    __slots__ = ("code", "rank", "suit", "suit_index")

    rank: int
    suit: Suit | None
    code: int
    suit_index: int

    def __new__(cls, rank: int, suit: Suit | str | None = None) -> Card:  # noqa: PYI034  (Card is final)
        s = None if suit is None else parse_suit(suit)
        try:
            return _INTERNED[(rank, s)]
        except KeyError:
            pass
        if _FROZEN:
            _bad_card(rank, s)
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", s)
        object.__setattr__(self, "code", len(_INTERNED))
        # A list index for the suit (B G R Y = 0..3, none = 4): Enum members hash in
        # Python code, too slow for per-card bookkeeping in the simulation loop.
        object.__setattr__(self, "suit_index", 4 if s is None else SUITS.index(s))
        _INTERNED[(rank, s)] = self
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    # Equality stays object identity (inherited, C speed); the hash must then be
    # stable across runs so that sets of cards iterate reproducibly.
    def __hash__(self) -> int:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Unpickling and copy.copy go through parse_card, so they keep interning.
        return (parse_card, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        if self.rank == WIZARD_RANK:
            return "W"
        if self.rank == JESTER_RANK:
            return "J"
        assert self.suit is not None
        return f"{self.suit.value}{self.rank}"

    # The notation is shorter and clearer than a constructor call in lists and
    # test failures; ``parse_card(repr(card)) is card`` holds.
    __repr__ = __str__

    @property
    def is_wizard(self) -> bool:
        """True for a Wizard."""
        return self.rank == WIZARD_RANK

    @property
    def is_jester(self) -> bool:
        """True for a Jester."""
        return self.rank == JESTER_RANK

    @property
    def is_number(self) -> bool:
        """True for a suited card 1..13."""
        return self.suit is not None

    @property
    def sort_key(self) -> tuple[int, int]:
        """A key that sorts a hand for display: Jesters, suits B G R Y, Wizards.

        >>> sorted(parse_cards("W R7 J B13 R2"), key=lambda c: c.sort_key)
        [J, B13, R2, R7, W]
        """
        if self.suit is None:
            return (-1 if self.rank == JESTER_RANK else 9, 0)
        return (SUITS.index(self.suit), self.rank)


def _bad_card(rank: object, suit: Suit | None) -> NoReturn:
    if rank in (JESTER_RANK, WIZARD_RANK):
        raise RuleError(N_("A Wizard or a Jester has no suit."), field="card")
    raise RuleError(
        N_("A card rank is 1 to 13 with a suit, 0 for a Jester, 14 for a Wizard; not %(rank)s."),
        field="card",
        rank=rank,
    )


_INTERNED: dict[tuple[int, Suit | None], Card] = {}
_FROZEN = False
JESTER: Final = Card(JESTER_RANK)
WIZARD: Final = Card(WIZARD_RANK)
NUMBER_CARDS: Final = tuple(Card(r, s) for s in SUITS for r in range(MIN_RANK, MAX_RANK + 1))
#: Every distinct card value, in ``code`` order: J, W, B1..B13, G1.., R1.., Y1..Y13.
DISTINCT_CARDS: Final = (JESTER, WIZARD, *NUMBER_CARDS)
_FROZEN = True  # from now on Card() only looks values up

_BY_TEXT: Final = {str(c): c for c in DISTINCT_CARDS}

CardLike = Card | str


def parse_card(text: CardLike) -> Card:
    """The card written ``text`` in the notation of this module (any case).

    A :class:`Card` is returned unchanged, so callers may pass either.

    >>> parse_card("y10"), parse_card("G1"), parse_card("J")
    (Y10, G1, J)
    >>> parse_card("R14")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: 'R14' is not a card: write W, J, or a suit initial (B G R Y) and a rank 1 to 13, like R7.
    """
    if isinstance(text, Card):
        return text
    if isinstance(text, str):
        card = _BY_TEXT.get(text.strip().upper())
        if card is not None:
            return card
    raise RuleError(
        N_(
            "%(text)r is not a card: write W, J, or a suit initial (B G R Y)"
            " and a rank 1 to 13, like R7."
        ),
        field="card",
        text=text,
    )


def parse_cards(cards: Iterable[CardLike] | str) -> list[Card]:
    """Cards from an iterable of cards or notations, or one blank/comma-separated string.

    >>> parse_cards("B5 b3, J"), parse_cards(["W", Card(0)]), parse_cards("")
    ([B5, B3, J], [W, J], [])
    """
    if isinstance(cards, str):
        return [parse_card(t) for t in cards.replace(",", " ").split()]
    return [parse_card(c) for c in cards]


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of ``cards`` separated by blanks, readable back by :func:`parse_cards`.

    >>> format_cards(parse_cards("w r7 j"))
    'W R7 J'
    """
    return " ".join(str(c) for c in cards)
