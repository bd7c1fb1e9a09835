"""Skull King's own part of a round's result on the family's one tricks entry
(``bidding/actions.py``, through its setup's ``ResultHooks``): the bonuses (K-S2), the
Loot (K-S3) and the Cannonballs (K-S4). Its bids (K-B1), tricks and tricks destroyed
(K-T1) and corrections are the family's, in its words (``setup``); their names stay
importable from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ..bidding.actions import (  # noqa: F401  (Skull King's entries: the family's)
    verify_bid,
    verify_bids,
    verify_correction,
    verify_tricks,
)
from ..bidding.seat import seat
from .bonuses import parse_bonuses, parse_loot, verify_bonuses


def _cannonball(sheet: Any, raw: Any) -> list[int]:
    """Seats that chose the Cannonball this round (K-S4's option)."""
    if raw in (None, "", [], ()):
        return []
    if not sheet.setup.rules.cannonball:
        raise RuleError(N_("The Cannonball is not among this game's rules."), field="cannonball")
    if not isinstance(raw, (list, tuple)):
        raise RuleError(N_("Say which players chose the Cannonball."), field="cannonball")
    return sorted({seat(sheet, p, "cannonball") for p in raw})


def result_fields(sheet: Any, row: Any, data: Mapping[str, Any], result: Mapping[str, Any], bids: Any,
                  correcting: bool) -> dict[str, Any]:
    """Skull King's fields of a round's result, checked against its tricks: the bonuses,
    the Loot and the Cannonballs (K-S2..K-S4); its entry always says the tricks destroyed
    (K-T1), none included."""
    tricks = result["tricks"]
    bonuses = parse_bonuses(sheet.setup, data.get("bonuses"))
    loot = parse_loot(sheet.setup, data.get("loot"), tricks)
    verify_bonuses(sheet.setup, bonuses, tricks, loot)
    return {"destroyed": result.get("destroyed", 0), "bonuses": [b.as_dict() for b in bonuses],
            "loot": [list(pair) for pair in loot], "cannonball": _cannonball(sheet, data.get("cannonball"))}


def recorded_fields(row: Any) -> dict[str, Any]:
    """A played round's bonuses, Loot and Cannonballs as its entry holds them, for a
    correction to start from."""
    return {"bonuses": [b.as_dict() for b in row.bonuses], "loot": [list(pair) for pair in row.loot],
            "cannonball": list(row.cannonball)}
