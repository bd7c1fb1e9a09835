"""The virtual deck played trick by trick in the rules core (W-P1..W-P6, W-U3): turn,
legal cards, winners, take-back, and the tricks filled from play (W-S2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st
from rules_helpers import play_out

from scribe.engine import trick_winner
from scribe.games.wizard import draw_deal, make_setup, replay, sealed, verify
from scribe.games.wizard.play import legal_cards
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

NAMES = ["Paul", "Thomas", "Marie"]
PAUL, THOMAS, MARIE = range(3)


class Table:
    def __init__(self, names=NAMES, first_dealer=1, **options):  # Marie deals round 2
        self.setup = make_setup(names, first_dealer=first_dealer, virtual_deck=True, **options)
        self.log: list[Entry] = []

    @property
    def sheet(self):
        return replay(self.setup, self.log)

    @property
    def play(self):
        return self.sheet.current.play

    def act(self, kind, data):
        self.log.append(Entry(len(self.log) + 1, kind, verify(self.sheet, kind, data)))
        return self.log[-1]

    def skip_to(self, number, rng):
        """Rounds before ``number`` dealt, bid, played out and scored."""
        while self.sheet.current.number < number:
            self.act("deal", draw_deal(self.sheet, {}, rng))
            if self.sheet.current.trump and self.sheet.current.trump.pending:
                self.act("trump", {"card": "wizard", "suit": "red"})
            for p in self.sheet.current.order:
                self.act("bid", {"player": p, "bid": 0})
            play_out(lambda: self.sheet, self.act)

    def start(self, hands, turned="G13"):
        self.skip_to(len(hands[0]), random.Random(0))
        self.act("deal", {"hands": hands, "turned": turned})
        for p in self.sheet.current.order:
            self.act("bid", {"player": p, "bid": 0})


def test_w_p1_left_of_the_dealer_leads_the_first_trick_then_each_winner():
    t = Table()  # Marie deals round 2: Paul, on her left, leads
    t.start([["B5", "R1"], ["B9", "R2"], ["B3", "R3"]])
    assert t.play.turn == PAUL
    with pytest.raises(RuleError, match="It is Paul's turn to play, not Marie's") as err:
        verify(t.sheet, "played", {"player": MARIE, "card": "B3"})
    assert err.value.field == "card"
    for p, c in ((PAUL, "B5"), (THOMAS, "B9")):
        t.act("played", {"player": p, "card": c})
        assert t.play.winning == p
    t.act("played", {"player": MARIE, "card": "B3"})
    assert t.play.won == (0, 1, 0) and t.play.turn == THOMAS and t.play.leader == THOMAS  # the winner leads
    assert t.play.last.plays == ((PAUL, "B5"), (THOMAS, "B9"), (MARIE, "B3"))


def test_w_p3_a_player_able_to_follow_must_and_is_told_which_suit():
    t = Table()
    t.start([["B5", "R1"], ["B9", "W"], ["R3", "B3"]])
    t.act("played", {"player": PAUL, "card": "B5"})
    t.act("played", {"player": THOMAS, "card": "W"})  # a Wizard may always be played (W-P3)
    with pytest.raises(RuleError, match="You must follow blue") as err:
        verify(t.sheet, "played", {"player": MARIE, "card": "R3"})
    assert err.value.field == "card"
    legal, why = legal_cards(t.play, ["R3", "B3"], False, False)
    assert legal == ["B3"] and "blue" in why


def test_w_p2_after_a_wizard_lead_anything_goes_and_after_a_jester_the_next_number_card_leads():
    t = Table()
    t.start([["W", "R1"], ["B9", "R2"], ["R3", "B3"]])
    t.act("played", {"player": PAUL, "card": "W"})
    assert legal_cards(t.play, ["B9", "R2"], False, False) == (["B9", "R2"], None)
    t2 = Table()
    t2.start([["J", "R1"], ["B9", "R2"], ["R3", "B3"]])
    t2.act("played", {"player": PAUL, "card": "J"})
    t2.act("played", {"player": THOMAS, "card": "B9"})
    with pytest.raises(RuleError, match="follow blue"):
        verify(t2.sheet, "played", {"player": MARIE, "card": "R3"})


@pytest.mark.parametrize("p6, allowed", [(True, False), (False, True)])
def test_w_p6_switch_no_wizard_on_a_trump_lead_unless_nothing_else(p6, allowed):
    t = Table(no_wizard_on_trump_lead=p6)
    t.start([["G5", "R1"], ["W", "R2"], ["W", "B3"]], turned="G13")  # green trump
    t.act("played", {"player": PAUL, "card": "G5"})
    if allowed:
        t.act("played", {"player": THOMAS, "card": "W"})
        return
    with pytest.raises(RuleError, match="No Wizard on a trump lead"):
        verify(t.sheet, "played", {"player": THOMAS, "card": "W"})
    t.act("played", {"player": THOMAS, "card": "R2"})


def test_w_p6_a_forced_wizard_counts_as_a_jester():
    t = Table(first_dealer=2, no_wizard_on_trump_lead=True)
    t.start([["G5"], ["W"], ["G2"]], turned="G13")
    for p, c in ((PAUL, "G5"), (THOMAS, "W"), (MARIE, "G2")):
        t.act("played", {"player": p, "card": c})
    assert t.play.won == (1, 0, 0)


def test_w_u3_unicolore_any_card_and_the_highest_wins_first_played_on_a_tie():
    t = Table(first_dealer=2, unicolore=True)
    hands = [["B1", "B2", "B3", "B13"], ["G13", "G2", "G3", "G4"], ["R5", "R6", "R7", "R8"]]
    t.act("deal", {"hands": hands, "turned": None})
    for p in t.sheet.current.order:
        t.act("bid", {"player": p, "bid": 0})
    for p, c in ((PAUL, "B13"), (THOMAS, "G13"), (MARIE, "R5")):
        assert legal_cards(t.play, t.sheet.current.remaining(p), False, True)[1] is None
        t.act("played", {"player": p, "card": c})
    assert t.play.won == (1, 0, 0)


def test_a_player_takes_back_their_last_card_until_the_next_one_is_played():
    t = Table()
    t.start([["B5", "R1"], ["B9", "R2"], ["R3", "B3"]])
    with pytest.raises(RuleError, match="No card has been played"):
        verify(t.sheet, "take_back", {"player": PAUL})
    t.act("played", {"player": PAUL, "card": "R1"})
    with pytest.raises(RuleError, match="Thomas has no card to take back"):
        verify(t.sheet, "take_back", {"player": THOMAS})
    t.act("take_back", {"player": PAUL})
    assert t.play.turn == PAUL and t.play.trick == () and "R1" in t.sheet.current.remaining(PAUL)
    t.act("played", {"player": PAUL, "card": "B5"})
    t.act("played", {"player": THOMAS, "card": "B9"})
    with pytest.raises(RuleError, match="Too late: Thomas has played since"):
        verify(t.sheet, "take_back", {"player": PAUL})
    t.act("played", {"player": MARIE, "card": "B3"})  # completes the trick: Thomas won it
    t.act("take_back", {"player": MARIE})  # the trick is open again, nobody has won it
    assert t.play.won == (0, 0, 0) and t.play.turn == MARIE and t.play.winning == THOMAS


def test_w_s2_typed_tricks_wait_for_the_last_card_and_a_different_count_is_on_record():
    t = Table(first_dealer=2)
    t.start([["B5"], ["B9"], ["B3"]])
    t.act("played", {"player": PAUL, "card": "B5"})
    with pytest.raises(RuleError, match="tricks fill in when the last one is taken") as err:
        verify(t.sheet, "tricks", {"tricks": [1, 0, 0]})
    assert err.value.field == "tricks"
    t.act("played", {"player": THOMAS, "card": "B9"})
    t.act("played", {"player": MARIE, "card": "B3"})
    assert verify(t.sheet, "tricks", {}) == {"round": 1, "tricks": [0, 1, 0]}
    assert verify(t.sheet, "tricks", {"tricks": [1, 0, 0]}) == {"round": 1, "tricks": [1, 0, 0], "played": [0, 1, 0]}
    with pytest.raises(RuleError, match="Every card of this round is played"):
        verify(t.sheet, "played", {"player": THOMAS, "card": "B9"})


def test_the_trick_on_the_table_is_public_and_the_hands_stay_sealed():
    t = Table()
    t.start([["B5", "R1"], ["B9", "R2"], ["R3", "B3"]])
    t.act("played", {"player": PAUL, "card": "B5"})
    for viewer in (None, THOMAS, MARIE):
        row = sealed(t.sheet, viewer).current
        assert row.play.trick == ((PAUL, "B5"),) and row.played[PAUL] == ("B5",)
        assert all(h is None for p, h in enumerate(row.hands) if p != viewer)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), number=st.integers(1, 10),
       p6=st.booleans())
def test_a_round_of_random_legal_cards_ends_with_every_trick_won_by_the_engines_winner(seed, players, number, p6):
    """W-S2 and W-P4: however the legal cards are picked, the tricks total the cards dealt
    and each trick goes to the seat the engine's trick_winner names."""
    rng = random.Random(seed)
    names = ["A", "B", "C", "D", "E", "F"][:players]
    t = Table(names, first_dealer=seed % players, no_wizard_on_trump_lead=p6)
    t.skip_to(min(number, 60 // players), rng)
    t.act("deal", draw_deal(t.sheet, {}, rng))
    if t.sheet.current.trump and t.sheet.current.trump.pending:
        t.act("trump", {"card": "wizard", "suit": "blue"})
    for p in t.sheet.current.order:
        t.act("bid", {"player": p, "bid": 0})
    row = t.sheet.current
    while not row.play.finished:
        seat = row.play.turn
        legal, _why = legal_cards(row.play, row.remaining(seat), p6, False)
        t.act("played", {"player": seat, "card": rng.choice(legal)})
        row = t.sheet.current
    suit = {"blue": "B", "green": "G", "red": "R", "yellow": "Y"}.get(row.play.trump or "")
    for trick in row.play.done:
        cards = [c for _p, c in trick.plays]
        assert trick.plays[trick_winner(cards, suit, no_wizard_on_trump_lead=p6)][0] == trick.winner
    assert sum(row.play.won) == row.cards
    t.act("tricks", {})
    assert t.sheet.rows[row.number - 1].tricks == row.play.won
