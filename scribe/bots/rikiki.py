"""A robot in a seat of a virtual-deck Rikiki (Oh Hell) game (issue 37). Pure: no Flask, no SQL.

The searching player (``engine.rikiki.RikikiSearch``) answers the bid (R-B1, never the
dealer's hooked number, R-B2) and the card, on the engine's view of the round made from
the seat's own view; the level is its budget (``engine.worlds.LEVELS``)."""

from __future__ import annotations

from typing import Any

from ..engine.rikiki import RikikiSearch, round_view
from .family import answer, known_bids, legal_bids, nearest, turn_at


def decide(view: Any, seat: int, level: str, seed: int) -> tuple[str, dict[str, Any]] | None:
    """The entry ``seat``'s phone would send now, or None when it has nothing to do."""
    t = turn_at(view, seat, level)
    if t is None:
        return None
    row = t.row
    rv = round_view(view.setup, row.number, row.turned)
    if row.play is not None:
        rv.follow(row.play)
    rv.bids = known_bids(row)
    hand = list(row.remaining(seat) or ())
    player = RikikiSearch(view.setup, seed, level)
    if t.what == "bid":
        return answer(t, bid=nearest(player.bid(hand, rv, seat), legal_bids(view, t)))
    card = player.play(list(t.choices), hand, rv, seat)
    return answer(t, card=card if card in t.choices else t.choices[0])
