"""How many cards each round deals (R-M2, R-R1): the family's schedules (``bidding.setup``)
up to the most a standard pack allows. Pure."""

from __future__ import annotations

from ..bidding.setup import SCHEDULES, schedule  # noqa: F401  (Rikiki's schedules are the family's)


def most_cards(pack: int, players: int, every_card: bool = False) -> int:
    """R-M2: a card is left to turn for trump, unless the biggest round deals every card.

    >>> [most_cards(52, n) for n in (3, 4, 5, 6, 7)]
    [17, 12, 10, 8, 7]
    >>> most_cards(52, 4, every_card=True)
    13
    """
    return pack // players if every_card else (pack - 1) // players
