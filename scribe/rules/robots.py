"""What every family's ``bot`` entry shares (issue 37): the robots' levels and the range of
the seed the service draws for one. Pure: no Flask, no SQL."""

from __future__ import annotations

from typing import Final

LEVELS: Final = ("easy", "medium", "hard")  # the search's budget; a player reads « facile / moyen / fort »
SEED_MAX: Final = 2**31
