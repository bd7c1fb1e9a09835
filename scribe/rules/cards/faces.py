"""What a card's face shows, for drawing it (display only: play never looks at it).

A :class:`Face` says the colour family (``tone``), the value at the corner (``rank``), the
small symbol beside it (``symbol``) and the picture in the middle (``art``); the symbols
are ids in the one sprite file ``static/cards.svg``, drawn for Scribe (no publisher's
art). Each suit has its own symbol as well as its colour, so the cards read without
colour. The card's name (the screen reader's, and the caption) comes from its game's
words, in the reader's language.

Decks here: Wizard (W-M1, W-M2 with the Canadian edition's standard suits, the Jubilee
cards W-J1..W-J5) and the standard French-suited packs of 52 and 32 cards (``standard``).
Skull King's faces are in its own package (``games/skull_king/faces.py``).

>>> wizard_face("R7"), wizard_face("W").art, wizard_face("B13", "canadian").rank
(Face(tone='red', rank='7', symbol='wz-red', art='wz-red'), 'wz-wizard', 'A')
>>> french_face("QH"), len(FRENCH_52), len(FRENCH_32), FRENCH_32[0]
(Face(tone='red', rank='Q', symbol='fr-hearts', art='fr-hearts'), 52, 32, '7S')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from . import jubilee
from .notation import WIZARD_RANK, parse_card
from .standard import PACK_32, PACK_52, RANKS, SUIT_NAMES


@dataclass(frozen=True, slots=True)
class Face:
    """A card face: its colour family, the value at its corner ("" for a character card,
    whose corner shows its symbol only), the corner's symbol and the middle's picture."""

    tone: str
    rank: str
    symbol: str
    art: str


# --------------------------------------------------------------------------- Wizard

_WIZARD_TONE: Final = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}
# The Canadian edition is a standard deck (W-M1): its suits as labels.py pairs them.
_CANADIAN_SUIT: Final = {"B": "spades", "G": "clubs", "R": "hearts", "Y": "diamonds"}
_STANDARD_RANKS: Final = ("", "", *map(str, range(2, 11)), "J", "Q", "K", "A")  # index = 2..14
#: Jubilee cards (W-J1..W-J5): the picture of each; a named Cloud or Juggler takes its
#: suit's colour and symbol, with its value between ranks at the corner.
_JUBILEE_ART: Final = {"dragon": "jb-dragon", "fairy": "jb-fairy", "bomb": "jb-bomb", "cloud": "jb-cloud",
                       "juggler": "jb-juggler", "werewolf": "jb-werewolf"}
_NAMED_RANK: Final = {"cloud": "9¾", "juggler": "7½"}


def wizard_face(notation: str, edition: str = "gigamic") -> Face:
    """The face of a Wizard card (``R7``, ``W``, ``J``, a Jubilee card ``DR``, ``CLR``).

    >>> wizard_face("J"), wizard_face("CLG")
    (Face(tone='jester', rank='', symbol='wz-jester', art='wz-jester'), Face(tone='green', rank='9¾', symbol='wz-green', art='jb-cloud'))
    >>> wizard_face("Y1", "canadian")
    Face(tone='red', rank='2', symbol='fr-diamonds', art='fr-diamonds')
    """
    kind = jubilee.kind(notation)
    if kind is not None:
        named = jubilee.named_suit(notation)
        if named is None:
            return Face("jubilee", "", _JUBILEE_ART[kind], _JUBILEE_ART[kind])
        suit = _wizard_suit(named.value, edition)
        return Face(suit.tone, _NAMED_RANK[kind], suit.symbol, _JUBILEE_ART[kind])
    card = parse_card(notation)
    if card.suit is None:
        art = "wz-wizard" if card.rank == WIZARD_RANK else "wz-jester"
        return Face("wizard" if card.rank == WIZARD_RANK else "jester", "", art, art)
    suit = _wizard_suit(card.suit.value, edition)
    rank = _STANDARD_RANKS[card.rank + 1] if edition == "canadian" else str(card.rank)
    return Face(suit.tone, rank, suit.symbol, suit.symbol)


def _wizard_suit(initial: str, edition: str) -> Face:
    if edition == "canadian":
        french = _CANADIAN_SUIT[initial]
        return Face(_FRENCH_TONE[french], "", "fr-" + french, "fr-" + french)
    return Face(_WIZARD_TONE[initial], "", "wz-" + _WIZARD_TONE[initial], "wz-" + _WIZARD_TONE[initial])


def wizard_deck(jubilee_cards: bool = True) -> list[str]:
    """Every distinct face of the Wizard deck: the 54 values, and with ``jubilee_cards``
    the six Jubilee cards and each suit a Cloud or a Juggler may be played as."""
    from .notation import DISTINCT_CARDS

    out = [str(c) for c in DISTINCT_CARDS]
    if jubilee_cards:
        out += list(jubilee.NOTATION.values())
        out += [jubilee.NOTATION[k] + s for k in jubilee.NAMED_VALUE for s in _WIZARD_TONE]
    return out


# --------------------------------------------------------------------------- French suits

#: The standard French suits, by their English initial in the notation (``QH`` the Queen
#: of hearts, ``10S`` the ten of spades), and their colours (red and black). The packs and
#: their codes are ``standard``'s (one source): the names here stay for their callers.
FRENCH_SUITS: Final = SUIT_NAMES
_FRENCH_TONE: Final = {"spades": "black", "hearts": "red", "diamonds": "red", "clubs": "black"}
FRENCH_RANKS: Final = RANKS
#: The 52-card deck, and the 32-card piquet deck (7 to Ace) of Belote and Coinche.
FRENCH_52: Final = PACK_52
FRENCH_32: Final = PACK_32


def parse_french(notation: str) -> tuple[str, str]:
    """(rank, suit name) of a French-suited card: ``QH`` -> ("Q", "hearts"), any case.

    >>> parse_french("10s"), parse_french(" ad ")
    (('10', 'spades'), ('A', 'diamonds'))
    >>> parse_french("1H")
    Traceback (most recent call last):
    ...
    ValueError: '1H' is not a French-suited card
    """
    text = notation.strip().upper() if isinstance(notation, str) else ""
    rank, suit = text[:-1], text[-1:]
    if rank not in FRENCH_RANKS or suit not in FRENCH_SUITS:
        # a card reaches its face only once recorded (``standard.parse`` refused any other
        # to the player): a programming error
        raise ValueError(f"{notation!r} is not a French-suited card")
    return rank, FRENCH_SUITS[suit]


def french_face(notation: str) -> Face:
    """The face of a French-suited card: its rank at the corner, its suit's symbol."""
    rank, suit = parse_french(notation)
    return Face(_FRENCH_TONE[suit], rank, "fr-" + suit, "fr-" + suit)
