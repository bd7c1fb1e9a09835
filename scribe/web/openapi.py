"""The OpenAPI 3 document of /api/: kept beside the routes and checked by a test."""

from __future__ import annotations

from typing import Any

ERROR = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    words = {400: "Not a JSON object", 403: "Not this link's right: nothing saved",
             404: "No such game, or a wrong or revoked link", 409: "Stale version: nothing saved",
             415: "Not JSON", 422: "Refused by the rules: the message says why, field names the input"}
    return {str(c): {"description": words[c], **_json(ERROR)} for c in codes}


def _action(summary: str, body: dict[str, Any]) -> dict[str, Any]:
    props = {**body, "version": {"type": "integer", "description": "The sheet version you saw; refused with 409 if the game moved on."}}
    return {
        "post": {
            "summary": summary,
            "parameters": [{"$ref": "#/components/parameters/GameId"}],
            "requestBody": {"required": True, **_json({"type": "object", "properties": props})},
            "responses": {
                "200": {"description": "Recorded", **_json({"type": "object", "properties": {
                    "version": {"type": "integer"}, "sheet": {"$ref": "#/components/schemas/Sheet"}}})},
                **_errors(400, 404, 409, 415, 422),
            },
        }
    }


def openapi_document() -> dict[str, Any]:
    game_id = {"$ref": "#/components/parameters/GameId"}
    game = {"$ref": "#/components/schemas/Game"}
    counts = {"type": "array", "items": {"type": ["integer", "null"], "minimum": 0}}
    token = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
             "description": "A watch or player link's token (128 bits); only its sha256 is stored"}
    link = {"type": ["object", "null"], "properties": {"token": {"type": "string"}, "url": {"type": "string"},
                                                       "api": {"type": "string"}, "player": {"type": "integer"}}}
    links = {"type": "object", "properties": {"scribe": {"type": "string"}, "watch": link,
                                              "players": {"type": "array", "items": link}}}
    hand = {"type": "array", "items": {"type": "string"}, "description": "Card notations: W, J, R7..."}
    cards = {"type": "object", "description": "Virtual deck: this player's own cards only", "properties": {
        "virtual_deck": {"type": "boolean"},
        "current": {"type": ["object", "null"], "properties": {"round": {"type": "integer"}, "hand": hand, "played": hand,
                                                               "dealt": hand, "can_mark": {"type": "boolean"}}},
        "past": {"type": "array", "items": {"type": "object", "properties": {"round": {"type": "integer"}, "dealt": hand}}}}}
    viewed = {"type": "object", "properties": {"name": {"type": "string"}, "game": {"type": "string"},
                                               "player": {"type": "integer"}, "player_name": {"type": "string"},
                                               "sheet": {"$ref": "#/components/schemas/Sheet"}, "cards": cards}}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scribe API", "version": "1", "description":
                 "Keep the score of a Wizard game. Players are numbered by seat, 0 first, clockwise. "
                 "Every write answers the new sheet; errors are {error, field}."},
        "paths": {
            "/api/games": {
                "get": {"summary": "List games", "responses": {"200": {"description": "Games", **_json(
                    {"type": "object", "properties": {"games": {"type": "array", "items": game}}})}}},
                "post": {
                    "summary": "Create a game",
                    "requestBody": {"required": True, **_json({"$ref": "#/components/schemas/NewGame"})},
                    "responses": {"201": {"description": "Created", **_json(game)}, **_errors(400, 415, 422)},
                },
            },
            "/api/games/{game_id}": {
                "get": {"summary": "A game and its sheet", "parameters": [game_id],
                        "responses": {"200": {"description": "The game", **_json(game)}, **_errors(404)}},
                "patch": {"summary": "Rename", "parameters": [game_id],
                          "requestBody": {"required": True, **_json({"type": "object", "properties": {"name": {"type": "string", "maxLength": 60}}})},
                          "responses": {"200": {"description": "Renamed", **_json(game)}, **_errors(400, 404, 415, 422)}},
                "delete": {"summary": "Delete (restorable)", "parameters": [game_id],
                           "responses": {"204": {"description": "Deleted"}, **_errors(404)}},
            },
            "/api/games/{game_id}/restore": {"post": {"summary": "Restore a deleted game", "parameters": [game_id],
                                                     "responses": {"200": {"description": "Restored", **_json(game)}, **_errors(404)}}},
            "/api/games/{game_id}/sheet": {"get": {"summary": "The score sheet", "parameters": [game_id],
                                                   "responses": {"200": {"description": "Sheet", **_json({"$ref": "#/components/schemas/Sheet"})}, **_errors(404)}}},
            "/api/games/{game_id}/sheet.pdf": {"get": {
                "summary": "The score sheet as a printable PDF, in the game's language", "parameters": [
                    game_id, {"name": "paper", "in": "query", "schema": {"enum": ["a4", "letter"], "default": "a4"}}],
                "responses": {"200": {"description": "One page per sheet", "content": {"application/pdf": {
                    "schema": {"type": "string", "format": "binary"}}}}, **_errors(404, 422)}}},
            "/api/games/{game_id}/history": {"get": {"summary": "Every entry, undone ones flagged", "parameters": [game_id],
                                                     "responses": {"200": {"description": "Entries", **_json({"type": "object"})}, **_errors(404)}}},
            "/api/games/{game_id}/trump": _action("Record the trump card (W-R3)", {
                "round": {"type": "integer"}, "card": {"enum": ["blue", "green", "red", "yellow", "jester", "wizard"]},
                "suit": {"enum": ["blue", "green", "red", "yellow", None], "description": "The dealer's pick after a Wizard"}}),
            "/api/games/{game_id}/deal": _action(
                "Virtual deck: Scribe deals the round being played from a cryptographic source and turns the trump "
                "card (W-R3, W-R4); the hands are never in the answer, each player reads their own on their link",
                {"round": {"type": "integer"}}),
            "/api/games/{game_id}/bids": _action("Record the next bid (W-B1..W-B6)", {
                "round": {"type": "integer"}, "player": {"type": "integer", "description": "Defaults to the next bidder"},
                "bid": {"type": "integer", "minimum": 0}}),
            "/api/games/{game_id}/tricks": _action("Record the round's tricks (W-S2)", {
                "round": {"type": "integer"}, "tricks": {**counts, "description": "Per seat; one null is filled from the total"}}),
            "/api/games/{game_id}/rounds/{number}/correction": {
                "post": {**_action("Correct a round", {"bids": counts, "tricks": counts})["post"],
                         "parameters": [game_id, {"name": "number", "in": "path", "required": True, "schema": {"type": "integer"}}]}},
            "/api/games/{game_id}/actions/{kind}": {
                "post": {**_action("Any other action of the game (Witty Zibi: result, damage, heal, reveal, "
                                   "set_aside); the body holds its fields", {})["post"],
                         "parameters": [game_id, {"name": "kind", "in": "path", "required": True,
                                                  "schema": {"type": "string"}}]}},
            "/api/games/{game_id}/undo": _action("Undo the last entry", {}),
            "/api/games/{game_id}/redo": _action("Redo the last undone entry", {}),
            "/api/games/{game_id}/links": {
                "get": {"summary": "The table's links: watch, one per player (null where revoked), the Scribe's",
                        "parameters": [game_id], "responses": {"200": {"description": "Links", **_json(links)}, **_errors(404)}},
                "post": {"summary": "Revoke a link or issue a new one; a new Scribe's link moves the game to a new id",
                         "parameters": [game_id],
                         "requestBody": {"required": True, **_json({"type": "object", "required": ["link", "op"], "properties": {
                             "link": {"type": ["string", "integer"], "description": "\"watch\", \"scribe\" or a player's seat"},
                             "op": {"enum": ["revoke", "reissue"]}}})},
                         "responses": {"200": {"description": "The links now (scribe holds the new id)", **_json(links)},
                                       **_errors(400, 404, 415, 422)}},
            },
            "/api/watch/{token}": {"get": {
                "summary": "A watch link: the sheet, read-only; sealed bids (W-B7) are null with sealed true",
                "parameters": [token], "responses": {"200": {"description": "The sheet", **_json(viewed)}, **_errors(404)}}},
            "/api/player/{token}": {"get": {
                "summary": "A player link: that player's view (their own sealed bid included, nobody else's)",
                "parameters": [token], "responses": {"200": {"description": "The player's view", **_json(viewed)}, **_errors(404)}}},
            "/api/player/{token}/bid": {"post": {
                "summary": "A player enters their own bid (hidden and secret modes, W-B7); other players' bids in between are no conflict",
                "parameters": [token],
                "requestBody": {"required": True, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "bid": {"type": "integer", "minimum": 0}}})},
                "responses": {"200": {"description": "Recorded: the sheet as this player may see it", **_json({"type": "object", "properties": {
                    "version": {"type": "integer"}, "sheet": {"$ref": "#/components/schemas/Sheet"}}})},
                    **_errors(400, 403, 404, 409, 415, 422)}}},
            "/api/player/{token}/played": {"post": {
                "summary": "Virtual deck: the player marks one card of their own hand played; it must be in what they still hold",
                "parameters": [token],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["card"], "properties": {
                    "round": {"type": "integer"}, "card": {"type": "string", "description": "W, J, or a suit initial (B G R Y) and a rank 1-13, like R7"}}})},
                "responses": {"200": {"description": "Recorded: the sheet and the cards as this player may see them", **_json({"type": "object", "properties": {
                    "version": {"type": "integer"}, "sheet": {"$ref": "#/components/schemas/Sheet"}, "cards": cards}})},
                    **_errors(400, 403, 404, 409, 415, 422)}}},
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI"}}}},
        },
        "components": {
            "parameters": {"GameId": {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}},
            "schemas": {
                "Error": {"type": "object", "required": ["error", "field"], "properties": {
                    "error": {"type": "string"}, "field": {"type": ["string", "null"]}, "version": {"type": "integer"}}},
                "NewGame": {"type": "object", "required": ["players"], "properties": {
                    "game": {"enum": ["wizard"]}, "name": {"type": "string", "maxLength": 60},
                    "players": {"type": "array", "minItems": 3, "maxItems": 6, "items": {"type": "string", "maxLength": 30}},
                    "first_dealer": {"type": ["integer", "string", "null"], "description": "Seat index, or \"random\"/null to draw"},
                    "preset": {"enum": ["standard", "plus_minus_one", "leader", "canadian"]},
                    "edition": {"enum": ["gigamic", "amigo", "canadian", "english"]},
                    "lang": {"enum": ["fr", "en"]},
                    "rules": {"type": "object", "additionalProperties": False, "properties": {
                        "last_bid": {"enum": ["free", "never_even", "leader_never_even"]},
                        "zero_exception": {"type": "boolean"}, "leader_ties": {"type": "boolean"},
                        "reveal": {"enum": ["open", "hidden", "secret"]}, "unicolore": {"type": "boolean"},
                        "virtual_deck": {"type": "boolean", "description": "Scribe deals; players see their own hand on their link"},
                        "rounds": {"type": ["integer", "null"], "minimum": 1}}},
                }},
                "Game": {"type": "object", "properties": {
                    "id": {"type": "string"}, "game": {"type": "string"}, "name": {"type": "string"},
                    "summary": {"type": "object"}, "sheet": {"$ref": "#/components/schemas/Sheet"}}},
                "Sheet": {"type": "object", "properties": {
                    "version": {"type": "integer"}, "phase": {"enum": ["bidding", "tricks", "finished"]},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "rounds": {"type": "array", "items": {"type": "object"}},
                    "totals": {"type": "array", "items": {"type": "integer"}},
                    "winners": {"type": "array", "items": {"type": "integer"}},
                    "forbidden_bid": {"type": ["object", "null"]}}},
            },
        },
    }
