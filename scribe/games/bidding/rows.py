"""What a round row of the family answers from its bids and tricks alone, written once for
Wizard's and Skull King's rows (their dataclasses inherit it). Pure: no Flask, no SQL."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from ...rules.sealed import SEALED


class BidRow:
    """A row with ``bids`` (an int, None while not yet bid, or SEALED in a viewer's sheet)
    and ``tricks`` (None until the round is scored)."""

    bids: tuple[Any, ...]
    tricks: tuple[int, ...] | None

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
