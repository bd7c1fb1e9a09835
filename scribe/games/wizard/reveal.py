"""Moved to the family (issue 33): ``scribe/games/bidding/reveal.py``. These names stay
importable from here for the code and tests written before the move."""

from ..bidding.reveal import (  # noqa: F401
    _passes_seen,
    _sealed_cards,
    _sealed_pass,
    hands_shown,
    last_seat_waits,
    revealed,
    sealed,
    sealed_entry,
)
