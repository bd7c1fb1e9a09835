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

from ...rules.cards import Suit, jubilee, parse_card
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
    winner: int  # with the Bomb: who would have won it, and leads the next (W-J2)
    destroyed: bool = False  # the Bomb's trick: nobody won it (W-J2)


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
    destroyed: int = 0  # tricks nobody won (the Bomb, W-J2)
    waiting: str | None = None  # "pass" (the Juggler, W-J4) or "cloud" (W-J3): play waits for it
    cloud_winner: int | None = None  # who won the Cloud's trick (W-J3)
    to_pass: tuple[int, ...] = ()  # while waiting for the Juggler's passes: the seats yet to pass (W-J4)

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


def jubilee_state(n: int, first_leader: int, trump: str | None, p6: bool, plays: Sequence[Play],
                  cards: int | None, passed: Sequence[bool] = (), clouded: bool = False) -> TrickState:
    """``trick_state`` with Jubilee cards (W-J1..W-J4): the Bomb's trick is won by nobody
    and its would-be winner leads next; after the Juggler's trick every seat passes a card
    (``passed``: whether each seat has) and after the Cloud's its winner changes their bid (``clouded``)
    before the next card is played.

    >>> t = jubilee_state(3, 0, "red", False, [(0, "R5"), (1, "BO"), (2, "R9"), (2, "CLB"), (0, "B3"), (1, "W")], 2)
    >>> t.won, t.destroyed, t.done[0].winner, t.cloud_winner, t.waiting, t.finished
    ((0, 1, 0), 1, 2, 1, 'cloud', True)
    """
    suit = SUIT_CARD.get(trump or "")
    won, done, leader, trick = [0] * n, [], first_leader, []
    destroyed, cloud_winner, juggled = 0, None, False
    for play in plays:
        trick.append(play)
        if len(trick) == n:
            i, gone = jubilee.winner([c for _, c in trick], suit, p6)
            w = trick[i][0]
            kinds = [jubilee.kind(c) for _, c in trick]
            destroyed += gone
            if not gone:
                won[w] += 1
                if "cloud" in kinds:
                    cloud_winner = w
            done.append(Trick(leader, tuple(trick), w, gone))
            if "juggler" in kinds:
                juggled = cards is None or len(done) < cards  # cards are left to pass
            leader, trick = w, []
    winning = None
    if trick:
        i, gone = jubilee.winner([c for _, c in trick], suit, p6)
        winning = None if gone else trick[i][0]
    over = cards is not None and len(done) == cards
    turn = None if over else (leader + len(trick)) % n
    to_pass = tuple(p for p in range(n) if not (passed[p] if p < len(passed) else False)) if juggled else ()
    waiting = "pass" if to_pass else ("cloud" if cloud_winner is not None and not clouded else None)
    return TrickState(leader, turn, tuple(trick), winning, tuple(won), tuple(done), None if suit is None else trump,
                      destroyed, waiting, cloud_winner, to_pass)


def legal_jubilee(state: TrickState, hand: Sequence[str], p6: bool) -> tuple[list[str], str | None]:
    """``legal_cards`` with Jubilee cards in the deck: they may be played at any time, the
    Cloud and the Juggler as the suit their player names (W-J intro, W-J3, W-J4)."""
    suit = SUIT_CARD.get(state.trump or "")
    table = [c for _, c in state.trick]
    legal = jubilee.legal(hand, table, suit, p6)
    if len(legal) == len(hand):
        return list(hand), None
    barred = [c for c in hand if c not in legal]
    led = jubilee.led_suit(table)
    only_wizards = all(jubilee.kind(c) is None and parse_card(c).suit is None for c in barred)
    why = NO_WIZARD_ON_TRUMP if only_wizards or not led else MUST_FOLLOW[CARD_SUIT[led]]  # type: ignore[index]
    return legal, why
