"""The family's play engine (``rules.trickplay``) under both games' definitions: one
engine replays Wizard's tricks and Skull King's, a trick nobody wins hands the lead to
whom the game says, a card's played form differs from its hand form, and a card taken
back returns to the hand as held."""

import pytest

from scribe.games.skull_king.cards import parse_card as sk_card
from scribe.games.skull_king.play import SKULL_KING_TRICKS
from scribe.games.wizard.play import WIZARD_TRICKS, Table, trick_state
from scribe.rules.cards import Suit
from scribe.rules.errors import RuleError
from scribe.rules.trickplay import replay, verify_card_back, verify_play

NAMES = ["Ana", "Ben", "Cy"]


def test_w_p1_w_p4_wizard_on_the_engine_each_winner_leads_the_next_trick():
    plays = [(1, "B5"), (2, "R2"), (0, "B9"), (2, "W"), (0, "G1"), (1, "G13")]
    state = replay(WIZARD_TRICKS, 3, 1, plays, cards=2, ctx=Table(Suit.RED))
    assert [t.winner for t in state.done] == [2, 2] and state.won == (0, 0, 2) and state.finished
    assert WIZARD_TRICKS.tally(state, Table(Suit.RED)) == {"tricks": [0, 0, 2]}
    assert state == replay(WIZARD_TRICKS, 3, 1, plays, 2, Table(Suit.RED))
    assert trick_state(3, 1, "red", False, False, plays, 2).won == state.won


def test_w_p3_wizard_refuses_a_card_that_does_not_follow_and_names_whose_turn_it_is():
    state = replay(WIZARD_TRICKS, 3, 0, [(0, "B5")], cards=2, ctx=Table(None))
    with pytest.raises(RuleError, match="You must follow blue"):
        verify_play(WIZARD_TRICKS, state, ["R3", "B3"], 1, "r3", Table(None), NAMES)
    with pytest.raises(RuleError, match="It is Ben's turn to play, not Cy's"):
        verify_play(WIZARD_TRICKS, state, ["R3"], 2, "R3", Table(None), NAMES)
    assert verify_play(WIZARD_TRICKS, state, ["R3", "B3"], 1, "b3", Table(None), NAMES) == "B3"


def test_k_t1_skull_king_on_the_engine_a_destroyed_trick_is_led_on_by_who_would_have_won():
    plays = [(1, sk_card("G5")), (2, sk_card("KR")), (0, sk_card("G9"))]
    state = replay(SKULL_KING_TRICKS, 3, 1, plays, cards=2)
    assert state.done[0].winner is None and state.destroyed == 1 and state.won == (0, 0, 0)
    assert state.leader == 0 and state.turn == 0  # the green 9 would have won (the FAQ)


def test_the_tigress_is_played_with_her_choice_and_taken_back_as_held():
    state = replay(SKULL_KING_TRICKS, 3, 0, [], cards=1)
    with pytest.raises(RuleError, match="Pirate or as an Escape"):
        verify_play(SKULL_KING_TRICKS, state, [sk_card("TI")], 0, "TI")
    played = verify_play(SKULL_KING_TRICKS, state, [sk_card("TI")], 0, "tp")
    after = replay(SKULL_KING_TRICKS, 3, 0, [(0, played)], cards=1)
    assert str(played) == "TP" and after.winning == 0
    assert verify_card_back(SKULL_KING_TRICKS, after, 0, NAMES) == (sk_card("TP"), sk_card("TI"))
