"""The family's one base sheet: what the log leaves of each round (``Round``: its bids,
tricks, destroyed tricks, dealt hands and plays), and the one ``replay`` / ``advance``
loop from a setup and its log to the rows with their running totals. A game says what is
its own through its round's type (``Round.take`` for its entry kinds and extras) and its
row builder (its score: W-S1, R-S2, K-S1..K-S4). Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, NamedTuple

from ...rules.log import CHANGE, REDO, UNDO, Entry, resolve
from .result import BidSheet
from .robots import KIND as ROBOT, robot_seats, taken
from .shown import Shown, Tally, tally


@dataclass
class Round:
    """What the log says of one round so far; the family's entry kinds applied here, a
    game's own in its subclass's ``take`` (which calls this one for the rest)."""

    bids: list[Any]
    tricks: list[int] | None = None
    destroyed: int = 0  # tricks nobody won (W-J2, K-T1)
    corrected: bool = False
    hands: tuple[tuple[str, ...], ...] | None = None  # virtual deck: the dealt hands (card notations)
    plays: list[tuple[int, str]] | None = None  # virtual deck: (seat, card as played), in play order
    shuffled: int = 0  # virtual deck: times Scribe shuffled again before the deal (public)

    def copy(self) -> Round:
        """A round ``advance`` may change while the sheet holding this one stays as it was
        (its lists copied; everything else is never changed in place)."""
        return replace(self, **{f.name: list(v) for f in fields(self) if isinstance(v := getattr(self, f.name), list)})

    @property
    def played(self) -> tuple[tuple[str, ...], ...]:
        """The cards each seat played, as played, once dealt; () before the deal."""
        if self.hands is None or self.plays is None:
            return ()
        return tuple(tuple(c for p, c in self.plays if p == seat) for seat in range(len(self.hands)))

    def take(self, setup: Any, entry: Entry) -> None:
        """Apply one verified entry (its data normalised by ``verify``)."""
        d = entry.data
        if entry.kind == "bid":
            self.bids[d["player"]] = d["bid"]
        elif entry.kind == "bids":  # every seat's at once (K-B1's "Yo-ho-ho!")
            self.bids = list(d["bids"])
        elif entry.kind == "deal":
            self.hands = tuple(tuple(h) for h in d["hands"])
            self.plays = []
        elif entry.kind == "shuffle":  # virtual deck: the next deal is a new one (the table is told)
            self.shuffled += 1
        elif entry.kind == "played":
            self.plays.append((d["player"], d["card"]))  # type: ignore[union-attr]
        elif entry.kind == "take_back":  # the player's own last card, back in their hand
            self.plays.pop()  # type: ignore[union-attr]
        elif entry.kind == "tricks":
            self.tricks = list(d["tricks"])
            self.destroyed = d.get("destroyed", 0)
        elif entry.kind == "correction":
            self.bids = list(d["bids"])
            if d.get("tricks") is not None:
                self.tricks = list(d["tricks"])
                self.destroyed = d.get("destroyed", self.destroyed)
            self.corrected = True
        else:
            raise ValueError(f"unknown entry kind {entry.kind!r}")


class State(NamedTuple):
    """What ``advance`` goes on from: every round as the log left it (all hands, all bids)
    and the tally behind ``shown``; a viewer's sheet has none."""

    rounds: tuple[Round, ...]  # never changed once a sheet holds them: ``advance`` copies the one it changes
    tally: Tally


@dataclass(frozen=True)
class Sheet(BidSheet):
    """What every game's sheet holds: the rows from the setup and the log, the log's
    length and its undo and redo; a viewer's copy (``seen_by``) is ``redacted``."""

    setup: Any
    rows: tuple[Any, ...]
    version: int  # entries in the log; a page submits it back to detect staleness
    can_undo: bool
    can_redo: bool
    shown: Shown = Shown()  # what the whole table has seen, for good (W-B7, K-B1)
    redacted: bool = False  # set by ``reveal.sealed``: the sheet as one viewer may see it
    viewer: int | None = None
    # (seat, level, seed) of each seat a robot holds (``robots``): public, kept in every view
    robot_seats: tuple[tuple[int, str, int], ...] = ()
    # What ``advance`` goes on from. Not what the sheet shows: never compared, and a
    # viewer's sheet has none (``reveal.sealed`` drops it with the secrets it holds).
    state: State | None = field(default=None, compare=False, repr=False)

    @property
    def robots(self) -> dict[int, dict[str, Any]]:
        """{seat: {"level", "seed"}} of the seats robots hold (issue 37)."""
        return {seat: {"level": level, "seed": seed} for seat, level, seed in self.robot_seats}

    def table_key(self) -> Any:
        """What the score sheet's table (the ``_sheet.html`` templates) shows of this view,
        for the web to render that table once for every viewer it reads alike
        (``scribe/web/shared_sheet.py``): the view less what only its holder keeps beside the
        table: whose view it is, their dealt hand, the forbidden bid kept for its bidder.
        Their own sealed bid is in the table, so it stays. A field a sheet template shows,
        itself or through a method it calls, must not be left out here."""
        mine = {f.name: None for f in fields(self) if f.name in _HOLDERS_OWN}
        return replace(self, rows=tuple(replace(r, hands=None) if getattr(r, "hands", None) is not None else r
                                        for r in self.rows), **mine)


_HOLDERS_OWN = ("viewer", "kept_forbidden")  # a view's fields no sheet template reads (see ``table_key``)


#: (setup, round index, its round, the totals before it) -> the row, with its running ``totals``
RowFn = Callable[[Any, int, Any, tuple[int, ...]], Any]


def replay(setup: Any, log: Iterable[Entry], blank: Callable[[Any], Round], row: RowFn,
           sheet: Callable[..., Any]) -> Any:
    """The sheet after the log's active entries (undo and redo applied): a pure function.
    ``blank``: a round before any entry; ``row``: a round's row; ``sheet``: the game's
    sheet type."""
    log = list(log)
    resolved = resolve(log)
    rounds = [blank(setup) for _ in range(setup.round_count)]
    for entry in resolved.active:
        if entry.kind != ROBOT:  # a seat changing hands is no round's
            rounds[entry.data["round"] - 1].take(setup, entry)
    rows: list[Any] = []
    running = (0,) * setup.n
    for i, r in enumerate(rounds):
        rows.append(row(setup, i, r, running))
        running = rows[-1].totals or running
    counted = tally(setup.rules.reveal, setup.n, log)
    return sheet(setup=setup, rows=tuple(rows), version=len(log), can_undo=resolved.undo_target is not None,
                 can_redo=resolved.redo_target is not None, shown=counted.shown(), state=State(tuple(rounds), counted),
                 robot_seats=robot_seats(e for e in resolved.active if e.kind == ROBOT))


def advance(before: Any, entry: Entry, log: Sequence[Entry], row: RowFn, again: Callable[..., Any]) -> Any:
    """The sheet after one more entry, from ``before``: ``again(setup, [*log, entry])``
    (the game's replay) without replaying ``log``. An undo or a redo needs that log (what
    it takes back is found in it), so those, and a changed bid (in its first one's
    place), are replayed afresh. Only the round the entry names changes, and the rows after
    it only while the totals coming into them moved."""
    if before.redacted:
        raise ValueError("advance the whole sheet, not a viewer's")
    if entry.kind in (UNDO, REDO) or entry.data.get(CHANGE) or before.state is None:
        return again(before.setup, [*log, entry])
    setup = before.setup
    if entry.kind == ROBOT:
        return replace(before, version=before.version + 1, can_undo=True, can_redo=False,
                       robot_seats=taken(before.robot_seats, entry))
    i = entry.data["round"] - 1
    rounds = list(before.state.rounds)
    rounds[i] = rounds[i].copy()
    rounds[i].take(setup, entry)
    rows = list(before.rows)
    running = next((r.totals for r in reversed(rows[:i]) if r.totals is not None), (0,) * setup.n)
    was = running  # the totals coming into round j + 1 before this entry
    for j in range(i, len(rows)):
        if j > i and running == was:
            break  # the later rows have what they had and the totals they had coming in: as they were
        old, rows[j] = rows[j], row(setup, j, rounds[j], running)
        running, was = rows[j].totals or running, old.totals or was
    counted = before.state.tally.stepped(setup.rules.reveal, setup.n, entry)
    return replace(before, rows=tuple(rows), version=before.version + 1, can_undo=True, can_redo=False,
                   shown=counted.shown(before.shown), state=State(tuple(rounds), counted))
