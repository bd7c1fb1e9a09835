"""Points-per-round games: Skyjo, 6 qui prend! and Custom (rule ids P-* in shared/RULES.md).

Pure Python: no Flask, no SQL, no I/O. ``setup`` holds the presets and their options,
``sheet`` the replay of recorded entries into the score sheet (with P-S1's doubling),
``game`` the object registered in ``scribe.games.GAMES`` as "points".
"""

from ...rules.fields import verify_names
from .setup import (
                    CUSTOM,
                    HIGHEST,
                    LIMIT,
                    LOWEST,
                    MAX_PLAYERS,
                    MAX_ROUNDS,
                    MIN_PLAYERS,
                    PRESETS,
                    SEATS,
                    SIX,
                    SKYJO,
                    TARGETS,
                    TITLE_MAX,
                    Setup,
                    make_setup,
)
from .sheet import KINDS, PointsSheet, Row, Standing, best, counted, replay, summary, verify

__all__ = [name for name in dir() if not name.startswith("_")]
