"""The ``GameRules`` answers of a bids-and-tricks game played on the family's sheet
(``sheet``, ``reveal``): sealed bids and hands, whose bid and whose card it is, the
restriction. A game subclasses ``TricksRules`` and gives its name, seats, ``Setup``,
``make_setup``, kinds and ``verify``. Pure: no Flask, no SQL."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...rules.log import Entry
from .reveal import last_seat_waits, sealed, sealed_entry
from .rules import BiddingRules
from .seat import own_cards, took_last
from .sheet import advance, replay, restriction, summary
from .shown import withdrawn as withdrawn_bids
from .story import rematch, story


class TricksRules(BiddingRules):
    """Bids, tricks, sealed bids (W-B7, R-B1) and the virtual deck, on the family's sheet."""

    replay = staticmethod(replay)
    advance = staticmethod(advance)
    summary = staticmethod(summary)
    story = staticmethod(story)
    rematch = staticmethod(rematch)

    def view(self, sheet: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """Hidden and secret bids and dealt hands sealed for ``seat`` (W-B7, W-R4)."""
        return sealed(sheet, seat, log, horizon, entered)

    def view_entry(self, sheet: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
        return sealed_entry(sheet, entry, seat, horizon, entered, withdrawn)

    def withdrawn(self, sheet: Any, log: Any) -> frozenset[int]:
        """Hidden and secret bids taken back before their reveal (W-B7), and a virtual deck's
        hands undone before theirs (W-R4, W-J4): sealed for good."""
        reveal = sheet.setup.rules.reveal
        return withdrawn_bids(reveal, sheet.setup.n, log, bids=reveal != "open")

    def hides_anything(self, sheet: Any) -> bool:
        return sheet.setup.rules.reveal != "open" or sheet.setup.rules.virtual_deck

    def seats_bid_alone(self, sheet: Any) -> bool:
        """Hidden and secret bids (W-B7): each seat bids for itself, in any order."""
        return sheet.setup.rules.reveal != "open"

    def player_bid_state(self, full: Any, seat: int) -> tuple[bool, bool]:
        if full.phase != "bidding" or not self.seats_bid_alone(full) or self.awaits_deal(full):
            return False, False
        row = full.current
        naming = row.trump is not None and row.trump.pending  # W-R3: the suit comes first
        return row.bids[seat] is None and not naming, seat == row.order[-1] and last_seat_waits(full, row)

    def names_trump(self, full: Any) -> tuple[int, str] | None:
        """W-R3: a Wizard turned up, the dealer names the suit (W-J5: the Werewolf's holder)
        before anyone bids."""
        row = full.current
        if row is None or full.phase != "bidding" or row.trump is None or not row.trump.pending:
            return None
        return row.trump.picker(row.dealer), row.trump.card

    def forbidden_bid(self, sheet: Any) -> Any:
        """W-B3..W-B5, R-B2: the bid refused to the seat bidding now, if any."""
        return sheet.forbidden()

    def own_cards(self, view: Any, seat: int) -> dict[str, Any]:
        """The virtual deck (W-R4): the seat's hand and played cards, its turn and which
        cards it may play, from ``seat``'s own view only (``seat.own_cards``)."""
        return own_cards(view, seat, lambda row: list(row.played[seat] or ()),
                         lambda row, _hand, hidden: _turn(view, row, seat, hidden))

    def restriction(self, sheet: Any, row: Any) -> str | None:
        """W-B3..W-B5, R-B2: the bid the last seat may be refused."""
        return None if row is None else restriction(sheet, row)


def _turn(view: Any, row: Any, seat: int, hidden: bool) -> dict[str, Any]:
    """Whose turn it is, the cards ``seat`` may play now and why not the others (the game's
    ``setup.legal``), and whether its last card may still be taken back."""
    play = row.play
    playing = row.bids_in and not hidden and play is not None and not (row.trump and row.trump.pending)
    waiting = play.waiting if playing else None  # W-J3, W-J4: play waits for a pass or the Cloud
    passing = waiting == "pass" and seat in play.to_pass
    mine = playing and (passing or (waiting is None and play.turn == seat))
    hand = row.remaining(seat) or ()
    if passing:  # W-J4: any card of the hand goes to the left, not one just received
        legal, why = list(row.passable(seat)), None
    elif mine:
        legal, why = view.setup.legal(play, hand)
    else:
        legal, why = [], None
    # W-J3, W-J4: whether play waits, and for whom, is the round's public play (``play.waiting``)
    return {"my_turn": bool(mine), "legal": legal, "why": why,
            "can_take_back": took_last(row, seat, playing)
            and not (waiting == "pass" and len(play.to_pass) < view.setup.n)}
