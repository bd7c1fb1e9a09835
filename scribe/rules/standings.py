"""The standings every game's sheet shows: ranks by total, equal totals sharing a rank."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    total: int
    change: int | None = None  # what the last scored round did to the total; None before any


def ranked(totals: Sequence[int], lowest_wins: bool = False,
           before: Sequence[int] | None = None) -> tuple[Standing, ...]:
    """Seats best first; equal totals share a rank and the next rank skips (1, 1, 3).
    ``before``: the totals before the last scored round, for each player's change.

    >>> [(s.rank, s.player) for s in ranked([10, 30, 10])]
    [(1, 1), (2, 0), (2, 2)]
    >>> [(s.rank, s.player) for s in ranked([10, 30, 10], lowest_wins=True)]
    [(1, 0), (1, 2), (3, 1)]
    >>> [s.change for s in ranked([10, 30, 10], before=[20, 0, 10])]
    [30, -10, 0]
    """
    sign = 1 if lowest_wins else -1
    out: list[Standing] = []
    for i, p in enumerate(sorted(range(len(totals)), key=lambda p: sign * totals[p])):
        rank = out[-1].rank if out and out[-1].total == totals[p] else i + 1
        out.append(Standing(rank, p, totals[p], None if before is None else totals[p] - before[p]))
    return tuple(out)


@dataclass(frozen=True)
class SideStanding:
    """Partners who share one total (a side: a team of partners), ranked as one."""

    rank: int
    name: str
    seats: tuple[int, ...]
    total: int
    change: int | None = None


def sided(standings: Sequence[Standing], sides: Sequence[tuple[str, Sequence[int]]]) -> tuple[SideStanding, ...]:
    """The seats' standings folded into their sides, best first: a side is ranked by the
    total its seats share, so two teams rank 1 and 2, not 1, 1, 3, 3.

    >>> [(s.rank, s.name, s.total) for s in sided(ranked([5, 9, 5, 9]), [("A & C", (0, 2)), ("B & D", (1, 3))])]
    [(1, 'B & D', 9), (2, 'A & C', 5)]
    """
    by_seat = {s.player: s for s in standings}
    out: list[SideStanding] = []
    for i, (name, seats) in enumerate(sorted(sides, key=lambda side: by_seat[side[1][0]].rank)):
        first = by_seat[seats[0]]
        rank = out[-1].rank if out and out[-1].total == first.total else i + 1
        out.append(SideStanding(rank, name, tuple(seats), first.total, first.change))
    return tuple(out)


def standings_and_undo(sheet: Any) -> dict[str, Any]:
    """The standings by rank (with names) and the undo/redo state, as every game writes them."""
    names = sheet.setup.players
    return {
        "standings": [{"rank": s.rank, "player": s.player, "name": names[s.player], "total": s.total,
                       "change": s.change}
                      for s in sheet.standings],
        "can_undo": sheet.can_undo,
        "can_redo": sheet.can_redo,
    }


def before_last(running: Sequence[Sequence[int]], n: int) -> Sequence[int] | None:
    """The totals before the last scored round, from each scored round's running totals:
    zeros after the first round, None before any (no change to tell).

    >>> before_last([], 2), before_last([(20, -10)], 2), before_last([(20, -10), (50, 0)], 2)
    (None, (0, 0), (20, -10))
    """
    if not running:
        return None
    return running[-2] if len(running) > 1 else (0,) * n
