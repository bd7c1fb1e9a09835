"""The standard pack as Rikiki plays it on the virtual deck (R-M1: 52 or 32 cards, ace
high; follow suit, the trump wins, else the highest of the led suit). Codes are rank then
suit: "AS", "10H", "QD", "7C". The minimum, until the shared standard pack
(``rules/cards/standard.py``, issue 33's "deck" part) replaces it. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.trickplay import Outcome

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")  # ace high
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
MUST_FOLLOW = {  # one message per suit, so that each translates whole
    "S": N_("You must follow spades: you hold a spade."), "H": N_("You must follow hearts: you hold a heart."),
    "D": N_("You must follow diamonds: you hold a diamond."), "C": N_("You must follow clubs: you hold a club."),
}


def pack(size: int) -> list[str]:
    """The 52 cards, or the 32 from the seven up (R-M1).

    >>> len(pack(52)), pack(32)[:3]
    (52, ['7S', '8S', '9S'])
    """
    ranks = RANKS if size == 52 else RANKS[5:]
    return [r + s for s in SUITS for r in ranks]


def _high(card: str) -> int:
    return RANKS.index(card[:-1])


def deal(size: int, n: int, cards: int, turn: bool, rng: Any) -> tuple[list[list[str]], str | None]:
    """``n`` hands of ``cards`` cards from the pack shuffled by ``rng``, and the next card
    turned up when ``turn``."""
    shuffled = pack(size)
    rng.shuffle(shuffled)
    return [shuffled[p * cards:(p + 1) * cards] for p in range(n)], shuffled[n * cards] if turn else None


def checked(size: int, hands: Any, turned: Any, turn: bool) -> tuple[list[list[str]], str | None]:
    """A deal's hands and turned card in their codes, or a refusal: cards of the pack, each once."""
    bad = RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    try:
        held = [[TRICKS.played(c) for c in h] for h in hands]
        up = None if turned in (None, "") else TRICKS.played(turned)
    except RuleError:
        raise bad from None
    if (up is not None) != turn:
        raise RuleError(N_("A card is turned up after the deal, unless none is left (last round, Unicolore)."),
                        field="deal")
    dealt = [c for h in held for c in h] + ([up] if up else [])
    if len(set(dealt)) < len(dealt) or not set(dealt) <= set(pack(size)):
        raise bad
    return held, up


class StandardTricks:
    """The family's play engine's definition (``rules.trickplay.TrickGame``); ``ctx``: the
    trump suit's letter, or None."""

    def played(self, raw: Any) -> str:
        code = raw.strip().upper() if isinstance(raw, str) else ""
        if code[:-1] not in RANKS or code[-1:] not in SUITS:
            raise RuleError(N_("Write a card as its rank and suit, like 10H or QS."), field="card")
        return code

    def hand_form(self, card: str) -> str:
        return card

    def legal(self, hand: Sequence[str], trick: Sequence[str], ctx: Any) -> tuple[list[str], str | None]:
        led = trick[0][-1] if trick else None
        follow = [c for c in hand if c[-1] == led]
        return (follow, MUST_FOLLOW[led]) if follow and len(follow) < len(hand) else (list(hand), None)  # type: ignore[index]

    def winner(self, trick: Sequence[str], ctx: Any) -> Outcome:
        suit = ctx if any(c[-1] == ctx for c in trick) else trick[0][-1]
        best = max((i for i, c in enumerate(trick) if c[-1] == suit), key=lambda i: _high(trick[i]))
        return Outcome(best, best)

    def tally(self, play: Any, ctx: Any) -> dict[str, Any]:
        return {"tricks": list(play.won)}


TRICKS = StandardTricks()
