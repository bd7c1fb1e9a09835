"""Points-per-round games as the rest of Scribe sees them: the object behind
``rules.game.GameRules``. Nothing is sealed (every score is said aloud at the table), so
the viewer's view is the whole sheet: the protocol's defaults.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules.game import GameRules
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import KINDS, advance, replay, summary, verify
from .story import rematch, story


class PointsRules(GameRules):
    """Skyjo, 6 qui prend! and any game scored by adding points each round (P-1..P-3, P-S1..P-S3)."""

    name = "points"
    seats = (MIN_PLAYERS, MAX_PLAYERS)  # the widest preset's; each preset checks its own
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS

    # the package's functions are the protocol's methods as they stand: nothing to adapt
    make_setup = staticmethod(make_setup)
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    verify = staticmethod(verify)
    summary = staticmethod(summary)
    story = staticmethod(story)
    rematch = staticmethod(rematch)

    def lowest_wins(self, sheet: Any) -> bool:
        """Skyjo and 6 qui prend!: the fewest points win; a custom game says which (P-3)."""
        return bool(sheet.setup.lowest_wins)


GAME = PointsRules()
