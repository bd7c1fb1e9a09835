"""Who deals and who bids first, round by round, in the bids-and-tricks family: the deal
passes one seat clockwise (to the dealer's left) every round (W-R2, K-R1), and the seat at
the dealer's left bids and leads first, the dealer last (W-B1, K-R1)."""

from __future__ import annotations


def dealer(first_dealer: int, round_no: int, players: int) -> int:
    """The dealer of round ``round_no`` (1 first).

    >>> [dealer(2, r, 3) for r in (1, 2, 3, 4)]
    [2, 0, 1, 2]
    """
    return (first_dealer + round_no - 1) % players


def order(dealer_seat: int, players: int) -> tuple[int, ...]:
    """Seats from the dealer's left, who bids and leads first, to the dealer.

    >>> order(2, 4)
    (3, 0, 1, 2)
    """
    return tuple((dealer_seat + 1 + i) % players for i in range(players))
