"""Skull King's JSON in the API document (its ``schema`` part): its new-game options, its
correction's fields and its sheet (closed: a field ``web.sheet_json`` grows must be
added here)."""

from __future__ import annotations

from typing import Any

from ... import schema as js  # the document's building blocks
from ..bidding.schema import BOT, ROBOTS

_BONUS = {"type": "object", "additionalProperties": False, "properties": {
    "fourteens": {"type": "integer", "minimum": 0, "maximum": 3, "description": "yellow, purple, green 14s (+10 each)"},
    "black14": {"type": "integer", "minimum": 0, "maximum": 1, "description": "the black 14 (+20)"},
    "mermaids": {"type": "integer", "minimum": 0, "maximum": 2, "description": "Mermaids taken by a Pirate (+20 each)"},
    "pirates": {"type": "integer", "minimum": 0, "maximum": 6,
                "description": "Pirates (the Tigress as one) taken by the Skull King (+30 each)"},
    "skull_king": {"type": "integer", "minimum": 0, "maximum": 1,
                   "description": "the Skull King taken with a Mermaid (+40)"}}}
_PAIR = {"type": "array", "items": js.INT, "minItems": 2, "maxItems": 2,
         "description": "[who played the Loot, who captured it] (K-S3)"}

NEW_GAME = {
    "rules": {"type": "object", "additionalProperties": False, "description": "Skull King", "properties": {
        "scoring": {"enum": ["skull_king", "rascal"], "description": "Skull King: K-S1 or Rascal's K-S4"},
        "cannonball": {"type": "boolean", "description": "Skull King, Rascal's scoring: the Cannonball (K-S4)"},
        "bonus_on_miss": {"type": "boolean", "description": "Skull King house rule: bonuses count on a missed bid "
                                                            "(off: the rule book, K-S2)"},
        "kraken": js.BOOL, "white_whale": js.BOOL, "loot": js.BOOL,
        "virtual_deck": {"type": "boolean", "description": "Scribe deals to the phones and the cards are played "
                                                           "trick by trick (Skull King: 3 to 8 players)"},
        "max_cards": {"type": ["integer", "null"], "minimum": 1, "description": "Skull King: cap on the cards dealt"},
        "rounds": {"type": ["integer", "array", "null"], "items": {"type": "integer", "minimum": 1},
                   "description": "Wizard: the number of rounds; Skull King: the cards dealt in each round"}}},
}

CORRECTION = {"bids": js.COUNTS, "tricks": js.COUNTS, "destroyed": js.OPT_INT,
              "bonuses": {"type": "array", "items": {"type": ["object", "null"]}}, "loot": {"type": "array", "items": _PAIR},
              "cannonball": js.INTS}

PATHS: dict = {}  # every action goes through /actions/{kind}

_CARD = {"type": "string", "description": "Skull King's deck (docs/cards.md): a suit letter and a rank, like G7, or "
         "ES, PI, TP (the Tigress as a Pirate), TE (as an Escape), SK, ME, KR, WW, LO"}
_ROLES = {"pirate": "TP", "escape": "TE"}  # the Tigress's choice, as the card code a play records


def _tigress(_sheet: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The Tigress played with her choice said: the card tap a ``played`` entry records
    (TP or TE), so nothing after the API tells the two ways apart."""
    rest = {k: v for k, v in data.items() if k != "as"}
    return {**rest, "card": _ROLES[data["as"]]}


ACTIONS = {
    "bid": js.Action("One seat's bid (K-B1): sealed until every bid is in", {
        "round": js.ROUND, "player": js.SEAT, "bid": {"type": "integer", "minimum": 0}}, ("player", "bid")),
    "bids": js.Action("Every seat's bid at once, as shown on \"Yo-ho-ho!\" (K-B1)", {
        "round": js.ROUND, "bids": {**js.COUNTS, "description": "Per seat"}}, ("bids",)),
    "tricks": js.Action("The round's result: tricks, destroyed tricks, bonuses, Loot, Cannonballs (K-T1, K-S1..K-S4); "
                     "on the virtual deck, with no tricks, the round as its cards gave it", {
                         "round": js.ROUND, "tricks": {**js.COUNTS, "description": "Per seat"}, "destroyed": js.OPT_INT,
                         "bonuses": CORRECTION["bonuses"], "loot": CORRECTION["loot"], "cannonball": js.INTS}),
    "deal": js.Action("Virtual deck: Scribe shuffles and deals the round from a cryptographic source; the hands are "
                   "never in the answer, each player reads their own on their link", {"round": js.ROUND}),
    "shuffle": js.Action("Virtual deck: the next deal is a new one, not the deal taken back", {"round": js.ROUND}),
    "played": js.Action("Virtual deck: the Scribe plays a card for a seat with no phone, in turn", {
        "round": js.ROUND, "player": js.SEAT, "card": _CARD}, ("player", "card")),
    "take_back": js.Action("Virtual deck: the Scribe takes back the last card of a seat with no phone",
                        {"round": js.ROUND, "player": js.SEAT}, ("player",)),
    "tigress": js.Action("Virtual deck: the Scribe plays the Tigress for a seat with no phone, as a Pirate or an "
                      "Escape: the same entry as played with TP or TE", {
                          "round": js.ROUND, "player": js.SEAT, "as": {"enum": list(_ROLES)}},
                      ("player", "as"), records="played", entry=_tigress),
    "bot": BOT,
}

_PLAYS = {"type": "array", "items": js.closed({"player": js.INT, "card": js.STR})}
#: A round's play on the virtual deck: every card on the table is public.
_PLAY = js.closed({
    "turn": {**js.OPT_INT, "description": "the seat to play; null once every card is played"},
    "leader": js.INT, "trick": {**_PLAYS, "description": "the trick on the table, in play order (TP/TE: the Tigress)"},
    "winning": {**js.OPT_INT, "description": "the seat winning the trick on the table so far"},
    "won": {**js.INTS, "description": "tricks won so far, per seat"}, "finished": js.BOOL,
    "destroyed": {**js.INT, "description": "tricks nobody won (the Kraken, the White Whale), K-T1"},
    "tricks": {"type": "array", "items": js.closed({"leader": js.INT, "cards": _PLAYS, "winner": js.OPT_INT}),
               "description": "the finished tricks, in order; winner null: destroyed"}})

_ROUND = js.closed({
    "number": js.INT, "cards": js.INT, "dealer": js.INT, "order": js.SEATS,
    "bids": {"type": "array", "items": js.OPT_INT}, "sealed": {"type": "array", "items": js.BOOL,
                                                            "description": "in, but not revealed to this reader (K-B1)"},
    "tricks": js.OPT_INTS, "destroyed": {**js.INT, "description": "tricks the Kraken or the White Whale destroyed (K-T1)"},
    "ghost": {**js.INT, "description": "tricks Graybeard's ghost took (two players)"},
    "bonuses": {"type": "array", "items": _BONUS}, "loot": {"type": "array", "items": _PAIR},
    "cannonball": js.SEATS, "points": js.OPT_INTS,
    "earned": {**js.OPT_INTS, "description": "the bonus points that counted (K-S2..K-S4)"},
    "totals": js.OPT_INTS, "leaders": js.SEATS, "complete": js.BOOL, "corrected": js.BOOL,
    "dealt": {**js.BOOL, "description": "Virtual deck: Scribe dealt this round's cards"},
    "play": {"oneOf": [{"type": "null"}, _PLAY], "description": "Virtual deck: the tricks as played, public"}})

SHEET = {
    "version": js.INT, "phase": {"enum": ["bidding", "tricks", "finished"]}, "finished": js.BOOL,
    "current_round": js.OPT_INT, "round_count": js.INT, "players": js.NAMES, "first_dealer": js.INT,
    "rules": js.closed({"scoring": {"enum": ["skull_king", "rascal"]}, "cannonball": js.BOOL, "bonus_on_miss": js.BOOL,
                     "kraken": js.BOOL, "white_whale": js.BOOL, "loot": js.BOOL, "max_cards": js.OPT_INT, "rounds": js.OPT_INTS,
                     "virtual_deck": js.BOOL}),
    "rounds": {"type": "array", "items": _ROUND},
    "totals": js.INTS, "leaders": js.SEATS, "winners": js.SEATS, "robots": ROBOTS, **js.STANDINGS_AND_UNDO,
}
