"""What every family's ``bot`` entry shares (issue 37): the robots' levels and the range of
the seed the service draws for one. Pure: no Flask, no SQL."""

from __future__ import annotations

from typing import Final

from .errors import N_

LEVELS: Final = ("easy", "medium", "hard")  # the search's budget; a player reads « facile / moyen / fort »
LEVEL_WORDS: Final = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("strong")}  # to translate where shown
SEED_MAX: Final = 2**31
