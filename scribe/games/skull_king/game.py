"""Skull King as the rest of Scribe will see it: the object behind
``rules.game.GameRules``. Not in the registry yet (see the package's docstring).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules.game import GameRules
from ...rules.log import Entry
from . import KINDS, verify
from .reveal import sealed, sealed_entry
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import advance, replay, summary
from .story import rematch, story


class SkullKingRules(GameRules):
    """Skull King (K-R1..K-E1): bids revealed at once, tricks, bonuses, two scorings."""

    name = "skull_king"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS

    make_setup = staticmethod(make_setup)  # type: ignore[assignment]  # the protocol's **options, players named
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    verify = staticmethod(verify)
    summary = staticmethod(summary)
    story = staticmethod(story)
    rematch = staticmethod(rematch)

    def view(self, sheet: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """Bids sealed until the last is in, each seat seeing its own (K-B1). No hands yet:
        a bid entered before the seat's phone claimed it is sealed like one before its link."""
        return sealed(sheet, seat, log, max(horizon, entered))

    def view_entry(self, sheet: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0) -> Entry:
        return sealed_entry(sheet, entry, seat, max(horizon, entered))

    def hides_anything(self, sheet: Any) -> bool:
        return True  # K-B1: the hidden mode is the only mode

    def seats_bid_alone(self, sheet: Any) -> bool:
        return True  # K-B1: everyone bids at once, in no order

    def player_bid_state(self, full: Any, seat: int) -> tuple[bool, bool]:
        """(may bid now, must wait): any seat without a bid in the round being bid; no
        seat ever waits, no bid being forbidden (K-B1)."""
        row = full.current
        if full.phase != "bidding" or row is None:
            return False, False
        return row.bids[seat] is None, False


GAME = SkullKingRules()
