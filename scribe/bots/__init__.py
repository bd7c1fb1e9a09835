"""Bots that hold a seat of a real game (issue 37): one ``decide(view, seat, level, seed)``
per game, each reading only its seat's own view of the sheet. Pure: no Flask, no SQL.

Only Belote's registration on this branch: botseat's branch owns this module (its
``_MODULES`` already names ``belote``); take that one at the merge.
"""

from __future__ import annotations

from typing import Final

#: game name -> (module under scribe.bots, its function's name); Coinche is a Belote variant
_MODULES: Final = {"belote": ("belote", "decide")}
