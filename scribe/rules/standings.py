"""The standings every game's sheet shows: ranks by total, equal totals sharing a rank."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    total: int


def ranked(totals: Sequence[int], lowest_wins: bool = False) -> tuple[Standing, ...]:
    """Seats best first; equal totals share a rank and the next rank skips (1, 1, 3).

    >>> [(s.rank, s.player) for s in ranked([10, 30, 10])]
    [(1, 1), (2, 0), (2, 2)]
    >>> [(s.rank, s.player) for s in ranked([10, 30, 10], lowest_wins=True)]
    [(1, 0), (1, 2), (3, 1)]
    """
    sign = 1 if lowest_wins else -1
    out: list[Standing] = []
    for i, p in enumerate(sorted(range(len(totals)), key=lambda p: sign * totals[p])):
        rank = out[-1].rank if out and out[-1].total == totals[p] else i + 1
        out.append(Standing(rank, p, totals[p]))
    return tuple(out)


def standings_and_undo(sheet: Any) -> dict[str, Any]:
    """The standings by rank (with names) and the undo/redo state, as every game writes them."""
    names = sheet.setup.players
    return {
        "standings": [{"rank": s.rank, "player": s.player, "name": names[s.player], "total": s.total}
                      for s in sheet.standings],
        "can_undo": sheet.can_undo,
        "can_redo": sheet.can_redo,
    }
