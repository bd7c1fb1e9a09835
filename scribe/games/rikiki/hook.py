"""The hook (R-B2, "screw the dealer"): the dealer, bidding last, may not bid the number
that makes the bids total the cards dealt. Pure."""

from __future__ import annotations

from collections.abc import Sequence


def hooked_bid(others: Sequence[int], cards: int, hook_from: int | None = 1) -> int | None:
    """The one bid the dealer may not make after the ``others``' bids, or None.

    ``hook_from``: the hook holds from that many cards dealt (Dutch Wikipedia: more than 3,
    so 4; traditionalgamerules: not in the one-card round, so 2); None turns it off.

    >>> hooked_bid([2, 0, 1], 5), hooked_bid([3, 1, 2], 5), hooked_bid([0, 3, 2], 7)
    (2, None, 2)
    >>> hooked_bid([0, 0], 3, hook_from=4) is None, hooked_bid([0], 1, hook_from=None) is None
    (True, True)
    """
    if hook_from is None or cards < hook_from:
        return None
    left = cards - sum(others)
    return left if 0 <= left <= cards else None
