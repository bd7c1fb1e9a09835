"""The searching Skull King and Rikiki players (issue 37): legal in every variant, blind to
the other hands (the twin test), the same decisions for the same seed, and their picture
of the unseen cards sound (K-B1, K-T1, K-S1..K-S4; R-B1, R-B2, R-T1, R-S2, R-S3)."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from scribe.engine.family import play_tricks
from scribe.engine.rikiki import (
    RikikiHeuristic,
    RikikiSearch,
    RikikiView,
    play_rikiki_game,
    play_rikiki_round,
    rikiki_setup,
    round_view,
)
from scribe.engine.skull_king import (
    SkullKingHeuristic,
    SkullKingSearch,
    SkullKingView,
    play_skull_king_game,
    play_skull_king_round,
    skull_king_setup,
)
from scribe.games.rikiki.hook import hooked_bid
from scribe.games.skull_king.cards import Kind, deal, deck, parse_card, parse_cards
from scribe.games.skull_king.play import SKULL_KING_TRICKS
from scribe.rules.cards import make_rng, standard
from scribe.rules.cards.standard_tricks import STANDARD_TRICKS
from scribe.rules.trickplay import Trick, replay

SK_VARIANTS = [
    {},
    {"kraken": True},
    {"white_whale": True},
    {"loot": True},
    {"kraken": True, "white_whale": True, "loot": True},
    {"scoring": "rascal"},
    {"scoring": "rascal", "loot": True, "kraken": True},
    {"bonus_on_miss": True, "white_whale": True},
    {"scoring": "rascal", "cannonball": True, "white_whale": True},
]
RIKIKI_VARIANTS = [
    {"preset": "oh_hell"},
    {"preset": "nomination_whist"},
    {"preset": "boerenbridge"},  # hook from 4 cards, blind one-card round, Boerenbridge scoring
    {"preset": "rikiki", "trump": "spades"},
    {"scoring": "squares", "hook_from": None},
    {"pack": 32, "scoring": "custom", "custom": (5, 2, 1, 3)},
    {"every_card": True, "schedule": "up"},  # the biggest round deals every card: no trump
]


class Referee:
    """Wraps a player and checks each answer against the game's rules, recomputed here."""

    def __init__(self, inner, tricks, log):
        self.inner, self.tricks, self.log = inner, tricks, log

    def bid(self, hand, view, seat):
        b = self.inner.bid(hand, view, seat)
        hooked = None
        if hasattr(view, "hook_from") and seat == view.dealer:  # R-B2
            hooked = hooked_bid([x for s, x in enumerate(view.bids) if s != seat and x is not None], view.cards,
                                view.hook_from)
        assert type(b) is int and 0 <= b <= view.cards and b != hooked, (b, hooked)
        self.log.append(("bid", seat, b))
        return b

    def fires(self, hand, view, seat):
        fire = self.inner.fires(hand, view, seat)
        assert type(fire) is bool and None not in view.bids  # K-S4: after the bids
        self.log.append(("cannonball", seat, fire))
        return fire

    def play(self, legal, hand, view, seat):
        card = self.inner.play(legal, hand, view, seat)
        allowed, _why = self.tricks.legal(hand, view.trick, getattr(view, "trump", None))
        assert self.tricks.played(str(card)) == card  # the Tigress only with her choice said
        assert self.tricks.hand_form(card) in allowed
        self.log.append(("play", seat, card))
        return card


#: Per game: its setup, its variants, its searcher, its trick rules, a round, the most players.
GAMES = {
    "skull_king": (skull_king_setup, SK_VARIANTS, SkullKingSearch, SKULL_KING_TRICKS, play_skull_king_round, 8),
    "rikiki": (rikiki_setup, RIKIKI_VARIANTS, RikikiSearch, STANDARD_TRICKS, play_rikiki_round, 7),
}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10**6), game=st.sampled_from(sorted(GAMES)), share=st.floats(0, 1))
def test_searchers_bid_choose_and_play_only_what_the_rules_allow_in_every_variant(data, seed, game, share):
    make, variants, search, tricks, play_round, most = GAMES[game]
    players = data.draw(st.integers(3, most), label="players")
    setup = make(players, seed % players, **data.draw(st.sampled_from(variants), label="variant"))
    number = 1 + int(share * (setup.round_count - 1))
    log: list = []
    table = [Referee(search(setup, seed + s, worlds=2), tricks, log) for s in range(players)]
    r = play_round(setup, number, table, make_rng(seed))
    assert sum(r.won) + r.play.destroyed == r.cards
    assert [sum(1 for e in log if e[0] == kind) for kind in ("bid", "play")] == [players, players * r.cards]


def test_rikiki_engine_games_deal_turn_hook_and_score_by_the_rules():
    """R-M1, R-T1: the card turned is none of the hands' and names the trump, none when every
    card is dealt, spades always when so set; R-B2: the dealer never makes the bids total the
    cards; R-S2, R-S3: each seat scores as the rules' setup scores it."""
    for i, variant in enumerate(RIKIKI_VARIANTS):
        setup = rikiki_setup(4, i % 4, **variant)
        g = play_rikiki_game(4, [RikikiHeuristic()] * 4, make_rng(i), setup=setup)
        assert len(g.rounds) == setup.round_count
        for number, r in enumerate(g.rounds, 1):
            assert sum(r.won) == r.cards == setup.cards(number) and r.dealer == setup.dealer(number)
            if setup.rules.trump == "spades":
                assert r.trump == "S" and r.turned is None
            elif not setup.has_trump(number):
                assert r.trump is None and r.turned is None
            else:
                assert r.trump == r.turned[-1] and all(r.turned not in h for h in r.hands)
            if setup.restricted(r.cards):
                assert sum(r.bids) != r.cards or hooked_bid([b for s, b in enumerate(r.bids) if s != r.dealer],
                                                            r.cards) is None
            assert r.points == tuple(setup.points(b, t) for b, t in zip(r.bids, r.won))
    # a sheet may name the trump ("hearts"): the players see it as the same trump
    bids = [RikikiHeuristic().bid(["AH", "KH", "QH"], RikikiView(3, 1, 3, 0, "2H", t), 1) for t in ("H", "hearts")]
    assert bids == [3, 3]


def test_the_searching_tigress_is_played_as_a_pirate_or_an_escape():
    setup = skull_king_setup(3)
    view = SkullKingView(3, 2, 2, 2)
    view.bids = [1, 0, 0]
    choice = SkullKingSearch(setup, 1, "easy").play(parse_cards("TI G3"), parse_cards("TI G3"), view, 0)
    assert str(choice) in ("TP", "TE", "G3")
    plays = {str(SkullKingSearch(setup, s, "easy").play(parse_cards("TI"), parse_cards("TI G9"), view, 0))
             for s in range(5)}
    assert plays <= {"TP", "TE"}


def test_the_searcher_fires_the_cannonball_on_a_bid_it_is_sure_to_make_and_not_on_a_hopeless_one():
    """K-S4: 15 a card on an exact bid, nothing otherwise; the plain potential is 10 a card,
    half of it when off by one."""
    setup = skull_king_setup(3, scoring="rascal", cannonball=True)
    view = SkullKingView(3, 3, 3, 2)
    view.bids = [0, 1, 1]
    searcher = SkullKingSearch(setup, 1, "medium")
    assert searcher.fires(parse_cards("ES ES G1"), view, 0) is True  # it can always lose every trick
    view.bids = [3, 1, 1]
    assert searcher.fires(parse_cards("G1 G2 Y1"), view, 0) is False
    assert SkullKingSearch(skull_king_setup(3, scoring="rascal"), 1).fires(parse_cards("ES ES G1"), view, 0) is False


def test_a_fired_cannonball_is_scored_as_the_rules_score_it():
    setup = skull_king_setup(3, scoring="rascal", cannonball=True)
    table = [SkullKingSearch(setup, s, worlds=3) for s in range(3)]
    g = play_skull_king_game(3, table, make_rng(5), setup=setup)
    fired = [(r, s) for r in g.rounds for s in r.result["cannonball"]]
    assert fired  # some seat fired it in ten rounds
    for r, s in fired:  # exact: 15 a card and its bonuses (and Loot); missed: nothing at all
        assert r.points[s] >= 15 * r.cards if r.bids[s] == r.won[s] else r.points[s] == 0


def test_a_rikiki_searcher_bidding_under_sealed_bids_models_every_bid_it_cannot_see():
    """Bids sealed until all are in (R-B1's reveal modes): seat 2 bids seeing none of seat 1's
    or the dealer's; every playout still has a bid for each seat, the dealer's off the hook."""
    setup = rikiki_setup(3, schedule="list", cards=(4,))
    seen = []

    class Counting(RikikiSearch):
        def points(self, sim, seat):
            seen.append(list(sim.bids))
            assert hooked_bid(sim.bids[1:], sim.cards, sim.hook_from) != sim.bids[0]  # dealer 0 is hooked
            return super().points(sim, seat)

    view = round_view(setup, 1, "2H")
    assert view.dealer == 0
    b = Counting(setup, 1, worlds=3).bid(["AS", "KS", "3D", "9C"], view, 2)
    assert 0 <= b <= 4 and seen and all(None not in bids for bids in seen)


# --- blind to the other hands ------------------------------------------------------------


class BidsOne:
    """The heuristic's play, always bidding one: the searcher sees the same bids in both twins."""

    def __init__(self, heuristic):
        self.heuristic = heuristic

    def bid(self, hand, view, seat):
        return 1

    def play(self, legal, hand, view, seat):
        return self.heuristic.play(legal, hand, view, seat)


class Spy:
    """Keeps each decision of the player with what its seat saw when it made it."""

    def __init__(self, inner):
        self.inner, self.seen = inner, {}

    def bid(self, hand, view, seat):
        b = self.inner.bid(hand, view, seat)
        self.seen[("bid", tuple(view.bids))] = b
        return b

    def play(self, legal, hand, view, seat):
        card = self.inner.play(legal, hand, view, seat)
        done = tuple((s, str(c)) for t in view.done for s, c in t.plays)
        self.seen[("play", done, tuple(map(str, view.trick)))] = str(card)
        return card


def _twin(hands, pool, other, pick):
    """The deal again but for one card of seat ``other`` swapped for an undealt one unlike it."""
    twin = [list(h) for h in hands]
    stock = [c for c in (Counter(pool) - Counter(c for h in hands for c in h)).elements() if c not in hands[other]]
    twin[other][pick % len(twin[other])] = stock[pick % len(stock)]
    return [tuple(h) for h in twin]


def _decisions(play_deal, deals):
    spies = [play_deal(deal) for deal in deals]
    a, b = (s.seen for s in spies)
    shared = a.keys() & b.keys()
    assert len(shared) >= 2  # the bid and the first lead at least
    return {k: a[k] for k in shared}, {k: b[k] for k in shared}


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 10), other=st.integers(1, 3), variant=st.sampled_from(SK_VARIANTS))
def test_skull_king_twin_deals_that_look_the_same_from_the_seat_get_the_same_decisions(seed, cards, other, variant):
    """The searcher (seat 0, left of the dealer: it leads) plays two deals that differ only in
    another seat's hand; wherever what it sees is the same, it decides the same."""
    setup = skull_king_setup(4, 3, **variant)
    pool = deck(setup.rules.kraken, setup.rules.white_whale, setup.rules.loot)
    hands = deal(4, cards, pool, make_rng(seed))
    twin = _twin(hands, pool, other, seed)
    assert twin != list(hands) and twin[0] == hands[0]

    def play_deal(dealt):
        spy = Spy(SkullKingSearch(setup, seed, worlds=3))
        table = [spy] + [BidsOne(SkullKingHeuristic())] * 3
        view = SkullKingView(4, cards, cards, 3)
        view.bids = [p.bid(h, view, s) for s, (p, h) in enumerate(zip(table, dealt))]  # K-B1: at once
        play_tricks(SKULL_KING_TRICKS, [list(h) for h in dealt], 0, table, view)
        return spy

    a, b = _decisions(play_deal, (hands, twin))
    assert a == b


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 12), other=st.integers(1, 3))
def test_rikiki_twin_deals_that_look_the_same_from_the_seat_get_the_same_decisions(seed, cards, other):
    """As above for Rikiki: the same card turned up, another seat's hand changed."""
    setup = rikiki_setup(4, 3, schedule="list", cards=(cards,))
    dealt = standard.deal(4, cards, make_rng(seed), standard.PACKS[52])
    pool = [c for c in standard.PACKS[52] if c != dealt.turned]
    twin = _twin(dealt.hands, pool, other, seed)
    assert twin != list(dealt.hands) and twin[0] == dealt.hands[0]

    def play_deal(hands):
        spy = Spy(RikikiSearch(setup, seed, worlds=3))
        table = [spy] + [BidsOne(RikikiHeuristic())] * 3
        view = round_view(setup, 1, dealt.turned)
        for s in (0, 1, 2, 3):
            view.bids[s] = table[s].bid(hands[s], view, s)
        play_tricks(STANDARD_TRICKS, [list(h) for h in hands], 0, table, view, view.trump)
        return spy

    a, b = _decisions(play_deal, (dealt.hands, twin))
    assert a == b


class Replayed:
    """At each play, decides also on a view rebuilt from the rules' replay of the cards played
    so far, as a seat's sheet holds them (codes), and checks both decisions agree."""

    def __init__(self, inner, game, fresh, card, plays, ctx=None):
        self.inner, self.game, self.fresh, self.card, self.plays, self.ctx = inner, game, fresh, card, plays, ctx
        self.checked = 0

    def bid(self, hand, view, seat):
        return self.inner.bid(hand, view, seat)

    def play(self, legal, hand, view, seat):
        state = replay(self.game, view.players, self.plays[0][0] if self.plays else view.leader,
                       [(s, self.card(c)) for s, c in self.plays], view.cards, self.ctx)
        rebuilt = self.fresh(view).follow(state, self.card)
        assert (rebuilt.won, rebuilt.leader, rebuilt.trick, rebuilt.seats) == (view.won, view.leader, view.trick,
                                                                                view.seats)
        assert [t.plays for t in rebuilt.done] == [t.plays for t in view.done]
        card = self.inner.play(legal, hand, view, seat)
        assert self.inner.play(legal, hand, rebuilt, seat) == card
        self.checked += 1
        return card


class Log:
    """Keeps every card played, as its code, in play order (what the round's log holds)."""

    def __init__(self, inner, plays):
        self.inner, self.plays = inner, plays

    def bid(self, hand, view, seat):
        return self.inner.bid(hand, view, seat)

    def play(self, legal, hand, view, seat):
        card = self.inner.play(legal, hand, view, seat)
        self.plays.append((seat, str(card)))
        return card


def test_a_view_rebuilt_from_the_logged_cards_gets_the_same_decisions():
    """The entry point for a seat at a table: the engine's view made from the rules' play of
    the round (``follow``) holds what the engine's own does, and the searchers decide alike."""
    setup = skull_king_setup(4, kraken=True, loot=True)
    plays: list = []

    def fresh(view):
        out = SkullKingView(view.players, view.number, view.cards, view.dealer)
        out.bids = list(view.bids)
        return out

    sk = Replayed(SkullKingSearch(setup, 3, worlds=2), SKULL_KING_TRICKS, fresh, parse_card, plays)
    table = [Log(p, plays) for p in [sk] + [SkullKingHeuristic()] * 3]
    for number in (5, 8):
        plays.clear()
        play_skull_king_round(setup, number, table, make_rng(number))
    assert sk.checked == 5 + 8

    setup = rikiki_setup(3, schedule="list", cards=(9,))
    plays.clear()
    rk = Replayed(RikikiSearch(setup, 3, worlds=2), STANDARD_TRICKS, None, str, plays)
    table = [Log(p, plays) for p in [rk] + [RikikiHeuristic()] * 2]
    dealt = standard.deal(3, 9, make_rng(2), standard.PACKS[52])

    def fresh_rikiki(view):
        out = round_view(setup, 1, dealt.turned)
        out.bids = list(view.bids)
        return out

    rk.fresh, rk.ctx = fresh_rikiki, round_view(setup, 1, dealt.turned).trump
    view = round_view(setup, 1, dealt.turned)
    for s in (1, 2, 0):
        view.bids[s] = table[s].bid(dealt.hands[s], view, s)
    play_tricks(STANDARD_TRICKS, [list(h) for h in dealt.hands], 1, table, view, view.trump)
    assert rk.checked == 9


# --- the same seed, the same decisions -----------------------------------------------------


def test_a_seed_gives_the_same_skull_king_game_and_seeds_differ():
    setup = skull_king_setup(4, loot=True, rounds=(3, 6, 9))

    def game(seed):
        table = [SkullKingSearch(setup, seed, "easy")] + [SkullKingHeuristic()] * 3
        return play_skull_king_game(4, table, make_rng(7), setup=setup)

    assert game(1) == game(1)
    assert any(game(1).rounds[i].play != game(2).rounds[i].play for i in range(3))


def test_a_seed_gives_the_same_rikiki_game_and_seeds_differ():
    setup = rikiki_setup(4, preset="nomination_whist")

    def game(seed):
        table = [RikikiSearch(setup, seed, "easy")] + [RikikiHeuristic()] * 3
        return play_rikiki_game(4, table, make_rng(7), setup=setup)

    assert game(1) == game(1)
    assert any(game(1).rounds[i].play != game(2).rounds[i].play for i in range(7))


# --- what the seat infers ----------------------------------------------------------------


class Witness:
    """At each of its plays, checks the searcher's picture of the unseen cards against the
    real hands (``live``, the lists the play engine empties as cards are played)."""

    def __init__(self, inner, live, stock, category):
        self.inner, self.live, self.stock, self.category = inner, live, stock, category
        self.checked = 0

    def bid(self, hand, view, seat):
        return self.inner.bid(hand, view, seat)

    def play(self, legal, hand, view, seat):
        sighting = self.inner.sighting(hand, view, seat)
        others = {s: Counter(h) for s, h in enumerate(self.live) if s != seat}
        assert Counter(sighting.unseen) == sum(others.values(), Counter()) + self.stock
        for s, held in others.items():
            assert sighting.holding[s] == sum(held.values())
            assert not any(self.category(c) in sighting.bans.get(s, ()) for c in held)  # every void is true
        for i in range(4):
            w = sighting.sample(make_rng(i).random)
            assert Counter(c for h in w.values() for c in h) == Counter(sighting.unseen)
            for s in others:
                assert len(w[s]) == sighting.holding[s]
                assert not any(self.category(c) in sighting.bans.get(s, ()) for c in w[s])
        self.checked += 1
        return self.inner.play(legal, hand, view, seat)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 6), variant=st.sampled_from(SK_VARIANTS))
def test_skull_king_voids_hold_for_the_real_hands_and_every_sampled_world(seed, players, variant):
    setup = skull_king_setup(players, **variant)
    pool = deck(setup.rules.kraken, setup.rules.white_whale, setup.rules.loot)
    cards = min(10, len(pool) // players)
    hands = deal(players, cards, pool, make_rng(seed))
    live = [list(h) for h in hands]
    stock = Counter(pool) - Counter(c for h in hands for c in h)
    searcher = SkullKingSearch(setup, seed, worlds=1)
    witness = Witness(searcher, live, stock, searcher.category)
    table = [witness] + [SkullKingHeuristic()] * (players - 1)
    view = SkullKingView(players, cards, cards, players - 1)
    view.bids = [p.bid(h, view, s) for s, (p, h) in enumerate(zip(table, hands))]
    play_tricks(SKULL_KING_TRICKS, live, 0, table, view)
    assert witness.checked == cards


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_rikiki_voids_hold_for_the_real_hands_and_every_sampled_world(seed, players):
    setup = rikiki_setup(players)
    cards = setup.most
    dealt = standard.deal(players, cards, make_rng(seed), standard.PACKS[52])
    live = [list(h) for h in dealt.hands]
    stock = Counter(standard.PACKS[52]) - Counter(c for h in dealt.hands for c in h) - Counter([dealt.turned])
    searcher = RikikiSearch(setup, seed, worlds=1)
    witness = Witness(searcher, live, stock, searcher.category)
    table = [witness] + [RikikiHeuristic()] * (players - 1)
    view = round_view(setup, 1, dealt.turned)
    for s in [*range(players)]:
        view.bids[s] = table[s].bid(dealt.hands[s], view, s)
    play_tricks(STANDARD_TRICKS, live, (view.dealer + 1) % players, table, view, view.trump)
    assert witness.checked == cards


def test_a_skull_king_seat_that_did_not_follow_is_dealt_none_of_that_suit():
    """Seat 1 played black on a green lead: no green left. Seat 2 played a Pirate on green:
    special cards may always be played, so nothing is learned. After a Pirate led, nothing
    is to be followed: seat 0's yellow says nothing of its green (K-T1's following rules)."""
    setup = skull_king_setup(3)
    view = SkullKingView(3, 3, 3, 2)
    view.bids = [1, 1, 1]
    view.done = [Trick(0, ((0, c1), (1, c2), (2, c3)), SKULL_KING_TRICKS.winner([c1, c2, c3]))
                 for c1, c2, c3 in [parse_cards("G5 B2 PI")]]
    view.leader = 2
    view.trick, view.seats = parse_cards("PI Y3"), [2, 0]
    searcher = SkullKingSearch(setup, 1)
    sighting = searcher.sighting(parse_cards("G1 Y9"), view, 1)
    assert sighting.bans == {}  # seat 1 asks: what it lacks itself it knows from its hand
    sighting = searcher.sighting(parse_cards("G1"), view, 2)
    assert sighting.bans == {1: {0}}
    for i in range(30):
        w = sighting.sample(make_rng(i).random)
        assert not [c for c in w[1] if c.kind is Kind.NUMBER and str(c).startswith("G")]


# --- scribe simulate ------------------------------------------------------------------------


def test_simulate_seats_searching_players_by_level_and_replays_them_from_the_seed():
    from scribe.engine.simulate import format_report, main, simulate

    r = simulate(3, 1, seed=4, game="skull_king", policy="easy,heuristic,heuristic", kraken=True)
    assert r.policies == ("easy", "heuristic", "heuristic") and r.games == 1
    assert r.average_score == simulate(3, 1, seed=4, game="skull_king", policy="easy,heuristic,heuristic",
                                       kraken=True).average_score
    wizard = simulate(3, 1, seed=1, policy="easy,random,heuristic")
    assert format_report(wizard).splitlines()[3].split()[:2] == ["0", "easy"]
    assert main(["--game", "skull_king", "--players", "3", "--games", "1", "--policy", "search,random,random"]) == 0


def test_simulate_names_the_searching_players_when_a_policy_is_unknown(capsys):
    from scribe.engine.simulate import main

    assert main(["--players", "3", "--games", "1", "--policy", "genius"]) == 2
    assert "random, heuristic, search, easy, medium, hard" in capsys.readouterr().err
