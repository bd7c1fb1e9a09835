"""The ranking of an event from its tables' results.

E-R1 ``points``: a unit's points are the sum of its scores at its tables, partie after
     partie (Tarot donnes libres: "the ranking is the addition of the scores made at each
     table", beuselinck.fr/article182.html; a concours ranked on points alone, "not by the
     number of wins but by the total of points", blacksuccube.blogspot.com 2017).
E-R2 ``wins_then_points``: parties won first, then points (the usual concours de belote
     ranking; doczz.fr/doc/2880155's teams meet "in the order of the ranking"). A partie is
     won by the unit with the strictly highest score at its table; a tie wins for no one.
E-R3 ``place_points``: each table's places turned into points (``place_points``, or by
     default the units beaten), shared places taking the better place's points.
E-R4 Ties on the ranking's key are broken by the event's ``tie_breaks`` in order: the
     best single partie, parties won, points, fewest points conceded (the opponents'
     scores at one's tables). The FFT's own tie-breaks (*Fascicule 2 : Donnes libres*)
     could not be read: none is applied by default; past them a tie shares its rank
     (1, 1, 3), as every sheet of Scribe does (scribe.rules.standings).
E-R5 Tarot tables are zero-sum: a table's scores for a partie add up to 0 (what the taker
     wins the defenders pay); a result that does not is refused (the sum-to-zero check of
     superdudu/tarot-tournament).
E-D6 A bye counts as a partie won when ``bye_wins`` and brings ``bye_points``.
Units absent from a partie (late, withdrawn) score nothing in it and stay ranked.

>>> from scribe.events.definition import make_event
>>> e = make_event("tarot", "tarot_free", 1, deals=4, entrants="ABCDEFGH")
>>> rs = [TableResult(1, 1, {"A": 60, "B": -20, "C": -20, "D": -20}),
...       TableResult(1, 2, {"E": 90, "F": -30, "G": -30, "H": -30})]
>>> [(l.rank, l.unit, l.points) for l in rank(e, rs)][:3]
[(1, 'E', 90), (2, 'A', 60), (3, 'B', -20)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from scribe.events.definition import Event, everyone
from scribe.events.draw import Draw
from scribe.rules.errors import N_, RuleError


@dataclass(frozen=True)
class TableResult:
    """A table's scores for one partie: each unit's total at that table."""

    partie: int
    table: int
    scores: Mapping[str, int]


@dataclass(frozen=True)
class Line:
    rank: int
    unit: str
    points: int  # the ranking's points: scores summed, or place points (E-R3)
    won: int  # parties won, byes included when they count (E-D6)
    score: int  # the scores at the tables summed, byes' points included
    against: int  # the opponents' scores at the unit's tables, summed
    best: int | None  # the best single partie's score; None before any
    played: int  # parties played at a table
    byes: int


def verify_result(event: Event, result: TableResult, draw: Draw | None = None) -> None:
    """Raise a RuleError when ``result`` cannot be recorded (E-R5)."""
    if draw is not None:
        if not 1 <= result.table <= len(draw.tables):
            raise RuleError(N_("No table %(table)s."), field="table", table=result.table)
        if set(result.scores) != set(draw.tables[result.table - 1]):
            raise RuleError(N_("The scores name other players than the table's."), field="scores")
    if event.settings.zero_sum and sum(result.scores.values()) != 0:
        raise RuleError(N_("Table %(table)s's scores add up to %(total)s, not 0."), field="scores",
                        table=result.table, total=sum(result.scores.values()))


def _place_points(scores: Mapping[str, int], table: Sequence[int]) -> dict[str, int]:
    """Each unit's place points at one table (E-R3).

    >>> _place_points({"A": 5, "B": 9, "C": 5}, ())
    {'A': 0, 'B': 2, 'C': 0}
    >>> _place_points({"A": 5, "B": 9, "C": 5}, (10, 6, 3))
    {'A': 6, 'B': 10, 'C': 6}
    """
    out = {}
    for u, s in scores.items():
        place = sum(1 for v in scores.values() if v > s)  # 0 for the first; shared places take the better
        if table:
            out[u] = table[place] if place < len(table) else 0
        else:
            out[u] = sum(1 for v in scores.values() if v < s)
    return out


def rank(event: Event, results: Iterable[TableResult], draws: Sequence[Draw] = ()) -> tuple[Line, ...]:
    """Every unit of ``event``, best first, with its rank (E-R1..E-R4, E-D6)."""
    s = event.settings
    units = everyone(event)
    points, won, score, against, played, byes = (defaultdict(int) for _ in range(6))
    best: dict[str, int] = {}
    partie_score: dict[tuple[str, int], int] = defaultdict(int)
    for r in results:
        top = max(r.scores.values(), default=0)
        winners = [u for u, v in r.scores.items() if v == top]
        places = _place_points(r.scores, s.place_points)
        total = sum(r.scores.values())
        for u, v in r.scores.items():
            score[u] += v
            against[u] += total - v
            played[u] += 1
            partie_score[u, r.partie] += v
            points[u] += places[u] if s.ranking == "place_points" else v
            if len(winners) == 1 and winners[0] == u:
                won[u] += 1
    for d in draws:
        for u in d.byes:
            byes[u] += 1
            won[u] += s.bye_wins
            score[u] += s.bye_points
            if s.ranking != "place_points":
                points[u] += s.bye_points
    for (u, _), v in partie_score.items():
        best[u] = max(best.get(u, v), v)

    def key(u: str) -> tuple:
        main = (won[u], points[u]) if s.ranking == "wins_then_points" else (points[u],)
        breaks = {"best_partie": best.get(u, 0), "parties_won": won[u], "points": score[u],
                  "points_against": -against[u]}
        return main + tuple(breaks[b] for b in s.tie_breaks)

    order = sorted(units, key=key, reverse=True)
    lines: list[Line] = []
    for i, u in enumerate(order):
        r = lines[-1].rank if lines and key(lines[-1].unit) == key(u) else i + 1
        lines.append(Line(r, u, points[u], won[u], score[u], against[u], best.get(u), played[u], byes[u]))
    return tuple(lines)
