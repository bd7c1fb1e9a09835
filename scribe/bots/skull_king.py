"""A robot in a seat of a virtual-deck Skull King game (issue 37), the Tigress's choice
too. Pure: no Flask, no SQL.

The searching player (``engine.skull_king.SkullKingSearch``) answers the bid (K-B1, made
alone) and the card, the Tigress played as a Pirate or an Escape whichever scores
better, on the engine's view of the round made from the seat's own view. The level is
its budget (``engine.worlds.LEVELS``), capped on big tables so a move stays near a second."""

from __future__ import annotations

import random
from typing import Any, Final

from ..engine.skull_king import SkullKingSearch, SkullKingView
from ..engine.worlds import LEVELS as BUDGETS
from ..games.skull_king.cards import parse_card  # the game's own codes (TP, TE: the Tigress's forms)
from .family import answer, known_bids, legal_bids, nearest, turn_at

# worlds x cards x cards x seats a decision may cost at most (the choices, each played out
# to the round's end at every seat): hard's 32 worlds on 5 cards at 4 seats took about a
# second at most (bench/bot_seat_speed.py); a 10-card round at 8 seats gets 4 worlds
WORK_MAX: Final = 32 * 5 * 5 * 4


def play_form(card: str, rng: random.Random) -> str:
    """A plain player's Tigress: as a Pirate or an Escape, at random (the bench's baseline)."""
    return rng.choice(("TP", "TE")) if card == "TI" else card


def worlds(level: str, setup: Any, cards: int) -> int:
    """The level's worlds, fewer on a table where each playout is long."""
    budget = BUDGETS[level].worlds
    return max(4, min(budget, WORK_MAX // max(1, cards * cards * setup.n)))


def decide(view: Any, seat: int, level: str, seed: int) -> tuple[str, dict[str, Any]] | None:
    """The entry ``seat``'s phone would send now, or None when it has nothing to do."""
    t = turn_at(view, seat, level)
    if t is None:
        return None
    row = t.row
    rv = SkullKingView(view.setup.n, row.number, row.cards, row.dealer)
    if row.play is not None:
        rv.follow(row.play, parse_card)
    rv.bids = known_bids(row)
    hand = [parse_card(c) for c in row.remaining(seat) or ()]
    player = SkullKingSearch(view.setup, seed, level, worlds=worlds(level, view.setup, row.cards))
    if t.what == "bid":
        return answer(t, bid=nearest(player.bid(hand, rv, seat), legal_bids(view, t)))
    card = str(player.play([parse_card(c) for c in t.choices], hand, rv, seat))
    held = "TI" if card in ("TP", "TE") else card
    return answer(t, card=card if held in t.choices else t.choices[0])
