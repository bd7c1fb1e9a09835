"""Points games' JSON in the API document (its ``schema`` part): options (P-2, P-3,
P-S1), correction, sheet."""

from __future__ import annotations

from ...schema import BOOL, INT, INTS, NAMES, OPT_INT, SEATS, STANDINGS_AND_UNDO, STR, Action, closed

NEW_GAME = {
    "preset": {"enum": ["skyjo", "six", "custom"], "description": "The points game played (P-S1..P-S3; default skyjo)"},
    "target": {"type": ["integer", "null"], "description": "Points game, custom: ends when a total reaches it (P-2)"},
    "rounds": {"type": ["integer", "null"], "description": "Points game, custom: or after this many rounds (P-2)"},
    "wins": {"enum": ["lowest", "highest"], "description": "Points game, custom: which total wins (P-3)"},
    "double_always": {"type": "boolean", "description": "Skyjo: double the closer whatever the sign (P-S1)"},
    "title": {"type": "string", "maxLength": 40, "description": "Points game, custom: the game played"},
}

CORRECTION = {"points": {"type": "array", "items": INT}, "closer": OPT_INT}

PATHS: dict = {}  # every action goes through /actions/{kind}

ACTIONS = {"round": Action("A round's points, per seat, and for Skyjo who closed it (P-S1)", CORRECTION, ("points",))}

_ROUND = closed({
    "number": INT, "points": {**INTS, "description": "As entered (P-1)"}, "closer": OPT_INT,
    "counted": {**INTS, "description": "After the closer's doubling (P-S1)"}, "doubled": BOOL,
    "totals": INTS, "leaders": SEATS, "corrected": BOOL})

SHEET = {
    "version": INT, "phase": {"enum": ["playing", "finished"]}, "finished": BOOL, "current_round": INT,
    "players": NAMES, "preset": {"enum": ["skyjo", "six", "custom"]}, "target": OPT_INT,
    "rounds_to_play": OPT_INT, "wins": {"enum": ["lowest", "highest"]}, "double_always": BOOL, "title": STR,
    "rounds": {"type": "array", "items": _ROUND},
    "totals": INTS, "leaders": SEATS, "winners": SEATS,
    "ended_at": {**OPT_INT, "description": "The round after which the game ended (P-2)"},
    **STANDINGS_AND_UNDO,
}
