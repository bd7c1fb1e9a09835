"""The family's JSON in the API document, made from a game's definition: the entries every
game of bids and tricks takes through ``POST /api/games/KEY/actions/KIND`` (a game adds its
own choices beside them), the virtual deck's tricks as played, and a sheet and its rounds
(``web.sheet_json``) around what a game adds or describes of its own."""

from __future__ import annotations

from typing import Any

from ...rules.robots import LEVELS
from ...schema import (
    BOOL,
    COUNTS,
    INT,
    INTS,
    NAMES,
    OPT_INT,
    OPT_INTS,
    ROUND,
    SEAT,
    SEATS,
    STANDINGS_AND_UNDO,
    STR,
    Action,
    closed,
)
from .setup import REVEAL_MODES, STANDARD_SUITS

#: The switches every game of the family that has them shows alike (its rules' JSON).
SWITCHES = {"reveal": {"enum": list(REVEAL_MODES)}, "virtual_deck": BOOL}
#: A standard pack's card code (``setup.StandardPack``) and a round's trump turned from it (R-T1).
STANDARD_CARD = {"type": "string", "description": "The standard pack (docs/cards.md): rank then suit, like 10H or AS"}
STANDARD_TRUMP = {"oneOf": [{"type": "null"}, closed({"card": STR, "suit": {"enum": [*STANDARD_SUITS, None]}})]}


#: A seat handed to a robot or back (issue 37): the same entry in every game of the family.
BOT = Action("Virtual deck: between rounds, hand a seat to a robot (easy, medium, hard) or back to people "
             "(level null); Scribe draws the robot's seed", {
                 "seat": SEAT, "level": {"enum": [*LEVELS, None]}}, ("seat",))
#: The seats robots hold, public: {"seat": level}.
ROBOTS = {"type": "object", "additionalProperties": {"enum": list(LEVELS)},
          "description": "The seats robots hold (issue 37): seat number -> level"}


def actions(card: dict[str, Any] = STANDARD_CARD, suits: tuple[str, ...] = STANDARD_SUITS) -> dict[str, Action]:
    """The family's kinds, for a pack whose codes ``card`` describes and whose trump may be
    one of ``suits`` (a standard pack's, unless a game says another)."""
    seat_card = {"round": ROUND, "player": SEAT, "card": card}
    return {
        "bid": Action("Record a bid: the next bidder's, or the player's named (sealed bids)", {
            "round": ROUND, "player": {"type": "integer", "description": "Defaults to the next bidder"},
            "bid": {"type": "integer", "minimum": 0}}),
        "trump": Action("Record the card turned up for trump", {
            "round": ROUND, "card": {"enum": list(suits)}, "suit": {"enum": [*suits, None]}}),
        "tricks": Action("Record the round's tricks (they add up to the cards dealt; on the virtual deck, "
                         "left out: as the cards gave them)", {
            "round": ROUND, "tricks": {**COUNTS, "description": "Per seat; one null is filled from the total"}}),
        "deal": Action("Virtual deck: Scribe shuffles and deals the round being played and turns the trump card; "
                       "the hands are never in the answer, each player reads their own on their link",
                       {"round": ROUND}),
        "shuffle": Action("Virtual deck: the next deal is a new one, not the deal taken back", {"round": ROUND}),
        "played": Action("Virtual deck: the Scribe plays a card for a seat with no phone", seat_card,
                         ("player", "card")),
        "take_back": Action("Virtual deck: the Scribe takes back the last card of a seat with no phone",
                            {"round": ROUND, "player": SEAT}, ("player",)),
        "bot": BOT,
    }


PLAYS = {"type": "array", "items": closed({"player": INT, "card": STR})}
#: The virtual deck's tricks as played (every card on the table is public).
PLAY = closed({
    "turn": OPT_INT, "leader": INT, "trick": PLAYS, "winning": OPT_INT, "won": INTS, "finished": BOOL,
    "destroyed": INT, "waiting": {"type": "null"}, "cloud_winner": {"type": "null"},
    "tricks": {"type": "array", "items": closed({"leader": INT, "cards": PLAYS, "winner": OPT_INT, "destroyed": BOOL})}})


#: The bid a rule set forbids (``forbidden_bid``), and one a correction made so (``broken_bid``).
FORBIDDEN = closed({"player": INT, "value": INT, "rule": STR, "message": STR})


def round_schema(**own: Any) -> dict[str, Any]:
    """A round of the sheet (closed): the family's fields, those in ``own`` (a game's
    description, or its Jubilee's fields where another game has null) in their place."""
    return closed({
        "number": INT, "cards": INT, "dealer": INT, "order": SEATS, "has_trump": BOOL,
        "trump": {"oneOf": [{"type": "null"}, closed({"card": STR, "suit": {"type": ["string", "null"]}})]},
        "dealt": BOOL, "turned": {"type": ["string", "null"]}, "bids": {"type": "array", "items": OPT_INT},
        "sealed": {"type": "array", "items": BOOL}, "bid_total": OPT_INT, "tricks": OPT_INTS, "points": OPT_INTS,
        "totals": OPT_INTS, "leaders": SEATS, "complete": BOOL, "corrected": BOOL,
        "scored_bids": {"type": "array", "items": OPT_INT}, "cloud": {"type": "null"}, "destroyed": INT,
        "broken_bid": {"type": "null"}, "play": {"oneOf": [{"type": "null"}, PLAY]}, **own})


def sheet_schema(rules: dict[str, Any], round_: dict[str, Any], **own: Any) -> dict[str, Any]:
    """A game's sheet: the family's fields around the game's ``rules`` (the switches its
    sheet shows), its ``round_`` and ``own`` fields after the rules (Wizard's card names)."""
    return {
        "version": INT, "phase": {"enum": ["bidding", "tricks", "finished"]}, "finished": BOOL,
        "current_round": OPT_INT, "round_count": INT, "players": NAMES, "first_dealer": INT,
        "rules": rules, **own, "next_bidder": OPT_INT, "forbidden_bid": {"oneOf": [{"type": "null"}, FORBIDDEN]},
        "rounds": {"type": "array", "items": round_},
        "totals": INTS, "leaders": SEATS, "winners": SEATS, "robots": ROBOTS, **STANDINGS_AND_UNDO,
    }
