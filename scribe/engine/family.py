"""Tricks played out between engine players, for any game of the bids-and-tricks family:
the loop over the family's definition (``rules.trickplay.TrickGame``: legal cards, how a
trick ends, a card's played and hand forms), so a game plays in the engine by its
definition alone. (Wizard's random and heuristic games keep their own faster loop in
``play``, held to the same rules by tests.)

>>> from scribe.games.skull_king.play import SKULL_KING_TRICKS
>>> from scribe.games.skull_king.cards import parse_cards
>>> class First:  # plays its first legal card, the Tigress as a Pirate
...     def play(self, legal, hand, view, seat): return legal[0] if str(legal[0]) != "TI" else parse_cards("TP")[0]
>>> view = TrickView(3)
>>> r = play_tricks(SKULL_KING_TRICKS, [parse_cards("G3 SK"), parse_cards("G9 ES"), parse_cards("TI B2")], 0, [First()] * 3, view)
>>> [t.winner for t in r.done], r.won, r.finished
([2, 0], (1, 0, 1), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from scribe.games.bidding.result import top
from scribe.rules.cards import make_rng
from scribe.rules.errors import N_, RuleError
from scribe.rules.trickplay import RoundPlay, Trick, TrickGame


class Player(Protocol):
    """A player's card play: one card of ``legal`` (hand forms), returned as played
    (with its choice, e.g. the Tigress as ``TP`` or ``TE``)."""

    def play(self, legal: Sequence[Any], hand: Sequence[Any], view: Any, seat: int) -> Any: ...


@dataclass(frozen=True, slots=True)
class GamePlayed:
    """A finished game of the family between engine players: its setup (the game's),
    its rounds, each seat's final total."""

    setup: Any
    rounds: tuple[Any, ...]
    totals: tuple[int, ...]

    @property
    def players(self) -> int:
        return self.setup.n

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total; a tie gives several winners (K-E1)."""
        return top(self.totals)


def play_rounds(setup: Any, policies: Sequence[Any], rng: random.Random | None, play_round: Any) -> GamePlayed:
    """Every round of ``setup`` played by ``play_round(setup, number, policies, rng)``, and
    the totals; refused when there is not one policy per seat."""
    if len(policies) != setup.n:
        raise RuleError(N_("%(players)s players need %(players)s policies, not %(count)s."), field="policy",
                        players=setup.n, count=len(policies))
    rng = rng or make_rng()
    rounds = tuple(play_round(setup, r, policies, rng) for r in range(1, setup.round_count + 1))
    return GamePlayed(setup, rounds, tuple(sum(r.points[p] for r in rounds) for p in range(setup.n)))


class TrickView:
    """What players see of the tricks while they are played, updated in place (a view
    per round, not a snapshot per decision): ``won`` per seat, the ``leader`` of the
    trick on the table, its ``trick`` cards and their ``seats``, the ``done`` tricks."""

    __slots__ = ("done", "leader", "players", "seats", "trick", "won")

    def __init__(self, players: int) -> None:
        self.players = players
        self.won = [0] * players
        self.leader = 0
        self.trick: list[Any] = []
        self.seats: list[int] = []
        self.done: list[Trick[Any]] = []

    def follow(self, play: RoundPlay[Any], card: Callable[[Any], Any] = lambda c: c) -> Any:
        """This view with the tricks of the rules' play of the round (``rules.trickplay``'s
        ``RoundPlay``, as a seat's sheet holds it), each card read by ``card`` (Skull King's
        ``parse_card``: the engine plays Cards, a log may hold their codes). Returns the view."""
        self.won = list(play.won)
        self.leader = play.leader
        self.trick = [card(c) for _s, c in play.trick]
        self.seats = [s for s, _c in play.trick]
        self.done = [Trick(t.leader, tuple((s, card(c)) for s, c in t.plays), t.outcome) for t in play.done]
        return self


def play_tricks(game: TrickGame[Any], hands: Sequence[list[Any]], first_leader: int, players: Sequence[Player],
                view: TrickView, ctx: Any = None) -> RoundPlay[Any]:
    """Play out ``hands`` (lists, emptied as the cards are played) trick by trick:
    ``first_leader`` leads, then whoever each trick's ``Outcome`` names. A player that
    plays a card the game does not allow raises ``RuleError``."""
    n = len(hands)
    leader = first_leader
    won, trick, seats, done = view.won, view.trick, view.seats, view.done
    legal_of, winner, hand_form = game.legal, game.winner, game.hand_form
    for _ in range(len(hands[0])):
        trick.clear()
        seats.clear()
        view.leader = leader
        for k in range(n):
            seat = (leader + k) % n
            hand = hands[seat]
            legal, _why = legal_of(hand, trick, ctx)
            card = players[seat].play(legal, hand, view, seat)
            held = hand_form(card)
            if held not in legal:
                raise RuleError(N_("Seat %(seat)s played %(card)r, not one of its legal cards."), field="policy",
                                seat=seat, card=card)
            hand.remove(held)
            trick.append(card)
            seats.append(seat)
        t = Trick(leader, tuple(zip(seats, trick)), winner(trick, ctx))
        if t.winner is not None:
            won[t.winner] += 1
        done.append(t)
        leader = t.next_leader
    trick.clear()
    seats.clear()
    return RoundPlay(leader, None, (), None, tuple(won), tuple(done))
