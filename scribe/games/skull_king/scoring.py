"""Skull King's points: K-S1 (Skull King's scoring), K-S2 (bonuses, on an exact bid
only), K-S3 (Loot alliances), K-S4 (Rascal's scoring and its Cannonball). Pure arithmetic.

The rule book's examples (its "Scoring" pages) are the doctests below.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

#: K-S2's bonuses: what each counted card is worth.
BONUS_POINTS = {"fourteens": 10, "black14": 20, "mermaids": 20, "pirates": 30, "skull_king": 40}
BONUS_KINDS = tuple(BONUS_POINTS)

ADVANCED_CARDS = {"kraken": 1, "white_whale": 1, "loot": 2}  # K-S3, K-T1: how many of each
LOOT_POINTS = 20  # K-S3: to each ally, when both made their bids exactly
ZERO_POINTS = 10  # K-S1: a bid of zero wins or loses 10 per card dealt
TRICK_POINTS = 20  # K-S1: per trick of an exact bid of one or more
MISS_POINTS = 10  # K-S1: per trick of difference
RASCAL_POINTS = 10  # K-S4: each player's potential, per card dealt
CANNONBALL_POINTS = 15  # K-S4: the Cannonball's, per card dealt


@dataclass(frozen=True)
class Bonus:
    """What one player's tricks hold of K-S2's bonus cards, in one round.

    ``fourteens``: yellow, purple and green 14s; ``black14``: the black 14; ``mermaids``:
    Mermaids taken by a Pirate; ``pirates``: Pirates (the Tigress played as one too)
    taken by the Skull King; ``skull_king``: the Skull King taken with a Mermaid.
    """

    fourteens: int = 0
    black14: int = 0
    mermaids: int = 0
    pirates: int = 0
    skull_king: int = 0

    @property
    def points(self) -> int:
        """K-S2's points, before K-S1/K-S4 decide whether (and how much) they count.

        The rule book's example: a Mermaid wins a trick holding a yellow 14, a Pirate and
        the Skull King: +10 for the 14 and +40 for the Skull King.

        >>> Bonus(fourteens=1, skull_king=1).points
        50
        """
        return sum(getattr(self, k) * v for k, v in BONUS_POINTS.items())

    @property
    def captures(self) -> int:
        return self.mermaids + self.pirates + self.skull_king

    def __add__(self, other: Bonus) -> Bonus:
        return Bonus(**{k: getattr(self, k) + getattr(other, k) for k in BONUS_KINDS})

    def __bool__(self) -> bool:
        return any(getattr(self, k) for k in BONUS_KINDS)

    def as_dict(self) -> dict[str, int]:
        """Only what is there: a log row stays short and reads on its own."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Bonus:
        return cls(**dict(data or {}))


def skull_king_points(bid: int, tricks: int, cards: int) -> int:
    """K-S1, without bonuses.

    The rule book's examples: Calvin bids 3 and takes 3; Angela bids 2 and takes 4;
    Kate bids zero in round 7 and takes none; Johnny bids zero in round 9 and takes 2.

    >>> skull_king_points(3, 3, 3), skull_king_points(2, 4, 4), skull_king_points(0, 0, 7), skull_king_points(0, 2, 9)
    (60, -20, 70, -90)
    """
    if bid == 0:
        return ZERO_POINTS * cards if tricks == 0 else -ZERO_POINTS * cards
    if bid == tricks:
        return TRICK_POINTS * bid
    return -MISS_POINTS * abs(bid - tricks)


def rascal_points(bid: int, tricks: int, cards: int, bonus: int = 0, cannonball: bool = False) -> int:
    """K-S4: the potential 10 x cards and the bonuses, all of them on an exact bid, half
    when off by one, none when off by two or more; a Cannonball 15 x cards and the
    bonuses on an exact bid only.

    The rule book's examples: 3 cards, bids 0, 1, 2 all exact; 4 cards, exact, off by
    one, off by two; 6 cards, a bid of 3 made and missed by one, with Grapeshot and
    with the Cannonball.

    >>> [rascal_points(b, b, 3) for b in (0, 1, 2)], [rascal_points(1, t, 4) for t in (1, 0, 3)]
    ([30, 30, 30], [40, 20, 0])
    >>> rascal_points(3, 3, 6), rascal_points(3, 2, 6), rascal_points(3, 3, 6, cannonball=True), rascal_points(3, 4, 6, cannonball=True)
    (60, 30, 90, 0)
    >>> rascal_points(2, 1, 5, bonus=30)
    40
    """
    off = abs(bid - tricks)
    if cannonball:
        return CANNONBALL_POINTS * cards + bonus if off == 0 else 0
    if off == 0:
        return RASCAL_POINTS * cards + bonus
    if off == 1:  # every potential is a multiple of 10 and every bonus too: halves are whole
        return (RASCAL_POINTS * cards + bonus) // 2
    return 0


def round_points(bid: int, tricks: int, cards: int, bonus: int = 0, *, scoring: str = "skull_king",
                 cannonball: bool = False, bonus_on_miss: bool = False) -> int:
    """One player's points for a round, Loot aside (K-S1, K-S2, K-S4).

    K-S2: the bonuses count only on an exact bid, unless the table's house rule says
    otherwise (``bonus_on_miss``, Skull King's scoring only).

    >>> round_points(2, 2, 5, 50), round_points(2, 3, 5, 50), round_points(2, 3, 5, 50, bonus_on_miss=True)
    (90, -10, 40)
    >>> round_points(0, 0, 5, scoring="rascal"), round_points(0, 1, 5, 20, scoring="rascal")
    (50, 35)
    """
    if scoring == "rascal":
        return rascal_points(bid, tricks, cards, bonus, cannonball)
    base = skull_king_points(bid, tricks, cards)
    return base + bonus if (bid == tricks or bonus_on_miss) else base


def loot_points(alliances: Sequence[Sequence[int]], bids: Sequence[int], tricks: Sequence[int]) -> list[int]:
    """K-S3: each Loot's alliance gives both allies +20 when both made their bids
    exactly; under Rascal's scoring too, never half (the publisher's FAQ).

    >>> loot_points([(0, 2)], [1, 0, 2], [1, 1, 2]), loot_points([(0, 2), (1, 2)], [1, 0, 2], [1, 0, 2])
    ([20, 0, 20], [20, 20, 40])
    >>> loot_points([(0, 2)], [1, 0, 2], [0, 1, 2])
    [0, 0, 0]
    """
    out = [0] * len(bids)
    for a, b in alliances:
        if bids[a] == tricks[a] and bids[b] == tricks[b]:
            out[a] += LOOT_POINTS
            out[b] += LOOT_POINTS
    return out
