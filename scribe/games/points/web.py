"""Points-per-round games' forms (Skyjo, 6 qui prend!, Custom): a round's points as rules data.

The rules in words are ``words.rules_text`` (pages and printed sheets).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ...formatting import score
from ...rules.errors import N_
from ...rules.totals import totals_json
from .. import points
from .story import CUSTOM_HIGHEST
from .words import PRESET_LABELS as POINTS_LABELS

NEW_LABEL = N_("New points game (Skyjo, 6 qui prend!…)")  # the start page's button


def game_label(variant: str) -> str:
    """The statistics' heading: the game played (a preset, P-S1..P-S3)."""
    if variant == CUSTOM_HIGHEST:
        return _("Another points game, the highest total wins")
    return str(POINTS_LABELS.get(variant, POINTS_LABELS[points.CUSTOM]))


TEMPLATES = "points"
ROUND_TEMPLATE = "points/_watch_round.html"  # the round on a watcher's and a player's screen
PLAYER_BID_TEMPLATE = None  # no bids: every score is said aloud
ACTIONS = ("round",)
NEW_TEMPLATE = "points/new.html"
FILTERS: dict[str, Any] = {}  # no template helpers of its own
GLOBALS: dict[str, Any] = {}


def _number(form, name: str, minus: str) -> str | None:
    """A typed number; the ± chip makes it negative (a phone's number pad has no "-")."""
    raw = (form.get(name) or "").strip()
    if raw and form.get(minus) == "on" and not raw.startswith("-"):
        return "-" + raw
    return raw or None


def _round(form, n: int) -> dict[str, Any]:
    return {"points": [_number(form, f"points.{p}", f"neg.{p}") for p in range(n)],
            "closer": form.get("closer") or None}


def parse_action(kind: str, form, sheet: points.PointsSheet) -> dict[str, Any]:
    return _round(form, sheet.setup.n) if kind == "round" else {}


def parse_correction(number: int, form, sheet: points.PointsSheet) -> dict[str, Any]:
    return {"round": number, **_round(form, sheet.setup.n)}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """New-game form -> (options for the rules, the form to show again, filled rows).
    Only the chosen preset's own options are passed on: the others' fields stay on the
    page (hidden or not) and mean nothing for it."""
    rows = form.getlist("players")  # all of them: a 13th name is refused, not dropped
    kept = [i for i, name in enumerate(rows) if name.strip()]
    preset = form.get("preset") or points.SKYJO
    shown = {"players": (rows + [""] * points.MAX_PLAYERS)[: points.MAX_PLAYERS], "preset": preset,
             "double_always": form.get("double_always") == "on", "target": form.get("target", ""),
             "rounds": form.get("rounds", ""), "wins": form.get("wins") or points.LOWEST,
             "title": form.get("title", ""), "name": form.get("name", "")}
    options: dict[str, Any] = {"players": [rows[i] for i in kept], "preset": preset}
    if preset == points.SKYJO:
        options["double_always"] = shown["double_always"]
    elif preset == points.CUSTOM:
        options.update(target=shown["target"] or None, rounds=shown["rounds"] or None, wins=shown["wins"],
                       title=shown["title"])
    return options, shown, kept


def blank_form() -> dict[str, Any]:
    return {"players": [""] * points.MAX_PLAYERS, "preset": points.SKYJO, "double_always": False, "target": "",
            "rounds": "", "wins": points.LOWEST, "title": "", "name": ""}


def new_context() -> dict[str, Any]:
    return {"presets": points.PRESETS, "preset_names": POINTS_LABELS, "seats": points.SEATS,
            "targets": points.TARGETS}


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    keys = ("players", "preset", "target", "rounds", "wins", "double_always", "title")
    return {k: body[k] for k in keys if k in body}


def entry_text(e, setup: points.Setup) -> str:
    """One line of the history, in words: the points as entered, and who closed (P-S1)."""
    d, names = e.data, setup.players
    pts = ", ".join(f"{name} {score(p)}" for name, p in zip(names, d["points"]))  # 1\u202f240 in French
    if e.kind == "correction":
        text = _("Round %(round)s corrected: %(points)s", round=d["round"], points=pts)
    else:
        text = _("Round %(round)s: %(points)s", round=d["round"], points=pts)
    if d.get("closer") is not None:
        text += " · " + _("closed by %(name)s", name=names[d["closer"]])
    return text


def sheet_json(sheet: points.PointsSheet) -> dict[str, Any]:
    """The points sheet as JSON, field for field what the page shows."""
    setup = sheet.setup
    return totals_json(sheet, {
        "preset": setup.preset,
        "target": setup.target,
        "rounds_to_play": setup.rounds,
        "wins": setup.wins,
        "double_always": setup.double_always,
        "title": setup.title,
        "rounds": [
            {"number": r.number, "points": list(r.points), "closer": r.closer, "counted": list(r.counted),
             "doubled": r.doubled, "totals": list(r.totals), "leaders": list(r.leaders), "corrected": r.corrected}
            for r in sheet.rounds
        ],
    }, {"winners": list(sheet.winners), "ended_at": sheet.ended_at})


def round_label(summary: dict[str, Any]) -> str:
    """The games list's line for a game in play: "Round 3"."""
    return _("Round %(round)s", round=summary.get("round"))
