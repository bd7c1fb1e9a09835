"""The OpenAPI 3 document of /api/: kept beside the routes and checked by a test."""

from __future__ import annotations

from typing import Any

from ..config import LANGUAGES
from ..games import GAMES, parts
from ..rules.robots import LEVELS
from ..schema import BOOL, INT, NAMES, OPT_INT, STR, closed as _closed, ref as _ref
from . import events_openapi

ERROR = {"$ref": "#/components/schemas/Error"}
_REPLAYED = {"description": "true when the game was made by an earlier request (the same one sent again)",
             "schema": {"const": "true"}}
GAME_NAMES = list(GAMES)  # every registered game; each brings its own schema part
ALL_DECKS = list(dict.fromkeys(deck for game in GAMES.values() for deck in game.decks))  # docs/cards.md's tables


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    words = {400: "Not a JSON object", 403: "Not this link's right, or a seat claimed by another phone: nothing saved",
             404: "No such game, or a wrong link", 409: "Stale version: nothing saved",
             410: "The Scribe revoked or replaced this link: ask for the new one",
             429: "Too many new games from this address for now (Retry-After says when)",
             503: "The database is busy or cannot be reached: nothing saved, try again (Retry-After)",
             413: "Far larger than any score entry: nothing saved",
             415: "Not JSON", 422: "Refused by the rules: the message says why, field names the input"}
    return {str(c): {"description": words[c], **_json(ERROR)} for c in codes}


#: A write that answers a sheet may answer only the rounds it changed (RFC 7240): docs/api.md
PREFER = {"$ref": "#/components/parameters/Prefer"}
_RECORDED_HEADERS = {
    "Preference-Applied": {"description": "return=minimal when the answer is the minimal one (RFC 7240)",
                           "schema": {"const": "return=minimal"}},
    "Vary": {"description": "Holds Prefer: the answer depends on it", "schema": {"type": "string"}}}


def _recorded(description: str) -> dict[str, Any]:
    """A write's 200: the new sheet (Recorded), whole or, asked for, minimal."""
    return {"description": description, "headers": _RECORDED_HEADERS, **_json(_ref("Recorded"))}


_VERSION = {"version": {"type": "integer", "description": "The sheet version you saw; refused with 409 if the game moved on."}}


def _action(summary: str, body: dict[str, Any], recorded: str = "Recorded", *,
            schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A write answering the sheet; its body's properties, or its whole ``schema``."""
    schema = schema or {"type": "object", "properties": {**body, **_VERSION}}
    return {
        "post": {
            "summary": summary,
            "parameters": [{"$ref": "#/components/parameters/Key"}, PREFER],
            "requestBody": {"required": True, **_json(schema)},
            "responses": {"200": _recorded(recorded), **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)},
        }
    }


def openapi_document() -> dict[str, Any]:
    """The whole document; every operation that reads the database may answer 503 (busy, or
    PostgreSQL unreachable)."""
    document = _document()
    events_openapi.add_to(document)  # club nights' /api/events (issue 36)
    for path, operations in document["paths"].items():
        if path == "/api/openapi.json":
            continue
        for method, operation in operations.items():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault("503", _errors(503)["503"])
                if method in ("post", "patch", "delete") and _keyed(path):
                    _honours_key(operation)
    document["components"]["parameters"]["IdempotencyKey"] = TAP_KEY
    return document


#: Every write of a game (issue 31): the key a client sends once per tap (docs/api.md)
TAP_KEY = {
    "name": "Idempotency-Key", "in": "header", "required": False,
    "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
    "description": "A key of the client's choosing (a UUID), one per tap it means to record, kept for that tap's "
                   "retries. Stored (as a hash) with what the write records, in the same transaction: the same key "
                   "sent again to this game, on any server node, records nothing and answers what the first try "
                   "answered (the same status and body; for an entry, the sheet its entry made), with "
                   "Idempotent-Replayed: true. The same key with another body or another route of the game: 422, "
                   "field Idempotency-Key. Keys are the game's own: the same key in another game is another tap."}
_TAP_REPLAYED = {"description": "true when this key's write was recorded by an earlier request (the same tap sent "
                                "again): nothing was recorded now", "schema": {"const": "true"}}


def _keyed(path: str) -> bool:
    """The writes of a game honour an Idempotency-Key; a create and a rematch have their own."""
    return path.startswith(("/api/games/{key}", "/api/player/{token}")) and not path.endswith("/rematch")


def _honours_key(operation: dict[str, Any]) -> None:
    operation["parameters"] = [*operation.get("parameters", []), {"$ref": "#/components/parameters/IdempotencyKey"}]
    for code, answer in list(operation["responses"].items()):
        if code.startswith("2"):
            operation["responses"][code] = {**answer, "headers": {**answer.get("headers", {}),
                                                                  "Idempotent-Replayed": _TAP_REPLAYED}}


def _document() -> dict[str, Any]:
    """The document as written; components at the end (``_schemas``) hold every answer's shape."""
    game_id = {"$ref": "#/components/parameters/Key"}  # the Scribe's link, not the game's id
    game = _ref("Game")
    token = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
             "description": "A watch or player link's token (128 bits); only its sha256 is stored"}
    links = _ref("Links")
    return {
        "openapi": "3.1.0",
        "info": {"title": "Scribe API", "version": "1", "description":
                 "Keep the score of a card game (" + ", ".join(GAME_NAMES) + "). Players are numbered by seat, 0 first, clockwise. "
                 "Every write answers the new sheet (with Prefer: return=minimal, only the rounds it changed); "
                 "errors are {error, field}."},
        "paths": {
            "/api/games": {
                "get": {"summary": "Every game this client created or opened with its Scribe's link (held by "
                                   "its group: its session cookie's device key), most recently played first; "
                                   "nobody else's", "responses": {"200": {"description": "Games", **_json(
                    _closed({"games": {"type": "array", "items": game}}))}}},
                "post": {
                    "summary": "Create a game; with an Idempotency-Key, the same request sent again (a retry, a "
                               "double tap) answers the game it made instead of making another",
                    "parameters": [{
                        "name": "Idempotency-Key", "in": "header", "required": False,
                        "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
                        "description": "A key of this client's choosing (a UUID), one per game it means to make: "
                                       "sent again with the same body from the same address, "
                                       "it answers the same game, its key unchanged, with Idempotent-Replayed: "
                                       "true and without counting against the creation limit; with another body, "
                                       "422. Only a hash of it is stored."}],
                    "requestBody": {"required": True, **_json(_ref("NewGame"))},
                    "responses": {"201": {"description": "Created (or, for a repeated Idempotency-Key, made before): "
                                                         "its key is the Scribe's link",
                                          "headers": {"Idempotent-Replayed": _REPLAYED}, **_json(game)},
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
            "/api/games/{key}/rematch": {"post": {
                "summary": "Start the next game at the same table once this one is over: the same players in the same "
                           "seats, rules, edition and language; Wizard's first dealer one seat on (W-R2). One per "
                           "game: asked again (from any phone) it answers the same next game",
                "parameters": [game_id],
                "responses": {"201": {"description": "The new game: its key is its Scribe's link",
                                      "headers": {"Idempotent-Replayed": _REPLAYED}, **_json(game)},
                              **_errors(403, 404, 410, 422, 429, 503)}}},
            "/api/games/{key}/restore": {"post": {"summary": "Restore a deleted game", "parameters": [game_id],
                                                     "responses": {"200": {"description": "Restored", **_json(game)}, **_errors(403, 404, 410, 503)}}},
            "/api/games/{key}/sheet": {"get": {"summary": "The score sheet", "parameters": [game_id],
                                                   "responses": {"200": {"description": "Sheet", **_json(_ref("Sheet"))}, **_errors(404, 410)}}},
            "/api/games/{key}/sheet.pdf": {"get": {
                "summary": "The score sheet as a printable PDF, in the game's language", "parameters": [
                    game_id, {"name": "paper", "in": "query", "schema": {"enum": ["a4", "letter"], "default": "a4"}}],
                "responses": {"200": {"description": "One page per sheet", "content": {"application/pdf": {}}},
                              **_errors(404, 410, 422)}}},
            "/api/games/{key}/seats/{player}": {"get": {
                "summary": "A seat the Scribe plays for (no phone holds its cards or its bids: the seat the Scribe's "
                           "phone is passed to), as that seat's own view shows it: its cards (hand, my_turn, the "
                           "legal ones) and whether it may bid. A seat held on its own phone: 409, nothing of its hand",
                "parameters": [game_id, {"name": "player", "in": "path", "required": True,
                                         "schema": {"type": "integer", "minimum": 0}}],
                "responses": {"200": {"description": "The seat's cards", **_json(_ref("Seat"))},
                              **_errors(404, 410, 422),
                              "409": {"description": "The seat is held on its own phone: its player plays there",
                                      **_json(ERROR)}}}},
            "/api/games/{key}/history": {"get": {
                "summary": "Every entry, undone ones flagged", "parameters": [game_id],
                "responses": {"200": {"description": "Entries", **_json(_closed({
                    "entries": {"type": "array", "items": _ref("Entry")},
                    "deck": {"enum": ALL_DECKS, "description": "A game that deals cards: the deck the entries' card "
                             "codes are in, its table: " + _deck_tables(ALL_DECKS)}}, optional=("deck",)))},
                              **_errors(404, 410)}}},
            "/api/games/{key}/note": _note_paths(game_id),
            "/api/games/{key}/hints": _hints_paths(game_id),
            **_game_paths(),
            "/api/games/{key}/rounds/{number}/correction": {
                "post": {**_action("Correct a round: its fields are the game's (" + ", ".join(
                                       f"{g}: {', '.join(s.CORRECTION)}" for g, s in parts("schema").items()) + ")",
                                   _merged("CORRECTION"))["post"],
                         "parameters": [game_id, PREFER, {"name": "number", "in": "path", "required": True,
                                                          "schema": {"type": "integer"}}]}},
            **_action_paths(),
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
                           "client to open it claims the seat (its session cookie), any other gets 403 (with Retry-After while "
                           "a claim made without a cookie waits 10 s for its cookie to come back)",
                "parameters": [token], "responses": {"200": {"description": "The player's view", **_json(_ref("Viewed"))},
                                                     **_errors(403, 404, 410)}}},
            "/api/player/{token}/bid": {"post": {
                "summary": "A player enters their own bid (hidden and secret modes, W-B7); other players' bids in between are no conflict",
                "parameters": [token, PREFER],
                "requestBody": {"required": True, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "bid": {"type": "integer", "minimum": 0}}})},
                "responses": {"200": _recorded("Recorded: the sheet as this player may see it"),
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/rebid": {"post": {
                "summary": "A player changes their own sealed bid until the last bid is in (W-B7, K-B1): it takes the "
                           "first one's place, so nobody else's view, history or undo shows the change",
                "parameters": [token, PREFER],
                "requestBody": {"required": True, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "bid": {"type": "integer", "minimum": 0}}})},
                "responses": {"200": _recorded("Recorded: the sheet as this player may see it"),
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/played": {"post": {
                "summary": "Virtual deck: the player plays one card of their own hand to the trick: in turn (W-P1), a legal "
                           "one (W-P2, W-P3, W-P6); with the version their screen showed, a table moved on since is a 409",
                "parameters": [token, PREFER],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["card"], "properties": {
                    "round": {"type": "integer"}, "version": {"type": "integer"},
                    "card": {"type": "string", "description": "A card code of the game's deck, the one the "
                             "sheet's deck names: " + _deck_tables(ALL_DECKS)}}})},
                "responses": {"200": _recorded("Recorded: the sheet and the cards as this player may see them"),
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/take_back": {"post": {
                "summary": "Virtual deck: the player takes back the card they played last, until the next card is played",
                "parameters": [token, PREFER],
                "requestBody": {"required": False, **_json({"type": "object", "properties": {
                    "round": {"type": "integer"}, "version": {"type": "integer"}}})},
                "responses": {"200": _recorded("Taken back: the sheet and the cards as this player may see them"),
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/player/{token}/call": {"post": {
                "summary": "Virtual deck: the seat in turn says its call, as said aloud at the table: take or pass "
                           "(with a suit in the second round), or an auction's pass, bid, coinche or surcoinche",
                "parameters": [token, PREFER],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["call"], "properties": {
                    "round": {"type": "integer"}, "version": {"type": "integer"},
                    "call": {"type": "string", "description": "take, pass, bid, coinche or surcoinche, as the game speaks"},
                    "suit": {"type": "string", "description": "the trump named in a second taking round: S, H, D or C"},
                    "amount": {"description": "a bid's amount: a number, capot or generale"},
                    "trump": {"type": "string", "description": "a bid's trump: S, H, D, C, or SA/TA where played"}}})},
                "responses": {"200": _recorded("Recorded: the sheet and the cards as this player may see them"),
                              **_errors(400, 403, 404, 409, 410, 413, 415, 422, 503)}}},
            "/api/stats": {"get": {
                "summary": "The group's statistics: the finished games this client's start page lists (its group: "
                           "its session cookie's device key), not deleted, as their sheets stand now; per game type and number of players",
                "parameters": [{"name": n, "in": "query", "schema": s, "description": d} for n, s, d in (
                    ("game", {"enum": GAME_NAMES}, "Only this game"),
                    ("players", INT, "Only tables of this many players"),
                    ("since", {"type": "string", "format": "date"}, "Finished on or after (YYYY-MM-DD)"),
                    ("until", {"type": "string", "format": "date"}, "Finished on or before (YYYY-MM-DD)"),
                    ("player", STR, "Only the games of this player (422 when they have none finished)"))],
                "responses": {"200": {"description": "Statistics", **_json(_ref("Statistics"))}, **_errors(422)}}},
            "/api/ladders": {"get": {
                "summary": "The group's ladders: each game type's OpenSkill ratings (Plackett-Luce) over all its finished "
                           "games in the order they finished, each player's trend, and the rivals (who finished ahead "
                           "of whom); docs/guide.md says how the figure is made",
                "parameters": [{"name": n, "in": "query", "schema": s, "description": d} for n, s, d in (
                    ("game", {"enum": GAME_NAMES}, "Only this game"),
                    ("player", STR, "Only this player's rivals (422 when they have no finished game)"))],
                "responses": {"200": {"description": "Ladders", **_json(_ref("Ladders"))}, **_errors(422)}}},
            "/api/players": {"get": {
                "summary": "The group's players (names told apart ignoring case, renames and merges applied), in their "
                           "usual seating order", "responses": {"200": {"description": "Players", **_json(_ref("Players"))}}}},
            "/api/players/rename": {"post": {
                "summary": "Rename a player in this group's statistics (no recorded sheet changes)",
                "requestBody": {"required": True, **_json({"type": "object", "required": ["name", "new_name"],
                                                            "properties": {"name": STR, "new_name": STR}})},
                "responses": {"200": {"description": "The players now", **_json(_ref("Players"))},
                              **_errors(400, 403, 413, 422, 503)}}},
            "/api/players/merge": {"post": {
                "summary": "Count one player's games as another's (two names of one person)",
                "requestBody": {"required": True, **_json({"type": "object", "required": ["name", "into"],
                                                            "properties": {"name": STR, "into": STR}})},
                "responses": {"200": {"description": "The players now", **_json(_ref("Players"))},
                              **_errors(400, 403, 413, 422, 503)}}},
            "/api/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI", **_json({"type": "object"})}}}},
        },
        "components": {
            "parameters": {"Key": {
                "name": "key", "in": "path", "required": True, "schema": {"type": "string"},
                "description": "The Scribe's link (its token, 128 bits; only its sha256 is stored). A game's id opens "
                               "nothing; a revoked or replaced key answers 410."},
                "Prefer": {
                    "name": "Prefer", "in": "header", "required": False, "schema": {"type": "string"},
                    "example": "return=minimal",
                    "description": "return=minimal (RFC 7240): the answer's sheet lists only the rounds this write "
                                   "changed, with since (the version they are counted from) and round_count; every "
                                   "other field of the sheet is whole. A client holding version since keeps its "
                                   "rounds numbered 1..round_count and replaces those listed (by number); one "
                                   "holding another version reads the sheet again. Answered with "
                                   "Preference-Applied: return=minimal."}},
            "schemas": _schemas(),
        },
    }


def _game_paths() -> dict[str, Any]:
    """A game's older paths under /api/games/{key}/ (its schema's ``PATHS``: Wizard's bids...):
    aliases of its actions, kept for the clients that use them."""
    out = {}
    for schema in parts("schema").values():
        for path, (kind, summary, body) in schema.PATHS.items():
            operation = _action(summary, body)
            operation["post"].update(deprecated=True, description=(
                f"An alias of POST /api/games/{{key}}/actions/{kind}, kept for older clients: "
                "the same entry, the same answer."))
            out[f"/api/games/{{key}}/{path}"] = operation
    return out


#: The Scribe's own entries, every game's, answered as actions too
_GENERIC = {
    "undo": ("Undo the last entry (as POST /api/games/{key}/undo)", {}),
    "redo": ("Redo the last undone entry (as POST /api/games/{key}/redo)", {}),
}


def _action_paths() -> dict[str, Any]:
    """POST /api/games/{key}/actions/{kind}, one path per kind any registered game takes
    (its schema's ``ACTIONS``), with its body: a kind two games share lists each game's.
    A new game's kinds appear here with no edit."""
    games: dict[str, dict[str, Any]] = {}
    for game, schema in parts("schema").items():
        for kind, named in schema.ACTIONS.items():
            games.setdefault(kind, {})[game] = named
    out = {}
    for kind, by_game in sorted(games.items()):
        variants = [_body_schema(game, kind, named) for game, named in by_game.items()]
        body = variants[0] if len(variants) == 1 else {"anyOf": variants, "description": "The body of each game "
                                                      "that takes this kind (the game's own is checked)"}
        summary = "; ".join(f"{game}: {named.summary}" for game, named in by_game.items())
        out[f"/api/games/{{key}}/actions/{kind}"] = _action(summary, {}, schema=body)
    for kind, (summary, body) in _GENERIC.items():
        out[f"/api/games/{{key}}/actions/{kind}"] = _action(summary, body)
    out["/api/games/{key}/actions/{kind}"] = {"post": {
        **_action("Any action of the game's own: each kind a registered game takes has its path above, with its "
                  "body; a kind this game does not take answers 404", {})["post"],
        "parameters": [{"$ref": "#/components/parameters/Key"}, PREFER,
                       {"name": "kind", "in": "path", "required": True, "schema": {"type": "string"}}]}}
    return out


def _deck_tables(decks: Any) -> str:
    """Where a deck's codes are listed: its table in docs/cards.md (one per deck, by the
    deck's name, as the sheet's and the cards' ``deck`` say it)."""
    return ", ".join(f"docs/cards.md#deck-{deck}" for deck in decks)


def _decked(game: str, body: dict[str, Any]) -> dict[str, Any]:
    """A body whose ``card`` is a code (not a choice among names) says where its deck's
    codes are listed: a code may name another card in another game's deck."""
    card, decks = body.get("card"), GAMES[game].decks
    if not decks or not isinstance(card, dict) or "enum" in card:
        return body
    where = "Its codes: the table of the sheet's deck, " + _deck_tables(decks)
    return {**body, "card": {**card, "description": f"{card['description']}. {where}" if card.get("description")
                             else where}}


def _body_schema(game: str, kind: str, named: Any) -> dict[str, Any]:
    """One game's body for ``kind``: its properties, those it requires, what it records."""
    words = [f"{game}: {named.summary}"]
    if named.recorded(kind) != kind:
        words.append(f"Recorded as the game's {named.recorded(kind)} entry.")
    schema: dict[str, Any] = {"type": "object", "title": f"{game} {kind}",
                              "properties": {**_decked(game, named.body), **_VERSION},
                              "required": list(named.required)}
    if named.alias_of is not None:
        words.append(f"Deprecated: an alias of actions/{named.alias_of}, kept for older clients.")
        schema["deprecated"] = True
    return {**schema, "description": " ".join(words)}


def _merged(name: str) -> dict[str, Any]:
    """Every game's properties of one kind (NEW_GAME, CORRECTION): a property two games
    share takes both games' values and words (``preset``'s values, ``rules``' switches)."""
    out: dict[str, Any] = {}
    for schema in parts("schema").values():
        for key, prop in getattr(schema, name).items():
            out[key] = _merge(out[key], prop) if key in out else prop
    return out


def _types(prop: dict[str, Any]) -> list[str]:
    t = prop.get("type", [])
    return [t] if isinstance(t, str) else list(t)


def _merge(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """One property two games share: enums joined, an object's properties merged one by
    one, types joined; the descriptions of both kept."""
    if old == new:
        return old
    merged = {**old, **new}
    if "enum" in old and "enum" in new:
        merged["enum"] = [*old["enum"], *(v for v in new["enum"] if v not in old["enum"])]
    if "properties" in old and "properties" in new:
        props = dict(old["properties"])
        for k, v in new["properties"].items():
            props[k] = _merge(props[k], v) if k in props else v
        merged["properties"] = props
    if "type" in old and "type" in new:
        types = _types(old) + [t for t in _types(new) if t not in _types(old)]
        merged["type"] = types[0] if len(types) == 1 else types
    for bound in ("minimum", "maximum"):
        if bound in old and bound in new and old[bound] != new[bound]:
            merged[bound] = (min if bound == "minimum" else max)(old[bound], new[bound])
    words = [d for d in (old.get("description"), new.get("description")) if d]
    if words:
        merged["description"] = "; ".join(dict.fromkeys(words))
    return merged


def _by_game(games: list[str]) -> dict[str, Any]:
    """The sheet schema its ``game`` names, as a chain of if/then (a failed check then names
    the field at fault, where a ``oneOf`` would only say that nothing matched)."""
    first, rest = games[0], games[1:]
    if not rest:
        return _ref(_sheet_name(first))
    return {"if": {"type": "object", "required": ["game"], "properties": {"game": {"const": first}}},
            "then": _ref(_sheet_name(first)), "else": _by_game(rest)}


def _sheet_name(game: str) -> str:
    return "".join(w.capitalize() for w in game.split("_")) + "Sheet"


def _schemas() -> dict[str, Any]:
    game_enum = {"enum": GAME_NAMES}
    sheets = {_sheet_name(game): _closed({"game": {"const": game}, **_deck(game), **schema.SHEET})
              for game, schema in parts("schema").items()}
    return {
        "Error": _closed({"error": STR, "field": {"type": ["string", "null"]}, "version": INT}, optional=("version",)),
        "NewGame": {"type": "object", "required": ["players"], "properties": {
            "game": {**game_enum, "default": GAME_NAMES[0], "description": "The game: " + ", ".join(
                f"{g} ({GAMES[g].seats[0]} to {GAMES[g].seats[1]} players)" for g in GAME_NAMES)},
            "name": {"type": "string", "maxLength": 60},
            "players": {"type": "array", "minItems": min(g.seats[0] for g in GAMES.values()),
                        "maxItems": max(g.seats[1] for g in GAMES.values()), "items": {"type": "string", "maxLength": 30},
                        "description": "Clockwise; cleaned (invisible and control characters removed) and told apart ignoring case"},
            "lang": {"enum": list(LANGUAGES), "description": "the game's language: its printed sheet's (default: the reader's)"},
            "robots": {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
                       "additionalProperties": {"enum": [*LEVELS, None, ""]},
                       "description": "Seats handed to robots from the start (issue 37), seat number (from 0, "
                                      "clockwise) -> level, as {\"1\": \"hard\"}; null or \"\" leaves the seat to "
                                      "a person. Only in a game robots play (" + ", ".join(g for g in GAMES if "bot" in GAMES[g].KINDS)
                                      + "), with the virtual deck, and one seat at least stays a person's; else 422, field robots, "
                                      "and no game is made"},
            **_merged("NEW_GAME"),
        }},
        "Summary": {"type": "object", "additionalProperties": False, "description": "What the games list shows", "properties": {
            "phase": STR, "round": INT, "rounds": INT, "leaders": NAMES, "players": NAMES}},
        "Game": _closed({
            "id": {**STR, "description": "The game's own id: it opens nothing"},
            "key": {**STR, "description": "The Scribe's link's token: /api/games/{key}"}, "url": STR,
            "game": game_enum, "name": STR, "lang": STR,
            "created_at": STR, "updated_at": STR, "deleted": BOOL, "summary": _ref("Summary"),
            "sheet": _ref("Sheet")}, optional=("sheet",)),
        "Sheet": {"description": "The game's sheet; its game field says which", **_by_game(list(parts("schema")))},
        **sheets,
        "Recorded": _closed({
            "version": INT, "sheet": {**_ref("Sheet"), "description": "The sheet after the write; with Prefer: "
                                      "return=minimal its rounds are only those the write changed"},
            "since": {**INT, "description": "Prefer: return=minimal only: the version the changed rounds are "
                                            "counted from (the sheet before the write)"},
            "round_count": {**INT, "description": "Prefer: return=minimal only: how many rounds the whole sheet "
                                                  "holds, numbered 1..round_count"},
            "cards": _ref("Cards"), "bidding": _ref("Bidding"),
            "unchanged": {"type": "boolean", "const": True,
                          "description": "A correction equal to what the round records (sent twice?): nothing was "
                                         "recorded, the sheet is as it stands"}},
            optional=("cards", "bidding", "since", "round_count", "unchanged")),
        "Bidding": _closed({"open": BOOL, "waits": BOOL, "awaits_deal": BOOL}, description=(
            "A player link's only: whether this seat may bid now on its phone; must wait for the others' bids "
            "first; waits for Scribe's deal (virtual deck: the cards come before the bids)")),
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
        "Seat": _closed({"player": INT, "player_name": STR, "version": INT, "cards": _ref("Cards"),
                         "bidding": _ref("Bidding")}),
        **_stats_schemas(),
        "Viewed": _closed({"name": STR, "game": game_enum, "player": INT, "player_name": STR,
                           "sheet": _ref("Sheet"), "cards": _ref("Cards"),
                           "bidding": _ref("Bidding"),
                           "robot": {"enum": ["easy", "medium", "hard"],
                                     "description": "A robot plays this seat now (its level): the view is a watcher's, "
                                                    "no cards, and every act through the link is refused (403)"},
                           "robot_says": {**STR, "description": "That, in the reader's language"},
                           "next": {**_closed({"token": STR, "url": STR, "api": STR}),
                                    "description": "Once Play again made the next game: this link holder's own link "
                                                   "of it (the watch link; a seat's same player)"}},
                          optional=("player", "player_name", "cards", "bidding", "robot", "robot_says", "next")),
        "Link": {"oneOf": [{"type": "null"}, _closed({"token": STR, "url": STR, "api": STR, "player": INT, "claimed": BOOL},
                                                     optional=("player", "claimed"))]},
        "Links": _closed({"scribe": STR, "key": STR, "watch": _ref("Link"),
                          "players": {"type": "array", "items": _ref("Link")}}),
    }


def _stats_schemas() -> dict[str, Any]:
    rate = {"type": ["number", "null"], "minimum": 0, "maximum": 1}
    bids = {"oneOf": [{"type": "null"}, _closed({
        "tried": INT, "made": INT, "accuracy": rate,
        "by_size": {"type": "array", "items": _closed({"bid": INT, "tried": INT, "made": INT, "accuracy": rate})}})],
        "description": "Wizard: bids made of those tried, overall and by bid size; null for a game without bids"}
    player = _closed({"name": STR, "games": INT, "wins": {**INT, "description": "Every tied winner counts a win"},
                      "win_rate": rate, "average": {"type": "number"},
                      "best": {**INT, "description": "The best final score (the lowest where the lowest wins)"},
                      "bids": bids, "summed": {"type": "array", "items": _closed({"key": STR, "label": STR, "value": INT}),
                                               "description": "Facts the game adds up over these games (Skull King: "
                                               "bonus, the bonus points that counted, K-S2..K-S4), label in English "
                                               "(the page translates it); empty for a game without"}})
    h2h = _closed({"player": STR, "opponent": STR, "ahead": INT, "behind": INT, "level": INT})
    team = _closed({"players": {"type": "array", "items": STR, "description": "The partners, whatever their seats"},
                    "games": INT, "wins": INT, "win_rate": rate})
    group = _closed({"game": {"enum": GAME_NAMES},
                     "variant": {**STR, "description": "A points game's preset (custom-highest: a custom game won by the highest total); empty otherwise"},
                     "players": INT, "games": INT, "standings": {"type": "array", "items": player},
                     "head_to_head": {"type": "array", "items": h2h},
                     "teams": {"type": "array", "items": team,
                               "description": "Games played by teams of partners (Belote, Coinche): each "
                                              "partnership's record, the most wins first; absent for the others"}},
                    optional=("teams",))
    opt = {"type": ["string", "null"]}
    return {
        "Statistics": _closed({"filters": _closed({"game": opt, "players": OPT_INT, "since": opt, "until": opt,
                                                   "player": opt}),
                               "groups": {"type": "array", "items": group}}),
        "Players": _closed({"players": {"type": "array", "items": _closed({"name": STR, "games": INT})}}),
        "Ladders": _ladders_schema(opt),
    }


def _note_paths(game_id: dict[str, Any]) -> dict[str, Any]:
    """A game's note (scribe/notes.py): every note written is kept, the last one shown."""
    kept = _closed({"note": STR, "seq": {**INT, "description": "The note's number (0: none yet)"},
                    "earlier": {"type": "array", "items": _closed({"seq": INT, "note": STR, "written_at": STR}),
                                "description": "The notes it replaced, the first first"}})
    return {
        "get": {"summary": "The game's note and the earlier ones", "parameters": [game_id],
                "responses": {"200": {"description": "The note", **_json(kept)}, **_errors(404, 410)}},
        "put": {"summary": "Write the game's note (the Scribe's link only; empty clears it; the one before is kept)",
                "parameters": [game_id],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["note"], "properties": {
                    "note": {**STR, "maxLength": 200}, "after": {**INT, "description": "The seq of the note this "
                                                                  "replaces: 409 if another was written since"}}})},
                "responses": {"200": {"description": "The note now", **_json(kept)},
                              **_errors(400, 404, 409, 410, 413, 415, 422, 503)}}}


def _hints_paths(game_id: dict[str, Any]) -> dict[str, Any]:
    """The robot's hints for learners (scribe/hints.py): a table setting, on or off."""
    now = _closed({"hints": {"type": "boolean", "description": "Each seat's own page shows, at its turn, what "
                             "the robot would do there"},
                   "offered": {"type": "boolean", "description": "This table may turn them on: the virtual deck of "
                               "a game a robot plays, not a club night's table"}})
    return {
        "get": {"summary": "Whether the table shows the robot's hints", "parameters": [game_id],
                "responses": {"200": {"description": "The setting", **_json(now)}, **_errors(404, 410)}},
        "put": {"summary": "Turn the robot's hints on or off (the Scribe's link only)", "parameters": [game_id],
                "requestBody": {"required": True, **_json({"type": "object", "required": ["hints"],
                                                           "properties": {"hints": {"type": "boolean"}}})},
                "responses": {"200": {"description": "The setting now", **_json(now)},
                              **_errors(400, 403, 404, 410, 413, 415, 422, 503)}}}


def _ladders_schema(opt: dict[str, Any]) -> dict[str, Any]:
    """``/api/ladders`` (scribe/ratings.py): a ladder per game type, the best rated first."""
    row = _closed({"place": INT, "name": STR, "games": INT,
                   "rating": {**INT, "description": "4 x (mu - 3 sigma), rounded: everyone starts at 0"},
                   "trend": {**INT, "description": "The rating's change over the player's last trend_games games"},
                   "recent": {"type": "array", "items": INT, "description": "The rating after each of those games"},
                   "mu": {"type": "number"}, "sigma": {"type": "number"}})
    rival = _closed({"player": STR, "opponent": STR, "games": INT, "ahead": INT, "behind": INT, "level": INT})
    kind = _closed({"game": {"enum": GAME_NAMES}, "variant": STR, "games": INT,
                    "ladder": {"type": "array", "items": row}, "rivals": {"type": "array", "items": rival}})
    return _closed({"filters": _closed({"game": opt, "players": OPT_INT, "since": opt, "until": opt, "player": opt}),
                    "ladders": {"type": "array", "items": kind}, "trend_games": INT, "rating_scale": INT})


def _deck(game: str) -> dict[str, Any]:
    """A sheet's ``deck``, for a game that deals cards: the deck its codes are in."""
    decks = GAMES[game].decks
    return {"deck": {"enum": list(decks), "description": "The deck the sheet's card codes are in (a code may name "
                     "another card in another deck): its table, " + _deck_tables(decks)}} if decks else {}


def _cards() -> dict[str, Any]:
    hand = {"type": "array", "items": STR, "description": "Card codes of the deck named by deck (docs/cards.md)"}
    return _closed({
        "virtual_deck": BOOL,
        "deck": {"enum": ALL_DECKS, "description": "The deck the cards' codes are in: its table, "
                 + _deck_tables(ALL_DECKS)},
        "current": {"oneOf": [{"type": "null"}, _closed({"round": INT, "hand": hand, "played": hand, "dealt": hand,
                                                         "can_mark": BOOL, "hidden": {
            **BOOL, "description": "dealt before this link was made: sealed from it until the round is scored"},
            "my_turn": BOOL, "legal": {**hand, "description": "the cards this player may play now (W-P2, W-P3, W-P6)"},
            "why": {"type": ["string", "null"], "description": "why the other cards may not be played"},
            "can_take_back": {**BOOL, "description": "the last card played is this player's: it may be taken back"}})]},
        "past": {"type": "array", "items": _closed({"round": INT, "dealt": hand})}},
        optional=("deck", "current", "past"), description="Virtual deck: this player's own cards only")
