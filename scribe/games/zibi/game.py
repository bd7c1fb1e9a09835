"""Witty Zibi as the rest of Scribe sees it: the game object behind ``rules.game.GameRules``,
declared from the package's names (``rules.declare``).

Nothing is sealed in Witty Zibi (clans are told at the round's end, Z-E1), so the
viewer's view is the whole sheet: the protocol's defaults.
"""

from __future__ import annotations

from typing import Any

from ...rules.declare import declare
from . import clans, sheet, story


def ended(self: Any, sheet: Any) -> bool:
    """No end (Z-S3): the table stops when it likes, so after any round played."""
    return bool(sheet.rounds)


GAME = declare("zibi", __name__, "Witty Zibi (Z-M, Z-C, Z-E, Z-S, Z-D rules): clans, eliminations, damage.",
               setup=clans, sheet=sheet, story=story, ended=ended)
ZibiRules = type(GAME)
