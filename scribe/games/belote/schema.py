"""Belote's and Coinche's JSON in the API document (its ``schema`` part): options (B-M1,
B-M2, B-E1, B-E2, every setting of B-* and C-*), a deal's fields (B-F1, C-F1) and the
sheet (closed: a field the sheet JSON grows must be added here, ``web.sheet_json``)."""

from __future__ import annotations

from ...rules.robots import LEVELS
from ...schema import BOOL, INT, INTS, NAMES, OPT_INT, ROUND, SEAT, SEATS, STANDINGS_AND_UNDO, STR, Action, closed
from .annonces import COMBINATIONS
from .cards import TRUMPS
from .settings import CHOICES, FLAGS, PRESETS, VARIANTS, Settings

_TEAM = {"type": "integer", "minimum": 0, "maximum": 1, "description": "A team: 0 (seats 0 and 2) or 1 (seats 1 and 3)"}
_OPT_TEAM = {"type": ["integer", "null"], "minimum": 0, "maximum": 1}


def _setting(name: str) -> dict:
    if name in FLAGS:
        return {"type": "boolean"}
    if name in ("ceiling", "generale"):
        return {"type": ["integer", "null"], "multipleOf": 10}
    return {"enum": list(CHOICES[name])}


_SETTINGS = closed({name: _setting(name) for name in Settings.__dataclass_fields__})
#: A new game's settings: any of them, each checked by name (the others the preset's or the variant's).
_SOME_SETTINGS = closed(_SETTINGS["properties"], optional=tuple(_SETTINGS["properties"]))

NEW_GAME = {
    "variant": {"enum": list(VARIANTS), "description": "Belote: belote (default) or coinche (C-A1..C-S8)"},
    "preset": {"enum": list(PRESETS), "description": "Belote: ffb (Belote), ffb_coinche, ffb_contree, pagat (Coinche)"},
    "first_dealer": {"type": ["integer", "string", "null"],
                     "description": "Wizard, Tarot, Belote: the first dealer's seat, or \"random\"/null to draw"},
    "target": {"type": ["integer", "null"],
               "description": "Belote: the first team to reach it wins (B-E1: 1000 Belote, 2000 Coinche by default)"},
    "deals": {"type": ["integer", "null"], "minimum": 1,
              "description": "Belote: or a number of deals, a concours (B-E2), instead of a target"},
    "names": {"type": ["array", "null"], "items": STR, "description": "Belote: the two teams' names (default: "
              "their players', \"Ana & Cy\")"},
    "virtual_deck": {"type": "boolean", "description": "Belote: Scribe deals the cards on the "
                     "players' phones (B-D1, B-D2; Coinche 8 each); off: the table deals real cards"},
    "settings": {**_SOME_SETTINGS, "description": "Belote: any setting of B-* and C-* (the variant's or the "
                 "preset's when not given); Coinche-only ones refused at Belote"},
}

#: A deal's fields, in /actions/result and in a correction (B-F1, C-F1).
DEAL = {
    "takers": {"type": ["integer", "string"], "description": "Belote: the team that took (0 or 1), or \"passed\""},
    "points": {"type": ["integer", "null"], "minimum": 0, "maximum": 162,
               "description": "Belote: the takers' card points with the dix de der (B-P1)"},
    "defence_points": {"type": ["integer", "null"], "minimum": 0, "maximum": 162,
                       "description": "Belote: or the defence's (the takers' are 162 minus)"},
    "capot": {**_OPT_TEAM, "description": "Belote: the team that took every trick (B-P2); no points then"},
    "belote": {"type": ["integer", "array", "string", "null"],
               "description": "Belote: the team with the King and Queen of trumps (B-P3); at tout atout a count "
                              "per team"},
    "annonces": {"type": ["object", "null"], "properties": {"team": INT, "combos": {
        "type": "array", "items": {"enum": list(COMBINATIONS)}}},
        "description": "Belote: the team whose annonces score and its combinations (B-P4)"},
    "trump": {"type": ["string", "null"], "enum": [*TRUMPS, None],
              "description": "Belote: the trump; needed for sans atout (SA) and tout atout (TA) only (C-A4)"},
    "contract": {"type": ["integer", "string", "null"],
                 "description": "Coinche: the amount bid (80 up, by tens), \"capot\" or \"generale\" (C-A1, C-A3)"},
    "level": {"type": ["integer", "string", "null"],
              "description": "Coinche: 0, 1 coinche (x2), 2 surcoinche (x4 or x3), C-A2"},
    "alone": {"type": ["boolean", "null"], "description": "Coinche: a générale's bidder took every trick alone (C-A3)"},
    "passed": {"type": ["boolean", "null"], "description": "Belote: everyone passed (B-D2): the deal scores nothing"},
}

#: A correction takes a deal's fields; those another game's correction names with another
#: meaning (the points game's "points" per player, Tarot's "contract") are left to that
#: game's entry in the document and told in "takers".
CORRECTION = {**{k: v for k, v in DEAL.items() if k not in ("points", "contract")},
              "takers": {**DEAL["takers"], "description": DEAL["takers"]["description"] + (
                  "; a correction takes every field of /actions/result, its \"points\" (the takers' card points) "
                  "and \"contract\" (Coinche) too")}}

PATHS: dict = {}  # every action goes through /actions/{kind}

_CARD = {"type": "string", "description": "A card's code: rank then suit, 7S..AS, 10H (the 32-card pack)"}
_OPT_STR = {"type": ["string", "null"]}

ACTIONS = {
    "result": Action("A deal as the table tells it: the takers' team and their card points, or capot; Coinche's "
                     "contract and coinche; belote; annonces; or passed (B-F1, C-F1). On the virtual deck an "
                     "empty body (annonces only): the deal's fields come from its cards. \"deal\" is Scribe "
                     "dealing cards, never this", DEAL),
    "deal": Action("Virtual deck: Scribe shuffles and deals the line being played (B-D1: 5 each and one turned "
                   "up; Coinche 8 each); the hands are never in the answer, each player reads their own on their "
                   "link", {"round": ROUND}),
    "call": Action("Virtual deck: a seat speaks in turn from the dealer's right: Belote take or pass (a suit in "
                   "the second round, B-D1, B-D2); Coinche pass, bid (amount and trump), coinche or surcoinche "
                   "(C-A1..C-A4). The Scribe calls only for a seat with no phone", {
                       "round": ROUND, "player": SEAT,
                       "call": {"enum": ["take", "pass", "bid", "coinche", "surcoinche"]},
                       "suit": {**_OPT_STR, "description": "Belote, second round: the trump named (S, H, D, C)"},
                       "amount": {"type": ["integer", "string", "null"],
                                  "description": "Coinche bid: 80 up by tens, \"capot\" or \"generale\""},
                       "trump": {**_OPT_STR, "description": "Coinche bid: a suit, or SA/TA where played"}},
                   ("player", "call")),
    "played": Action("Virtual deck: the Scribe plays a card for a seat with no phone (in turn, held, legal: "
                     "B-P1)", {"round": ROUND, "player": SEAT, "card": _CARD}, ("player", "card")),
    "bot": Action("Virtual deck, between deals: a seat is played by a robot at a level (easy, medium, hard), or "
                  "by people again with level null; one seat at least stays a person's; the robot's seed is drawn "
                  "by Scribe (issue 37)", {
                      "seat": SEAT, "level": {"enum": [*LEVELS, None]}}, ("seat",)),
    "take_back": Action("Virtual deck: the Scribe takes back the last card of a seat with no phone, until the "
                        "next card", {"round": ROUND, "player": SEAT}, ("player",)),
}

_RESULT = {"oneOf": [{"type": "null"}, closed({
    "outcome": {"enum": ["made", "dedans", "litige"], "description": "B-S2..B-S4; at Coinche dedans is a chute"},
    "card": {**INTS, "description": "Card points per team (a capot's 252 or 250)"},
    "totals": {**INTS, "description": "Card points + belote + annonces per team (B-S1)"},
    "scores": {**INTS, "description": "The deal's scores per team, rounded as set (B-S5, C-S7)"},
    "held": {**INT, "description": "A litige: the takers' points held for the next deal (B-S4)"}})]}

_ROUND = closed({
    "number": INT, "dealer": INT, "passed": BOOL, "takers": OPT_INT, "points": OPT_INT, "capot": OPT_INT,
    "belotes": INTS, "annonces": {"type": ["object", "null"]}, "trump": {"type": ["string", "null"]},
    "contract": {"type": ["integer", "string", "null"]}, "level": OPT_INT, "alone": BOOL,
    "result": _RESULT,
    "awarded": {**INTS, "description": "Litige points held before, given to this deal's winner (B-S4)"},
    "team_points": {**INTS, "description": "Each team's points on this line (the deal's scores and those)"},
    "team_totals": INTS, "held": {**INT, "description": "Litige points still held after this deal"},
    "counted": {**INT, "description": "Deals played so far (passed ones are not, B-E2)"},
    "points_by_seat": INTS, "totals": {**INTS, "description": "Per seat: its team's running total"},
    "corrected": BOOL})

_PLAYS = {"type": "array", "items": closed({"player": INT, "card": STR})}
_HANDS = {"type": "array", "items": {"type": ["array", "null"], "items": STR},
          "description": "Per seat; null: not this viewer's"}
_CONTRACT = {"type": ["object", "null"], "properties": {
    "taker": INT, "takers": INT, "trump": STR, "amount": {"type": ["integer", "string", "null"]}, "level": INT}}
#: The virtual deck's deal on the table (``deck.deck_json``), as its viewer may see it.
TABLE = {"oneOf": [{"type": "null"}, closed({
    "round": INT, "dealer": INT, "variant": {"enum": list(VARIANTS)},
    "phase": {"enum": ["speaking", "playing", "played", "void"]},
    "hands": _HANDS, "dealt": _HANDS, "turned": {"type": ["string", "null"]},
    "calls": {"type": "array", "items": {"type": "object", "properties": {"player": INT, "call": STR}}},
    "speaker": OPT_INT, "player": OPT_INT, "contract": _CONTRACT, "bid": _CONTRACT,
    "trick": _PLAYS,
    "tricks": {"type": "array", "items": closed({"leader": INT, "cards": _PLAYS, "winner": INT})},
    "won": INTS, "said": {"type": "array", "items": closed({"player": INT, "word": STR, "card": STR})},
    "outcome": {"type": ["object", "null"], "description": "Once every card is down: points, tricks, capot and "
                "belote per team (B-P1..B-P3)"},
    "result": {"type": ["object", "null"], "description": "What the Scribe's tap records for this deal"}},
    description="Virtual deck: the deal being spoken or played (issue 34)")]}

SHEET = {
    "version": INT, "phase": {"enum": ["playing", "finished"]}, "finished": BOOL, "current_round": INT,
    "deal_number": INT, "players": NAMES, "variant": {"enum": list(VARIANTS)}, "teams": NAMES,
    "first_dealer": INT, "target": OPT_INT, "deals_to_play": OPT_INT, "settings": _SETTINGS,
    "dealer": {**INT, "description": "Who deals next: the deal passes to the right (B-M1)"},
    "speaks_first": INT,
    "rounds": {"type": "array", "items": _ROUND},
    "team_totals": INTS, "held": {**INT, "description": "Litige points held for the next deal (B-S4)"},
    "blocked": {"type": "array", "items": BOOL,
                "description": "B-E3: a team at the target on its belote alone, which cannot win yet"},
    "totals": {**INTS, "description": "Per seat: its team's total"}, "leaders": SEATS, "winners": SEATS,
    "winning_team": OPT_INT,
    "robots": {"type": "object", "additionalProperties": {"enum": list(LEVELS)},
               "description": "The seats robots play (keys: seats), with their level (issue 37)"},
    **STANDINGS_AND_UNDO,
}
#: What the sheet JSON adds for the virtual deck (issue 34): ``SHEET`` takes it together
#: with ``web.sheet_json``'s ``"table"`` (``deck.deck_json``, null when no deal is on the table).
DECK_SHEET = {"table": TABLE}
SHEET.update(DECK_SHEET)  # web.sheet_json writes it (belweb, issue 34)
