"""A whole round and a whole game between player policies (W-R1..W-R4, W-B1, W-P1, W-S1..W-S3).

Scoring is the rules core's: :func:`scribe.games.wizard.round_points` (W-S1).

>>> from scribe.engine import RandomPolicy, make_rng
>>> rng = make_rng(42)
>>> game = play_game(4, [RandomPolicy(rng) for _ in range(4)], rng)
>>> len(game.rounds), [r.cards for r in game.rounds][:3], game.rounds[-1].trump
(15, [1, 2, 3], None)
>>> all(sum(r.won) == r.cards for r in game.rounds)     # W-S2
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from scribe.games.wizard import round_points
from scribe.rules.cards import (
    WIZARD,
    WIZARD_RANK,
    Card,
    Suit,
    check_players,
    check_round,
    deal_cards,
    make_rng,
    parse_suit,
    rounds_in_game,
    trump_of,
)
from scribe.rules.errors import N_, RuleError

from .options import PlayOptions
from .policies import Policy, RandomPolicy
from .tricks import winner_unchecked
from .view import RoundView, Winner


class TrickRecord(NamedTuple):
    """One finished trick: who led, the cards in play order, who won (seats)."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """Everything that happened in one round; seats index every tuple."""

    number: int
    cards: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    turned: Card | None
    trump: Suit | None
    bids: tuple[int, ...]
    plays: tuple[Card, ...]  # every card played, trick after trick, in play order
    winners: tuple[int, ...]  # the seat that won each trick
    won: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seat that led each trick: left of the dealer, then each winner (W-P1)."""
        return ((self.dealer + 1) % len(self.won), *self.winners[:-1])

    @property
    def tricks(self) -> tuple[TrickRecord, ...]:
        """The tricks one by one (kept flat above: cheaper to record 120 times a game)."""
        n = len(self.won)
        p = self.plays
        return tuple(
            TrickRecord(lead, p[i * n : i * n + n], w)
            for i, (lead, w) in enumerate(zip(self.leaders, self.winners))
        )


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its rounds and each seat's final total (W-S3)."""

    players: int
    rounds: tuple[RoundRecord, ...]
    totals: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total; a tie gives several winners (W-S3)."""
        top = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == top)


# Play order of a trick by leading seat, per table size: built once, not per round.
_SEAT_ORDERS: Final = {
    n: tuple(tuple((lead + k) % n for k in range(n)) for lead in range(n)) for n in range(1, 7)
}


def _without_wizards(legal: list[Card]) -> list[Card]:
    """W-P6: no Wizard on a trump lead, unless the player has nothing else."""
    others = [c for c in legal if c.rank != WIZARD_RANK]
    return others or legal


def _bad_policy(template: str, seat: int, **params: object) -> RuleError:
    return RuleError(template, field="policy", seat=seat, **params)


def play_hands(
    hands: Sequence[Sequence[Card]],
    number: int,
    dealer: int,
    turned: Card | None,
    trump: Suit | None,
    policies: Sequence[Policy],
    options: PlayOptions,
    *,
    winner: Winner = winner_unchecked,
    unicolore: bool = False,
) -> RoundRecord:
    """Bid and play out dealt ``hands`` (one per seat); the trump is already known.

    Shared by standard Wizard and Unicolore, which differ in the deal, in the
    ``winner`` function and in having no suit to follow (``unicolore``). Policies that break the rules raise
    :class:`RuleError`.
    """
    dealt = tuple(map(tuple, hands))  # the record; ``live`` below is consumed by play
    players = len(dealt)
    cards = len(dealt[0])
    p6 = options.no_wizard_on_trump_lead
    follow_suit = not unicolore
    if follow_suit and winner is winner_unchecked and not [p for p in policies if type(p) is not RandomPolicy]:
        randoms = [p._random for p in policies]
        bids = _random_bids(cards, dealer, options, randoms)
        return _record(dealt, number, dealer, turned, trump, bids,
                       *_random_play(list(map(list, dealt)), dealer, trump, p6, randoms))
    view = RoundView(players, number, cards, dealer, trump, turned, options, winner, unicolore)
    live = list(map(list, dealt))

    # W-B1: bids start left of the dealer; the dealer bids last and alone may be restricted.
    bids = view.bids
    for k in range(1, players + 1):
        seat = (dealer + k) % players
        view.forbidden_bid = (
            options.forbidden_bid([b for b in bids if b is not None], cards) if k == players else None
        )
        b = policies[seat].bid(live[seat], view, seat)
        if not isinstance(b, int) or not 0 <= b <= cards or b == view.forbidden_bid:
            raise _bad_policy(
                N_("Seat %(seat)s bid %(bid)r: a bid is 0 to %(cards)s, and not %(forbidden)s."),
                seat,
                bid=b,
                cards=cards,
                forbidden=view.forbidden_bid,
            )
        bids[seat] = b
    view.forbidden_bid = None

    # W-P1: left of the dealer leads first; each trick's winner leads the next.
    # The legal cards of W-P2/W-P3/W-P6 are worked out inline, with a running count
    # of each hand's suits, because this loop runs 480 times a 4-player game; it is
    # the same logic as tricks.legal_unchecked, and a test holds the two together.
    won = view.won
    trick = view.trick
    played = view.played
    winners: list[int] = []
    leader = view.leader
    seats = _SEAT_ORDERS[players]
    plays = [p.play for p in policies]
    suit_counts = []
    for hand in live:
        counts = [0] * 5  # per Card.suit_index
        for c in hand:
            counts[c.suit_index] += 1
        suit_counts.append(counts)
    for _ in range(cards):
        trick.clear()
        view.leader = leader
        led: Suit | None | bool = None  # None: not set yet; False: a Wizard came first
        led_i = 4
        for seat in seats[leader]:
            hand = live[seat]
            if led and suit_counts[seat][led_i]:  # W-P3: follow, or play a Wizard/Jester
                legal = [c for c in hand if c.suit is led or c.suit is None]
            else:
                legal = hand  # passed as is: policies never mutate it
            if p6 and led is trump and led:
                legal = _without_wizards(legal)
            card = plays[seat](legal, hand, view, seat)
            if card not in legal:
                raise _bad_policy(
                    N_("Seat %(seat)s played %(card)r, not one of its legal cards."), seat, card=card
                )
            hand.remove(card)
            suit_counts[seat][card.suit_index] -= 1
            trick.append(card)
            if led is None and follow_suit:  # W-P2: the first number card, or a Wizard, decides
                if card.suit is not None:
                    led = card.suit
                    led_i = card.suit_index
                elif card.rank == WIZARD_RANK:
                    led = False
        w = seats[leader][winner(trick, trump, p6)]
        won[w] += 1
        winners.append(w)
        played += trick
        leader = w
    trick.clear()

    return _record(dealt, number, dealer, turned, trump, bids, played, winners, won)


def _record(dealt: tuple[tuple[Card, ...], ...], number: int, dealer: int, turned: Card | None, trump: Suit | None,
            bids: Sequence[int | None], played: Sequence[Card], winners: Sequence[int], won: Sequence[int]) -> RoundRecord:
    final_bids: tuple[int, ...] = tuple(bids)  # type: ignore[arg-type]  # all made by now
    cards = len(dealt[0])
    return RoundRecord(
        number=number,
        cards=cards,
        dealer=dealer,
        hands=dealt,
        turned=turned,
        trump=trump,
        bids=final_bids,
        plays=tuple(played),
        winners=tuple(winners),
        won=tuple(won),
        points=tuple(map(round_points, final_bids, won)),  # W-S1, the rules core
    )


def _random_bids(cards: int, dealer: int, options: PlayOptions, randoms: Sequence[Callable[[], float]]) -> list[int]:
    """The bids of random players in W-B1's order, drawing what RandomPolicy.bid draws; the
    dealer, last, is kept off the one bid the rule set forbids (W-B3, W-B6)."""
    players = len(randoms)
    bids = [0] * players
    for k in range(1, players):
        seat = (dealer + k) % players
        bids[seat] = int(randoms[seat]() * (cards + 1))
    forbidden = options.forbidden_bid([b for s, b in enumerate(bids) if s != dealer], cards)  # seat order, as play_hands
    if forbidden is None:
        bids[dealer] = int(randoms[dealer]() * (cards + 1))
    else:
        b = int(randoms[dealer]() * cards)
        bids[dealer] = b + 1 if b >= forbidden else b
    return bids


def _random_play(live: list[list[Card]], dealer: int, trump: Suit | None, p6: bool,
                 randoms: Sequence[Callable[[], float]]) -> tuple[list[Card], list[int], list[int]]:
    """The play of :func:`play_hands` between random players, the simulations' baseline:
    (cards in play order, each trick's winner, tricks won per seat).

    The same rules (W-P1..W-P6) worked out faster: each hand is also kept split by suit,
    so the cards that follow are two lists joined rather than a hand filtered (a test holds
    this to ``tricks.legal_unchecked``); the winner is ``tricks.winner_unchecked``'s. (Settling
    the winner card by card inline measured ~4% faster: not worth a second copy of W-P4..W-P6.)
    """
    players = len(live)
    by_suit = []
    for hand in live:
        split: list[list[Card]] = [[], [], [], [], []]  # per Card.suit_index; 4: Wizards and Jesters
        for c in hand:
            split[c.suit_index].append(c)
        by_suit.append(split)
    played: list[Card] = []
    winners: list[int] = []
    won = [0] * players
    seats = _SEAT_ORDERS[players]
    leader = (dealer + 1) % players  # W-P1
    wizard, to_int, size, add = WIZARD_RANK, int, len, played.append  # locals: this loop runs 480 times a game
    for _ in range(len(live[0])):
        led = None  # None: not set yet; False: a Wizard came first (W-P2)
        led_i = 4
        for seat in seats[leader]:
            hand = live[seat]
            split = by_suit[seat]
            legal = hand
            if led:
                follow = split[led_i]
                if follow:  # W-P3: follow, or play a Wizard/Jester
                    legal = follow + split[4]
                if p6 and led is trump:
                    legal = _without_wizards(legal)
            card = legal[to_int(randoms[seat]() * size(legal))]
            hand.remove(card)
            i = card.suit_index
            split[i].remove(card)
            add(card)
            if led is None:  # W-P2: the first number card, or a Wizard, sets what must be followed
                if card.suit is not None:
                    led, led_i = card.suit, i
                elif card.rank == wizard:
                    led = False
        w = seats[leader][winner_unchecked(played[-players:], trump, p6)]
        won[w] += 1
        winners.append(w)
        leader = w
    return played, winners, won


def _choose_trump(hand: Sequence[Card], dealer: int, policies: Sequence[Policy], options: PlayOptions, view: RoundView) -> Suit:
    """W-R3: the dealer names trump after a turned Wizard, having seen the hand or not."""
    seen = hand if options.dealer_sees_hand else ()
    return parse_suit(policies[dealer].choose_trump(seen, view, dealer))


def play_round(
    players: int,
    cards: int,
    dealer: int,
    policies: Sequence[Policy],
    rng: random.Random | None = None,
    options: PlayOptions | None = None,
    *,
    winner: Winner = winner_unchecked,
) -> RoundRecord:
    """Deal round ``cards`` (W-R1), settle trump (W-R3, W-R4), bid, play and score it.

    ``winner`` replaces trick resolution (benchmarks measure a baseline with it).

    >>> from scribe.engine import HeuristicPolicy
    >>> r = play_round(3, 5, 0, [HeuristicPolicy()] * 3, make_rng(3))
    >>> len(r.tricks), sum(r.won), len(r.bids), r.leaders[0]     # seat 1 leads (W-P1)
    (5, 5, 3, 1)
    """
    check_round(players, cards)
    _check_table(players, policies, dealer)
    return _round(players, cards, dealer, policies, rng or make_rng(), options or PlayOptions(), winner)


def _check_table(players: int, policies: Sequence[Policy], dealer: int) -> None:
    if len(policies) != players:
        raise RuleError(
            N_("%(players)s players need %(players)s policies, not %(count)s."),
            field="policy",
            players=players,
            count=len(policies),
        )
    if not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RuleError(N_("The dealer is a seat 0 to %(last)s."), field="dealer", last=players - 1)


def _round(
    players: int,
    cards: int,
    dealer: int,
    policies: Sequence[Policy],
    rng: random.Random,
    options: PlayOptions,
    winner: Winner,
) -> RoundRecord:
    """:func:`play_round` once its arguments are known to be good."""
    hands, turned = deal_cards(players, cards, rng.random)
    trump = trump_of(turned)
    if turned is WIZARD:
        view = RoundView(players, cards, cards, dealer, None, turned, options, winner)
        trump = _choose_trump(hands[dealer], dealer, policies, options, view)
    return play_hands(hands, cards, dealer, turned, trump, policies, options, winner=winner)


def play_game(
    players: int,
    policies: Sequence[Policy],
    rng: random.Random | None = None,
    options: PlayOptions | None = None,
    *,
    first_dealer: int = 0,
    winner: Winner = winner_unchecked,
) -> GameRecord:
    """A whole game: rounds 1..60/players, the deal passing left each round (W-R1, W-R2, W-S3).

    >>> from scribe.engine import HeuristicPolicy
    >>> g = play_game(6, [HeuristicPolicy()] * 6, make_rng(9), first_dealer=2)
    >>> len(g.rounds), [r.dealer for r in g.rounds][:4], len(g.totals)
    (10, [2, 3, 4, 5], 6)
    """
    rng = rng or make_rng()
    options = options or PlayOptions()
    check_players(players)
    _check_table(players, policies, first_dealer)
    rounds = tuple(
        _round(players, n, (first_dealer + n - 1) % players, policies, rng, options, winner)
        for n in range(1, rounds_in_game(players) + 1)
    )
    return GameRecord(players, rounds, _totals(players, rounds))


def _totals(players: int, rounds: Sequence[RoundRecord]) -> tuple[int, ...]:
    return tuple(sum(r.points[i] for r in rounds) for i in range(players))
