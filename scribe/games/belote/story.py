"""Belote's story: the teams' running totals as each player's (a player's total is its
team's); ``rules/story.py`` tells the rest. Passed deals score nothing and are left out."""

from __future__ import annotations

from typing import Any

from ...rules.story import Story, tell
from .sheet import BeloteSheet
from .words_rules import WORDS


def story(sheet: BeloteSheet) -> Story:
    """>>> from .setup import make_setup
    >>> from .sheet import replay
    >>> s = make_setup(["Ana", "Ben", "Cy", "Dee"])
    >>> told = story(replay(s, [{"kind": "result", "data": {"takers": 0, "points": 95}}]))
    >>> told.rounds, told.running
    ((1,), ((95, 67, 95, 67),))
    """
    rows: list[Any] = [(r.number, r.player_points, r.player_totals) for r in sheet.rounds if not r.passed]
    return tell(sheet.setup.players, rows, False, sheet.finished, sheet.winners, words=WORDS)


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: the same table, end and settings; the first dealer one
    seat on to the right, where the deal goes (B-M1)."""
    return {"players": list(setup.players), "first_dealer": (setup.first_dealer - 1) % 4,
            "target": setup.target, "deals": setup.deals, "variant": setup.variant,
            "settings": setup.settings.for_variant(setup.variant),
            "names": list(setup.names) if setup.names else None}
