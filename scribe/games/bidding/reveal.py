"""Hidden and secret bids (W-B7): who may see which bid, and the sealed view of a sheet."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from ...rules.log import Entry
from . import sealing
from .sealing import recorded_before
from .sheet import RoundRow, Sheet, _own, restriction


def revealed(sheet: Sheet, row: RoundRow) -> bool:
    """Whether everyone may see the bids of ``row``: always when spoken aloud; once the
    last bid is in (hidden); once the round's tricks are in (secret), W-B7. A reveal is
    for good: an undo of the entry that made it seals nothing again (``Sheet.shown``)."""
    reveal = sheet.setup.rules.reveal
    if reveal == "open" or row.number in sheet.shown.bids:
        return True
    return row.bids_in if reveal == "hidden" else row.complete


def hands_shown(sheet: Sheet, number: int) -> bool:
    """Whether round ``number``'s dealt hands are public: once it was scored, for good."""
    return number in sheet.shown.hands or sheet.rows[number - 1].complete


def last_seat_waits(sheet: Sheet, row: RoundRow) -> bool:
    """In hidden and secret modes, the last seat may not bid yet: a restriction may bind
    it (W-B7 reading) and some other bid is still missing."""
    if sheet.setup.rules.reveal == "open" or restriction(sheet, row) is None:
        return False
    return any(row.bids[p] is None for p in row.order[:-1])


def sealed(sheet: Sheet, viewer: int | None = None, log: Iterable[Entry] = (), horizon: int = 0,
           entered: int = 0) -> Sheet:
    """The sheet as ``viewer`` may see it (W-B7): bids not yet revealed become SEALED,
    except the viewer's own. ``None`` is the Scribe or a watcher: no sealed bid at all.
    A seat's link with a ``horizon`` (issued after an earlier one) does not see that
    seat's own bid or hand recorded before it, until revealed (the family's
    ``bidding.sealing``); which hands a viewer holds is the row's to say (``hands_seen``),
    what else a viewer's sheet keeps or drops the sheet's (``seen_by``).

    The forbidden bid tells the sum of the others' bids, so only its bidder keeps it.

    >>> from scribe.games.wizard import Entry, make_setup, replay
    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2, reveal="hidden")
    >>> full = replay(s, [Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})])
    >>> sealed(full).rows[0].bids, sealed(full, viewer=1).rows[0].bids
    ((None, SEALED, None), (None, 1, None))
    """
    if sheet.redacted:
        raise ValueError("this sheet is already a viewer's")
    open_bids = sheet.setup.rules.reveal == "open"
    if open_bids and not sheet.setup.rules.virtual_deck:
        return sheet
    old_bids, old_deals = recorded_before(log, viewer, horizon, entered)
    rows = []
    for r in sealing.sealed_rows(sheet.rows, lambda row: revealed(sheet, row), viewer, old_bids):
        if r.hands is not None:  # virtual deck: a viewer holds only their own cards (the row's game says which)
            r = r.hands_seen(viewer, r.number in old_deals, hands_shown(sheet, r.number))
        rows.append(r)
    return sheet.seen_by(tuple(rows), viewer)


def sealed_entry(sheet: Sheet, entry: Entry, viewer: int | None = None, horizon: int = 0,
                 entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
    """A log entry as ``viewer`` may read it, given the whole sheet now (W-B7): the bid
    values of a round whose bids are not revealed are SEALED, except the viewer's own
    recorded after the ``horizon`` (and, for a bid, ``entered``) of the viewer's link
    (see ``sealed``); those of an entry ``withdrawn`` before its reveal, for good."""
    if sheet.redacted:
        raise ValueError("judge entries against the whole sheet")
    gone = entry.seq in withdrawn  # undone before its round was scored: nobody's, for good
    if entry.kind == "deal":
        return _sealed_cards(sheet, entry, None if entry.seq <= horizon else viewer, gone)
    own = getattr(sheet.setup, "sealed_played", None)  # a card tap the game seals itself (Wizard's passes, W-J4)
    if entry.kind == "played" and own is not None:
        seen = own(sheet, entry, None if entry.seq <= horizon else viewer, gone)
        if seen is not None:
            return seen
    if sheet.setup.rules.reveal == "open":
        return entry
    return sealing.sealed_entry(sheet.rows, entry, lambda row: revealed(sheet, row), viewer, max(horizon, entered),
                                withdrawn)


def _sealed_cards(sheet: Sheet, entry: Entry, viewer: int | None, withdrawn: bool = False) -> Entry:
    """A deal as ``viewer`` may read it: until the round is scored, only their own hand;
    then every hand, for review, for good. A card played to the table is public (W-P1..W-P5).
    A deal ``withdrawn`` (undone before the bids) shows no hand, ever: only its card turned up."""
    number = entry.data.get("round")
    if withdrawn:
        viewer = None
    elif isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
        return entry
    d = dict(entry.data)
    d["hands"] = list(_own(d.get("hands") or (), viewer))
    return replace(entry, data=d)
