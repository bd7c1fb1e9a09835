"""The OpenAPI 3 document of /api/: kept beside the routes and checked by a test."""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    words = {400: "Not a JSON object", 403: "Not this link's right, or a seat claimed by another phone: nothing saved",
             404: "No such game, or a wrong link", 409: "Stale version: nothing saved",
             410: "The Scribe revoked or replaced this link: ask for the new one",
             429: "Too many new games from this address for now (Retry-After says when)",
             503: "The database is busy: try again (Retry-After)",
             413: "Far larger than any score entry: nothing saved",
             415: "Not JSON", 422: "Refused by the rules: the message says why, field names the input"}
    return {str(c): {"description": words[c], **_json(ERROR)} for c in codes}


def _action(summary: str, body: dict[str, Any], recorded: str = "Recorded") -> dict[str, Any]:
    props = {**body, "version": {"type": "integer", "description": "The sheet version you saw; refused with 409 if the game moved on."}}
    return {
        "post": {
            "summary": summary,
            "parameters": [{"$ref": "#/components/parameters/Key"}],
            "requestBody": {"required": True, **_json({"type": "object", "properties": props})},
            "responses": {"200": {"description": recorded, **_json(_ref("Recorded"))}, **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)},
        }
    }


def openapi_document() -> dict[str, Any]:
    """The whole document; components at the end (``_schemas``) hold every answer's shape."""
    game_id = {"$ref": "#/components/parameters/Key"}  # the Scribe's link, not the game's id
    game = _ref("Game")
    counts = {"type": "array", "items": {"type": ["integer", "null"], "minimum": 0}}
    token = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
             "description": "A watch or player link's token (128 bits); only its sha256 is stored"}
    links = _ref("Links")
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scribe API", "version": "1", "description":
                 "Keep the score of a Wizard, Witty Zibi or points-per-round game (Skyjo, 6 qui prend!, Custom). Players are numbered by seat, 0 first, clockwise. "
                 "Every write answers the new sheet; errors are {error, field}."},
        "paths": {
            "/api/games": {
                "get": {"summary": "The games this client created or opened with their Scribe's link (its session "
                                   "cookie); nobody else's", "responses": {"200": {"description": "Games", **_json(
                    _closed({"games": {"type": "array", "items": game}}))}}},
                "post": {
                    "summary": "Create a game",
                    "requestBody": {"required": True, **_json(_ref("NewGame"))},
                    "responses": {"201": {"description": "Created: its key is the Scribe's link", **_json(game)},
                                  **_errors(400, 403, 413, 415, 422, 429, 503)},
                },
            },
            "/api/games/{key}": {
                "get": {"summary": "A game and its sheet", "parameters": [game_id],
                        "responses": {"200": {"description": "The game", **_json(game)}, **_errors(404, 410)}},
                "patch": {"summary": "Rename", "parameters": [game_id],
                          "requestBody": {"required": True, **_json({"type": "object", "properties": {"name": {"type": "string", "maxLength": 60}}})},
                          "responses": {"200": {"description": "Renamed", **_json(game)}, **_errors(400, 403, 404, 410, 413, 415, 422, 503)}},
                "delete": {"summary": "Delete (restorable)", "parameters": [game_id],
                           "responses": {"204": {"description": "Deleted"}, **_errors(403, 404, 410, 503)}},
            },
            "/api/games/{key}/restore": {"post": {"summary": "Restore a deleted game", "parameters": [game_id],
                                                     "responses": {"200": {"description": "Restored", **_json(game)}, **_errors(403, 404, 410, 503)}}},
            "/api/games/{key}/sheet": {"get": {"summary": "The score sheet", "parameters": [game_id],
                                                   "responses": {"200": {"description": "Sheet", **_json(_ref("Sheet"))}, **_errors(404, 410)}}},
            "/api/games/{key}/sheet.pdf": {"get": {
                "summary": "The score sheet as a printable PDF, in the game's language", "parameters": [
                    game_id, {"name": "paper", "in": "query", "schema": {"enum": ["a4", "letter"], "default": "a4"}}],
                "responses": {"200": {"description": "One page per sheet", "content": {"application/pdf": {}}},
                              **_errors(404, 410, 422)}}},
            "/api/games/{key}/history": {"get": {
                "summary": "Every entry, undone ones flagged", "parameters": [game_id],
                "responses": {"200": {"description": "Entries", **_json(_closed({"entries": {"type": "array", "items": _ref("Entry")}}))},
                              **_errors(404, 410)}}},
            "/api/games/{key}/trump": _action("Record the trump card (W-R3)", {
                "round": {"type": "integer"}, "card": {"enum": ["blue", "green", "red", "yellow", "jester", "wizard"]},
                "suit": {"enum": ["blue", "green", "red", "yellow", None], "description": "The dealer's pick after a Wizard"}}),
            "/api/games/{key}/deal": _action(
                "Virtual deck: Scribe deals the round being played from a cryptographic source and turns the trump "
                "card (W-R3, W-R4); the hands are never in the answer, each player reads their own on their link",
                {"round": {"type": "integer"}}),
            "/api/games/{key}/bids": _action("Record the next bid (W-B1..W-B6)", {
                "round": {"type": "integer"}, "player": {"type": "integer", "description": "Defaults to the next bidder"},
                "bid": {"type": "integer", "minimum": 0}}),
            "/api/games/{key}/tricks": _action("Record the round's tricks (W-S2)", {
                "round": {"type": "integer"}, "tricks": {**counts, "description": "Per seat; one null is filled from the total"}}),
            "/api/games/{key}/rounds/{number}/correction": {
                "post": {**_action("Correct a round: Wizard's bids and tricks, Witty Zibi's clans and eliminations, "
                                   "a points game's points and closer",
                                   {"bids": counts, "tricks": counts, "points": {"type": "array", "items": INT},
                                    "closer": OPT_INT, "clans": {"type": "array", "items": {"type": "string"}},
                                    "eliminated": {"type": "array", "items": {"type": "boolean"}}})["post"],
                         "parameters": [game_id, {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}]}},
            "/api/games/{key}/actions/{kind}": {
                "post": {**_action("Any other action of the game (Witty Zibi: result, damage, heal, reveal, "
                                   "set_aside; a points game: round, with points per seat and Skyjo's closer); "
                                   "the body holds its fields", {})["post"],
                         "parameters": [game_id, {"name": "kind", "in": "path", "required": True,
                                                  "schema": {"type": "string"}}]}},
            "/api/games/{key}/undo": _action("Undo the last entry", {}),
            "/api/games/{key}/redo": _action("Redo the last undone entry", {}),
            "/api/games/{key}/links": {
                "get": {"summary": "The table's links: watch, one per player (null where revoked), the Scribe's",
                        "parameters": [game_id], "responses": {"200": {"description": "Links", **_json(links)}, **_errors(404, 410)}},
                "post": {"summary": "Revoke a link or issue a new one; a new Scribe's link moves the game to a new id",
                         "parameters": [game_id],
                         "requestBody": {"required": True, **_json({"type": "object", "required": ["link", "op"], "properties": {
                             "link": {"type": ["string", "integer"], "description": "\"watch\", \"scribe\" or a player's seat"},
                             "op": {"enum": ["revoke", "reissue", "release"],
                                    "description": "release: free a claimed seat for the next phone"}}})},
                         "responses": {"200": {"description": "The links now (after a new Scribe's link: its key and URL)", **_json(links)},
                                       **_errors(400, 403, 404, 410, 413, 415, 422, 503)}},
            },
            "/api/watch/{token}": {"get": {
                "summary": "A watch link: the sheet, read-only; sealed bids (W-B7) are null with sealed true",
                "parameters": [token], "responses": {"200": {"description": "The sheet", **_json(_ref("Viewed"))}, **_errors(404, 410)}}},
            "/api/player/{token}": {"get": {
                "summary": "A player link: that player's view (their own sealed bid included, nobody else's); the first "
                           "client to open it claims the seat (its session cookie), any other gets 403",
                "parameters": [token], "responses": {"200": {"description": "The player's view", **_json(_ref("Viewed"))},
                                                     **_errors(403, 404, 410)}}},
            "/api/player/{token}/bid": {"post": {
                "summary": "A player enters their own bid (hidden and secret modes, W-B7); other players' bids in between are no conflict",
                "parameters": [token],
                "requestBody": {"required": True, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "bid": {"type": "integer", "minimum": 0}}})},
                "responses": {"200": {"description": "Recorded: the sheet as this player may see it", **_json(_ref("Recorded"))},
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/played": {"post": {
                "summary": "Virtual deck: the player plays one card of their own hand to the trick: in turn (W-P1), a legal "
                           "one (W-P2, W-P3, W-P6); with the version their screen showed, a table moved on since is a 409",
                "parameters": [token],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["card"], "properties": {
                    "round": {"type": "integer"}, "version": {"type": "integer"},
                    "card": {"type": "string", "description": "W, J, or a suit initial (B G R Y) and a rank 1-13, like R7"}}})},
                "responses": {"200": {"description": "Recorded: the sheet and the cards as this player may see them", **_json(_ref("Recorded"))},
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/take_back": {"post": {
                "summary": "Virtual deck: the player takes back the card they played last, until the next card is played",
                "parameters": [token],
                "requestBody": {"required": False, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "version": {"type": "integer"}}})},
                "responses": {"200": {"description": "Taken back: the sheet and the cards as this player may see them", **_json(_ref("Recorded"))},
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI", **_json({"type": "object"})}}}},
        },
        "components": {
            "parameters": {"Key": {
                "name": "key", "in": "path", "required": True, "schema": {"type": "string"},
                "description": "The Scribe's link (its token, 128 bits; only its sha256 is stored). A game's id opens "
                               "nothing; a revoked or replaced key answers 410."}},
            "schemas": _schemas(),
        },
    }


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _closed(props: dict[str, Any], optional: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """An object with exactly these properties: all required but ``optional``, no others.
    Strict on purpose: an answer that grows a field must grow the document too (the test
    client checks every /api/ answer against it, tests/conftest.py)."""
    return {"type": "object", "required": [k for k in props if k not in optional], "properties": props,
            "additionalProperties": False, **extra}


INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
SEATS = {"type": "array", "items": INT}
INTS = {"type": "array", "items": INT}
NAMES = {"type": "array", "items": STR}
OPT_INT = {"type": ["integer", "null"]}
OPT_INTS = {"type": ["array", "null"], "items": INT}
CLAN = {"enum": ["A", "B", "C"]}
OPT_CLAN = {"enum": ["A", "B", "C", None]}


def _schemas() -> dict[str, Any]:
    standing = _closed({"rank": INT, "player": INT, "name": STR, "total": INT})
    wizard_round = _closed({
        "number": INT, "cards": INT, "dealer": INT, "order": SEATS, "has_trump": BOOL,
        "trump": {"oneOf": [{"type": "null"}, _closed({"card": STR, "suit": {"type": ["string", "null"]}})]},
        "dealt": BOOL, "turned": {"type": ["string", "null"], "description": "Virtual deck: the card turned up"},
        "bids": {"type": "array", "items": OPT_INT, "description": "null: not in yet, or sealed (see sealed)"},
        "sealed": {"type": "array", "items": BOOL, "description": "in, but not shown to this reader (W-B7)"},
        "bid_total": OPT_INT, "tricks": OPT_INTS, "points": OPT_INTS, "totals": OPT_INTS,
        "leaders": SEATS, "complete": BOOL, "corrected": BOOL,
        "play": {"oneOf": [{"type": "null"}, _play()], "description": "Virtual deck: the tricks as played, public"}})
    zibi_round = _closed({"number": INT, "clans": {"type": "array", "items": CLAN}, "eliminated": {
        "type": "array", "items": BOOL}, "winner": OPT_CLAN, "points": INTS, "totals": INTS,
        "leaders": SEATS, "corrected": BOOL})
    points_round = _closed({
        "number": INT, "points": {**INTS, "description": "As entered (P-1)"}, "closer": OPT_INT,
        "counted": {**INTS, "description": "After the closer's doubling (P-S1)"}, "doubled": BOOL,
        "totals": INTS, "leaders": SEATS, "corrected": BOOL})
    return {
        "Error": _closed({"error": STR, "field": {"type": ["string", "null"]}, "version": INT}, optional=("version",)),
        "NewGame": {"type": "object", "required": ["players"], "properties": {
            "game": {"enum": ["wizard", "zibi", "points"], "default": "wizard",
                     "description": "Wizard (3 to 6 players), Witty Zibi (4 to 9) or a points game (2 to 12, by preset)"},
            "name": {"type": "string", "maxLength": 60},
            "players": {"type": "array", "minItems": 2, "maxItems": 12, "items": {"type": "string", "maxLength": 30},
                        "description": "Clockwise; cleaned (invisible and control characters removed) and told apart ignoring case"},
            "lang": {"enum": ["fr", "en"]},
            "first_dealer": {"type": ["integer", "string", "null"], "description": "Wizard: seat index, or \"random\"/null to draw"},
            "preset": {"enum": ["standard", "plus_minus_one", "leader", "canadian", "skyjo", "six", "custom"],
                       "description": "Wizard's rule set, or the points game played (P-S1..P-S3; default skyjo)"},
            "edition": {"enum": ["gigamic", "amigo", "canadian", "english"], "description": "Wizard"},
            "rules": {"type": "object", "additionalProperties": False, "description": "Wizard", "properties": {
                "last_bid": {"enum": ["free", "never_even", "leader_never_even"]},
                "zero_exception": BOOL, "leader_ties": BOOL,
                "reveal": {"enum": ["open", "hidden", "secret"]}, "unicolore": BOOL,
                "virtual_deck": {"type": "boolean", "description": "Scribe deals; players see their own hand on their link"},
                "no_wizard_on_trump_lead": {"type": "boolean", "description": "W-P6: no Wizard on a trump lead (virtual deck)"},
                "rounds": {"type": ["integer", "null"], "minimum": 1}}},
            "mode": {"enum": ["two", "three", "alone", "one_more", None], "description": "Witty Zibi clan mode (Z-C1); null: two clans"},
            "expert": {"type": "boolean", "description": "Witty Zibi expert rule"},
            "target": {"type": ["integer", "null"], "description": "Points game, custom: ends when a total reaches it (P-2)"},
            "rounds": {"type": ["integer", "null"], "description": "Points game, custom: or after this many rounds (P-2)"},
            "wins": {"enum": ["lowest", "highest"], "description": "Points game, custom: which total wins (P-3)"},
            "double_always": {"type": "boolean", "description": "Skyjo: double the closer whatever the sign (P-S1)"},
            "title": {"type": "string", "maxLength": 40, "description": "Points game, custom: the game played"},
        }},
        "Summary": {"type": "object", "additionalProperties": False, "description": "What the games list shows", "properties": {
            "phase": STR, "round": INT, "rounds": INT, "leaders": NAMES, "players": NAMES}},
        "Game": _closed({
            "id": {**STR, "description": "The game's own id: it opens nothing"},
            "key": {**STR, "description": "The Scribe's link's token: /api/games/{key}"}, "url": STR,
            "game": {"enum": ["wizard", "zibi", "points"]}, "name": STR, "lang": STR,
            "created_at": STR, "updated_at": STR, "deleted": BOOL, "summary": _ref("Summary"),
            "sheet": _ref("Sheet")}, optional=("sheet",)),
        "Sheet": {"description": "A Wizard sheet, a Witty Zibi sheet (the one with a tracker) or a points "
                                 "sheet (the one saying who wins)",
                  "if": {"type": "object", "required": ["tracker"]}, "then": _ref("ZibiSheet"),
                  "else": {"if": {"type": "object", "required": ["wins"]}, "then": _ref("PointsSheet"),
                           "else": _ref("WizardSheet")}},
        "WizardSheet": _closed({
            "version": INT, "phase": {"enum": ["bidding", "tricks", "finished"]}, "finished": BOOL,
            "current_round": OPT_INT, "round_count": INT, "players": NAMES, "first_dealer": INT,
            "rules": _closed({"last_bid": {"enum": ["free", "never_even", "leader_never_even"]},
                              "zero_exception": BOOL, "leader_ties": BOOL, "reveal": {"enum": ["open", "hidden", "secret"]},
                              "unicolore": BOOL, "rounds": OPT_INT, "virtual_deck": BOOL, "no_wizard_on_trump_lead": BOOL,
                              "preset": {"enum": ["standard", "plus_minus_one", "leader", "canadian", "custom"]}}),
            "edition": {"enum": ["gigamic", "amigo", "canadian", "english"]},
            "card_names": _closed({"wizard": STR, "jester": STR}),
            "next_bidder": OPT_INT,
            "forbidden_bid": {"oneOf": [{"type": "null"}, _closed(
                {"player": INT, "value": INT, "rule": STR, "message": STR})]},
            "rounds": {"type": "array", "items": wizard_round},
            "totals": INTS, "leaders": SEATS, "winners": SEATS,
            "standings": {"type": "array", "items": standing}, "can_undo": BOOL, "can_redo": BOOL}),
        "ZibiSheet": _closed({
            "version": INT, "phase": {"enum": ["playing", "result"]}, "finished": BOOL, "current_round": INT,
            "players": NAMES, "mode": {"enum": ["two", "three", "alone", "one_more"]}, "expert": BOOL,
            "clan_sizes": INTS,
            "tracker": _closed({"damage": INTS, "eliminated": {"type": "array", "items": BOOL},
                                "piles": {"type": "array", "items": INTS}, "clans": {"type": "array", "items": OPT_CLAN},
                                "set_aside": OPT_CLAN, "round_over": BOOL, "winner": OPT_CLAN}),
            "rounds": {"type": "array", "items": zibi_round},
            "totals": INTS, "leaders": SEATS,
            "standings": {"type": "array", "items": standing}, "can_undo": BOOL, "can_redo": BOOL}),
        "PointsSheet": _closed({
            "version": INT, "phase": {"enum": ["playing", "finished"]}, "finished": BOOL, "current_round": INT,
            "players": NAMES, "preset": {"enum": ["skyjo", "six", "custom"]}, "target": OPT_INT,
            "rounds_to_play": OPT_INT, "wins": {"enum": ["lowest", "highest"]}, "double_always": BOOL, "title": STR,
            "rounds": {"type": "array", "items": points_round},
            "totals": INTS, "leaders": SEATS, "winners": SEATS,
            "ended_at": {**OPT_INT, "description": "The round after which the game ended (P-2)"},
            "standings": {"type": "array", "items": standing}, "can_undo": BOOL, "can_redo": BOOL}),
        "Recorded": _closed({"version": INT, "sheet": _ref("Sheet"), "cards": _ref("Cards")}, optional=("cards",)),
        "Entry": _closed({"seq": INT, "kind": STR,
                          "data": {"type": "object", "description": "The action's fields; sealed values null. An undo's "
                                   "is {takes_back: seq}, a redo's {brings_back: seq}: the entry it took back or "
                                   "brought back (worked out from the order for records that hold {})",
                                   "properties": {"takes_back": INT, "brings_back": INT}},
                          "at": STR, "undone": BOOL, "sealed": BOOL,
                          "target": _closed({"seq": INT, "kind": STR}, description="Undo and redo only: the entry "
                                            "taken back or brought back, by seq and kind (its data is on its own line)")},
                         optional=("target",)),
        "Cards": _cards(),
        "Viewed": _closed({"name": STR, "game": {"enum": ["wizard", "zibi", "points"]}, "player": INT, "player_name": STR,
                           "sheet": _ref("Sheet"), "cards": _ref("Cards")}, optional=("player", "player_name", "cards")),
        "Link": {"oneOf": [{"type": "null"}, _closed({"token": STR, "url": STR, "api": STR, "player": INT, "claimed": BOOL},
                                                     optional=("player", "claimed"))]},
        "Links": _closed({"scribe": STR, "key": STR, "watch": _ref("Link"),
                          "players": {"type": "array", "items": _ref("Link")}}),
    }


def _play() -> dict[str, Any]:
    """A round's play on the virtual deck (W-P1..W-P6): every card on the table is public."""
    plays = {"type": "array", "items": _closed({"player": INT, "card": STR})}
    return _closed({
        "turn": {**OPT_INT, "description": "the seat to play; null once every card is played"},
        "leader": INT, "trick": {**plays, "description": "the trick on the table, in play order"},
        "winning": {**OPT_INT, "description": "the seat winning the trick on the table so far"},
        "won": {**INTS, "description": "tricks won so far, per seat"}, "finished": BOOL,
        "tricks": {"type": "array", "items": _closed({"leader": INT, "cards": plays, "winner": INT}),
                   "description": "the finished tricks, in order"}})


def _cards() -> dict[str, Any]:
    hand = {"type": "array", "items": STR, "description": "Card notations: W, J, R7..."}
    return _closed({
        "virtual_deck": BOOL,
        "current": {"oneOf": [{"type": "null"}, _closed({"round": INT, "hand": hand, "played": hand, "dealt": hand,
                                                         "can_mark": BOOL, "hidden": {
            **BOOL, "description": "dealt before this link was made: sealed from it until the round is scored"},
            "my_turn": BOOL, "legal": {**hand, "description": "the cards this player may play now (W-P2, W-P3, W-P6)"},
            "why": {"type": ["string", "null"], "description": "why the other cards may not be played"},
            "can_take_back": {**BOOL, "description": "the last card played is this player's: it may be taken back"}})]},
        "past": {"type": "array", "items": _closed({"round": INT, "dealt": hand})}},
        optional=("current", "past"), description="Virtual deck: this player's own cards only")
