"""Bids revealed at once (K-B1, "Yo-ho-ho!"): until the last bid of a round is in, each
viewer sees only their own; then everyone sees all of them, for good (an undo of the last
bid seals nothing again: ``Sheet.shown``, the family's ``bidding/shown.py``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from ...rules.log import Entry, resolve
from ...rules.sealed import SEALED
from .sheet import RoundRow, Sheet

BID_KINDS = ("bid", "bids", "correction")  # the entries that hold bids


def revealed(sheet: Sheet, row: RoundRow) -> bool:
    """Whether everyone may see the bids of ``row``: once the last one is in (K-B1), for
    good."""
    return row.bids_in or row.number in sheet.shown.bids


def own_before(log: Iterable[Entry], viewer: int | None, horizon: int) -> frozenset[Any]:
    """The rounds whose bid of ``viewer`` was last recorded at or before entry
    ``horizon``: a seat's link issued after it does not read it until the reveal, or
    re-issuing a link would be a way to peek.

    >>> own_before([Entry(1, "bid", {"round": 1, "player": 0, "bid": 1})], 0, 1)
    frozenset({1})
    """
    if not horizon or viewer is None:
        return frozenset()
    last: dict[object, int] = {}
    for e in resolve(log).active:
        if (e.kind == "bid" and e.data.get("player") == viewer) or e.kind in ("bids", "correction"):
            last[e.data.get("round")] = e.seq
    return frozenset(r for r, seq in last.items() if seq <= horizon)


def sealed(sheet: Sheet, viewer: int | None = None, log: Iterable[Entry] = (), horizon: int = 0) -> Sheet:
    """The sheet as ``viewer`` may see it (K-B1): bids not yet revealed become SEALED,
    except the viewer's own (None: the Scribe or a watcher, who sees none of them).

    >>> from scribe.games.skull_king import make_setup, replay
    >>> s = make_setup(["Ana", "Ben", "Cy"])
    >>> full = replay(s, [Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})])
    >>> sealed(full).rows[0].bids, sealed(full, viewer=1).rows[0].bids
    ((None, SEALED, None), (None, 1, None))
    """
    if sheet.redacted:
        raise ValueError("this sheet is already a viewer's")
    old = own_before(log, viewer, horizon)
    rows = []
    for r in sheet.rows:
        if not revealed(sheet, r):
            mine = viewer if r.number not in old else None
            r = replace(r, bids=tuple(b if b is None or p == mine else SEALED for p, b in enumerate(r.bids)))
        rows.append(r)
    return replace(sheet, rows=tuple(rows), redacted=True, viewer=viewer)


def sealed_entry(sheet: Sheet, entry: Entry, viewer: int | None = None, horizon: int = 0) -> Entry:
    """A log entry as ``viewer`` may read it, judged against the whole sheet now: the
    bids of a round not revealed are SEALED (an undone "bids" entry too), except the
    viewer's own recorded after their link's ``horizon``."""
    if sheet.redacted:
        raise ValueError("judge entries against the whole sheet")
    if entry.kind not in BID_KINDS:
        return entry
    number = entry.data.get("round")
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and revealed(sheet, sheet.rows[number - 1]):
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
