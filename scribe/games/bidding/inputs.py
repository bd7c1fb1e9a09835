"""Raw input checked against the sheet: the round in play, a seat, a count."""

from __future__ import annotations

from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole as _whole
from .seat import current_round as _current_round, seat as _player  # noqa: F401  (the family's, seat.py)


def _count(value: Any, cards: int, field_name: str, what: str, setup: Any = None) -> int:
    """A count from 0 to ``cards``; a bid out of range refused in the game's words when its
    setup has its own (``BID_RANGE``, ``bidding.definition``)."""
    v = _whole(value, field_name)
    if not 0 <= v <= cards:
        if what == "bid":
            template = getattr(setup, "BID_RANGE", None) or N_("A bid is a whole number from 0 to %(cards)s.")
        else:
            template = N_("Tricks are a whole number from 0 to %(cards)s.")
        raise RuleError(template, field=field_name, cards=cards)
    return v
