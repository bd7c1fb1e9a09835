"""Bidding: W-B1 .. W-B8, and refused bids."""

import pytest
from rules_helpers import Game

from scribe.games.wizard import PRESETS, make_setup, round_points
from scribe.rules.errors import RuleError


def refused(fn, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*args, **kwargs)
    return info.value


def leader_game(preset: str, **switches) -> Game:
    """After round 1 Thomas leads alone (-10 / 30 / 20) and bids last in round 2."""
    g = Game(preset=preset, first_dealer=0, **switches)
    g.round([1, 1, 0], [0, 1, 0])  # bids total 2 of 1: fine under every rule set
    assert g.sheet.totals == (-10, 30, 20)
    assert g.sheet.current.order == (2, 0, 1)  # Marie, Paul, then Thomas (the dealer)
    return g


def tied_game(preset: str, **switches) -> Game:
    """After round 2 Paul and Thomas share first place; Thomas bids last in round 3."""
    g = Game(preset=preset, first_dealer=2, **switches)  # Marie deals 1, Paul 2, Thomas 3
    g.round([0, 0, 0], [0, 0, 1])  # Paul 20, Thomas 20, Marie -10
    g.round([0, 0, 0], [0, 0, 2])  # Paul 40, Thomas 40, Marie -30
    assert g.sheet.totals == (40, 40, -30)
    assert g.sheet.leaders == (0, 1) and g.sheet.current.order[-1] == 1
    return g


# ------------------------------------------------------------------ W-B1


def test_w_b1_bidding_starts_left_of_dealer():
    g = Game(["Arnaud", "Anna", "Emilie", "Paul"], first_dealer=1)
    row = g.sheet.current
    assert row.dealer == 1 and row.order == (2, 3, 0, 1)  # the dealer bids last
    assert row.next_bidder == 2
    err = refused(g.bid, 0, player=3)
    assert err.field == "bid"
    assert "Emilie" in err.message and "Paul" in err.message
    g.bid(0)  # no player given: the next bidder (Emilie)
    assert g.sheet.rows[0].bids == (None, None, 0, None)
    assert g.sheet.current.next_bidder == 3


def test_w_b1_order_follows_the_deal():
    g = Game(first_dealer=2)
    g.round([0, 0, 0], [1, 0, 0])
    assert g.sheet.current.dealer == 0 and g.sheet.current.order == (1, 2, 0)


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_w_b1_bid_is_zero_to_cards(round_no):
    g = Game()
    for _ in range(round_no - 1):
        g.round([0, 0, 0], [g.sheet.current.cards, 0, 0])
    cards = g.sheet.current.cards
    for bad in (-1, cards + 1, 99):
        err = refused(g.bid, bad)
        assert err.field == "bid" and f"0 to {cards}" in err.message
    g.bid(cards)
    assert g.sheet.current.bids[g.sheet.current.order[0]] == cards


# ------------------------------------------------------------------ W-B2


def test_w_b2_standard_any_bid_any_sum():
    g = Game(preset="standard")
    g.bid(0)
    g.bid(0)
    assert g.sheet.forbidden() is None
    g.bid(1)  # sum 1 == cards: allowed in the standard game
    assert g.sheet.rows[0].bid_total == 1 and g.sheet.rows[0].bid_balance == 0


def test_w_b2_default_rules_are_standard():
    assert Game().setup.rules.preset == "standard"


# ------------------------------------------------------------------ W-B3


def test_w_b3_plus_minus_one_forbids_even():
    g = Game(preset="plus_minus_one", first_dealer=2)  # Paul, Thomas, Marie bid
    g.round([0, 0, 0], [0, 0, 1])
    g.round([0, 1, 0], [0, 1, 1])  # round 2: Thomas, Marie, Paul (dealer)
    # round 3: Thomas deals; Marie, Paul bid, Thomas last
    assert g.sheet.current.order == (2, 0, 1)
    g.bid(1)
    g.bid(1)
    f = g.sheet.forbidden()
    assert (f.player, f.value, f.cards, f.rule) == (1, 1, 3, "W-B3")
    err = refused(g.bid, 1)
    assert err.field == "bid"
    assert "Thomas" in err.message and "1" in err.message and "3" in err.message
    assert "±1" in err.message
    # any other number is fine: the restriction forbids exactly one value
    for ok in (0, 2, 3):
        g.copy().bid(ok)


def test_w_b3_applies_in_round_one_and_to_the_last_bidder_only():
    g = Game(preset="plus_minus_one")
    assert g.sheet.forbidden() is None
    g.bid(1)  # the first bidder may make the sum anything so far
    g.bid(0)
    assert g.sheet.forbidden().value == 0  # 1 + 0 + x == 1
    err = refused(g.bid, 0)
    assert "Paul" in err.message and "0" in err.message


def test_w_b3_seed_000_round_two_would_be_refused():
    """Seed 000's round 2 (Paul 2, Thomas 0, Marie 0) is even: ±1 forbids it."""
    g = Game(preset="plus_minus_one", first_dealer=2)  # Marie deals round 1
    g.round([0, 1, 1], [0, 0, 1])
    g.bid(0, player=1)  # Thomas
    g.bid(0, player=2)  # Marie
    err = refused(g.bid, 2, player=0)  # Paul, the dealer, bids last
    assert "Paul" in err.message and "2" in err.message


# ------------------------------------------------------------------ W-B4


def test_w_b4_leader_restriction():
    g = leader_game("leader")
    g.bid(1)  # Marie
    g.bid(0)  # Paul
    f = g.sheet.forbidden()
    assert (f.player, f.value, f.rule) == (1, 1, "W-B4")
    assert g.sheet.strict_leader_before(2) == 1
    err = refused(g.bid, 1)
    assert err.field == "bid"
    assert "Thomas" in err.message and "1" in err.message and "leads" in err.message
    g.bid(2)
    assert g.sheet.phase == "tricks"


def test_w_b4_leader_may_not_bid_zero_either():
    g = leader_game("leader")
    g.bid(2)
    g.bid(0)
    err = refused(g.bid, 0)
    assert "Thomas" in err.message and "0" in err.message


def test_w_b4_only_when_the_last_bidder_leads():
    g = Game(preset="leader", first_dealer=0)
    g.round([1, 0, 0], [1, 0, 0])  # Paul leads 30 / 20 / 20, Thomas bids last in round 2
    g.bid(1)
    g.bid(0)
    assert g.sheet.forbidden() is None
    g.bid(1)  # even, but Thomas does not lead


def test_w_b4_never_in_round_one():
    g = Game(preset="leader")
    g.bid(0)
    g.bid(0)
    assert g.sheet.forbidden() is None
    g.bid(1)


def test_w_b4_tie_means_no_leader():
    g = tied_game("leader")
    g.bid(1)  # Marie
    g.bid(2)  # Paul
    assert g.sheet.forbidden() is None  # Thomas shares first place: nobody leads
    g.bid(0)  # even: allowed
    assert g.sheet.rows[2].bid_balance == 0


def test_w_b4_other_reading_tied_leaders_count():
    u = tied_game("leader", leader_ties=True)
    u.bid(1)
    u.bid(2)
    err = refused(u.bid, 0)
    assert "Thomas" in err.message


# ------------------------------------------------------------------ W-B5


def test_w_b5_canadian_leader_may_bid_zero():
    g = leader_game("canadian")
    g.bid(1)  # Marie
    g.bid(1)  # Paul: 2 bid of 2, zero would make it even
    assert g.sheet.forbidden() is None
    g.bid(0)
    assert g.sheet.rows[1].bid_balance == 0


def test_w_b5_canadian_leader_still_may_not_bid_other_even_number():
    g = leader_game("canadian")
    g.bid(1)
    g.bid(0)
    f = g.sheet.forbidden()
    assert (f.player, f.value, f.rule) == (1, 1, "W-B5")
    err = refused(g.bid, 1)
    assert "Thomas" in err.message and "1" in err.message


def test_w_b5_canadian_shared_first_place_no_restriction():
    u = tied_game("canadian")
    u.bid(1)
    u.bid(2)
    assert u.sheet.forbidden() is None
    u.bid(0)


def test_w_b5_canadian_refuses_counting_ties_as_leading():
    # The Canadian text is explicit on ties, so the W-B4 tie switch is refused, not ignored.
    with pytest.raises(RuleError) as err:
        make_setup(["Paul", "Thomas", "Marie"], preset="canadian", leader_ties=True)
    assert err.value.field == "leader_ties"


# ------------------------------------------------------------------ W-B6


@pytest.mark.parametrize("preset", ["plus_minus_one", "leader", "canadian"])
def test_w_b6_forbidden_outside_range_forbids_nothing(preset):
    g = leader_game(preset)
    g.bid(2)  # Marie
    g.bid(1)  # Paul: already 3 bid of 2: no bid of Thomas can make it even
    assert g.sheet.forbidden() is None
    g.bid(0)
    assert g.sheet.phase == "tricks"


def test_w_b6_says_why():
    g = Game(preset="plus_minus_one")
    g.bid(0)
    g.bid(0)
    err = refused(g.bid, 1)
    assert err.template and err.params["name"] == "Paul" and err.params["value"] == 1
    assert "total 1" in err.message


# ------------------------------------------------------------------ W-B7, W-B8


def test_w_b7_open_bids():
    assert Game(reveal="open").setup.rules.reveal == "open"


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_w_b7_hidden_and_secret_can_be_chosen(mode):
    assert Game(reveal=mode).setup.rules.reveal == mode  # played out in test_wizard_reveal.py


def test_w_b7_unknown_reveal_refused():
    assert refused(Game, reveal="shouted").field == "reveal"


def test_w_b8_scoring_does_not_depend_on_the_rule_set():
    sheets = []
    for preset in PRESETS:
        g = Game(preset=preset)
        g.round([0, 0, 0], [1, 0, 0])
        sheets.append(g.sheet.totals)
    assert set(sheets) == {(round_points(0, 1), 20, 20)}


# ------------------------------------------------------------------ refused bids


@pytest.mark.parametrize("bad", ["abc", 1.5, True, False, None, [], {}, "", "1.0", "--1", "²"])
def test_bid_must_be_a_whole_number(bad):
    err = refused(Game().bid, bad)
    assert err.field == "bid" and "whole number" in err.message


@pytest.mark.parametrize("text, value", [("1", 1), (" 0 ", 0)])
def test_bid_as_form_text(text, value):
    g = Game()
    assert g.bid(text)["bid"] == value


def test_second_bid_for_the_same_player_refused():
    g = Game()
    g.bid(0, player=1)
    err = refused(g.bid, 1, player=1)
    assert err.field == "bid" and "Thomas" in err.message and "already" in err.message


@pytest.mark.parametrize("player, field", [(3, "player"), (-1, "player"), ("abc", "player")])
def test_bid_for_no_such_player(player, field):
    assert refused(Game().bid, 0, player=player).field == field


@pytest.mark.parametrize("round_no", [0, 2, 99, "abc", 1.5])
def test_bid_for_a_round_not_being_played(round_no):
    assert refused(Game().bid, 0, round=round_no).field == "round"


def test_bid_when_all_bids_are_in():
    g = Game()
    g.bids([0, 0, 0])
    assert refused(g.bid, 0).field == "bid"


def test_bid_after_the_game_refused():
    g = Game(rounds=1)
    g.round([0, 0, 0], [1, 0, 0])
    assert g.sheet.finished
    assert refused(g.bid, 0).field == "round"


def test_unknown_action_refused():
    assert refused(Game().do, "cheat").field == "kind"
