"""The Witty Zibi score sheet: a pure function of the setup and the recorded entries.

Entry kinds (``KINDS``): "result" closes the round in progress; "correction" supersedes
a past round's result (``data["round"]``, 1-based); "damage", "heal", "reveal" and
"set_aside" drive the damage tracker of the round in progress. ``verify`` checks an
action against the sheet and returns the normalised data to record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.log import REDO, UNDO, Entry, applied
from ...rules.standings import Standing  # noqa: F401  (re-exported)
from ...rules.totals import TotalsSheet, best, totals_summary
from . import tracker as track
from .clans import Setup, whole
from .scoring import DERIVE, RoundResult, judge_round, lone_clan, out_clans


@dataclass(frozen=True)
class SheetRound:
    """One played round: its result, the running totals and the leaders after it (Z-S3)."""

    number: int
    result: RoundResult
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    corrected: bool = False

    @property
    def points(self) -> tuple[int, ...]:
        return self.result.points


def _top(totals: Sequence[int]) -> tuple[int, ...]:
    """Players sharing the highest total (all of them when nobody has scored)."""
    return best(totals)


@dataclass(frozen=True)
class ZibiSheet(TotalsSheet):
    """Everything the score pad shows, computed from the setup and the entries. Z-S3:
    the leader(s) now, a tie giving several; players by total, ties sharing a rank
    (1, 1, 3) (``TotalsSheet``'s leaders and standings)."""

    GAME: ClassVar[str] = "zibi"  # its game in games.GAMES, for code holding only a sheet
    setup: Setup
    rounds: tuple[SheetRound, ...]
    tracker: track.DamageTracker  # the round in progress
    version: int = 0  # entries in the log; a page submits it back to detect staleness
    can_undo: bool = False
    can_redo: bool = False

    @property
    def finished(self) -> bool:
        """Never: the table plays as many rounds as it likes (Z-S3)."""
        return False

    @property
    def phase(self) -> str:
        """"result" once the tracker sees a whole clan out (Z-E1), else "playing"."""
        return "result" if track.round_end(self.tracker) is not None else "playing"

    def row(self, number: Any) -> SheetRound:
        """The played round ``number``, or a refusal."""
        return super().row(number)


def _result(setup: Setup, data: Mapping[str, Any]) -> RoundResult:
    return judge_round(
        setup, data.get("clans"), data.get("eliminated"), data.get("winner", DERIVE)
    )


def _recorded_result(setup: Setup, data: Mapping[str, Any]) -> RoundResult:
    """A result about to be recorded: with no winner declared, one must follow from who
    is out; "the cards ran out" has to be said (winner None), never assumed, so that a
    forgotten elimination tick cannot silently score a round for nobody (Z-E1)."""
    r = _result(setup, data)
    if "winner" not in data and r.winner is None:
        lone = lone_clan(setup, r.clans)
        if lone is not None and lone in out_clans(r.clans, r.eliminated):  # Z-S2: the lone player's clan is out
            raise RuleError(
                N_("%(name)s plays alone and is out, but in Un tout seul that does not end the round: "
                   "a whole pair must be out. Tick who else was eliminated, or tick “the cards ran out”."),
                field="eliminated",
                name=setup.players[r.clans.index(lone)],
            )
        raise RuleError(
            N_("No clan is all out: tick who was eliminated, or tick “the cards ran out”."),
            field="eliminated",
        )
    return r


def replay(setup: Setup, entries: Iterable[Any]) -> ZibiSheet:
    """The sheet after the entries (``log.Entry`` objects, or mappings / objects with a
    ``kind`` and ``data``); a log with undo/redo entries is resolved first.

    >>> s = Setup(("Ana", "Ben", "Cy", "Dee"))
    >>> sheet = replay(s, [
    ...     {"kind": "result", "data": {"clans": list("ABAB"), "eliminated": [1, 0, 1, 1]}},
    ...     {"kind": "result", "data": {"clans": list("AABB"), "eliminated": [0, 0, 1, 0],
    ...                                 "winner": None}},
    ...     {"kind": "correction", "data": {"round": 2, "clans": list("AABB"),
    ...                                     "eliminated": [0, 1, 1, 1]}}])
    >>> [r.points for r in sheet.rounds], sheet.totals, sheet.leaders
    ([(0, 3, 0, 2), (3, 2, 0, 0)], (3, 5, 0, 2), (1,))
    """
    entries = list(entries)
    log = applied(entries)
    results: list[RoundResult] = []
    corrected: set[int] = set()
    tracker = track.new_tracker(setup)
    for kind, d in log.entries:
        if kind == "result":
            results.append(_result(setup, d))
            tracker = track.new_tracker(setup)
        elif kind == "correction":
            n = whole(d.get("round"), "round")
            if not 1 <= n <= len(results):
                raise RuleError(
                    N_("There is no round %(round)s in this game."), field="round", round=n
                )
            results[n - 1] = _result(setup, d)
            corrected.add(n)
        elif kind in _TRACKED:
            tracker = _TRACKED[kind](tracker, d)
        else:
            raise RuleError(N_("Unknown action."), field="kind")
    rows: list[SheetRound] = []
    running = [0] * setup.n
    for i, r in enumerate(results, start=1):
        running = [a + b for a, b in zip(running, r.points)]
        totals = tuple(running)
        rows.append(SheetRound(i, r, totals, _top(totals), i in corrected))
    return ZibiSheet(setup, tuple(rows), tracker, len(entries), log.can_undo, log.can_redo)


def advance(sheet: ZibiSheet, entry: Entry, log: Sequence[Entry] = ()) -> ZibiSheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log``. A result adds a row and starts a new tracker; a
    correction rescores its round and moves the totals after it; the tracker's entries
    move the tracker; an undo or a redo is replayed afresh.

    >>> s = Setup(("Ana", "Ben", "Cy", "Dee"))
    >>> one = advance(replay(s, []), Entry(1, "result", {"clans": list("ABAB"), "eliminated": [1, 0, 1, 1]}))
    >>> one.totals, advance(one, Entry(2, "damage", {"player": 1, "amount": 10})).tracker.total(1)
    ((0, 3, 0, 2), 10)
    """
    setup, d = sheet.setup, entry.data
    if entry.kind in (UNDO, REDO):
        return replay(setup, [*log, entry])
    rows, tracker = list(sheet.rounds), sheet.tracker
    start = None
    if entry.kind == "result":
        start, tracker = len(rows), track.new_tracker(setup)
        rows.append(SheetRound(len(rows) + 1, _result(setup, d), (), ()))
    elif entry.kind == "correction":
        start = whole(d.get("round"), "round") - 1
        rows[start] = SheetRound(start + 1, _result(setup, d), (), (), True)
    elif entry.kind in _TRACKED:
        tracker = _TRACKED[entry.kind](tracker, d)
    else:
        raise RuleError(N_("Unknown action."), field="kind")
    if start is not None:
        running = rows[start - 1].totals if start else (0,) * setup.n
        for i in range(start, len(rows)):
            r = rows[i]
            running = tuple(a + b for a, b in zip(running, r.result.points))
            rows[i] = SheetRound(r.number, r.result, running, _top(running), r.corrected)
    return ZibiSheet(setup, tuple(rows), tracker, sheet.version + 1, True, False)


_TRACKED = {  # the tracker's entries, as ``replay`` and ``advance`` apply them
    "damage": lambda t, d: track.damage(t, d.get("player"), d.get("amount")),
    "heal": lambda t, d: track.heal(t, d.get("player")),
    "reveal": lambda t, d: track.reveal(t, d.get("player"), d.get("clan")),
    "set_aside": lambda t, d: track.set_aside(t, d.get("clan")),
}


def verify(sheet: ZibiSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record.

    >>> sheet = replay(Setup(("Ana", "Ben", "Cy", "Dee")), [])
    >>> verify(sheet, "result", {"clans": list("ABAB"), "eliminated": [1, 0, 1, 0]})
    {'clans': ['A', 'B', 'A', 'B'], 'eliminated': [True, False, True, False], 'winner': 'B'}
    >>> verify(sheet, "heal", {"player": 0})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Ana has no damage to heal.
    """
    t = sheet.tracker
    if kind == "result":
        return _recorded_result(sheet.setup, data).as_dict()
    if kind == "correction":
        row = sheet.row(data.get("round"))
        r = _recorded_result(sheet.setup, data)
        if r == row.result:
            raise Unchanged(N_("Nothing was changed."), field="round")
        return {"round": row.number, **r.as_dict()}
    if kind == "damage":
        seat, amount = track.verify_damage(t, data.get("player"), data.get("amount"))
        return {"player": seat, "amount": amount}
    if kind == "heal":
        return {"player": track.verify_heal(t, data.get("player"))}
    if kind == "reveal":
        seat, clan = track.verify_reveal(t, data.get("player"), data.get("clan"))
        return {"player": seat, "clan": clan}
    if kind == "set_aside":
        return {"clan": track.verify_set_aside(t, data.get("clan"))}
    raise RuleError(N_("Unknown action."), field="kind")


KINDS = ("result", "correction", "damage", "heal", "reveal", "set_aside")


def summary(sheet: ZibiSheet) -> dict[str, Any]:
    """What the games list shows without replaying every game."""
    return totals_summary(sheet)
