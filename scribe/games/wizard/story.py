"""Moved to the family (issue 33): ``scribe/games/bidding/story.py``. These names stay
importable from here for the code and tests written before the move."""

from ..bidding.story import (  # noqa: F401
    BIDS_MADE,
    LONGEST_RUN,
    rematch,
    story,
)
