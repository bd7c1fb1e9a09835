"""A round of the virtual deck, played card by card, for any game of the family: the
state replayed from the cards recorded (so a reload or a restart resumes where play
stood), a card verified before it is recorded, the last card taken back.

The game's rules come from its definition (``TrickGame``); the engine knows only turns,
tricks of one card per seat, and that a trick's ``Outcome`` names its winner (or none)
and who leads next.

>>> from scribe.rules.trickplay.game import Outcome
>>> class High:  # a toy game: the highest number wins, anything may be played
...     def played(self, raw): return int(raw)
...     def hand_form(self, card): return card
...     def legal(self, hand, trick, ctx): return list(hand), None
...     def winner(self, trick, ctx):
...         w = max(range(len(trick)), key=lambda i: (trick[i], -i)); return Outcome(w, w)
...     def tally(self, play, ctx): return {"tricks": list(play.won)}
>>> r = replay(High(), 3, 1, [(1, 5), (2, 9), (0, 2), (2, 1)], cards=2)
>>> r.won, r.leader, r.turn, r.trick, r.winning, r.done[0].winner
((0, 0, 1), 2, 0, ((2, 1),), 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..errors import N_, RuleError
from .game import Outcome, TrickGame

C = TypeVar("C")
Play = tuple[int, Any]  # (seat, card as played)


@dataclass(frozen=True)
class Trick(Generic[C]):
    """A finished trick: who led, (seat, card) in play order, and how it ended."""

    leader: int
    plays: tuple[tuple[int, C], ...]
    outcome: Outcome

    @property
    def cards(self) -> tuple[C, ...]:
        return tuple(c for _s, c in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(s for s, _c in self.plays)

    @property
    def winner(self) -> int | None:
        """The seat that won it; None when nobody did (a destroyed trick)."""
        w = self.outcome.winner
        return None if w is None else self.plays[w][0]

    @property
    def destroyed(self) -> bool:
        """Nobody won it (Skull King's Kraken, Wizard's Jubilee Bomb)."""
        return self.outcome.destroyed

    @property
    def next_leader(self) -> int:
        return self.plays[self.outcome.leads][0]


@dataclass(frozen=True)
class RoundPlay(Generic[C]):
    """The play of one round so far; ``turn`` is None once every card is played."""

    leader: int  # who led (or leads) the trick on the table
    turn: int | None
    trick: tuple[tuple[int, C], ...]  # the trick on the table, (seat, card) in play order
    winning: int | None  # the seat whose card wins the trick on the table so far
    won: tuple[int, ...]  # tricks won so far, per seat
    done: tuple[Trick[C], ...]  # the finished tricks, in order

    @property
    def finished(self) -> bool:
        """Every card of the round is played: the result is known."""
        return self.turn is None

    @property
    def last(self) -> Trick[C] | None:
        return self.done[-1] if self.done else None

    @property
    def last_play(self) -> tuple[int, C] | None:
        """The card played last, which its player may still take back."""
        if self.trick:
            return self.trick[-1]
        return self.done[-1].plays[-1] if self.done else None

    @property
    def destroyed(self) -> int:
        """Tricks nobody won."""
        return sum(1 for t in self.done if t.winner is None)


def replay(game: TrickGame[Any], n: int, first_leader: int, plays: Sequence[Play], cards: int | None = None,
           ctx: Any = None, *, cls: type = RoundPlay, **extra: Any) -> Any:
    """Replay ``plays`` (seat, card as played) into tricks of ``n`` cards: one pass, no
    checks (the entries were verified when recorded). ``first_leader`` leads the first
    trick, then whoever each trick's ``Outcome`` names. ``cards``: per hand, to know when
    play ends. ``cls``/``extra``: a game's own subclass of ``RoundPlay`` and its fields."""
    winner = game.winner
    won = [0] * n
    done: list[Trick[Any]] = []
    leader = first_leader
    trick: list[Play] = []
    for play in plays:
        trick.append(play)
        if len(trick) == n:
            t = Trick(leader, tuple(trick), winner([c for _s, c in trick], ctx))
            w = t.winner
            if w is not None:
                won[w] += 1
            done.append(t)
            leader, trick = t.next_leader, []
    winning = None
    if trick:
        at = winner([c for _s, c in trick], ctx).winner
        winning = None if at is None else trick[at][0]
    over = cards is not None and len(done) == cards
    turn = None if over else (leader + len(trick)) % n
    return cls(leader, turn, tuple(trick), winning, tuple(won), tuple(done), **extra)


def verify_play(game: TrickGame[C], state: RoundPlay[C], hand: Sequence[C], seat: int, raw: Any, ctx: Any = None,
                names: Sequence[str] | None = None) -> C:
    """The card ``seat`` plays now from ``hand`` (hand forms), as played: while cards
    remain to be played, a card the game knows with its choice said, on the seat's turn,
    one it holds, and one the game allows on the trick (its reason otherwise). ``names``:
    the players', to say whose turn it is."""
    if state.finished:
        raise RuleError(N_("Every card of this round is played: the Scribe confirms the tricks."), field="card")
    card = game.played(raw)
    if seat != state.turn:
        if names is None:
            raise RuleError(N_("It is not your turn to play."), field="card")
        raise RuleError(N_("It is %(next)s's turn to play, not %(name)s's."), field="card",
                        next=names[state.turn], name=names[seat])  # type: ignore[index]
    held = game.hand_form(card)
    if held not in hand:
        raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
    allowed, why = game.legal(hand, [c for _s, c in state.trick], ctx)
    if held not in allowed:
        raise RuleError(why or N_("That card may not be played now."), field="card")
    return card


def verify_card_back(game: TrickGame[C], state: RoundPlay[C], seat: int, names: Sequence[str]) -> tuple[C, C]:
    """A seat takes back the card it played last, until the next card is played: (the
    card as played, the card back in the hand)."""
    last = state.last_play
    if last is None:
        raise RuleError(N_("No card has been played yet in this round."), field="card")
    if last[0] != seat:
        mine = any(p == seat for p, _c in state.trick) or any(p == seat for t in state.done for p, _c in t.plays)
        template = (N_("Too late: %(name)s has played since. A card can be taken back only until the next one.")
                    if mine else N_("%(player)s has no card to take back: the last card is %(name)s's."))
        raise RuleError(template, field="card", name=names[last[0]], player=names[seat])
    return last[1], game.hand_form(last[1])
