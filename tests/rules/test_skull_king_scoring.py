"""Skull King's scores on the sheet (K-S1..K-S4, K-E1), with the rule book's examples."""

import pytest
from skull_helpers import Game

from scribe.games.skull_king import Bonus, rascal_points, skull_king_points


def test_k_s1_the_rule_books_examples():
    """Calvin bids 3, takes 3: 60. Angela bids 2, takes 4: -20. Kate bids 0 in round 7,
    takes none: 70. Johnny bids 0 in round 9, takes 2: -90."""
    assert skull_king_points(3, 3, 3) == 60
    assert skull_king_points(2, 4, 4) == -20
    assert skull_king_points(0, 0, 7) == 70
    assert skull_king_points(0, 2, 9) == -90


def test_k_s1_a_round_on_the_sheet_uses_the_cards_dealt_not_the_round_number():
    """At 8 players round 10 deals 8 cards: a zero bid made there is worth 80."""
    g = Game([f"P{i}" for i in range(8)], rounds=[8])
    g.round([0, 1, 1, 1, 1, 1, 1, 2], [0, 1, 1, 1, 1, 1, 1, 2])
    row = g.sheet.rows[0]
    assert row.cards == 8 and row.points[0] == 80 and row.points[7] == 40


def test_k_s2_the_rule_books_bonus_example():
    """Lawrence leads a yellow 14, Charlotte a Pirate, Anne the Skull King, Morgan a
    Mermaid and wins: +10 for the 14, +40 for the Skull King, nothing for Anne."""
    g = Game(["Lawrence", "Charlotte", "Anne", "Morgan"])
    g.round([0, 0, 1, 1], [0, 0, 0, 1], bonuses=[{}, {}, {}, {"fourteens": 1, "skull_king": 1}])
    assert g.sheet.rows[0].points == (10, 10, -10, 70)
    assert g.sheet.rows[0].earned == (0, 0, 0, 50)


@pytest.mark.parametrize("bonus, points", [
    (dict(fourteens=3), 30), (dict(black14=1), 20), (dict(mermaids=2), 40), (dict(pirates=3), 90),
    (dict(skull_king=1), 40)])
def test_k_s2_what_each_bonus_is_worth(bonus, points):
    assert Bonus(**bonus).points == points


def test_k_s2_bonus_only_on_exact_bid():
    g = Game()
    g.round([1, 0, 0], [1, 0, 0], bonuses=[{"black14": 1}, {}, {}])
    g.bids([2, 0, 0])
    g.result([1, 1, 0], bonuses=[{"pirates": 1}, {"black14": 1}, {}])
    rows = g.sheet.rows
    assert rows[0].points[0] == 40  # 20 + 20
    assert rows[1].points[0] == -10 and rows[1].earned[0] == 0  # missed by one: the 30 is lost
    assert rows[1].points[1] == -20 and rows[1].earned[1] == 0  # a zero bid missed


def test_k_s2_house_rule_counts_bonuses_on_a_missed_bid_when_the_table_says_so():
    g = Game(bonus_on_miss=True)
    g.round([1, 0, 0], [1, 0, 0])
    g.bids([2, 0, 0])
    g.result([1, 1, 0], bonuses=[{"pirates": 1}, {"black14": 1}, {}])
    assert g.sheet.rows[1].points[:2] == (-10 + 30, -20 + 20)


def test_k_s3_loot_allies_get_twenty_each_when_both_bid_exactly():
    g = Game(loot=True)
    g.round([1, 0, 0], [1, 0, 0], loot=[[2, 0]])
    assert g.sheet.rows[0].points == (40, 10, 30) and g.sheet.rows[0].earned == (20, 0, 20)


def test_k_s3_loot_gives_nothing_when_either_ally_misses():
    g = Game(loot=True)
    g.bids([1, 0, 1])
    g.result([1, 0, 0], loot=[[2, 0]])
    assert g.sheet.rows[0].points == (20, 10, -10)


def test_k_s3_two_loot_cards_two_alliances():
    g = Game(loot=True)
    g.bids([1, 0, 0])
    g.result([1, 0, 0], loot=[[1, 0], [2, 0]])
    assert g.sheet.rows[0].points == (20 + 40, 10 + 20, 10 + 20)


def test_k_s4_rascals_scoring_the_rule_books_examples():
    """Example A: 3 cards, bids 0, 1 and 2 all made: 30 each. Example B: 4 cards, Harry
    exact 40, Shirley off by one 20, Poe off by two 0."""
    g = Game(["Harry", "Shirley", "Poe"], scoring="rascal", rounds=[3, 4])
    g.round([0, 1, 2], [0, 1, 2])
    g.round([1, 0, 4], [1, 1, 2])
    assert [r.points for r in g.sheet.rows] == [(30, 30, 30), (40, 20, 0)]


def test_k_s4_bonuses_take_the_same_fraction():
    g = Game(scoring="rascal", rounds=[4])
    g.bids([2, 1, 1])
    g.result([2, 2, 0], bonuses=[{"fourteens": 1}, {"pirates": 1}, {}])
    assert g.sheet.rows[0].points == (40 + 10, (40 + 30) // 2, (40) // 2)


def test_k_s4_the_cannonball_rule_books_example():
    """6 cards, a bid of 3: Grapeshot 60 exact, 30 off by one; Cannonball 90 exact, 0 off by one."""
    assert (rascal_points(3, 3, 6), rascal_points(3, 2, 6)) == (60, 30)
    assert (rascal_points(3, 3, 6, cannonball=True), rascal_points(3, 2, 6, cannonball=True)) == (90, 0)


def test_k_s4_cannonball_is_chosen_per_player_per_round():
    g = Game(scoring="rascal", cannonball=True, rounds=[6, 6])
    g.bids([3, 2, 1])
    g.result([3, 2, 1], cannonball=[0], bonuses=[{"black14": 1}, {}, {}])
    g.bids([3, 2, 1])
    g.result([2, 3, 1], cannonball=[1, 2])
    rows = g.sheet.rows
    assert rows[0].points == (90 + 20, 60, 60) and rows[0].cannonball == (0,)
    assert rows[1].points == (30, 0, 90)


def test_k_s4_loot_needs_exact_bids_under_rascal_too_and_is_never_halved():
    g = Game(scoring="rascal", loot=True, rounds=[2])
    g.bids([1, 0, 1])
    g.result([2, 0, 0], loot=[[1, 0]])
    assert g.sheet.rows[0].points == (10, 20, 10)  # Ana off by one: half of 20, no Loot for either


def test_k_e1_highest_total_wins_and_a_tie_gives_several_winners():
    g = Game(rounds=[1, 1])
    g.round([1, 0, 0], [1, 0, 0])
    assert g.sheet.winners == ()  # not over yet
    g.round([0, 1, 0], [0, 1, 0])
    sheet = g.sheet
    assert sheet.finished and sheet.totals == (30, 30, 20) and sheet.winners == (0, 1)
    assert [(s.rank, s.player) for s in sheet.standings] == [(1, 0), (1, 1), (3, 2)]
