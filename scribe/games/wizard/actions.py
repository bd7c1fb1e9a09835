"""Moved to the family (issue 33): ``scribe/games/bidding/actions.py``; the Jubilee cards'
entries to ``wizard/jubilee.py``. These names stay importable from here for the code and
tests written before the move."""

from ..bidding.actions import (  # noqa: F401
    _verify_trick_counts,
    complete_tricks,
    verify_bid,
    verify_correction,
    verify_tricks,
    verify_trump,
)
from .jubilee import (  # noqa: F401
    NOT_IN_PLAY,
    _change,
    _changed_bid,
    _cloud_data,
    _cloud_first,
    verify_cloud,
)
