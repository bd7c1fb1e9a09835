"""The registered Belote game's sheet (sheet.py): what is recorded, corrections and the
end, by rule id. Hypothesis: a deal's scores never depend on the order its fields were
entered, and a correction moves the totals as a fresh replay of the corrected deals does
(B-S4's held points and B-E3's block included)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from scribe.games.belote import make_setup
from scribe.games.belote.entry import verify as verify_deal
from scribe.games.belote.sheet import record, replay, verify
from scribe.rules.errors import RuleError

FOUR = ["Ana", "Ben", "Cy", "Dee"]
FAST = hsettings(max_examples=80, deadline=None, database=None)


def setup(variant: str = "belote", **extra):
    return make_setup(FOUR, variant=variant, **extra)


@st.composite
def deals(draw, variant: str) -> dict[str, Any]:
    """A deal as a table may tell it (the rules refuse what no cards make: those are skipped)."""
    data: dict[str, Any] = {"takers": draw(st.sampled_from([0, 1, "0", "1"]))}
    kind = draw(st.integers(0, 8))
    if kind == 0:
        data["capot"] = draw(st.integers(0, 1))
    elif kind == 1:
        data["defence_points"] = draw(st.integers(0, 162))
    else:
        data["points"] = draw(st.one_of(st.integers(0, 162), st.integers(0, 162).map(str)))
    if draw(st.booleans()):
        data["belote"] = draw(st.sampled_from([0, 1, "none", None]))
    if variant == "coinche":
        data["contract"] = draw(st.sampled_from([80, 90, "100", 110, 120, 160, "capot"]))
        data["level"] = draw(st.sampled_from([0, 1, 2, "coinche", "surcoinche", None]))
        if draw(st.booleans()):
            data["annonces"] = {"team": draw(st.integers(0, 1)),
                                "combos": draw(st.lists(st.sampled_from(["tierce", "cinquante", "cent"]),
                                                        min_size=1, max_size=2))}
    return data


def told(sheet, data):
    try:
        return verify(sheet, "result", data)
    except RuleError:
        return None


@FAST
@given(variant=st.sampled_from(["belote", "coinche"]), data=st.data())
def test_b_f1_c_f1_a_deals_scores_never_depend_on_the_order_of_its_fields(variant, data):
    sheet = replay(setup(variant), [])
    deal = data.draw(deals(variant))
    first = told(sheet, deal)
    keys = list(deal)
    random.Random(data.draw(st.integers())).shuffle(keys)
    again = told(sheet, {k: deal[k] for k in keys})
    assert first == again
    if first is not None:
        one = replay(sheet.setup, [{"kind": "result", "data": first}])
        two = replay(sheet.setup, [{"kind": "result", "data": again}])
        assert one.rounds[0].points == two.rounds[0].points


@FAST
@given(variant=st.sampled_from(["belote", "coinche"]), data=st.data())
def test_what_is_recorded_reads_back_as_the_same_deal(variant, data):
    s = setup(variant, preset="pagat" if variant == "coinche" else None)
    deal = data.draw(deals(variant))
    try:
        checked = verify_deal(s, deal)
    except RuleError:
        return
    assert verify_deal(s, record(s, checked)) == checked


@FAST
@given(variant=st.sampled_from(["belote", "coinche"]), data=st.data())
def test_b_s4_b_e3_a_correction_moves_the_totals_as_a_fresh_replay_does(variant, data):
    s = setup(variant, target=data.draw(st.sampled_from([501, 1000, 2000])))
    log: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []
    sheet = replay(s, [])
    for _ in range(data.draw(st.integers(1, 8))):
        deal = {"takers": "passed"} if data.draw(st.integers(0, 5)) == 0 else data.draw(deals(variant))
        entry = told(sheet, deal)
        if entry is None:
            continue
        log.append({"kind": "result", "data": entry})
        played.append(entry)
        sheet = replay(s, log)
    if not played:
        return
    number = data.draw(st.integers(1, len(played)))
    try:
        fix = verify(sheet, "correction", {"round": number, **data.draw(deals(variant))})
    except RuleError:
        return
    corrected = replay(s, [*log, {"kind": "correction", "data": fix}])
    played[number - 1] = fix
    fresh = replay(s, [{"kind": "result", "data": d} for d in played])
    assert corrected.team_totals == fresh.team_totals and corrected.held == fresh.held
    assert corrected.blocked == fresh.blocked and corrected.winning_team == fresh.winning_team
    assert [(r.points, r.totals, r.awarded) for r in corrected.rounds] == \
        [(r.points, r.totals, r.awarded) for r in fresh.rounds]
    assert [r.number for r in corrected.rounds if r.corrected] == [number]


def test_b_e1_a_deal_after_the_end_is_refused_and_a_correction_may_go_on():
    s = setup(target=501)
    log = [{"kind": "result", "data": {"takers": 0, "points": 152}}] * 4
    sheet = replay(s, log)
    assert sheet.finished and sheet.winners == (0, 2) and sheet.phase == "finished"
    with pytest.raises(RuleError) as err:
        verify(sheet, "result", {"takers": 1, "points": 100})
    assert err.value.field == "round"
    fix = verify(sheet, "correction", {"round": 4, "takers": "passed"})
    assert not replay(s, [*log, {"kind": "correction", "data": fix}]).finished  # the game goes on


def test_b_e1_a_correction_ending_the_game_before_later_deals_is_refused():
    s = setup(target=501)
    log = [{"kind": "result", "data": {"takers": 0, "points": 152}}] * 3 + \
        [{"kind": "result", "data": {"takers": 1, "points": 100}}]
    sheet = replay(s, log)
    with pytest.raises(RuleError) as err:
        verify(sheet, "correction", {"round": 3, "takers": 0, "capot": 0})
    assert err.value.field == "round" and "ends at deal 3" in str(err.value)


def test_player_totals_are_their_teams_and_the_standings_rank_them():
    sheet = replay(setup(), [{"kind": "result", "data": {"takers": 1, "points": 100}}])
    assert sheet.team_totals == (62, 100) and sheet.totals == (62, 100, 62, 100)
    assert sheet.leaders == (1, 3) and [s.player for s in sheet.standings][:2] == [1, 3]
    assert sheet.round_number == 2 and sheet.dealer == 3 and sheet.speaks_first == 2  # to the right (B-M1)

