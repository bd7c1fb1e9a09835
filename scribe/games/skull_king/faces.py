"""What a Skull King card's face shows (display only): the suit's colour and symbol with
the rank at the corner, or a character's picture; a played Tigress shows what she plays
as at her corner. Symbols are ids in ``static/cards.svg`` (see ``rules/cards/faces.py``).

>>> face("P14"), face("TE")
(Face(tone='purple', rank='14', symbol='sk-purple', art='sk-purple'), Face(tone='tigress', rank='', symbol='sk-escape', art='sk-tigress'))
"""

from __future__ import annotations

from typing import Any, Final

from ...rules.cards.faces import Face
from .cards import BASE_DECK, KRAKEN, LOOT, WHITE_WHALE

_SUITS: Final = {"G": "green", "Y": "yellow", "P": "purple", "B": "black"}
#: (tone, picture) of each character and beast; TP and TE are the Tigress as played.
_CHARACTERS: Final = {
    "ES": ("escape", "sk-escape"), "PI": ("pirate", "sk-pirate"), "TI": ("tigress", "sk-tigress"),
    "SK": ("king", "sk-king"), "ME": ("mermaid", "sk-mermaid"), "KR": ("beast", "sk-kraken"),
    "WW": ("beast", "sk-whale"), "LO": ("loot", "sk-loot"),
}
_TIGRESS_AS: Final = {"TP": "sk-pirate", "TE": "sk-escape"}

#: Every distinct face: the 70 cards, the advanced ones, and the Tigress as played.
FACES_DECK: Final = tuple(dict.fromkeys(str(c) for c in (*BASE_DECK, KRAKEN, WHITE_WHALE, LOOT))) + ("TP", "TE")


def face(notation: Any) -> Face:
    """The face of ``notation`` (``G7``, ``SK``, ``TP``)."""
    code = str(notation).strip().upper()
    if code in _TIGRESS_AS:
        return Face("tigress", "", _TIGRESS_AS[code], "sk-tigress")
    if code in _CHARACTERS:
        tone, art = _CHARACTERS[code]
        return Face(tone, "", art, art)
    suit = _SUITS[code[:1]]
    return Face(suit, code[1:], "sk-" + suit, "sk-" + suit)
