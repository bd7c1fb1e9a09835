"""Points-per-round games as the rest of Scribe sees them: the object behind
``rules.game.GameRules``, declared from the package's names (``rules.declare``). Nothing
is sealed (every score is said aloud at the table), so the viewer's view is the whole
sheet: the protocol's defaults.
"""

from __future__ import annotations

from typing import Any

from ...rules.declare import declare
from . import setup, sheet, story


def lowest_wins(self: Any, sheet: Any) -> bool:
    """Skyjo and 6 qui prend!: the fewest points win; a custom game says which (P-3)."""
    return bool(sheet.setup.lowest_wins)


def event_table(self: Any, players: list[str], deals: int | None, target: int | None) -> dict[str, Any]:
    """A club night's points table: a custom game of the partie's rounds or target where the
    highest total wins, as the evening's ranking counts (E-F3, E-R1)."""
    return {"players": players, "preset": "custom", "wins": "highest", "rounds": deals, "target": target}


# seats: the widest preset's; each preset checks its own
GAME = declare("points", __name__,
               "Skyjo, 6 qui prend! and any game scored by adding points each round (P-1..P-3, P-S1..P-S3).",
               setup=setup, sheet=sheet, story=story, lowest_wins=lowest_wins, event_table=event_table)
PointsRules = type(GAME)
