"""Bids revealed at once (K-B1, "Yo-ho-ho!"): until the last bid of a round is in, each
viewer sees only their own; then everyone sees all of them, for good (an undo of the last
bid seals nothing again: ``Sheet.shown``, the family's ``bidding/shown.py``). With the
virtual deck, a seat's dealt hand is its own until the round is scored (then every hand
is public, for good); a card played to the table is public.
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


def hands_shown(sheet: Sheet, number: int) -> bool:
    """Whether round ``number``'s dealt hands are public: once it was scored, for good."""
    return number in sheet.shown.hands or sheet.rows[number - 1].complete


def dealt_before(log: Iterable[Entry], horizon: int) -> frozenset[Any]:
    """The rounds dealt at or before entry ``horizon``: a seat's link issued after the deal
    does not read that hand (re-issuing a link must not be a way to peek).

    >>> dealt_before([Entry(1, "deal", {"round": 1, "hands": []})], 1), dealt_before([], 0)
    (frozenset({1}), frozenset())
    """
    if not horizon:
        return frozenset()
    return frozenset(e.data.get("round") for e in resolve(log).active if e.kind == "deal" and e.seq <= horizon)


def _own(hands: Any, viewer: int | None) -> tuple[Any, ...]:
    return tuple(h if p == viewer else None for p, h in enumerate(hands))


def sealed(sheet: Sheet, viewer: int | None = None, log: Iterable[Entry] = (), horizon: int = 0,
           deal_horizon: int = 0) -> Sheet:
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
    log = list(log)
    old = own_before(log, viewer, horizon)
    old_deals = dealt_before(log, deal_horizon) if viewer is not None else frozenset()
    rows = []
    for r in sheet.rows:
        if not revealed(sheet, r):
            mine = viewer if r.number not in old else None
            r = replace(r, bids=tuple(b if b is None or p == mine else SEALED for p, b in enumerate(r.bids)))
        if r.hands is not None and not hands_shown(sheet, r.number):
            holder = viewer if r.number not in old_deals else None
            r = replace(r, hands=_own(r.hands, holder))
        rows.append(r)
    # records=(): they hold every bid, for ``advance`` alone, and a viewer's sheet is never advanced
    return replace(sheet, rows=tuple(rows), redacted=True, viewer=viewer, records=())


def sealed_entry(sheet: Sheet, entry: Entry, viewer: int | None = None, horizon: int = 0,
                 deal_horizon: int = 0) -> Entry:
    """A log entry as ``viewer`` may read it, judged against the whole sheet now: the
    bids of a round not revealed are SEALED (an undone "bids" entry too), except the
    viewer's own recorded after their link's ``horizon``; a deal shows only the viewer's
    own hand (none if dealt before ``deal_horizon``) until its round is scored."""
    if sheet.redacted:
        raise ValueError("judge entries against the whole sheet")
    if entry.kind == "deal":
        number = entry.data.get("round")
        if isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
            return entry
        holder = None if entry.seq <= deal_horizon else viewer
        return replace(entry, data={**entry.data, "hands": list(_own(entry.data.get("hands") or (), holder))})
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
