"""Skull King's virtual deck on the family's play engine, played card by card: every
legal card is accepted and every other refused with its reason, tricks per K-T1, and the
result the cards give (the tally: tricks, destroyed tricks, K-S2's bonuses, K-S3's Loot)
scored per K-S1..K-S4 exactly as the same result entered by hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_skull_king_properties import expected_points, setups

from scribe.games.skull_king import make_setup, replay, verify
from scribe.games.skull_king.cards import Card, Kind, Suit, deal, deck, parse_card, parse_cards
from scribe.games.skull_king.play import SKULL_KING_TRICKS, play_round, take_back, tally, verify_card
from scribe.games.skull_king.scoring import Bonus, loot_points, round_points
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

FAST = settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def must_follow(hand: list[Card], trick: list[Card]) -> Suit | None:
    """The rule book's following, written out again: the first card that is not an
    Escape (a Loot, the Tigress as an Escape) sets the suit if it is a suit card; nothing
    to follow after a character or a beast; a player without that suit plays anything."""
    for c in trick:
        if c.kind in (Kind.ESCAPE, Kind.LOOT) or str(c) == "TE":
            continue
        led = c.suit if c.kind is Kind.NUMBER else None
        return led if led is not None and any(h.suit is led for h in hand) else None
    return None


def forms(card: Card) -> list[str]:
    """What a player may say when playing ``card``: the Tigress needs her choice."""
    return ["TP", "TE"] if card.kind is Kind.TIGRESS else [str(card)]


def play_out(setup, number: int, rng: random.Random):
    """Round ``number`` dealt and played card by card through ``verify_card``: at every
    turn each card of the hand offered, and a card offered by a seat out of turn."""
    n, cards = setup.n, setup.cards(number)
    rules = setup.rules
    hands = [list(h) for h in deal(n, cards, deck(rules.kraken, rules.white_whale, rules.loot), rng)]
    first = setup.order(number)[0]
    plays: list[tuple[int, Card]] = []
    state = play_round(n, first, plays, cards)
    while not state.finished:
        seat = state.turn
        hand, trick = hands[seat], [c for _s, c in state.trick]
        led = must_follow(hand, trick)
        accepted = []
        for card in hand:
            for said in forms(card):
                ok = led is None or card.suit is led or card.kind is not Kind.NUMBER
                try:
                    got = verify_card(state, hand, seat, said, setup.players)
                except RuleError as err:
                    assert not ok, (said, trick)
                    assert err.field == "card" and "You must follow" in err.message
                else:
                    assert ok and str(got) == said
                    accepted.append(got)
        other = next((s for s in range(n) if s != seat and hands[s]), None)
        if other is not None:
            with pytest.raises(RuleError, match="turn to play"):
                verify_card(state, hands[other], other, forms(hands[other][0])[0], setup.players)
        with pytest.raises(RuleError, match="Pirate or as an Escape"):
            verify_card(state, hand, seat, "TI")
        card = rng.choice(accepted)
        hand.remove(SKULL_KING_TRICKS.hand_form(card))
        plays.append((seat, card))
        state = play_round(n, first, plays, cards)
    return state


def typed(result: dict) -> dict:
    """The same result as a Scribe types it: counts as text, bonuses by seat, zeros left out."""
    return {"tricks": [str(t) for t in result["tricks"]], "destroyed": str(result["destroyed"]),
            "bonuses": {str(p): {k: str(v) for k, v in b.items()} for p, b in enumerate(result["bonuses"]) if b},
            "loot": [[str(a), str(b)] for a, b in result["loot"]]}


@FAST
@given(data=st.data(), setup=setups(), rng=st.randoms(use_true_random=False))
def test_k_t1_k_s1_to_k_s4_rounds_played_card_by_card_score_as_entered_by_hand(data, setup, rng):
    played: list[Entry] = []
    by_hand: list[Entry] = []

    def record(log: list[Entry], kind: str, raw: dict) -> None:
        log.append(Entry(len(log) + 1, kind, verify(replay(setup, log), kind, raw)))

    for number in range(1, min(data.draw(st.integers(1, 4)), setup.round_count) + 1):
        cards = setup.cards(number)
        state = play_out(setup, number, rng)
        result = SKULL_KING_TRICKS.tally(state, None)
        assert result == tally(state, setup.n)
        # K-T1: every trick is won by someone or destroyed, one at most per beast in play.
        assert sum(result["tricks"]) + result["destroyed"] == cards == len(state.done)
        assert result["destroyed"] <= setup.rules.beasts
        # K-S2: every yellow, purple and green 14 of a won trick is counted, to its winner.
        won_14s = sum(1 for t in state.done if t.winner is not None
                      for c in t.cards if c.rank == 14 and c.suit is not Suit.BLACK)
        assert sum(b.get("fourteens", 0) for b in result["bonuses"]) == won_14s
        bids = [data.draw(st.one_of(st.just(t), st.integers(0, cards))) for t in result["tricks"]]
        cannon = data.draw(st.lists(st.integers(0, setup.n - 1), unique=True)) if setup.rules.cannonball else []
        for log, entry in ((played, result), (by_hand, typed(result))):
            record(log, "bids", {"bids": bids})
            record(log, "tricks", {**entry, "cannonball": cannon} if cannon else entry)
        row, hand_row = replay(setup, played).rows[number - 1], replay(setup, by_hand).rows[number - 1]
        assert row.points == hand_row.points and row.tricks == tuple(result["tricks"])
        loot = loot_points(result["loot"], bids, result["tricks"])
        for p in range(setup.n):
            bonus = Bonus.from_dict(result["bonuses"][p])
            module = round_points(bids[p], result["tricks"][p], cards, bonus.points, scoring=setup.rules.scoring,
                                  cannonball=p in cannon, bonus_on_miss=setup.rules.bonus_on_miss)
            assert row.points[p] == module + loot[p]
            assert row.points[p] == expected_points(setup, cards, bids[p], result["tricks"][p],
                                                    result["bonuses"][p], p in cannon) + loot[p]
    assert replay(setup, played).totals == replay(setup, by_hand).totals


def test_the_rule_books_trick_played_on_the_engine_gives_its_bonus():
    """The rule book: a Mermaid wins a trick holding a yellow 14, a Pirate and the Skull
    King: +10 for the 14 and +40 for the Skull King (K-S2)."""
    setup = make_setup(["Ana", "Ben", "Cy", "Dee"])
    state = play_round(4, 0, [(0, parse_card("Y14")), (1, parse_card("PI")), (2, parse_card("SK")),
                              (3, parse_card("ME"))], cards=1)
    result = tally(state, 4)
    assert result["bonuses"][3] == {"fourteens": 1, "skull_king": 1}
    log = [Entry(1, "bids", verify(replay(setup, []), "bids", {"bids": [0, 0, 0, 1]}))]
    log.append(Entry(2, "tricks", verify(replay(setup, log), "tricks", result)))
    assert replay(setup, log).rows[0].points == (10, 10, 10, 20 + 50)


def test_a_tigress_taken_back_goes_back_to_the_hand_undecided():
    state = play_round(3, 0, [(0, parse_card("G3")), (1, parse_card("TE"))], cards=2)
    assert take_back(state, 1, ["Ana", "Ben", "Cy"]) == (parse_card("TE"), parse_card("TI"))
    with pytest.raises(RuleError, match="no card to take back"):
        take_back(state, 2, ["Ana", "Ben", "Cy"])
    with pytest.raises(RuleError, match="Too late"):
        take_back(state, 0, ["Ana", "Ben", "Cy"])
    hand = parse_cards("TI G9")
    assert str(verify_card(play_round(3, 0, [(0, parse_card("G3"))], cards=2), hand, 1, "te")) == "TE"
