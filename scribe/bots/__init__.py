"""Bots that hold a seat of a real game (issue 37): one ``decide(view, seat, level, seed)``
per game, in ``bots/<game>.py``, each reading only its seat's own view of the sheet.
Pure: no Flask, no SQL.

:data:`ROBOTS` is the registry (a game's name -> the module of its bot), :func:`decider`
its one reader: a game without a bot has none."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Final

Decide = Callable[[Any, int, str, int], "tuple[str, dict[str, Any]] | None"]

ROBOTS: Final[dict[str, str]] = {
    "wizard": "scribe.bots.wizard",
    "skull_king": "scribe.bots.skull_king",
    "rikiki": "scribe.bots.rikiki",
    "belote": "scribe.bots.belote",
    "coinche": "scribe.bots.belote",
}


def decider(game_name: str) -> Decide | None:
    """The ``decide`` of ``game_name``'s bot, None for a game no robot plays."""
    path = ROBOTS.get(game_name)
    return None if path is None else importlib.import_module(path).decide
