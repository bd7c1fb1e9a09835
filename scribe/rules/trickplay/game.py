"""What a game of the bids-and-tricks family tells the play engine: its small definition
(pokerkit's ``games.py`` style: a variant is a few functions over one shared engine).

A card is whatever the game uses (Wizard keeps its notation strings, Skull King its
``Card``); the engine only stores cards, compares them with ``==`` and hands them back to
the game. A card's *played form* may carry a choice made when it is played (Skull King's
Tigress as a Pirate ``TP`` or an Escape ``TE``); its *hand form* is the card as held
(``TI``): ``hand_form`` maps one to the other, for the legal check and a card taken back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

C = TypeVar("C")


@dataclass(frozen=True)
class Outcome:
    """How a trick ended: ``winner`` the index (in play order) of the winning card, None
    when nobody wins it (Skull King's Kraken or White Whale, Wizard's Jubilee Bomb);
    ``leads`` the index of the card whose player leads the next trick.

    >>> Outcome(1, 1).destroyed, Outcome(None, 2).destroyed
    (False, True)
    """

    winner: int | None
    leads: int

    @property
    def destroyed(self) -> bool:
        return self.winner is None


class TrickGame(Protocol, Generic[C]):
    """A game's definition for the play engine. ``ctx`` is the round's context the game
    defines (Wizard: the trump and its rule switches; Skull King: nothing)."""

    def played(self, raw: Any) -> C:
        """The card as played from its text (or a card), with its choice; raises a
        ``RuleError`` naming the field ``card`` (unknown card, a choice not said)."""
        ...

    def hand_form(self, card: C) -> C:
        """The card as it is held: what a card taken back returns to the hand."""
        ...

    def legal(self, hand: Sequence[C], trick: Sequence[C], ctx: Any) -> tuple[list[C], str | None]:
        """The cards of ``hand`` (hand forms) playable on ``trick`` (played forms), in hand
        order, and why the others may not be played (a message template), or None."""
        ...

    def winner(self, trick: Sequence[C], ctx: Any) -> Outcome:
        """How ``trick`` (cards in play order) ends; also asked of a trick not yet full,
        to say who is winning it so far."""
        ...

    def tally(self, play: Any, ctx: Any) -> dict[str, Any]:
        """The round's tricks entry worked out from the cards played (``play``: the
        finished ``RoundPlay``, which imports this module) (``tricks``, and the
        game's own fields: destroyed tricks, bonuses...)."""
        ...
