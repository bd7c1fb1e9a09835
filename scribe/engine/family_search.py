"""Searching players for Skull King and Rikiki (issue 37): Wizard's information-set search
(``search``) over the family's play engine (``family``), for any game whose definition is
a ``rules.trickplay.TrickGame``.

At each decision the player deals the cards it cannot see among the other seats and the
undealt stock, consistently with what its seat has seen (its hand, the card turned, the
cards played, the suits a seat has shown it lacks by not following: ``worlds.Unseen``),
never reading another hand: it gets only its seat's view. In each world it plays every
legal choice out to the end of the round with the game's fast heuristic (now and then a
random legal card), over the same worlds and dice for every choice, and keeps the choice
with the best mean score for its own seat, by the rules' own scoring:

- Skull King (:class:`SkullKingSearch`): every card, the Tigress both as a Pirate and as an
  Escape; the Kraken, the White Whale and Loot when the deck holds them (K-T1, K-S3); the
  bid, made alone (K-B1: the others bid as the heuristic would on the world's hands);
  K-S1/K-S4 scoring with K-S2's bonuses and K-S3's Loot alliances counted for the seat.
- Rikiki (:class:`RikikiSearch`): every card; the bid in turn (R-B1), never the dealer's
  hooked number (R-B2), the later bidders modelled by the heuristic; the trump turned,
  spades always or none (R-T1); the table's scoring (R-S2, R-S3).

The budget (``worlds`` x ``playouts``) is the level (``worlds.LEVELS``: easy, medium,
hard). A decision's dice come from the seed and what the seat sees, so a seed and a view
give one decision, and two deals that look the same from the seat give the same one.

The entry point for a seat at a real table (``scribe/bots``): build the engine's view of
the round from the seat's sheet (:class:`~scribe.engine.skull_king.SkullKingView` or
:class:`~scribe.engine.rikiki.RikikiView` (``rikiki.round_view``): the bids made, the
Cannonball's seats, and the tricks from the round's ``RoundPlay`` with ``view.follow(play,
parse_card)``), then

    SkullKingSearch(setup, seed, level).bid(hand, view, seat) -> int
    SkullKingSearch(setup, seed, level).play(legal, hand, view, seat) -> Card  (TP/TE for the Tigress)
    SkullKingSearch(setup, seed, level).fires(hand, view, seat) -> bool  (the Cannonball, K-S4)
    RikikiSearch(setup, seed, level).bid(hand, view, seat) -> int
    RikikiSearch(setup, seed, level).play(legal, hand, view, seat) -> str (a code)

``setup`` is the game's own (``games.skull_king.Setup``, ``games.rikiki.Setup``): its rules
say the deck and the scoring. Skull King's searcher also says whether it
fires Rascal's Cannonball once the bids are known (``fires``, K-S4), searched the same way.
Not searched: Graybeard's ghost at two players, the one-card round played blind (R-B3).

>>> from scribe.engine.skull_king import SkullKingHeuristic, play_skull_king_game, skull_king_setup
>>> from scribe.rules.cards import make_rng
>>> setup = skull_king_setup(4, kraken=True, loot=True)
>>> g = play_skull_king_game(4, [SkullKingSearch(setup, 1, "easy")] + [SkullKingHeuristic()] * 3, make_rng(2), setup=setup)
>>> len(g.rounds), all(sum(r.won) + r.destroyed == r.cards for r in g.rounds)
(10, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

from scribe.games.rikiki.hook import hooked_bid
from scribe.games.skull_king.cards import SUITS as SK_SUITS, Card, Kind, deck
from scribe.games.skull_king.play import SKULL_KING_TRICKS, tally
from scribe.games.skull_king.tricks import led_suit
from scribe.rules.cards import standard
from scribe.rules.cards.standard_tricks import STANDARD_TRICKS
from scribe.rules.trickplay import RoundPlay, Trick

from .family import TrickView
from .rikiki import RikikiHeuristic, RikikiView
from .skull_king import SkullKingHeuristic, SkullKingView, choices, seat_points
from .worlds import LEVELS, Rollout, T, Unseen, best, decision_dice

__all__ = ["RikikiSearch", "SkullKingSearch", "TrickSearch"]

BID_WINDOW = 2  # bids tried around the heuristic's (and zero): see TrickSearch.bid


class TrickSearch:
    """A searching player of a game of the family (see the module's docstring); a game
    says its deck, what not following reveals, how a view is copied, how the others bid
    and how the seat scores. ``setup`` is the game's; ``level`` a name of ``LEVELS``
    (``worlds``/``playouts`` override its budget); ``epsilon`` the share of random cards
    in the playouts."""

    tricks: ClassVar[Any]  # the game's TrickGame
    heuristic: ClassVar[Any]  # the game's fast player: bid(hand, view, seat), play(legal, hand, view, seat)
    categories: ClassVar[int]  # card categories a void may rule out, and one for the rest

    __slots__ = ("epsilon", "playouts", "seed", "setup", "worlds")

    def __init__(self, setup: Any, seed: int = 0, level: str = "medium", *, worlds: int | None = None,
                 playouts: int | None = None, epsilon: float = 0.1) -> None:
        budget = LEVELS[level]
        self.setup = setup
        self.seed = seed
        self.worlds = budget.worlds if worlds is None else worlds
        self.playouts = budget.playouts if playouts is None else playouts
        self.epsilon = epsilon

    # --- what a game says ----------------------------------------------------------

    def deck(self) -> Sequence[Any]:
        """Every card of the deck, as held."""
        raise NotImplementedError

    def visible(self, view: Any) -> list[Any]:
        """Cards every seat sees besides the hands and the plays (the card turned up)."""
        return []

    def context(self, view: Any) -> Any:
        """The round's context for the game's trick rules (the trump)."""
        return None

    @staticmethod
    def category(card: Any) -> int:
        raise NotImplementedError

    def void(self, before: Sequence[Any], card: Any) -> int | None:
        """The category ``card``, played on ``before``, shows its player holds no more of."""
        raise NotImplementedError

    def forms(self, legal: Sequence[Any]) -> list[Any]:
        """The legal cards in every form they may be played in, each once, in a fixed order."""
        return sorted(set(legal), key=str)

    #: The forms a random playout card is drawn from (None: the legal cards as they are).
    rollout_forms: ClassVar[Callable[[Sequence[Any]], Sequence[Any]] | None] = None

    def copy(self, view: Any) -> Any:
        """A private copy of the round for one playout (the real view is never touched)."""
        raise NotImplementedError

    def legal_bids(self, view: Any, seat: int) -> list[int]:
        return list(range(view.cards + 1))

    def bid_rest(self, sim: Any, hands: dict[int, list[Any]], seat: int, bid: int) -> None:
        """``seat`` bids ``bid``; the seats that have not bid yet bid as the heuristic would."""
        raise NotImplementedError

    def points(self, sim: Any, seat: int) -> int:
        """``seat``'s points once the round in ``sim`` is played out."""
        raise NotImplementedError

    def public(self, view: Any) -> tuple[Any, ...]:
        """What the seat sees of the round beyond the bids and the tricks, for the dice."""
        return ()

    # --- the decisions ---------------------------------------------------------------

    def bid(self, hand: Sequence[Any], view: Any, seat: int) -> int:
        """The best legal bid among zero and those within ``BID_WINDOW`` of the heuristic's:
        trying every bid of a 10-card round took the Skull King searcher over a second, and
        of 129 bids searched without the window (medium; 6 Skull King and 3 Rikiki games
        against the heuristic) one best bid lay outside it, 3 above."""
        guess = self.heuristic.bid(hand, view, seat)
        bids = [b for b in self.legal_bids(view, seat) if b == 0 or abs(b - guess) <= BID_WINDOW]
        if len(bids) == 1:
            return bids[0]
        ctx = self.context(view)

        def score(b: int, hands: dict[int, list[Any]], roll: int) -> int:
            sim = self.copy(view)
            self.bid_rest(sim, hands, seat, b)
            sim.leader = (sim.dealer + 1) % sim.players  # K-R1, R-R2: the dealer's left leads
            self._finish(sim, hands, self._rollout(roll), ctx)
            return self.points(sim, seat)

        return self._search("bid", bids, score, hand, view, seat)

    def play(self, legal: Sequence[Any], hand: Sequence[Any], view: Any, seat: int) -> Any:
        cards = self.forms(legal)
        if len(cards) == 1:
            return cards[0]
        ctx = self.context(view)

        def score(card: Any, hands: dict[int, list[Any]], roll: int) -> int:
            sim = self.copy(view)
            self._place(sim, hands, seat, card, ctx)
            self._finish(sim, hands, self._rollout(roll), ctx)
            return self.points(sim, seat)

        return self._search("play", cards, score, hand, view, seat)

    # --- the search ------------------------------------------------------------------

    def _rollout(self, roll: int) -> Rollout:
        return Rollout(roll, self.epsilon, self.heuristic, self.rollout_forms)

    def sighting(self, hand: Sequence[Any], view: TrickView, seat: int) -> Unseen:
        """What ``seat`` knows of the unseen cards, from its hand and its view alone."""
        n = view.players
        played: list[list[Any]] = [[] for _ in range(n)]
        bans: dict[int, set[int]] = {s: set() for s in range(n) if s != seat}
        for t in view.done:
            self._learn(t.plays, played, bans)
        self._learn(tuple(zip(view.seats, view.trick)), played, bans)
        unseen = list(self.deck())
        hand_form = self.tricks.hand_form
        for c in [*hand, *(hand_form(c) for cards in played for c in cards), *self.visible(view)]:
            unseen.remove(c)
        left = view.cards - len(view.done)
        holding = {s: left - (s in view.seats) for s in bans}
        return Unseen(unseen, holding, bans, played, category=self.category, categories=self.categories)

    def _learn(self, plays: Sequence[tuple[int, Any]], played: list[list[Any]], bans: dict[int, set[int]]) -> None:
        before: list[Any] = []
        for s, card in plays:
            if s in bans:
                lacks = self.void(before, card)
                if lacks is not None:
                    bans[s].add(lacks)
            played[s].append(card)
            before.append(card)

    def _search(self, kind: str, choices: Sequence[T], score: Callable[[T, dict[int, list[Any]], int], int],
                hand: Sequence[Any], view: Any, seat: int) -> T:
        seen = (kind, seat, sorted(map(str, hand)), view.number, view.cards, view.dealer, view.bids, view.won,
                view.leader, [str(c) for c in view.trick], [(s, str(c)) for t in view.done for s, c in t.plays],
                self.public(view))
        dice = decision_dice(self.seed, seen)
        sighting = self.sighting(hand, view, seat)

        def worlds() -> Iterator[dict[int, list[Any]]]:
            for _ in range(self.worlds):
                world = sighting.sample(dice.random)
                world[seat] = list(hand)
                yield world

        return best(choices, score, worlds(), self.playouts, dice)

    def _place(self, sim: TrickView, hands: dict[int, list[Any]], seat: int, card: Any, ctx: Any) -> None:
        """``seat`` plays ``card``; a full trick ends as the game says (a winner or none,
        and who leads next)."""
        hands[seat].remove(self.tricks.hand_form(card))
        sim.trick.append(card)
        sim.seats.append(seat)
        if len(sim.trick) == sim.players:
            t = Trick(sim.leader, tuple(zip(sim.seats, sim.trick)), self.tricks.winner(sim.trick, ctx))
            if t.winner is not None:
                sim.won[t.winner] += 1
            sim.done.append(t)
            sim.leader = t.next_leader
            sim.trick.clear()
            sim.seats.clear()

    def _finish(self, sim: TrickView, hands: dict[int, list[Any]], player: Rollout, ctx: Any) -> None:
        """Play the round out from ``sim``, by the game's legal cards."""
        legal_of = self.tricks.legal
        while True:
            seat = (sim.leader + len(sim.trick)) % sim.players
            hand = hands[seat]
            if not hand:
                return
            legal, _why = legal_of(hand, sim.trick, ctx)
            self._place(sim, hands, seat, player.play(legal, hand, sim, seat), ctx)


def _copy_tricks(view: TrickView, sim: TrickView) -> Any:
    sim.won = list(view.won)
    sim.leader = view.leader
    sim.trick = list(view.trick)
    sim.seats = list(view.seats)
    sim.done = list(view.done)
    sim.bids = list(view.bids)  # type: ignore[attr-defined]
    return sim


class SkullKingSearch(TrickSearch):
    """Skull King's searching player (K-B1, K-S1..K-S4, K-T1; see the module's docstring)."""

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
        return SK_SUITS.index(card.suit) if card.kind is Kind.NUMBER else 4

    def void(self, before: Sequence[Card], card: Card) -> int | None:
        led = led_suit(before)
        if led is not None and card.kind is Kind.NUMBER and card.suit is not led:
            return SK_SUITS.index(led)  # a suit card of another suit: none of the led one left
        return None

    def forms(self, legal: Sequence[Card]) -> list[Card]:
        return sorted(set(choices(legal)), key=str)  # the Tigress as a Pirate and as an Escape

    def copy(self, view: SkullKingView) -> SkullKingView:
        sim = _copy_tricks(view, SkullKingView(view.players, view.number, view.cards, view.dealer))
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


class RikikiSearch(TrickSearch):
    """Rikiki's searching player (R-B1, R-B2, R-T1, R-S2, R-S3; see the module's docstring)."""

    tricks = STANDARD_TRICKS
    heuristic = RikikiHeuristic()
    categories = 4  # the four suits

    __slots__ = ()

    def deck(self) -> Sequence[str]:
        return standard.PACKS[self.setup.rules.pack]

    def visible(self, view: RikikiView) -> list[str]:
        return [view.turned] if view.turned else []

    def context(self, view: RikikiView) -> str | None:
        return view.trump

    @staticmethod
    def category(card: str) -> int:
        return standard.SUITS.index(standard.CARD[card][0])

    def void(self, before: Sequence[str], card: str) -> int | None:
        if before and standard.CARD[card][0] != standard.CARD[before[0]][0]:
            return self.category(before[0])
        return None

    def copy(self, view: RikikiView) -> RikikiView:
        return _copy_tricks(view, RikikiView(view.players, view.number, view.cards, view.dealer, view.turned,
                                             view.trump, view.hook_from))

    def legal_bids(self, view: RikikiView, seat: int) -> list[int]:
        forbidden = self._hooked(view, seat)
        return [b for b in range(view.cards + 1) if b != forbidden]

    @staticmethod
    def _hooked(view: RikikiView, seat: int) -> int | None:
        """R-B2: the dealer, bidding last, may not make the bids total the cards dealt."""
        if seat != view.dealer:
            return None
        return hooked_bid([b for s, b in enumerate(view.bids) if s != seat and b is not None], view.cards,
                          view.hook_from)

    def bid_rest(self, sim: RikikiView, hands: dict[int, list[str]], seat: int, bid: int) -> None:
        """The bids not known yet, in turn from the dealer's left (R-B1): those after the
        seat, and those before it while bids stay sealed until all are in (W-B7's modes)."""
        sim.bids[seat] = bid
        n = sim.players
        for step in range(1, n + 1):
            s = (sim.dealer + step) % n
            if sim.bids[s] is None:
                sim.forbidden_bid = self._hooked(sim, s)
                sim.bids[s] = self.heuristic.bid(hands[s], sim, s)
        sim.forbidden_bid = None

    def points(self, sim: RikikiView, seat: int) -> int:
        return self.setup.points(sim.bids[seat], sim.won[seat])

    def public(self, view: RikikiView) -> tuple[Any, ...]:
        return view.turned, view.trump, view.hook_from
