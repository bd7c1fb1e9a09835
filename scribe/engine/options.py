"""Rule switches for engine play: each one an option of the rule set, never a silent choice.

>>> PlayOptions().forbidden_bid([1, 1, 0], 3), PlayOptions(bid_rule="plus_minus_one").forbidden_bid([1, 1, 0], 3)
(None, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

from scribe.rules.errors import N_, RuleError

#: ``forbidden(bids_so_far, cards)``: the one bid the last bidder may not make, or None.
ForbiddenBid = Callable[[Sequence[int], int], "int | None"]

#: Our names, then the rules core's names for the same two rules (scribe.games.wizard).
BID_RULES = ("none", "plus_minus_one", "free", "never_even")
_EVEN_FORBIDDEN = ("plus_minus_one", "never_even")


@dataclass(frozen=True, slots=True)
class PlayOptions:
    """How a simulated round is played.

    - ``no_wizard_on_trump_lead`` W-P6 (review 002): on a trump lead a Wizard may
      not be played; a player with no other choice plays it and it counts as a Jester.
    - ``bid_rule`` ``"none"`` (W-B2) or ``"plus_minus_one"`` (W-B3: the last bidder
      may not make the bids sum to the number of cards); the rules core's names
      ``"free"`` and ``"never_even"`` are accepted for the same two rules.
    - ``forbidden`` a callable ``forbidden(bids_so_far, cards) -> int | None`` that
      replaces ``bid_rule``, for the restrictions of the rules core; the engine asks
      it for the last bidder (the dealer) only, as every restriction of W-B3..W-B5 does.
    - ``dealer_sees_hand`` W-R3: the dealer names trump after a turned Wizard having
      looked at the hand (Amigo, Gigamic, Canadian) or blind (review 002).
    """

    no_wizard_on_trump_lead: bool = False
    bid_rule: Literal["none", "plus_minus_one", "free", "never_even"] = "none"
    forbidden: ForbiddenBid | None = None
    dealer_sees_hand: bool = True

    def __post_init__(self) -> None:
        if self.bid_rule not in BID_RULES:
            raise RuleError(
                N_("Unknown bid rule %(rule)r: use none or plus_minus_one."),
                field="bid_rule",
                rule=self.bid_rule,
            )

    @classmethod
    def from_kwargs(cls, **options: Any) -> PlayOptions:
        """Options from keyword arguments, refusing unknown names with a clear message.

        >>> PlayOptions.from_kwargs(no_wizard_on_trump_lead=True).no_wizard_on_trump_lead
        True
        >>> PlayOptions.from_kwargs(colour="red")
        Traceback (most recent call last):
        ...
        scribe.rules.errors.RuleError: Unknown rule option 'colour'.
        """
        known = {f.name for f in fields(cls)}
        for name in options:
            if name not in known:
                raise RuleError(N_("Unknown rule option %(name)r."), field=name, name=name)
        return cls(**options)

    def forbidden_bid(self, bids_so_far: Sequence[int], cards: int) -> int | None:
        """The bid the last bidder may not make, if any (W-B3, W-B6).

        >>> PlayOptions(bid_rule="plus_minus_one").forbidden_bid([2, 2], 3) is None
        True
        """
        if self.forbidden is not None:
            return self.forbidden(bids_so_far, cards)
        if self.bid_rule in _EVEN_FORBIDDEN:
            n = cards - sum(bids_so_far)
            # W-B6: a number outside 0..cards forbids nothing.
            return n if 0 <= n <= cards else None
        return None
