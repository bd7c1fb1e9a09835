"""Trump (W-R3, W-R4) and the tricks of a round (W-S2), with refused input."""

import pytest
from rules_helpers import Game

from scribe.games.wizard import SUITS, complete_tricks, make_setup, replay
from scribe.rules.errors import RuleError


def refused(fn, *args, **kwargs) -> RuleError:
    with pytest.raises(RuleError) as info:
        fn(*args, **kwargs)
    return info.value


def play_to_last_round(n: int) -> Game:
    g = Game([f"P{i}" for i in range(n)])
    while g.sheet.current.number < g.setup.round_count:
        cards = g.sheet.current.cards
        g.round([0] * n, [cards] + [0] * (n - 1))
    return g


# ------------------------------------------------------------------ W-R3


@pytest.mark.parametrize("suit", SUITS)
def test_w_r3_number_card_makes_its_suit_trump(suit):
    g = Game()
    assert g.do("trump", card=suit, suit="blue" if suit != "blue" else "red") == {
        "round": 1,
        "card": suit,
        "suit": suit,  # the card's own suit, whatever else was sent
    }
    trump = g.sheet.rows[0].trump
    assert trump.suit == suit and not trump.pending


def test_w_r3_jester_means_no_trump():
    g = Game()
    g.do("trump", card="jester", suit="red")
    trump = g.sheet.rows[0].trump
    assert trump.card == "jester" and trump.suit is None and not trump.pending


def test_w_r3_wizard_dealer_names_the_suit_before_anyone_bids():
    # seeds 000, 001, 004: the dealer names the suit once the Wizard is turned, then
    # the bidding starts left of the dealer
    g = Game(first_dealer=2)
    g.do("trump", card="wizard")
    assert g.sheet.rows[0].trump.pending
    err = refused(g.bid, 0)
    assert err.field == "bid" and "Wizard" in err.message and "Marie" in err.message
    assert err.params == {"name": "Marie"}  # the dealer, named in the message
    assert g.sheet.rows[0].bids == (None, None, None)  # nothing half-recorded
    g.do("trump", card="wizard", suit="green")
    assert g.sheet.rows[0].trump.suit == "green" and not g.sheet.rows[0].trump.pending
    g.bids([0, 0, 0])
    g.tricks([1, 0, 0])
    assert g.sheet.rows[0].complete


def test_w_r3_bids_recorded_before_the_suit_still_get_it_named():
    # a log written before bids were refused on a pending Wizard: still playable
    g = Game()
    g.do("trump", card="wizard")
    for p, bid in ((1, 0), (2, 0), (0, 0)):
        g._record("bid", {"round": 1, "player": p, "bid": bid})
    err = refused(g.tricks, [1, 0, 0])
    assert err.field == "trump" and "Wizard" in err.message
    g.do("trump", card="wizard", suit="green")
    g.tricks([1, 0, 0])
    assert g.sheet.rows[0].complete


def test_w_r3_wizard_with_suit_at_once():
    g = Game()
    g.do("trump", card="wizard", suit="yellow")
    assert g.sheet.rows[0].trump.suit == "yellow"


def test_w_r3_trump_may_be_changed_before_the_bids_are_in():
    g = Game()
    g.do("trump", card="red")
    g.bid(0)
    g.do("trump", card="blue")  # the scribe misread the card
    assert g.sheet.rows[0].trump.suit == "blue"
    g.bid(0)
    g.bid(0)
    err = refused(g.do, "trump", card="green")
    assert err.field == "trump"


@pytest.mark.parametrize(
    "data, field",
    [
        ({"card": "purple"}, "trump"),
        ({"card": None}, "trump"),
        ({"card": 7}, "trump"),
        ({"card": ["red"]}, "trump"),
        ({"card": "wizard", "suit": "purple"}, "suit"),
        ({"card": "wizard", "suit": "jester"}, "suit"),
        ({"card": "red", "round": 2}, "round"),
    ],
)
def test_w_r3_bad_trump_refused(data, field):
    assert refused(Game().do, "trump", **data).field == field


# ------------------------------------------------------------------ W-R4


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_w_r4_no_trump_last_round(n):
    rows = replay(make_setup([f"P{i}" for i in range(n)]), []).rows
    assert [r.has_trump for r in rows] == [True] * (len(rows) - 1) + [False]


def test_w_r4_trump_refused_in_last_round():
    g = play_to_last_round(6)
    assert g.sheet.current.number == 10
    err = refused(g.do, "trump", card="red")
    assert err.field == "trump" and "no trump" in err.message
    g.round([0] * 6, [10, 0, 0, 0, 0, 0])  # the last round needs no trump to be scored
    assert g.sheet.finished


def test_w_r4_shorter_game_keeps_trump():
    rows = replay(make_setup(["A", "B", "C"], rounds=3), []).rows
    assert all(r.has_trump for r in rows)


# ------------------------------------------------------------------ W-S2


def test_w_s2_tricks_sum_to_cards():
    g = Game()
    g.round([0, 0, 0], [0, 0, 1])
    g.bids([1, 1, 1])
    for bad in ([1, 1, 1], [0, 0, 0], [2, 1, 0]):
        err = refused(g.tricks, bad)
        assert err.field == "tricks"
        assert str(sum(bad)) in err.message and "2" in err.message
    g.tricks([1, 1, 0])
    assert g.sheet.rows[1].tricks == (1, 1, 0)


@pytest.mark.parametrize(
    "given, filled",
    [([None, 1, 0], [1, 1, 0]), ([1, "", 1], [1, 0, 1]), (["1", "0", ""], [1, 0, 1])],
)
def test_w_s2_one_missing_count_is_filled_from_the_total(given, filled):
    g = Game()
    g.round([0, 0, 0], [1, 0, 0])
    g.bids([0, 0, 0])
    assert g.tricks(given)["tricks"] == filled


def test_w_s2_complete_tricks():
    assert complete_tricks(5, [2, None, 1]) == [2, 2, 1]
    assert complete_tricks(5, [2, None, None]) == [2, None, None]
    assert complete_tricks(2, [2, None, 1]) == [2, None, 1]  # nothing left to fill


def test_w_s2_two_missing_counts_refused():
    g = Game()
    g.bids([0, 0, 0])
    err = refused(g.tricks, [None, None, 1])
    assert err.field == "tricks.0" and "Paul" in err.message


@pytest.mark.parametrize(
    "tricks, field",
    [
        (["abc", 0, 1], "tricks.0"),
        ([0, 1.5, 0], "tricks.1"),
        ([0, 0, True], "tricks.2"),
        ([-1, 1, 1], "tricks.0"),
        ([0, 2, -1], "tricks.1"),
        ([0, 0, 2], "tricks.2"),
        ([1, 0], "tricks"),
        ([1, 0, 0, 0], "tricks"),
        ("100", "tricks"),
        (None, "tricks"),
        ({"0": 1}, "tricks"),
    ],
)
def test_bad_tricks_refused(tricks, field):
    g = Game()
    g.bids([0, 0, 0])
    err = refused(g.do, "tricks", tricks=tricks)
    assert err.field == field, err


def test_too_many_tricks_message_gives_the_range():
    g = Game()
    g.bids([0, 0, 0])
    assert "0 to 1" in refused(g.tricks, [0, 0, 2]).message


def test_tricks_before_bids_refused():
    g = Game()
    err = refused(g.tricks, [1, 0, 0])
    assert err.field == "tricks" and "bid" in err.message
    g.bid(0)
    g.bid(0)
    assert refused(g.tricks, [1, 0, 0]).field == "tricks"


def test_tricks_for_another_round_refused():
    g = Game()
    g.bids([0, 0, 0])
    assert refused(g.tricks, [1, 0, 0], round=2).field == "round"
    assert refused(g.tricks, [1, 0, 0], round=77).field == "round"
    assert "77" in refused(g.tricks, [1, 0, 0], round=77).message


def test_w_r3_naming_a_pending_wizard_needs_a_suit():
    g = Game(preset="standard")
    g.do("trump", card="wizard")
    with pytest.raises(RuleError) as err:
        g.do("trump", card="wizard")
    assert err.value.field == "suit"
    g.do("trump", card="wizard", suit="green")
    assert g.sheet.current.trump.suit == "green"
