"""Skull King's pack for the family's virtual deck (``bidding/deck.py``: the deal recorded
in the log, each card played in turn, the last one taken back, the undo of a deal refused
once bid on): the deal drawn from the deck the table chose and a deal checked against it
(K-R1), through its ``Setup``'s ``draw`` and ``check_deal``. The round's result is worked
out from the cards (``play.tally``), so that nobody types the tricks, the bonuses or the Loot.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...rules.errors import N_, RuleError
from .cards import deal, deck, parse_card  # deal: looked up here at each draw (a test fixes the hands)


def _deck(setup: Any) -> tuple[Any, ...]:
    rules = setup.rules
    return deck(rules.kraken, rules.white_whale, rules.loot)


def draw(setup: Any, row: Any, rng: Any) -> tuple[list[list[str]], None]:
    """A deal of ``row`` drawn from ``rng`` (K-R1: the whole deck shuffled, the cards dealt
    to each seat, the rest set aside unseen); no card is turned up."""
    hands = deal(setup.n, row.cards, _deck(setup), rng)
    return [[str(c) for c in h] for h in hands], None


def check_deal(setup: Any, row: Any, raw: Any, turned: Any) -> tuple[list[list[str]], None]:
    """A deal's hands checked against the deck the table chose (70 cards, the Kraken, the
    White Whale, the Loot); a card turned up is none of Skull King's (K-R1)."""
    hands = [[parse_card(c) for c in h] for h in raw]
    if Counter(c for h in hands for c in h) - Counter(_deck(setup)):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return [[str(c) for c in h] for h in hands], None
