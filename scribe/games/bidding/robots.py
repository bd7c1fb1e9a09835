"""A robot in a seat (issue 37): the ``bot`` entry of a virtual-deck game of the family.

Data ``{"seat", "level", "seed"}``: a level ("easy", "medium", "hard") hands the seat to a
robot, None gives it back to people. Only between deals (before a round's deal, or the
first), so a hand is never played by two minds; the seed is drawn by the service when the
entry is recorded (``draw_bot``, as the deck's dice), never chosen by a client. The
sheet keeps who holds which seat (``base.Sheet.robots``); what a robot plays is
``scribe.bots``'. Pure: no Flask, no SQL.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from ...rules.robots import LEVELS, SEED_MAX

KIND: Final = "bot"


def draw_bot(sheet: Any, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """The entry's data with its seed drawn from the service's ``rng`` (whatever a client sent)."""
    if not isinstance(data, Mapping):
        raise RuleError(N_("Choose a seat."), field="seat")
    return {"seat": data.get("seat"), "level": data.get("level"), "seed": rng.randrange(SEED_MAX)}


def verify_bot(sheet: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """A seat handed to a robot, or given back to people: in a virtual-deck game, between
    deals, a seat of the table, a known level, and one seat at least left to a person."""
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("A robot plays only with the virtual deck: Scribe deals the cards."), field="seat")
    row = sheet.current
    if row is None:
        raise RuleError(N_("The game is over."), field="seat")
    if row.dealt:
        raise RuleError(N_("A seat changes hands between rounds only: finish this round first."), field="seat")
    seat = whole(data.get("seat"), "seat")
    if not 0 <= seat < sheet.setup.n:
        raise RuleError(N_("There is no such player."), field="seat")
    level = data.get("level")
    if level in ("", "person"):
        level = None
    if level is not None and level not in LEVELS:
        raise RuleError(N_("Choose easy, medium or strong."), field="level")
    robots = dict(sheet.robots)
    if level is None and seat not in robots:
        raise RuleError(N_("%(name)s is not played by a robot."), field="seat", name=sheet.setup.players[seat])
    if level is not None and len({*robots, seat}) >= sheet.setup.n:
        raise RuleError(N_("At least one seat stays with a person."), field="seat")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_MAX:
        raise RuleError(N_("Unknown action."), field="seed")  # drawn by the service: never a client's
    return {"seat": seat, "level": level, "seed": seed}


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
