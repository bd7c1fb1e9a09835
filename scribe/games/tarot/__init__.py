"""French Tarot, by the Fédération Française de Tarot's rules (rule ids T-* in shared/RULES.md).

Pure Python: no Flask, no SQL, no I/O. ``setup`` holds the table (3 to 6 players, the
first dealer, an agreed number of deals), ``scoring`` a deal's score (T-S1..T-S6),
``deal`` the checks of a deal as told, ``sheet`` the replay of the entries into the
score sheet, ``game`` the object registered in ``scribe.games.GAMES`` as "tarot".
"""

from .deal import ALONE, halves_of, points_value, verify_deal
from .scoring import (
                      ATTACK,
                      CONTRACTS,
                      DEFENCE,
                      DOUBLE,
                      GARDE,
                      GARDE_CONTRE,
                      GARDE_SANS,
                      MULTIPLIER,
                      NEEDED,
                      POIGNEE_BONUS,
                      POIGNEE_TRUMPS,
                      POIGNEES,
                      PRISE,
                      SIDES,
                      SIMPLE,
                      TRIPLE,
                      Deal,
                      Score,
                      margin,
                      score,
                      shares,
)
from .setup import MAX_DEALS, MAX_PLAYERS, MIN_PLAYERS, Setup, make_setup
from .sheet import CORRECTION, DEAL, END, KINDS, REDEAL, Row, TarotSheet, replay, scored_row, summary, verify
from .words_rules import CONTRACT_NAMES, POIGNEE_NAMES, SIDE_NAMES

__all__ = [name for name in dir() if not name.startswith("_")]
