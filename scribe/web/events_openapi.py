"""The /api/events part of the OpenAPI document (issue 36): ``openapi.openapi_document``
adds these paths and schemas to the games' own; every answer a test sees is checked
against them (tests/conftest.py)."""

from __future__ import annotations

from typing import Any

from ..events import DRAWS, FORMATS, RANKINGS, TIE_BREAKS
from ..games import GAMES
from ..schema import BOOL, INT, NAMES, OPT_INT, STR, closed, ref

ERROR = ref("Error")
TOKEN = {"name": "token", "in": "path", "required": True, "schema": {"type": "string"},
         "description": "The event's organiser's link (everything) or its ranking link (the hall's TV: read-only); "
                        "only its sha256 is stored. An event's id opens nothing."}
_WORDS = {400: "Not a JSON object", 404: "No such event, or a link without this right",
          409: "Stale version: the event changed since; nothing saved", 415: "Not JSON",
          422: "Refused by the rules: the message says why, field names the input",
          429: "Too many new events or games from this address for now (Retry-After says when)"}
_VERSION = {"type": "integer", "description": "The event's version you saw (its `version`); 409 if it changed since"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(c): {"description": _WORDS[c], **_json(ERROR)} for c in codes}


def _write(summary: str, body: dict[str, Any], answer: dict[str, Any], status: str = "200") -> dict[str, Any]:
    return {"post": {"summary": summary, "parameters": [TOKEN],
                     "requestBody": {"required": True, **_json({"type": "object", "properties": body})},
                     "responses": {status: {"description": "Done", **_json(answer)},
                                   **_errors(400, 404, 409, 415, 422)}}}


def _read(summary: str, answer: dict[str, Any], params: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {"get": {"summary": summary, "parameters": [TOKEN, *params],
                    "responses": {"200": {"description": "Read", **_json(answer)}, **_errors(404, 422)}}}


def _note() -> dict[str, Any]:
    """The evening's note (web/event_notes.py): every note written is kept, the last one shown."""
    kept = closed({"note": STR, "seq": {**INT, "description": "The note's number (0: none yet)"},
                   "earlier": {"type": "array", "items": closed({"seq": INT, "note": STR, "written_at": STR}),
                               "description": "The notes it replaced, the first first"}})
    return {**_read("The evening's note and the earlier ones (either link)", kept),
            "put": {"summary": "Write the evening's note (the organiser's link only; empty clears it; the one "
                               "before is kept; the same note again adds nothing)",
                    "parameters": [TOKEN],
                    "requestBody": {"required": True, **_json({"type": "object", "required": ["note"], "properties": {
                        "note": {**STR, "maxLength": 200},
                        "after": {**INT, "description": "The seq of the note this replaces: 409 if another was "
                                                        "written since"}}})},
                    "responses": {"200": {"description": "The note now", **_json(kept)},
                                  **_errors(400, 404, 409, 415, 422)}}}


def paths() -> dict[str, Any]:
    tables = {"type": "object", "properties": {"tables": {"type": "array", "items": ref("EventTable")}},
              "required": ["tables"], "additionalProperties": False}
    whole = {"in": "path", "required": True, "schema": INT}
    return {
        "/api/events": {"post": {
            "summary": "Create an event (a club night): answers it with its organiser's and ranking links; with an "
                       "Idempotency-Key, the same request sent again answers the event it made",
            "parameters": [{
                "name": "Idempotency-Key", "in": "header", "required": False,
                "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"},
                "description": "A key of this client's choosing (a UUID), one per event it means to make: sent "
                               "again with the same body from the same address, it answers the same event and "
                               "links, with Idempotent-Replayed: true; with another body, 422. Only a hash of "
                               "it is stored."}],
            "requestBody": {"required": True, **_json(ref("NewEvent"))},
            "responses": {"201": {"description": "Created (or made before, for a repeated Idempotency-Key)",
                                  "headers": {"Idempotent-Replayed": {"schema": {"const": "true"}}},
                                  **_json(ref("Event"))}, **_errors(400, 415, 422, 429)}}},
        "/api/events/{token}": _read("The event as this link sees it: the current partie's tables (with their "
                                     "Scribe's links for the organiser only) and the ranking", ref("Event")),
        "/api/events/{token}/version": _read("The event's live version: it moves with any entry at any of its "
                                             "tables and any change of the event", closed({"version": INT})),
        "/api/events/{token}/ranking": _read("The standings now, tables still playing included (E-R1..E-R5)",
                                             closed({"live_version": INT, "ranking": {
                                                 "type": "array", "items": ref("EventLine")}})),
        "/api/events/{token}/ratings": _read(
            "The evening's ratings (organiser's link): its finished tables, every partie's, rate their players with "
            "OpenSkill's Plackett-Luce model as the group's ladders do (the figure: 4 x mu - 3 sigma, rounded)",
            closed({"live_version": INT, "ratings": {"type": "array", "items": ref("EventLadder")}})),
        "/api/events/{token}/parties": _write(
            "Draw and start the next partie (organiser's link; E-D1..E-D6): refused while a table of the last one "
            "plays on, or past the last partie (E-P2). A partie already drawn, named again, answers its tables",
            {"partie": {**INT, "description": "The partie you mean to start"}, "version": _VERSION}, tables, "201"),
        "/api/events/{token}/arrivals": _write(
            "A late arrival, from the next partie on (organiser's link; E-D5)",
            {"name": STR, "players": {**NAMES, "description": "A concours team's two players"},
             "partie": INT, "version": _VERSION}, ref("Event")),
        "/api/events/{token}/withdrawals": _write(
            "A withdrawal, from the next partie on (organiser's link; E-D5): what was played stays ranked",
            {"name": STR, "partie": INT, "version": _VERSION}, ref("Event")),
        "/api/events/{token}/note": _note(),
        "/api/events/{token}/tables/{partie}/{table}": _read(
            "A table's Scribe's link (organiser's link): fix an entry there as the table's Scribe would",
            closed({"key": STR, "url": STR, "api": STR}),
            ({"name": "partie", **whole}, {"name": "table", **whole})),
    }


def schemas() -> dict[str, Any]:
    link = closed({"token": STR, "api": STR})
    return {
        "NewEvent": {"type": "object", "required": ["game", "format", "parties", "entrants"], "properties": {
            "name": STR, "lang": STR, "game": {"enum": list(GAMES)}, "format": {"enum": list(FORMATS)},
            "parties": {**INT, "minimum": 1, "maximum": 50},
            "deals": {**OPT_INT, "description": "Deals a partie (or a target)"},
            "target": {**OPT_INT, "description": "A partie's target score (or deals)"},
            "entrants": {**NAMES, "description": "Players, or a concours's teams' names"},
            "teams": {"type": "array", "items": NAMES, "description": "A concours: each entrant's two players"},
            "settings": {"type": "object", "description": "What differs between clubs (docs/rules.md, E-*)",
                         "properties": {"ranking": {"enum": list(RANKINGS)}, "draw": {"enum": list(DRAWS)},
                                        "tie_breaks": {"type": "array", "items": {"enum": list(TIE_BREAKS)}},
                                        "table_min": INT, "table_max": INT, "table_preferred": INT,
                                        "byes": BOOL, "bye_wins": BOOL, "bye_points": INT, "zero_sum": BOOL,
                                        "place_points": {"type": "array", "items": INT}}}}},
        "Event": closed({
            "name": STR, "game": STR, "format": STR, "parties": INT, "deals": OPT_INT, "target": OPT_INT,
            "link": {"enum": ["organiser", "ranking"]},
            "version": {**INT, "description": "The event's own version: send it with a change"},
            "live_version": {**INT, "description": "Moves with any entry at any table: what a screen polls"},
            "partie": {**INT, "description": "Parties drawn so far"}, "byes": NAMES,
            "next": closed({"partie": OPT_INT, "players": NAMES,
                            "ready": {**BOOL, "description": "Every table of the last partie is over"}}),
            "tables": {"type": "array", "items": ref("EventTable")},
            "ranking": {"type": "array", "items": ref("EventLine")},
            "links": closed({"organiser": link, "ranking": link}, optional=("ranking",)),  # none once revoked
        }, optional=("links",)),
        "EventTable": closed({
            "partie": INT, "table": INT, "players": NAMES, "state": {"enum": ["waiting", "playing", "finished"]},
            "played": INT, "deals": OPT_INT, "target": OPT_INT, "totals": {"type": "array", "items": INT},
            "scribe": closed({"key": STR, "url": STR, "api": STR}),
        }, optional=("scribe",)),
        "EventLadder": closed({
            "game": STR, "variant": STR, "games": {**INT, "description": "Tables rated"},
            "ladder": {"type": "array", "items": closed({
                "place": INT, "name": STR, "rating": {**INT, "description": "4 x (mu - 3 sigma), rounded"},
                "games": {**INT, "description": "Tables this player finished"}, "mu": {"type": "number"}, "sigma": {"type": "number"}})}}),
        "EventLine": closed({"rank": INT, "name": STR, "points": INT, "won": INT, "score": INT, "played": INT,
                             "byes": INT}),
    }


def add_to(document: dict[str, Any]) -> None:
    document["paths"].update(paths())
    document["components"]["schemas"].update(schemas())
