"""What every sheet that adds points up round by round shows the same way: totals,
leaders, winners, standings, phase and a past round asked for by number.

A game's sheet (a frozen dataclass with ``setup`` and ``rounds``, each row carrying its
``totals``) inherits ``TotalsSheet`` and keeps what is its own: when it is finished, who
wins when the totals are low, how it names a missing round. Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .errors import N_, RuleError
from .fields import whole
from .standings import Standing, before_last, ranked, standings_and_undo


def best(totals: Sequence[int], lowest_wins: bool = False) -> tuple[int, ...]:
    """The seats sharing the best total: the highest, or the lowest when that wins.

    >>> best((10, 30, 30)), best((10, 30, 10), lowest_wins=True)
    ((1, 2), (0, 2))
    """
    top = min(totals) if lowest_wins else max(totals)
    return tuple(p for p, t in enumerate(totals) if t == top)


class TotalsSheet:
    """The totals-based answers of a sheet (a mixin of its dataclass: no fields here)."""

    # the refusal of ``row`` for a number with no line: a game says "deal" or "round"
    NO_ROW: ClassVar[str] = N_("There is no round %(round)s in this game.")

    setup: Any
    rounds: tuple[Any, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rounds[-1].totals if self.rounds else (0,) * self.setup.n

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total is the best (default: the highest)."""
        return False

    @property
    def finished(self) -> bool:
        return False

    @property
    def phase(self) -> str:
        return "finished" if self.finished else "playing"

    @property
    def round_number(self) -> int:
        """The number of the next round (its line on the sheet)."""
        return len(self.rounds) + 1

    @property
    def leaders(self) -> tuple[int, ...]:
        return best(self.totals, self.lowest_wins)

    @property
    def winners(self) -> tuple[int, ...]:
        """The best total once the game is over; equal totals share the win."""
        return self.leaders if self.finished else ()

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Players best first, ties sharing a rank (1, 1, 3), with each one's change."""
        before = before_last([r.totals for r in self.rounds], self.setup.n)
        return ranked(self.totals, self.lowest_wins, before)

    def row(self, number: Any) -> Any:
        """The line ``number`` on the sheet, or a refusal."""
        n = whole(number, "round")
        if not 1 <= n <= len(self.rounds):
            raise RuleError(self.NO_ROW, field="round", round=n)
        return self.rounds[n - 1]


def totals_json(sheet: Any, own: Mapping[str, Any], after: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A totals sheet as JSON, in the order every such game writes it: version, phase,
    the next round and the players, then the game's ``own`` fields (setup and rounds),
    the totals and leaders (none before any round), then ``after`` (winners, end) and
    the standings and undo state."""
    return {
        "version": sheet.version,
        "phase": sheet.phase,
        "finished": sheet.finished,
        "current_round": sheet.round_number,
        "players": list(sheet.setup.players),
        **own,
        "totals": list(sheet.totals),
        "leaders": list(sheet.leaders) if sheet.rounds else [],
        **(after or {}),
        **standings_and_undo(sheet),
    }


def totals_summary(sheet: Any, number: int | None = None) -> dict[str, Any]:
    """What the games list shows without replaying: phase, the next round (``number``
    when the game counts its rounds otherwise, as deals played), leaders (the winners
    once finished) by name."""
    names = sheet.setup.players
    return {
        "phase": sheet.phase,
        "round": sheet.round_number if number is None else number,
        "rounds": len(sheet.rounds),
        "leaders": [names[p] for p in sheet.leaders] if sheet.rounds else [],
        "players": list(names),
    }
