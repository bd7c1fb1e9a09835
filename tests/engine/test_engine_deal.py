"""Dealing and the turned trump card (W-R1, W-R3, W-R4, W-M3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scribe.engine import (
    FULL_DECK,
    JESTER,
    WIZARD,
    Deal,
    Suit,
    deal,
    make_rng,
    parse_card,
    rounds_in_game,
    shuffled_deck,
)
from scribe.rules.errors import RuleError


def _all_cards(d: Deal) -> Counter:
    cards = [c for h in d.hands for c in h]
    if d.turned is not None:
        cards.append(d.turned)
    return Counter(cards)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_w_r1_round_r_deals_r_cards_each(players):
    rng = make_rng(1)
    for r in range(1, rounds_in_game(players) + 1):
        d = deal(players, r, rng)
        assert len(d.hands) == players and all(len(h) == r for h in d.hands)
        assert d.cards == r
        # Every card comes from the one 60-card deck.
        assert not _all_cards(d) - Counter(FULL_DECK)


def test_w_r1_number_of_rounds():
    assert [rounds_in_game(n) for n in (3, 4, 5, 6)] == [20, 15, 12, 10]


def test_w_r1_more_cards_than_the_deck_is_refused():
    with pytest.raises(RuleError) as e:
        deal(4, 16, make_rng(0))
    assert e.value.field == "cards"
    with pytest.raises(RuleError):
        deal(4, 0, make_rng(0))


@pytest.mark.parametrize("players", [2, 7, "4"])
def test_w_m3_three_to_six_players(players):
    with pytest.raises(RuleError) as e:
        deal(players, 1, make_rng(0))
    assert e.value.field == "players"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_w_r4_last_round_has_no_card_to_turn_and_no_trump(players):
    d = deal(players, 60 // players, make_rng(2))
    assert d.turned is None and d.trump is None and not d.dealer_must_choose
    assert _all_cards(d) == Counter(FULL_DECK)


def _deal_turning(card, players=4, cards=3):
    # Find a seed whose deal turns the given card (deterministic search).
    for seed in range(10_000):
        d = deal(players, cards, random.Random(seed))
        if d.turned is card:
            return d
    raise AssertionError("no seed turns that card")


def test_w_r3_a_number_card_makes_its_suit_trump():
    d = _deal_turning(parse_card("R8"))  # seed 004: Emilie turns a red 8
    assert d.trump is Suit.RED and not d.dealer_must_choose


def test_w_r3_a_turned_jester_means_no_trump():
    d = _deal_turning(JESTER)
    assert d.trump is None and not d.dealer_must_choose


def test_w_r3_a_turned_wizard_waits_for_the_dealer_to_choose():
    d = _deal_turning(WIZARD)
    assert d.trump is None and d.dealer_must_choose
    chosen = d.with_trump("y")
    assert chosen.trump is Suit.YELLOW and not chosen.dealer_must_choose
    assert chosen.hands == d.hands
    with pytest.raises(RuleError):
        chosen.with_trump("B")  # already decided
    with pytest.raises(RuleError):
        d.with_trump("purple")


def test_w_r3_only_a_wizard_lets_the_dealer_choose():
    d = _deal_turning(parse_card("B2"))
    with pytest.raises(RuleError):
        d.with_trump("R")


def test_same_seed_same_deal_different_seed_different_deal():
    assert deal(5, 7, make_rng(11)) == deal(5, 7, make_rng(11))
    assert deal(5, 7, make_rng(11)) != deal(5, 7, make_rng(12))
    assert shuffled_deck(make_rng(3)) == shuffled_deck(make_rng(3))


def test_real_games_use_the_cryptographic_source():
    assert isinstance(make_rng(), random.SystemRandom)
    d = deal(4, 5)  # no rng: SystemRandom
    assert sum(map(len, d.hands)) == 20


def test_shuffle_is_roughly_uniform():
    # Each card lands first about 1/60 of the time (loose bound, fixed seed).
    rng = make_rng(5)
    firsts = Counter(deal(3, 1, rng).hands[0][0] for _ in range(12_000))
    assert abs(firsts[WIZARD] / 12_000 - 4 / 60) < 0.015
    assert abs(firsts[parse_card("R7")] / 12_000 - 1 / 60) < 0.006
