"""Trick winner and legal plays (W-P2 to W-P6), with seed 004's worked examples."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from scribe.engine import (
    FULL_DECK,
    JESTER,
    WIZARD,
    Suit,
    can_play,
    led_suit,
    legal_plays,
    parse_cards,
    trick_winner,
    verify_play,
)
from scribe.engine.tricks import legal_unchecked, winner_unchecked
from scribe.rules.errors import RuleError

# --- seed 004 (Gigamic 2022): Arnaud, Anna, Emilie; trump red (Emilie turned a red 8)


def test_seed_004_blue_5_blue_3_fou_arnaud_wins():
    # Anna would like to trump with red but must follow blue with her 3.
    assert legal_plays("R10 B3", "B5") == parse_cards("B3")
    # Emilie holds a blue 7 yet may throw a Fou (Jester) instead.
    assert "J" in map(str, legal_plays("B7 J", "B5 B3"))
    assert trick_winner("B5 B3 J", "R") == 0


def test_seed_004_wizard_lead_arnaud_wins_again():
    # Anna may play anything on a Wizard lead; Emilie has no green and plays blue 7.
    assert legal_plays("G11 R2 B9", "W") == parse_cards("G11 R2 B9")
    assert can_play("B7 Y4", "W G11", "B7")
    assert trick_winner("W G11 B7", "R") == 0


def test_seed_004_wizard_lead_reading_nothing_to_follow_after_the_wizard():
    # Our reading (see scribe/engine/tricks.py): "qui devient alors la couleur du
    # tour" does not oblige Emilie to follow green; the rule text says any card.
    assert led_suit("W G11") is None
    assert legal_plays("G2 B7", "W G11") == parse_cards("G2 B7")


def test_seed_004_fou_lead_then_red_7_then_red_3_anna_wins():
    # After the Fou (Jester) lead, Anna's red 7 sets the suit; Emilie must follow.
    assert legal_plays("R3 G9", "J R7") == parse_cards("R3")
    assert trick_winner("J R7 R3", "R") == 1
    assert trick_winner("J R7 R3", None) == 1


# --- W-P2: the led suit


def test_w_p2_first_card_sets_the_led_suit():
    assert led_suit("B5 R9") is Suit.BLUE
    assert trick_winner("B5 R9 B6", None) == 2  # red does not follow blue


def test_w_p2_after_jesters_the_first_number_card_sets_the_suit():
    assert led_suit("J J G4") is Suit.GREEN
    assert trick_winner("J J G4 Y13", None) == 2
    assert legal_plays("G1 Y13", "J J G4") == parse_cards("G1")


def test_w_p2_jester_led_then_wizard_no_suit_to_follow_afterwards():
    assert led_suit("J W") is None
    assert legal_plays("B1 R13 G2", "J W") == parse_cards("B1 R13 G2")
    assert legal_plays("B1 R13", "J W B5") == parse_cards("B1 R13")  # B5 came after the Wizard
    assert trick_winner("J W B5 B13", "B") == 1


def test_w_p2_leading_anything_goes():
    hand = parse_cards("W J R3 B13")
    assert legal_plays(hand, []) == hand
    assert legal_plays(hand) == hand


# --- W-P3: following


def test_w_p3_must_follow_when_able():
    assert legal_plays("B3 B9 R1 G2", "B5") == parse_cards("B3 B9")


def test_w_p3_wizards_and_jesters_may_always_be_played():
    assert legal_plays("B3 W J R1", "B5") == parse_cards("B3 W J")


def test_w_p3_trumping_is_never_compulsory():
    # No blue: any card, not only trumps.
    assert legal_plays("R4 G2 Y9", "B5", "R") == parse_cards("R4 G2 Y9")


def test_w_p3_verify_play_explains_the_refusal():
    with pytest.raises(RuleError) as e:
        verify_play("B3 R9", "B5", "R9", "R")
    assert e.value.field == "card" and "must follow" in e.value.message
    with pytest.raises(RuleError) as e:
        verify_play("B3 R9", "B5", "G2")
    assert "not in the hand" in e.value.message
    assert verify_play(["B3", "R9"], ["B5"], "B3") is parse_cards("B3")[0]


# --- W-P4: the winner


def test_w_p4_first_wizard_wins():
    assert trick_winner("B5 W R13 W", "R") == 1
    assert trick_winner("W W W W") == 0


def test_w_p4_highest_trump_wins_over_the_led_suit():
    assert trick_winner("B13 R2 B12 R5", "R") == 3
    assert trick_winner("B13 R2 B12", "r") == 1


def test_w_p4_highest_of_the_led_suit_without_trump():
    assert trick_winner("G7 G13 Y13 B13", None) == 1
    assert trick_winner("G7 G13 Y13 B13", Suit.BLUE) == 3


# --- W-P5: Jesters


def test_w_p5_jesters_never_win():
    assert trick_winner("J B1 J", "R") == 1
    assert trick_winner("J J J R1") == 3


def test_w_p5_all_jesters_first_wins():
    assert trick_winner("J J J") == 0
    assert trick_winner("J J J J", "B") == 0


# --- W-P6: no Wizard on a trump lead (option, review 002)


def test_w_p6_no_wizard_on_a_trump_lead():
    assert legal_plays("W R2 G5", "R9", "R", no_wizard_on_trump_lead=True) == parse_cards("R2")
    assert legal_plays("W G5 J", "R9", "R", no_wizard_on_trump_lead=True) == parse_cards("G5 J")
    # Off by default, and only on a trump lead.
    assert WIZARD in legal_plays("W R2", "R9", "R")
    assert WIZARD in legal_plays("W B2", "B9", "R", no_wizard_on_trump_lead=True)


def test_w_p6_a_forced_wizard_counts_as_a_jester():
    assert legal_plays("W W", "R9", "R", no_wizard_on_trump_lead=True) == [WIZARD, WIZARD]
    assert trick_winner("R2 W B7", "R", no_wizard_on_trump_lead=True) == 0
    assert trick_winner("R2 W B7", "R") == 1


def test_w_p6_a_wizard_before_the_trump_card_still_wins():
    # Jester then Wizard: no led suit yet, so the Wizard is a Wizard.
    assert trick_winner("J W R9", "R", no_wizard_on_trump_lead=True) == 1


def test_w_p6_refusal_is_explained():
    with pytest.raises(RuleError) as e:
        verify_play("W R2", "R9", "W", "R", no_wizard_on_trump_lead=True)
    # said in words: the rule's id is for the code and docs/rules.md, not for a player
    assert e.value.message == "W may not be played on a trump lead while the hand holds another card."


# --- bad input


@pytest.mark.parametrize("cards", ["", "R1", "R1 R2", "J J J J J J J"])
def test_a_trick_with_the_wrong_number_of_cards_is_refused(cards):
    with pytest.raises(RuleError) as e:
        trick_winner(cards)
    assert e.value.field == "trick"


def test_a_trick_must_hold_one_card_per_player_when_told():
    assert trick_winner("R1 R2 R3 R4", players=4) == 3
    with pytest.raises(RuleError, match="holds 4 cards, not 3"):
        trick_winner("R1 R2 R3", players=4)


def test_impossible_cards_are_refused():
    with pytest.raises(RuleError, match="R1 appears 2 times"):
        trick_winner("R1 R1 R2")
    with pytest.raises(RuleError, match="W appears 5 times"):
        legal_plays("W W W", "W W")
    with pytest.raises(RuleError):
        trick_winner("R1 R2 Q9")
    with pytest.raises(RuleError):
        trick_winner("R1 R2 R3", "purple")


def test_full_trick_or_empty_hand_is_refused():
    with pytest.raises(RuleError, match="already complete"):
        legal_plays("R1", "B1 B2 B3 B4", players=4)
    with pytest.raises(RuleError, match="empty"):
        legal_plays("", "B1")


# --- properties

trumps = st.sampled_from([None, *Suit])


@st.composite
def tricks(draw, size=st.integers(3, 6)):
    n = draw(size)
    return draw(st.permutations(FULL_DECK).map(lambda d: d[:n]))


@given(tricks(), trumps, st.booleans())
def test_property_the_winner_is_always_in_the_trick(cards, trump, p6):
    i = trick_winner(cards, trump, no_wizard_on_trump_lead=p6)
    assert 0 <= i < len(cards)


@given(tricks(), trumps)
def test_property_winner_follows_w_p4_w_p5(cards, trump):
    i = trick_winner(cards, trump)
    w = cards[i]
    if WIZARD in cards:
        assert i == cards.index(WIZARD)
    elif all(c is JESTER for c in cards):
        assert i == 0
    else:
        assert w.is_number
        led = led_suit(cards)
        for c in cards:
            if c.suit is not None and c is not w:
                if trump is not None and c.suit is trump:
                    assert w.suit is trump and w.rank > c.rank
                elif c.suit is led and w.suit is led:
                    assert w.rank > c.rank


@given(st.permutations(FULL_DECK), st.integers(1, 15), st.integers(0, 5), trumps, st.booleans())
def test_property_every_hand_always_has_a_legal_play(deck, hand_size, trick_size, trump, p6):
    hand, trick = deck[:hand_size], deck[hand_size : hand_size + trick_size]
    legal = legal_plays(hand, trick, trump, no_wizard_on_trump_lead=p6)
    assert legal and all(c in hand for c in legal)
    assert legal == legal_unchecked(hand, trick, trump, p6)


@given(tricks(), trumps, st.booleans())
def test_property_checked_and_unchecked_winner_agree(cards, trump, p6):
    assert trick_winner(cards, trump, no_wizard_on_trump_lead=p6) == winner_unchecked(cards, trump, p6)


def test_cards_or_notation_are_both_accepted():
    cards = parse_cards("B5 B3 J")
    assert trick_winner(cards, Suit.RED) == trick_winner(["B5", "b3", "j"], "r") == 0
    assert trick_winner([cards[0], "B9", JESTER], None) == 1


def test_legal_plays_keep_duplicates_and_hand_order():
    assert legal_plays("J W B2 W J", "B7") == parse_cards("J W B2 W J")
    assert legal_plays("R1 J B2 W", "B7") == parse_cards("J B2 W")
