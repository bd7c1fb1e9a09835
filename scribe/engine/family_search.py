"""Searching players for the games of the bids-and-tricks family (issue 37): Wizard's
information-set search (``search``) over the family's play engine (``family``), for any game
whose definition is a ``rules.trickplay.TrickGame``: :class:`TrickSearch`, which a game's
engine module completes with its deck, voids, views, bids and scoring (Skull King's
``skull_king.SkullKingSearch``, Rikiki's ``rikiki.RikikiSearch``).

At each decision the player deals the cards it cannot see among the other seats and the
undealt stock, consistently with what its seat has seen (its hand, the card turned, the
cards played, the suits a seat has shown it lacks by not following: ``worlds.Unseen``),
never reading another hand: it gets only its seat's view. In each world it plays every
legal choice out to the end of the round with the game's fast heuristic (now and then a
random legal card), over the same worlds and dice for every choice, and keeps the choice
with the best mean score for its own seat, by the rules' own scoring.

The budget (``worlds`` x ``playouts``) is the level (``worlds.LEVELS``: easy, medium,
hard). A decision's dice come from the seed and what the seat sees, so a seed and a view
give one decision, and two deals that look the same from the seat give the same one.

The entry point for a seat at a real table (``scribe/bots``): build the engine's view of
the round from the seat's sheet (:class:`~scribe.engine.skull_king.SkullKingView`, or
:class:`~scribe.engine.rikiki.RikikiView` through ``rikiki.round_view``: the bids made, the
Cannonball's seats, and the tricks from the round's ``RoundPlay`` with ``view.follow(play,
parse_card)``), then

    SkullKingSearch(setup, seed, level).bid(hand, view, seat) -> int
    SkullKingSearch(setup, seed, level).play(legal, hand, view, seat) -> Card  (TP/TE for the Tigress)
    SkullKingSearch(setup, seed, level).fires(hand, view, seat) -> bool  (the Cannonball, K-S4)
    RikikiSearch(setup, seed, level).bid(hand, view, seat) -> int
    RikikiSearch(setup, seed, level).play(legal, hand, view, seat) -> str (a code)

``setup`` is the game's own (``games.skull_king.Setup``, ``games.rikiki.Setup``): its rules
say the deck and the scoring. Not searched: Graybeard's ghost at two players (Skull King),
the one-card round played blind (R-B3: a reminder, the seat sees its card).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

from scribe.rules.trickplay import Trick

from .family import TrickView
from .worlds import LEVELS, Rollout, T, Unseen, best, decision_dice

__all__ = ["TrickSearch", "copy_tricks"]

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


def copy_tricks(view: TrickView, sim: TrickView) -> Any:
    """``sim`` with the bids and the tricks of ``view``, in lists of its own (a game's ``copy``)."""
    sim.won = list(view.won)
    sim.leader = view.leader
    sim.trick = list(view.trick)
    sim.seats = list(view.seats)
    sim.done = list(view.done)
    sim.bids = list(view.bids)  # type: ignore[attr-defined]
    return sim
