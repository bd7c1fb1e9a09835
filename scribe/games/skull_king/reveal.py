"""Bids revealed at once (K-B1, "Yo-ho-ho!"): until the last bid of a round is in, each
viewer sees only their own; then everyone sees all of them, for good (an undo of the last
bid seals nothing again: ``Sheet.shown``, the family's ``bidding/shown.py``). The sealing
of bids, and what a re-issued link may not read back, is the family's
(``bidding/sealing.py``); only when a round is revealed is Skull King's. With the virtual
deck, a seat's dealt hand is its own until the round is scored (then every hand is
public, for good); a card played to the table is public.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any

from ...rules.log import Entry
from ..bidding import sealing
from .sheet import RoundRow, Sheet


def revealed(sheet: Sheet, row: RoundRow) -> bool:
    """Whether everyone may see the bids of ``row``: once the last one is in (K-B1), for
    good."""
    return row.bids_in or row.number in sheet.shown.bids


def hands_shown(sheet: Sheet, number: int) -> bool:
    """Whether round ``number``'s dealt hands are public: once it was scored, for good."""
    return number in sheet.shown.hands or sheet.rows[number - 1].complete


def _own(hands: Any, viewer: int | None) -> tuple[Any, ...]:
    return tuple(h if p == viewer else None for p, h in enumerate(hands))


def sealed(sheet: Sheet, viewer: int | None = None, log: Iterable[Entry] = (), horizon: int = 0,
           deal_horizon: int = 0) -> Sheet:
    """The sheet as ``viewer`` may see it (K-B1): bids not yet revealed become SEALED,
    except the viewer's own (None: the Scribe or a watcher, who sees none of them), and
    except one recorded before the viewer's link's ``horizon``; a dealt hand only its
    holder's, and not one dealt before ``deal_horizon`` (the link's own horizon).

    >>> from scribe.games.skull_king import make_setup, replay
    >>> s = make_setup(["Ana", "Ben", "Cy"])
    >>> full = replay(s, [Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})])
    >>> sealed(full).rows[0].bids, sealed(full, viewer=1).rows[0].bids
    ((None, SEALED, None), (None, 1, None))
    >>> sealed(full, viewer=1, log=[Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})], horizon=1).rows[0].bids
    (None, SEALED, None)
    """
    if sheet.redacted:
        raise ValueError("this sheet is already a viewer's")
    old_bids, old_deals = sealing.recorded_before(log, viewer, deal_horizon, entered=horizon)
    rows = []
    for r in sealing.sealed_rows(sheet.rows, lambda row: revealed(sheet, row), viewer, old_bids):
        if r.hands is not None and not hands_shown(sheet, r.number):
            r = replace(r, hands=_own(r.hands, viewer if r.number not in old_deals else None))
        rows.append(r)
    # records=(): they hold every bid, for ``advance`` alone, and a viewer's sheet is never advanced
    return replace(sheet, rows=tuple(rows), redacted=True, viewer=viewer, records=())


def sealed_entry(sheet: Sheet, entry: Entry, viewer: int | None = None, horizon: int = 0,
                 deal_horizon: int = 0, withdrawn: Collection[int] = ()) -> Entry:
    """A log entry as ``viewer`` may read it, judged against the whole sheet now (K-B1):
    the family's ``sealing.sealed_entry`` with Skull King's reveal; a deal shows only the
    viewer's own hand (none if dealt before ``deal_horizon``) until its round is scored. A
    bid ``withdrawn`` before its reveal stays sealed for good, and so do the hands of a
    deal withdrawn (undone before the bids)."""
    if sheet.redacted:
        raise ValueError("judge entries against the whole sheet")
    if entry.kind == "deal":
        number = entry.data.get("round")
        gone = entry.seq in withdrawn  # undone before the bids: nobody's hands, for good
        if not gone and isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
            return entry
        holder = None if gone or entry.seq <= deal_horizon else viewer
        return replace(entry, data={**entry.data, "hands": list(_own(entry.data.get("hands") or (), holder))})
    return sealing.sealed_entry(sheet.rows, entry, lambda row: revealed(sheet, row), viewer, horizon, withdrawn)
