"""Witty Zibi score-keeping rules (seed 003; rule ids Z-* in shared/RULES.md).

Pure Python: no Flask, no SQL, no I/O. ``clans`` holds the setup and preparation help,
``scoring`` a round's result and points, ``tracker`` the damage tracker for a round in
progress, ``sheet`` the replay of recorded entries into the score sheet.
"""

from .clans import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .tracker import *  # noqa: F401,F403
