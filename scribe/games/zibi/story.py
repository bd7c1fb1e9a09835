"""Witty Zibi's story: per player the rounds their clan won, the rounds they survived and
the points scored in each clan (Z-S1, Z-S2); ``rules/story.py`` tells the rest.
"""

from __future__ import annotations

from typing import Any

from ...rules.errors import N_
from ...rules.story import Fact, Story, tell
from .clans import CLANS
from .sheet import ZibiSheet

ROUNDS_WON = N_("Rounds won")
ROUNDS_SURVIVED = N_("Rounds survived")
CLAN_POINTS = N_("Points in clan %(clan)s")


def story(sheet: ZibiSheet) -> Story:
    """The rounds played so far; Witty Zibi has no end (Z-S3), so no winner either.

    >>> from scribe.games.zibi import Setup, replay
    >>> s = Setup(("Ana", "Ben", "Cy", "Dee"))
    >>> told = story(replay(s, [{"kind": "result", "data": {"clans": list("ABAB"), "eliminated": [1, 0, 1, 1]}}]))
    >>> [(f.key, f.value) for f in told.lines[1].facts]
    [('rounds_won', 1), ('rounds_survived', 1), ('clan_A', 0), ('clan_B', 3)]
    """
    clans = CLANS[: len(sheet.setup.sizes)]
    facts = []
    for p in range(sheet.setup.n):
        results = [r.result for r in sheet.rounds]
        won = sum(1 for r in results if r.winner is not None and r.clans[p] == r.winner)
        survived = sum(1 for r in results if not r.eliminated[p])
        per_clan = [Fact(f"clan_{c}", CLAN_POINTS, sum(r.points[p] for r in results if r.clans[p] == c), clan=c)
                    for c in clans]
        facts.append((Fact("rounds_won", ROUNDS_WON, won), Fact("rounds_survived", ROUNDS_SURVIVED, survived),
                      *per_clan))
    rows: list[Any] = [(r.number, r.points, r.totals) for r in sheet.rounds]
    return tell(sheet.setup.players, rows, False, False, (), facts)
