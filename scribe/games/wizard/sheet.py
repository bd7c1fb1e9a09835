"""Moved to the family (issue 33): ``scribe/games/bidding/sheet.py``. These names stay
importable from here for the code and tests written before the move."""

from ...rules.standings import Standing  # noqa: F401
from ..bidding.sheet import (  # noqa: F401
    _BROKEN,
    _UNJUDGED,
    Forbidden,
    RoundRow,
    Sheet,
    Trump,
    _forbidden,
    _own,
    _play,
    _Round,
    _State,
    _top,
    advance,
    broken_bid_message,
    forbidden_by_change_message,
    forbidden_message,
    replay,
    restriction,
    summary,
)
from .jubilee import _cloud  # noqa: F401
from .setup import (  # noqa: F401
    DEALER_PICKS,
    SEALED,
    SUIT_OF,
    Setup,
    _whole,
    round_points,
    turned_trump as _turned_trump,
)
