"""Skull King in words: its rules (K-R1, K-S1..K-S4, K-T1) under the sheet and on paper,
and a player's bonuses in short (the history, the sheet's cells)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _, ngettext, pgettext

from ...rules.cards.faces import Face
from .faces import face
from .setup import Setup

SCORING_NAMES = {"skull_king": "Skull King’s scoring", "rascal": "Rascal’s scoring"}


def scoring_name(scoring: str) -> str:
    return {"skull_king": _("Skull King’s scoring"), "rascal": _("Rascal’s scoring")}[scoring]


def rules_text(setup: Setup) -> str:
    """The table's choices, the house rule first when it is on (it changes the scores)."""
    r = setup.rules
    parts = ["Skull King", scoring_name(r.scoring)]
    if r.bonus_on_miss:
        parts.append(_("house rule: bonuses count on a missed bid"))
    if r.cannonball:
        parts.append(_("Cannonball"))
    cards = [name for on, name in ((r.kraken, _("Kraken")), (r.white_whale, _("White Whale")), (r.loot, _("Loot")))
             if on]
    if cards:
        parts.append(_("with %(cards)s", cards=", ".join(cards)))
    if r.rounds is not None:
        parts.append(_("rounds: %(cards)s", cards=" ".join(str(c) for c in r.rounds)))
    elif r.max_cards is not None:
        parts.append(_("at most %(n)s cards each", n=r.max_cards))
    if setup.n == 2:
        parts.append(_("Graybeard’s ghost plays a third hand"))
    return " · ".join(parts)


def bonus_text(counts: Mapping[str, Any]) -> str:
    """A player's bonus cards in short: "2×14, black 14, Skull King by a Mermaid"."""
    out = []
    if counts.get("fourteens"):
        out.append(_("%(n)s×14", n=counts["fourteens"]))
    if counts.get("black14"):
        out.append(_("black 14"))
    if counts.get("mermaids"):
        out.append(ngettext("%(num)s Mermaid taken", "%(num)s Mermaids taken", counts["mermaids"]))
    if counts.get("pirates"):
        out.append(ngettext("%(num)s Pirate taken", "%(num)s Pirates taken", counts["pirates"]))
    if counts.get("skull_king"):
        out.append(_("Skull King by a Mermaid"))
    return ", ".join(out)


def bonus_short(bonus: Any) -> str:
    """A Bonus object in short, for a sheet's cell."""
    return bonus_text({k: getattr(bonus, k) for k in ("fourteens", "black14", "mermaids", "pirates", "skull_king")})


FILTERS = {"sk_bonus": bonus_short, "sk_scoring": scoring_name}


# --------------------------------------------------------------------------- its cards
# The game draws its own cards for the shared hand and trick templates (the ``card``,
# ``hand``, ``card_class`` and ``card_plays`` filters of ``scribe.formatting``).

_SUIT_CLASS = {"G": "green", "Y": "yellow", "P": "purple", "B": "black"}
_ORDER = {"ES": 0, "LO": 1, "TE": 2, "G": 3, "Y": 4, "P": 5, "B": 6, "PI": 7, "TI": 8, "TP": 8, "ME": 9, "SK": 10,
          "KR": 11, "WW": 12}


def card_label(notation: Any, setup: Any = None) -> str:
    """A card's name in the reader's language: "green 7", "Tigress (as a Pirate)"."""
    code = str(notation)
    # a context: the cards' names as each language's edition prints them (the Skull King
    # keeps his name everywhere), apart from the same English words elsewhere (the game's name)
    names = {
        "ES": pgettext("Skull King card", "Escape"),
        "PI": pgettext("Skull King card", "Pirate"),
        "TI": pgettext("Skull King card", "Tigress"),
        "TP": pgettext("Skull King card", "Tigress as a Pirate"),
        "TE": pgettext("Skull King card", "Tigress as an Escape"),
        "SK": pgettext("Skull King card", "Skull King"),
        "ME": pgettext("Skull King card", "Mermaid"),
        "KR": pgettext("Skull King card", "Kraken"),
        "WW": pgettext("Skull King card", "White Whale"),
        "LO": pgettext("Skull King card", "Loot"),
    }
    if code in names:
        return names[code]
    suit = {"G": _("green %(rank)s", rank=code[1:]), "Y": _("yellow %(rank)s", rank=code[1:]),
            "P": _("purple %(rank)s", rank=code[1:]), "B": _("black %(rank)s", rank=code[1:])}
    return suit.get(code[:1], code)


def hand_order(cards: Any) -> list[str]:
    """A hand sorted for display: Escapes and Loot, the suits (black, the trump, last),
    then the characters and the beasts."""
    def key(c: Any) -> tuple[int, int]:
        code = str(c)
        return (_ORDER.get(code, _ORDER.get(code[:1], 99)), int(code[1:]) if code[1:].isdigit() else 0)

    return sorted((str(c) for c in cards), key=key)


def card_class(notation: Any) -> str:
    """The CSS class of a card chip: its suit's colour, or a character's."""
    code = str(notation)
    if code[1:].isdigit():
        return _SUIT_CLASS.get(code[:1], "none")
    return {"ES": "none", "LO": "none", "TE": "none"}.get(code, "wizard")


def card_face(notation: Any, setup: Any = None) -> Face:
    """What the card's face shows: its suit's colour, symbol and rank, or a character."""
    return face(notation)


def card_plays(notation: Any) -> list[str]:
    """The Tigress is played as a Pirate or as an Escape, said when she is played: two
    buttons; every other card is played as it is held."""
    return ["TP", "TE"] if str(notation) == "TI" else [str(notation)]


def destroyed_text(name: str) -> str:
    """A trick nobody won (the Kraken, or the White Whale with special cards only, K-T1),
    and who leads the next."""
    return _("Nobody won the trick: it is destroyed. %(name)s leads.", name=name)
