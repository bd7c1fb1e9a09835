"""A round of the virtual deck played card by card: whose turn it is, the trick on the
table, the tricks done, and the round's result worked out from the cards played
(``tally``: the tricks, the destroyed tricks, the bonuses and the Loot alliances, in
the shape of a round's entry, so that nobody types them).

Three to eight seats. (At two players Graybeard's ghost plays a third hand, second in
every trick he does not lead, without following suit and his Tigress as an Escape;
the rule book does not say who follows him when he leads, so his play is left to the
table's session that brings the virtual deck to this game.)

>>> from scribe.games.skull_king.cards import parse_card
>>> r = play_round(3, 1, [(1, parse_card("G7")), (2, parse_card("PI")), (0, parse_card("ME"))], cards=1)
>>> r.finished, r.won, tally(r, 3)["bonuses"]
(True, (0, 0, 1), [{}, {}, {'mermaids': 1}])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ...rules.errors import N_, RuleError
from .cards import Card, Kind, parse_card
from .scoring import Bonus
from .tricks import CHOOSE_TIGRESS, Outcome, alliances, bonus_of, legal, winner

Play = tuple[int, Card]  # (seat, card as played)


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, (seat, card) in play order, and how it ended."""

    leader: int
    plays: tuple[Play, ...]
    outcome: Outcome

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _s, c in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(s for s, _c in self.plays)

    @property
    def winner(self) -> int | None:
        """The seat that won it; None when the Kraken or the White Whale destroyed it."""
        w = self.outcome.winner
        return None if w is None else self.plays[w][0]

    @property
    def next_leader(self) -> int:
        return self.plays[self.outcome.leads][0]


@dataclass(frozen=True)
class RoundPlay:
    """The play of one round so far; ``turn`` is None once every card is played."""

    leader: int  # who led (or leads) the trick on the table
    turn: int | None
    trick: tuple[Play, ...]
    done: tuple[Trick, ...]
    won: tuple[int, ...]  # tricks won per seat

    @property
    def finished(self) -> bool:
        return self.turn is None

    @property
    def destroyed(self) -> int:
        return sum(1 for t in self.done if t.winner is None)


def play_round(n: int, first_leader: int, plays: Sequence[Play], cards: int) -> RoundPlay:
    """Replay ``plays`` into tricks of ``n`` cards: one pass, no checks (they were
    verified when recorded). The seat left of the dealer leads first (``first_leader``),
    then whoever the last trick names (its winner, or K-T1's rules for a destroyed one)."""
    won = [0] * n
    done: list[Trick] = []
    leader = first_leader
    trick: list[Play] = []
    for play in plays:
        trick.append(play)
        if len(trick) == n:
            t = Trick(leader, tuple(trick), winner([c for _s, c in trick]))
            if t.winner is not None:
                won[t.winner] += 1
            done.append(t)
            leader, trick = t.next_leader, []
    turn = None if len(done) == cards else (leader + len(trick)) % n
    return RoundPlay(leader, turn, tuple(trick), tuple(done), tuple(won))


def verify_card(state: RoundPlay, hand: Sequence[Card], seat: int, raw: Any) -> Card:
    """A card ``seat`` plays from ``hand`` now: their turn, a card they hold, one that
    follows (see ``tricks``), and a Tigress said to be a Pirate (``TP``) or an Escape
    (``TE``). Returns the card as played."""
    if state.finished:
        raise RuleError(N_("Every card of this round is played."), field="card")
    if seat != state.turn:
        raise RuleError(N_("It is not your turn to play."), field="card")
    card = parse_card(raw)
    if card.kind is Kind.TIGRESS and card.role is None:
        raise RuleError(CHOOSE_TIGRESS, field="card")
    held = next((c for c in hand if c.kind is card.kind and c.suit is card.suit and c.rank == card.rank), None)
    if held is None:
        raise RuleError(N_("That card is not in your hand."), field="card")
    allowed, why = legal(hand, [c for _s, c in state.trick])
    if held not in allowed:
        raise RuleError(why or N_("That card may not be played now."), field="card")
    return card


def tally(state: RoundPlay, n: int) -> dict[str, Any]:
    """The round's result from the tricks played, as a round entry's data (K-T1: tricks
    and destroyed tricks; K-S2: each seat's bonuses; K-S3: the Loot alliances)."""
    bonuses = [Bonus()] * n
    loot: list[list[int]] = []
    for t in state.done:
        if t.winner is None:
            continue
        bonuses[t.winner] = bonuses[t.winner] + bonus_of(t.cards, t.outcome)
        loot += [list(pair) for pair in alliances(t.cards, t.seats, t.outcome)]
    return {"tricks": list(state.won), "destroyed": state.destroyed,
            "bonuses": [b.as_dict() for b in bonuses], "loot": loot}
