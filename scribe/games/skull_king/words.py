"""Skull King in words: its rules (K-R1, K-S1..K-S4, K-T1) under the sheet and on paper,
and a player's bonuses in short (the history, the sheet's cells)."""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import gettext as _, ngettext

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
