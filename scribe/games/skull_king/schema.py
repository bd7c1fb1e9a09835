"""Skull King's JSON in the API document (its ``schema`` part): its new-game options, its
correction's fields and its sheet (closed: a field ``web.sheet_json`` grows must be
added here)."""

from __future__ import annotations

from ...schema import BOOL, COUNTS, INT, INTS, NAMES, OPT_INT, OPT_INTS, SEATS, STANDINGS_AND_UNDO, STR, closed

_BONUS = {"type": "object", "additionalProperties": False, "properties": {
    "fourteens": {"type": "integer", "minimum": 0, "maximum": 3, "description": "yellow, purple, green 14s (+10 each)"},
    "black14": {"type": "integer", "minimum": 0, "maximum": 1, "description": "the black 14 (+20)"},
    "mermaids": {"type": "integer", "minimum": 0, "maximum": 2, "description": "Mermaids taken by a Pirate (+20 each)"},
    "pirates": {"type": "integer", "minimum": 0, "maximum": 6,
                "description": "Pirates (the Tigress as one) taken by the Skull King (+30 each)"},
    "skull_king": {"type": "integer", "minimum": 0, "maximum": 1,
                   "description": "the Skull King taken with a Mermaid (+40)"}}}
_PAIR = {"type": "array", "items": INT, "minItems": 2, "maxItems": 2,
         "description": "[who played the Loot, who captured it] (K-S3)"}

NEW_GAME = {
    "rules": {"type": "object", "additionalProperties": False, "description": "Skull King", "properties": {
        "scoring": {"enum": ["skull_king", "rascal"], "description": "Skull King: K-S1 or Rascal's K-S4"},
        "cannonball": {"type": "boolean", "description": "Skull King, Rascal's scoring: the Cannonball (K-S4)"},
        "bonus_on_miss": {"type": "boolean", "description": "Skull King house rule: bonuses count on a missed bid "
                                                            "(off: the rule book, K-S2)"},
        "kraken": BOOL, "white_whale": BOOL, "loot": BOOL,
        "virtual_deck": {"type": "boolean", "description": "Scribe deals to the phones and the cards are played "
                                                           "trick by trick (Skull King: 3 to 8 players)"},
        "max_cards": {"type": ["integer", "null"], "minimum": 1, "description": "Skull King: cap on the cards dealt"},
        "rounds": {"type": ["integer", "array", "null"], "items": {"type": "integer", "minimum": 1},
                   "description": "Wizard: the number of rounds; Skull King: the cards dealt in each round"}}},
}

CORRECTION = {"bids": COUNTS, "tricks": COUNTS, "destroyed": OPT_INT,
              "bonuses": {"type": "array", "items": {"type": ["object", "null"]}}, "loot": {"type": "array", "items": _PAIR},
              "cannonball": INTS}

PATHS: dict = {}  # every action goes through /actions/{kind}: bid, bids, tricks, deal, shuffle, played, take_back

_PLAYS = {"type": "array", "items": closed({"player": INT, "card": STR})}
#: A round's play on the virtual deck: every card on the table is public.
_PLAY = closed({
    "turn": {**OPT_INT, "description": "the seat to play; null once every card is played"},
    "leader": INT, "trick": {**_PLAYS, "description": "the trick on the table, in play order (TP/TE: the Tigress)"},
    "winning": {**OPT_INT, "description": "the seat winning the trick on the table so far"},
    "won": {**INTS, "description": "tricks won so far, per seat"}, "finished": BOOL,
    "destroyed": {**INT, "description": "tricks nobody won (the Kraken, the White Whale), K-T1"},
    "tricks": {"type": "array", "items": closed({"leader": INT, "cards": _PLAYS, "winner": OPT_INT}),
               "description": "the finished tricks, in order; winner null: destroyed"}})

_ROUND = closed({
    "number": INT, "cards": INT, "dealer": INT, "order": SEATS,
    "bids": {"type": "array", "items": OPT_INT}, "sealed": {"type": "array", "items": BOOL,
                                                            "description": "in, but not revealed to this reader (K-B1)"},
    "tricks": OPT_INTS, "destroyed": {**INT, "description": "tricks the Kraken or the White Whale destroyed (K-T1)"},
    "ghost": {**INT, "description": "tricks Graybeard's ghost took (two players)"},
    "bonuses": {"type": "array", "items": _BONUS}, "loot": {"type": "array", "items": _PAIR},
    "cannonball": SEATS, "points": OPT_INTS,
    "earned": {**OPT_INTS, "description": "the bonus points that counted (K-S2..K-S4)"},
    "totals": OPT_INTS, "leaders": SEATS, "complete": BOOL, "corrected": BOOL,
    "dealt": {**BOOL, "description": "Virtual deck: Scribe dealt this round's cards"},
    "play": {"oneOf": [{"type": "null"}, _PLAY], "description": "Virtual deck: the tricks as played, public"}})

SHEET = {
    "version": INT, "phase": {"enum": ["bidding", "tricks", "finished"]}, "finished": BOOL,
    "current_round": OPT_INT, "round_count": INT, "players": NAMES, "first_dealer": INT,
    "rules": closed({"scoring": {"enum": ["skull_king", "rascal"]}, "cannonball": BOOL, "bonus_on_miss": BOOL,
                     "kraken": BOOL, "white_whale": BOOL, "loot": BOOL, "max_cards": OPT_INT, "rounds": OPT_INTS,
                     "virtual_deck": BOOL}),
    "rounds": {"type": "array", "items": _ROUND},
    "totals": INTS, "leaders": SEATS, "winners": SEATS, **STANDINGS_AND_UNDO,
}
