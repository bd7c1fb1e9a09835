"""The virtual deck played trick by trick (W-P1..W-P6, W-U3): whose turn it is, the trick
on the table, who is winning it, who won each one. Derived from the "played" entries in
the order they were recorded, so a reload or a restart resumes exactly where play stood.

Wizard is a game of the bids-and-tricks family: the play engine is the family's
(``rules.trickplay``), over Wizard's definition below (``WIZARD_TRICKS``), whose legal
cards and winner are the shared ones of ``rules.cards.tricks``, the same functions the
engine's simulated games use. Cards are kept in their notation (``"R7"``).

>>> from scribe.rules.cards import parse_card
>>> t = trick_state(3, 0, "red", False, False, [(1, "B5"), (2, "R2"), (0, "W")])
>>> t.leader, t.turn, t.won, t.done[0].winner
(0, 0, (1, 0, 0), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...rules.cards import Suit, jubilee, parse_card
from ...rules.cards.tricks import led_of, legal_unchecked, unicolore_winner, winner_unchecked
from ...rules.errors import N_
from ...rules.trickplay import Outcome, RoundPlay, Trick, replay
from ..bidding.play import TrickState  # the family's

SUIT_CARD = {"blue": Suit.BLUE, "green": Suit.GREEN, "red": Suit.RED, "yellow": Suit.YELLOW}
CARD_SUIT = {v: k for k, v in SUIT_CARD.items()}

#: W-P3's refusal, one message per suit so that each translates whole.
MUST_FOLLOW = {
    "blue": N_("You must follow blue: you hold a blue card."),
    "green": N_("You must follow green: you hold a green card."),
    "red": N_("You must follow red: you hold a red card."),
    "yellow": N_("You must follow yellow: you hold a yellow card."),
}
#: W-P6's refusal (the rule's id stays here: a player reads the reason in words).
NO_WIZARD_ON_TRUMP = N_("No Wizard on a trump lead while you hold another card.")

Play = tuple[int, str]  # (seat, card notation)

__all__ = [
    "CARD_SUIT",
    "JUBILEE_TRICKS",
    "MUST_FOLLOW",
    "NO_WIZARD_ON_TRUMP",
    "SUIT_CARD",
    "WIZARD_TRICKS",
    "JubileeTricks",
    "Play",
    "Table",
    "Trick",
    "TrickState",
    "WizardTricks",
    "jubilee_state",
    "legal_cards",
    "legal_jubilee",
    "table_of",
    "trick_state",
]


@dataclass(frozen=True)
class Table:
    """A round's context for the play engine: the trump suit (None: no trump) and the
    rule switches that change the play (W-P6; Unicolore, W-U3)."""

    suit: Suit | None
    p6: bool = False
    unicolore: bool = False


class WizardTricks:
    """Wizard's definition for the family's play engine (W-P2..W-P6, W-U3)."""

    def played(self, raw: Any) -> str:
        """A card as played: its notation (no Wizard card carries a choice)."""
        return str(parse_card(raw))

    def hand_form(self, card: str) -> str:
        return card

    def legal(self, hand: Sequence[str], trick: Sequence[str], ctx: Table) -> tuple[list[str], str | None]:
        """W-P2, W-P3, W-P6; in Unicolore any card (W-U3)."""
        if ctx.unicolore:
            return list(hand), None
        cards = [parse_card(c) for c in hand]
        table = [parse_card(c) for c in trick]
        legal = legal_unchecked(cards, table, ctx.suit, ctx.p6)
        if len(legal) == len(cards):
            return list(hand), None
        led = led_of(table)
        barred = [c for c in cards if c not in legal]
        only_wizards = all(c.suit is None for c in barred)  # W-P6 bars only Wizards; W-P3 bars other suits
        why = NO_WIZARD_ON_TRUMP if only_wizards else MUST_FOLLOW[CARD_SUIT[led]]  # type: ignore[index]
        return [str(c) for c in legal], why

    def winner(self, trick: Sequence[str], ctx: Table) -> Outcome:
        """W-P4, W-P5, W-P6 (W-U3 in Unicolore): every trick is won, its winner leads next (W-P1)."""
        win = unicolore_winner if ctx.unicolore else winner_unchecked
        w = win([parse_card(c) for c in trick], ctx.suit, ctx.p6)
        return Outcome(w, w)

    def tally(self, play: RoundPlay[str], ctx: Table) -> dict[str, Any]:
        """The tricks entry from the cards: the tricks each seat won (W-S2)."""
        return {"tricks": list(play.won)}


WIZARD_TRICKS = WizardTricks()


def table_of(trump: str | None, p6: bool, unicolore: bool) -> Table:
    """The engine's context from the sheet's trump name and rule switches."""
    return Table(None if unicolore else SUIT_CARD.get(trump or ""), p6, unicolore)


def trick_state(n: int, first_leader: int, trump: str | None, p6: bool, unicolore: bool,
                plays: Sequence[Play], cards: int | None = None) -> TrickState:
    """Replay ``plays`` (seat, card) into tricks of ``n`` cards: one pass, no checks (the
    entries were verified when recorded). ``cards``: per hand, to know when play ends."""
    table = table_of(trump, p6, unicolore)
    state: TrickState = replay(WIZARD_TRICKS, n, first_leader, plays, cards, table, cls=TrickState,
                               trump=None if table.suit is None else trump)
    return state


def legal_cards(state: TrickState, hand: Sequence[str], p6: bool, unicolore: bool) -> tuple[list[str], str | None]:
    """The cards of ``hand`` that may be played now, and why the others may not (a message
    template), W-P2, W-P3, W-P6; in Unicolore any card (W-U3)."""
    return WIZARD_TRICKS.legal(hand, [c for _s, c in state.trick], table_of(state.trump, p6, unicolore))


class JubileeTricks(WizardTricks):
    """Wizard's definition with the Jubilee cards in the deck (W-J1..W-J4): they may be
    played at any time, the Cloud and the Juggler as the suit their player names (``CLR``:
    held as ``CL``); nobody wins the Bomb's trick and its would-be winner leads next (W-J2).
    ``verify_played`` checks a Jubilee card itself (the waits for a pass or the Cloud come
    first), so ``played`` is only the replay's identity."""

    def played(self, raw: Any) -> str:
        return jubilee.canonical(raw)

    def hand_form(self, card: str) -> str:
        return card[:2] if jubilee.kind(card) in jubilee.NAMED_VALUE else card

    def legal(self, hand: Sequence[str], trick: Sequence[str], ctx: Table) -> tuple[list[str], str | None]:
        legal = jubilee.legal(hand, trick, ctx.suit, ctx.p6)
        if len(legal) == len(hand):
            return list(hand), None
        barred = [c for c in hand if c not in legal]
        led = jubilee.led_suit(trick)
        only_wizards = all(jubilee.kind(c) is None and parse_card(c).suit is None for c in barred)
        why = NO_WIZARD_ON_TRUMP if only_wizards or not led else MUST_FOLLOW[CARD_SUIT[led]]  # type: ignore[index]
        return legal, why

    def winner(self, trick: Sequence[str], ctx: Table) -> Outcome:
        i, gone = jubilee.winner(list(trick), ctx.suit, ctx.p6)
        return Outcome(None if gone else i, i)

    def tally(self, play: RoundPlay[str], ctx: Table) -> dict[str, Any]:
        return {"tricks": list(play.won), "destroyed": play.destroyed}


JUBILEE_TRICKS = JubileeTricks()


def jubilee_state(n: int, first_leader: int, trump: str | None, p6: bool, plays: Sequence[Play],
                  cards: int | None, passed: Sequence[bool] = (), clouded: bool = False) -> TrickState:
    """``trick_state`` with Jubilee cards (W-J1..W-J4), on the family's play engine: the
    Bomb's trick is won by nobody and its would-be winner leads next; after the Juggler's
    trick every seat passes a card (``passed``: whether each seat has) and after the
    Cloud's its winner changes their bid (``clouded``) before the next card is played.

    >>> t = jubilee_state(3, 0, "red", False, [(0, "R5"), (1, "BO"), (2, "R9"), (2, "CLB"), (0, "B3"), (1, "W")], 2)
    >>> t.won, t.destroyed, t.done[0].winner, t.done[0].next_leader, t.cloud_winner, t.waiting, t.finished
    ((0, 1, 0), 1, None, 2, 1, 'cloud', True)
    """
    table = table_of(trump, p6, False)
    state: TrickState = replay(JUBILEE_TRICKS, n, first_leader, plays, cards, table, cls=TrickState,
                               trump=None if table.suit is None else trump)
    cloud_winner, juggled = None, False
    for number, t in enumerate(state.done, 1):
        kinds = {jubilee.kind(c) for c in t.cards}
        if "cloud" in kinds and t.winner is not None:
            cloud_winner = t.winner
        if "juggler" in kinds:
            juggled = cards is None or number < cards  # cards are left to pass
    to_pass = tuple(p for p in range(n) if not (passed[p] if p < len(passed) else False)) if juggled else ()
    waiting = "pass" if to_pass else ("cloud" if cloud_winner is not None and not clouded else None)
    return replace(state, waiting=waiting, cloud_winner=cloud_winner, to_pass=to_pass)


def legal_jubilee(state: TrickState, hand: Sequence[str], p6: bool) -> tuple[list[str], str | None]:
    """``legal_cards`` with Jubilee cards in the deck (W-J intro, W-J3, W-J4)."""
    return JUBILEE_TRICKS.legal(hand, [c for _s, c in state.trick], table_of(state.trump, p6, False))
