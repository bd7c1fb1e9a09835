"""What every family's ``bot`` entry shares (issue 37): the robots' levels, the seed the
service draws for one, and the entry's checks. Pure: no Flask, no SQL.

A ``bot`` entry ``{"seat", "level", "seed"}`` hands a seat to a robot at a level or, with
level None, gives it back to people. Each family says only what differs: when a seat may
change hands (its own phase, in its own words), its seats, the robots it has now.

>>> table = dict(players=("Ana", "Ben", "Cy"), robots={}, virtual_deck=True, not_now=None)
>>> verify({"seat": "2", "level": "hard", "seed": 7}, **table)
{'seat': 2, 'level': 'hard', 'seed': 7}
>>> verify({"seat": 2, "level": "", "seed": 7}, **table)
Traceback (most recent call last):
...
scribe.rules.errors.RuleError: Cy is not played by a robot.
>>> verify({"seat": 2, "level": "hard", "seed": 7}, **{**table, "robots": {0: "easy", 1: "easy"}})
Traceback (most recent call last):
...
scribe.rules.errors.RuleError: At least one seat stays with a person.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .errors import N_, RuleError
from .fields import whole

LEVELS: Final = ("easy", "medium", "hard")  # the search's budget; a player reads « facile / moyen / fort »
LEVEL_WORDS: Final = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("strong")}  # to translate where shown
SEED_MAX: Final = 2**31
_PEOPLE: Final = (None, "", "none", "person")  # what a form or a client sends to give a seat back


def chosen(raw: Any) -> dict[int, str]:
    """The robots a new game is made with, seat -> level, from a client: a JSON object
    ``{"1": "hard"}`` or a form's seats; a seat left to a person ("", null) is left out.
    The levels and seats are the ``bot`` entry's to check (``verify``), on the new sheet.

    >>> chosen({"1": "hard", "0": ""}), chosen(None)
    ({1: 'hard'}, {})
    >>> chosen(["hard"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Give each robot as its seat number and its level.
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RuleError(N_("Give each robot as its seat number and its level."), field="robots")
    robots = {}
    for key, level in raw.items():
        if isinstance(key, str) and key.isascii() and key.isdigit():
            key = int(key)
        if not isinstance(key, int) or isinstance(key, bool):
            raise RuleError(N_("Give each robot as its seat number and its level."), field="robots")
        if not (isinstance(level, str) or level is None) or level not in _PEOPLE:
            robots[key] = level
    return robots


def draw(sheet: Any, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """The entry's data with its seed drawn from the service's ``rng``, as a deal's cards:
    whatever seed a client sent is replaced."""
    if not isinstance(data, Mapping):
        raise RuleError(N_("Choose a seat."), field="seat")
    return {"seat": data.get("seat"), "level": data.get("level"), "seed": rng.randrange(SEED_MAX)}


def verify(data: Any, *, players: Sequence[str], robots: Mapping[int, Any], virtual_deck: bool,
           not_now: str | None) -> dict[str, Any]:
    """The ``bot`` entry as recorded, or a RuleError naming its field.

    ``players``: the table's names, in seat order; ``robots``: the seats robots hold now,
    seat -> level (or a mapping with a "level"); ``not_now``: the family's refusal when no
    seat may change hands (a deal on the table, the game over), None between deals.
    """
    if not isinstance(data, Mapping):
        raise RuleError(N_("Choose a seat."), field="seat")
    if not virtual_deck:  # a robot needs the cards: only Scribe's deal gives it a hand
        raise RuleError(N_("A robot plays only with the virtual deck: Scribe deals the cards."), field="seat")
    if not_now is not None:  # a hand is never played by two minds
        raise RuleError(not_now, field="seat")
    seat = whole(data.get("seat"), "seat")
    if not 0 <= seat < len(players):
        raise RuleError(N_("There is no such player."), field="seat")
    level = data.get("level")
    if isinstance(level, str) or level is None:
        level = None if level in _PEOPLE else level
    if level is not None and level not in LEVELS:
        raise RuleError(N_("Choose easy, medium or strong."), field="level")
    held = {s: (r.get("level") if isinstance(r, Mapping) else r) for s, r in robots.items()}
    if level is None and seat not in held:
        raise RuleError(N_("%(name)s is not played by a robot."), field="seat", name=players[seat])
    if level is not None and held.get(seat) == level:  # an entry that changes nothing is no entry
        raise RuleError(N_("A robot at this level already plays this seat."), field="level")
    if level is not None and len({*held, seat}) >= len(players):  # a table of robots keeps no one's score
        raise RuleError(N_("At least one seat stays with a person."), field="seat")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_MAX:
        raise RuleError(N_("Unknown action."), field="seed")  # drawn by the service: never a client's
    return {"seat": seat, "level": level, "seed": seed}
