"""A robot in a seat of a virtual-deck Belote or Coinche game (issue 37): the "bot"
entry, checked and applied. Pure: no Flask, no SQL.

A "bot" entry hands a seat to a robot at a level ("easy", "medium", "hard") or, with
level None, gives it back to people. It is taken only between deals (no deal on the
table: B-D1's cards are dealt to the seats as they stand), never on a score pad, and
never the fourth seat: a table with no person is no table to keep a score for. The
seed of the robot's dice is drawn by the service (``draw``), never sent by a client.

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

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from ...rules.robots import LEVELS, SEED_MAX
from .setup import PLAYERS

BOT = "bot"


def draw(sheet: Any, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """The service's random source gives the robot its seed (as a deal's cards): any seed
    a client sent is replaced."""
    return {**data, "seed": rng.randrange(SEED_MAX)}


def _level(raw: Any) -> str | None:
    if raw in (None, "", "none"):
        return None
    if not isinstance(raw, str) or raw not in LEVELS:
        raise RuleError(N_("Choose the robot's level: easy, medium or strong."), field="level")
    return raw


def verify(sheet: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """The entry as recorded, or a RuleError naming the field."""
    if not sheet.setup.virtual_deck:
        raise RuleError(N_("A robot plays only when Scribe deals the cards on the phones."), field="seat")
    if sheet.finished:
        raise RuleError(N_("The game is over: correct a deal or undo to go on."), field="seat")
    if sheet.table is not None:  # B-D1: a deal's hands belong to the seats they were dealt to
        raise RuleError(N_("A robot takes or leaves a seat between deals: finish this deal first."), field="seat")
    seat = whole(data.get("seat"), "seat")
    if not 0 <= seat < PLAYERS:
        raise RuleError(N_("There is no such player."), field="seat")
    level = _level(data.get("level"))
    robots = sheet.robots
    if level is None and seat not in robots:
        raise RuleError(N_("This seat is already played by a person."), field="seat")
    if level is not None and robots.get(seat, {}).get("level") == level:
        raise RuleError(N_("A robot at this level already plays this seat."), field="level")
    if level is not None and len(set(robots) | {seat}) >= PLAYERS:
        raise RuleError(N_("At least one seat stays with a person."), field="seat")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_MAX:
        raise RuleError(N_("This page is out of date: reload it."), field="seat")
    return {"seat": seat, "level": level, "seed": seed}


def apply(robots: Mapping[int, Mapping[str, Any]], data: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The robots after a recorded "bot" entry."""
    out = {s: dict(r) for s, r in robots.items()}
    seat = whole(data.get("seat"), "seat")
    if data.get("level") is None:
        out.pop(seat, None)
    else:
        out[seat] = {"level": data["level"], "seed": data["seed"]}
    return out
