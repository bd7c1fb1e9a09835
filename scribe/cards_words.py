"""The standard pack in the reader's language (``rules.cards.standard``): its suits and its
cards' names, for the screen reader, a card's caption, the entries' text and the TV, and
what a game's ``words`` hands the shared templates for a card of this pack (its class,
face, hand order), so any game dealing the pack words its cards from here, in one place.

A card has two forms: its *name*, within a sentence ("queen of hearts", "dame de cœur",
"Herz Dame"), and its *label*, standing alone on the card or in a list ("Dame de cœur",
"10 de pique", "As de trèfle", "Valet de carreau"): the name with a capital.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import gettext as _, pgettext

from .rules.cards.faces import Face, french_face
from .rules.cards.standard import CARD, sort_hand

__all__ = ["card_class", "card_face", "card_label", "card_name", "card_plays", "hand_order", "suit_name",
           "trump_name"]


def suit_name(suit: str) -> str:
    """A suit's name (``S``, ``H``, ``D``, ``C``) as the reader says it: "hearts", "cœur", "Herz"."""
    return {"S": pgettext("French suit", "spades"), "H": pgettext("French suit", "hearts"),
            "D": pgettext("French suit", "diamonds"), "C": pgettext("French suit", "clubs")}[suit]


def card_name(code: str) -> str:
    """A card's name within a sentence: "queen of hearts", "dame de cœur", "Herz Dame"."""
    suit, _value = CARD[code]
    rank = code[:-1]
    names = {"J": pgettext("French-suited card", "jack"), "Q": pgettext("French-suited card", "queen"),
             "K": pgettext("French-suited card", "king"), "A": pgettext("French-suited card", "ace")}
    return pgettext("French-suited card: its rank and suit", "%(rank)s of %(suit)s", rank=names.get(rank, rank),
                    suit=suit_name(suit))


def card_label(code: str, setup: Any = None) -> str:
    """A card's name standing alone (on its face, in a list): "Dame de cœur", "10 de pique".
    ``setup``: a game's, unused (a game's ``words.card_label`` has this signature)."""
    name = card_name(code)
    return name[:1].upper() + name[1:]


def trump_name(suit: str | None) -> str:
    """The trump of a round: its suit's name, or "no trump"."""
    return _("no trump") if suit is None else suit_name(suit)


def hand_order(cards: Iterable[str]) -> list[str]:
    """A hand for display: by suit, the colours alternating, then rank (``standard.hand_key``)."""
    return sort_hand(cards)


def card_class(code: str) -> str:
    """The CSS class of a card chip: its suit's colour, red or black (scribe.css)."""
    return "red" if CARD[code][0] in "HD" else "black"


def card_face(code: str, setup: Any = None) -> Face:
    """What the card's face shows: its rank and its suit's symbol (``rules.cards.faces``)."""
    return french_face(code)


def card_plays(code: str) -> list[str]:
    """What a tap on a card of the hand sends: the card itself (none is played as a choice)."""
    return [code]
