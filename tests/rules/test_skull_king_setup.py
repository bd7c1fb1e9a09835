"""Skull King's setup (K-R1): players, the rounds and the cards each deals, the dealer,
the options and their refusals."""

import pytest

from scribe.games.skull_king import Setup, make_setup
from scribe.games.skull_king.cards import deck
from scribe.rules.errors import RuleError

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


@pytest.mark.parametrize("n", range(2, 9))
def test_k_r1_two_to_eight_players(n):
    assert make_setup(NAMES[:n]).n == n


@pytest.mark.parametrize("n", [0, 1, 9])
def test_k_r1_other_tables_are_refused(n):
    with pytest.raises(RuleError) as err:
        make_setup([f"P{i}" for i in range(n)])
    assert err.value.field == "players" and "2 to 8" in err.value.message


def test_k_r1_ten_rounds_deal_one_to_ten_cards():
    s = make_setup(NAMES[:4])
    assert s.round_count == 10 and [s.cards(r) for r in range(1, 11)] == list(range(1, 11))


def test_k_r1_seven_players_share_the_seventy_cards_to_the_last_round():
    assert make_setup(NAMES[:7]).deal == tuple(range(1, 11))  # 7 x 10 = 70: every card dealt


def test_k_r1_eight_players_are_capped_by_the_deck_so_everyone_gets_as_many():
    """70 cards: 8 each at most (64), repeated in the last rounds (the rule book)."""
    assert make_setup(NAMES).deal == (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)


def test_k_r1_the_advanced_cards_make_room_for_nine_at_eight_players():
    s = make_setup(NAMES, kraken=True, white_whale=True, loot=True)
    assert len(deck(True, True, True)) == s.rules.deck_size == 74
    assert s.deal == (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)  # 72 of 74 cards


def test_k_r1_the_table_may_cap_the_cards_dealt():
    s = make_setup(NAMES, kraken=True, white_whale=True, loot=True, max_cards=8)
    assert s.deal == (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)


def test_k_r1_a_cap_the_deck_cannot_deal_is_refused():
    with pytest.raises(RuleError) as err:
        make_setup(NAMES, max_cards=9)
    assert err.value.field == "max_cards" and "1 to 8" in err.value.message


def test_k_r1_a_cap_that_caps_nothing_is_no_cap():
    assert make_setup(NAMES[:4], max_cards=10).rules.max_cards is None


def test_k_r1_a_chosen_list_of_rounds():
    s = make_setup(NAMES[:5], rounds=[9, 7, 5, 3, 1])
    assert s.deal == (9, 7, 5, 3, 1) and s.round_count == 5


@pytest.mark.parametrize("rounds, message", [
    ([11, 1], "1 to 10"), ([0], "1 to"), (["x"], "whole number"), (list(range(1, 40)), "1 to 30 rounds")])
def test_k_r1_a_chosen_round_the_deck_cannot_deal_is_refused(rounds, message):
    with pytest.raises(RuleError) as err:
        make_setup(NAMES[:7], rounds=rounds)
    assert err.value.field == "rounds" and message in err.value.message


def test_k_r1_the_deal_passes_to_the_left_and_the_dealers_left_leads():
    s = make_setup(NAMES[:3], first_dealer=2)
    assert [s.dealer(r) for r in (1, 2, 3, 4)] == [2, 0, 1, 2]
    assert s.order(1) == (0, 1, 2) and s.order(2) == (1, 2, 0)


def test_k_r1_two_players_deal_a_third_hand_to_graybeards_ghost():
    s = make_setup(NAMES[:2])
    assert s.hands == 3 and s.deal == tuple(range(1, 11))


def test_k_s1_is_the_default_scoring_and_the_house_rule_is_off():
    rules = make_setup(NAMES[:3]).rules
    assert (rules.scoring, rules.bonus_on_miss, rules.cannonball) == ("skull_king", False, False)
    assert not (rules.kraken or rules.white_whale or rules.loot)


@pytest.mark.parametrize("options, field", [
    (dict(scoring="pirate"), "scoring"),
    (dict(cannonball=True), "cannonball"),  # an option of Rascal's scoring
    (dict(scoring="rascal", bonus_on_miss=True), "bonus_on_miss"),  # K-S4 says what a near miss earns
    (dict(kraken="maybe"), "kraken"),
    (dict(colour="red"), "colour"),
    (dict(max_cards=3, rounds=[1, 2]), "max_cards"),
])
def test_options_that_make_no_sense_are_refused_by_field(options, field):
    with pytest.raises(RuleError) as err:
        make_setup(NAMES[:3], **options)
    assert err.value.field == field


def test_the_first_dealer_is_a_player():
    with pytest.raises(RuleError) as err:
        make_setup(NAMES[:3], first_dealer=3)
    assert err.value.field == "first_dealer"


def test_a_setup_reads_back_what_it_wrote():
    s = make_setup(NAMES[:5], first_dealer=1, scoring="rascal", cannonball=True, loot=True, rounds="5 5 5")
    assert Setup.from_dict(s.as_dict()) == s
    assert Setup.from_dict(s.as_dict()).deal == (5, 5, 5)
