"""What a round row of the family answers from its bids and tricks alone, written once for
Wizard's and Skull King's rows (their dataclasses inherit it). Pure: no Flask, no SQL."""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any

from ...rules.sealed import SEALED


class BidRow:
    """A row with ``bids`` (an int, None while not yet bid, or SEALED in a viewer's sheet)
    and ``tricks`` (None until the round is scored)."""

    bids: tuple[Any, ...]
    tricks: tuple[int, ...] | None
    hands: Any  # virtual deck: the dealt hands, None when the table deals real cards

    @property
    def dealt(self) -> bool:
        """Virtual deck: Scribe dealt this round's cards."""
        return self.hands is not None

    def table_key(self) -> Any:
        """What the score sheet's table shows of this row, for the web to render it once for
        every viewer (``scribe/web/kept_rows.py``): the row less the dealt hands (a viewer's
        holds only their own, and the table shows none)."""
        return self if self.hands is None else replace(self, hands=None)  # type: ignore[type-var]

    def scored_bid(self, player: int) -> Any:
        """The bid the round is scored on (a game may change it after the bids: W-J3)."""
        return self.bids[player]

    def hit(self, player: int) -> bool | None:
        """Whether ``player`` made their bid exactly (None before the tricks)."""
        if self.tricks is None:
            return None
        return bool(self.scored_bid(player) == self.tricks[player])

    @property
    def complete(self) -> bool:
        return self.tricks is not None

    @cached_property
    def bids_in(self) -> bool:
        return all(b is not None for b in self.bids)

    @cached_property
    def sealed(self) -> tuple[int, ...]:
        """Seats whose bid is in but hidden from this viewer until every bid is (W-B7, K-B1)."""
        return tuple(p for p, b in enumerate(self.bids) if b is SEALED)
