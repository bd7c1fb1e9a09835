"""Corrections: a past round is corrected by a new entry; later totals follow."""

import pytest
from rules_helpers import Game

from scribe.games import wizard
from scribe.rules.errors import RuleError


def refused(fn, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*args, **kwargs)
    return info.value


def three_rounds(preset: str = "standard") -> Game:
    g = Game(preset=preset, first_dealer=0)
    g.round([1, 1, 0], [0, 1, 0])  # -10, 30, 20
    g.round([0, 1, 0], [0, 2, 0])  # +20, -10, +20  -> 10, 20, 40
    g.round([1, 1, 0], [1, 2, 0])  # +30, -10, +20  -> 40, 10, 60
    assert g.sheet.totals == (40, 10, 60)
    return g


def test_past_round_corrected_later_totals_follow():
    g = three_rounds()
    n = len(g.log)
    g.correct(1, [1, 1, 0], [1, 0, 0])  # Paul took the trick, not Thomas
    sheet = g.sheet
    assert sheet.rows[0].points == (30, -10, 20) and sheet.rows[0].corrected
    assert not sheet.rows[1].corrected
    assert [r.totals for r in sheet.played] == [(30, -10, 20), (50, -20, 40), (80, -30, 60)]
    assert len(g.log) == n + 1  # nothing recorded was rewritten
    assert g.log[0].data == {"round": 1, "player": 1, "bid": 1}


def test_correction_of_bids_only():
    g = Game()
    g.bids([0, 0, 0])
    g.correct(1, [1, 0, 0])  # bids in, no tricks yet: the bids can be corrected
    assert g.sheet.rows[0].bids == (1, 0, 0) and g.sheet.phase == "tricks"
    g.tricks([1, 0, 0])
    assert g.sheet.totals == (30, 20, 20)


def test_correction_accepts_form_text():
    g = three_rounds()
    assert g.correct("2", ["0", "1", " 1 "], ["0", "", "1"]) == {
        "round": 2,
        "bids": [0, 1, 1],
        "tricks": [0, 1, 1],
    }


def test_correction_checked_against_plus_minus_one():
    g = three_rounds("plus_minus_one")
    # round 2: Marie, Paul bid, Thomas (dealer) last: 0 + 1 + 1 would be even
    err = refused(g.correct, 2, [0, 1, 1], [0, 2, 0])
    # Marie's bid was changed, not Thomas's: the refusal is said of hers, naming both
    assert err.field == "bids.2" and (err.params["changed"], err.params["bid"]) == ("Marie", 1)
    assert err.params["name"] == "Thomas" and err.params["value"] == 1 and "±1" in err.message
    err = refused(g.correct, 2, [0, 2, 0], [0, 2, 0])  # Thomas's own: said of Thomas
    assert err.field == "bids.1" and err.params["name"] == "Thomas" and "changed" not in err.params
    g.correct(2, [1, 1, 1], [0, 2, 0])  # 3 bid of 2: fine


def test_correction_checked_against_the_leader_before_that_round():
    g = three_rounds("leader")  # Thomas led after round 1 and bid last in round 2
    err = refused(g.correct, 2, [0, 2, 0], [0, 2, 0])
    assert err.field == "bids.1" and "Thomas" in err.message and "leads" in err.message
    # and not against the leader now: Marie leads the sheet, Thomas is last
    assert g.sheet.leaders == (2,)
    # round 3: Marie deals and bids last, leading before round 3 (10 / 20 / 40)
    err = refused(g.correct, 3, [1, 2, 0], [1, 2, 0])  # Thomas's bid changed, Marie's 0 kept
    assert err.field == "bids.1" and err.params["changed"] == "Thomas" and err.params["name"] == "Marie"
    assert err.params["value"] == 0 and "led the score sheet" in err.message
    g.correct(3, [1, 2, 1], [1, 2, 0])


def test_correction_of_round_one_never_meets_the_leader_rule():
    g = three_rounds("leader")
    g.correct(1, [0, 1, 0], [0, 1, 0])  # even in round 1: nobody leads before it
    assert g.sheet.rows[0].bid_balance == 0


def test_correction_checked_against_canadian_zero():
    g = three_rounds("canadian")
    g.correct(2, [1, 0, 1], [0, 2, 0])  # Thomas, leading, bids zero to make it even
    err = refused(g.correct, 2, [1, 1, 0], [0, 2, 0])  # Thomas's own bid changed to the even one
    assert err.field == "bids.1" and err.params["name"] == "Thomas"


@pytest.mark.parametrize(
    "data, field",
    [
        ({"round": 0, "bids": [0, 0, 0]}, "round"),
        ({"round": 21, "bids": [0, 0, 0]}, "round"),
        ({"round": "abc", "bids": [0, 0, 0]}, "round"),
        ({"round": None, "bids": [0, 0, 0]}, "round"),
        ({"round": 4, "bids": [0, 0, 0]}, "round"),  # not bid yet
        ({"round": 1, "bids": [0, 0]}, "bids"),
        ({"round": 1, "bids": "000"}, "bids"),
        ({"round": 1, "bids": [0, 2, 0], "tricks": [1, 0, 0]}, "bids.1"),
        ({"round": 1, "bids": [0, -1, 0], "tricks": [1, 0, 0]}, "bids.1"),
        ({"round": 1, "bids": [0, "x", 0], "tricks": [1, 0, 0]}, "bids.1"),
        ({"round": 1, "bids": [0, 0, 0]}, "tricks"),  # a played round needs its tricks
        ({"round": 1, "bids": [0, 0, 0], "tricks": [1, 1, 0]}, "tricks"),
        ({"round": 1, "bids": [0, 0, 0], "tricks": [0, 0, 2]}, "tricks.2"),
        ({"round": 1, "bids": [1, 1, 0], "tricks": [0, 1, 0]}, "round"),  # no change
    ],
)
def test_bad_corrections_refused(data, field):
    g = three_rounds()
    assert refused(g.do, "correction", **data).field == field


def test_tricks_refused_in_correction_of_an_unplayed_round():
    g = Game()
    g.bids([0, 0, 0])
    err = refused(g.correct, 1, [1, 0, 0], [1, 0, 0])
    assert err.field == "tricks"


def test_correction_after_the_game_is_over():
    g = Game(rounds=2)
    g.round([0, 0, 0], [1, 0, 0])
    g.round([0, 0, 0], [2, 0, 0])
    assert g.sheet.finished
    g.correct(1, [1, 0, 0], [1, 0, 0])
    assert g.sheet.totals == (30 - 20, 40, 40) and g.sheet.winners == (1, 2)


def test_undo_a_correction():
    g = three_rounds()
    before = g.sheet.rows
    g.correct(1, [1, 1, 0], [1, 0, 0])
    g.undo()
    assert g.sheet.rows == before


def test_later_correction_of_the_same_round_wins():
    g = three_rounds()
    g.correct(1, [1, 1, 0], [1, 0, 0])
    g.correct(1, [0, 0, 0], [0, 0, 1])
    assert g.sheet.rows[0].points == (20, 20, -10)


# ----------------------------------------------------------------- a correction moves the lead
# Issue 10's scenario: leader preset, A B C, C deals first. Round 1 bids 1 0 0, tricks
# 0 0 1; round 2 (A deals, B C A bid) bids B1 C1 A0, tricks 0 1 1. Correcting round 1
# to tricks 1 0 0 puts A strictly ahead before round 2, where A bid last and 0 made the
# bids total 2: W-B4 forbade it. The cards were played on that bid, so the correction
# is accepted and round 2 is flagged; nothing is refused for a bid nobody touched.


def issue_10_game(preset: str = "leader") -> Game:
    g = Game(["A", "B", "C"], preset=preset, first_dealer=2)
    g.round([1, 0, 0], [0, 0, 1])
    g.round([0, 1, 1], [0, 1, 1])
    assert g.sheet.totals == (10, 50, 20) and g.sheet.broken_bids == ()
    return g


def test_w_b4_correction_that_makes_a_later_bid_illegal_is_accepted_and_flagged():
    g = issue_10_game()
    g.correct(1, [1, 0, 0], [1, 0, 0])
    sheet = g.sheet
    assert sheet.strict_leader_before(2) == 0  # A leads 30 / 20 / 20 before round 2
    (flag,) = sheet.broken_bids
    assert (flag.round, flag.player, flag.value, flag.rule) == (2, 0, 0, "W-B4")
    assert sheet.broken_bid(sheet.rows[1]) == flag and sheet.broken_bid(sheet.rows[0]) is None
    assert sheet.rows[1].bids == (0, 1, 1)  # kept as played, scored as played
    assert sheet.totals == (50, 50, 50)
    message = wizard.broken_bid_message(sheet.setup, flag)
    assert message.field == "bids.0"
    assert "A's bid of 0 in round 2" in message.message and "correct round 2" in message.message


def test_w_b4_tricks_only_correction_of_the_flagged_round_is_not_refused():
    g = issue_10_game()
    g.correct(1, [1, 0, 0], [1, 0, 0])
    g.correct(2, [0, 1, 1], [1, 1, 0])  # only the tricks change: A's 0 nobody touched
    assert g.sheet.rows[1].tricks == (1, 1, 0)
    assert [f.round for f in g.sheet.broken_bids] == [2]  # still flagged
    # other bids may be fixed too while A's stays as played
    g.correct(2, [0, 2, 0], [1, 1, 0])
    assert [f.round for f in g.sheet.broken_bids] == [2]


def test_w_b4_correction_that_types_the_forbidden_bid_is_still_refused():
    g = issue_10_game()
    g.correct(1, [1, 0, 0], [1, 0, 0])
    # changing A's own bid into the one now forbidden is entering a forbidden bid (W-B6)
    err = refused(g.correct, 2, [1, 0, 1], [1, 1, 0])
    assert err.field == "bids.0" and "A leads" in err.message and "1" in err.message
    # fixing A's bid to an allowed one clears the flag
    g.correct(2, [2, 1, 1], [1, 1, 0])
    assert g.sheet.broken_bids == ()


def test_w_b5_canadian_zero_is_never_flagged():
    g = issue_10_game("canadian")
    g.correct(1, [1, 0, 0], [1, 0, 0])  # A leads, but the leader may still bid zero (W-B5)
    assert g.sheet.broken_bids == ()


def test_w_b4_undoing_the_correction_clears_the_flag():
    g = issue_10_game()
    g.correct(1, [1, 0, 0], [1, 0, 0])
    g.undo()
    assert g.sheet.broken_bids == () and g.sheet.totals == (10, 50, 20)
