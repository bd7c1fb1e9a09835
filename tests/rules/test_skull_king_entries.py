"""Skull King's entries and their refusals: bids (K-B1), a round's tricks (K-T1), bonuses
the cards can or cannot give (K-S2), Loot (K-S3), Cannonballs (K-S4), corrections, undo
and redo, and the bids sealed until the last is in."""

import pytest
from skull_helpers import Game

from scribe.games.skull_king import act, advance, can, replay, verify
from scribe.games.skull_king.game import GAME
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry
from scribe.rules.sealed import SEALED


def refused(g: Game, kind: str, **raw) -> RuleError:
    before = list(g.log)
    with pytest.raises(RuleError) as err:
        g.do(kind, **raw)
    assert g.log == before  # nothing half-saved
    return err.value


# --------------------------------------------------------------------------- bids, K-B1

def test_k_b1_any_seat_bids_in_any_order_and_any_bid_from_zero_to_the_cards():
    g = Game(rounds=[3])
    g.do("bid", player=2, bid=3)
    g.do("bid", player=0, bid=0)
    g.do("bid", player=1, bid="3")  # the bids total 6 of 3 tricks: no bid is ever forbidden
    assert g.sheet.rows[0].bids == (0, 3, 3) and g.sheet.phase == "tricks"


@pytest.mark.parametrize("bid", [-1, 4, "x", 1.5, True, None])
def test_k_b1_a_bid_outside_zero_to_the_cards_dealt_is_refused(bid):
    g = Game(rounds=[3])
    err = refused(g, "bid", player=0, bid=bid)
    assert err.field == "bid"


def test_k_b1_a_bid_names_its_seat_and_a_seat_bids_once():
    g = Game()
    assert refused(g, "bid", bid=1).field == "player"
    assert refused(g, "bid", player=5, bid=1).field == "player"
    g.do("bid", player=1, bid=1)
    err = refused(g, "bid", player=1, bid=0)
    assert err.field == "bid" and "Ben has already bid" in err.message


def test_k_b1_every_bid_at_once_from_the_scribe():
    g = Game(rounds=[2])
    g.bids(["2", 0, 1])
    assert g.sheet.rows[0].bids == (2, 0, 1)
    assert refused(g, "bids", bids=[0, 0, 0]).field == "bids"  # round 1 is bid: enter its tricks
    g2 = Game(rounds=[2])
    assert refused(g2, "bids", bids=[0, 3, 0]).field == "bids.1"
    assert refused(g2, "bids", bids=[0, 0]).field == "bids"
    g2.do("bid", player=0, bid=1)
    assert refused(g2, "bids", bids=[1, 0, 0]).field == "bids"


def test_k_b1_bids_are_sealed_until_the_last_is_in_then_shown_to_all():
    g = Game()
    g.do("bid", player=0, bid=1)
    g.do("bid", player=2, bid=0)
    full = g.sheet
    assert GAME.view(full, g.log, None).rows[0].bids == (SEALED, None, SEALED)
    assert GAME.view(full, g.log, 2).rows[0].bids == (SEALED, None, 0)
    assert [GAME.view_entry(full, e, 2).data["bid"] for e in g.log] == [SEALED, 0]
    assert GAME.player_bid_state(full, 1) == (True, False) and GAME.player_bid_state(full, 0) == (False, False)
    g.do("bid", player=1, bid=1)
    assert GAME.view(g.sheet, g.log, None).rows[0].bids == (1, 1, 0)
    assert [GAME.view_entry(g.sheet, e, 0).data["bid"] for e in g.log] == [1, 0, 1]


def test_k_b1_a_reveal_is_for_good_an_undone_bids_entry_stays_revealed():
    """Every bid at once was the table's "Yo-ho-ho!": everyone saw them; an undo takes the
    entry back, not what the table saw (as Wizard's W-B7, the family's ``bidding/shown.py``)."""
    g = Game()
    g.bids([1, 0, 0])
    g.undo()
    assert GAME.view_entry(g.sheet, g.log[0], 1).data["bids"] == [1, 0, 0]
    assert GAME.view(g.sheet, g.log, 2).rows[0].bids == (None, None, None)  # no bid in now


def test_k_b1_the_last_bid_undone_leaves_the_round_revealed():
    g = Game()
    for p, b in enumerate((1, 0, 0)):
        g.do("bid", player=p, bid=b)
    g.undo()
    assert GAME.view(g.sheet, g.log, 1).rows[0].bids == (1, 0, None)  # seen by all: not sealed again
    h = Game()
    for p, b in enumerate((1, 0)):
        h.do("bid", player=p, bid=b)
    assert GAME.view(h.sheet, h.log, 2).rows[0].bids == (SEALED, SEALED, None)  # never revealed


def test_k_b1_a_seats_new_link_does_not_read_the_bid_made_before_it():
    g = Game()
    g.do("bid", player=0, bid=1)
    view = GAME.view(g.sheet, g.log, 0, horizon=1)
    assert view.rows[0].bids == (SEALED, None, None)


# --------------------------------------------------------------------------- tricks, K-T1

def test_k_t1_tricks_sum_to_the_cards_dealt_and_the_last_is_filled_in():
    g = Game(rounds=[4])
    g.bids([1, 1, 1])
    data = g.result([2, None, 1])
    assert data["tricks"] == [2, 1, 1] and data["destroyed"] == 0


def test_k_t1_tricks_that_do_not_sum_to_the_cards_are_refused():
    g = Game(rounds=[4])
    g.bids([1, 1, 1])
    err = refused(g, "tricks", tricks=[2, 1, 0])
    assert err.field == "tricks" and "add up to 3, but 4" in err.message


def test_k_t1_before_every_bid_no_tricks():
    g = Game()
    g.do("bid", player=0, bid=1)
    assert refused(g, "tricks", tricks=[1, 0, 0]).field == "tricks"


@pytest.mark.parametrize("tricks, field", [([5, 0, 0], "tricks.0"), ([-1, 3, 2], "tricks.0"),
                                           (["a", 0, 4], "tricks.0"), ([1, 2], "tricks")])
def test_k_t1_tricks_above_the_cards_or_not_numbers_are_refused(tricks, field):
    g = Game(rounds=[4])
    g.bids([1, 1, 1])
    assert refused(g, "tricks", tricks=tricks).field == field


def test_k_t1_the_kraken_destroys_a_trick():
    g = Game(kraken=True, rounds=[4])
    g.bids([1, 1, 1])
    err = refused(g, "tricks", tricks=[1, 1, 1])
    assert "Kraken" in err.message  # the message says what to do
    g.result([1, 1, 1], destroyed=1)
    assert g.sheet.rows[0].destroyed == 1 and g.sheet.rows[0].points == (20, 20, 20)


def test_k_t1_a_blank_count_is_filled_in_only_once_the_destroyed_tricks_are_said():
    g = Game(kraken=True, rounds=[4])
    g.bids([1, 1, 1])
    err = refused(g, "tricks", tricks=[1, None, 1])
    assert err.field == "tricks.1" and "Ben" in err.message
    assert g.result([1, None, 1], destroyed=1)["tricks"] == [1, 1, 1]


def test_k_t1_tricks_above_the_cards_left_after_destroyed_ones_are_refused():
    g = Game(kraken=True, white_whale=True, rounds=[4])
    g.bids([1, 1, 1])
    err = refused(g, "tricks", tricks=[4, 0, 0], destroyed=2)
    assert err.field == "tricks.0" and "0 to 2" in err.message


@pytest.mark.parametrize("options, destroyed, message", [
    (dict(), 1, "Neither the Kraken nor the White Whale"),
    (dict(kraken=True), 2, "1 this round"),
    (dict(kraken=True, white_whale=True), 3, "2 this round"),
    (dict(kraken=True, white_whale=True, rounds=[1]), 2, "1 this round"),
])
def test_k_t1_destroyed_tricks_the_cards_cannot_destroy_are_refused(options, destroyed, message):
    g = Game(**({"rounds": [4]} | options))
    g.bids([0, 0, 0])
    err = refused(g, "tricks", tricks=[0, 0, 0], destroyed=destroyed)
    assert err.field == "destroyed" and message in err.message


def test_k_t1_at_two_players_graybeards_ghost_takes_the_other_tricks():
    g = Game(["Ana", "Ben"], rounds=[5])
    g.bids([2, 1])
    g.result([2, 1])
    assert g.sheet.rows[0].ghost == 2 and g.sheet.rows[0].points == (40, 20)
    g2 = Game(["Ana", "Ben"], rounds=[5])
    g2.bids([2, 1])
    assert "only 5 were won" in refused(g2, "tricks", tricks=[4, 2]).message


# --------------------------------------------------------------------------- bonuses, K-S2

@pytest.mark.parametrize("bonuses, field, message", [
    ([{"black14": 1}, {"black14": 1}, {}], "bonuses.0.black14", "only one black 14"),
    ([{"fourteens": 2}, {"fourteens": 2}, {}], "bonuses.0.fourteens", "only three"),
    ([{"skull_king": 1}, {"skull_king": 1}, {}], "bonuses.0.skull_king", "captured 2 times"),
    ([{"mermaids": 2}, {"mermaids": 1}, {}], "bonuses.0.mermaids", "only two Mermaids"),
    ([{"mermaids": 2}, {"skull_king": 1}, {}], "bonuses.0.mermaids", "one took the Skull King"),
    ([{"pirates": 1}, {"pirates": 1}, {}], "bonuses.1.pirates", "one Skull King"),
    ([{"pirates": 1}, {"skull_king": 1}, {}], "bonuses.1.skull_king", "both take Pirates"),
    ([{}, {}, {"black14": 1}], "bonuses.2", "Cy took no trick"),
    ([{"pirates": 3}, {}, {}], "bonuses.0.pirates", "2 Pirates at most"),
    ([{"bribes": 1}, {}, {}], "bonuses.0", "Unknown bonus"),
    ([{"fourteens": 1, 5: 1, "x": 1}, {}, {}], "bonuses.0", "Unknown bonus"),
    ([{"black14": -1}, {}, {}], "bonuses.0.black14", "from zero up"),
    ([{"black14": "x"}, {}, {}], "bonuses.0.black14", "whole number"),
    ([7, {}, {}], "bonuses.0", "as counts"),
    ([{}, {}], "bonuses", "every player"),
])
def test_k_s2_bonuses_the_cards_cannot_give_are_refused(bonuses, field, message):
    g = Game(rounds=[3])
    g.bids([2, 1, 0])
    err = refused(g, "tricks", tricks=[2, 1, 0], bonuses=bonuses)
    assert err.field == field and message in err.message


def test_k_s2_captures_each_need_a_trick_of_their_own():
    """A Pirate's Mermaid and the Skull King's Pirate cannot share one trick."""
    g = Game(rounds=[3])
    g.bids([1, 2, 0])
    err = refused(g, "tricks", tricks=[1, 2, 0], bonuses=[{"mermaids": 1, "pirates": 1}, {}, {}])
    assert err.field == "bonuses.0" and "took: 1; these captures need 2" in err.message
    g.result([1, 2, 0], bonuses=[{}, {"mermaids": 1, "pirates": 1}, {}])


def test_k_s2_more_bonus_cards_than_a_players_tricks_hold_are_refused():
    g = Game(rounds=[3])
    g.bids([1, 2, 0])
    err = refused(g, "tricks", tricks=[1, 2, 0], bonuses=[{"fourteens": 2, "black14": 1, "skull_king": 1}, {}, {}])
    assert err.field == "bonuses.0" and "Ana took hold 3 cards" in err.message


def test_k_s2_bonuses_in_few_taps_by_seat():
    g = Game(rounds=[3])
    g.bids([2, 1, 0])
    data = g.result([2, 1, 0], bonuses={"0": {"fourteens": 1, "black14": 0}, 1: {"mermaids": ""}})
    assert data["bonuses"] == [{"fourteens": 1}, {}, {}]


# --------------------------------------------------------------------------- Loot, K-S3

@pytest.mark.parametrize("options, loot, field, message", [
    (dict(), [[1, 0]], "loot", "No Loot cards are in play"),
    (dict(loot=True), [[1, 0], [2, 0], [1, 0]], "loot", "two alliances at most"),
    (dict(loot=True), [[0, 0]], "loot.0", "cannot ally with themselves"),
    (dict(loot=True), [[0, 2]], "loot.0", "Cy took no trick"),
    (dict(loot=True), [[0, 7]], "loot.0", "no such player"),
    (dict(loot=True), [[0]], "loot.0", "who played the Loot and who captured it"),
])
def test_k_s3_loot_the_cards_cannot_give_is_refused(options, loot, field, message):
    g = Game(rounds=[3], **options)
    g.bids([2, 1, 0])
    err = refused(g, "tricks", tricks=[2, 1, 0], loot=loot)
    assert err.field == field and message in err.message


def test_k_s3_a_captured_loot_takes_room_in_the_captors_trick():
    g = Game(rounds=[1], loot=True)
    g.bids([1, 0, 0])
    g.result([1, 0, 0], loot=[[1, 0], [2, 0]], bonuses=[{"fourteens": 1}, {}, {}])  # Ana's 14 wins on two Loots
    g.undo()
    err = refused(g, "tricks", tricks=[1, 0, 0], loot=[[1, 0], [2, 0]], bonuses=[{"pirates": 1}, {}, {}])
    assert err.field == "bonuses.0" and "Ana took hold 3 cards" in err.message  # the Skull King, a Pirate, two Loots


# --------------------------------------------------------------------------- Cannonball, K-S4

def test_k_s4_a_cannonball_without_the_option_is_refused():
    g = Game(scoring="rascal")
    g.bids([1, 0, 0])
    assert refused(g, "tricks", tricks=[1, 0, 0], cannonball=[0]).field == "cannonball"
    g2 = Game(scoring="rascal", cannonball=True)
    g2.bids([1, 0, 0])
    assert refused(g2, "tricks", tricks=[1, 0, 0], cannonball=[4]).field == "cannonball"
    assert refused(g2, "tricks", tricks=[1, 0, 0], cannonball="all").field == "cannonball"


# --------------------------------------------------------------------------- corrections, undo

def test_a_correction_is_a_new_entry_and_later_totals_follow():
    g = Game(rounds=[1, 2])
    g.round([1, 0, 0], [1, 0, 0])
    g.round([1, 1, 0], [1, 1, 0])
    assert g.sheet.totals == (40, 30, 30)
    g.do("correction", round=1, tricks=[0, 1, 0])
    sheet = g.sheet
    assert len(g.log) == 5 and g.log[1].data["tricks"] == [1, 0, 0]  # the old entry is still there
    assert sheet.rows[0].corrected and sheet.rows[0].points == (-10, -10, 10)
    assert sheet.totals == (10, 10, 30)


def test_a_correction_keeps_what_it_leaves_out_and_checks_the_whole_round_again():
    g = Game(rounds=[2])
    g.round([2, 0, 0], [2, 0, 0], bonuses=[{"black14": 1}, {}, {}])
    g.do("correction", round=1, bids=[1, 1, 0])
    assert g.sheet.rows[0].bonuses[0].black14 == 1  # kept
    err = refused(g, "correction", round=1, tricks=[0, 2, 0])  # the black 14 would sit in no trick
    assert err.field == "bonuses.0"
    assert refused(g, "correction", round=1, bids=[1, 1, 0]).field == "round"  # nothing changed
    assert refused(g, "correction", round=3, bids=[1, 1, 0]).field == "round"


def test_a_correction_of_bids_before_the_tricks_is_bids_only():
    g = Game(rounds=[2])
    g.bids([2, 0, 0])
    assert refused(g, "correction", round=1, tricks=[2, 0, 0]).field == "tricks"
    g.do("correction", round=1, bids=[1, 1, 0])
    assert g.sheet.rows[0].bids == (1, 1, 0) and g.sheet.phase == "tricks"
    g2 = Game()
    g2.do("bid", player=0, bid=1)  # sealed bids are not corrected: undo takes one back
    assert refused(g2, "correction", round=1, bids=[0, 0, 0]).field == "round"


def test_undo_and_redo_take_back_and_bring_back_the_last_entry():
    g = Game(rounds=[1, 1])
    g.round([1, 0, 0], [1, 0, 0])
    assert g.undo().kind == "tricks" and g.sheet.phase == "tricks" and g.sheet.can_redo
    g.redo()
    assert g.sheet.totals == (20, 10, 10) and not g.sheet.can_redo
    g.undo()
    g.undo()
    assert g.sheet.phase == "bidding" and g.sheet.rows[0].bids == (None, None, None)
    assert len(g.log) == 6  # nothing is erased: two entries, an undo, a redo, two undos


def test_the_game_over_refuses_more_rounds():
    g = Game(rounds=[1])
    g.round([1, 0, 0], [1, 0, 0])
    assert g.sheet.phase == "finished"
    assert refused(g, "bid", player=0, bid=0).field == "round"
    assert refused(g, "bids", bids=[0, 0, 0], round=2).field == "round"


def test_a_stale_round_and_an_unknown_action_are_refused():
    g = Game()
    g.round([1, 0, 0], [1, 0, 0])
    assert refused(g, "bid", player=0, bid=0, round=1).field == "round"
    with pytest.raises(RuleError) as err:
        verify(g.sheet, "parley", {})
    assert err.value.field == "kind"


def test_act_verifies_records_and_applies_and_can_says_so_first():
    sheet = replay(Game().setup, [])
    assert can(sheet, "bids", {"bids": [1, 0, 0]}) and not can(sheet, "bids", {"bids": [9, 0, 0]})
    entry, after = act(sheet, "bids", {"bids": [1, 0, 0]})
    assert entry.seq == 1 and after.rows[0].bids == (1, 0, 0) and after == replay(sheet.setup, [entry])
    with pytest.raises(ValueError):
        advance(GAME.view(after, [entry]), Entry(2, "tricks", {"round": 1, "tricks": [1, 0, 0]}))
