"""Belote and Coinche as the rest of Scribe sees it: the object behind
``rules.game.GameRules``, registered as "belote" (Coinche its variant), declared from the
package's names (``rules.declare``). Nothing is sealed (contracts and points are said
aloud at the table), so the viewer's view is the whole sheet: the protocol's defaults.

The pure deals-added-up (``run``, ``extend``, ``Game``, ``Row``, ``score``) moved to
``tally.py``; their names stay importable from here.
"""

from __future__ import annotations

from ...rules.declare import declare
from . import setup, sheet, story
from .tally import Game, Row, extend, run, score
from .words_rules import WORDS

__all__ = ["GAME", "BeloteRules", "Game", "Row", "extend", "run", "score"]

GAME = declare("belote", __name__, "Belote and Coinche by the federation's rules (B-M1..B-F2, C-A1..C-F2).",
               setup=setup, sheet=sheet, story=story, seats=(setup.PLAYERS, setup.PLAYERS), WORDS=WORDS)
BeloteRules = type(GAME)
