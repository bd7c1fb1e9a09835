"""The draw of a partie: which units sit at which table, and in which seats.

E-D1 Tables: as many tables of the preferred size as can be, the others within the
     allowed sizes, sizes differing by one at most (Tarot: tables of 4, of 5 when the count
     is not a multiple of 4; beuselinck.fr/article182.html). A count no tables fit is
     refused, unless the format has byes (E-D6).
E-D2 ``fewest_meetings``: the tables minimise the repeat meetings, the sum over every pair
     seated together of the times they met before (the meetings matrix of the earlier
     parties), so that players "meet the others only once" where the counts allow it
     (beuselinck.fr, *Le tournoi en donnes libres*). An exact branch-and-bound search on
     small fields, a seeded local search (restarts and swaps) on larger ones: the same
     seed, units and history always give the same draw.
E-D3 ``random``: tables drawn at random (seeded), meetings ignored.
E-D4 ``ranking``: after the first partie (drawn as E-D3), units meet in the order of the
     ranking, 1st with 2nd, 3rd with 4th (doczz.fr/doc/2880155, concours de belote, art. 5).
E-D5 Late arrivals join the next draw, withdrawn units leave it; the meetings they had stay.
E-D6 Byes: when the units do not fill the tables (an odd count of teams), the fewest units
     sit out, chosen among those with the fewest byes so far, the lowest ranked first when
     a ranking is given, else by the seed. (Draughts clubs likewise name an *exempt* each
     round who scores the win, ffjd.fr "Organiser un tournoi".)
E-D7 A roster of players known before the first partie may be planned whole (``plan``):
     every partie redrawn against all the others while the evening's repeats do not grow.
Within a table the seats are drawn too (the first listed deals first).

>>> d = draw_partie(["A", "B", "C", "D", "E", "F", "G", "H"], [], seed=1, sizes=(4, 4, 4))
>>> sorted(len(t) for t in d.tables), d.byes
([4, 4], ())
>>> d2 = draw_partie(["A", "B", "C", "D", "E", "F", "G", "H"], [d], seed=1, sizes=(4, 4, 4))
>>> max(len(set(t) & set(u)) for t in d.tables for u in d2.tables)  # 2 of a table meet again, no more
2
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scribe.events.definition import Event, present
from scribe.rules.errors import N_, RuleError

# Above this many ways of seating the units, the exact search gives way to the local one.
EXACT_LIMIT = 20_000
RESTARTS = 24


@dataclass(frozen=True)
class Draw:
    partie: int
    tables: tuple[tuple[str, ...], ...]  # table 1 first; each in seat order
    byes: tuple[str, ...] = ()


Meetings = Counter  # frozenset({a, b}) -> the times a and b sat at one table


def meetings(draws: Iterable[Draw]) -> Meetings:
    """The meetings matrix of ``draws``: how often each pair shared a table.

    >>> meetings([Draw(1, (("A", "B", "C"),))])[frozenset("AB")]
    1
    """
    met: Meetings = Counter()
    for d in draws:
        for t in d.tables:
            met.update(frozenset(p) for p in itertools.combinations(t, 2))
    return met


def table_sizes(n: int, low: int, high: int, preferred: int) -> tuple[int, ...] | None:
    """The tables for ``n`` units (E-D1), largest first, or None when none fit.

    >>> table_sizes(16, 4, 5, 4), table_sizes(18, 4, 5, 4), table_sizes(11, 4, 5, 4)
    ((4, 4, 4, 4), (5, 5, 4, 4), None)
    >>> table_sizes(7, 2, 2, 2), table_sizes(14, 3, 6, 4)
    (None, (4, 4, 3, 3))
    """
    best = None
    for t in range(1, n + 1):
        size, extra = divmod(n, t)
        sizes = (size + 1,) * extra + (size,) * (t - extra)
        if low <= sizes[-1] and sizes[0] <= high:
            key = (-sizes.count(preferred), abs(n / t - preferred))
            if best is None or key < best[0]:
                best = (key, sizes)
    return best[1] if best else None


def cost(tables: Iterable[Sequence[str]], met: Meetings) -> int:
    """The repeat meetings of ``tables`` (E-D2): each pair's earlier meetings, summed."""
    return sum(met[frozenset(p)] for t in tables for p in itertools.combinations(t, 2))


def arrangements(n: int, sizes: Sequence[int]) -> int:
    """The ways of splitting ``n`` units into unnumbered tables of ``sizes``.

    >>> arrangements(8, (4, 4)), arrangements(6, (2, 2, 2))
    (35, 15)
    """
    ways = math.factorial(n)
    for s in sizes:
        ways //= math.factorial(s)
    for count in Counter(sizes).values():
        ways //= math.factorial(count)
    return ways


def _exact(units: list[str], sizes: tuple[int, ...], met: Meetings) -> list[tuple[str, ...]]:
    """The tables of least cost, by branch and bound."""
    best: list = [math.inf, None]

    def place(left: list[str], todo: tuple[int, ...], done: list, spent: int) -> None:
        if spent >= best[0]:
            return
        if not todo:
            best[0], best[1] = spent, list(done)
            return
        first, rest = left[0], left[1:]
        # the first unit left opens a table of each size still to fill: each split into
        # tables is met once (tables taken in the order of their first unit)
        for size in sorted(set(todo), reverse=True):
            after = list(todo)
            after.remove(size)
            for others in itertools.combinations(rest, size - 1):
                table = (first, *others)
                place([u for u in rest if u not in others], tuple(after), done + [table],
                      spent + cost([table], met))
                if best[0] == 0:
                    return

    place(units, sizes, [], 0)
    return best[1]


def _local(units: list[str], sizes: tuple[int, ...], met: Meetings, rng: random.Random) -> list[tuple[str, ...]]:
    """Seeded restarts of a hill climb that swaps two units of two tables while it helps."""
    best, best_cost = None, math.inf
    for _ in range(RESTARTS):
        order = units[:]
        rng.shuffle(order)
        tables, i = [], 0
        for s in sizes:
            tables.append(order[i:i + s])
            i += s
        improved = True
        while improved:
            improved = False
            for a, b in itertools.combinations(range(len(tables)), 2):
                for i, j in itertools.product(range(len(tables[a])), range(len(tables[b]))):
                    before = cost([tables[a], tables[b]], met)
                    tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
                    if cost([tables[a], tables[b]], met) < before:
                        improved = True
                    else:
                        tables[a][i], tables[b][j] = tables[b][j], tables[a][i]
        spent = cost(tables, met)
        if spent < best_cost:
            best, best_cost = [tuple(t) for t in tables], spent
        if best_cost == 0:
            break
    return best


def _byes(units: list[str], sizes_for, previous: Sequence[Draw], order: Sequence[str] | None,
          rng: random.Random) -> tuple[list[str], tuple[str, ...]]:
    """The fewest units to sit out so that tables fit (E-D6), and the units left to seat."""
    had = Counter(u for d in previous for u in d.byes)
    rank = {u: i for i, u in enumerate(order or ())}
    shuffled = units[:]
    rng.shuffle(shuffled)
    # fewest byes first, then the lowest ranked, then the seed's order
    candidates = sorted(shuffled, key=lambda u: (had[u], -rank.get(u, -1) if order else 0))
    for k in range(1, len(units)):
        if sizes_for(len(units) - k):
            out = candidates[:k]
            return [u for u in units if u not in out], tuple(out)
    raise RuleError(N_("%(count)s cannot be seated at tables."), field="units", count=len(units))


def draw_partie(units: Sequence[str], previous: Sequence[Draw], seed: int, sizes: tuple[int, int, int],
                mode: str = "fewest_meetings", byes: bool = False,
                order: Sequence[str] | None = None) -> Draw:
    """Draw the next partie of ``units`` after the ``previous`` parties' draws.

    ``sizes``: (least, most, preferred) units a table; ``order``: the ranking so far, best
    first (for ``mode="ranking"`` and for choosing byes). The same arguments give the same
    draw (E-D2). Raises a RuleError when the units cannot fill tables and byes are off.
    """
    units = list(dict.fromkeys(units))
    partie = len(previous) + 1
    rng = random.Random(f"{seed}:{partie}")

    def sizes_for(n: int):
        return table_sizes(n, *sizes) if n else None

    left, out = units, ()
    if not sizes_for(len(units)):
        if not byes:
            raise RuleError(N_("%(count)s players cannot be seated at tables of %(low)s to %(high)s."),
                            field="units", count=len(units), low=sizes[0], high=sizes[1])
        left, out = _byes(units, sizes_for, previous, order, rng)
    fit = sizes_for(len(left))
    met = meetings(previous)
    if mode == "ranking" and previous and order:
        ranked = sorted(left, key=lambda u: list(order).index(u) if u in order else len(order))
        tables, i = [], 0
        for s in fit:
            tables.append(tuple(ranked[i:i + s]))
            i += s
    elif mode == "random" or not previous:
        shuffled = left[:]
        rng.shuffle(shuffled)
        tables, i = [], 0
        for s in fit:
            tables.append(tuple(shuffled[i:i + s]))
            i += s
    else:
        tables = _search(left, fit, met, rng)
    return Draw(partie, _seat(tables, rng), out)


def _search(units: list[str], fit: tuple[int, ...], met: Meetings, rng: random.Random) -> list[tuple[str, ...]]:
    """The tables of fewest repeat meetings (E-D2): exact on small fields, local on large."""
    shuffled = units[:]
    rng.shuffle(shuffled)  # which of the equally good draws comes out is the seed's
    if arrangements(len(units), fit) <= EXACT_LIMIT:
        return _exact(shuffled, fit, met)
    return _local(shuffled, fit, met, rng)


def _seat(tables: Iterable[Sequence[str]], rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Each table's seats drawn; the larger tables first (numbered 1, 2...)."""
    seated = []
    for t in tables:
        seats = list(t)
        rng.shuffle(seats)
        seated.append(tuple(seats))
    seated.sort(key=len, reverse=True)
    return tuple(seated)


def repeats(draws: Iterable[Draw]) -> int:
    """The repeat meetings of a whole evening: each pair's meetings past its first, summed.

    >>> repeats([Draw(1, (("A", "B"),)), Draw(2, (("A", "B"),)), Draw(3, (("B", "A"),))])
    2
    """
    return sum(c - 1 for c in meetings(draws).values())


def plan(units: Sequence[str], parties: int, seed: int, sizes: tuple[int, int, int], sweeps: int = 6) -> tuple[Draw, ...]:
    """Every partie drawn ahead, for a roster known before the first (E-D7): each partie
    drawn after the ones before it (E-D2), then each redrawn against all the others, sweep
    after sweep, kept when the evening's repeat meetings do not grow. One partie at a time
    cannot look ahead (16 players drawn partie by partie meet again at the 4th; planned,
    they need not). Deterministic for a seed. A roster that changes after the plan is drawn
    partie by partie from then on (``draw_partie`` with the parties played).

    >>> ds = plan([f"P{i}" for i in range(8)], 2, seed=1, sizes=(4, 4, 4))
    >>> [d.partie for d in ds], repeats(ds) <= repeats([ds[0], ds[0]])
    ([1, 2], True)
    """
    units = list(dict.fromkeys(units))
    fit = table_sizes(len(units), *sizes)
    if fit is None:
        raise RuleError(N_("%(count)s players cannot be seated at tables of %(low)s to %(high)s."),
                        field="units", count=len(units), low=sizes[0], high=sizes[1])
    draws: list[Draw] = []
    for _ in range(parties):
        draws.append(draw_partie(units, draws, seed, sizes))
    best = repeats(draws)
    for sweep in range(sweeps):
        if best == 0:
            break
        for p in range(parties):
            rng = random.Random(f"{seed}:plan:{sweep}:{p}")
            others = draws[:p] + draws[p + 1:]
            tried = draws[:p] + [Draw(p + 1, _seat(_search(units, fit, meetings(others), rng), rng))] + draws[p + 1:]
            if repeats(tried) <= best:
                draws, best = tried, repeats(tried)
    return tuple(draws)


def draw_next(event: Event, previous: Sequence[Draw], seed: int, order: Sequence[str] | None = None) -> Draw:
    """The next partie's draw for ``event``: its units present then, with its settings.

    >>> from scribe.events.definition import make_event
    >>> e = make_event("belote", "concours", 3, deals=12, entrants="ABCDE", teams=[("x", "y")] * 5)
    >>> d = draw_next(e, [], seed=7)
    >>> len(d.tables), len(d.byes)
    (2, 1)
    """
    partie = len(previous) + 1
    if partie > event.parties:
        raise RuleError(N_("The event's %(parties)s parties are drawn."), field="partie", parties=event.parties)
    s = event.settings
    return draw_partie(present(event, partie), previous, seed, (s.table_min, s.table_max, s.table_preferred),
                       s.draw, s.byes, order)
