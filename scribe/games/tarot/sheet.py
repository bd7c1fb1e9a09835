"""The Tarot sheet: a pure function of the setup and the recorded entries (T-M2, T-C1,
T-S1..T-S6, T-E1).

Entry kinds (``KINDS``): "deal" a played deal; "redeal" everyone passed, the deal scores
nothing, the next dealer deals again and it is not one of the agreed deals (T-C1, T-E1); "end" the table stops the game here (T-E1);
"correction" supersedes a past deal (``data["round"]``, 1-based), played or passed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import flag, whole
from ...rules.log import REDO, UNDO, Entry, applied
from ...rules.totals import TotalsSheet, best, totals_summary
from .deal import deal_of, verify_deal
from .scoring import Deal, Score, score
from .setup import Setup

DEAL, REDEAL, END, CORRECTION = "deal", "redeal", "end", "correction"
KINDS = (DEAL, REDEAL, END, CORRECTION)


@dataclass(frozen=True)
class Row:
    """One deal on the sheet: who dealt (and sat out, at six), what was played (None when
    everyone passed), its score, each seat's points and the totals after it."""

    number: int
    dealer: int
    mort: int | None
    deal: Deal | None
    score: Score | None
    points: tuple[int, ...]
    totals: tuple[int, ...]
    leaders: tuple[int, ...]
    corrected: bool = False

    @property
    def passed(self) -> bool:
        """T-C1: everyone passed; the deal was redealt and scores nothing."""
        return self.deal is None

    @property
    def balance(self) -> int:
        """The row's sum: zero, always (T-S6). Shown on the sheet so anyone can check it."""
        return sum(self.points)


@dataclass(frozen=True)
class TarotSheet(TotalsSheet):
    """Everything the score sheet shows, computed from the setup and the entries. T-E1:
    the highest total wins once the game is over; equal totals share the win
    (``TotalsSheet``'s leaders, winners, standings)."""

    GAME: ClassVar[str] = "tarot"  # its game in games.GAMES
    NO_ROW: ClassVar[str] = N_("There is no deal %(round)s in this game.")
    setup: Setup
    rounds: tuple[Row, ...]
    ended_by_table: int | None = None  # T-E1: the deal after which the table stopped
    version: int = 0
    can_undo: bool = False
    can_redo: bool = False

    @property
    def played(self) -> int:
        """How many deals were played: a deal everyone passed is dealt again and is not
        one of the agreed deals (T-C1, T-E1)."""
        return sum(1 for r in self.rounds if not r.passed)

    @property
    def deal_number(self) -> int:
        """The next deal as the table counts them (T-C1: passed deals left out), as in
        "Deal 5 of 5"; ``round_number`` is its line on the sheet."""
        return self.played + 1

    @property
    def ended_at(self) -> int | None:
        """T-E1: the line after which the game ended: the agreed number of deals played
        (passed deals do not count, T-C1), or where the table said stop; None while it
        goes on."""
        agreed = len(self.rounds) if self.setup.deals is not None and self.played >= self.setup.deals else None
        ends = [d for d in (agreed, self.ended_by_table) if d is not None]
        return min(ends) if ends else None

    @property
    def finished(self) -> bool:
        return self.ended_at is not None

    @property
    def dealer(self) -> int:
        """Who deals next (T-M2)."""
        return self.setup.dealer(self.round_number)

    @property
    def mort(self) -> int | None:
        """Who sits out the next deal (T-M2: the dealer, at six)."""
        return self.setup.sits_out(self.round_number)

    @property
    def speaks_first(self) -> int:
        return self.setup.speaks_first(self.round_number)

    @property
    def seated(self) -> tuple[int, ...]:
        """The seats that play the next deal."""
        return self.setup.seated(self.round_number)

    def row(self, number: Any) -> Row:
        """The deal ``number`` on the sheet, or a refusal."""
        return super().row(number)


def _row(setup: Setup, number: int, recorded: Mapping[str, Any] | None, before: tuple[int, ...],
         corrected: bool) -> Row:
    seated = setup.seated(number)
    if recorded is None:
        points: tuple[int, ...] = (0,) * setup.n
        deal, told = None, None
    else:
        deal = deal_of(recorded)
        told = score(deal, seated, setup.n)
        points = told.shares
    totals = tuple(a + b for a, b in zip(before, points))
    return Row(number, setup.dealer(number), setup.sits_out(number), deal, told, points, totals,
               best(totals), corrected)


def scored_row(setup: Setup, number: int, recorded: Mapping[str, Any]) -> Row:
    """Deal ``number`` alone, scored as recorded (the history's words need no replay)."""
    return _row(setup, number, recorded, (0,) * setup.n, False)


def verify(sheet: TarotSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record.

    >>> sheet = replay(Setup(("Ana", "Ben", "Cy", "Dee")), [])
    >>> verify(sheet, "deal", {"taker": "1", "contract": "garde", "bouts": "2", "attack_points": "49"})["round"]
    1
    >>> verify(sheet, "deal", {"taker": 1, "contract": "garde", "partner": 2, "bouts": 2, "attack_points": 49})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: At 4 players the taker plays alone: there is no partner.
    """
    setup = sheet.setup
    if kind in (DEAL, REDEAL, END) and sheet.finished:  # T-E1
        raise RuleError(N_("The game is over: correct a deal or undo to go on."), field="round")
    if kind == DEAL:
        return {"round": sheet.round_number, **verify_deal(setup, sheet.round_number, data)}
    if kind == REDEAL:  # T-C1: everyone passed
        return {"round": sheet.round_number}
    if kind == END:
        if not sheet.rounds:
            raise RuleError(N_("No deal has been played yet."), field="round")
        return {"after": len(sheet.rounds)}
    if kind == CORRECTION:
        row = sheet.row(data.get("round"))
        if flag(data.get("passed"), "passed"):
            if row.passed:
                raise Unchanged(N_("Nothing was changed."), field="round")
            return {"round": row.number, "passed": True}
        fixed = verify_deal(setup, row.number, data)
        if not row.passed and deal_of(fixed) == row.deal:
            raise Unchanged(N_("Nothing was changed."), field="round")
        return {"round": row.number, **fixed}
    raise RuleError(N_("Unknown action."), field="kind")


def replay(setup: Setup, entries: Iterable[Any]) -> TarotSheet:
    """The sheet after the entries (``log.Entry`` objects, or mappings with ``kind`` and
    ``data``); undo/redo entries are resolved first. A correction rescores its deal and
    every total after it.

    >>> s = Setup(("Ana", "Ben", "Cy", "Dee"))
    >>> sheet = replay(s, [{"kind": "deal", "data": {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49,
    ...                                              "petit": "attack", "poignees": [{"player": 0, "size": "simple"}]}},
    ...                    {"kind": "redeal", "data": {}}])
    >>> [r.points for r in sheet.rounds], sheet.totals, sheet.dealer
    ([(318, -106, -106, -106), (0, 0, 0, 0)], (318, -106, -106, -106), 2)
    """
    entries = list(entries)
    log = applied(entries)
    played: list[Mapping[str, Any] | None] = []
    corrected: set[int] = set()
    ended: int | None = None
    for kind, d in log.entries:
        if kind == DEAL:
            played.append(d)
        elif kind == REDEAL:
            played.append(None)
        elif kind == END:
            ended = len(played)
        elif kind == CORRECTION:
            n = whole(d.get("round"), "round")
            if not 1 <= n <= len(played):
                raise RuleError(N_("There is no deal %(round)s in this game."), field="round", round=n)
            played[n - 1] = None if d.get("passed") else d
            corrected.add(n)
        else:
            raise RuleError(N_("Unknown action."), field="kind")
    rows: list[Row] = []
    running = (0,) * setup.n
    for i, recorded in enumerate(played, start=1):
        row = _row(setup, i, recorded, running, i in corrected)
        rows.append(row)
        running = row.totals
    return TarotSheet(setup, tuple(rows), ended, len(entries), log.can_undo, log.can_redo)


def advance(sheet: TarotSheet, entry: Entry, log: Sequence[Entry] = ()) -> TarotSheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log``. A deal adds a row; a correction rescores its deal
    and moves the totals after it (a deal's points never depend on the totals); an undo
    or a redo is replayed afresh.

    >>> s = Setup(("Ana", "Ben", "Cy", "Dee"))
    >>> one = advance(replay(s, []), Entry(1, "deal", {"round": 1, "taker": 0, "contract": "garde", "bouts": 2,
    ...                                                 "attack_points": 49}))
    >>> advance(one, Entry(2, "correction", {"round": 1, "passed": True})).totals
    (0, 0, 0, 0)
    """
    setup, d = sheet.setup, entry.data
    if entry.kind in (UNDO, REDO):
        return replay(setup, [*log, entry])
    rows, ended = list(sheet.rounds), sheet.ended_by_table
    if entry.kind in (DEAL, REDEAL):
        rows.append(_row(setup, len(rows) + 1, d if entry.kind == DEAL else None, sheet.totals, False))
    elif entry.kind == END:
        ended = len(rows)
    elif entry.kind == CORRECTION:
        n = whole(d.get("round"), "round")
        before = rows[n - 2].totals if n > 1 else (0,) * setup.n
        rows[n - 1] = _row(setup, n, None if d.get("passed") else d, before, True)
        for i in range(n, len(rows)):
            totals = tuple(a + b for a, b in zip(rows[i - 1].totals, rows[i].points))
            rows[i] = replace(rows[i], totals=totals, leaders=best(totals))
    else:
        raise RuleError(N_("Unknown action."), field="kind")
    return TarotSheet(setup, tuple(rows), ended, sheet.version + 1, True, False)


def summary(sheet: TarotSheet) -> dict[str, Any]:
    """What the games list shows without replaying: phase, deal, leaders (the winners once
    finished)."""
    return totals_summary(sheet, sheet.deal_number)
