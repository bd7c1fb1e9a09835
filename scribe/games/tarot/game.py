"""French Tarot as the rest of Scribe sees it: the object behind ``rules.game.GameRules``.
Nothing is sealed (contracts and points are said aloud at the table), so the viewer's
view is the whole sheet: the protocol's defaults.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...rules.game import GameRules
from .setup import MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import KINDS, advance, replay, summary, verify
from .story import rematch, story
from .words_rules import WORDS


class TarotRules(GameRules):
    """French Tarot by the Fédération Française de Tarot's rules (T-M1..T-E1)."""

    name = "tarot"
    seats = (MIN_PLAYERS, MAX_PLAYERS)
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


GAME = TarotRules()
