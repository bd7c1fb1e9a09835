"""The seam between the generic web layer and each game: forms in, templates out.

A game's web module gives ``TEMPLATES`` (its template folder), ``ACTIONS`` (the action
names its forms post to), ``parse_action(kind, form, sheet)`` and
``parse_correction(number, form, sheet)``; the views stay the same for every game.
"""

from types import ModuleType

from . import wizard, zibi

WEB_GAMES: dict[str, ModuleType] = {"wizard": wizard, "zibi": zibi}


def web_for(game: str) -> ModuleType:
    return WEB_GAMES[game]
