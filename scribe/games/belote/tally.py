"""A game's deals added up: each deal's scores, the litige's held points and who gets
them, the running totals, and the end (B-D2, B-S4, B-S5, B-E1..B-E3, C-E1, C-S6). Pure.

``run`` is a pure function of the setup and the deals in order (None: everyone passed),
so a correction replayed from the start is the sheet; ``extend`` adds one deal to it. The
registered game's log (undo, corrections) sits on top of it, in ``sheet.py``.

>>> from .setup import make_setup
>>> g = run(make_setup(["Ana", "Ben", "Cy", "Dee"], target=501), [Deal(0, 81), None, Deal(1, 100)])
>>> [(r.points, r.held) for r in g.rows], g.totals
([((0, 81), 81), ((0, 0), 81), ((62, 181), 0)], (62, 262))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules.errors import N_, RuleError
from . import coinche, scoring
from .scoring import LITIGE, Deal, Result, round_score
from .settings import COINCHE
from .setup import Setup


@dataclass(frozen=True)
class Row:
    """One deal on the sheet: its line number (passed deals included), its dealer, what
    was played (None: passed, B-D2), its result, the held litige points it received
    (per team, rounded), the team's points on the line (the deal's scores and those), the
    running totals, the litige points still held after it, and the deals counted so far
    (B-E2: passed ones are not)."""

    number: int
    dealer: int
    deal: Deal | None
    result: Result | None
    awarded: tuple[int, int]
    points: tuple[int, int]
    totals: tuple[int, int]
    held: int
    counted: int

    @property
    def passed(self) -> bool:
        return self.deal is None


@dataclass(frozen=True)
class Game:
    """The sheet's figures: its rows, the winning team once the game is over (None until
    then), the teams that may not win on their belote alone until they take a trick
    (B-E3), and the litige points still held (lost if the game ends so: *reading*)."""

    setup: Setup
    rows: tuple[Row, ...]
    winner: int | None
    blocked: tuple[bool, bool]

    @property
    def totals(self) -> tuple[int, int]:
        return self.rows[-1].totals if self.rows else (0, 0)

    @property
    def held(self) -> int:
        return self.rows[-1].held if self.rows else 0

    @property
    def over(self) -> bool:
        return self.winner is not None


def score(setup: Setup, deal: Deal) -> Result:
    """The deal's result by the variant's rules."""
    rules = coinche if setup.variant == COINCHE else scoring
    return rules.score(deal, setup.settings)


def _winner(setup: Setup, totals: tuple[int, int], blocked: list[bool], counted: int) -> int | None:
    """B-E1: the first team at or past the target wins, the higher total if both are,
    none while equal; B-E3: a blocked team cannot. B-E2: after the deals agreed, the
    higher total; equal, another deal."""
    if setup.deals is not None:
        if counted < setup.deals or totals[0] == totals[1]:
            return None
        return 0 if totals[0] > totals[1] else 1
    there = [t for t in (0, 1) if totals[t] >= (setup.target or 0) and not blocked[t]]
    if len(there) == 2:
        return None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return there[0] if there else None


def extend(game: Game, deal: Deal | None) -> Game:
    """The sheet after one more deal (None: passed), from the sheet before it: what ``run``
    does deal by deal, so a registered game's next deal is added without a replay. A deal
    after the game's end is refused."""
    setup = game.setup
    if game.winner is not None:
        raise RuleError(N_("The game is over: no more deals."), field="deal")
    number = len(game.rows) + 1
    totals, held = game.totals, game.held
    counted = game.rows[-1].counted if game.rows else 0
    if deal is None:  # B-D2: void, next dealer, not counted (B-E2)
        row = Row(number, setup.dealer(number), None, None, (0, 0), (0, 0), totals, held, counted)
        return Game(setup, (*game.rows, row), None, game.blocked)
    result = score(setup, deal)
    counted += 1
    awarded = [0, 0]
    if result.outcome == LITIGE:
        held += result.held  # another litige adds to it (B-S4)
    elif held:
        awarded[result.winner] = round_score(held, setup.settings.rounding)  # type: ignore[index]
        held = 0
    points = (result.scores[0] + awarded[0], result.scores[1] + awarded[1])
    before, totals = totals, (totals[0] + points[0], totals[1] + points[1])
    blocked = list(game.blocked)
    for team in (0, 1):
        if blocked[team] and deal.capot != 1 - team:
            blocked[team] = False  # B-E3: it took a trick
        if setup.target and team in result.beaten and before[team] < setup.target <= totals[team]:
            blocked[team] = True  # B-E3: dedans or capot, and only its belote took it there
    winner = _winner(setup, totals, blocked, counted)
    row = Row(number, setup.dealer(number), deal, result, (awarded[0], awarded[1]), points, totals, held, counted)
    return Game(setup, (*game.rows, row), winner, (blocked[0], blocked[1]))


def run(setup: Setup, deals: Sequence[Deal | None]) -> Game:
    """The sheet of ``deals`` in order. A deal after the game's end is refused."""
    game = Game(setup, (), None, (False, False))
    for deal in deals:
        game = extend(game, deal)
    return game
