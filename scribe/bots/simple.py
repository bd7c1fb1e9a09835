"""The family's plain choices, for a robot's decision no search answers (issue 37): the
suit it holds most, a bid from its high cards, a card from the legal ones. Pure."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .family import Turn, answer, legal_bids, nearest


def most_held(hand: Sequence[str], suits: Sequence[str], suit_of: Callable[[str], str | None]) -> str:
    """The suit with the most cards of ``hand`` (the first suit on a tie)."""
    counts = {s: 0 for s in suits}
    for card in hand:
        s = suit_of(card)
        if s in counts:
            counts[s] += 1
    return max(suits, key=lambda s: counts[s])


def decide_simply(view: Any, t: Turn, rng: random.Random, strong: Callable[[str], bool],
                  suit_of: Callable[[str], str | None], form: Callable[[str, random.Random], str] = lambda c, _r: c
                  ) -> tuple[str, dict[str, Any]]:
    """A plain answer to ``t``: ``strong`` says a card likely to take a trick; ``form``
    the card as played (the Tigress's choice, the suit of the Cloud or the Juggler: W-J3, W-J4)."""
    hand = list(t.row.remaining(t.seat) or ())
    if t.what == "trump":
        return answer(t, suit=most_held(hand, view.setup.SUITS, suit_of))
    if t.what == "bid":
        return answer(t, bid=nearest(sum(1 for c in hand if strong(c)), legal_bids(view, t)))
    if t.what == "cloud":
        return answer(t, change=1 if t.row.play.won[t.seat] > (t.row.bids[t.seat] or 0) else -1)
    card = rng.choice(t.choices)
    return answer(t, card=form(card, rng) if t.what == "play" else card)  # a card passed goes as held (W-J4)
