"""A searching Wizard player (issue 37): information-set search by determinisation.

At each decision the player deals the cards it cannot see at random among the other
seats and the undealt stock, consistently with what its own seat has seen (its hand,
the turned card, the cards played, the suits a seat has shown it lacks by not
following, and under W-P6 a Wizard played on a trump lead, which only a hand of
nothing else may do), never reading another hand: it only ever gets its :class:`RoundView`.
In each such world it plays every legal choice out to the end of the round with fast
players (the heuristic, now and then a random legal card) and keeps the choice with
the best mean score for its own seat (W-S1). The same worlds and the same playout
dice serve every choice, so the choices are compared on equal luck. Bids come from
the same search: every legal bid is played out; so does trump after a turned Wizard.

The budget (worlds x playouts per world) is the difficulty level. Each decision's dice
are seeded from the player's seed and what its seat sees, so a seed gives the same
decisions, and two deals that look the same from the seat give the same decisions.

Not searched yet (the heuristic answers instead): Unicolore (W-U1..W-U3), where each
seat draws from its own deck, and the dealer naming trump blind (nothing to search on).
The other seats are modelled as playing like the heuristic; their bids are read for
what they say about their hands only with ``read_bids`` (worlds drawn again until the
bids fit the heuristic's, off by default until measured on more deals). A model of
people's play and bids is for the next step.

>>> from scribe.engine import HeuristicPolicy, make_rng, play_round
>>> r = play_round(4, 3, 3, [SearchPolicy(seed=1, worlds=4)] + [HeuristicPolicy()] * 3, make_rng(2))
>>> sum(r.won), len(r.bids)
(3, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from scribe.games.wizard import round_points
from scribe.rules.cards import FULL_DECK, SUITS, WIZARD_RANK, Card, Suit
from scribe.rules.cards.tricks import led_of, legal_unchecked

from .policies import HeuristicPolicy
from .view import RoundView
from .worlds import LEVELS, Level, Rollout, T, Unseen, best, decision_dice

__all__ = ["LEVELS", "Level", "SearchPolicy", "Sighting"]

_HEURISTIC: Final = HeuristicPolicy()
_BID_TRIES: Final = 8  # draws of a world before settling for one that does not fit the bids
_JESTERS, _WIZARDS = 4, 5  # categories after the four suits' 0..3 (Card.suit_index)


def _category(card: Card) -> int:
    """0..3 the suits (B G R Y), 4 Jester, 5 Wizard: what a void or a forced card rules out."""
    if card.suit is not None:
        return card.suit_index
    return _WIZARDS if card.rank == WIZARD_RANK else _JESTERS


class Sighting(Unseen):
    """What ``seat`` knows of the round: the cards it cannot see (``unseen``), how many
    each other seat still holds (``holding``), the card kinds each cannot hold (``bans``)
    and the cards each seat has played this round (``shown``).

    Read from the view alone: the finished tricks' seats are replayed from the first
    leader (W-P1) through the view's own trick winner (W-P4..W-P6).
    """

    __slots__ = ()

    def __init__(self, hand: Sequence[Card], view: RoundView, seat: int) -> None:
        n = view.players
        seen = [*hand, *view.played, *view.trick]
        if view.turned is not None:
            seen.append(view.turned)
        unseen = list(FULL_DECK)
        for c in seen:
            unseen.remove(c)
        played: list[list[Card]] = [[] for _ in range(n)]
        bans: dict[int, set[int]] = {s: set() for s in range(n) if s != seat}
        leader = (view.dealer + 1) % n
        finished = view.played
        p6 = view.options.no_wizard_on_trump_lead
        for start in range(0, len(finished), n):
            trick = finished[start : start + n]
            self._learn(trick, leader, view.trump, p6, played, bans)
            leader = (leader + view.trick_winner(trick)) % n
        self._learn(view.trick, view.leader, view.trump, p6, played, bans)
        left = view.cards - len(finished) // n
        holding = {s: left - (1 if len(played[s]) > len(finished) // n else 0) for s in bans}
        super().__init__(unseen, holding, bans, played, category=_category, categories=6)

    @staticmethod
    def _learn(trick: Sequence[Card], leader: int, trump: Suit | None, p6: bool,
               played: list[list[Card]], bans: dict[int, set[int]]) -> None:
        n = len(played)
        for i, card in enumerate(trick):
            s = (leader + i) % n
            played[s].append(card)
            if s not in bans:
                continue
            led = led_of(trick[:i])
            if led and card.suit is not None and card.suit is not led:
                bans[s].add(SUITS.index(led))  # W-P3: it did not follow, so it has none left
            elif led and p6 and led is trump and card.rank == WIZARD_RANK:
                bans[s].update((0, 1, 2, 3, _JESTERS))  # W-P6: a Wizard there means nothing else


#: ``score(choice, table, hands, players)``: the searcher's points once ``choice`` is played out.
Score = Callable[[T, RoundView, dict[int, list[Card]], Rollout], int]


def _simulated(view: RoundView, trump: Suit | None) -> RoundView:
    """A private copy of the table for one playout (the real view is never touched)."""
    sim = RoundView(view.players, view.number, view.cards, view.dealer, trump, view.turned, view.options,
                    view.trick_winner_function, view.unicolore)
    sim.bids = list(view.bids)
    sim.won = list(view.won)
    sim.leader = view.leader
    sim.trick = list(view.trick)
    sim.played = list(view.played)
    return sim


def _place(sim: RoundView, hands: dict[int, list[Card]], seat: int, card: Card) -> None:
    """``seat`` plays ``card``; a full trick goes to its winner, who leads next (W-P1, W-P4)."""
    hands[seat].remove(card)
    trick = sim.trick
    trick.append(card)
    if len(trick) == sim.players:
        w = (sim.leader + sim.trick_winner(trick)) % sim.players
        sim.won[w] += 1
        sim.leader = w
        sim.played += trick
        trick.clear()


def _finish(sim: RoundView, hands: dict[int, list[Card]], player: Rollout) -> None:
    """Play the round out from ``sim`` (W-P2, W-P3, W-P6 through the rules' legal cards)."""
    n = sim.players
    p6 = sim.options.no_wizard_on_trump_lead
    while True:
        seat = (sim.leader + len(sim.trick)) % n
        hand = hands[seat]
        if not hand:
            return
        legal = legal_unchecked(hand, sim.trick, sim.trump, p6)
        _place(sim, hands, seat, player.play(legal, hand, sim, seat))


def _bid_rest(sim: RoundView, hands: dict[int, list[Card]], first: int) -> None:
    """The bidders from place ``first`` on (1: left of the dealer) bid as the heuristic
    would; the dealer, last, under the rule set's restriction (W-B1, W-B3..W-B6)."""
    n = sim.players
    for step in range(first, n + 1):
        s = (sim.dealer + step) % n
        made = [b for b in sim.bids if b is not None]
        sim.forbidden_bid = sim.options.forbidden_bid(made, sim.cards) if step == n else None
        sim.bids[s] = _HEURISTIC.bid(hands[s], sim, s)
    sim.forbidden_bid = None


class SearchPolicy:
    """A Wizard player that searches (see the module's docstring); a :class:`Policy`.

    ``worlds`` determinisations of the unseen cards per decision, ``playouts`` per world
    and choice; ``epsilon`` the share of random cards in the playouts; ``seed`` the dice;
    ``read_bids`` draws worlds where the others' bids look like the heuristic's on their hands.
    """

    __slots__ = ("epsilon", "playouts", "read_bids", "seed", "worlds")

    def __init__(self, seed: int = 0, worlds: int = 12, playouts: int = 1, epsilon: float = 0.1,
                 read_bids: bool = False) -> None:
        self.seed = seed
        self.read_bids = read_bids
        self.worlds = worlds
        self.playouts = playouts
        self.epsilon = epsilon

    @classmethod
    def at(cls, level: str, seed: int = 0) -> SearchPolicy:
        """The player of a named level (:data:`LEVELS`)."""
        budget = LEVELS[level]
        return cls(seed, budget.worlds, budget.playouts)

    # --- the three decisions of the Policy protocol ------------------------------

    def choose_trump(self, hand: Sequence[Card], view: RoundView, seat: int) -> Suit:
        if not hand or view.unicolore:  # blind (W-R3): every suit looks the same from here
            return _HEURISTIC.choose_trump(hand, view, seat)

        def score(suit: Suit, sim: RoundView, hands: dict[int, list[Card]], player: Rollout) -> int:
            sim.trump = suit
            _bid_rest(sim, hands, 1)  # everyone bids, the searcher too, as the heuristic would
            sim.leader = (sim.dealer + 1) % sim.players
            _finish(sim, hands, player)
            return round_points(sim.bids[seat], sim.won[seat])  # type: ignore[arg-type]

        return self._best("trump", SUITS, score, hand, view, seat)

    def bid(self, hand: Sequence[Card], view: RoundView, seat: int) -> int:
        if view.unicolore:
            return _HEURISTIC.bid(hand, view, seat)
        bids = [b for b in range(view.cards + 1) if b != view.forbidden_bid]

        def score(b: int, sim: RoundView, hands: dict[int, list[Card]], player: Rollout) -> int:
            sim.bids[seat] = b
            _bid_rest(sim, hands, ((seat - sim.dealer) % sim.players or sim.players) + 1)
            sim.leader = (sim.dealer + 1) % sim.players
            _finish(sim, hands, player)
            return round_points(b, sim.won[seat])

        return self._best("bid", bids, score, hand, view, seat)

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: RoundView, seat: int) -> Card:
        choices = sorted(set(legal), key=lambda c: c.code)
        if len(choices) == 1 or view.unicolore:
            return choices[0] if len(choices) == 1 else _HEURISTIC.play(legal, hand, view, seat)
        bid = view.bids[seat] or 0

        def score(card: Card, sim: RoundView, hands: dict[int, list[Card]], player: Rollout) -> int:
            _place(sim, hands, seat, card)
            _finish(sim, hands, player)
            return round_points(bid, sim.won[seat])

        return self._best("play", choices, score, hand, view, seat)

    # --- the search ------------------------------------------------------------------

    def _dice(self, kind: str, hand: Sequence[Card], view: RoundView, seat: int) -> random.Random:
        """This decision's dice: from the seed and what the seat sees, and nothing else."""
        seen = (kind, seat, sorted(c.code for c in hand), view.number, view.cards, view.dealer,
                view.turned and view.turned.code, view.trump, view.bids, view.forbidden_bid, view.won,
                view.leader, [c.code for c in view.trick], [c.code for c in view.played])
        return decision_dice(self.seed, seen)

    def _world(self, sighting: Sighting, dice: random.Random, view: RoundView, seat: int) -> dict[int, list[Card]]:
        """One world; with ``read_bids``, drawn again (a few times at most) until every other
        seat's bid is one the heuristic would have made, give or take one, on the hand the
        world gives it (what it holds now and what it has played this round)."""
        world = sighting.sample(dice.random)
        if not self.read_bids:
            return world
        table = _simulated(view, view.trump)
        table.forbidden_bid = None
        for _ in range(_BID_TRIES):
            if all(abs(_HEURISTIC.bid([*world[s], *sighting.shown[s]], table, s) - b) <= 1
                   for s, b in enumerate(view.bids) if b is not None and s != seat):
                break
            world = sighting.sample(dice.random)
        return world

    def _best(self, kind: str, choices: Sequence[T], score: Score[T], hand: Sequence[Card], view: RoundView,
              seat: int) -> T:
        """The choice with the best total score over the same worlds and dice; ties to the first."""
        dice = self._dice(kind, hand, view, seat)
        sighting = Sighting(hand, view, seat)

        def worlds() -> Iterator[dict[int, list[Card]]]:
            for _ in range(self.worlds):
                world = self._world(sighting, dice, view, seat)
                world[seat] = list(hand)
                yield world

        def played_out(choice: T, hands: dict[int, list[Card]], roll: int) -> int:
            return score(choice, _simulated(view, view.trump), hands, Rollout(roll, self.epsilon, _HEURISTIC))

        return best(choices, played_out, worlds(), self.playouts, dice)
