"""What every game's sheet JSON ends with: the standings and whether undo/redo can act."""

from __future__ import annotations

from typing import Any


def standings_and_undo(sheet: Any) -> dict[str, Any]:
    """The standings by rank (with names) and the undo/redo state, as every game writes them."""
    names = sheet.setup.players
    return {
        "standings": [{"rank": s.rank, "player": s.player, "name": names[s.player], "total": s.total}
                      for s in sheet.standings],
        "can_undo": sheet.can_undo,
        "can_redo": sheet.can_redo,
    }
