"""Moved to the family (issue 33): ``scribe/games/bidding/reveal.py``. These names stay
importable from here for the code and tests written before the move."""

from ..bidding.reveal import (  # noqa: F401
    _sealed_cards,
    hands_shown,
    last_seat_waits,
    revealed,
    sealed,
    sealed_entry,
)
from .jubilee import _passes_seen, sealed_pass as _sealed_pass  # noqa: F401  (Wizard's own since the family names no Jubilee card)
