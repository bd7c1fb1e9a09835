"""The family's story (W-S1, W-S3; R-S2, R-E1): per player the bids made of those tried, by bid size,
and the longest run of bids made; the rounds played tell the rest (``rules/story.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...rules.errors import N_
from ...rules.story import BidCount, Fact, Story, longest_run, story_names, tell
from .sheet import Sheet

BIDS_MADE = N_("Bids made")
LONGEST_RUN = N_("Longest run of bids made")


def story(sheet: Sheet) -> Story:
    """The story of the rounds played so far (tricks in: every bid there is open).

    >>> from scribe.games.wizard import Entry, make_setup, replay
    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2)
    >>> bids = [Entry(p + 1, "bid", {"round": 1, "player": p, "bid": b}) for p, b in enumerate((0, 1, 1))]
    >>> told = story(replay(s, bids + [Entry(4, "tricks", {"round": 1, "tricks": [0, 0, 1]})]))
    >>> told.running, [(f.value, f.of) for f in told.lines[1].facts], told.lines[1].bids
    (((20, -10, 30),), [(0, 1), (0, None)], (BidCount(bid=1, tried=1, made=0),))
    """
    played = sheet.played
    n = sheet.setup.n
    facts, bids = [], []
    for p in range(n):
        hits = [bool(r.hit(p)) for r in played]  # on the bid scored: the Cloud's change applied (W-J3)
        tried: Counter[int] = Counter(r.scored_bid(p) for r in played)
        made: Counter[int] = Counter(r.scored_bid(p) for r, hit in zip(played, hits) if hit)
        facts.append((Fact("bids_made", BIDS_MADE, sum(hits), len(hits)),
                      Fact("longest_run", LONGEST_RUN, longest_run(hits))))
        bids.append(tuple(BidCount(b, tried[b], made[b]) for b in sorted(tried)))
    rows: list[Any] = [(r.number, r.points, r.totals) for r in played]
    return tell(story_names(sheet), rows, False, sheet.finished, sheet.winners, facts, bids)


def rematch(setup: Any) -> dict[str, Any]:
    """The next game's options: the same players, rules and the setup's other fields
    (Wizard's edition...); the first dealer one seat on, clockwise (W-R2, R-R2: the deal
    passes to the left)."""
    options = setup.as_dict()
    rules = options.pop("rules")
    return {**options, "first_dealer": (setup.first_dealer + 1) % setup.n, **rules}
