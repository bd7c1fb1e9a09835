"""Sealed bids for the bids-and-tricks family (W-B7, K-B1), written once: a viewer sees
only their own bid of a round not yet revealed, and a seat's link re-issued later (its
``horizon``), or a seat claimed by a phone after its bid was tapped on the Scribe's phone
(``entered``), does not read back a bid recorded before it, or re-issuing a link would be
a way to peek. When a round is revealed is the game's to say (a mode, the last bid in);
the game passes it as ``revealed``. Works on any row with ``number`` and ``bids``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from typing import Any

from ...rules.log import Entry, resolve
from ...rules.sealed import SEALED

WHOLE_TABLE = ("bids", "correction")  # entries that set every seat's bid at once
BID_KINDS = ("bid",) + WHOLE_TABLE  # the entries that hold bids


def recorded_before(log: Iterable[Entry], viewer: int | None, horizon: int,
                    entered: int = 0) -> tuple[frozenset, frozenset]:
    """The rounds whose bid of ``viewer`` was last recorded at or before entry
    ``max(horizon, entered)``, and whose deal at or before ``horizon``: a seat's link
    issued after them must not read them until they are revealed. ``entered``: the seat
    was claimed after that entry, so a bid recorded before was tapped on the Scribe's
    phone, passed round: the phone that claims the seat later must not read it back (its
    hand it may see: it is its own).

    >>> log = [Entry(1, "bid", {"round": 1, "player": 0, "bid": 1}), Entry(2, "bid", {"round": 2, "player": 0, "bid": 0})]
    >>> recorded_before(log, 0, 1), recorded_before(log, 0, 0, entered=2)
    ((frozenset({1}), frozenset()), (frozenset({1, 2}), frozenset()))
    >>> recorded_before([Entry(1, "bids", {"round": 3, "bids": [0, 1]})], 1, 1)[0]
    frozenset({3})
    """
    entered = max(horizon, entered)
    if not entered or viewer is None:
        return frozenset(), frozenset()
    bids: dict[object, int] = {}
    deals: dict[object, int] = {}
    for e in resolve(log).active:
        number = e.data.get("round")
        if (e.kind == "bid" and e.data.get("player") == viewer) or e.kind in WHOLE_TABLE:
            bids[number] = e.seq
        elif e.kind == "deal":
            deals[number] = e.seq
    return (frozenset(r for r, seq in bids.items() if seq <= entered),
            frozenset(r for r, seq in deals.items() if seq <= horizon))


def own_only(bids: Sequence[Any], mine: int | None) -> tuple:
    """``bids`` with every bid in but ``mine`` SEALED (None: not in yet, stays None).

    >>> own_only((None, 2, 0), 1), own_only((None, 2, 0), None)
    ((None, 2, SEALED), (None, SEALED, SEALED))
    """
    return tuple(b if b is None or p == mine else SEALED for p, b in enumerate(bids))


def sealed_rows(rows: Iterable[Any], revealed: Callable[[Any], bool], viewer: int | None,
                old_bids: Iterable[Any] = ()) -> list:
    """The rows with the bids of every round not ``revealed`` sealed, except ``viewer``'s
    own recorded after their link (``old_bids``, from ``recorded_before``)."""
    old = frozenset(old_bids)
    out = []
    for r in rows:
        if not revealed(r):
            r = replace(r, bids=own_only(r.bids, viewer if r.number not in old else None))
        out.append(r)
    return out


def row_of(rows: Sequence[Any], number: object) -> Any:
    """The row of round ``number`` as an entry names it, or None when it names none."""
    return rows[number - 1] if isinstance(number, int) and 1 <= number <= len(rows) else None


def sealed_entry(rows: Sequence[Any], entry: Entry, revealed: Callable[[Any], bool], viewer: int | None = None,
                 horizon: int = 0, withdrawn: Collection[int] = ()) -> Entry:
    """A log entry as ``viewer`` may read it, judged against the whole sheet's ``rows``
    now: the bids of a round not ``revealed`` are SEALED (an undone entry's too), except
    the viewer's own recorded after ``horizon`` (their link's, or when their phone
    claimed the seat, whichever is later). An entry ``withdrawn`` (``shown.withdrawn``:
    taken back before the table saw it) stays sealed after its round's reveal too.

    >>> from types import SimpleNamespace as Row
    >>> rows = [Row(number=1, bids=(None, 1))]
    >>> sealed_entry(rows, Entry(1, "bid", {"round": 1, "player": 1, "bid": 1}), lambda r: False, viewer=0).data
    {'round': 1, 'player': 1, 'bid': SEALED}
    >>> sealed_entry(rows, Entry(2, "bids", {"round": 1, "bids": [0, 1]}), lambda r: False, viewer=0).data
    {'round': 1, 'bids': [0, SEALED]}
    >>> sealed_entry(rows, Entry(3, "bid", {"round": 1, "player": 1, "bid": 0}), lambda r: True, withdrawn={3}).data
    {'round': 1, 'player': 1, 'bid': SEALED}
    """
    if entry.kind not in BID_KINDS:
        return entry
    row = row_of(rows, entry.data.get("round"))
    if row is not None and revealed(row) and entry.seq not in withdrawn:
        return entry
    if entry.seq <= horizon:
        viewer = None
    d = dict(entry.data)
    if entry.kind == "bid":
        if d.get("player") != viewer:
            d["bid"] = SEALED
    else:
        d["bids"] = [b if p == viewer else SEALED for p, b in enumerate(d.get("bids") or ())]
    return replace(entry, data=d)
