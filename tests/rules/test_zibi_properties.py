"""Hypothesis properties of Witty Zibi scoring, the sheet and the damage tracker."""

import itertools

from hypothesis import assume, given, settings, strategies as st

from scribe.games.zibi import (
    CLANS,
    MODES,
    can_round,
    clan_sizes,
    damage,
    heal,
    judge_round,
    make_setup,
    mode_fits,
    new_tracker,
    replay,
)
from scribe.rules.errors import RuleError

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]
FITTING = [(n, m) for n in range(4, 10) for m in MODES if mode_fits(m, n)]


@st.composite
def rounds(draw, setup=None):
    """A setup and a clan assignment fitting its mode, with random eliminations."""
    if setup is None:
        n, mode = draw(st.sampled_from(FITTING))
        setup = make_setup(NAMES[:n], mode, draw(st.booleans()))
    colours = draw(st.permutations(CLANS))
    clans = [c for c, size in zip(colours, setup.sizes) for _ in range(size)]
    clans = draw(st.permutations(clans))
    out = draw(st.lists(st.booleans(), min_size=setup.n, max_size=setup.n))
    return setup, list(clans), out


@given(rounds())
def test_a_rounds_points_are_0_2_3_or_4(case):
    setup, clans, out = case
    assume(can_round(setup, clans, out))
    r = judge_round(setup, clans, out)
    assert set(r.points) <= {0, 2, 3, 4}
    assert 4 not in r.points or setup.mode == "alone"
    if r.winner is not None:
        assert any(c == r.winner and not e for c, e in zip(clans, out))  # Z-E1
        assert all((p > 0) == (c == r.winner or (p == 4)) for p, c in zip(r.points, clans))


@given(rounds())
def test_a_no_winner_round_gives_nobody_points(case):
    setup, clans, out = case
    try:
        r = judge_round(setup, clans, out, winner=None)
    except RuleError:
        return  # a whole clan is out: that round had a winner
    assert r.winner is None and r.points == (0,) * setup.n


@given(rounds())
def test_the_winner_is_the_only_clan_accepted(case):
    setup, clans, out = case
    assume(can_round(setup, clans, out))
    winner = judge_round(setup, clans, out).winner
    for clan in CLANS:
        assert can_round(setup, clans, out, clan) == (clan == winner)
    assert can_round(setup, clans, out, None) == (winner is None)


@st.composite
def games(draw):
    n, mode = draw(st.sampled_from(FITTING))
    setup = make_setup(NAMES[:n], mode)
    played = draw(st.lists(rounds(setup), max_size=8))
    return setup, [(c, o) for _, c, o in played if can_round(setup, c, o)]


@given(games())
def test_totals_are_sums_of_rounds(game):
    setup, played = game
    entries = [{"kind": "result", "data": {"clans": c, "eliminated": o}} for c, o in played]
    sheet = replay(setup, entries)
    assert len(sheet.rounds) == len(played)
    for i, row in enumerate(sheet.rounds):
        assert row.totals == tuple(sum(r.points[p] for r in sheet.rounds[: i + 1])
                                   for p in range(setup.n))
        assert all(row.totals[p] == max(row.totals) for p in row.leaders)  # Z-S3
        assert all(row.totals[p] < max(row.totals) for p in range(setup.n)
                   if p not in row.leaders)
    ranks = {s.player: s.rank for s in sheet.standings}
    for a in range(setup.n):
        for b in range(setup.n):
            if sheet.totals[a] == sheet.totals[b]:
                assert ranks[a] == ranks[b]
            elif sheet.totals[a] > sheet.totals[b]:
                assert ranks[a] < ranks[b]


ACTIONS = st.lists(
    st.tuples(st.integers(0, 3), st.sampled_from([10, 20, 30, "heal"])), max_size=60
)


@settings(max_examples=200)
@given(ACTIONS, st.booleans())
def test_tracker_invariants(actions, expert):
    t = new_tracker(make_setup(NAMES[:4], expert=expert))
    for seat, action in actions:
        before = t
        try:
            t = heal(t, seat) if action == "heal" else damage(t, seat, action)
        except RuleError:
            assert t == before
            if action == "heal":
                assert not t.piles[seat] or t.is_eliminated(seat)
            else:
                assert t.is_eliminated(seat) or (expert and t.last(seat) == action != 10)
            continue
        assert t.totals == tuple(sum(p) for p in t.piles)
        assert t.eliminated == tuple(x > 100 for x in t.totals)  # Z-D1
        if expert:  # Z-D3: no 20 straight on a 20, no 30 on a 30
            assert all(a != b or a == 10 for p in t.piles for a, b in itertools.pairwise(p))


def test_every_mode_size_sums_to_the_player_count():
    for n, mode in FITTING:
        assert sum(clan_sizes(mode, n)) == n and max(clan_sizes(mode, n)) <= 4
