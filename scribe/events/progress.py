"""Where an event stands: a table's partie over or not, and when the next draw may start.

E-P1 A table's partie is over after the event's deals a partie, or once a unit's total
     reaches the partie's target (a concours to 1000, to 2000...; rules.md C-E1).
E-P2 The next partie is drawn once every table of the last one has its result, and never
     past the event's last partie (the organiser "starts the next partie's draw when the
     tables have finished", issue 36).

>>> from scribe.events.definition import make_event
>>> e = make_event("tarot", "tarot_free", 2, deals=4, entrants="ABCDEFGH")
>>> partie_over(e, deals_played=3, totals=[120, -40, -40, -40]), partie_over(e, 4, [0, 0, 0, 0])
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scribe.events.definition import Event
from scribe.events.draw import Draw
from scribe.events.ranking import TableResult
from scribe.rules.errors import N_, RuleError


def partie_over(event: Event, deals_played: int, totals: Sequence[int]) -> bool:
    """Whether a table has played its partie out (E-P1).

    >>> from scribe.events.definition import make_event
    >>> c = make_event("belote", "concours", 3, target=1000, entrants="AB", teams=[("a", "b")] * 2)
    >>> partie_over(c, 9, [980, 640]), partie_over(c, 10, [1010, 700])
    (False, True)
    """
    if event.deals is not None:
        return deals_played >= event.deals
    return max(totals, default=0) >= event.target


def verify_next_draw(event: Event, draws: Sequence[Draw], results: Iterable[TableResult]) -> None:
    """Raise a RuleError saying why the next partie cannot be drawn yet (E-P2)."""
    if len(draws) >= event.parties:
        raise RuleError(N_("The event's %(parties)s parties are drawn."), field="partie", parties=event.parties)
    if not draws:
        return
    last = draws[-1]
    done = {r.table for r in results if r.partie == last.partie}
    waiting = [i + 1 for i in range(len(last.tables)) if i + 1 not in done]
    if waiting:
        raise RuleError(N_("Partie %(partie)s goes on at table %(tables)s."), field="partie",
                        partie=last.partie, tables=", ".join(map(str, waiting)))


def can_draw_next(event: Event, draws: Sequence[Draw], results: Iterable[TableResult]) -> bool:
    """Whether the next partie may be drawn now (E-P2)."""
    try:
        verify_next_draw(event, draws, results)
    except RuleError:
        return False
    return True
