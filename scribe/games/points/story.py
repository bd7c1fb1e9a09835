"""A points game's story: the rounds as counted (P-S1's doubling included); the best
round is the fewest points where the lowest total wins (P-3)."""

from __future__ import annotations

from typing import Any

from ...rules.story import Story, tell
from .setup import CUSTOM
from .sheet import PointsSheet

CUSTOM_HIGHEST = "custom-highest"  # the statistics' kind of a custom game won by the highest total


def story(sheet: PointsSheet) -> Story:
    """>>> from scribe.games.points import Setup, replay
    >>> told = story(replay(Setup(("Ana", "Ben")), [{"kind": "round", "data": {"points": [30, 5], "closer": 1}},
    ...                                             {"kind": "round", "data": {"points": [2, 9], "closer": 0}}]))
    >>> told.running, told.lines[0].best, told.lines[0].worst
    (((30, 5), (32, 14)), (2, 2), (1, 30))
    """
    rows: list[Any] = [(r.number, r.counted, r.totals) for r in sheet.rounds]
    return tell(sheet.setup.players, rows, sheet.setup.lowest_wins, sheet.finished, sheet.winners,
                variant=variant(sheet.setup))


def variant(setup: Any) -> str:
    """The kind of points game whose final scores compare: its preset, and for a custom
    game the way it is won too (P-3: a best score of 10 and of 60 cannot be ranked)."""
    return CUSTOM_HIGHEST if setup.preset == CUSTOM and not setup.lowest_wins else setup.preset


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: a preset's end and winner are the publisher's, so only a
    custom game carries its own (P-S3)."""
    if setup.preset != CUSTOM:
        return {"players": list(setup.players), "preset": setup.preset, "double_always": setup.double_always}
    return {k: v for k, v in setup.as_dict().items() if k != "double_always"}
