"""Wizard as the rest of Scribe sees it: the game object behind ``rules.game.GameRules``.

The family's ``TricksRules`` answers for its sheet, sealed bids and play; Wizard gives its
name, seats, setup, kinds and checks (setup, the family's actions, its deck).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..bidding.game import TricksRules
from . import DRAWN, KINDS, QUIET_KINDS, make_setup, verify, verify_take_back
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup


class WizardRules(TricksRules):
    """Wizard (W-R, W-B, W-S, W-U, W-P rules): bids, tricks, sealed bids, the virtual deck."""

    name = "wizard"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS
    QUIET_KINDS = QUIET_KINDS
    SEAT_KINDS = ("played", "take_back")  # W-P1: the holder of the seat plays its cards (and passes, W-J4)
    DRAWN = DRAWN

    # the package's own functions are the protocol's methods: nothing to wrap
    make_setup = staticmethod(make_setup)
    verify = staticmethod(verify)
    verify_take_back = staticmethod(verify_take_back)


GAME = WizardRules()
