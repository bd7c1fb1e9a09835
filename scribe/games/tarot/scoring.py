"""A deal's score by the Fédération Française de Tarot's rules (T-C1, T-S1..T-S6).

Points are kept in half points (``halves``: 40.5 is 81) so that nothing is a float.
Pure: no Flask, no SQL, no I/O.

Read against the federation's text where the digest (shared/RULES.md) is brief: the
half point goes to the side that scores (FFT, tarot à 3, reproduced by normandie-tarot.org:
40.5 for 41 is down by 1, 41.5 made by 1); petit au bout whatever the result, multiplied
(foxtarot.com "Les primes", regles2jeux.fr "Les primes au Tarot"); poignées 20/30/40 never
multiplied, to the winning side, 8/10/13 trumps at five (tarotjeu.com, jouerautarotgratuit.com;
bric-a-brac.org's 15 for a triple is not the federation's); chelem 400/200/-200 never
multiplied (shogix.net). The defence's chelem (+200 to each defender) is the digest's: no
federation text on it was found; announced and taken by the defence, both apply (-400 on A).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PRISE, GARDE, GARDE_SANS, GARDE_CONTRE = "prise", "garde", "garde_sans", "garde_contre"
CONTRACTS = (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE)  # T-C1, in rising order
MULTIPLIER = {PRISE: 1, GARDE: 2, GARDE_SANS: 4, GARDE_CONTRE: 6}  # T-C1
NEEDED = (56, 51, 41, 36)  # T-S1: by the bouts in the attack's tricks
TOTAL = 91  # T-S1: the card points of the whole deck
BOUT = 9  # a bout is worth 4.5 points: 9 halves
CONTRACT_BASE = 25  # T-S2
PETIT = 10  # T-S3, times the multiplier
ATTACK, DEFENCE = "attack", "defence"
SIDES = (ATTACK, DEFENCE)
SIMPLE, DOUBLE, TRIPLE = "simple", "double", "triple"
POIGNEES = (SIMPLE, DOUBLE, TRIPLE)
POIGNEE_BONUS = {SIMPLE: 20, DOUBLE: 30, TRIPLE: 40}  # T-S4, never multiplied
POIGNEE_TRUMPS = {3: {SIMPLE: 13, DOUBLE: 15, TRIPLE: 18},  # T-S4: trumps shown, by players in the deal
                  4: {SIMPLE: 10, DOUBLE: 13, TRIPLE: 15},
                  5: {SIMPLE: 8, DOUBLE: 10, TRIPLE: 13}}
TRUMPS = 22  # 21 trumps and the Excuse, which may stand in a poignée for a missing trump
CHELEM_ANNOUNCED, CHELEM_MADE, CHELEM_FAILED, CHELEM_DEFENCE = 400, 200, -200, 200  # T-S5


@dataclass(frozen=True)
class Deal:
    """A played deal as the table tells it: who took which contract (and at five whom
    the called King made the partner), the bouts and card points of the attack, and the
    extras that happened (petit au bout's side, the poignées shown, the chelem)."""

    taker: int
    contract: str
    bouts: int
    halves: int  # the attack's card points, in half points
    partner: int | None = None  # at five: the called King's holder; None alone (or at 3, 4)
    petit: str | None = None  # T-S3: the side that took the Petit in the last trick
    poignees: tuple[tuple[int, str], ...] = ()  # T-S4: (player, size) of each poignée shown
    chelem: str | None = None  # T-S5: the side that took every trick
    chelem_announced: bool = False

    @property
    def multiplier(self) -> int:
        return MULTIPLIER[self.contract]

    @property
    def attack(self) -> tuple[int, ...]:
        return (self.taker,) if self.partner is None else (self.taker, self.partner)


@dataclass(frozen=True)
class Score:
    """What the deal is worth: the result (T-S1, T-S2) and each part of the amount *A*
    signed for the taker's side (T-S6), then each seat's share."""

    needed: int
    made: bool
    margin: int  # points over (made) or short of (down) what was needed, half points rounded (T-S1)
    contract: int  # (25 + margin) x multiplier, signed (T-S2)
    petit: int  # T-S3, signed
    poignee: int  # T-S4, signed
    chelem: int  # T-S5, signed
    shares: tuple[int, ...]  # per seat (0 for the mort and at a redeal)

    @property
    def amount(self) -> int:
        """*A*: each defender scores -A (T-S6)."""
        return self.contract + self.petit + self.poignee + self.chelem


def margin(halves: int, bouts: int) -> tuple[bool, int]:
    """T-S1, T-S2: whether the contract is made (exactly made is made by 0) and by how
    much, or how short it fell. A half point goes to the side that scores: 40.5 with
    two bouts is down by 1, 41.5 made by 1 (the federation's three-player example).

    >>> margin(81, 2), margin(83, 2), margin(82, 2), margin(98, 2), margin(0, 0)
    ((False, 1), (True, 1), (True, 0), (True, 8), (False, 56))
    """
    diff = halves - 2 * NEEDED[bouts]
    return diff >= 0, (abs(diff) + 1) // 2


def shares(amount: int, taker: int, partner: int | None, seated: Sequence[int], n: int) -> tuple[int, ...]:
    """T-S6: each defender -A; the taker 3 x A at four, 2 x A at three; at five the taker
    2 x A and the partner A, or 4 x A alone. Seats not in the deal (the mort) score 0.
    The row always sums to zero.

    >>> shares(106, 0, None, (0, 1, 2, 3), 4)
    (318, -106, -106, -106)
    >>> shares(66, 0, 2, (0, 1, 2, 3, 4), 5), shares(66, 0, None, (0, 1, 2, 3, 4), 5)
    ((132, -66, 66, -66, -66), (264, -66, -66, -66, -66))
    >>> shares(-26, 1, None, (0, 1, 2), 3), shares(30, 1, 3, (0, 1, 3, 4, 5), 6)
    ((26, -52, 26), (-30, 60, 0, 30, -30, -30))
    """
    out = [0] * n
    defenders = [p for p in seated if p not in (taker, partner)]
    for p in defenders:
        out[p] = -amount
    if partner is not None:
        out[partner] = amount
    out[taker] = amount * len(defenders) - (amount if partner is not None else 0)
    return tuple(out)


def score(deal: Deal, seated: Sequence[int], n: int) -> Score:
    """The deal's score by T-S1..T-S6. The federation's worked example: a Garde made
    with 49 points and 2 bouts, a simple poignée and the Petit taken in the last trick by
    the taker: (25 + 8 + 10) x 2 + 20 = 106, the taker +318 at four players.

    >>> s = score(Deal(0, GARDE, 2, 98, petit=ATTACK, poignees=((0, SIMPLE),)), (0, 1, 2, 3), 4)
    >>> s.made, s.margin, s.contract, s.petit, s.poignee, s.amount, s.shares
    (True, 8, 66, 20, 20, 106, (318, -106, -106, -106))
    """
    made, by = margin(deal.halves, deal.bouts)
    sign = 1 if made else -1
    contract = sign * (CONTRACT_BASE + by) * deal.multiplier
    petit = 0 if deal.petit is None else (1 if deal.petit == ATTACK else -1) * PETIT * deal.multiplier
    poignee = sign * sum(POIGNEE_BONUS[size] for _p, size in deal.poignees)  # to the side that won (T-S4)
    chelem = 0
    if deal.chelem == ATTACK:
        chelem = CHELEM_ANNOUNCED if deal.chelem_announced else CHELEM_MADE
    else:
        if deal.chelem_announced:
            chelem += CHELEM_FAILED
        if deal.chelem == DEFENCE:
            chelem -= CHELEM_DEFENCE  # each defender +200: -200 for the taker's side
    amount = contract + petit + poignee + chelem
    return Score(NEEDED[deal.bouts], made, by, contract, petit, poignee, chelem,
                 shares(amount, deal.taker, deal.partner, seated, n))
