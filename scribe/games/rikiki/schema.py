"""Rikiki's JSON in the API document: its options, its correction, its rules on the sheet;
its actions, its sheet and its rounds are the family's (``bidding.schema``) over the
standard pack."""

from __future__ import annotations

from ...schema import BOOL, COUNTS, INT, INTS, closed
from ..bidding.schema import STANDARD_TRUMP, SWITCHES, actions, round_schema, sheet_schema
from .rounds import SCHEDULES
from .scoring import SCORINGS
from .setup import PACKS, PRESETS, TRUMPS

_NUMBERS = {"type": ["array", "string"], "items": {"type": "integer"}}
_RULES = {
    "schedule": {"enum": [*SCHEDULES, "list"], "description": "R-R1; list: the cards typed in"},
    "most": {"type": ["integer", "null"], "minimum": 1, "description": "the peak; null: R-M2's most"},
    "cards": {**_NUMBERS, "description": "R-R1: the cards each round deals, with schedule list"},
    "pack": {"enum": list(PACKS)}, "every_card": BOOL, "trump": {"enum": list(TRUMPS), "description": "R-T1"},
    "hook_from": {"type": ["integer", "null"], "minimum": 1, "description": "R-B2: from that many cards; null: off"},
    "blind": {**BOOL, "description": "R-B3: the one-card round bid blind (a reminder)"},
    "scoring": {"enum": [*SCORINGS, "custom"], "description": "R-S2, R-S3"},
    "custom": {"type": ["array", "string", "null"], "items": {"type": "integer"},
               "description": "R-S2's B, P, M, Q with scoring custom"},
    **SWITCHES,
}
NEW_GAME = {
    "preset": {"enum": [*PRESETS, "custom"], "description": "R-P1 (Rikiki too)"},
    "rules": {"type": "object", "additionalProperties": False, "description": "Rikiki (and Wizard's)",
              "properties": _RULES},
}
CORRECTION = {"bids": COUNTS, "tricks": COUNTS}
PATHS: dict = {}

ACTIONS = actions()  # over the standard pack
SHEET = sheet_schema(
    closed({**_RULES, "cards": INTS, "custom": {"type": ["array", "null"], "items": INT},
            "preset": {"enum": [*PRESETS, "custom"]}}), round_schema(trump=STANDARD_TRUMP))
