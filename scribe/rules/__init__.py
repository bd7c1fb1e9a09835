"""Pure game rules, one package per game; ``GAMES`` is how the rest of the app finds them.

Each game is one object behind the protocol written in ``rules/game.py`` (``GameRules``):
setup, actions, replay, summary, and each viewer's view. Code outside a game's package
asks that object and never names the game's classes.
"""

from __future__ import annotations

from typing import Any

from .game import GameRules
from .wizard.game import GAME as WIZARD
from .zibi.game import GAME as ZIBI
from .points.game import GAME as POINTS

GAMES: dict[str, GameRules] = {game.name: game for game in (WIZARD, ZIBI, POINTS)}

__all__ = ["GAMES", "GameRules", "rules_of"]


def rules_of(sheet: Any) -> GameRules:
    """The game a sheet belongs to (every game's sheet names it: ``GAME``)."""
    return GAMES[sheet.GAME]
