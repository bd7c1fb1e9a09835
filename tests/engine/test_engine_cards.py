"""Cards, notation and edition names (W-M1, W-M2)."""

from __future__ import annotations

import copy
import pickle

import pytest

from scribe.engine import (
    DISTINCT_CARDS,
    FULL_DECK,
    JESTER,
    WIZARD,
    Card,
    Suit,
    card_label,
    format_cards,
    parse_card,
    parse_cards,
)
from scribe.rules.errors import RuleError


def test_w_m1_sixty_cards_four_suits_1_to_13_four_wizards_four_jesters():
    assert len(FULL_DECK) == 60
    assert FULL_DECK.count(WIZARD) == 4 and FULL_DECK.count(JESTER) == 4
    for suit in Suit:
        assert sorted(c.rank for c in FULL_DECK if c.suit is suit) == list(range(1, 14))
    assert len(DISTINCT_CARDS) == 54


def test_w_m1_notation_round_trips_for_every_card():
    for card in DISTINCT_CARDS:
        assert parse_card(str(card)) is card
        assert parse_card(str(card).lower()) is card


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("W", 14, None), ("j", 0, None), ("R7", 7, Suit.RED), ("b13", 13, Suit.BLUE),
     ("G1", 1, Suit.GREEN), (" y10 ", 10, Suit.YELLOW)],
)
def test_w_m1_notation_is_case_insensitive(text, rank, suit):
    card = parse_card(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("bad", ["", "R0", "R14", "X7", "7R", "WW", "B 5", "R07x", None, 7])
def test_w_m1_malformed_notation_is_refused_with_a_message(bad):
    with pytest.raises(RuleError) as e:
        parse_card(bad)
    assert e.value.field == "card"
    assert "is not a card" in str(e.value)


def test_cards_are_interned_values_and_immutable():
    assert Card(7, Suit.RED) is parse_card("R7") is Card(7, "r")
    assert copy.copy(WIZARD) is WIZARD and copy.deepcopy(JESTER) is JESTER
    assert pickle.loads(pickle.dumps(parse_card("G3"))) is parse_card("G3")
    with pytest.raises(AttributeError):
        WIZARD.rank = 3  # type: ignore[misc]
    with pytest.raises(RuleError):
        Card(15)
    with pytest.raises(RuleError):
        Card(0, Suit.RED)


def test_a_hand_may_hold_the_same_card_twice():
    hand = parse_cards("W W J R7")
    assert hand.count(WIZARD) == 2
    hand.remove(WIZARD)
    assert format_cards(hand) == "W J R7"


def test_card_hash_is_stable_across_runs():
    # Sets of cards iterate in the same order in every process: hash is the code.
    assert [hash(c) for c in DISTINCT_CARDS] == list(range(54))


@pytest.mark.parametrize(
    ("edition", "lang", "wizard", "jester"),
    [("amigo", "fr", "Zarbi", "Naze"), ("gigamic", "fr", "Wizard", "Fou"),
     ("canadian", "en", "Wizard", "Joker"), ("english", "en", "Wizard", "Jester")],
)
def test_w_m2_edition_names(edition, lang, wizard, jester):
    assert card_label("W", edition, lang) == wizard
    assert card_label(JESTER, edition, lang) == jester


def test_w_m2_number_card_labels():
    assert card_label("R8", "gigamic", "fr") == "8 rouge"  # seed 004: "un 8 rouge"
    assert card_label("B5", "english", "en") == "blue 5"
    assert card_label("G1", "canadian", "en") == "2 of clubs"  # W-M1: 2 to Ace
    assert card_label("Y13", "canadian", "en") == "A of diamonds"


def test_w_m2_unknown_edition_or_language_is_refused():
    with pytest.raises(RuleError):
        card_label("W", "klingon")
    with pytest.raises(RuleError):
        card_label("W", "amigo", "de")
