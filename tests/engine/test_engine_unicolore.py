"""The Unicolore variant (W-U1 to W-U3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, strategies as st

from scribe.engine import (
    JESTER,
    WIZARD,
    HeuristicPolicy,
    RandomPolicy,
    Suit,
    deal_unicolore,
    make_rng,
    own_deck,
    parse_cards,
    play_unicolore_game,
    unicolore_legal_plays,
    unicolore_trick_winner,
)
from scribe.games.wizard import round_points
from scribe.rules.errors import RuleError


def test_w_u1_each_player_has_a_wizard_a_jester_and_one_suit():
    deck = own_deck(Suit.RED)
    assert len(deck) == 15 and deck.count(WIZARD) == 1 and deck.count(JESTER) == 1
    assert {c.suit for c in deck} == {Suit.RED, None}


def test_w_u1_at_three_players_one_suit_is_left_out():
    hands = deal_unicolore(3, 15, make_rng(1))
    suits = {c.suit for h in hands for c in h} - {None}
    assert len(suits) == 3
    hands = deal_unicolore(3, 15, make_rng(1), suits="YGB")
    assert [{c.suit for c in h} - {None} for h in hands] == [{Suit.YELLOW}, {Suit.GREEN}, {Suit.BLUE}]


def test_w_u1_three_or_four_players_only():
    for n in (2, 5, 6):
        with pytest.raises(RuleError):
            deal_unicolore(n, 4, make_rng(0))


def test_w_u2_rounds_deal_4_to_15_from_each_players_own_deck():
    rng = make_rng(2)
    g = play_unicolore_game(4, [RandomPolicy(rng)] * 4, rng)
    assert [r.cards for r in g.rounds] == list(range(4, 16))
    last = g.rounds[-1]
    for seat, hand in enumerate(last.hands):
        assert Counter(hand) == Counter(own_deck(list(Suit)[seat]))
    with pytest.raises(RuleError):
        deal_unicolore(4, 3, rng)


def test_w_u3_no_trump_highest_card_wins():
    assert unicolore_trick_winner("B2 R9 G13") == 2
    assert unicolore_trick_winner("B13 W R1") == 1  # a Wizard beats 13
    assert unicolore_trick_winner("J B1 R1") == 1  # a Jester is lowest


def test_w_u3_first_played_wins_ties():
    assert unicolore_trick_winner("R7 B7 G7 Y7") == 0
    assert unicolore_trick_winner("B2 W W") == 1
    assert unicolore_trick_winner("J J J") == 0


def test_w_u3_suits_do_not_matter_any_card_may_be_played():
    assert unicolore_legal_plays("B3 W J", "R13") == parse_cards("B3 W J")


def test_w_u3_scoring_as_w_s1():
    rng = make_rng(3)
    g = play_unicolore_game(3, [HeuristicPolicy()] * 3, rng)
    assert all(r.trump is None for r in g.rounds)
    for r in g.rounds:
        assert r.points == tuple(round_points(b, t) for b, t in zip(r.bids, r.won))
        assert sum(r.won) == r.cards


def test_unicolore_bad_tricks_are_refused():
    with pytest.raises(RuleError):
        unicolore_trick_winner("B1 B2")
    with pytest.raises(RuleError):
        unicolore_trick_winner("B1 B1 R2")
    with pytest.raises(RuleError):
        unicolore_trick_winner("B1 B2 B3", players=4)


@given(st.permutations(parse_cards("W W W W J J J J B13 R13 G13 Y13 B1 R1")), st.integers(3, 4))
def test_property_unicolore_winner_is_the_first_highest(cards, n):
    trick = cards[:n]
    i = unicolore_trick_winner(trick)
    assert trick[i].rank == max(c.rank for c in trick)
    assert i == [c.rank for c in trick].index(trick[i].rank)
