"""The building blocks of the API's JSON Schemas, shared by ``web/openapi.py`` and each
game's ``schema`` part. Pure data: a game describes its JSON without the web layer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Action:
    """One kind a game's entries take through ``POST /api/games/KEY/actions/KIND``: its
    summary and body (the properties the rules read) for the document, which the API
    also holds a body to (a value of a type or enum the body does not take: 422 naming
    its field). Usually the kind is the entry recorded; a choice posted as its own kind
    records the entry its older path did (``records``, with ``entry`` turning the body
    into that entry's data, refusing when the game is not waiting for that choice), so
    replay, sealing and the stored logs are untouched. ``alias_of``: a deprecated name
    kept for older clients, of the action named."""

    summary: str
    body: dict[str, Any]
    required: tuple[str, ...] = ()
    records: str | None = None
    entry: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    alias_of: str | None = None

    def recorded(self, kind: str) -> str:
        """The entry kind this action records, posted as ``kind``."""
        return self.records or kind


#: The round an entry is for: the one in play when omitted.
ROUND = {"type": ["integer", "null"], "description": "The round (1-based); the one in play when omitted"}
#: A seat, 0 first, clockwise.
SEAT = {"type": "integer", "minimum": 0, "description": "A seat, 0 first, clockwise"}


def _is(kind: str, value: Any) -> bool:
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, {"string": str, "boolean": bool, "array": list, "object": dict,
                              "null": type(None)}[kind])


def _kinds(prop: dict[str, Any]) -> set[str]:
    kinds = prop.get("type", [])
    out = {kinds} if isinstance(kinds, str) else set(kinds)
    return out | {"integer" for v in prop.get("enum", ()) if _is("integer", v)}


_YES, _NO = ("1", "on", "true", "yes"), ("0", "off", "false", "no")


def _as_json(prop: dict[str, Any], value: Any) -> Any:
    """A form's spelling that the rules' field readers take (``rules/fields.py``: "3",
    "+1", "49.5", "on") as the JSON value it stands for: the API always took them, and
    still does."""
    kinds = _kinds(prop)
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")
        for kind, read in (("integer", int), ("number", float)):
            if kind in kinds:
                try:
                    return read(text)
                except ValueError:
                    pass
        if "boolean" in kinds and text in _YES + _NO:
            return text in _YES
    if "boolean" in kinds and value in (0, 1) and _is("integer", value):
        return bool(value)
    return value


def _takes(prop: dict[str, Any], value: Any) -> bool:
    """Whether ``value`` is of a type, in the enum and within the bounds ``prop`` says (the
    first level only: the rules judge what is inside, with their own words)."""
    value = _as_json(prop, value)
    kinds = prop.get("type")
    if kinds is not None and not any(_is(k, value) for k in ([kinds] if isinstance(kinds, str) else kinds)):
        return False
    if "enum" in prop and value not in prop["enum"]:
        return False
    if _is("number", value):
        return prop.get("minimum", value) <= value <= prop.get("maximum", value)
    return True


def field_at_fault(action: Action, data: dict[str, Any]) -> str | None:
    """The first field (in the body's order) that ``action``'s body does not take in ``data``:
    missing though required, or of a value it does not take (null stands for a field not
    given, as "" is); or None.

    >>> bid = Action("A bid", {"player": SEAT, "bid": {"type": "integer", "minimum": 0}}, ("bid",))
    >>> field_at_fault(bid, {"bid": 2}), field_at_fault(bid, {}), field_at_fault(bid, {"bid": -1})
    (None, 'bid', 'bid')
    >>> field_at_fault(bid, {"player": "one", "bid": 1}), field_at_fault(bid, {"player": True, "bid": 1})
    ('player', 'player')

    A form's spelling the rules take is taken ("2", "+1", "on"); "" is a field not given:

    >>> change = Action("The Cloud", {"change": {"enum": [1, -1]}, "seen": {"type": "boolean"}}, ("change",))
    >>> field_at_fault(change, {"change": "+1", "seen": "on"}), field_at_fault(change, {"change": "2"})
    (None, 'change')
    >>> field_at_fault(bid, {"bid": " 2 ", "player": ""}), field_at_fault(bid, {"bid": ""})
    (None, 'bid')
    """
    for name, prop in action.body.items():  # in the body's order; null is "not given", as the rules read it
        value = data.get(name)
        value = None if value == "" else value
        if (value is None and name in action.required) or (value is not None and not _takes(prop, value)):
            return name
    return None
