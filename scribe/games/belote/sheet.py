"""The Belote and Coinche sheet: a pure function of the setup and the recorded entries
(B-D2, B-S1..B-S6, B-E1..B-E3, C-K1..C-S8, C-E1), on ``game.run``.

Entry kinds (``KINDS``): "result" a deal as the table tells it, played or passed (not
"deal": in this app that word means Scribe shuffles and deals, a virtual deck);
"correction" the same fields for a past deal (``data["round"]``, 1-based). Undo and redo
are everyone's (``rules.log``).

A deal is recorded as its fields checked and written out plainly (:func:`record`), the
way ``entry.verify`` reads them, so a record imported or replayed is checked again by the
same code and a deal's score never depends on how its fields were first typed.

Totals are per team (``team_totals``) and, for what every game shares (standings, the
statistics, the games list), per player: a player's total is its team's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import flag, whole
from ...rules.log import REDO, UNDO, Entry, applied
from ...rules.standings import Standing, before_last, ranked
from ...rules.totals import TotalsSheet, totals_summary
from . import tally as pure
from .cards import TA
from .entry import PASSED, verify as verify_deal
from .scoring import POINTS, Deal
from .settings import COINCHE
from .setup import TEAMS, Setup, team_of

RESULT, CORRECTION = "result", "correction"
KINDS = (RESULT, CORRECTION)


@dataclass(frozen=True)
class Row(pure.Row):
    """One deal on the sheet (``game.Row``: its dealer, deal, result, litige points held
    and awarded, the teams' points and running totals) and whether it was corrected."""

    corrected: bool = False

    @property
    def player_points(self) -> tuple[int, ...]:
        """Each seat's points on the line: its team's."""
        return tuple(self.points[team_of(p)] for p in range(4))

    @property
    def player_totals(self) -> tuple[int, ...]:
        return tuple(self.totals[team_of(p)] for p in range(4))


def _rows(game: pure.Game, corrected: Iterable[int]) -> tuple[Row, ...]:
    fixed = set(corrected)
    names = [f.name for f in fields(pure.Row)]
    return tuple(Row(**{n: getattr(r, n) for n in names}, corrected=r.number in fixed) for r in game.rows)


@dataclass(frozen=True)
class BeloteSheet(TotalsSheet):
    """Everything the score sheet shows, computed from the setup and the entries; its
    totals, leaders and winners are the teams' (``TotalsSheet``'s phase and ``row``)."""

    GAME: ClassVar[str] = "belote"  # its game in games.GAMES
    NO_ROW: ClassVar[str] = N_("There is no deal %(round)s in this game.")
    setup: Setup
    game: pure.Game
    rounds: tuple[Row, ...]
    version: int = 0
    can_undo: bool = False
    can_redo: bool = False

    @property
    def team_totals(self) -> tuple[int, int]:
        return self.game.totals

    @property
    def totals(self) -> tuple[int, ...]:
        """Per seat: its team's total."""
        t = self.game.totals
        return tuple(t[team_of(p)] for p in range(4))

    @property
    def held(self) -> int:
        """B-S4: litige points held for the next deal's winner."""
        return self.game.held

    @property
    def blocked(self) -> tuple[bool, bool]:
        """B-E3: the teams at the target on their belote alone, which cannot win yet."""
        return self.game.blocked

    @property
    def played(self) -> int:
        """The deals played: passed ones are not counted (B-D2, B-E2)."""
        return self.rounds[-1].counted if self.rounds else 0

    @property
    def deal_number(self) -> int:
        """The next deal as the table counts them (passed deals left out)."""
        return self.played + 1

    @property
    def finished(self) -> bool:
        return self.game.over

    @property
    def dealer(self) -> int:
        """Who deals next: the deal passes to the right (B-M1, B-D2)."""
        return self.setup.dealer(self.round_number)

    @property
    def speaks_first(self) -> int:
        return self.setup.speaks_first(self.round_number)

    @property
    def winning_team(self) -> int | None:
        """B-E1..B-E3, C-E1: the team that won, once the game is over."""
        return self.game.winner

    @property
    def leading_teams(self) -> tuple[int, ...]:
        t = self.game.totals
        return tuple(team for team in (0, 1) if t[team] == max(t))

    @property
    def leaders(self) -> tuple[int, ...]:
        return tuple(sorted(p for team in self.leading_teams for p in TEAMS[team]))

    @property
    def winners(self) -> tuple[int, ...]:
        return TEAMS[self.game.winner] if self.game.winner is not None else ()

    @property
    def standings(self) -> tuple[Standing, ...]:
        before = before_last([r.player_totals for r in self.rounds], 4)
        return ranked(self.totals, False, before)

    @property
    def sides(self) -> tuple[tuple[str, tuple[int, int]], ...]:
        """The two teams with their seats: the standings show a line per team (B-M1)."""
        return tuple((name, TEAMS[t]) for t, name in enumerate(self.setup.team_names))

    def row(self, number: Any) -> Row:
        """The deal ``number`` on the sheet, or a refusal."""
        return super().row(number)


def record(setup: Setup, deal: Deal | None) -> dict[str, Any]:
    """A checked deal written out as the fields ``entry.verify`` reads (what is stored).

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], variant="coinche")
    >>> d = verify_deal(s, {"takers": "1", "defence_points": "52", "contract": "110", "level": "coinche",
    ...                     "belote": "1"})
    >>> record(s, d)
    {'takers': 1, 'points': 110, 'belote': 1, 'contract': 110, 'level': 1}
    >>> verify_deal(s, record(s, d)) == d
    True
    """
    if deal is None:
        return {"takers": PASSED}
    out: dict[str, Any] = {"takers": deal.takers}
    if deal.capot is not None:
        out["capot"] = deal.capot
    else:
        out["points"] = deal.points
    if deal.trump == TA and sum(deal.belotes):
        out["belote"] = list(deal.belotes)
    elif sum(deal.belotes):
        out["belote"] = 0 if deal.belotes[0] else 1
    if deal.annonces is not None:
        out["annonces"] = {"team": deal.annonces, "combos": list(deal.combos)}
    if deal.trump:
        out["trump"] = deal.trump
    if setup.variant == COINCHE:
        out["contract"] = deal.amount if deal.contract == POINTS else deal.contract
        out["level"] = deal.level
        if deal.alone:
            out["alone"] = True
    return out


def deal_of(setup: Setup, data: Mapping[str, Any]) -> Deal | None:
    """The deal a recorded entry holds (None: passed)."""
    if flag(data.get("passed"), "passed"):
        return None
    return verify_deal(setup, data)


def _deals(sheet: BeloteSheet) -> list[Deal | None]:
    return [r.deal for r in sheet.rounds]


def verify(sheet: BeloteSheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record.

    >>> from .setup import make_setup
    >>> sheet = replay(make_setup(["Ana", "Ben", "Cy", "Dee"]), [])
    >>> verify(sheet, "result", {"takers": "0", "points": "95", "belote": "none"})
    {'round': 1, 'takers': 0, 'points': 95}
    >>> verify(sheet, "result", {"takers": "passed"})
    {'round': 1, 'takers': 'passed'}
    >>> verify(sheet, "correction", {"round": 1, "takers": 0, "points": 95})
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: There is no deal 1 in this game.
    """
    setup = sheet.setup
    if kind == RESULT:
        if sheet.finished:  # B-E1, B-E2, C-E1
            raise RuleError(N_("The game is over: correct a deal or undo to go on."), field="round")
        return {"round": sheet.round_number, **record(setup, deal_of(setup, data))}
    if kind == CORRECTION:
        row = sheet.row(data.get("round"))
        deal = deal_of(setup, data)
        if deal == row.deal:
            raise Unchanged(N_("Nothing was changed."), field="round")
        deals = _deals(sheet)
        deals[row.number - 1] = deal
        game = pure.Game(setup, (), None, (False, False))
        for number, d in enumerate(deals, 1):
            if game.over:  # the deals after it would be after the game's end
                raise RuleError(N_("With this correction the game ends at deal %(round)s, before the deals "
                                   "recorded after it: undo those first."), field="round", round=number - 1)
            game = pure.extend(game, d)
        return {"round": row.number, **record(setup, deal)}
    raise RuleError(N_("Unknown action."), field="kind")


def replay(setup: Setup, entries: Iterable[Any]) -> BeloteSheet:
    """The sheet after the entries (``log.Entry`` objects, or mappings with ``kind`` and
    ``data``); undo/redo entries are resolved first. A correction rescores its deal and
    everything after it (a litige's held points, B-E3's block and the end depend on it).

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], target=501)
    >>> sheet = replay(s, [{"kind": "result", "data": {"takers": 0, "points": 81}},
    ...                    {"kind": "result", "data": {"takers": "passed"}},
    ...                    {"kind": "result", "data": {"takers": 1, "points": 100}}])
    >>> [r.points for r in sheet.rounds], sheet.team_totals, sheet.totals, sheet.dealer
    ([(0, 81), (0, 0), (62, 181)], (62, 262), (62, 262, 62, 262), 1)
    """
    entries = list(entries)
    log = applied(entries)
    deals: list[Deal | None] = []
    corrected: set[int] = set()
    for kind, d in log.entries:
        if kind == RESULT:
            deals.append(deal_of(setup, d))
        elif kind == CORRECTION:
            n = whole(d.get("round"), "round")
            if not 1 <= n <= len(deals):
                raise RuleError(N_("There is no deal %(round)s in this game."), field="round", round=n)
            deals[n - 1] = deal_of(setup, d)
            corrected.add(n)
        else:
            raise RuleError(N_("Unknown action."), field="kind")
    game = pure.run(setup, deals)
    return BeloteSheet(setup, game, _rows(game, corrected), len(entries), log.can_undo, log.can_redo)


def advance(sheet: BeloteSheet, entry: Entry, log: Sequence[Entry] = ()) -> BeloteSheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log``. A deal adds a row; a correction reruns the deals
    (already checked) from the start; an undo or a redo is replayed afresh.

    >>> from .setup import make_setup
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"])
    >>> one = advance(replay(s, []), Entry(1, "result", {"round": 1, "takers": 0, "points": 95}))
    >>> one.team_totals, advance(one, Entry(2, "correction", {"round": 1, "takers": "passed"})).team_totals
    ((95, 67), (0, 0))
    """
    setup, d = sheet.setup, entry.data or {}
    if entry.kind in (UNDO, REDO):
        return replay(setup, [*log, entry])
    corrected = {r.number for r in sheet.rounds if r.corrected}
    if entry.kind == RESULT:
        game = pure.extend(sheet.game, deal_of(setup, d))
    elif entry.kind == CORRECTION:
        n = whole(d.get("round"), "round")
        deals = _deals(sheet)
        deals[n - 1] = deal_of(setup, d)
        corrected.add(n)
        game = pure.run(setup, deals)
    else:
        raise RuleError(N_("Unknown action."), field="kind")
    return BeloteSheet(setup, game, _rows(game, corrected), sheet.version + 1, True, False)


def summary(sheet: BeloteSheet) -> dict[str, Any]:
    """What the games list shows without replaying: phase, deal, leaders (the winners once
    finished)."""
    return totals_summary(sheet, sheet.deal_number)
