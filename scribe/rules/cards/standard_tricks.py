"""Plain trick play with the standard pack, for the family's play engine
(``rules.trickplay.TrickGame``): whoever holds the led suit follows it, else plays anything;
the highest trump wins the trick, else the highest card of the led suit, and its winner
leads the next (R-M1 ace high, R-T1 the trump, R-R2 the lead). Trumping
is never compulsory. ``ctx`` is the round's trump suit: ``"H"`` (or ``"hearts"``), None for
no trump. Cards are codes (``standard``); no card carries a choice when played.

>>> STANDARD_TRICKS.winner(["10H", "AH", "2S", "KH"], "S").winner, STANDARD_TRICKS.winner(["10H", "AH", "2S"], None).winner
(2, 1)
>>> STANDARD_TRICKS.legal(["2C", "KH", "9C"], ["5C"], "H")
(['2C', '9C'], 'You must follow clubs: you hold a club.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import N_
from ..trickplay.game import Outcome
from .standard import CARD, SUIT_NAMES, parse, parse_suit

__all__ = ["MUST_FOLLOW", "STANDARD_TRICKS", "StandardTricks", "led_suit", "trump_suit", "winner_index"]

#: The refusal of a card that does not follow, one message per suit so that each translates
#: whole (as the family's other decks word theirs).
MUST_FOLLOW = {
    "S": N_("You must follow spades: you hold a spade."),
    "H": N_("You must follow hearts: you hold a heart."),
    "D": N_("You must follow diamonds: you hold a diamond."),
    "C": N_("You must follow clubs: you hold a club."),
}
# ctx as the engine receives it -> the trump's initial: the initials and English names, so a
# sheet may keep either; built once, the winner asks it every trick.
_TRUMP: dict[Any, str | None] = {None: None, **{s: s for s in SUIT_NAMES}, **{n: s for s, n in SUIT_NAMES.items()}}


def trump_suit(ctx: Any) -> str | None:
    """The trump's initial from the round's context, None for no trump.

    >>> trump_suit("hearts"), trump_suit("D"), trump_suit(None)
    ('H', 'D', None)
    """
    found = _TRUMP.get(ctx, "")
    return parse_suit(ctx) if found == "" else found


def led_suit(trick: Sequence[str]) -> str | None:
    """The suit of the card that led the trick; None while the trick is empty."""
    return CARD[trick[0]][0] if trick else None


def winner_index(trick: Sequence[str], trump: str | None) -> int:
    """The index of the winning card of ``trick`` (codes, in play order; complete or not):
    the highest trump, else the highest of the led suit (R-M1: ace high).

    >>> winner_index(["QD", "KD", "3D"], None), winner_index(["QD", "AS", "2H"], "H"), winner_index(["QD", "AS"], "C")
    (1, 2, 0)
    """
    led = CARD[trick[0]][0]
    best_i, best = 0, -1
    for i, code in enumerate(trick):
        suit, value = CARD[code]
        if suit == trump:
            value += 100  # any trump beats every card of another suit
        elif suit != led:
            continue  # discarded: a card of neither suit never wins
        if value > best:
            best_i, best = i, value
    return best_i


class StandardTricks:
    """The standard pack's definition for the family's play engine (``TrickGame``)."""

    def played(self, raw: Any) -> str:
        """A card as played: its code (refused on the field ``card`` if it is not a card)."""
        return parse(raw)

    def hand_form(self, card: str) -> str:
        return card

    def legal(self, hand: Sequence[str], trick: Sequence[str], ctx: Any) -> tuple[list[str], str | None]:
        """The led suit if the hand holds it (with why the others may not be played), else
        any card; any card to lead."""
        led = led_suit(trick)
        if led is not None:
            following = [c for c in hand if CARD[c][0] == led]
            if following and len(following) < len(hand):
                return following, MUST_FOLLOW[led]
        return list(hand), None

    def winner(self, trick: Sequence[str], ctx: Any) -> Outcome:
        """Every trick is won (R-S1); its winner leads the next (R-R2)."""
        w = winner_index(trick, trump_suit(ctx))
        return Outcome(w, w)

    def tally(self, play: Any, ctx: Any) -> dict[str, Any]:
        """The round's tricks entry from the cards: the tricks each seat won (R-S1)."""
        return {"tricks": list(play.won)}


STANDARD_TRICKS = StandardTricks()
