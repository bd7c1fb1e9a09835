"""The points sheet: a pure function of the setup and the recorded entries (P-1..P-3, P-S1).

Entry kinds (``KINDS``): "round" adds a round (each player's points, and for Skyjo who
closed it); "correction" supersedes a past round (``data["round"]``, 1-based).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import whole
from ...rules.log import REDO, UNDO, Entry, applied
from ...rules.standings import Standing  # noqa: F401  (re-exported)
from ...rules.totals import TotalsSheet, best as best_of, totals_summary
from .setup import LIMIT, SIX, Setup


def counted(setup: Setup, points: Sequence[int], closer: int | None) -> tuple[int, ...]:
    """The points that count (P-S1): the closer's doubled when not strictly the lowest
    of the round and positive (or whatever its sign, with the table's switch).

    >>> s = Setup(("Ana", "Ben", "Cy"))
    >>> counted(s, (10, 4, 12), 0), counted(s, (3, 4, 12), 0), counted(s, (4, 4, 12), 0)
    ((20, 4, 12), (3, 4, 12), (8, 4, 12))
    >>> counted(s, (-1, -2, 5), 0), counted(Setup(("Ana", "Ben"), double_always=True), (-1, -2), 0)
    ((-1, -2, 5), (-2, -2))
    """
    if closer is None:
        return tuple(points)
    mine = points[closer]
    strictly_lowest = all(mine < p for i, p in enumerate(points) if i != closer)
    if strictly_lowest or not (mine > 0 or setup.double_always):
        return tuple(points)
    return tuple(2 * p if i == closer else p for i, p in enumerate(points))


def best(setup: Setup, totals: Sequence[int]) -> tuple[int, ...]:
    """Players sharing the best total (P-3: lowest, or highest for such a Custom game)."""
    return best_of(totals, setup.lowest_wins)


@dataclass(frozen=True)
class Row:
    """One played round: raw points, the points counted (P-S1), totals and leaders after it."""

    number: int
    points: tuple[int, ...]
    closer: int | None
    counted: tuple[int, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    corrected: bool = False

    @property
    def doubled(self) -> bool:
        return self.counted != self.points


@dataclass(frozen=True)
class PointsSheet(TotalsSheet):
    """Everything the score pad shows, computed from the setup and the entries. P-3: the
    best total wins once the game is over, equal totals sharing the win; players best
    first, ties sharing a rank (1, 1, 3) (``TotalsSheet``'s leaders, winners, standings)."""

    GAME: ClassVar[str] = "points"  # its game in games.GAMES
    setup: Setup
    rounds: tuple[Row, ...]
    version: int = 0
    can_undo: bool = False
    can_redo: bool = False

    @property
    def lowest_wins(self) -> bool:
        """P-3: Skyjo's and 6 qui prend!'s fewest points win; a Custom game says which."""
        return bool(self.setup.lowest_wins)

    @property
    def ended_at(self) -> int | None:
        """P-2: the round after which the game ended (a target reached, or the last
        round of a Custom game), or None. A correction can move it; rounds recorded
        after it stay on the sheet (nothing recorded is dropped) and count."""
        s = self.setup
        for r in self.rounds:
            if (s.target is not None and max(r.totals) >= s.target) or (s.rounds is not None and r.number >= s.rounds):
                return r.number
        return None

    @property
    def finished(self) -> bool:
        return self.ended_at is not None

    def row(self, number: Any) -> Row:
        """The played round ``number``, or a refusal."""
        return super().row(number)


def _points(setup: Setup, raw: Any) -> tuple[int, ...]:
    """P-1: one whole number per player, within reason (none negative in 6 qui prend!, P-S2)."""
    if not isinstance(raw, (list, tuple)) or len(raw) != setup.n:
        raise RuleError(N_("Give the points of each of the %(n)s players."), field="points", n=setup.n)
    out = []
    for i, value in enumerate(raw):
        field = f"points.{i}"
        if value is None or value == "":
            raise RuleError(N_("%(name)s's points are missing."), field=field, name=setup.players[i])
        p = whole(value, field)
        if abs(p) > LIMIT:
            raise RuleError(N_("At most %(max)s points in one round."), field=field, max=LIMIT)
        if p < 0 and setup.preset == SIX:
            raise RuleError(N_("Bull heads are never negative."), field=field)
        out.append(p)
    return tuple(out)


def _closer(setup: Setup, raw: Any) -> int | None:
    """P-S1: Skyjo needs who closed the round; the other games have no closer."""
    if not setup.has_closer:
        if raw not in (None, ""):
            raise RuleError(N_("This game has no closer."), field="closer")
        return None
    if raw in (None, ""):
        raise RuleError(N_("Tap who closed the round."), field="closer")
    seat = whole(raw, "closer")
    if not 0 <= seat < setup.n:
        raise RuleError(N_("The closer must be one of the players."), field="closer")
    return seat


def _round_data(setup: Setup, data: Mapping[str, Any]) -> dict[str, Any]:
    return {"points": list(_points(setup, data.get("points"))), "closer": _closer(setup, data.get("closer"))}


def verify(sheet: PointsSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record.

    >>> sheet = replay(Setup(("Ana", "Ben")), [])
    >>> verify(sheet, "round", {"points": ["12", -3], "closer": "1"})
    {'round': 1, 'points': [12, -3], 'closer': 1}
    >>> verify(sheet, "round", {"points": [1.5, 2], "closer": 0})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Please give a whole number.
    """
    if kind == "round":
        if sheet.finished:  # P-2
            raise RuleError(N_("The game is over: correct a round or undo to go on."), field="round")
        return {"round": sheet.round_number, **_round_data(sheet.setup, data)}  # the log reads on its own
    if kind == "correction":
        row = sheet.row(data.get("round"))
        d = _round_data(sheet.setup, data)
        if tuple(d["points"]) == row.points and d["closer"] == row.closer:
            raise Unchanged(N_("Nothing was changed."), field="round")
        return {"round": row.number, **d}
    raise RuleError(N_("Unknown action."), field="kind")


KINDS = ("round", "correction")


def replay(setup: Setup, entries: Iterable[Any]) -> PointsSheet:
    """The sheet after the entries (``log.Entry`` objects, or mappings with ``kind`` and
    ``data``); undo/redo entries are resolved first. Totals run on (P-1).

    >>> s = Setup(("Ana", "Ben"))
    >>> sheet = replay(s, [{"kind": "round", "data": {"points": [30, 5], "closer": 0}},
    ...                    {"kind": "round", "data": {"points": [40, 40], "closer": 1}},
    ...                    {"kind": "correction", "data": {"round": 1, "points": [3, 5], "closer": 0}}])
    >>> [r.counted for r in sheet.rounds], sheet.totals, sheet.finished
    ([(3, 5), (40, 80)], (43, 85), False)
    """
    entries = list(entries)
    log = applied(entries)
    raw: list[tuple[tuple[int, ...], int | None]] = []
    corrected: set[int] = set()
    for kind, d in log.entries:
        if kind == "round":
            raw.append((tuple(d["points"]), d.get("closer")))
        elif kind == "correction":
            n = whole(d.get("round"), "round")
            if not 1 <= n <= len(raw):
                raise RuleError(N_("There is no round %(round)s in this game."), field="round", round=n)
            raw[n - 1] = (tuple(d["points"]), d.get("closer"))
            corrected.add(n)
        else:
            raise RuleError(N_("Unknown action."), field="kind")
    rows: list[Row] = []
    running = (0,) * setup.n
    for i, (points, closer) in enumerate(raw, start=1):
        got = counted(setup, points, closer)
        running = tuple(a + b for a, b in zip(running, got))
        rows.append(Row(i, points, closer, got, running, best(setup, running), i in corrected))
    return PointsSheet(setup, tuple(rows), len(entries), log.can_undo, log.can_redo)


def advance(sheet: PointsSheet, entry: Entry, log: Sequence[Entry] = ()) -> PointsSheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log``. A round adds a row; a correction rescores its
    row and moves the totals after it; an undo or a redo is replayed afresh.

    >>> s = Setup(("Ana", "Ben"))
    >>> one = advance(replay(s, []), Entry(1, "round", {"points": [30, 5], "closer": 0}))
    >>> advance(one, Entry(2, "correction", {"round": 1, "points": [3, 5], "closer": 0})).totals
    (3, 5)
    """
    setup, d = sheet.setup, entry.data
    if entry.kind in (UNDO, REDO):
        return replay(setup, [*log, entry])
    rows = list(sheet.rounds)
    if entry.kind == "round":
        start, fix = len(rows), Row(len(rows) + 1, tuple(d["points"]), d.get("closer"), (), (), ())
        rows.append(fix)
    elif entry.kind == "correction":
        start = whole(d.get("round"), "round") - 1
        fix = replace(rows[start], points=tuple(d["points"]), closer=d.get("closer"), corrected=True)
        rows[start] = fix
    else:
        raise RuleError(N_("Unknown action."), field="kind")
    running = rows[start - 1].totals if start else (0,) * setup.n
    for i in range(start, len(rows)):
        r = rows[i]
        got = counted(setup, r.points, r.closer) if i == start else r.counted
        running = tuple(a + b for a, b in zip(running, got))
        rows[i] = Row(r.number, r.points, r.closer, got, running, best(setup, running), r.corrected)
    return PointsSheet(setup, tuple(rows), sheet.version + 1, True, False)


def summary(sheet: PointsSheet) -> dict[str, Any]:
    """What the games list shows without replaying: phase, round, leaders (the winners
    once finished)."""
    return totals_summary(sheet)
