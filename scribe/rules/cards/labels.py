"""The names of the cards in each edition (W-M2): display only, play never looks at them."""

from __future__ import annotations

from typing import Final

from ..errors import N_, RuleError
from . import jubilee
from .notation import WIZARD_RANK, CardLike, Suit, parse_card

#: (Wizard, Jester) names per edition, as printed on the cards. One table for the
#: sheet (``Setup.card_names``) and the virtual deck, so they always agree.
EDITIONS: dict[str, tuple[str, str]] = {
    "gigamic": ("Wizard", "Fou"),
    "amigo": ("Zarbi", "Naze"),
    "canadian": ("Wizard", "Joker"),
    "english": ("Wizard", "Jester"),
}
EDITION_SPECIALS: Final = EDITIONS  # the name the engine has exported

_COLOURS: Final = {
    "en": {Suit.BLUE: "blue", Suit.GREEN: "green", Suit.RED: "red", Suit.YELLOW: "yellow"},
    "fr": {Suit.BLUE: "bleu", Suit.GREEN: "vert", Suit.RED: "rouge", Suit.YELLOW: "jaune"},
}

# The Canadian edition is a standard 52-card deck valued 2 to Ace (W-M1). The texts
# do not say which standard suit matches which colour; this pairing is ours and is
# for display only.
_CANADIAN_SUITS: Final = {
    "en": {Suit.BLUE: "spades", Suit.GREEN: "clubs", Suit.RED: "hearts", Suit.YELLOW: "diamonds"},
    "fr": {Suit.BLUE: "pique", Suit.GREEN: "trèfle", Suit.RED: "cœur", Suit.YELLOW: "carreau"},
}
_CANADIAN_RANKS: Final = ("", *map(str, range(2, 11)), "J", "Q", "K", "A")


def card_label(card: CardLike, edition: str = "english", lang: str = "en") -> str:
    """How ``card`` is called in ``edition`` (amigo, gigamic, canadian, english), in ``lang`` (en, fr).

    W-M2: only the names differ between editions; rank 1..13 maps to 2..Ace in the
    Canadian edition.

    >>> card_label("W", "amigo", "fr"), card_label("J", "gigamic", "fr"), card_label("J", "canadian")
    ('Zarbi', 'Fou', 'Joker')
    >>> card_label("R7", "gigamic", "fr"), card_label("r7"), card_label("B13", "canadian", "fr")
    ('7 rouge', 'red 7', 'A de pique')
    >>> card_label("CLR", "gigamic", "fr"), card_label("DR")
    ('Nuage (rouge)', 'Dragon')
    """
    ed, lg = edition.strip().lower(), lang.strip().lower()[:2]
    special = jubilee.kind(card) if isinstance(card, str) else None  # W-J1..W-J5
    if special is not None and lg in _COLOURS:
        name, suit = jubilee.NAMES[lg][special], jubilee.named_suit(card)  # type: ignore[arg-type]
        return name if suit is None else f"{name} ({_COLOURS[lg][suit]})"
    c = parse_card(card)
    if ed not in EDITION_SPECIALS:
        raise RuleError(N_("Unknown edition %(edition)r."), field="edition", edition=edition)
    if lg not in _COLOURS:
        raise RuleError(N_("Unknown language %(lang)r."), field="lang", lang=lang)
    if c.suit is None:
        return EDITION_SPECIALS[ed][0 if c.rank == WIZARD_RANK else 1]
    if ed == "canadian":
        joiner = " of " if lg == "en" else " de "
        return _CANADIAN_RANKS[c.rank] + joiner + _CANADIAN_SUITS[lg][c.suit]
    if lg == "fr":
        return f"{c.rank} {_COLOURS[lg][c.suit]}"
    return f"{_COLOURS[lg][c.suit]} {c.rank}"
