"""Wizard's JSON in the API document (its ``schema`` part): its new-game options, its
correction's fields, its own action paths and its sheet (closed: a field the sheet JSON
grows must be added here, ``web.sheet_json``)."""

from __future__ import annotations

from typing import Any

from ...rules.errors import N_, RuleError
from ...schema import (
    BOOL,
    COUNTS,
    INT,
    INTS,
    OPT_INT,
    ROUND,
    SEAT,
    STR,
    Action,
    closed,
)
from ..bidding.schema import BOT, FORBIDDEN, round_schema, sheet_schema

PRESETS = ["standard", "plus_minus_one", "leader", "canadian", "custom"]
EDITIONS = ["gigamic", "amigo", "canadian", "english"]
SUITS = ["blue", "green", "red", "yellow"]
JUBILEE = ["dragon", "fairy", "bomb", "cloud", "juggler", "werewolf"]  # W-J6
_JUBILEE = {"type": "array", "items": {"enum": JUBILEE}, "uniqueItems": True,
            "description": "W-J6: the Jubilee cards added to the 60 (the Dragon and the Fairy only together)"}
_CLOUD = {"oneOf": [{"type": "null"}, closed({"player": INT, "change": {"enum": [1, -1]}})],
          "description": "W-J3: the winner of the Cloud's trick and their bid's change"}
_DESTROYED = {"type": ["integer", "boolean", "null"], "description": "W-J2: 1 when the Bomb was played (nobody won "
              "its trick: the tricks total one fewer than the cards dealt)"}

NEW_GAME = {
    "first_dealer": {"type": ["integer", "string", "null"], "description": "Wizard: seat index, or \"random\"/null to draw"},
    "preset": {"enum": PRESETS, "description": "Wizard's rule set"},
    "edition": {"enum": EDITIONS,
                "description": "Wizard's card names (W-M2); default: the game's language (fr: gigamic, en: english)"},
    "rules": {"type": "object", "additionalProperties": False, "description": "Wizard", "properties": {
        "last_bid": {"enum": ["free", "never_even", "leader_never_even"]},
        "zero_exception": BOOL, "leader_ties": BOOL,
        "reveal": {"enum": ["open", "hidden", "secret"]}, "unicolore": BOOL,
        "virtual_deck": {"type": "boolean", "description": "Scribe deals; players see their own hand on their link"},
        "no_wizard_on_trump_lead": {"type": "boolean", "description": "W-P6: no Wizard on a trump lead (virtual deck)"},
        "rounds": {"type": ["integer", "null"], "minimum": 1}, "jubilee": _JUBILEE}},
}

CORRECTION = {"bids": COUNTS, "tricks": COUNTS, "destroyed": _DESTROYED, "cloud": _CLOUD}

#: Wizard's older paths under /api/games/{key}/, kept as aliases of its ACTIONS (deprecated in the
#: document): path -> (the action it records, summary, body).
#: The body's properties are the fields the route reads.
PATHS = {
    "trump": ("trump", "Record the trump card (W-R3)", {
        "round": INT, "card": {"enum": [*SUITS, "jester", "wizard", *JUBILEE],
                               "description": "A Jubilee card only when the rule set holds it (W-J6)"},
        "suit": {"enum": [*SUITS, "none", None],
                 "description": "The dealer's pick after a Wizard; the Werewolf's suit or none (W-J5)"}}),
    "deal": ("deal", ("Virtual deck: Scribe deals the round being played from a cryptographic source and turns the "
                     "trump card (W-R3, W-R4); the hands are never in the answer, each player reads their own on "
                     "their link"), {"round": INT}),
    "bids": ("bid", "Record the next bid (W-B1..W-B6)", {
        "round": INT, "player": {"type": "integer", "description": "Defaults to the next bidder"},
        "bid": {"type": "integer", "minimum": 0}}),
    "tricks": ("tricks", "Record the round's tricks (W-S2)", {
        "round": INT, "tricks": {**COUNTS, "description": "Per seat; one null is filled from the total"},
        "destroyed": _DESTROYED, "cloud": _CLOUD}),
    "cloud": ("cloud", "Virtual deck: the winner of the Cloud's trick changes their bid by +1 or -1 (W-J3)", {
        "round": INT, "player": INT, "change": {"enum": [1, -1]}}),
}

_CARD = {"type": "string", "description": "Wizard's deck (docs/cards.md): W, J, or a suit initial (B G R Y) and a "
         "rank 1-13, like R7; a Jubilee Cloud or Juggler with the suit it takes, like CLR"}
_SEAT_CARD = {"round": ROUND, "player": SEAT, "card": _CARD}


def _passed(sheet: Any, data: dict[str, Any]) -> dict[str, Any]:
    """W-J4: after the Juggler's trick each seat passes a card to the left, recorded as the
    card tap it always was (a ``played`` entry marked ``pass``): only while play waits
    for the passes, so a card meant as a pass is never played to a trick instead."""
    row = sheet.current
    if row is None or row.play is None or row.play.waiting != "pass":
        raise RuleError(N_("No card is to be passed now: the cards are passed after the Juggler's trick."),
                        field="kind")
    return data


def _alias(path: str) -> Action:
    _kind, summary, body = PATHS[path]
    return Action(summary, {**body, "round": ROUND})


#: Every entry through /actions/{kind} (docs/api.md): the older PATHS are aliases of these.
ACTIONS = {
    "bid": _alias("bids"),
    "trump": _alias("trump"),
    "tricks": _alias("tricks"),
    "deal": _alias("deal"),
    "shuffle": Action("Virtual deck: the next deal is a new one, not the deal taken back", {"round": ROUND}),
    "played": Action("Virtual deck: the Scribe plays a card for a seat with no phone (W-P1..W-P6)", _SEAT_CARD,
                     ("player", "card")),
    "take_back": Action("Virtual deck: the Scribe takes back the last card of a seat with no phone",
                        {"round": ROUND, "player": SEAT}, ("player",)),
    "cloud": _alias("cloud"),
    "pass": Action("Virtual deck, Jubilee: after the Juggler's trick, the card a seat with no phone passes to the "
                   "left (W-J4); refused when no card is to be passed", _SEAT_CARD, ("player", "card"),
                   records="played", entry=_passed),
    "bot": BOT,
}

_PLAYS = {"type": "array", "items": closed({"player": INT, "card": STR})}
#: A round's play on the virtual deck (W-P1..W-P6): every card on the table is public.
_PLAY = closed({
    "turn": {**OPT_INT, "description": "the seat to play; null once every card is played"},
    "leader": INT, "trick": {**_PLAYS, "description": "the trick on the table, in play order"},
    "winning": {**OPT_INT, "description": "the seat winning the trick on the table so far"},
    "won": {**INTS, "description": "tricks won so far, per seat"}, "finished": BOOL,
    "destroyed": {**INT, "description": "W-J2: tricks nobody won (the Bomb)"},
    "waiting": {"enum": [None, "pass", "cloud"], "description": "W-J3, W-J4: play waits for the Juggler's passes "
                "or the Cloud's change"},
    "cloud_winner": {**OPT_INT, "description": "W-J3: who won the Cloud's trick"},
    "tricks": {"type": "array", "items": closed({"leader": INT, "cards": _PLAYS, "winner": OPT_INT,
                                                 "destroyed": BOOL}),
               "description": "the finished tricks, in order (winner null: the Bomb's, W-J2)"}})

_ROUND = round_schema(
    turned={"type": ["string", "null"], "description": "Virtual deck: the card turned up"},
    bids={"type": "array", "items": OPT_INT, "description": "null: not in yet, or sealed (see sealed)"},
    sealed={"type": "array", "items": BOOL, "description": "in, but not shown to this reader (W-B7)"},
    scored_bids={"type": "array", "items": OPT_INT, "description": "W-J3: the bids scored, the Cloud's change "
                 "applied"},
    cloud=_CLOUD, destroyed={**INT, "description": "W-J2: tricks nobody won (the Bomb)"},
    broken_bid={"description": "A recorded bid that a correction of an earlier round made one the rule "
                "set forbids (W-B4, W-B5): kept as played, flagged", "oneOf": [{"type": "null"}, FORBIDDEN]},
    play={"oneOf": [{"type": "null"}, _PLAY], "description": "Virtual deck: the tricks as played, public"})

SHEET = sheet_schema(
    closed({"last_bid": {"enum": ["free", "never_even", "leader_never_even"]},
            "zero_exception": BOOL, "leader_ties": BOOL, "reveal": {"enum": ["open", "hidden", "secret"]},
            "unicolore": BOOL, "rounds": OPT_INT, "virtual_deck": BOOL, "no_wizard_on_trump_lead": BOOL,
            "jubilee": _JUBILEE, "preset": {"enum": PRESETS}}),
    _ROUND, edition={"enum": EDITIONS}, card_names=closed({"wizard": STR, "jester": STR}))
