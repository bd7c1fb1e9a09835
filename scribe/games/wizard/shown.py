"""What the whole table has seen (W-B7, W-R4): the bids-and-tricks family's, shared with
Skull King (``scribe/games/bidding/shown.py``)."""

from ..bidding.shown import Shown, Tally, shown, tally

__all__ = ["Shown", "Tally", "shown", "tally"]
