"""Skull King as the rest of Scribe sees it: the object behind ``rules.game.GameRules``.

The family's ``TricksRules`` answers for its sealed bids (K-B1: revealed at once, its
``RuleSet``'s ``reveal``), its seats and its virtual deck; Skull King gives its name,
seats, setup, kinds, checks, and its own sheet and story (bonuses, Loot, the Kraken).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..bidding.game import TricksRules
from . import DRAWN, KINDS, QUIET_KINDS, verify, verify_take_back
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import advance, replay
from .story import rematch, story


class SkullKingRules(TricksRules):
    """Skull King (K-R1..K-E1): bids revealed at once, tricks, bonuses, two scorings."""

    name = "skull_king"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS
    QUIET_KINDS = QUIET_KINDS
    DRAWN = DRAWN

    make_setup = staticmethod(make_setup)  # type: ignore[assignment]  # the protocol's **options, players named
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    verify = staticmethod(verify)
    story = staticmethod(story)
    rematch = staticmethod(rematch)
    verify_take_back = staticmethod(verify_take_back)


GAME = SkullKingRules()
