"""Points-per-round games (P-1..P-3, P-S1..P-S3): setup, entries, the sheet, by rule id."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scribe.games import GAMES
from scribe.games.points import LIMIT, make_setup, replay, verify
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max"]


def play(setup, *rounds):
    """Entries as the service records them (through verify), replayed."""
    sheet = replay(setup, [])
    log = []
    for points, closer in rounds:
        data = verify(sheet, "round", {"points": points, "closer": closer})
        log.append(Entry(len(log) + 1, "round", data))
        sheet = replay(setup, log)
    return sheet, log


def refused(field, call, *args, **kwargs):
    with pytest.raises(RuleError) as err:
        call(*args, **kwargs)
    assert err.value.field == field, err.value
    return err.value.message


SKYJO = make_setup(NAMES[:3])


# --------------------------------------------------------------------------- setup


def test_registered_as_points():
    assert GAMES["points"].Setup.from_dict(SKYJO.as_dict()) == SKYJO
    assert GAMES["points"].replay(SKYJO, []).GAME == "points"


@pytest.mark.parametrize("preset, low, high", [("skyjo", 2, 8), ("six", 2, 10), ("custom", 2, 12)])
def test_p_s_presets_seat_counts(preset, low, high):
    extra = {"rounds": 3} if preset == "custom" else {}
    assert make_setup(NAMES[:low], preset, **extra).n == low
    assert make_setup(NAMES[:high], preset, **extra).n == high
    assert f"{low} to {high}" in refused("players", make_setup, NAMES[: high + 1], preset, **extra)
    refused("players", make_setup, NAMES[: low - 1], preset, **extra)


def test_p_s1_p_s2_preset_targets_lowest_wins():
    six = make_setup(NAMES[:4], "six")
    assert (SKYJO.target, SKYJO.wins, six.target, six.wins) == (100, "lowest", 66, "lowest")


def test_names_go_through_verify_names():
    assert make_setup([" Ana ", "Ben"]).players == ("Ana", "Ben")
    refused("players.1", make_setup, ["Ana", "ana"])
    refused("players.0", make_setup, ["", "Ben"])


def test_p_s3_custom_needs_target_or_rounds_not_both():
    assert make_setup(NAMES[:2], "custom", target=500, wins="highest", title=" Rummy ").title == "Rummy"
    refused("target", make_setup, NAMES[:2], "custom")
    refused("target", make_setup, NAMES[:2], "custom", target=50, rounds=3)
    refused("target", make_setup, NAMES[:2], "custom", target=0)
    refused("rounds", make_setup, NAMES[:2], "custom", rounds="x")
    refused("wins", make_setup, NAMES[:2], "custom", rounds=3, wins="most")
    refused("title", make_setup, NAMES[:2], "custom", rounds=3, title="x" * 41)


def test_presets_refuse_custom_options_and_unknown_preset():
    refused("target", make_setup, NAMES[:2], "skyjo", target=50)
    refused("wins", make_setup, NAMES[:2], "six", wins="highest")
    refused("double_always", make_setup, NAMES[:2], "six", double_always=True)
    refused("preset", make_setup, NAMES[:2], "poker")
    assert make_setup(NAMES[:2], "skyjo", target=100).target == 100


# --------------------------------------------------------------------------- entries


def test_p_1_points_whole_negative_allowed_and_totals_run_on():
    sheet, _ = play(SKYJO, ([5, -3, 12], 1), ([-10, 4, 2], 2))
    assert [r.points for r in sheet.rounds] == [(5, -3, 12), (-10, 4, 2)]
    assert sheet.totals == (-5, 1, 16) and sheet.leaders == (0,)  # Cy closed with 2 > -10: doubled


@pytest.mark.parametrize("points, field", [
    ([1.5, 2, 3], "points.0"), (["a", 2, 3], "points.0"), ([1, True, 3], "points.1"),
    ([1, 2, LIMIT + 1], "points.2"), ([1, 2, -LIMIT - 1], "points.2"), ([1, 2, ""], "points.2"),
    ([1, 2], "points"), ("123", "points"), (None, "points"),
])
def test_p_1_refuses_bad_points(points, field):
    refused(field, verify, replay(SKYJO, []), "round", {"points": points, "closer": 0})


def test_p_s1_closer_must_be_a_player_and_is_required():
    sheet = replay(SKYJO, [])
    refused("closer", verify, sheet, "round", {"points": [1, 2, 3], "closer": 3})
    refused("closer", verify, sheet, "round", {"points": [1, 2, 3], "closer": -1})
    refused("closer", verify, sheet, "round", {"points": [1, 2, 3]})


def test_p_s2_no_closer_and_no_negative_bull_heads():
    six = replay(make_setup(NAMES[:3], "six"), [])
    refused("closer", verify, six, "round", {"points": [1, 2, 3], "closer": 0})
    refused("points.1", verify, six, "round", {"points": [1, -2, 3]})
    assert verify(six, "round", {"points": [1, 2, 3]}) == {"round": 1, "points": [1, 2, 3], "closer": None}


def test_p_2_no_round_after_the_game_ended():
    sheet, _ = play(SKYJO, ([60, 10, 20], 1), ([40, 10, 20], 1))
    assert sheet.finished and sheet.phase == "finished" and sheet.ended_at == 2
    assert "over" in refused("round", verify, sheet, "round", {"points": [1, 2, 3], "closer": 0})


def test_p_2_custom_ends_after_its_rounds_and_p_3_highest_wins():
    setup = make_setup(NAMES[:3], "custom", rounds=2, wins="highest")
    sheet, _ = play(setup, ([5, 9, 1], None))
    assert not sheet.finished and sheet.leaders == (1,)
    sheet, _ = play(setup, ([5, 9, 1], None), ([5, 1, 1], None))
    assert sheet.finished and sheet.winners == (0, 1)
    assert [(s.rank, s.player) for s in sheet.standings] == [(1, 0), (1, 1), (3, 2)]


def test_p_3_lowest_wins_ties_share():
    sheet, _ = play(SKYJO, ([49, 50, 60], 0), ([51, 50, 41], 2))
    assert sheet.finished and sheet.winners == (0, 1)
    assert [(s.rank, s.total) for s in sheet.standings] == [(1, 100), (1, 100), (3, 101)]


# --------------------------------------------------------------------------- P-S1 doubling


def test_p_s1_closer_doubled_when_positive_and_not_strictly_lowest():
    sheet, _ = play(SKYJO, ([10, 4, 12], 0))
    assert sheet.rounds[0].counted == (20, 4, 12) and sheet.rounds[0].doubled


def test_p_s1_closer_doubled_when_tied_for_lowest():
    sheet, _ = play(SKYJO, ([4, 4, 12], 0))
    assert sheet.rounds[0].counted == (8, 4, 12)


def test_p_s1_closer_not_doubled_when_strictly_lowest():
    sheet, _ = play(SKYJO, ([3, 4, 12], 0))
    assert sheet.rounds[0].counted == (3, 4, 12) and not sheet.rounds[0].doubled


def test_p_s1_closer_not_doubled_when_negative_or_zero():
    sheet, _ = play(SKYJO, ([-1, -5, 12], 0), ([0, -5, 12], 0))
    assert [r.counted for r in sheet.rounds] == [(-1, -5, 12), (0, -5, 12)]


def test_p_s1_double_always_switch_doubles_negative_too():
    setup = make_setup(NAMES[:3], double_always=True)
    sheet, _ = play(setup, ([-1, -5, 12], 0), ([-6, -5, 12], 0))
    assert [r.counted for r in sheet.rounds] == [(-2, -5, 12), (-6, -5, 12)]  # strictly lowest: never


# --------------------------------------------------------------------------- corrections


def test_correction_supersedes_a_round_and_later_totals_follow():
    sheet, log = play(SKYJO, ([10, 4, 12], 0), ([1, 2, 3], 1))
    data = verify(sheet, "correction", {"round": 1, "points": [1, 4, 12], "closer": "0"})
    sheet = replay(SKYJO, log + [Entry(3, "correction", data)])
    assert sheet.rounds[0].corrected and sheet.rounds[0].counted == (1, 4, 12)
    assert sheet.totals == (2, 8, 15)


def test_correction_refusals():
    sheet, _ = play(SKYJO, ([10, 4, 12], 0))
    refused("round", verify, sheet, "correction", {"round": 2, "points": [1, 2, 3], "closer": 0})
    refused("round", verify, sheet, "correction", {"round": 1, "points": [10, 4, 12], "closer": 0})
    refused("points.1", verify, sheet, "correction", {"round": 1, "points": [1, "x", 3], "closer": 0})
    refused("kind", verify, sheet, "deal", {})


def test_p_2_correction_may_reopen_a_finished_game():
    sheet, log = play(SKYJO, ([99, 10, 20], 1), ([5, 10, 20], 1))
    assert sheet.finished
    data = verify(sheet, "correction", {"round": 2, "points": [0, 10, 20], "closer": 1})
    assert not replay(SKYJO, log + [Entry(3, "correction", data)]).finished


def test_summary_for_the_games_list():
    sheet, _ = play(SKYJO, ([60, 10, 20], 1), ([40, 10, 20], 1))
    assert GAMES["points"].summary(sheet) == {"phase": "finished", "round": 3, "rounds": 2, "leaders": ["Ben"],
                                              "players": ["Ana", "Ben", "Cy"]}


# --------------------------------------------------------------------------- properties


@st.composite
def games(draw):
    n = draw(st.integers(2, 8))
    setup = make_setup(NAMES[:n], double_always=draw(st.booleans()))
    rounds = draw(st.lists(st.tuples(st.lists(st.integers(-20, 30), min_size=n, max_size=n),
                                     st.integers(0, n - 1)), max_size=6))
    return setup, rounds


@settings(max_examples=150, deadline=None)
@given(games())
def test_p_1_p_s1_property_totals_are_sums_of_counted_and_only_the_closer_doubles(game):
    setup, rounds = game
    sheet = replay(setup, [{"kind": "round", "data": {"points": p, "closer": c}} for p, c in rounds])
    for p in range(setup.n):
        assert sheet.totals[p] == sum(r.counted[p] for r in sheet.rounds)
    for r in sheet.rounds:
        others = [x for i, x in enumerate(r.points) if i != r.closer]
        mine = r.points[r.closer]
        should = mine != 0 and (mine > 0 or setup.double_always) and not all(mine < x for x in others)
        assert r.counted[r.closer] == (2 * mine if should else mine)
        assert all(r.counted[i] == r.points[i] for i in range(setup.n) if i != r.closer)
