"""A French Tarot game's setup: the players, the first dealer, an agreed number of deals.

Rule ids T-M1, T-M2, T-E1 in shared/RULES.md. Pure: no Flask, no SQL, no I/O.

Seats are numbered clockwise (as every Scribe game types its players); Tarot is dealt
and played counter-clockwise, so the deal passes to the right: to the seat *before*.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole

MIN_PLAYERS, MAX_PLAYERS = 3, 6  # T-M1: 3, 4 or 5 play; T-M2: a sixth at a five-player table
MAX_DEALS = 200


@dataclass(frozen=True)
class Setup:
    """Players in seating order (clockwise), who deals first, and how many deals the table
    agreed to play (None: until the table says, T-E1)."""

    GAME: ClassVar[str] = "tarot"  # its game in games.GAMES, for code holding only a setup
    players: tuple[str, ...]
    first_dealer: int = 0
    deals: int | None = None

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def playing(self) -> int:
        """How many play each deal (T-M2: at six, the dealer sits out)."""
        return min(self.n, 5)

    @property
    def calls_a_king(self) -> bool:
        """T-C2: at five players the taker calls a King."""
        return self.playing == 5

    @property
    def half_points(self) -> bool:
        """T-S1: at 3 and 5 players a side's tricks can count a half point (at 4 they never do)."""
        return self.playing in (3, 5)

    def dealer(self, deal: int) -> int:
        """The dealer of deal ``deal`` (1-based): the deal passes to the right (T-M2).

        >>> s = Setup(("Ana", "Ben", "Cy", "Dee"), first_dealer=1)
        >>> [s.dealer(d) for d in (1, 2, 3, 4, 5)]
        [1, 0, 3, 2, 1]
        """
        return (self.first_dealer - (deal - 1)) % self.n

    def sits_out(self, deal: int) -> int | None:
        """The *mort* of deal ``deal``: at six, the dealer sits out (T-M2); else nobody."""
        return self.dealer(deal) if self.n > 5 else None

    def speaks_first(self, deal: int) -> int:
        """Who bids first: the dealer's right-hand neighbour (play goes counter-clockwise)."""
        return (self.dealer(deal) - 1) % self.n

    def seated(self, deal: int) -> tuple[int, ...]:
        """The seats that play deal ``deal``."""
        out = self.sits_out(deal)
        return tuple(p for p in range(self.n) if p != out)

    def as_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "first_dealer": self.first_dealer, "deals": self.deals}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Setup:
        return cls(tuple(d["players"]), d.get("first_dealer", 0), d.get("deals"))


def make_setup(players: Any = (), first_dealer: Any = 0, deals: Any = None) -> Setup:
    """A checked setup, or a RuleError naming the field.

    >>> make_setup(["Ana", "Ben", "Cy", "Dee", "Eve", "Flo"], first_dealer=5, deals="12").deals
    12
    >>> make_setup(["Ana", "Ben"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: French Tarot is for 3 to 5 players, or 6 with the dealer sitting out.
    """
    names = verify_names(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise RuleError(N_("French Tarot is for 3 to 5 players, or 6 with the dealer sitting out."), field="players")
    dealer = whole(0 if first_dealer in (None, "") else first_dealer, "first_dealer")
    if not 0 <= dealer < len(names):
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    count = None
    if deals not in (None, ""):
        count = whole(deals, "deals")
        if not 1 <= count <= MAX_DEALS:
            raise RuleError(N_("Give a number of deals from 1 to %(max)s, or none."), field="deals", max=MAX_DEALS)
    return Setup(names, dealer, count)
