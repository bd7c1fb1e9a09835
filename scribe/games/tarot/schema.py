"""French Tarot's JSON in the API document (its ``schema`` part): options (T-M1, T-M2,
T-E1), a deal's fields (T-C1..T-S5) and the sheet (closed: a field the sheet JSON grows
must be added here, ``web.sheet_json``)."""

from __future__ import annotations

from ...schema import BOOL, INT, INTS, NAMES, OPT_INT, SEATS, STANDINGS_AND_UNDO, Action, closed
from .scoring import CONTRACTS, POIGNEES, SIDES

_SIDE = {"enum": [*SIDES, None]}
_CONTRACT = {"enum": list(CONTRACTS), "description": "T-C1: x1, x2, x4, x6"}
_POINTS = {"type": "number", "minimum": 0, "maximum": 91, "multipleOf": 0.5}
_POIGNEE = closed({"player": INT, "size": {"enum": list(POIGNEES)}})

NEW_GAME = {
    "first_dealer": {"type": ["integer", "string", "null"],
                     "description": "Wizard, Tarot: the first dealer's seat, or \"random\"/null to draw"},
    "deals": {"type": ["integer", "null"], "minimum": 1,
              "description": "Tarot: the number of deals agreed (T-E1); null: until the table ends the game"},
}

#: A played deal's fields, in /actions/result and in a correction.
DEAL = {
    "taker": {**INT, "description": "Tarot: the taker's seat"},
    "contract": _CONTRACT,
    "partner": {"type": ["integer", "string", "null"],
                "description": "Tarot at five: the called King's holder's seat, or \"alone\" (T-C2); none at 3 or 4"},
    "bouts": {"type": "integer", "minimum": 0, "maximum": 3, "description": "Tarot: bouts in the attack's tricks"},
    "attack_points": {**_POINTS, "description": "Tarot: the attack's card points (halves at 3 and 5, T-S1)"},
    "defence_points": {**_POINTS, "description": "Tarot: or the defence's (the attack's are 91 minus)"},
    "petit": {**_SIDE, "description": "Tarot: the side that took the Petit in the last trick (T-S3)"},
    "poignees": {"type": "array", "items": _POIGNEE, "description": "Tarot: the poignées shown (T-S4)"},
    "chelem": {**_SIDE, "description": "Tarot: the side that took every trick (T-S5)"},
    "chelem_announced": BOOL,
}

CORRECTION = {**DEAL, "passed": {"type": "boolean", "description": "Tarot: the deal was in fact passed by all (T-C1)"}}

PATHS: dict = {}  # every action goes through /actions/{kind}

_RESULT = ("A played deal: the taker, the contract and what the attack made (T-C1..T-S5). Its entry is "
           "recorded as a deal, as ever")
#: "deal" means one thing in the API: Scribe shuffles and deals (a virtual deck). A Tarot deal
#: played at the table is recorded through "result", the outcome of the deal, as Witty Zibi's
#: round is; "deal", its older name, stays for the clients that use it. The entry recorded is
#: "deal" either way, so every stored log replays as before.
ACTIONS = {
    "result": Action(_RESULT, DEAL, ("taker", "contract", "bouts"), records="deal"),
    "deal": Action(_RESULT + "; deprecated: use result", DEAL, ("taker", "contract", "bouts"), records="deal",
                   alias_of="result"),
    "redeal": Action("Everyone passed: the deal scores nothing and the next dealer deals again (T-C1)", {}),
    "end": Action("The table stops the game after this deal (T-E1)", {}),
}

_NUM = {"type": ["number", "null"]}
_ROUND = closed({
    "number": INT, "dealer": INT, "sits_out": {**OPT_INT, "description": "At six: the dealer, who sits out (T-M2)"},
    "passed": {**BOOL, "description": "Everyone passed: a redeal scoring nothing (T-C1)"},
    "taker": OPT_INT, "contract": {"enum": [*CONTRACTS, None]}, "partner": OPT_INT, "alone": BOOL,
    "bouts": OPT_INT, "attack_points": _NUM, "needed": {**OPT_INT, "description": "T-S1"},
    "made": {"type": ["boolean", "null"]}, "margin": {**OPT_INT, "description": "Made by, or down by (T-S2)"},
    "multiplier": OPT_INT, "amount": {**OPT_INT, "description": "A: what each defender pays (T-S6)"},
    "scores": {"oneOf": [{"type": "null"}, closed({"contract": INT, "petit": INT, "poignee": INT, "chelem": INT})]},
    "petit": _SIDE, "poignees": {"type": "array", "items": _POIGNEE}, "chelem": _SIDE, "chelem_announced": BOOL,
    "points": {**INTS, "description": "Each seat's points this deal (T-S6)"}, "totals": INTS,
    "balance": {**INT, "description": "The row's sum: always 0 (T-S6)"}, "leaders": SEATS, "corrected": BOOL})

SHEET = {
    "version": INT, "phase": {"enum": ["playing", "finished"]}, "finished": BOOL, "current_round": INT,
    "players": NAMES, "first_dealer": INT, "deals_to_play": OPT_INT,
    "dealer": {**INT, "description": "Who deals next: the deal passes to the right (T-M2)"},
    "sits_out": OPT_INT, "speaks_first": INT,
    "rounds": {"type": "array", "items": _ROUND},
    "totals": INTS, "leaders": SEATS, "winners": SEATS,
    "ended_at": {**OPT_INT, "description": "The deal after which the game ended (T-E1)"},
    **STANDINGS_AND_UNDO,
}
