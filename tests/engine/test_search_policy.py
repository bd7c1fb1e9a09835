"""The searching Wizard player (issue 37): legal in every rule variant, blind to the other
hands, the same decisions for the same seed, and its picture of the unseen cards sound."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scribe.engine import (
    FULL_DECK,
    SUITS,
    WIZARD,
    HeuristicPolicy,
    PlayOptions,
    RoundView,
    make_rng,
    parse_cards,
    play_game,
    play_hands,
    play_round,
    play_unicolore_game,
    rounds_in_game,
)
from scribe.engine.search import SearchPolicy, Sighting
from scribe.engine.tricks import legal_unchecked, winner_unchecked
from scribe.rules.cards import deal_cards, trump_of

VARIANTS = [
    PlayOptions(),
    PlayOptions(no_wizard_on_trump_lead=True),
    PlayOptions(bid_rule="plus_minus_one"),
    PlayOptions(bid_rule="plus_minus_one", no_wizard_on_trump_lead=True, dealer_sees_hand=False),
    PlayOptions(dealer_sees_hand=False),
    PlayOptions(forbidden=lambda bids, cards: 0),  # a rule set's own restriction: the dealer may not bid 0
]


class Referee:
    """Wraps a player and checks each of its answers against the rules, recomputed here."""

    def __init__(self, inner, log=None):
        self.inner = inner
        self.log = log if log is not None else []

    def choose_trump(self, hand, view, seat):
        suit = self.inner.choose_trump(hand, view, seat)
        assert suit in SUITS
        self.log.append(("trump", seat, suit))
        return suit

    def bid(self, hand, view, seat):
        b = self.inner.bid(hand, view, seat)
        assert isinstance(b, int) and 0 <= b <= view.cards and b != view.forbidden_bid, (b, view.forbidden_bid)
        self.log.append(("bid", seat, b))
        return b

    def play(self, legal, hand, view, seat):
        card = self.inner.play(legal, hand, view, seat)
        assert card in legal_unchecked(hand, view.trick, view.trump, view.options.no_wizard_on_trump_lead)
        self.log.append(("play", seat, card))
        return card


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), variant=st.sampled_from(VARIANTS),
       share=st.floats(0, 1), read_bids=st.booleans())
def test_only_legal_bids_cards_and_trump_in_every_variant(seed, players, variant, share, read_bids):
    cards = 1 + int(share * (rounds_in_game(players) - 1))
    log: list = []
    table = [Referee(SearchPolicy(seed=seed + s, worlds=2, read_bids=read_bids), log) for s in range(players)]
    r = play_round(players, cards, seed % players, table, make_rng(seed), variant)
    assert sum(r.won) == cards and sum(1 for e in log if e[0] == "play") == players * cards


@pytest.mark.parametrize("sees", [True, False])
def test_a_turned_wizard_lets_the_searching_dealer_name_a_trump(sees):
    for seed in range(300):
        _, turned = deal_cards(4, 5, make_rng(seed).random)
        if turned is WIZARD:
            break
    log: list = []
    table = [Referee(SearchPolicy(seed=1, worlds=3), log) for _ in range(4)]
    r = play_round(4, 5, 2, table, make_rng(seed), PlayOptions(dealer_sees_hand=sees))
    assert r.turned is WIZARD and log[0][:2] == ("trump", 2) and r.trump is log[0][2]


def test_unicolore_is_played_legally_by_the_heuristic_it_falls_back_on():
    rng = make_rng(3)
    game = play_unicolore_game(4, [SearchPolicy(seed=s, worlds=2) for s in range(4)], rng)
    assert len(game.rounds) == 12 and all(sum(r.won) == r.cards for r in game.rounds)


class BidsOne(HeuristicPolicy):
    __slots__ = ()

    def bid(self, hand, view, seat):
        return 1


def _swap_with_stock(seed, players, cards, seat):
    """A deal and its twin: the same but for one card of ``seat`` swapped with an undealt one
    unlike it (a Jester for a Jester would leave the twin the same deal)."""
    hands, turned = deal_cards(players, cards, make_rng(seed).random)
    dealt = Counter(c for h in hands for c in h) + Counter([turned] if turned else [])
    twin = [list(h) for h in hands]
    stock = [c for c in (Counter(FULL_DECK) - dealt).elements() if c != twin[seat][seed % cards]]
    twin[seat][seed % cards] = stock[seed % len(stock)]
    return hands, twin, turned


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 13), other=st.integers(1, 3), read_bids=st.booleans())
def test_twin_deals_that_look_the_same_from_the_seat_get_the_same_decisions(seed, cards, other, read_bids):
    """The searcher (seat 0; the dealer is seat 3, so it bids and leads first) plays two deals
    that differ only in another seat's hand; wherever what it sees is the same, it decides
    the same. Its bid and its first lead always are (the others bid 1 whatever they hold)."""
    hands, twin, turned = _swap_with_stock(seed, 4, cards, other)
    assert hands != twin and hands[0] == twin[0]
    trump = trump_of(turned) if turned is not WIZARD else SUITS[seed % 4]
    seen_by_deal = []
    for deal in (hands, twin):
        seen: dict = {}

        class Spy(SearchPolicy):
            def bid(self, hand, view, seat):
                b = super().bid(hand, view, seat)
                seen[("bid", tuple(view.bids))] = b
                return b

            def play(self, legal, hand, view, seat):
                card = super().play(legal, hand, view, seat)
                seen[("play", tuple(view.played), tuple(view.trick), tuple(view.bids))] = card
                return card

        play_hands(deal, cards, 3, turned, trump, [Spy(seed=seed, worlds=3, read_bids=read_bids)] + [BidsOne()] * 3,
                   PlayOptions())
        seen_by_deal.append(seen)
    a, b = seen_by_deal
    shared = a.keys() & b.keys()
    assert len(shared) >= 2  # the bid and the first lead
    assert {k: a[k] for k in shared} == {k: b[k] for k in shared}


def test_a_seed_gives_the_same_game_and_seeds_differ():
    def game(seed):
        return play_game(4, [SearchPolicy(seed=seed, worlds=2)] + [HeuristicPolicy()] * 3, make_rng(7))

    assert game(1) == game(1)
    assert any(game(1).rounds[i].plays != game(2).rounds[i].plays for i in range(15))


class Witness(SearchPolicy):
    """Builds the seat's Sighting at each play and keeps it with how many cards were down."""

    def __init__(self, log, **kw):
        super().__init__(**kw)
        self.log = log

    def play(self, legal, hand, view, seat):
        sighting = Sighting(hand, view, seat)
        worlds = [sighting.sample(make_rng(i).random) for i in range(5)]
        self.log.append((len(view.played) + len(view.trick), sighting, worlds))
        return super().play(legal, hand, view, seat)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), p6=st.booleans())
def test_what_the_seat_infers_holds_for_the_real_hands_and_every_sampled_world(seed, players, p6):
    """Each void the searcher infers is true of the real hand, the unseen cards are exactly
    the other hands and the stock, and every world it samples keeps the hand sizes and voids."""
    cards = 60 // players
    log: list = []
    table = [Witness(log, seed=seed, worlds=1)] + [HeuristicPolicy()] * (players - 1)
    r = play_round(players, cards, seed % players, table, make_rng(seed), PlayOptions(no_wizard_on_trump_lead=p6))
    order = [(t.leader + i) % players for t in r.tricks for i in range(players)]
    dealt = Counter(c for h in r.hands for c in h) + Counter([r.turned] if r.turned else [])
    stock = Counter(FULL_DECK) - dealt
    for down, sighting, worlds in log:
        left = {s: Counter(r.hands[s]) for s in range(players)}
        for card, s in zip(r.plays[:down], order[:down]):
            left[s][card] -= 1
        left = {s: +c for s, c in left.items()}
        assert Counter(sighting.unseen) == sum((left[s] for s in sighting.holding), Counter()) + stock
        for s, n in sighting.holding.items():
            assert n == sum(left[s].values())
            for cat in sighting.bans.get(s, ()):
                assert not any(_cat(c) == cat for c in left[s])
            for w in worlds:
                assert len(w[s]) == n and not any(_cat(c) in sighting.bans.get(s, ()) for c in w[s])
        for w in worlds:
            assert Counter(c for h in w.values() for c in h) == Counter(sighting.unseen)


def _cat(card):
    return card.suit_index if card.suit is not None else (5 if card is WIZARD else 4)


def test_a_seat_that_did_not_follow_is_dealt_none_of_that_suit():
    """Seat 1 trumped a blue lead: no world gives it blue. Under W-P6, seat 2 played a
    Wizard on a red (trump) lead: it holds nothing but Wizards."""
    opts = PlayOptions(no_wizard_on_trump_lead=True)
    view = RoundView(3, 4, 4, 2, SUITS[2], parse_cards("R1")[0], opts, winner_unchecked)
    view.bids = [1, 1, 1]
    view.played = parse_cards("B7 R3 B2")  # seat 0 led (left of dealer 2); seat 1 trumped and won
    view.won = [0, 1, 0]
    view.leader = 1
    view.trick = parse_cards("R9 W")
    sighting = Sighting(parse_cards("B1 Y5 Y6"), view, 0)
    assert sighting.bans == {1: {0}, 2: {0, 1, 2, 3, 4}} and sighting.holding == {1: 2, 2: 2}
    for i in range(30):
        w = sighting.sample(make_rng(i).random)
        assert len(w[1]) == 2 and not [c for c in w[1] if c.suit is SUITS[0]]
        assert w[2] == [WIZARD] * 2
