"""Skull King as the rest of Scribe sees it: the object behind ``rules.game.GameRules``,
with the seat questions of the bids-and-tricks family (its sealed bids, its virtual deck).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from ...rules.log import Entry
from ..bidding.rules import BiddingRules
from ..bidding.seat import own_cards, took_last
from ..bidding.shown import withdrawn as withdrawn_bids
from . import DRAWN, KINDS, QUIET_KINDS, verify, verify_take_back
from .cards import parse_card
from .reveal import sealed, sealed_entry
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import advance, replay
from .story import rematch, story
from .tricks import legal


class SkullKingRules(BiddingRules):
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

    def view(self, sheet: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """Bids sealed until the last is in, each seat seeing its own (K-B1): a bid entered
        before the seat's phone claimed it is sealed like one before its link. Dealt hands:
        each seat its own until the round is scored, none dealt before its link."""
        return sealed(sheet, seat, log, max(horizon, entered), horizon)

    def view_entry(self, sheet: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
        return sealed_entry(sheet, entry, seat, max(horizon, entered), horizon, withdrawn)

    def withdrawn(self, sheet: Any, log: Any) -> frozenset[int]:
        """Bids taken back before the last one was in (K-B1), and a virtual deck's deal undone
        before the bids: sealed for good."""
        return withdrawn_bids("hidden", sheet.setup.n, log)

    def hides_anything(self, sheet: Any) -> bool:
        return True  # K-B1: the hidden mode is the only mode

    def seats_bid_alone(self, sheet: Any) -> bool:
        return True  # K-B1: everyone bids at once, in no order

    def player_bid_state(self, full: Any, seat: int) -> tuple[bool, bool]:
        """(may bid now, must wait): any seat without a bid in the round being bid; no
        seat ever waits, no bid being forbidden (K-B1)."""
        row = full.current
        if full.phase != "bidding" or row is None or self.awaits_deal(full):
            return False, False
        return row.bids[seat] is None, False

    def own_cards(self, view: Any, seat: int) -> dict[str, Any]:
        """The virtual deck: the round's remaining hand and played cards, whether it is this
        seat's turn and which cards it may play (``why``: a message template for the
        others), and the hands of rounds already scored, from ``seat``'s own view only."""
        return own_cards(view, seat, lambda row: [c for p, c in row.plays if p == seat],
                         lambda row, hand, hidden: _turn(row, seat, hand, hidden))


def _turn(row: Any, seat: int, hand: list[str], hidden: bool) -> dict[str, Any]:
    """Whose turn it is, the cards ``seat`` may play now and why not the others, and
    whether its last card may still be taken back."""
    play = row.play
    playing = row.bids_in and not hidden and play is not None
    mine = bool(playing and play.turn == seat)
    legal_now, why = ([], None)
    if mine:
        cards, why = legal([parse_card(c) for c in hand], [c for _s, c in play.trick])
        legal_now = [str(c) for c in cards]
    return {"my_turn": mine, "legal": legal_now, "why": why, "can_take_back": took_last(row, seat, playing)}


GAME = SkullKingRules()
