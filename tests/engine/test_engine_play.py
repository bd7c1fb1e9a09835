"""Whole rounds and games between policies (W-R1..W-R4, W-B1, W-B3, W-P1, W-S1..W-S3)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

import scribe.engine.play as play_module
import scribe.games.wizard as rules_wizard
from scribe.engine import (
    FULL_DECK,
    WIZARD,
    HeuristicPolicy,
    PlayOptions,
    Policy,
    RandomPolicy,
    Suit,
    make_rng,
    play_game,
    play_round,
)
from scribe.engine.tricks import legal_unchecked, winner_unchecked
from scribe.rules.errors import RuleError


class Recorder(RandomPolicy):
    """A random player that checks every legal list against tricks.legal_unchecked."""

    def __init__(self, rng, log):
        super().__init__(rng)
        self.log = log

    def choose_trump(self, hand, view, seat):
        self.log.append(("trump", seat, tuple(hand)))
        return super().choose_trump(hand, view, seat)

    def bid(self, hand, view, seat):
        self.log.append(("bid", seat, view.forbidden_bid))
        b = super().bid(hand, view, seat)
        assert b != view.forbidden_bid
        return b

    def play(self, legal, hand, view, seat):
        expected = legal_unchecked(hand, view.trick, view.trump, view.options.no_wizard_on_trump_lead)
        assert Counter(legal) == Counter(expected), (hand, view.trick, legal)
        self.log.append(("play", seat, len(view.trick), view.leader))
        return super().play(legal, hand, view, seat)


def test_w_r1_a_game_deals_one_more_card_each_round():
    rng = make_rng(3)
    g = play_game(5, [RandomPolicy(rng)] * 5, rng)
    assert [r.cards for r in g.rounds] == list(range(1, 13))
    assert all(len(h) == r.cards for r in g.rounds for h in r.hands)


def test_w_r2_the_deal_passes_left_every_round():
    rng = make_rng(3)
    g = play_game(3, [RandomPolicy(rng)] * 3, rng, first_dealer=1)
    assert [r.dealer for r in g.rounds][:5] == [1, 2, 0, 1, 2]


def test_w_r4_the_last_round_has_no_trump():
    rng = make_rng(8)
    for players in (3, 4, 5, 6):
        g = play_game(players, [RandomPolicy(rng)] * players, rng)
        assert g.rounds[-1].turned is None and g.rounds[-1].trump is None


def test_w_r3_a_turned_wizard_asks_the_dealer_for_trump():
    log: list = []
    rng = make_rng(0)
    for seed in range(200):
        r = play_round(4, 2, 3, [Recorder(rng, log)] * 4, make_rng(seed))
        if r.turned is WIZARD:
            break
    else:
        raise AssertionError("no Wizard turned")
    assert isinstance(r.trump, Suit)
    asks = [e for e in log if e[0] == "trump"]
    assert asks[-1][1] == 3 and len(asks[-1][2]) == 2  # the dealer, with the hand


def test_w_r3_review_002_dealer_chooses_blind():
    log: list = []
    rng = make_rng(0)
    options = PlayOptions(dealer_sees_hand=False)
    for seed in range(200):
        r = play_round(4, 2, 3, [Recorder(rng, log)] * 4, make_rng(seed), options)
        if r.turned is WIZARD:
            break
    assert [e for e in log if e[0] == "trump"][-1][2] == ()


def test_w_b1_bids_start_left_of_the_dealer_and_the_dealer_bids_last():
    log: list = []
    rng = make_rng(1)
    play_round(4, 3, 2, [Recorder(rng, log)] * 4, rng)
    assert [e[1] for e in log if e[0] == "bid"] == [3, 0, 1, 2]


def test_w_b3_plus_minus_one_forbids_the_even_total_to_the_last_bidder():
    log: list = []
    rng = make_rng(1)
    options = PlayOptions(bid_rule="plus_minus_one")
    for _ in range(30):
        r = play_round(4, 5, 0, [Recorder(rng, log)] * 4, rng, options)
        assert sum(r.bids) != 5
    forbidden = [e[2] for e in log if e[0] == "bid"]
    assert all(f is None for f in forbidden[0::4][:3])  # first bidders are free
    assert any(f is not None for f in forbidden[3::4])


def test_w_b3_a_callable_restriction_from_the_rules_core():
    options = PlayOptions(forbidden=lambda bids, cards: 0)
    rng = make_rng(2)
    for _ in range(20):
        r = play_round(3, 2, 0, [RandomPolicy(rng)] * 3, rng, options)
        assert r.bids[0] != 0  # seat 0 deals, so bids last


def test_w_p1_left_of_dealer_leads_first_then_the_winner_leads():
    rng = make_rng(4)
    r = play_round(4, 6, 1, [RandomPolicy(rng)] * 4, rng)
    assert r.leaders[0] == 2
    assert r.leaders[1:] == r.winners[:-1]
    for t in r.tricks:
        assert t.cards == r.plays[r.tricks.index(t) * 4 :][:4]
        assert t.winner == (t.leader + winner_unchecked(t.cards, r.trump)) % 4


def test_w_s1_scoring_is_the_rules_core():
    assert play_module.round_points is rules_wizard.round_points
    rng = make_rng(6)
    g = play_game(4, [RandomPolicy(rng)] * 4, rng)
    for r in g.rounds:
        assert r.points == tuple(rules_wizard.round_points(b, t) for b, t in zip(r.bids, r.won))


def test_w_s2_tricks_of_a_round_sum_to_r():
    rng = make_rng(7)
    g = play_game(6, [HeuristicPolicy()] * 6, rng)
    assert all(sum(r.won) == r.cards for r in g.rounds)


def test_w_s3_totals_and_winners():
    rng = make_rng(7)
    g = play_game(3, [RandomPolicy(rng)] * 3, rng)
    assert g.totals == tuple(sum(r.points[i] for r in g.rounds) for i in range(3))
    assert all(g.totals[w] == max(g.totals) for w in g.winners)


def test_w_p6_option_in_play_forced_wizards_only():
    log: list = []
    rng = make_rng(9)
    options = PlayOptions(no_wizard_on_trump_lead=True)
    g = play_game(4, [Recorder(rng, log)] * 4, rng, options)  # Recorder checks every legal list
    for r in g.rounds:
        for t in r.tricks:
            if r.trump is not None and t.cards[0].suit is r.trump and WIZARD in t.cards[1:]:
                assert t.winner != (t.leader + t.cards.index(WIZARD, 1)) % 4


class Cheat(RandomPolicy):
    def play(self, legal, hand, view, seat):
        off = [c for c in hand if c not in legal]
        return off[0] if off else legal[0]


class Overbid(RandomPolicy):
    def bid(self, hand, view, seat):
        return view.cards + 1


def test_a_policy_that_plays_an_illegal_card_is_stopped():
    rng = make_rng(1)
    with pytest.raises(RuleError, match="not one of its legal cards"):
        play_game(4, [Cheat(rng)] * 4, rng)


def test_a_policy_that_bids_out_of_range_is_stopped():
    rng = make_rng(1)
    with pytest.raises(RuleError, match="a bid is 0 to 1"):
        play_round(4, 1, 0, [Overbid(rng)] * 4, rng)


def test_bad_table_is_refused():
    rng = make_rng(1)
    with pytest.raises(RuleError):
        play_round(4, 1, 0, [RandomPolicy(rng)] * 3, rng)
    with pytest.raises(RuleError):
        play_round(4, 1, 4, [RandomPolicy(rng)] * 4, rng)
    with pytest.raises(RuleError):
        PlayOptions(bid_rule="whatever")  # type: ignore[arg-type]


def test_heuristic_beats_random_on_average():
    rng = make_rng(12)
    policies: list[Policy] = [HeuristicPolicy(), RandomPolicy(rng), RandomPolicy(rng), RandomPolicy(rng)]
    totals = [0, 0, 0, 0]
    for g in range(30):
        game = play_game(4, policies, rng, first_dealer=g % 4)
        totals = [a + b for a, b in zip(totals, game.totals)]
    assert totals[0] > max(totals[1:])


# --- properties


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**32), st.data())
def test_property_a_round_has_exactly_r_tricks(players, seed, data):
    cards = data.draw(st.integers(1, 60 // players))
    log: list = []
    rng = make_rng(seed)
    options = PlayOptions(no_wizard_on_trump_lead=data.draw(st.booleans()))
    r = play_round(players, cards, seed % players, [Recorder(rng, log)] * players, rng, options)
    assert len(r.tricks) == cards == len(r.leaders) == len(r.winners)
    assert sum(r.won) == cards
    assert len(r.plays) == cards * players
    # Every dealt card is played exactly once.
    assert Counter(r.plays) == Counter(c for h in r.hands for c in h)
    assert not Counter(r.plays) - Counter(FULL_DECK)


@settings(max_examples=15, deadline=None)
@given(st.integers(3, 6), st.integers(0, 2**32), st.booleans())
def test_property_the_same_seed_gives_the_same_game(players, seed, heuristic):
    def game():
        rng = make_rng(seed)
        pols = [HeuristicPolicy() if heuristic else RandomPolicy(rng) for _ in range(players)]
        return play_game(players, pols, rng)

    assert game() == game()


def test_w_r1_a_round_larger_than_the_deck_is_refused():
    rng = make_rng(1)
    with pytest.raises(RuleError) as e:
        play_round(4, 16, 0, [RandomPolicy(rng)] * 4, rng)
    assert e.value.field == "cards"


def test_w_b2_standard_bids_are_free_and_may_sum_to_r():
    log: list = []
    rng = make_rng(5)
    sums = set()
    for _ in range(60):
        r = play_round(3, 2, 0, [Recorder(rng, log)] * 3, rng)
        sums.add(sum(r.bids))
    assert 2 in sums  # an "even" total is allowed without W-B3
    assert all(e[2] is None for e in log if e[0] == "bid")


def test_w_b6_a_restriction_outside_0_to_r_forbids_nothing():
    options = PlayOptions(bid_rule="plus_minus_one")
    assert options.forbidden_bid([3, 2], 4) is None  # would need -1
    assert options.forbidden_bid([0, 0], 4) == 4
    assert PlayOptions(bid_rule="never_even").forbidden_bid([1], 2) == 1  # rules-core name


@pytest.mark.parametrize("players, p6", [(3, False), (4, True), (5, False), (6, True)])
def test_random_players_fast_path_plays_only_legal_cards_and_the_rules_winners(players, p6):
    """Random players take play.py's fast path (hands split by suit, the winner settled card by
    card): every card it plays is one tricks.legal_unchecked allows (W-P2, W-P3, W-P6) and every
    trick goes to tricks.winner_unchecked's card (W-P4, W-P5), as in the general loop."""
    rng = make_rng(players * 7)
    options = PlayOptions(no_wizard_on_trump_lead=p6)
    game = play_game(players, [RandomPolicy(rng) for _ in range(players)], rng, options)
    for r in game.rounds:
        hands = [list(h) for h in r.hands]
        for t in r.tricks:
            for k, card in enumerate(t.cards):
                seat = (t.leader + k) % players
                assert card in legal_unchecked(hands[seat], t.cards[:k], r.trump, p6)
                hands[seat].remove(card)
            assert t.winner == (t.leader + winner_unchecked(t.cards, r.trump, p6)) % players
        assert sum(r.won) == r.cards and not any(hands)
