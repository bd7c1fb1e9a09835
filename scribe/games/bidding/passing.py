"""Pass-the-phone for bids entered seat by seat (W-B7 hidden and secret bids, K-B1):
whom the Scribe's phone goes to first, whom it may go to instead, and who bids on a
phone of their own. Shared by every game whose seats bid alone."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any


def pass_turns(players: Sequence[str], order: Sequence[int], bids: Sequence[Any], claimed: Collection[int],
               waits: int | None = None, robots: Collection[int] = ()) -> dict[str, Any]:
    """``first``: the seat to pass the phone to (None when every seat still to bid holds
    its own phone), ``others``: the other seats it may go to, ``own``: the names of
    those bidding on their own phones (``claimed``), in bidding ``order``; ``waits``: a
    seat that bids only after all the others (a restriction may bind it), and the seats
    ``robots`` hold (they bid by themselves: issue 37), left out.

    >>> pass_turns(["A", "B", "C", "D"], (1, 2, 3, 0), [0, None, None, None], {2})
    {'first': 1, 'others': [3], 'own': ['C']}
    >>> pass_turns(["A", "B", "C"], (0, 1, 2), [None, None, None], (), waits=2)
    {'first': 0, 'others': [1], 'own': []}
    >>> pass_turns(["A", "B", "C"], (0, 1, 2), [None, None, None], (), robots={0})
    {'first': 1, 'others': [2], 'own': []}
    """
    missing = [q for q in order if bids[q] is None and q not in robots]
    free = [q for q in missing if q not in claimed and q != waits]
    return {"first": free[0] if free else None, "others": free[1:], "own": [players[q] for q in missing if q in claimed]}
