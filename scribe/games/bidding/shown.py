"""What the whole table has seen: a reveal is public and for good (W-B7, W-R4, K-B1), for
every game of the bids-and-tricks family.

A round's hidden bids are revealed when its last bid is in (one by one, or all at once:
Skull King's "bids" entry, a correction), its secret bids and its dealt hands when its
tricks are in. An undo takes the entry back, never the reveal: the table
has seen the values, so sealing them again would only let one phone pretend otherwise
(type the tricks, read, undo). So what was revealed is worked out over every point of
the log, not only over the entries active now.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Iterable

from ...rules.log import REDO, UNDO, Entry, walk


@dataclass(frozen=True)
class Shown:
    """The rounds whose bids, and whose dealt hands, the whole table has seen."""

    bids: frozenset[int] = frozenset()
    hands: frozenset[int] = frozenset()


def shown(reveal: str, players: int, log: Iterable[Entry]) -> Shown:
    """The rounds revealed at some point of ``log``, under the ``reveal`` mode.

    >>> bid = lambda seq, p: Entry(seq, "bid", {"round": 1, "player": p, "bid": 0})
    >>> log = [bid(1, 0), bid(2, 1), Entry(3, UNDO)]
    >>> shown("hidden", 2, log).bids  # the last bid came and went: seen all the same
    frozenset({1})
    >>> shown("secret", 2, log).bids, shown("secret", 2, log + [Entry(4, "tricks", {"round": 1})])
    (frozenset(), Shown(bids=frozenset({1}), hands=frozenset({1})))
    >>> shown("hidden", 2, [Entry(1, "bids", {"round": 2, "bids": [0, 1]}), Entry(2, UNDO)]).bids
    frozenset({2})
    """
    bidders: defaultdict[object, Counter] = defaultdict(Counter)  # round -> seat -> its active bids
    corrected: Counter = Counter()  # round -> active corrections (each sets every bid)
    scored: Counter = Counter()  # round -> active entries holding its tricks
    bids: set[int] = set()
    hands: set[int] = set()
    for entry, moved in walk(log):
        change, sign = (moved, -1) if entry.kind == UNDO else (moved, 1) if entry.kind == REDO else (entry, 1)
        if change is None or change.kind not in ("bid", "bids", "tricks", "correction"):
            continue
        number = change.data.get("round")
        if change.kind == "bid":
            bidders[number][change.data.get("player")] += sign
        else:
            corrected[number] += sign if change.kind in ("correction", "bids") else 0  # every bid at once
            scored[number] += sign if change.kind == "tricks" or change.data.get("tricks") is not None else 0
        if sign < 0 or not isinstance(number, int):
            continue  # taking an entry back reveals nothing
        if scored[number] > 0:
            bids.add(number)
            hands.add(number)
        elif reveal == "hidden" and (corrected[number] > 0 or sum(c > 0 for c in bidders[number].values()) == players):
            bids.add(number)
    return Shown(frozenset(bids), frozenset(hands))
