"""The recorded log of a game, and undo/redo over it, for every game.

Nothing recorded is ever destroyed: an undo is itself an entry that takes back the
latest active entry, and a redo is an entry that brings back the latest undone one.
So the active entries are a pure function of the log, and so is the sheet.

An undo records ``{"takes_back": seq}`` and a redo ``{"brings_back": seq}`` so that the
log reads on its own; older records hold ``{}``. Either way the target is worked out
from the order of the entries alone: the data is for people and for checks, never
for ``resolve``.

A changed sealed bid (W-B7, K-B1) is an entry whose data holds ``"rebid": True``: it
takes the place of the entry of the same kind, round and player in effect, where that
one stood in the undo stack, and leaves the redo stack alone, so that undo and redo act
as if the first entry had been this one all along (nobody learns of the change).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import N_, RuleError

UNDO = "undo"
REDO = "redo"
TAKES_BACK = "takes_back"
BRINGS_BACK = "brings_back"
NAMED_BY = {UNDO: TAKES_BACK, REDO: BRINGS_BACK}  # the one key of an undo's or a redo's data
CHANGE = "rebid"  # the key of an entry taking the place of its seat's in effect (see above)


@dataclass(frozen=True)
class Entry:
    """One recorded action: ``seq`` is its 1-based place in the game's log."""

    seq: int
    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    at: str = ""


@dataclass(frozen=True)
class Resolved:
    """The log with undo/redo applied: what counts now, and what could be redone."""

    active: tuple[Entry, ...]
    redoable: tuple[Entry, ...]  # top of the redo stack last
    undone: frozenset[int]  # seqs of entries currently taken back

    @property
    def undo_target(self) -> Entry | None:
        return self.active[-1] if self.active else None

    @property
    def redo_target(self) -> Entry | None:
        return self.redoable[-1] if self.redoable else None


def replaces(entry: Entry, done: list[Entry]) -> int | None:
    """The place in ``done`` of the entry a change takes the place of, or None: not a
    change, or nothing of its kind, round and player in effect.

    >>> bid = lambda seq, p, **k: Entry(seq, "bid", {"round": 1, "player": p, **k})
    >>> replaces(bid(3, 0, rebid=True), [bid(1, 0), bid(2, 1)]), replaces(bid(3, 0), [bid(1, 0)])
    (0, None)
    """
    if not entry.data.get(CHANGE):
        return None
    same = (entry.data.get("round"), entry.data.get("player"))
    for i in range(len(done) - 1, -1, -1):
        d = done[i]
        if d.kind == entry.kind and (d.data.get("round"), d.data.get("player")) == same:
            return i
    return None


def _steps(log: Iterable[Entry], done: list[Entry], redo: list[Entry]) -> Iterator[tuple[Entry, Entry | None]]:
    """Walk the log like an editor's undo stack, growing ``done`` and ``redo`` in place;
    yield each entry with the one it took back or brought back, or a change with the one
    whose place it took (None: none of these, or one with nothing to do). The one place the stack's rules are written."""
    for entry in log:
        moved = None
        if entry.kind == UNDO:
            if done:
                moved = done.pop()
                redo.append(moved)
        elif entry.kind == REDO:
            if redo:
                moved = redo.pop()
                done.append(moved)
        else:
            at = replaces(entry, done)
            if at is None:
                done.append(entry)
                redo.clear()
            else:  # a change: in the first one's place, the redo stack as it was
                moved, done[at] = done[at], entry
        yield entry, moved


def walk(log: Iterable[Entry]) -> Iterator[tuple[Entry, Entry | None]]:
    """Each entry of the log with the one it took back or brought back, in order: what
    was active at every point of the log, for what must outlive an undo (a reveal, W-B7).

    >>> [(e.seq, m and m.seq) for e, m in walk([Entry(1, "bid"), Entry(2, UNDO), Entry(3, REDO)])]
    [(1, None), (2, 1), (3, 1)]
    """
    return _steps(log, [], [])


def resolve(log: Iterable[Entry]) -> Resolved:
    """Apply undo and redo entries in order, like an editor's undo stack.

    A new entry clears the redo stack (the undone entries stay in the log).

    >>> log = [Entry(1, "bid"), Entry(2, "bid"), Entry(3, UNDO), Entry(4, REDO), Entry(5, UNDO)]
    >>> [e.seq for e in resolve(log).active], resolve(log).redo_target.seq
    ([1], 2)
    """
    log = list(log)  # read twice below: a generator would be empty the second time
    done: list[Entry] = []
    redo: list[Entry] = []
    for _ in _steps(log, done, redo):
        pass
    active_seqs = {e.seq for e in done}
    undone = frozenset(
        e.seq for e in log if e.kind not in (UNDO, REDO) and e.seq not in active_seqs
    )
    return Resolved(tuple(done), tuple(redo), undone)


def verify_undo(log: Iterable[Entry]) -> Entry:
    """Return the entry an undo would take back, or refuse."""
    target = resolve(log).undo_target
    if target is None:
        raise RuleError(N_("There is nothing to undo."), field="undo")
    return target


def verify_redo(log: Iterable[Entry]) -> Entry:
    """Return the entry a redo would bring back, or refuse."""
    target = resolve(log).redo_target
    if target is None:
        raise RuleError(N_("There is nothing to redo."), field="redo")
    return target


def targets(log: Iterable[Entry]) -> dict[int, Entry]:
    """The entry each undo took back and each redo brought back, by the undo's or redo's
    seq, worked out from the order alone so that old records (``{}`` data) read the same.

    >>> log = [Entry(1, "bid"), Entry(2, "bid"), Entry(3, UNDO), Entry(4, UNDO), Entry(5, REDO)]
    >>> {seq: e.seq for seq, e in targets(log).items()}
    {3: 2, 4: 1, 5: 1}
    """
    return {entry.seq: moved for entry, moved in _steps(log, [], []) if moved is not None and entry.kind in NAMED_BY}


def named(kind: str, target: Entry) -> dict[str, int]:
    """The data an undo or a redo records: the seq of its target, never the target's data
    (a sealed bid or a hand must not be copied where the seal does not reach, W-B7).

    >>> named(UNDO, Entry(23, "bid", {"bid": 2})), named(REDO, Entry(23, "bid"))
    ({'takes_back': 23}, {'brings_back': 23})
    """
    return {NAMED_BY[kind]: target.seq}


def verify_named(kind: str, data: Mapping[str, Any], target: Entry) -> None:
    """Refuse an undo or a redo whose data does not name ``target``, the entry it really
    takes back or brings back. ``{}`` is accepted: records made before undo named its target."""
    if not data:
        return
    key = NAMED_BY[kind]
    if set(data) != {key} or type(data[key]) is not int:  # True is an int to Python, and no seq
        raise RuleError(N_("An undo holds only the entry it takes back (takes_back), a redo only the entry "
                           "it brings back (brings_back)."), field=key)
    if data[key] != target.seq:
        message = (N_("This undo says it takes back entry #%(named)s, but the entry it takes back is #%(seq)s.")
                   if kind == UNDO else
                   N_("This redo says it brings back entry #%(named)s, but the entry it brings back is #%(seq)s."))
        raise RuleError(message, field=key, named=data[key], seq=target.seq)


@dataclass(frozen=True)
class Applied:
    """What a game's replay applies: each active entry's kind and data, in order, and
    whether undo and redo can act (the step every game's replay starts with)."""

    entries: tuple[tuple[str, Mapping[str, Any]], ...]
    can_undo: bool
    can_redo: bool


def applied(entries: Iterable[Any]) -> Applied:
    """A log of :class:`Entry` objects with its undo/redo resolved; plain mappings or
    objects with ``kind`` and ``data`` (doctests, simulations) are taken as they are.

    >>> applied([Entry(1, "round", {"n": 1}), Entry(2, UNDO)]).entries, applied([]).can_undo
    ((), False)
    >>> applied([{"kind": "round", "data": {"n": 1}}]).entries
    (('round', {'n': 1}),)
    """
    entries = list(entries)
    if entries and all(isinstance(e, Entry) for e in entries):
        resolved = resolve(entries)
        return Applied(tuple((e.kind, e.data or {}) for e in resolved.active),
                       resolved.undo_target is not None, resolved.redo_target is not None)
    pairs = tuple((e["kind"], e.get("data") or {}) if isinstance(e, Mapping) else (e.kind, e.data or {})
                  for e in entries)
    return Applied(pairs, bool(pairs), False)
