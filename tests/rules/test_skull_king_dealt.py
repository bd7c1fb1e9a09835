"""Skull King's virtual deck as entries of the score sheet: Scribe's deal, cards played
by their holders in turn, a card taken back, each seat's hand sealed from the others,
and the round's result confirmed in one tap from the cards (K-T1, K-S2, K-S3), scored
by K-S1 like the same result typed by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from skull_helpers import Game, as_played

from scribe.games.skull_king import draw_deal, make_setup, verify
from scribe.games.skull_king.cards import parse_card
from scribe.games.skull_king.game import GAME
from scribe.games.skull_king.play import tally
from scribe.rules.errors import RuleError
from scribe.rules.sealed import SEALED  # noqa: F401


def dealt(hands, players=("Ana", "Ben", "Cy", "Dee"), **rules) -> Game:
    """A virtual-deck game whose first round was dealt ``hands``, with its bids in."""
    g = Game(players, virtual_deck=True, **rules)
    g.do("deal", round=1, hands=[[h] if isinstance(h, str) else h for h in hands])
    return g


def play(g: Game, *cards: tuple[int, str]) -> None:
    for seat, card in cards:
        g.do("played", player=seat, card=card)


def refused(g: Game, kind: str, **data) -> RuleError:
    with pytest.raises(RuleError) as err:
        verify(g.sheet, kind, data)
    return err.value


def test_k_r1_the_deal_gives_the_rounds_cards_from_the_chosen_deck():
    g = Game(("Ana", "Ben", "Cy"), virtual_deck=True, kraken=True, loot=True)
    data = draw_deal(g.sheet, {}, random.Random(5))
    assert [len(h) for h in data["hands"]] == [1, 1, 1]
    g.do("deal", **data)
    assert g.sheet.current.dealt
    assert refused(g, "deal", round=1, hands=data["hands"]).field == "deal"  # once per round
    fresh = Game(("Ana", "Ben", "Cy"), virtual_deck=True)
    assert refused(fresh, "deal", round=1, hands=[["KR"], ["G1"], ["G2"]]).template == \
        "This deal holds cards the deck does not have."  # no Kraken in the chosen deck
    assert refused(fresh, "deal", round=1, hands=[["SK"], ["SK"], ["G2"]]).field == "deal"  # one Skull King
    assert refused(fresh, "bids", bids=[0, 0, 0]).template == "Deal the cards first: tap Deal."


def test_two_players_are_refused_the_virtual_deck_in_words():
    with pytest.raises(RuleError) as err:
        make_setup(["Ana", "Ben"], virtual_deck=True)
    assert err.value.field == "virtual_deck" and "Graybeard" in err.value.template


def test_k_s2_a_pirate_capturing_a_mermaid_and_a_black_14_are_worked_out_from_the_cards():
    g = dealt(["ME", "PI", "B14", "G3"])
    g.bids([0, 1, 0, 0])  # Ben, left of Ana (dealer), leads
    play(g, (1, "PI"), (2, "B14"), (3, "G3"), (0, "ME"))
    row = g.sheet.current
    assert row.play.finished and row.play.won == (0, 1, 0, 0)
    data = g.do("tricks", round=1)  # one tap: nobody types the bonuses
    assert data["tricks"] == [0, 1, 0, 0] and data["bonuses"][1] == {"mermaids": 1, "black14": 1}
    # K-S1 + K-S2: 20 for the bid, +20 the Mermaid, +20 the black 14; the others bid 0 of 1 card
    assert g.sheet.rows[0].points == (10, 60, 10, 10)


def test_k_t1_a_kraken_trick_is_won_by_nobody_and_the_would_be_winner_leads():
    g = dealt(["KR", "G9", "G5", "Y1"], kraken=True)
    g.bids([0, 0, 0, 0])
    play(g, (1, "G9"), (2, "G5"), (3, "Y1"), (0, "KR"))
    play_state = g.sheet.current.play
    assert play_state.won == (0, 0, 0, 0) and play_state.destroyed == 1 and play_state.last.winner is None
    assert play_state.last.next_leader == 1  # the FAQ: who would have won (the green 9) leads
    data = g.do("tricks", round=1)
    assert data["tricks"] == [0, 0, 0, 0] and data["destroyed"] == 1
    assert g.sheet.rows[0].points == (10, 10, 10, 10)


def test_bad_cards_are_refused_with_their_reason_and_nothing_recorded():
    g = Game(("Ana", "Ben", "Cy", "Dee"), virtual_deck=True, rounds="2")
    g.do("deal", round=1, hands=[["TI", "G2"], ["G9", "P4"], ["G5", "G6"], ["Y1", "G1"]])
    g.bids([1, 1, 0, 0])
    before = len(g.log)
    assert refused(g, "played", player=0, card="G2").template.startswith("It is")  # Ben leads, not Ana
    assert refused(g, "played", player=1, card="G5").template.startswith("That card is not in your hand")
    g.do("played", player=1, card="G9")
    assert refused(g, "played", player=2, card="ZZ9").field == "card"
    assert refused(g, "played", player=2, card="G5x").field == "card"
    g.do("played", player=2, card="G5")
    assert refused(g, "played", player=3, card="Y1").template == "You must follow green: you hold a green card."
    g.do("played", player=3, card="G1")
    assert refused(g, "played", player=0, card="TI").template == "Say how the Tigress plays: as a Pirate or as an Escape."
    assert len(g.log) == before + 3


def test_a_card_taken_back_returns_to_the_hand_until_the_next_is_played():
    g = Game(("Ana", "Ben", "Cy"), virtual_deck=True, rounds="2")
    g.do("deal", round=1, hands=[["TI", "G2"], ["G9", "P4"], ["G5", "G6"]])
    g.bids([1, 1, 0])
    g.do("played", player=1, card="G9")
    g.do("played", player=2, card="G5")
    assert refused(g, "take_back", player=1).template.startswith("Too late")
    back = g.do("take_back", player=2)
    assert back["card"] == "G5" and g.sheet.current.remaining(2) == ("G5", "G6")
    g.do("played", player=2, card="G6")
    g.do("played", player=0, card="TP")  # the Tigress as a Pirate takes the green trick
    g.do("take_back", player=0)
    assert g.sheet.current.remaining(0) == ("TI", "G2")
    g.do("played", player=0, card="TE")
    assert g.sheet.current.play.last.winner == 1


def test_each_seat_sees_only_its_own_hand_until_the_round_is_scored():
    g = dealt(["ME", "PI", "B14", "G3"])
    view = GAME.view(g.sheet, g.log, 2)
    assert view.current.hands == (None, None, ("B14",), None)
    assert GAME.own_cards(view, 2)["current"]["hand"] == ["B14"]
    deal_entry = GAME.view_entry(g.sheet, g.log[0], 2)
    assert deal_entry.data["hands"] == [None, None, ["B14"], None]
    assert GAME.view(g.sheet, g.log, None).current.hands == (None,) * 4  # the Scribe holds no hand
    assert GAME.view(g.sheet, g.log, 2, horizon=1).current.hands == (None,) * 4  # a link made after the deal
    g.bids([0, 1, 0, 0])
    play(g, (1, "PI"), (2, "B14"), (3, "G3"), (0, "ME"))
    g.do("tricks", round=1)
    assert GAME.view(g.sheet, g.log, 2).rows[0].hands == (("ME",), ("PI",), ("B14",), ("G3",))  # public for good


def test_the_tricks_wait_for_the_last_card_and_an_undo_of_the_deal_waits_for_no_bid():
    g = dealt(["ME", "PI", "B14", "G3"])
    g.bids([0, 1, 0, 0])
    assert refused(g, "tricks", round=1).field == "tricks"
    with pytest.raises(RuleError):
        GAME.verify_take_back(g.sheet, g.log, g.log[0])


@settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 8), st.integers(0, 2**32 - 1), st.booleans(), st.booleans())
def test_k_t1_k_s2_a_random_round_played_card_by_card_scores_as_its_tally_typed_by_hand(n, seed, beasts, loot):
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    g = Game(names, virtual_deck=True, kraken=beasts, white_whale=beasts, loot=loot, rounds="5")
    typed = Game(names, kraken=beasts, white_whale=beasts, loot=loot, rounds="5")
    g.do("deal", **draw_deal(g.sheet, {}, rng))
    bids = [rng.randint(0, 5) for _ in names]
    g.bids(bids)
    typed.bids(bids)
    while not g.sheet.current.play.finished:
        state = g.sheet.current.play
        seat = state.turn
        hand = [parse_card(c) for c in g.sheet.current.remaining(seat)]
        from scribe.games.skull_king.tricks import legal

        allowed, _why = legal(hand, [c for _s, c in state.trick])
        g.do("played", player=seat, card=str(as_played(rng.choice(allowed), rng)))
    result = tally(g.sheet.current.play, n)
    assert sum(result["tricks"]) + result["destroyed"] == 5  # K-T1
    g.do("tricks", round=1)
    typed.do("tricks", round=1, **{k: v for k, v in result.items()})
    assert g.sheet.rows[0].points == typed.sheet.rows[0].points
