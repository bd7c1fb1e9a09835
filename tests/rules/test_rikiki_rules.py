"""Rikiki / Oh Hell's pure rules, by the digest's worked figures (R-S4, R-B2, R-M2, R-R1)."""

import pytest

from scribe.games.rikiki.hook import hooked_bid
from scribe.games.rikiki.rounds import most_cards, schedule
from scribe.games.rikiki.scoring import SCORINGS, Linear

FOUR = ("oh_hell", "nomination_whist", "boerenbridge", "squares")


@pytest.mark.parametrize(("bid", "took", "expected"), [
    (3, 3, (13, 13, 16, 19)),
    (2, 3, (0, 3, -2, -1)),
    (0, 0, (10, 10, 10, 10)),
])
def test_r_s4_worked_figures_of_oh_hell_basic_boerenbridge_and_squares(bid, took, expected):
    assert tuple(SCORINGS[name].score(bid, took) for name in FOUR) == expected


def test_r_s4_bid_7_took_2_on_the_boerenbridge_5_sheet():
    assert SCORINGS["boerenbridge_5"].score(7, 2) == -5


def test_r_s2_custom_scoring_is_the_linear_family_typed_in():
    assert Linear(5, 3, 1, 4).score(2, 2) == 11 and Linear(5, 3, 1, 4).score(2, 4) == 4 - 8


@pytest.mark.parametrize(("others", "cards", "refused"), [
    ((2, 0, 1), 5, 2),  # Wikipedia
    ((3, 1, 2), 5, None),  # over already: anything
    ((0, 3, 2), 7, 2),  # Dutch Wikipedia
])
def test_r_b2_the_dealer_may_not_make_the_bids_total_the_cards(others, cards, refused):
    assert hooked_bid(others, cards) == refused


def test_r_b2_settings_off_and_from_some_number_of_cards():
    assert hooked_bid((0, 0), 3, hook_from=None) is None
    assert hooked_bid((0, 0), 3, hook_from=4) is None and hooked_bid((0, 0, 0), 4, hook_from=4) == 4
    assert hooked_bid((0,), 1, hook_from=2) is None  # not in the one-card round


def test_r_m2_most_cards_each_with_52():
    assert [most_cards(52, n) for n in range(3, 8)] == [17, 12, 10, 8, 7]
    assert most_cards(52, 4, every_card=True) == 13 and most_cards(32, 4) == 7


def test_r_r1_schedules():
    assert len(schedule("down_up", 10)) == 19  # WK Boerenbridge: 10 -> 1 -> 10, 19 deals
    assert schedule("up_down", 8)[7] == 8 and len(schedule("up_down", 8)) == 2 * 8 - 1
    assert schedule("down", 7) == (7, 6, 5, 4, 3, 2, 1) and schedule("up", 2) == (1, 2)
    assert schedule("peak_twice", 8)[7:9] == (8, 8)  # kaartspeluitleg.nl: 1 to 8, 8, 7 to 1
