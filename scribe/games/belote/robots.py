"""A robot in a seat of a virtual-deck Belote or Coinche game (issue 37): the "bot"
entry, checked and applied. Pure: no Flask, no SQL.

A "bot" entry hands a seat to a robot at a level ("easy", "medium", "hard") or, with
level None, gives it back to people. It is taken only between deals (no deal on the
table: B-D1's cards are dealt to the seats as they stand), never on a score pad, and
never the fourth seat: a table with no person is no table to keep a score for. The
seed of the robot's dice is drawn by the service (``scribe.rules.robots.draw``), never
sent by a client. The checks every family shares are ``scribe.rules.robots``'.

>>> from .setup import make_setup
>>> from .sheet import replay
>>> sheet = replay(make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True), [])
>>> verify(sheet, {"seat": "3", "level": "hard", "seed": 7})
{'seat': 3, 'level': 'hard', 'seed': 7}
>>> apply({}, {"seat": 3, "level": "hard", "seed": 7})
{3: {'level': 'hard', 'seed': 7}}
>>> apply({3: {"level": "hard", "seed": 7}}, {"seat": 3, "level": None, "seed": 8})
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_
from ...rules.fields import whole
from ...rules.robots import verify as check

BOT = "bot"


def verify(sheet: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """The entry as recorded, or a RuleError naming the field (``rules.robots.verify``):
    here a seat changes hands with no deal on the table."""
    if sheet.finished:
        not_now = N_("The game is over: correct a deal or undo to go on.")
    elif sheet.table is not None:  # B-D1: a deal's hands belong to the seats they were dealt to
        not_now = N_("A robot takes or leaves a seat between deals: finish this deal first.")
    else:
        not_now = None
    return check(data, players=sheet.setup.players, robots=sheet.robots,
                 virtual_deck=sheet.setup.virtual_deck, not_now=not_now)


def apply(robots: Mapping[int, Mapping[str, Any]], data: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The robots after a recorded "bot" entry."""
    out = {s: dict(r) for s, r in robots.items()}
    seat = whole(data.get("seat"), "seat")
    if data.get("level") is None:
        out.pop(seat, None)
    else:
        out[seat] = {"level": data["level"], "seed": data["seed"]}
    return out
