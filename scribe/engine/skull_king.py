"""Skull King between engine players (K-R1, K-B1, K-S1..K-S4, K-T1): rounds dealt from
the game's deck, bids made at once, tricks played on the family's play engine by
Skull King's definition, the result worked out from the cards (``tally``) and scored by
the rules' own scoring, exactly as the score sheet would score that result.

Three to eight players. (At two, Graybeard's ghost plays a third hand; his play is not
in the rules yet, see ``games.skull_king.play``.)

>>> from scribe.rules.cards import make_rng
>>> rng = make_rng(4)
>>> g = play_skull_king_game(4, [SkullKingRandom(rng) for _ in range(4)], rng)
>>> len(g.rounds), [r.cards for r in g.rounds][:3], all(sum(r.won) + r.destroyed == r.cards for r in g.rounds)
(10, [1, 2, 3], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scribe.games.skull_king import Setup, make_setup
from scribe.games.skull_king.cards import (
    SUITS,
    TIGRESS_ESCAPE,
    TIGRESS_PIRATE,
    Card,
    Kind,
    Suit,
    deal,
    deck,
)
from scribe.games.skull_king.play import SKULL_KING_TRICKS, tally
from scribe.games.skull_king.scoring import Bonus, loot_points, round_points
from scribe.games.skull_king.setup import RuleSet
from scribe.games.skull_king.tricks import led_suit
from scribe.rules.errors import N_, RuleError
from scribe.rules.trickplay import RoundPlay

from .family import GamePlayed, TrickView, play_rounds, play_tricks
from .family_search import TrickSearch, copy_tricks
from .policies import aim

MIN_PLAYERS, MAX_PLAYERS = 3, 8


class SkullKingView(TrickView):
    """The public state of a round in progress (K-B1: every bid is known once play
    starts): ``number``, ``cards`` dealt each, ``dealer``, ``bids``, the seats that chose
    Rascal's Cannonball after bidding (``cannonball``, K-S4), and the tricks' (``won``,
    ``leader``, ``trick``, ``seats``, ``done``)."""

    __slots__ = ("bids", "cannonball", "cards", "dealer", "number")

    def __init__(self, players: int, number: int, cards: int, dealer: int) -> None:
        super().__init__(players)
        self.number, self.cards, self.dealer = number, cards, dealer
        self.bids: list[int | None] = [None] * players
        self.cannonball: list[int] = []

    def would_win(self, card: Card) -> bool:
        """True if ``card`` played now would take the trick on the table so far."""
        return SKULL_KING_TRICKS.winner([*self.trick, card]).winner == len(self.trick)


class SkullKingPolicy(Protocol):
    def bid(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> int:
        """A bid 0..view.cards, made without seeing the others' (K-B1)."""
        ...

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: SkullKingView, seat: int) -> Card:
        """One card of ``legal`` as played: the Tigress as ``TP`` or ``TE``."""
        ...

    def fires(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> bool:
        """Whether the seat chooses the Cannonball, once every bid is known (K-S4; asked
        only when the rules have it)."""
        ...


class SkullKingRandom:
    """Uniformly random bids and legal cards, the Tigress's choice at random too."""

    __slots__ = ("_random",)

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def bid(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> int:
        return int(self._random() * (view.cards + 1))

    def fires(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> bool:
        return False  # no draw: a game without the Cannonball deals and plays as before it came

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: SkullKingView, seat: int) -> Card:
        card = legal[int(self._random() * len(legal))]
        if card.kind is Kind.TIGRESS:
            return TIGRESS_PIRATE if self._random() < 0.5 else TIGRESS_ESCAPE
        return card


def _strength(card: Card) -> int:
    """How hard a card is to beat, for ordering choices: Escapes lowest, then the Kraken
    and the White Whale (they win nothing themselves), suit cards, black, the characters."""
    acts = card.acts
    if card.escapes:
        return 0
    if card.beast:
        return 1
    if acts is Kind.NUMBER:
        return card.rank + (20 if card.suit is Suit.BLACK else 2)
    return {Kind.MERMAID: 40, Kind.PIRATE: 50, Kind.SKULL_KING: 60}[acts]


def choices(legal: Sequence[Card]) -> list[Card]:
    """The legal cards as they may be played: the Tigress both ways."""
    out: list[Card] = []
    for c in legal:
        out += [TIGRESS_PIRATE, TIGRESS_ESCAPE] if c.kind is Kind.TIGRESS else [c]
    return out


class SkullKingHeuristic:
    """A simple pirate: bids by counting its strong cards, then plays to make the bid.

    Bid: the sum of rough chances that each card takes a trick (the Skull King, Pirates
    and the Tigress nearly sure; Mermaids often; high black cards; 13s and 14s of a suit
    at a small table). Play: while short of the bid, take the trick as cheaply as
    possible (or lead the strongest card); once there, stay under the trick with the
    strongest card that loses (an Escape, the Tigress as one, the Kraken), else throw
    the weakest. Deterministic.
    """

    __slots__ = ()

    def _chance(self, card: Card, players: int) -> float:
        kind = card.kind
        if kind in (Kind.SKULL_KING, Kind.PIRATE, Kind.TIGRESS):
            return 0.9
        if kind is Kind.MERMAID:
            return 0.6
        if kind is not Kind.NUMBER:
            return 0.0
        if card.suit is Suit.BLACK:
            return max(0.0, (card.rank - 6) / 8) * 0.8
        return max(0.0, (card.rank - 11) / 3) * (0.75 - 0.06 * players)

    def bid(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> int:
        estimate = sum(self._chance(c, view.players) for c in hand)
        return min(view.cards, max(0, round(estimate)))

    def fires(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> bool:
        return False

    def play(self, legal: Sequence[Card], hand: Sequence[Card], view: SkullKingView, seat: int) -> Card:
        want = view.won[seat] < (view.bids[seat] or 0)
        return aim(sorted(choices(legal), key=_strength), want, not view.trick, view.would_win)


@dataclass(frozen=True, slots=True)
class SkullKingRound:
    """One round played: the deal, the bids, the tricks (the family's ``RoundPlay``), the
    result worked out from the cards (a tricks entry's data) and each seat's points."""

    number: int
    cards: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    play: RoundPlay[Card]
    result: dict[str, Any]
    points: tuple[int, ...]

    @property
    def won(self) -> tuple[int, ...]:
        return self.play.won

    @property
    def destroyed(self) -> int:
        return self.play.destroyed


SkullKingGame = GamePlayed  # a finished game: its setup, its rounds, each seat's final total (K-E1)


def points_of(setup: Setup, cards: int, bids: Sequence[int], result: dict[str, Any]) -> tuple[int, ...]:
    """Each seat's points for a round's result, by the rules' scoring (K-S1..K-S4; no
    the Cannonball's seats, K-S4, in the result's ``cannonball``)."""
    return tuple(seat_points(setup.rules, cards, bids, result, p) for p in range(setup.n))


def seat_points(rules: RuleSet, cards: int, bids: Sequence[int], result: dict[str, Any], seat: int) -> int:
    """``seat``'s points for a round's result (a tricks entry's data): its bid against its
    tricks with its bonuses (K-S1, K-S2, K-S4) and its Loot alliances (K-S3)."""
    tricks = result["tricks"]
    bonus = Bonus.from_dict(result["bonuses"][seat]).points
    return (round_points(bids[seat], tricks[seat], cards, bonus, scoring=rules.scoring,
                         cannonball=seat in result.get("cannonball", ()), bonus_on_miss=rules.bonus_on_miss)
            + loot_points(result["loot"], bids, tricks)[seat])


def play_skull_king_round(setup: Setup, number: int, policies: Sequence[SkullKingPolicy],
                          rng: random.Random) -> SkullKingRound:
    """Deal round ``number`` from the game's deck (K-R1), bid (K-B1: each seat alone, all
    revealed at once), play it left of the dealer first, and score what the cards gave."""
    n, cards, dealer = setup.n, setup.cards(number), setup.dealer(number)
    rules = setup.rules
    dealt = deal(n, cards, deck(rules.kraken, rules.white_whale, rules.loot), rng)
    view = SkullKingView(n, number, cards, dealer)
    bids = []
    for seat in range(n):
        b = policies[seat].bid(dealt[seat], view, seat)
        if not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= cards:
            raise RuleError(N_("A bid is a whole number from 0 to %(cards)s, the cards dealt."), field="policy",
                            cards=cards)
        bids.append(b)
    view.bids = list(bids)  # K-B1: revealed together, once all are in
    if rules.cannonball:  # K-S4: each chooses after the bids, before the play
        view.cannonball = [s for s in range(n) if policies[s].fires(dealt[s], view, s) is True]
    play = play_tricks(SKULL_KING_TRICKS, [list(h) for h in dealt], setup.order(number)[0], policies, view)
    result = SKULL_KING_TRICKS.tally(play)
    if rules.cannonball:
        result["cannonball"] = list(view.cannonball)
    return SkullKingRound(number, cards, dealer, dealt, tuple(bids), play, result,
                          points_of(setup, cards, bids, result))


def skull_king_setup(players: int, first_dealer: int = 0, **rules: Any) -> Setup:
    """The rules' setup for an engine game of ``players`` seats, refusing what the engine
    cannot play (two players: Graybeard's ghost)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(N_("The engine plays Skull King with 3 to 8 players, not %(players)s."),
                        field="players", players=players)
    return make_setup([f"P{i + 1}" for i in range(players)], first_dealer, **rules)


def play_skull_king_game(players: int, policies: Sequence[SkullKingPolicy], rng: random.Random | None = None,
                         *, first_dealer: int = 0, setup: Setup | None = None, **rules: Any) -> SkullKingGame:
    """A whole game (K-R1: 10 rounds, or the setup's list), the deal passing left.

    ``rules``: the setup's options (``scoring="rascal"``, ``kraken=True``, ...).

    >>> from scribe.rules.cards import make_rng
    >>> g = play_skull_king_game(5, [SkullKingHeuristic()] * 5, make_rng(2), first_dealer=3, loot=True)
    >>> [r.dealer for r in g.rounds][:3], len(g.totals)
    ([3, 4, 0], 5)
    """
    setup = setup or skull_king_setup(players, first_dealer, **rules)
    return play_rounds(setup, policies, rng, play_skull_king_round)


class SkullKingSearch(TrickSearch):
    """Skull King's searching player (``family_search``): every card, the Tigress both as a
    Pirate and as an Escape; the Kraken, the White Whale and Loot when the deck holds them
    (K-T1, K-S3); the bid, made alone (K-B1: the others bid as the heuristic would on the
    world's hands); the Cannonball after the bids (K-S4); K-S1/K-S4 scoring with K-S2's
    bonuses and K-S3's Loot counted for the seat. ``setup``: the game's (its rules)."""

    tricks = SKULL_KING_TRICKS
    heuristic = SkullKingHeuristic()
    categories = 5  # the four suits (black too: it must be followed), then every special card
    rollout_forms = staticmethod(choices)

    __slots__ = ()

    def deck(self) -> Sequence[Card]:
        rules = self.setup.rules
        return deck(rules.kraken, rules.white_whale, rules.loot)

    @staticmethod
    def category(card: Card) -> int:
        return SUITS.index(card.suit) if card.kind is Kind.NUMBER else 4

    def void(self, before: Sequence[Card], card: Card) -> int | None:
        led = led_suit(before)
        if led is not None and card.kind is Kind.NUMBER and card.suit is not led:
            return SUITS.index(led)  # a suit card of another suit: none of the led one left
        return None

    def forms(self, legal: Sequence[Card]) -> list[Card]:
        return sorted(set(choices(legal)), key=str)  # the Tigress as a Pirate and as an Escape

    def copy(self, view: SkullKingView) -> SkullKingView:
        sim = copy_tricks(view, SkullKingView(view.players, view.number, view.cards, view.dealer))
        sim.cannonball = list(view.cannonball)
        return sim

    def bid_rest(self, sim: SkullKingView, hands: dict[int, list[Card]], seat: int, bid: int) -> None:
        # K-B1: everyone bids at once, so none has seen the seat's bid
        sim.bids = [bid if s == seat else self.heuristic.bid(hands[s], sim, s) for s in range(sim.players)]

    def fires(self, hand: Sequence[Card], view: SkullKingView, seat: int) -> bool:
        """Rascal's Cannonball (K-S4: 15 a card on an exact bid, else nothing), chosen after
        the bids when it scores better over the same worlds than the plain potential."""
        rules = self.setup.rules
        if not (rules.cannonball and rules.scoring == "rascal"):
            return False
        ctx = self.context(view)

        def score(fire: bool, hands: dict[int, list[Card]], roll: int) -> int:
            sim = self.copy(view)
            sim.cannonball = [*sim.cannonball, seat] if fire else [s for s in sim.cannonball if s != seat]
            self._finish(sim, hands, self._rollout(roll), ctx)
            return self.points(sim, seat)

        return self._search("cannonball", [False, True], score, hand, view, seat)

    def points(self, sim: SkullKingView, seat: int) -> int:
        result = tally(RoundPlay(sim.leader, None, (), None, tuple(sim.won), tuple(sim.done)), sim.players)
        result["cannonball"] = sim.cannonball
        return seat_points(self.setup.rules, sim.cards, sim.bids, result, seat)  # type: ignore[arg-type]

    def public(self, view: SkullKingView) -> tuple[Any, ...]:
        return tuple(view.cannonball)
