"""Witty Zibi as the rest of Scribe sees it: the game object behind ``rules.game.GameRules``.

Nothing is sealed in Witty Zibi (clans are told at the round's end, Z-E1), so the
viewer's view is the whole sheet: the protocol's defaults.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules.game import GameRules
from . import Setup, make_setup
from .clans import MAX_PLAYERS, MIN_PLAYERS
from .sheet import KINDS, advance, replay, summary, verify
from .story import story


class ZibiRules(GameRules):
    """Witty Zibi (Z-M, Z-C, Z-E, Z-S, Z-D rules): clans, eliminations, damage."""

    name = "zibi"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS

    # the package's own functions are the protocol's methods: nothing to wrap
    make_setup = staticmethod(make_setup)
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    verify = staticmethod(verify)
    summary = staticmethod(summary)
    story = staticmethod(story)

    def ended(self, sheet: Any) -> bool:
        """No end (Z-S3): the table stops when it likes, so after any round played."""
        return bool(sheet.rounds)


GAME = ZibiRules()
