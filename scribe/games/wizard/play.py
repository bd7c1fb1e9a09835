"""The virtual deck played trick by trick (W-P1..W-P6, W-U3): whose turn it is, the trick
on the table, who is winning it, who won each one. Derived from the "played" entries in
the order they were recorded, so a reload or a restart resumes exactly where play stood.

The legal cards and the winner are the shared ones of ``rules.cards.tricks``, the same
functions the engine's simulated games use.

>>> from scribe.rules.cards import parse_card
>>> t = trick_state(3, 0, "red", False, False, [(1, "B5"), (2, "R2"), (0, "W")])
>>> t.leader, t.turn, t.won, t.done[0].winner
(0, 0, (1, 0, 0), 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...rules.cards import Suit, parse_card
from ...rules.cards.tricks import led_of, legal_unchecked, unicolore_winner, winner_unchecked
from ...rules.errors import N_

SUIT_CARD = {"blue": Suit.BLUE, "green": Suit.GREEN, "red": Suit.RED, "yellow": Suit.YELLOW}
CARD_SUIT = {v: k for k, v in SUIT_CARD.items()}

#: W-P3's refusal, one message per suit so that each translates whole.
MUST_FOLLOW = {
    "blue": N_("You must follow blue: you hold a blue card."),
    "green": N_("You must follow green: you hold a green card."),
    "red": N_("You must follow red: you hold a red card."),
    "yellow": N_("You must follow yellow: you hold a yellow card."),
}
NO_WIZARD_ON_TRUMP = N_("No Wizard on a trump lead while you hold another card (W-P6).")

Play = tuple[int, str]  # (seat, card notation)


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards as (seat, card) in play order, who won it."""

    leader: int
    plays: tuple[Play, ...]
    winner: int


@dataclass(frozen=True)
class TrickState:
    """The play of one round so far (W-P1: the seat left of the dealer leads first, then
    each trick's winner). ``turn`` is None once every card is played."""

    leader: int
    turn: int | None
    trick: tuple[Play, ...]  # the trick on the table, (seat, card) in play order
    winning: int | None  # the seat whose card wins the trick on the table so far
    won: tuple[int, ...]  # tricks won so far, per seat
    done: tuple[Trick, ...]  # the finished tricks, in order
    trump: str | None  # the trump suit played to (None: no trump)

    @property
    def finished(self) -> bool:
        """Every card of the round is played: the tricks are known (W-S2)."""
        return self.turn is None

    @property
    def last(self) -> Trick | None:
        return self.done[-1] if self.done else None

    @property
    def last_play(self) -> Play | None:
        """The card played last, which its player may still take back."""
        if self.trick:
            return self.trick[-1]
        return self.done[-1].plays[-1] if self.done else None


def trick_state(n: int, first_leader: int, trump: str | None, p6: bool, unicolore: bool,
                plays: Sequence[Play], cards: int | None = None) -> TrickState:
    """Replay ``plays`` (seat, card) into tricks of ``n`` cards: one pass, no checks (the
    entries were verified when recorded). ``cards``: per hand, to know when play ends."""
    suit = None if unicolore else SUIT_CARD.get(trump or "")
    winner = unicolore_winner if unicolore else winner_unchecked
    won = [0] * n
    done: list[Trick] = []
    leader = first_leader
    trick: list[Play] = []
    for play in plays:
        trick.append(play)
        if len(trick) == n:
            w = trick[winner([parse_card(c) for _, c in trick], suit, p6)][0]
            won[w] += 1
            done.append(Trick(leader, tuple(trick), w))
            leader, trick = w, []
    winning = None
    if trick:
        winning = trick[winner([parse_card(c) for _, c in trick], suit, p6)][0]
    over = cards is not None and len(done) == cards
    turn = None if over else (leader + len(trick)) % n
    return TrickState(leader, turn, tuple(trick), winning, tuple(won), tuple(done), None if suit is None else trump)


def legal_cards(state: TrickState, hand: Sequence[str], p6: bool, unicolore: bool) -> tuple[list[str], str | None]:
    """The cards of ``hand`` that may be played now, and why the others may not (a message
    template), W-P2, W-P3, W-P6; in Unicolore any card (W-U3)."""
    if unicolore:
        return list(hand), None
    cards = [parse_card(c) for c in hand]
    table = [parse_card(c) for _, c in state.trick]
    suit = SUIT_CARD.get(state.trump or "")
    legal = legal_unchecked(cards, table, suit, p6)
    if len(legal) == len(cards):
        return list(hand), None
    led = led_of(table)
    barred = [c for c in cards if c not in legal]
    only_wizards = all(c.suit is None for c in barred)  # W-P6 bars only Wizards; W-P3 bars other suits
    why = NO_WIZARD_ON_TRUMP if only_wizards else MUST_FOLLOW[CARD_SUIT[led]]  # type: ignore[index]
    return [str(c) for c in legal], why
