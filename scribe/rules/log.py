"""The recorded log of a game, and undo/redo over it, for every game.

Nothing recorded is ever destroyed: an undo is itself an entry that takes back the
latest active entry, and a redo is an entry that brings back the latest undone one.
So the active entries are a pure function of the log, and so is the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .errors import N_, RuleError

UNDO = "undo"
REDO = "redo"


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
    for entry in log:
        if entry.kind == UNDO:
            if done:
                redo.append(done.pop())
        elif entry.kind == REDO:
            if redo:
                done.append(redo.pop())
        else:
            done.append(entry)
            redo.clear()
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
