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
    ``bidding.sealing``); only the hands and the forbidden bid are Wizard's own here.

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
        if r.hands is not None:  # virtual deck: a viewer holds only their own cards
            holder = viewer if r.number not in old_deals or hands_shown(sheet, r.number) else None
            r = replace(r, hands=_own(r.hands, holder))  # cards played to the table are public
            if r.passed:  # W-J4: the card passed and the one received, nobody else's
                r = replace(r, passed=_passes_seen(r.passed, holder, hands_shown(sheet, r.number)))
        rows.append(r)
    forbidden = sheet.forbidden()
    mine = open_bids or (viewer is not None and forbidden is not None and forbidden.player == viewer)
    kept = forbidden if mine else None
    # state=None: the full sheet's rounds hold every hand and bid, for ``advance`` alone
    return replace(sheet, rows=tuple(rows), redacted=True, viewer=viewer, kept_forbidden=kept, state=None)


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
    if entry.kind == "played" and entry.data.get("pass"):  # W-J4: a card passed face down
        return _sealed_pass(sheet, entry, None if entry.seq <= horizon else viewer, gone)
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


def _passes_seen(passed: tuple, holder: int | None, shown: bool) -> tuple:
    """The Juggler's passes (W-J4) a viewer may see: the card they passed and the one passed
    to them (from the seat on their right); all of them once the round's hands are shown."""
    if shown:
        return passed
    n = len(passed)
    return tuple(c if holder is not None and p in (holder, (holder - 1) % n) else None for p, c in enumerate(passed))


def _sealed_pass(sheet: Sheet, entry: Entry, viewer: int | None, withdrawn: bool = False) -> Entry:
    """A pass (W-J4) as ``viewer`` may read it: its card (else None, as the history shows a
    sealed card) for the passer and the receiver only, until the round is scored; nobody's
    once ``withdrawn`` (undone before then)."""
    number, player = entry.data.get("round"), entry.data.get("player")
    if withdrawn:
        return replace(entry, data={**entry.data, "card": None})
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
        return entry
    if viewer is not None and isinstance(player, int) and viewer in (player, (player + 1) % sheet.setup.n):
        return entry
    return replace(entry, data={**entry.data, "card": None})  # None: the history's sealed card
