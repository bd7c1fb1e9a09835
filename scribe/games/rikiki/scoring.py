"""A round's score for one player who bid ``b`` and took ``t`` tricks (R-S1..R-S4). Pure."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Linear:
    """R-S2: an exact bid scores ``base + per_trick * t``; a missed one ``missed_trick * t``
    minus ``off`` for each trick it is off by."""

    base: int
    per_trick: int
    missed_trick: int
    off: int

    def score(self, b: int, t: int) -> int:
        """
        >>> Linear(10, 2, 0, 2).score(3, 3), Linear(10, 2, 0, 2).score(2, 3)
        (16, -2)
        """
        if b == t:
            return self.base + self.per_trick * t
        return self.missed_trick * t - self.off * abs(b - t)


@dataclass(frozen=True)
class Squares:
    """R-S3 (Pagat's variation): exact 10 + b², missed −(b − t)²."""

    def score(self, b: int, t: int) -> int:
        """
        >>> Squares().score(3, 3), Squares().score(2, 3)
        (19, -1)
        """
        return 10 + b * b if b == t else -((b - t) ** 2)


# R-S2's named settings (B, P, M, Q) and R-S3: the names a table picks from; "custom" is a
# Linear typed in
SCORINGS: dict[str, Linear | Squares] = {
    "oh_hell": Linear(10, 1, 0, 0),
    "nomination_whist": Linear(10, 1, 1, 0),
    "basic_5": Linear(5, 1, 1, 0),
    "boerenbridge": Linear(10, 2, 0, 2),
    "boerenbridge_5": Linear(5, 1, 0, 1),
    "ascenseur": Linear(2, 1, 0, 1),
    "squares": Squares(),
}
