"""Who wins a trick and which cards may follow (W-P2..W-P6, W-U3): the one copy of these
rules, shared by the table's virtual deck (``games.wizard.play``) and the engine's
simulated games (``scribe.engine.tricks`` re-exports them, with checked wrappers).

Card lists in, no checks: the callers have verified their input.

>>> from scribe.rules.cards import parse_cards, Suit
>>> winner_unchecked(parse_cards("J R7 R3"), Suit.RED), legal_unchecked(parse_cards("R9 B3 J"), parse_cards("B5"), None)
(1, [B3, J])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .notation import JESTER_RANK, WIZARD_RANK, Card, Suit


def winner_unchecked(cards: Sequence[Card], trump: Suit | None, no_wizard_on_trump_lead: bool = False) -> int:
    """Index of the winning card, in one pass over a valid trick (W-P2, W-P4, W-P5, W-P6).

    A plain loop: measured faster than table look-ups through map() for tricks of
    3 to 6 cards, and trick resolution runs 120 times a 4-player game.
    """
    led = None
    wizard_is_jester = False
    best = -1  # strength of the best card so far: rank, or 100 + rank for a trump
    best_i = 0  # W-P5: if nothing beats it, the first card (a Jester) wins
    for i, c in enumerate(cards):
        r = c.rank
        if r == WIZARD_RANK:
            if wizard_is_jester:  # W-P6: a forced Wizard on a trump lead is a Jester
                continue
            return i  # W-P4: the first Wizard wins
        if r == JESTER_RANK:
            continue
        s = c.suit
        if led is None:  # W-P2: the first number card sets the led suit
            led = s
            wizard_is_jester = no_wizard_on_trump_lead and s is trump
        if s is trump:
            r += 100
        elif s is not led:
            continue
        if r > best:
            best, best_i = r, i
    return best_i


def led_of(trick: Sequence[Card]) -> Suit | Literal[False] | None:
    """The led suit; ``False`` when a Wizard came first (no led suit, W-P2); None: not set yet."""
    for c in trick:
        if c.suit is not None:
            return c.suit
        if c.rank == WIZARD_RANK:
            return False
    return None


def legal_unchecked(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, no_wizard_on_trump_lead: bool = False
) -> list[Card]:
    """The cards of ``hand`` playable on ``trick`` (W-P2, W-P3, W-P6); a new list, hand order."""
    led = led_of(trick)
    if not led:  # leading, only Jesters so far, or a Wizard first: anything goes
        return list(hand)
    for c in hand:
        if c.suit is led:  # W-P3: able to follow, so follow or play a Wizard/Jester
            legal = [c for c in hand if c.suit is led or c.suit is None]
            break
    else:
        legal = list(hand)
    if no_wizard_on_trump_lead and led is trump:
        # W-P6: no Wizard on a trump lead, unless there is no other choice.
        others = [c for c in legal if c.rank != WIZARD_RANK]
        if others:
            return others
    return legal


def unicolore_winner(cards: Sequence[Card], trump: Suit | None = None, no_wizard_on_trump_lead: bool = False) -> int:
    """W-U3 on a valid trick: highest rank wins, first played wins ties; trump ignored."""
    best_i = 0
    best = cards[0].rank
    for i in range(1, len(cards)):
        r = cards[i].rank
        if r > best:  # strictly: on a tie the earlier card keeps the trick
            best, best_i = r, i
    return best_i
