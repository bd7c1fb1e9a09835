"""Moved to the family (issue 33): ``scribe/games/bidding/inputs.py``. These names stay
importable from here for the code and tests written before the move."""

from ..bidding.inputs import (  # noqa: F401
    _count,
    _current_round,
    _player,
)
