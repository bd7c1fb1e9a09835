"""Witty Zibi's JSON in the API document (its ``schema`` part): options, correction, sheet."""

from __future__ import annotations

from ...schema import BOOL, INT, INTS, NAMES, SEAT, SEATS, STANDINGS_AND_UNDO, Action, closed

CLAN = {"enum": ["A", "B", "C"]}
OPT_CLAN = {"enum": ["A", "B", "C", None]}

NEW_GAME = {
    "mode": {"enum": ["two", "three", "alone", "one_more", None], "description": "Witty Zibi clan mode (Z-C1); null: two clans"},
    "expert": {"type": "boolean", "description": "Witty Zibi expert rule"},
}

CORRECTION = {"clans": {"type": "array", "items": {"type": "string"}}, "eliminated": {"type": "array", "items": BOOL}}

PATHS: dict = {}  # every action goes through /actions/{kind}

ACTIONS = {
    "result": Action("Close the round: each seat's clan and who was eliminated; the winning clan is worked out "
                     "(Z-C1)", {**CORRECTION, "winner": {"enum": ["A", "B", "C", "none", "", None], "description":
                                                         "Only when it cannot be worked out from who is out; "
                                                         "none (or \"\", or null): the cards ran out (Z-E1)"}}, ("clans", "eliminated")),
    "damage": Action("Damage dealt to a seat (the tracker)", {"player": SEAT, "amount": {"type": "integer",
                                                                                         "minimum": 1}}, ("player",)),
    "heal": Action("A seat healed (the tracker)", {"player": SEAT}, ("player",)),
    "reveal": Action("A seat shows its clan (the tracker)", {"player": SEAT, "clan": CLAN}, ("player", "clan")),
    "set_aside": Action("The clan token set aside (the tracker)", {"clan": CLAN}, ("clan",)),
}

_ROUND = closed({"number": INT, "clans": {"type": "array", "items": CLAN}, "eliminated": {
    "type": "array", "items": BOOL}, "winner": OPT_CLAN, "points": INTS, "totals": INTS,
    "leaders": SEATS, "corrected": BOOL})

SHEET = {
    "version": INT, "phase": {"enum": ["playing", "result"]}, "finished": BOOL, "current_round": INT,
    "players": NAMES, "mode": {"enum": ["two", "three", "alone", "one_more"]}, "expert": BOOL,
    "clan_sizes": {**INTS, "description": "With every token in play"},
    "clan_splits": {"type": "array", "items": INTS,
                    "description": "Every split the tokens can give (Z-C1: 2+2 or 3+1 at 4 players)"},
    "tracker": closed({"damage": INTS, "eliminated": {"type": "array", "items": BOOL},
                       "piles": {"type": "array", "items": INTS}, "clans": {"type": "array", "items": OPT_CLAN},
                       "set_aside": OPT_CLAN, "round_over": BOOL, "winner": OPT_CLAN,
                       "maybe_out": {"type": "array", "items": CLAN, "description":
                                     "Clans that may be all out: whether the round is over depends on "
                                     "tokens not shown, so ask the players still in (empty: nothing to ask)"}}),
    "rounds": {"type": "array", "items": _ROUND},
    "totals": INTS, "leaders": SEATS, **STANDINGS_AND_UNDO,
}
