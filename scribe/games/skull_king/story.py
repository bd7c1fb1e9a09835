"""Skull King's story: per player the bids made of those tried (by bid size) and the
bonus points earned (K-S2..K-S4); the rounds played tell the rest (``rules/story.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...rules.errors import N_
from ...rules.story import BidCount, Fact, Story, longest_run, story_names, tell
from .sheet import Sheet

BIDS_MADE = N_("Bids made")
LONGEST_RUN = N_("Longest run of bids made")
BONUS_EARNED = N_("Bonus points earned")


def story(sheet: Sheet) -> Story:
    """The story of the rounds played so far (every bid there is revealed, K-B1).

    >>> from scribe.games.skull_king import Entry, make_setup, replay
    >>> s = make_setup(["Ana", "Ben", "Cy"])
    >>> log = [Entry(1, "bids", {"round": 1, "bids": [1, 0, 0]}), Entry(2, "tricks", {"round": 1, "tricks": [1, 0, 0],
    ...        "bonuses": [{"fourteens": 1}, {}, {}]})]
    >>> told = story(replay(s, log))
    >>> told.running, [(f.key, f.value) for f in told.lines[0].facts]
    (((30, 10, 10),), [('bids_made', 1), ('longest_run', 1), ('bonus', 10)])
    """
    played = sheet.played
    facts, bids = [], []
    for p in range(sheet.setup.n):
        hits = [bool(r.hit(p)) for r in played]
        tried: Counter[int] = Counter(r.bids[p] for r in played)
        made: Counter[int] = Counter(r.bids[p] for r, hit in zip(played, hits) if hit)
        earned = sum(r.earned[p] for r in played if r.earned is not None)
        facts.append((Fact("bids_made", BIDS_MADE, sum(hits), len(hits)),
                      Fact("longest_run", LONGEST_RUN, longest_run(hits)),
                      Fact("bonus", BONUS_EARNED, earned, summed=True)))
        bids.append(tuple(BidCount(b, tried[b], made[b]) for b in sorted(tried)))
    rows: list[Any] = [(r.number, r.points, r.totals) for r in played]
    return tell(story_names(sheet), rows, False, sheet.finished, sheet.winners, facts, bids,
                variant=sheet.setup.rules.scoring)


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: the same players and rules; the first dealer one seat
    on, clockwise (the deal passes to the left, K-R1)."""
    return {"players": list(setup.players), "first_dealer": (setup.first_dealer + 1) % setup.n,
            **setup.rules.as_dict()}
