"""Where an event stands (E-P1, E-P2)."""

import pytest

from scribe.events import TableResult, draw_next, make_event
from scribe.events.progress import can_draw_next, partie_over, verify_next_draw
from scribe.rules.errors import RuleError


def test_e_p1_a_partie_ends_after_its_deals_or_at_its_target():
    e = make_event("tarot", "tarot_free", 2, deals=4, entrants="ABCD")
    assert not partie_over(e, 3, [999, 0, 0, 0]) and partie_over(e, 4, [0, 0, 0, 0])
    c = make_event("belote", "concours", 2, target=1000, entrants="AB", teams=[("a", "b")] * 2)
    assert not partie_over(c, 12, [990, 990]) and partie_over(c, 5, [1000, 0])


def test_e_p2_the_next_draw_waits_for_every_table_then_stops_at_the_last_partie():
    e = make_event("tarot", "tarot_free", 2, deals=4, entrants=[f"P{i}" for i in range(8)])
    assert can_draw_next(e, [], [])
    d1 = draw_next(e, [], 1)
    one = [TableResult(1, 1, dict.fromkeys(d1.tables[0], 0))]
    with pytest.raises(RuleError, match="table 2"):
        verify_next_draw(e, [d1], one)
    both = one + [TableResult(1, 2, dict.fromkeys(d1.tables[1], 0))]
    assert can_draw_next(e, [d1], both)
    d2 = draw_next(e, [d1], 1)
    assert not can_draw_next(e, [d1, d2], both + [TableResult(2, t, {}) for t in (1, 2)])
