"""The building blocks of the API's JSON Schemas, shared by ``web/openapi.py`` and each
game's ``schema`` part. Pure data: a game describes its JSON without the web layer."""

from __future__ import annotations

from typing import Any


def closed(props: dict[str, Any], optional: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """An object with exactly these properties: all required but ``optional``, no others.
    Strict on purpose: an answer that grows a field must grow the document too (the test
    client checks every /api/ answer against it, tests/conftest.py)."""
    return {"type": "object", "required": [k for k in props if k not in optional], "properties": props,
            "additionalProperties": False, **extra}


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


INT = {"type": "integer"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
SEATS = {"type": "array", "items": INT}
INTS = {"type": "array", "items": INT}
NAMES = {"type": "array", "items": STR}
OPT_INT = {"type": ["integer", "null"]}
OPT_INTS = {"type": ["array", "null"], "items": INT}
COUNTS = {"type": "array", "items": {"type": ["integer", "null"], "minimum": 0}}
#: What every game's sheet ends with (``rules.standings.standings_and_undo``).
STANDINGS_AND_UNDO = {
    "standings": {"type": "array", "items": closed({"rank": INT, "player": INT, "name": STR, "total": INT,
                                                   "change": {**OPT_INT, "description": "What the last scored round did to the total"}})},
    "can_undo": BOOL, "can_redo": BOOL,
}
