"""Club nights: an event over ordinary games, its draws and its ranking (issue 36).

The rules of events only: no Flask, no SQL (ARCHITECTURE.md, "Events over tables"). An
event owns tables that are ordinary games and never reaches into one; the store, the web
pages, the hall's TV and the PDFs come above this package. Rule ids E-* are explained in
docs/rules.md, "Club nights".
"""

from scribe.events.definition import (
    DRAWS,
    FORMATS,
    RANKINGS,
    TIE_BREAKS,
    Change,
    Event,
    Settings,
    arrive,
    defaults,
    everyone,
    make_event,
    present,
    verify_event,
    withdraw,
)
from scribe.events.draw import Draw, cost, draw_next, draw_partie, meetings, plan, repeats, table_sizes
from scribe.events.progress import can_draw_next, partie_over, verify_next_draw
from scribe.events.ranking import Line, TableResult, rank, verify_result

__all__ = [
    "DRAWS", "FORMATS", "RANKINGS", "TIE_BREAKS", "Change", "Draw", "Event", "Line", "Settings",
    "TableResult", "arrive", "can_draw_next", "cost", "defaults", "draw_next", "draw_partie",
    "everyone", "make_event", "meetings", "partie_over", "plan", "present", "rank", "repeats",
    "table_sizes", "verify_event", "verify_next_draw", "verify_result", "withdraw",
]
