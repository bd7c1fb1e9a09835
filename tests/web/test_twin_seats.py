"""The twin differential (tests/web/test_twin_differential.py) with one output path more:
GET /api/games/KEY/seats/N, the JSON of the Scribe's phone passed to seat N (issue 33). It
is read as the pass-the-phone page is, by the viewer ("pass", N): twins alike but for a
sealed bid or a dealt hand read alike there for every seat that may not know the value,
in every handwritten sequence of that file."""

from __future__ import annotations

import pytest
import test_twin_differential as twins
from test_twin_differential import HANDWRITTEN, make, run, twin_app, twin_deals  # noqa: F401 - its fixtures


@pytest.fixture
def seat_json(monkeypatch):
    """Every twin comparison also reads each seat's JSON as the Scribe's phone passed to it."""
    original = twins.views

    def views(t, labels, pdf):
        out = original(t, labels, pdf)
        for n in range(t.n):
            out[("pass", n)] = [*out[("pass", n)], (t.scribe, f"/api/games/{t.key}/seats/{n}", {})]
        return out

    monkeypatch.setattr(twins, "views", views)


@pytest.mark.parametrize("name", HANDWRITTEN)
def test_a_seats_json_reads_alike_until_the_value_is_revealed(twin_app, twin_deals, seat_json, name):  # noqa: F811
    options, secret, steps = HANDWRITTEN[name]
    pair = run(make(twin_app, twin_deals, secret, **options), steps)
    assert pair.compared > 200, pair.compared
