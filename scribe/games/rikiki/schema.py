"""Rikiki's JSON in the API document: its options, its correction, its sheet (closed); its
actions are the family's (``bidding.schema``) over the standard pack."""

from __future__ import annotations

from ...schema import BOOL, COUNTS, INT, INTS, NAMES, OPT_INT, OPT_INTS, SEATS, STANDINGS_AND_UNDO, STR, closed
from ..bidding.schema import PLAY, actions
from .rounds import SCHEDULES
from .scoring import SCORINGS
from .setup import PACKS, PRESETS, REVEAL_MODES, SUITS, TRUMPS

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
    "reveal": {"enum": list(REVEAL_MODES)}, "virtual_deck": BOOL,
}
NEW_GAME = {
    "preset": {"enum": [*PRESETS, "custom"], "description": "R-P1 (Rikiki too)"},
    "rules": {"type": "object", "additionalProperties": False, "description": "Rikiki (and Wizard's)",
              "properties": _RULES},
}
CORRECTION = {"bids": COUNTS, "tricks": COUNTS}
PATHS: dict = {}

ACTIONS = actions({"type": "string", "description": "The standard pack (docs/cards.md): rank then suit, like 10H "
                   "or AS"}, list(SUITS))

_ROUND = closed({
    "number": INT, "cards": INT, "dealer": INT, "order": SEATS, "has_trump": BOOL,
    "trump": {"oneOf": [{"type": "null"}, closed({"card": STR, "suit": {"enum": [*SUITS, None]}})]},
    "dealt": BOOL, "turned": {"type": ["string", "null"]}, "bids": {"type": "array", "items": OPT_INT},
    "sealed": {"type": "array", "items": BOOL}, "bid_total": OPT_INT, "tricks": OPT_INTS, "points": OPT_INTS,
    "totals": OPT_INTS, "leaders": SEATS, "complete": BOOL, "corrected": BOOL,
    "scored_bids": {"type": "array", "items": OPT_INT}, "cloud": {"type": "null"}, "destroyed": INT,
    "broken_bid": {"type": "null"}, "play": {"oneOf": [{"type": "null"}, PLAY]}})

SHEET = {
    "version": INT, "phase": {"enum": ["bidding", "tricks", "finished"]}, "finished": BOOL,
    "current_round": OPT_INT, "round_count": INT, "players": NAMES, "first_dealer": INT,
    "rules": closed({**_RULES, "cards": INTS, "custom": {"type": ["array", "null"], "items": INT},
                     "preset": {"enum": [*PRESETS, "custom"]}}),
    "next_bidder": OPT_INT,
    "forbidden_bid": {"oneOf": [{"type": "null"}, closed({"player": INT, "value": INT, "rule": STR, "message": STR})]},
    "rounds": {"type": "array", "items": _ROUND},
    "totals": INTS, "leaders": SEATS, "winners": SEATS, **STANDINGS_AND_UNDO,
}
