"""The ranking (E-R1..E-R5, E-D6): worked examples and Hypothesis invariants."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from scribe.events import (
    Settings,
    TableResult,
    arrive,
    draw_next,
    make_event,
    rank,
    verify_result,
)
from scribe.rules.errors import RuleError


def names(n):
    return [f"P{i:02}" for i in range(n)]


def tarot(n=8, parties=2, **kw):
    return make_event("tarot", "tarot_free", parties, deals=4, entrants=names(n), **kw)


def test_e_r1_tarot_ranks_on_the_sum_of_the_table_scores():
    e = tarot()
    rs = [TableResult(1, 1, {"P00": 120, "P01": -40, "P02": -40, "P03": -40}),
          TableResult(1, 2, {"P04": -30, "P05": -30, "P06": -30, "P07": 90}),
          TableResult(2, 1, {"P00": -60, "P04": 180, "P05": -60, "P01": -60}),
          TableResult(2, 2, {"P02": 30, "P03": 30, "P06": -30, "P07": -30})]
    lines = rank(e, rs)
    assert [(ln.unit, ln.points) for ln in lines[:3]] == [("P04", 150), ("P00", 60), ("P07", 60)]
    assert lines[1].rank == lines[2].rank == 2 and lines[3].rank == 4  # a tie shares its rank
    assert lines[0].best == 180 and lines[0].played == 2 and lines[0].won == 1


def test_e_r4_tie_breaks_in_the_order_set():
    rs = [TableResult(1, 1, {"P00": 120, "P01": -40, "P02": -40, "P03": -40}),
          TableResult(1, 2, {"P04": -30, "P05": -30, "P06": -30, "P07": 90}),
          TableResult(2, 1, {"P00": -60, "P04": 180, "P05": -60, "P01": -60}),
          TableResult(2, 2, {"P02": 30, "P03": 30, "P06": -30, "P07": -30})]
    e = tarot(settings=Settings(zero_sum=True, tie_breaks=("best_partie",)))
    lines = rank(e, rs)
    assert [(ln.rank, ln.unit) for ln in lines[1:3]] == [(2, "P00"), (3, "P07")]  # 120 beats 90


def test_e_r5_a_tarot_table_that_does_not_add_up_to_zero_is_refused():
    e = tarot()
    d = draw_next(e, [], 1)
    good = TableResult(1, 1, dict.fromkeys(d.tables[0], 0))
    verify_result(e, good, d)
    with pytest.raises(RuleError, match="add up to 10"):
        verify_result(e, TableResult(1, 1, {**dict.fromkeys(d.tables[0], 0), d.tables[0][0]: 10}), d)
    with pytest.raises(RuleError):
        verify_result(e, TableResult(1, 1, dict.fromkeys(d.tables[1], 0)), d)
    with pytest.raises(RuleError):
        verify_result(e, TableResult(1, 3, {}), d)


def concours(n=5, **kw):
    return make_event("belote", "concours", 3, deals=12, entrants=names(n), teams=[("a", "b")] * n, **kw)


def test_e_r2_concours_ranks_on_parties_won_then_points_and_a_bye_is_a_win():
    e = concours()
    d = draw_next(e, [], 4)
    (a, b), (c, f) = d.tables
    rs = [TableResult(1, 1, {a: 1200, b: 900}), TableResult(1, 2, {c: 700, f: 1500})]
    lines = rank(e, rs, [d])
    assert {ln.unit for ln in lines if ln.won == 1} == {a, f, d.byes[0]}
    assert [ln.unit for ln in lines][:2] == [f, a]  # 1 win each, then points
    assert lines[2].unit == d.byes[0] and lines[2].points == 0


def test_e_r2_points_alone_when_set_and_a_bye_worth_points():
    e = concours(settings=Settings(ranking="points", table_min=2, table_max=2, table_preferred=2, byes=True,
                                   bye_points=1000))
    d = draw_next(e, [], 4)
    (a, b), (c, f) = d.tables
    lines = rank(e, [TableResult(1, 1, {a: 1200, b: 900}), TableResult(1, 2, {c: 700, f: 1500})], [d])
    assert [ln.unit for ln in lines] == [f, a, d.byes[0], b, c]


def test_e_r4_concours_tie_break_on_points_conceded():
    e = concours(4)
    rs = [TableResult(1, 1, {"P00": 1000, "P01": 500}), TableResult(1, 2, {"P02": 1000, "P03": 800})]
    assert [ln.unit for ln in rank(e, rs)][:2] == ["P00", "P02"]


def test_e_r3_place_points_for_any_game():
    e = make_event("wizard", "any", 1, deals=10, entrants=names(6),
                   settings=Settings(ranking="place_points", table_min=3, table_max=3, table_preferred=3,
                                     place_points=(5, 3, 1)))
    rs = [TableResult(1, 1, {"P00": 200, "P01": 90, "P02": 90}), TableResult(1, 2, {"P03": 40, "P04": 60, "P05": 10})]
    assert {ln.unit: ln.points for ln in rank(e, rs)} == {"P00": 5, "P01": 3, "P02": 3, "P03": 3, "P04": 5, "P05": 1}


def test_e_d5_a_late_arrival_is_ranked_on_the_parties_it_played():
    e = arrive(tarot(), "Zoé", 2)
    rs = [TableResult(2, 1, {"Zoé": 50, "P00": -50})]
    line = {ln.unit: ln for ln in rank(e, rs)}["Zoé"]
    assert line.played == 1 and line.points == 50 and line.rank == 1


# --------------------------------------------------------------------------- invariants

@st.composite
def events_with_results(draw):
    """A Tarot evening played out: drawn parties, each table's zero-sum scores."""
    n = draw(st.sampled_from([4, 5, 8, 9, 12, 13, 16]))
    parties = draw(st.integers(1, 3))
    tie_breaks = tuple(draw(st.permutations(["best_partie", "parties_won", "points_against"]))[:draw(st.integers(0, 3))])
    e = tarot(n, parties, settings=Settings(zero_sum=True, tie_breaks=tie_breaks))
    draws, results = [], []
    seed = draw(st.integers(0, 1000))
    for p in range(parties):
        d = draw_next(e, draws, seed)
        draws.append(d)
        for i, t in enumerate(d.tables):
            scores = [draw(st.integers(-300, 300)) for _ in t[1:]]
            results.append(TableResult(p + 1, i + 1, dict(zip(t, [-sum(scores), *scores]))))
    return e, draws, results


@settings(max_examples=60, deadline=None)
@given(case=events_with_results(), shuffle=st.randoms(use_true_random=False))
def test_ranking_invariants(case, shuffle):
    e, draws, results = case
    lines = rank(e, results, draws)
    assert sorted(ln.unit for ln in lines) == sorted(e.entrants)  # everyone, once
    assert sum(ln.points for ln in lines) == 0  # zero-sum tables, zero-sum ranking (E-R5)
    assert lines[0].rank == 1
    for i, ln in enumerate(lines):
        better = sum(1 for o in lines if o.points > ln.points)
        assert ln.rank >= better + 1  # tie-breaks may only push down among equals
        assert ln.rank == i + 1 or ln.rank == lines[i - 1].rank  # 1, 1, 3: a shared rank skips
        assert i == 0 or lines[i - 1].points >= ln.points
    again = list(results)
    shuffle.shuffle(again)
    assert rank(e, again, draws) == lines  # the order results arrive in changes nothing


@settings(max_examples=40, deadline=None)
@given(case=events_with_results(), gain=st.integers(1, 200), pick=st.integers(0, 1000))
def test_scoring_more_at_a_table_never_ranks_a_player_lower(case, gain, pick):
    e, draws, results = case
    r = results[pick % len(results)]
    a, b = list(r.scores)[:2]
    better = [TableResult(r.partie, r.table, {**r.scores, a: r.scores[a] + gain, b: r.scores[b] - gain})
              if x is r else x for x in results]
    before = {ln.unit: ln.rank for ln in rank(e, results, draws)}
    after = {ln.unit: ln.rank for ln in rank(e, better, draws)}
    assert after[a] <= before[a] and after[b] >= before[b]


def test_a_seeded_evening_ranks_the_same_twice():
    rng = random.Random(5)
    e = tarot(16, 3)
    draws, results = [], []
    for p in range(3):
        draws.append(draw_next(e, draws, 9))
        for i, t in enumerate(draws[-1].tables):
            s = [rng.randint(-200, 200) for _ in range(3)]
            results.append(TableResult(p + 1, i + 1, dict(zip(t, [-sum(s), *s]))))
    assert rank(e, results, draws) == rank(e, list(reversed(results)), draws)
