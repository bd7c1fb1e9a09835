"""The seating every game of the family shares (W-R2, W-B1, R-R2, K-R1): players clockwise,
the first dealer, and from them who deals and bids when, round by round; a game's setup
(a frozen dataclass with ``players`` and ``first_dealer``) adds its rules and says how
many cards each round deals and whether a card is turned for trump. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from . import schedule as seats


class Seating:
    players: tuple[str, ...]
    first_dealer: int

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def round_count(self) -> int:
        raise NotImplementedError

    def cards(self, round_no: int) -> int:
        raise NotImplementedError

    def has_trump(self, round_no: int) -> bool:
        raise NotImplementedError

    def dealer(self, round_no: int) -> int:
        """The deal passes clockwise every round (W-R2, R-R2): the family's schedule."""
        return seats.dealer(self.first_dealer, round_no, self.n)

    def bidding_order(self, round_no: int) -> tuple[int, ...]:
        """Left of the dealer first, the dealer last (W-B1, R-R2)."""
        return seats.order(self.dealer(round_no), self.n)

    @cached_property
    def schedule(self) -> tuple[tuple[int, int, tuple[int, ...], bool], ...]:
        """(cards, dealer, bidding order, has trump) of every round, worked out once."""
        return tuple((self.cards(i), self.dealer(i), self.bidding_order(i), self.has_trump(i))
                     for i in range(1, self.round_count + 1))


def first_seat(first_dealer: Any, n: int) -> int:
    """The first dealer named (W-R2, R-R2): the seat of one of the ``n`` players."""
    dealer = whole(first_dealer, "first_dealer")
    if not 0 <= dealer < n:
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    return dealer


def preset_switches(preset: Any, presets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The switches the named ``preset`` stands for (none named: none), or a refusal naming
    the field ``preset`` (W-B2..W-B5's rule sets, R-P1's presets)."""
    if preset is None:
        return {}
    if not isinstance(preset, str) or preset not in presets:
        raise RuleError(N_("Unknown rule set."), field="preset")
    return dict(presets[preset])
