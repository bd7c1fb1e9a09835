"""What every game of the family answers alike about its game as a whole: the games list's
summary of a sheet, and the options of a new game posted to the API (its rule switches
checked, the first dealer drawn when not named). A game passes what is its own (its rule
switches, its other named options). Pure: no Flask, no SQL."""

from __future__ import annotations

import secrets
from collections.abc import Collection
from typing import Any

from ...rules.errors import N_, RuleError


def summary(sheet: Any) -> dict[str, Any]:
    """What the games list shows without replaying every game."""
    row = sheet.current
    return {
        "phase": sheet.phase,
        "round": row.number if row else len(sheet.rows),
        "rounds": len(sheet.rows),
        "leaders": [sheet.setup.players[p] for p in sheet.leaders] if sheet.played else [],
        "players": list(sheet.setup.players),
    }


def api_options(body: dict[str, Any], switches: Collection[str], **named: Any) -> dict[str, Any]:
    """POST /api/games body -> make_setup options: the players, the first dealer (drawn at
    random when the body names none or "random"), ``named`` (a game's own options taken
    from the body) and the body's ``rules``, whose every key must be one of ``switches``:
    an unknown switch is refused, not ignored."""
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise RuleError(N_("Rules must be an object."), field="rules")
    unknown = sorted(set(rules) - set(switches))
    if unknown:
        raise RuleError(N_("Unknown option %(option)s."), field=f"rules.{unknown[0]}", option=unknown[0])
    dealer = body.get("first_dealer")
    if dealer in (None, "random"):
        players = body.get("players")
        dealer = secrets.randbelow(len(players)) if isinstance(players, list) and players else 0
    return {"players": body.get("players"), "first_dealer": dealer, **named, **rules}
