"""A write's smaller answer, for a client that asks for it with ``Prefer: return=minimal``
(RFC 7240): the same answer, but its sheet lists only the rounds the write changed.

The rounds changed are found by comparing what a reader sees, not by guessing from the
entry: the rounds' JSON of the viewer's sheet before the write against the rounds' JSON
of the viewer's sheet after it (a correction or an undo changes several rounds, and
Wizard's broken bid depends on earlier rounds). Both sides are cut from the viewer's
sheet (sealed), as the whole answer is. Comparing is cheap: a row's JSON kept on its
frozen row (Wizard) is the same object on both sides, and the "before" side's JSON is
usually the one the previous write's answer made, kept on that sheet (``json_of``).

A client holding the sheet at version ``since`` gets the sheet at ``version`` by keeping
its rounds numbered 1..``round_count`` and replacing those the answer lists (each round
has its ``number``); every other field of the sheet is whole in the answer. A client
holding another version reads the sheet again.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import get_locale

from .cookies import vary_on
from .serialize import sheet_json

PREFERENCE = "return=minimal"
_KEPT = "_scribe_answer_json"  # (locale, the viewer sheet's JSON), kept on that frozen sheet


def wanted() -> bool:
    """Did the request ask for ``return=minimal``? RFC 7240: preferences are
    comma-separated, names case-insensitive, values may be quoted, and of a preference
    given twice only the first counts."""
    header = request.environ.get("HTTP_PREFER")  # several Prefer headers arrive joined by commas
    if not header:
        return False
    for pref in header.split(","):
        name, _eq, value = pref.split(";", 1)[0].partition("=")
        if name.strip().lower() == "return":
            return value.strip().strip('"').lower() == "minimal"
    return False


def json_of(sheet: Any, lang: str) -> dict[str, Any]:
    """``sheet_json(sheet)`` for a viewer's sheet, kept on that sheet (frozen: its JSON
    never changes but for the reader's language, which the kept copy is checked against).
    In open games the viewer's sheet is the game's sheet the service keeps between
    requests, so the next write finds its "before" side made. Never changed by a caller.
    ``lang``: the reader's language (``str(get_locale())``, asked once per answer)."""
    kept = sheet.__dict__.get(_KEPT)
    if kept is not None and kept[0] == lang:
        return kept[1]
    made = sheet_json(sheet)
    sheet.__dict__[_KEPT] = (lang, made)  # as a cached property is kept: the sheet is frozen
    return made


def changed_rounds(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rounds of ``after`` that differ from the round of the same number in ``before``
    (or that ``before`` has not): rounds are numbered 1..n in order in every game."""
    kept = len(before)
    return [r for i, r in enumerate(after) if i >= kept or (before[i] is not r and before[i] != r)]


def cut(before: Any, after: Any) -> dict[str, Any]:
    """The minimal answer's fields from two viewer's sheets: the sheet after, its rounds cut
    to those changed since ``before``."""
    lang = str(get_locale())
    old, new = json_of(before, lang)["rounds"], json_of(after, lang)
    rounds = new["rounds"]
    return {"version": after.version, "since": before.version, "round_count": len(rounds),
            "sheet": {**new, "rounds": changed_rounds(old, rounds)}}


def applied(response: Any) -> Any:
    """Mark an answer that honoured the preference (RFC 7240, Preference-Applied)."""
    response.headers["Preference-Applied"] = PREFERENCE
    return response


def vary(response: Any) -> Any:
    """Every answer of a route that honours the preference varies on it."""
    vary_on(response, "Prefer")
    return response
