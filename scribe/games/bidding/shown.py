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

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ...rules.log import CHANGE, REDO, UNDO, Entry, resolve, walk
from .sealing import BID_KINDS


@dataclass(frozen=True)
class Shown:
    """The rounds whose bids, and whose dealt hands, the whole table has seen."""

    bids: frozenset[int] = frozenset()
    hands: frozenset[int] = frozenset()


COUNTED = ("bid", "bids", "tricks", "correction")  # the entries that may reveal something


@dataclass
class Tally:
    """What ``shown`` counts as it walks the log, kept with a sheet so that the next entry
    is counted on from it (``step``) instead of walking the whole log again. Copied, never
    changed, once a sheet holds it (``stepped``)."""

    bidders: dict[object, Counter] = field(default_factory=dict)  # round -> seat -> its active bids
    corrected: Counter = field(default_factory=Counter)  # round -> active entries setting every bid
    scored: Counter = field(default_factory=Counter)  # round -> active entries holding its tricks
    bids: set[int] = field(default_factory=set)
    hands: set[int] = field(default_factory=set)

    def step(self, reveal: str, players: int, entry: Entry, moved: Entry | None) -> None:
        """Count one entry of the log (``moved``: what an undo took back or a redo brought back)."""
        change, sign = (moved, -1) if entry.kind == UNDO else (moved, 1) if entry.kind == REDO else (entry, 1)
        if entry.kind not in (UNDO, REDO) and moved is not None:
            return  # a changed bid in its first one's place: the same seats bid, nothing more revealed
        if change is None or change.kind not in COUNTED:
            return
        number = change.data.get("round")
        if change.kind == "bid":
            seats = self.bidders[number] = Counter(self.bidders.get(number, ()))  # copied: see stepped
            seats[change.data.get("player")] += sign
        else:
            self.corrected[number] += sign if change.kind in ("correction", "bids") else 0  # every bid at once
            self.scored[number] += sign if change.kind == "tricks" or change.data.get("tricks") is not None else 0
        if sign < 0 or not isinstance(number, int):
            return  # taking an entry back reveals nothing
        if self.scored[number] > 0:
            self.bids.add(number)
            self.hands.add(number)
        elif reveal == "hidden" and (self.corrected[number] > 0
                                     or sum(c > 0 for c in self.bidders.get(number, {}).values()) == players):
            self.bids.add(number)

    def stepped(self, reveal: str, players: int, entry: Entry) -> Tally:
        """A new tally counting one more entry that is neither an undo nor a redo. What
        ``step`` changes for that kind is copied, the rest shared (never changed once a
        sheet holds it): a bid changes its round's bidders, the others their counts."""
        if entry.kind not in COUNTED:
            return self  # counts nothing (``step`` returns at once)
        bid = entry.kind == "bid"
        new = Tally(dict(self.bidders) if bid else self.bidders, self.corrected if bid else Counter(self.corrected),
                    self.scored if bid else Counter(self.scored), set(self.bids), set(self.hands))
        new.step(reveal, players, entry, None)
        return new

    def shown(self, before: Shown | None = None) -> Shown:
        """What the table has seen (``before`` again when nothing more was revealed)."""
        if before is not None and before.bids == self.bids and before.hands == self.hands:
            return before
        return Shown(frozenset(self.bids), frozenset(self.hands))


def tally(reveal: str, players: int, log: Iterable[Entry]) -> Tally:
    """The tally of the whole ``log`` (see ``shown``)."""
    counted = Tally()
    for entry, moved in walk(log):
        counted.step(reveal, players, entry, moved)
    return counted


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
    return tally(reveal, players, log).shown()


def _dealt(entry: Entry) -> bool:
    """Whether ``entry`` holds cards of a dealt hand: a virtual deck's deal, or a card passed
    face down (W-J4)."""
    return entry.kind == "deal" or (entry.kind == "played" and bool(entry.data.get("pass")))


def withdrawn(reveal: str, players: int, log: Iterable[Entry], bids: bool = True) -> frozenset[int]:
    """The entries holding bids (``bids``), or dealt hands, that were taken back for good
    before the table saw them:
    never in effect while their round's bids were shown, neither in effect now nor to be
    brought back by a redo (W-B7, K-B1). At a real table a bid changed before the reveal
    is never known, so these stay sealed for good, from everyone, the reveal of their
    round notwithstanding; a record carries them without their value. One in effect at
    the reveal was seen: a reveal is for good. Likewise a deal undone (before any bid) and
    dealt again: its hands were never the table's, only its card turned up (W-R3, W-R4).

    >>> bid = lambda seq, b: Entry(seq, "bid", {"round": 1, "player": 0, "bid": b})
    >>> other = Entry(4, "bid", {"round": 1, "player": 1, "bid": 0})
    >>> withdrawn("hidden", 2, [bid(1, 1), Entry(2, UNDO), bid(3, 0), other])  # Ana's 1: never seen
    frozenset({1})
    >>> withdrawn("hidden", 2, [bid(1, 1), other, Entry(3, UNDO), Entry(4, UNDO)])  # both seen, then undone
    frozenset()
    >>> withdrawn("secret", 2, [bid(1, 1), Entry(2, UNDO), Entry(3, REDO), other])  # back: sealed till the tricks
    frozenset()
    >>> withdrawn("secret", 2, [bid(1, 1), Entry(2, UNDO)])  # a redo may still bring it back
    frozenset()
    >>> changed = Entry(2, "bid", {"round": 1, "player": 0, "bid": 0, "rebid": True})
    >>> withdrawn("hidden", 2, [bid(1, 2), changed, other])  # Ana's 2 changed to 0 before the reveal: never seen
    frozenset({1})
    >>> deal = lambda seq: Entry(seq, "deal", {"round": 1, "hands": [["W"], ["J"]]})
    >>> withdrawn("open", 2, [deal(1), Entry(2, UNDO), deal(3), Entry(4, "tricks", {"round": 1})], bids=False)
    frozenset({1})
    """
    log = list(log)  # read twice: walked here, resolved below
    if not any(e.kind == UNDO or e.data.get(CHANGE) for e in log):  # nothing taken back: the common case, read once
        return frozenset()
    counted = Tally()
    active: dict[object, set[int]] = {}  # round -> the entries holding its bids in effect now
    held: set[int] = set()
    seen: set[int] = set()
    for entry, moved in walk(log):
        counted.step(reveal, players, entry, moved)
        change = moved if entry.kind in (UNDO, REDO) else entry
        if change is None:
            continue
        number = change.data.get("round")
        if not isinstance(number, int):
            continue
        if (bids and change.kind in BID_KINDS) or _dealt(change):  # its round's bids, or hands
            held.add(change.seq)
            in_effect = active.setdefault(("hands", number) if _dealt(change) else number, set())
            if entry.kind == UNDO:
                in_effect.discard(change.seq)
            else:
                in_effect.add(change.seq)
                if entry.kind != REDO and moved is not None:  # a changed bid: the first one never seen
                    in_effect.discard(moved.seq)
        for key, shown_now in ((number, counted.bids), (("hands", number), counted.hands)):
            if number in shown_now:  # revealed now (or before): what is in effect is seen
                seen.update(active.get(key, ()))
    now = resolve(log)
    return frozenset(held - seen - {e.seq for e in now.active} - {e.seq for e in now.redoable})
