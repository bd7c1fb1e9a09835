"""The standard pack (52 cards, or 32 from 7 to ace) for Rikiki / Oh Hell and the games to come:
its codes (never one of another deck's), the deal and the turned card (R-M1, R-M2, R-T1),
and plain trick play on the family's engine: follow the led suit when able, the highest
trump wins, else the highest of the led suit (R-M1 ace high, R-S1 every trick won)."""

from __future__ import annotations

import random
import re
from itertools import pairwise

import pytest
from hypothesis import given, settings, strategies as st

from scribe.engine.family import TrickView, play_tricks
from scribe.games.skull_king import cards as sk_cards
from scribe.rules.cards import jubilee, parse_card
from scribe.rules.cards.faces import FRENCH_32, FRENCH_52, wizard_deck
from scribe.rules.cards.standard import (
    PACK_32,
    PACK_52,
    check_round,
    deal,
    hand_key,
    make_rng,
    pack_of,
    parse,
    parse_suit,
    rank_of,
    shuffled,
    sort_hand,
    suit_of,
)
from scribe.rules.cards.standard_tricks import MUST_FOLLOW, STANDARD_TRICKS, trump_suit, winner_index
from scribe.rules.errors import RuleError
from scribe.rules.trickplay import replay, verify_play

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def _wizard_codes() -> set[str]:
    """Every code a Wizard table writes: the 54 values, the Jubilee cards and each suit a
    Cloud or a Juggler is played as."""
    return set(wizard_deck(jubilee_cards=True)) | set(jubilee.NOTATION.values())


def _skull_king_codes() -> set[str]:
    """Every code a Skull King table writes: the deck with every advanced card, and the
    Tigress as played."""
    return {str(c) for c in sk_cards.deck(kraken=True, white_whale=True, loot=True)} | {"TP", "TE"}


# --------------------------------------------------------------------------- codes


def test_the_packs_hold_each_card_once_in_a_fixed_order():
    assert len(PACK_52) == len(set(PACK_52)) == 52 and len(PACK_32) == len(set(PACK_32)) == 32
    assert PACK_52[:3] == ("2S", "3S", "4S") and PACK_52[-1] == "AC" and PACK_32[:2] == ("7S", "8S")
    assert set(PACK_32) < set(PACK_52) and {rank_of(c) for c in PACK_32} == set(range(7, 15))
    assert all(re.fullmatch(r"(10|[2-9JQKA])[SHDC]", c) for c in PACK_52)
    # the faces' names for the packs are these very tuples (one source)
    assert FRENCH_52 == PACK_52 and FRENCH_32 == PACK_32


def test_no_code_of_the_standard_pack_is_a_code_of_another_deck():
    standard = set(PACK_52)
    wizard, skull_king = _wizard_codes(), _skull_king_codes()
    assert len(wizard) > 60 and len(skull_king) == 70 - 14 + 4 + 4 + 2  # numbers 56, 10 characters, TP TE
    assert not standard & wizard and not standard & skull_king
    for code in standard:  # nor does another deck's reader take it for one of its cards
        with pytest.raises(RuleError):
            parse_card(code)
        with pytest.raises(RuleError):
            sk_cards.parse_card(code)
    for code in wizard | skull_king:  # and the standard reader refuses theirs
        with pytest.raises(RuleError):
            parse(code)


@pytest.mark.parametrize("raw", ["1H", "11S", "QX", "Q", "HQ", "", "  ", "10", "A S", "ZZ", None, 7, "♥Q"])
def test_a_bad_code_is_refused_on_the_card_field_with_how_to_write_one(raw):
    with pytest.raises(RuleError, match="is not a card: write its rank") as e:
        parse(raw)
    assert e.value.field == "card"


def test_codes_read_in_any_case_and_a_32_card_table_refuses_a_6():
    assert [parse(c) for c in ("as", " 10h ", "Qd", "7c")] == ["AS", "10H", "QD", "7C"]
    assert parse("7h", 32) == "7H"
    with pytest.raises(RuleError, match="6H is not in the 32-card pack") as e:
        parse("6h", 32)
    assert e.value.field == "card"
    with pytest.raises(RuleError, match="52 or 32 cards") as e:
        pack_of(36)
    assert e.value.field == "pack"


def test_suits_read_by_initial_or_name_and_a_colour_is_refused_on_the_trump_field():
    assert [parse_suit(s) for s in ("S", "hearts", " d ", "Clubs")] == ["S", "H", "D", "C"]
    assert [trump_suit(s) for s in ("spades", "H", None)] == ["S", "H", None]
    with pytest.raises(RuleError, match="not a suit: use S, H, D or C") as e:
        trump_suit("red")
    assert e.value.field == "trump"


def test_r_m1_ace_high_and_a_hand_sorted_by_suit_then_rank():
    assert [rank_of(c) for c in ("2S", "10S", "JS", "QS", "KS", "AS")] == [2, 10, 11, 12, 13, 14]
    assert suit_of("10D") == "D"
    hand = ["AD", "7H", "2S", "KH", "10S", "3C", "QD"]
    assert sort_hand(hand) == ["2S", "10S", "7H", "KH", "3C", "QD", "AD"]
    # neighbouring suits never share a colour (spades, hearts, clubs, diamonds)
    suits = [suit_of(c) for c in sort_hand(PACK_52)][::13]
    assert suits == ["S", "H", "C", "D"] and all((a in "SC") != (b in "SC") for a, b in pairwise(suits))
    assert hand_key("AS") < hand_key("2H") < hand_key("AH") < hand_key("2C") < hand_key("2D")


# --------------------------------------------------------------------------- the deal


@pytest.mark.parametrize(("players", "most", "every_card"), [(3, 17, False), (4, 12, False), (4, 13, True),
                                                             (5, 10, False), (6, 8, False), (7, 7, False)])
def test_r_m2_r_t1_the_biggest_rounds_of_52_cards_turn_a_card_unless_every_card_is_dealt(players, most, every_card):
    d = deal(players, most, make_rng(players))
    assert d.cards == most and (d.turned is None) is every_card and (d.trump is None) is every_card
    if not every_card:
        assert d.trump == suit_of(d.turned)
    with pytest.raises(RuleError, match=f"With {players} players a round deals 1 to {52 // players} cards") as e:
        deal(players, 52 // players + 1, make_rng(1))
    assert e.value.field == "cards"


def test_r_m1_a_32_card_deal_deals_only_7_to_ace():
    d = deal(3, 10, make_rng(5), PACK_32)
    assert {c for h in d.hands for c in h} | {d.turned} <= set(PACK_32)
    assert deal(4, 8, make_rng(5), PACK_32).turned is None
    with pytest.raises(RuleError, match="1 to 10 cards, not 11"):
        deal(3, 11, make_rng(5), PACK_32)


@pytest.mark.parametrize(("players", "cards", "field"), [(1, 1, "players"), (0, 1, "players"), (True, 1, "players"),
                                                         (4, 0, "cards"), (4, "3", "cards"), (4, 2.0, "cards")])
def test_a_deal_the_pack_cannot_make_is_refused_on_its_field(players, cards, field):
    with pytest.raises(RuleError) as e:
        check_round(players, cards)
    assert e.value.field == field


@settings(max_examples=60, deadline=None, database=None)
@given(st.integers(2, 10), st.data(), st.sampled_from([52, 32]), st.integers(0, 2**32 - 1))
def test_a_random_deal_holds_each_card_once_and_a_seed_deals_it_again(players, data, size, seed):
    pack = pack_of(size)
    cards = data.draw(st.integers(1, size // players))
    d = deal(players, cards, random.Random(seed), pack)
    held = [c for h in d.hands for c in h]
    assert [len(h) for h in d.hands] == [cards] * players
    assert len(set(held)) == len(held) and set(held) <= set(pack)
    assert (d.turned is None) == (players * cards == size)  # R-T1
    assert d.turned is None or (d.turned in pack and d.turned not in held)
    assert d == deal(players, cards, random.Random(seed), pack)
    whole = shuffled(random.Random(seed), pack)
    assert sorted(whole) == sorted(pack) and whole == shuffled(random.Random(seed), pack)


# --------------------------------------------------------------------------- tricks


def test_follow_the_led_suit_when_able_else_anything_and_anything_to_lead():
    hand = ["2C", "KH", "9C", "AS"]
    assert STANDARD_TRICKS.legal(hand, [], "H") == (hand, None)
    assert STANDARD_TRICKS.legal(hand, ["5C", "AH"], "H") == (["2C", "9C"], MUST_FOLLOW["C"])
    assert STANDARD_TRICKS.legal(hand, ["5D"], "H") == (hand, None)  # void: trumping is not compulsory
    assert STANDARD_TRICKS.legal(["3D", "4D"], ["5D"], None) == (["3D", "4D"], None)
    assert set(MUST_FOLLOW) == {"S", "H", "D", "C"} and len(set(MUST_FOLLOW.values())) == 4


@pytest.mark.parametrize(("trick", "trump", "won_by"), [
    (["10H", "AH", "2S", "KH"], "S", 2),  # the only trump
    (["10H", "AH", "2S", "KH"], None, 1),  # no trump: the highest heart
    (["10H", "AH", "2S", "KH"], "D", 1),  # a trump nobody played
    (["QD", "3S", "AS", "2D"], "S", 2),  # the highest of two trumps
    (["QD", "AC", "KC", "2D"], "H", 0),  # discards never win, however high
    (["7H", "8H", "9H", "10H"], "hearts", 3),  # trump led: the highest trump
])
def test_r_m1_r_t1_the_highest_trump_wins_else_the_highest_of_the_led_suit(trick, trump, won_by):
    assert STANDARD_TRICKS.winner(trick, trump).winner == won_by
    assert STANDARD_TRICKS.winner(trick, trump).leads == won_by  # the winner leads next (R-R2)


def test_on_the_family_engine_a_card_not_following_is_refused_with_why_and_the_tricks_are_tallied():
    state = replay(STANDARD_TRICKS, 4, 1, [(1, "QH")], cards=2, ctx="S")
    with pytest.raises(RuleError, match="You must follow hearts: you hold a heart") as e:
        verify_play(STANDARD_TRICKS, state, ["2S", "3H"], 2, "2s", "S", NAMES)
    assert e.value.field == "card"
    with pytest.raises(RuleError, match="is not a card") as e:
        verify_play(STANDARD_TRICKS, state, ["2S", "3H"], 2, "R7", "S", NAMES)
    assert e.value.field == "card"
    assert verify_play(STANDARD_TRICKS, state, ["2S", "3H"], 2, "3h", "S", NAMES) == "3H"
    plays = [(1, "QH"), (2, "3H"), (3, "2S"), (0, "AH"), (3, "KD"), (0, "AD"), (1, "2D"), (2, "5C")]
    done = replay(STANDARD_TRICKS, 4, 1, plays, cards=2, ctx="S")
    assert [t.winner for t in done.done] == [3, 0] and done.finished  # the 2 of trumps beats the ace of hearts
    assert STANDARD_TRICKS.tally(done, "S") == {"tricks": [1, 0, 0, 1]}


class _Random:
    """A simulated player: any legal card."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def play(self, legal, hand, view, seat):
        return self.rng.choice(legal)


@settings(max_examples=60, deadline=None, database=None)
@given(st.integers(3, 7), st.data(), st.sampled_from([52, 32]), st.integers(0, 2**32 - 1))
def test_r_s1_random_rounds_every_trick_is_won_by_its_best_card_and_every_card_followed_when_able(
        players, data, size, seed):
    rng = random.Random(seed)
    cards = data.draw(st.integers(1, size // players))
    d = deal(players, cards, rng, pack_of(size))
    hands = [list(h) for h in d.hands]
    start = [list(h) for h in d.hands]
    leader = data.draw(st.integers(0, players - 1))
    r = play_tricks(STANDARD_TRICKS, hands, leader, [_Random(rng)] * players, TrickView(players), d.trump)
    assert sum(r.won) == cards and r.finished and not any(hands)  # R-S1: every trick is won
    for t in r.done:
        led = suit_of(t.cards[0])
        win = t.cards[t.outcome.winner]
        trumps = [c for c in t.cards if suit_of(c) == d.trump]
        best = max(trumps or [c for c in t.cards if suit_of(c) == led], key=rank_of)
        assert win == best and t.winner == t.seats[t.outcome.winner]
        for seat, card in t.plays:  # who held the led suit followed it
            if seat != t.leader and any(suit_of(c) == led for c in start[seat]):
                assert suit_of(card) == led
            start[seat].remove(card)
    assert [t.leader for t in r.done[1:]] == [t.winner for t in r.done[:-1]]  # R-R2: the winner leads


def test_winner_index_of_a_trick_not_yet_full_says_who_is_winning_it():
    assert winner_index(["9C"], None) == 0 and winner_index(["9C", "JC"], "D") == 1
