"""Every game Scribe keeps, one package each, and the one registry that finds them.

A game's package is the whole game: its pure rules (``setup``, ``sheet``, ``game``, whose
``GAME`` object follows the protocol written in ``rules/game.py``) and, beside them, the
parts the other layers ask for by name (:data:`PARTS`): ``words`` (its rules in words,
its print-safe template filters), ``printing`` (its sheet and pad), ``schema`` (its
JSON in the OpenAPI document) and ``web`` (its forms and JSON). Adding a game is a new
package, its templates and one line here; code outside a package never names its
classes. See docs/adding-a-game.md.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from ..rules.game import GameRules
from .belote.game import GAME as BELOTE
from .points.game import GAME as POINTS
from .rikiki.game import GAME as RIKIKI
from .skull_king.game import GAME as SKULL_KING
from .tarot.game import GAME as TAROT
from .wizard.game import GAME as WIZARD
from .zibi.game import GAME as ZIBI

GAMES: dict[str, GameRules] = {game.name: game for game in (WIZARD, RIKIKI, ZIBI, POINTS, TAROT, BELOTE, SKULL_KING)}
DEFAULT = next(iter(GAMES))  # the game a form or a request that names none gets

#: The parts of a game's package that layers above the rules import by name: a part may
#: use Flask-Babel (``words``, ``web``) but never the web layer, so the pure rules load
#: without any of them and printing loads without the web.
PARTS = ("words", "printing", "schema", "web")

__all__ = ["DEFAULT", "GAMES", "PARTS", "GameRules", "part", "parts", "rules_of"]


def rules_of(sheet: Any) -> GameRules:
    """The game a sheet belongs to (every game's sheet names it: ``GAME``)."""
    return GAMES[sheet.GAME]


def part(game: str, name: str) -> ModuleType:
    """One part of a registered game's package (``part("points", "web")``)."""
    if game not in GAMES or name not in PARTS:
        raise KeyError(f"{game}.{name}")
    return import_module(f"{__name__}.{game}.{name}")


def parts(name: str) -> dict[str, ModuleType]:
    """That part of every game, in the registry's order."""
    return {game: part(game, name) for game in GAMES}
