"""French Tarot as the rest of Scribe sees it: the object behind ``rules.game.GameRules``,
declared from the package's names (``rules.declare``). Nothing is sealed (contracts and
points are said aloud at the table), so the viewer's view is the whole sheet: the
protocol's defaults.
"""

from __future__ import annotations

from typing import Any

from ...rules.declare import declare
from . import setup, sheet, story
from .words_rules import WORDS


def event_table(self: Any, players: list[str], deals: int | None, target: int | None) -> dict[str, Any]:
    """A donnes libres table: its players and the partie's deals (E-F1)."""
    return {"players": players, "deals": deals}


GAME = declare("tarot", __name__, "French Tarot by the Fédération Française de Tarot's rules (T-M1..T-E1).",
               setup=setup, sheet=sheet, story=story, WORDS=WORDS, EVENT_FORMATS=("tarot_free",),
               event_table=event_table)
TarotRules = type(GAME)
