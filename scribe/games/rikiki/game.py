"""Rikiki as the rest of Scribe sees it: the family's ``TricksRules`` with its setup."""

from __future__ import annotations

from typing import Any, ClassVar

from ..bidding.game import TricksRules
from . import KINDS, verify
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup


class RikikiRules(TricksRules):
    """Rikiki / Oh Hell (R-M1..R-F2): bids, tricks, the hook, sealed bids."""

    name = "rikiki"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS
    make_setup = staticmethod(make_setup)
    verify = staticmethod(verify)


GAME = RikikiRules()
