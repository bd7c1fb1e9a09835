"""How many cards each round deals (R-M2, R-R1). Pure."""

from __future__ import annotations

SCHEDULES = ("down_up", "up_down", "down", "up", "peak_twice")


def most_cards(pack: int, players: int, every_card: bool = False) -> int:
    """R-M2: a card is left to turn for trump, unless the biggest round deals every card.

    >>> [most_cards(52, n) for n in (3, 4, 5, 6, 7)]
    [17, 12, 10, 8, 7]
    >>> most_cards(52, 4, every_card=True)
    13
    """
    return pack // players if every_card else (pack - 1) // players


def schedule(kind: str, most: int) -> tuple[int, ...]:
    """R-R1: the cards dealt, round by round, for a schedule up to ``most`` cards.

    >>> schedule("down_up", 3), schedule("up_down", 3)
    ((3, 2, 1, 2, 3), (1, 2, 3, 2, 1))
    >>> schedule("peak_twice", 3)
    (1, 2, 3, 3, 2, 1)
    """
    down, up = tuple(range(most, 0, -1)), tuple(range(1, most + 1))
    return {
        "down_up": down + up[1:],
        "up_down": up + down[1:],
        "down": down,
        "up": up,
        "peak_twice": up + down,  # kaartspeluitleg.nl: the second peak without trump
    }[kind]
