"""A robot in a seat (issue 37): the ``bot`` entry of a virtual-deck game of the family.

Data ``{"seat", "level", "seed"}``: a level ("easy", "medium", "hard") hands the seat to a
robot, None gives it back to people. Only between deals (before a round's deal, or the
first), so a hand is never played by two minds; the seed is drawn by the service when the
entry is recorded (``scribe.rules.robots.draw``, as the deck's dice), never chosen by a
client. The checks every family shares are ``scribe.rules.robots.verify``; the sheet keeps
who holds which seat (``base.Sheet.robots``); what a robot plays is ``scribe.bots``'.
Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...rules.errors import N_
from ...rules.robots import verify

KIND: Final = "bot"


def verify_bot(sheet: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """A seat handed to a robot, or given back to people (``rules.robots.verify``): here a
    seat changes hands before a round's cards are dealt."""
    row = sheet.current
    if row is None:
        not_now = N_("The game is over.")
    elif row.dealt:
        not_now = N_("A seat changes hands between rounds only: finish this round first.")
    else:
        not_now = None
    return verify(data, players=sheet.setup.players, robots=sheet.robots,
                  virtual_deck=sheet.setup.rules.virtual_deck, not_now=not_now)


def robot_seats(entries: Iterable[Any]) -> tuple[tuple[int, str, int], ...]:
    """(seat, level, seed) of each seat a robot holds after the ``bot`` entries, in seat order."""
    held: dict[int, tuple[str, int]] = {}
    for entry in entries:
        d = entry.data
        if d.get("level") is None:
            held.pop(d["seat"], None)
        else:
            held[d["seat"]] = (d["level"], d["seed"])
    return tuple((seat, *held[seat]) for seat in sorted(held))


def taken(seats: tuple[tuple[int, str, int], ...], entry: Any) -> tuple[tuple[int, str, int], ...]:
    """``seats`` after one more ``bot`` entry."""
    return robot_seats([_Held(s, lv, sd) for s, lv, sd in seats] + [entry])


class _Held:
    """A robot already holding its seat, as an entry would say it."""

    def __init__(self, seat: int, level: str, seed: int):
        self.data = {"seat": seat, "level": level, "seed": seed}
