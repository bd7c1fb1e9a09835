"""The virtual deck in the rules core: deals as log entries, cards marked played, and
what each viewer may see of the hands. Pure: the randomness is a seeded rng here."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rules_helpers import play_out

from scribe.engine import FULL_DECK, own_deck
from scribe.games.wizard import (
    draw_deal,
    make_setup,
    replay,
    sealed,
    sealed_entry,
    verify,
    verify_take_back,
)
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

NAMES = ["Paul", "Thomas", "Marie"]


class Table:
    """A game and its log, every action verified as the service does."""

    def __init__(self, names=NAMES, **options):
        self.setup = make_setup(names, first_dealer=2, virtual_deck=True, **options)
        self.log: list[Entry] = []

    @property
    def sheet(self):
        return replay(self.setup, self.log)

    def act(self, kind, data):
        entry = Entry(len(self.log) + 1, kind, verify(self.sheet, kind, data))
        self.log.append(entry)
        return entry

    def deal(self, seed=1):
        return self.act("deal", draw_deal(self.sheet, {}, random.Random(seed)))

    def bids(self, *bids):
        for p in self.sheet.current.order:
            self.act("bid", {"player": p, "bid": bids[p]})

    def name_trump_if_wizard(self):
        row = self.sheet.current
        if row.trump is not None and row.trump.pending:
            self.act("trump", {"card": "wizard", "suit": "red"})


def test_w_r1_w_r3_w_r4_every_round_of_a_game_is_dealt_from_the_60_cards():
    t = Table()
    for number in range(1, 21):
        entry = t.deal(seed=number)
        hands, turned = entry.data["hands"], entry.data["turned"]
        assert [len(h) for h in hands] == [number] * 3
        used = [c for h in hands for c in h] + ([turned] if turned else [])
        assert not Counter(used) - Counter(str(c) for c in FULL_DECK)
        row = t.sheet.current
        if number == 20:  # W-R4: every card is dealt, nothing turned, no trump
            assert turned is None and row.trump is None and len(used) == 60
        else:
            assert turned is not None and row.trump is not None
        t.name_trump_if_wizard()
        t.bids(0, 0, 0)
        play_out(lambda: t.sheet, t.act)
    assert t.sheet.finished


@pytest.mark.parametrize("turned, card, suit", [("R7", "red", "red"), ("J", "jester", None), ("W", "wizard", None)])
def test_w_r3_the_turned_card_sets_the_trump(turned, card, suit):
    t = Table()
    t.act("deal", {"hands": [["B1"], ["B2"], ["B3"]], "turned": turned})
    trump = t.sheet.current.trump
    assert (trump.card, trump.suit) == (card, suit)
    if card == "wizard":  # the dealer names a suit through the usual trump entry
        with pytest.raises(RuleError, match="names a suit only when a Wizard"):
            verify(t.sheet, "trump", {"card": "green"})
        t.act("trump", {"card": "wizard", "suit": "green"})
        assert t.sheet.current.trump.suit == "green"
    else:
        with pytest.raises(RuleError):
            verify(t.sheet, "trump", {"card": "wizard", "suit": "green"})


def test_bids_and_trump_wait_for_the_deal():
    t = Table()
    with pytest.raises(RuleError, match="Deal the cards first") as err:
        verify(t.sheet, "bid", {"player": 0, "bid": 0})
    assert err.value.field == "bid"
    with pytest.raises(RuleError, match="Deal the cards first"):
        verify(t.sheet, "trump", {"card": "red"})


@pytest.mark.parametrize("data, message", [
    ({"hands": [["B1"], ["B2"]], "turned": "B4"}, "A deal gives 1 cards"),
    ({"hands": [["B1", "B2"], ["B3"], ["B4"]], "turned": "B5"}, "A deal gives"),
    ({"hands": [["B1"], ["B1"], ["B3"]], "turned": "B4"}, "cards the deck does not have"),
    ({"hands": [["B1"], ["B2"], ["B3"]], "turned": "B1"}, "cards the deck does not have"),
    ({"hands": [["B1"], ["B2"], ["B3"]], "turned": None}, "A card is turned up"),
    ({"hands": [["B1"], ["X9"], ["B3"]], "turned": "B4"}, "is not a card"),
    ({"hands": "B1 B2 B3", "turned": "B4"}, "A deal gives"),
])
def test_a_bad_deal_is_refused(data, message):
    with pytest.raises(RuleError, match=message):
        verify(Table().sheet, "deal", data)


def test_a_round_is_dealt_once_and_only_in_a_virtual_deck_game():
    t = Table()
    t.deal()
    with pytest.raises(RuleError, match="already dealt"):
        verify(t.sheet, "deal", draw_deal(t.sheet, {}, random.Random(2)))
    plain = make_setup(NAMES)
    with pytest.raises(RuleError, match="no virtual deck"):
        draw_deal(replay(plain, []), {}, random.Random(1))


def test_w_u1_w_u2_unicolore_hands_come_from_each_players_own_15_cards():
    t = Table(unicolore=True)
    entry = t.deal(seed=3)
    assert entry.data["turned"] is None and t.sheet.current.trump is None
    for hand, suit in zip(entry.data["hands"], "BGR"):
        assert len(hand) == 4 and not Counter(hand) - Counter(str(c) for c in own_deck(suit))
    with pytest.raises(RuleError, match="deck does not have"):
        verify(Table(unicolore=True).sheet, "deal", {"hands": [["G1"] * 4, ["G2", "G3", "G4", "G5"], ["R1", "R2", "R3", "R4"]]})


def test_played_cards_leave_the_hand_and_only_cards_still_held_may_be_marked():
    t = Table()
    t.act("deal", {"round": 1, "hands": [["W"], ["R7"], ["J"]], "turned": "B2"})
    with pytest.raises(RuleError, match="once every bid is in"):
        verify(t.sheet, "played", {"player": 0, "card": "W"})
    t.bids(0, 1, 0)
    for card, message in (("J", "not in your hand"), ("Z9", "is not a card"), ("", "Choose a card"),
                          ("R" * 50, "Write a card"), (None, "Choose a card")):
        with pytest.raises(RuleError, match=message) as err:
            verify(t.sheet, "played", {"player": 0, "card": card})
        assert err.value.field == "card"
    t.act("played", {"player": 0, "card": "w"})  # any case
    assert t.sheet.current.remaining(0) == () and t.sheet.current.played[0] == ("W",)
    with pytest.raises(RuleError, match="Thomas's turn"):
        verify(t.sheet, "played", {"player": 0, "card": "W"})
    t.act("played", {"player": 1, "card": "R7"})
    t.act("played", {"player": 2, "card": "J"})
    with pytest.raises(RuleError, match="Every card of this round is played"):
        verify(t.sheet, "played", {"player": 1, "card": "R7"})
    t.act("tricks", {})  # the tricks as played: Paul's Wizard took the one trick
    assert t.sheet.rows[0].tricks == (1, 0, 0)
    with pytest.raises(RuleError, match="Round 1 is scored") as err:
        verify(t.sheet, "played", {"round": 1, "player": 0, "card": "W"})
    assert err.value.field == "card"


def test_a_viewer_sees_only_their_own_hand_until_the_round_is_scored():
    t = Table()
    deal = t.act("deal", {"hands": [["W"], ["R7"], ["J"]], "turned": "B2"})
    full = t.sheet
    assert sealed(full, 1).rows[0].hands == (None, ("R7",), None)
    assert sealed(full).rows[0].hands == (None, None, None)  # the Scribe and the watchers
    assert sealed(full, 1).rows[0].trump.card == "blue"
    assert sealed_entry(full, deal, 2).data["hands"] == [None, None, ["J"]]
    t.bids(0, 1, 0)
    played = t.act("played", {"player": 0, "card": "W"})
    assert sealed_entry(t.sheet, played, 1).data["card"] == "W"  # played to the table: public
    assert sealed(t.sheet, 1).rows[0].play.trick == ((0, "W"),) and sealed(t.sheet, 1).rows[0].hands[0] is None
    t.act("played", {"player": 1, "card": "R7"})
    t.act("played", {"player": 2, "card": "J"})
    t.act("tricks", {"tricks": [1, 0, 0]})
    assert sealed_entry(t.sheet, deal).data["hands"] == [["W"], ["R7"], ["J"]]  # for review once scored


def test_open_bids_keep_the_forbidden_bid_on_the_scribes_redacted_sheet():
    t = Table(preset="plus_minus_one")
    t.deal()
    t.act("bid", {"player": 0, "bid": 0})
    t.act("bid", {"player": 1, "bid": 0})
    assert sealed(t.sheet).forbidden().value == 1


def test_undo_of_a_deal_only_before_any_bid_on_it():
    t = Table()
    deal = t.deal()
    verify_take_back(t.sheet, t.log, deal)  # a misdeal may be taken back
    t.act("bid", {"player": 0, "bid": 0})
    t.log.append(Entry(len(t.log) + 1, "undo", {}))
    with pytest.raises(RuleError, match="the deal stands") as err:
        verify_take_back(t.sheet, t.log, deal)
    assert err.value.field == "undo"
