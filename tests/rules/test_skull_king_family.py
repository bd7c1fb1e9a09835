"""Skull King on the bids-and-tricks family's engine (issue 33): its sealed bids (K-B1),
its seats' answers and its virtual deck are the family's code, not a copy of it; what
differs is said by its setup and its rows (hooks), never by a test of the game's name."""

from __future__ import annotations

import importlib.util
import random

from scribe.games import skull_king
from scribe.games.bidding import deck as family_deck
from scribe.games.bidding.game import TricksRules
from scribe.games.skull_king.game import GAME as SKULL_KING
from scribe.games.wizard.game import GAME as WIZARD
from scribe.rules.log import Entry
from scribe.rules.sealed import SEALED

SEAT_ANSWERS = ("view", "view_entry", "withdrawn", "hides_anything", "seats_bid_alone", "player_bid_state",
                "forbidden_bid", "own_cards", "restriction", "names_trump")


def test_skull_kings_sealing_and_seat_answers_are_the_familys():
    for game in (SKULL_KING, WIZARD):
        assert isinstance(game, TricksRules)
        for name in SEAT_ANSWERS:
            assert getattr(type(game), name) is getattr(TricksRules, name), (game.name, name)
    assert importlib.util.find_spec("scribe.games.skull_king.reveal") is None


def test_skull_kings_virtual_deck_is_the_familys():
    for kind in ("deal", "shuffle", "played", "take_back"):
        assert skull_king._VERIFIERS[kind].__module__ == family_deck.__name__, kind
    assert SKULL_KING.DRAWN["deal"] is family_deck.draw_deal
    assert SKULL_KING.verify_take_back is family_deck.verify_take_back


def test_a_skull_king_deal_through_the_family_turns_up_nothing_and_seals_each_hand():
    """K-R1: no card is turned up (the deal records none); K-B1: each seat holds only its
    own hand until the round is scored, then every hand is public."""
    setup = skull_king.make_setup(["Ana", "Ben", "Cy"], virtual_deck=True)
    sheet = skull_king.replay(setup, [])
    drawn = skull_king.draw_deal(sheet, {}, random.Random(3))
    assert set(drawn) == {"round", "hands"} and [len(h) for h in drawn["hands"]] == [1, 1, 1]
    data = skull_king.verify(sheet, "deal", drawn)
    full = skull_king.replay(setup, [Entry(1, "deal", data)])
    mine = SKULL_KING.view(full, [], seat=1).rows[0].hands
    assert mine[1] == tuple(data["hands"][1]) and mine[0] is None and mine[2] is None


def test_a_skull_king_card_through_the_family_is_its_code_and_the_tigress_comes_back_as_herself():
    setup = skull_king.make_setup(["Ana", "Ben", "Cy"], virtual_deck=True)
    log = [Entry(1, "deal", {"round": 1, "hands": [["TI"], ["G3"], ["Y5"]]}),
           Entry(2, "bids", {"round": 1, "bids": [1, 0, 0]})]
    full = skull_king.replay(setup, log)
    played = skull_king.verify(full, "played", {"player": 1, "card": "G3"})
    assert played == {"round": 1, "player": 1, "card": "G3"}
    full = skull_king.replay(setup, [*log, Entry(3, "played", played)])
    cards = SKULL_KING.own_cards(SKULL_KING.view(full, [], seat=2), 2)["current"]
    assert cards["my_turn"] and cards["legal"] == ["Y5"]
    full = skull_king.replay(setup, [*log, Entry(3, "played", played),
                                     Entry(4, "played", {"round": 1, "player": 2, "card": "Y5"})])
    cards = SKULL_KING.own_cards(SKULL_KING.view(full, [], seat=0), 0)["current"]
    assert cards["legal"] == ["TI"]  # the Tigress, played as she is chosen (TP or TE)
    tp = skull_king.verify(full, "played", {"player": 0, "card": "TP"})
    full = skull_king.replay(setup, [*log, Entry(3, "played", played),
                                     Entry(4, "played", {"round": 1, "player": 2, "card": "Y5"}), Entry(5, "played", tp)])
    assert skull_king.verify(full, "take_back", {"player": 0}) == {"round": 1, "player": 0, "card": "TP"}
    assert SKULL_KING.view(full, [], seat=1).rows[0].bids == (1, 0, 0)  # revealed once all were in (K-B1)


def test_a_skull_king_bid_is_sealed_by_the_family_until_the_last_is_in():
    setup = skull_king.make_setup(["Ana", "Ben", "Cy"])
    full = skull_king.replay(setup, [Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})])
    assert SKULL_KING.view(full, [], seat=0).rows[0].bids == (None, SEALED, None)
    assert SKULL_KING.view(full, [], seat=1).rows[0].bids == (None, 1, None)
    assert SKULL_KING.view_entry(full, Entry(1, "bid", {"round": 1, "player": 1, "bid": 1}), seat=2).data["bid"] is SEALED
