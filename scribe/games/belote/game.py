"""Belote and Coinche as the rest of Scribe sees it: the object behind
``rules.game.GameRules``, registered as "belote" (Coinche its variant). Nothing is sealed
(contracts and points are said aloud at the table), so the viewer's view is the whole
sheet: the protocol's defaults.

The pure deals-added-up (``run``, ``extend``, ``Game``, ``Row``, ``score``) moved to
``tally.py``; their names stay importable from here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules.game import GameRules
from .setup import PLAYERS, Setup, make_setup
from .sheet import KINDS, advance, replay, summary, verify
from .story import rematch, story
from .tally import Game, Row, extend, run, score
from .words_rules import WORDS

__all__ = ["GAME", "BeloteRules", "Game", "Row", "extend", "run", "score"]


class BeloteRules(GameRules):
    """Belote and Coinche by the federation's rules (B-M1..B-F2, C-A1..C-F2)."""

    name = "belote"
    seats = (PLAYERS, PLAYERS)
    Setup: ClassVar[Any] = Setup
    KINDS = KINDS
    WORDS = WORDS

    make_setup = staticmethod(make_setup)
    replay = staticmethod(replay)
    advance = staticmethod(advance)
    verify = staticmethod(verify)
    summary = staticmethod(summary)
    story = staticmethod(story)
    rematch = staticmethod(rematch)


GAME = BeloteRules()
