"""Rikiki as the rest of Scribe sees it: the family's ``TricksRules`` with its setup."""

from __future__ import annotations

from typing import Any, ClassVar

from ..bidding.deck import verify_take_back
from ..bidding.game import TricksRules
from . import DRAWN, KINDS, verify
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup


class RikikiRules(TricksRules):
    """Rikiki / Oh Hell (R-M1..R-F2): bids, tricks, the hook, sealed bids."""

    name = "rikiki"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS
    QUIET_KINDS = ("played", "take_back")  # cards marked on the phones do not make the Scribe's page stale
    SEAT_KINDS = ("played", "take_back")  # R-R2: each seat plays its own cards
    DRAWN = DRAWN
    make_setup = staticmethod(make_setup)
    verify = staticmethod(verify)
    verify_take_back = staticmethod(verify_take_back)


GAME = RikikiRules()
