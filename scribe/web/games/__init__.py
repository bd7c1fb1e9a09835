"""Each game's web part (``scribe/games/<game>/web.py``), as the views find it.

A game's web module gives ``TEMPLATES`` (its template folder), ``ROUND_TEMPLATE`` (the
round on a watcher's and a player's screen), ``PLAYER_BID_TEMPLATE`` (a seat's own bid on
its phone, or None), ``ACTIONS`` (the action names its forms post to),
``parse_action(kind, form, sheet)``, ``parse_correction(number, form, sheet)`` and
``round_label(summary)`` (the games list's line); optionally ``PASS_TEMPLATE`` (the Scribe's
phone passed to one seat, else table/_pass.html) and ``HAND_WAIT`` (what a phone's hand says
while the table speaks, else the family's words). The views and the shared templates stay
the same for every game and never guess which one they show.
"""

from types import ModuleType

from ...games import parts

WEB_GAMES: dict[str, ModuleType] = parts("web")


def web_for(game: str) -> ModuleType:
    return WEB_GAMES[game]
