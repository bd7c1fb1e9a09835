"""A game's story: the running totals round by round and, per player, what the rounds
tell (the best and worst round, and facts of the game's own: bids made, rounds won...).

Every game tells its story through ``GameRules.story(sheet)`` from its own rows; the
chart, the pages, the PDF and the group's statistics read only this. Only rounds with
points count (a round still being bid has none), so a sealed bid never enters a story.
Pure: no Flask, no SQL, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import N_


@dataclass(frozen=True)
class Words:
    """What a game calls its rounds and its bids where its story and the group's
    statistics are told (``N_`` templates, translated where shown): Wizard's "Best round"
    and "bid 4" are Tarot's "Best deal" and "Garde sans". ``bid_names`` names a bid by its
    value (``BidCount.bid``) where the game has names for them; ``count`` counts its rounds."""

    best: str = N_("Best round")
    worst: str = N_("Worst round")
    at: str = N_("%(points)s (round %(round)s)")
    number: str = N_("Round")
    bids: str = N_("Bids made: %(rate)s (%(made)s of %(tried)s)")
    by_size: str = N_("By bid size")
    size: str = N_("bid %(bid)s: %(made)s of %(tried)s")
    bid_names: tuple[tuple[int, str], ...] = ()
    chart: str = N_("Running totals over the rounds")  # the chart's title, read out by a screen reader
    # the chart's "after 3 rounds": singular and plural for ``ngettext``, a pair some template
    # already extracts (so no N_ here: it would make the plural's msgid a singular one too)
    count: tuple[str, str] = ("%(num)s round", "%(num)s rounds")


WORDS = Words()


@dataclass(frozen=True)
class Fact:
    """One thing a player's rounds tell: ``value`` (of ``of``, when a ratio), under a
    stable ``key`` for JSON and a ``label`` (an ``N_`` template; ``clan`` fills it);
    ``summed``: the group's statistics add it up over its games (Skull King's bonus points)."""

    key: str
    label: str
    value: int
    of: int | None = None
    clan: str | None = None
    summed: bool = False


@dataclass(frozen=True)
class BidCount:
    """How often a bid of ``bid`` was tried and made (Wizard, W-S1: made = exact)."""

    bid: int
    tried: int
    made: int


@dataclass(frozen=True)
class PlayerStory:
    player: int
    name: str
    total: int
    best: tuple[int, int] | None  # (round, points) of the player's best round
    worst: tuple[int, int] | None
    facts: tuple[Fact, ...] = ()
    bids: tuple[BidCount, ...] = ()  # by bid size, smallest first; empty for a game without bids


@dataclass(frozen=True)
class Story:
    players: tuple[str, ...]
    rounds: tuple[int, ...]  # numbers of the rounds with points, in order
    running: tuple[tuple[int, ...], ...]  # each player's total after each of those rounds
    lowest_wins: bool
    finished: bool
    winners: tuple[int, ...]  # empty until the game is over; several on a tie
    lines: tuple[PlayerStory, ...]
    variant: str = ""  # within a game, the kind whose scores compare (a points game's preset)
    words: Words = WORDS  # what the game calls its rounds and bids
    # players who score as one (partners: a side's name and its seats), their running total
    # one line of the chart under the side's name; empty: a line per player
    sides: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        return self.running[-1] if self.running else (0,) * len(self.players)


def best_and_worst(points: Sequence[tuple[int, int]], lowest_wins: bool = False
                   ) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The best and the worst of (round, points), the earliest on a tie; "best" is the
    fewest points where the lowest total wins.

    >>> best_and_worst([(1, 20), (2, -10), (3, 40), (4, 40)])
    ((3, 40), (2, -10))
    >>> best_and_worst([(1, 20), (2, -10)], lowest_wins=True), best_and_worst([])
    (((2, -10), (1, 20)), (None, None))
    """
    if not points:
        return None, None
    sign = -1 if lowest_wins else 1
    best = max(points, key=lambda rp: (sign * rp[1], -rp[0]))
    worst = min(points, key=lambda rp: (sign * rp[1], rp[0]))
    return best, worst


def longest_run(flags: Sequence[bool]) -> int:
    """The longest run of True in a row.

    >>> longest_run([True, True, False, True, True, True, False]), longest_run([])
    (3, 0)
    """
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def tell(players: Sequence[str], rows: Sequence[tuple[int, Sequence[int], Sequence[int]]],
         lowest_wins: bool, finished: bool, winners: Sequence[int],
         facts: Sequence[Sequence[Fact]] = (), bids: Sequence[Sequence[BidCount]] = (), variant: str = "",
         words: Words = WORDS, sides: Sequence[tuple[str, Sequence[int]]] = ()) -> Story:
    """The story from ``rows`` of (round number, points, totals after it); ``facts`` and
    ``bids``, one sequence per player, are the game's own; ``sides``, partners who share a
    total, (name, seats) each.

    >>> s = tell(("Ana", "Ben"), [(1, (20, -10), (20, -10)), (2, (-10, 30), (10, 20))], False, True, (1,))
    >>> s.running, s.lines[0].best, s.lines[1].worst, s.winners
    (((20, -10), (10, 20)), (1, 20), (1, -10), (1,))
    """
    n = len(players)
    lines = []
    for p in range(n):
        best, worst = best_and_worst([(number, pts[p]) for number, pts, _t in rows], lowest_wins)
        lines.append(PlayerStory(
            p, players[p], rows[-1][2][p] if rows else 0, best, worst,
            tuple(facts[p]) if facts else (), tuple(bids[p]) if bids else ()))
    return Story(tuple(players), tuple(r[0] for r in rows), tuple(tuple(r[2]) for r in rows),
                 lowest_wins, finished, tuple(winners), tuple(lines), variant, words,
                 tuple((name, tuple(seats)) for name, seats in sides))


# After a robot's seat name in the statistics, so that its games count for no person and it
# reads as a robot. Plain text, not an emoji: the printed sheet's fonts have no emoji, and
# « robot » reads the same in the six languages.
ROBOT_MARK = " (robot)"


def story_names(sheet: Any) -> tuple[str, ...]:
    """The players' names as the statistics keep them: a seat a robot held at the end is
    marked (issue 37). ``sheet.robots``: the seats robots hold (any family's sheet)."""
    robots = getattr(sheet, "robots", None) or {}
    return tuple(name + ROBOT_MARK if seat in robots else name for seat, name in enumerate(sheet.setup.players))
