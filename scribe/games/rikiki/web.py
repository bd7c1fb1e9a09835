"""Rikiki on the web: its new-game form and API options; the round's buttons, its JSON and
its history are the family's (``bidding.web``) in Rikiki's words."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, lazy_gettext

from ...formatting import card, cards_text, translate
from ..bidding import result, web as family
from ..bidding.web import parse_action, parse_correction, sealed_bid_turns  # noqa: F401  (the web part's names)
from .setup import PRESETS, RuleSet
from .words import PRESET_LABELS, SCHEDULE_LABELS, SCORING_LABELS, game_name, trump

NEW_LABEL = lazy_gettext("New game of Oh Hell (Rikiki, Boerenbridge…)")
TEMPLATES = "play"  # the family's pages
ROUND_TEMPLATE = "table/_round.html"
PLAYER_BID_TEMPLATE = "table/_player_bid.html"
ACTIONS = ("bid", "trump", "tricks", "deal", "shuffle", "played", "take_back")
NEW_TEMPLATE = "rikiki/new.html"
SEATS = 7
SETTINGS = ("schedule", "most", "cards", "pack", "trump", "hook_from", "scoring", "custom", "reveal")
FLAGS = ("every_card", "blind", "virtual_deck")


def game_label(variant: str) -> str:
    return game_name()


def new_context() -> dict[str, Any]:
    return {"presets": {k: PRESET_LABELS[k] for k in PRESETS}, "schedules": SCHEDULE_LABELS,
            "scorings": SCORING_LABELS, "title": game_name()}


def blank_form() -> dict[str, Any]:
    return {"players": [""] * SEATS, "dealer": "random", "preset": "rikiki", "name": "",
            **{k: "" for k in SETTINGS}, **{k: False for k in FLAGS}}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Form fields -> (options for the rules, the form to re-show, seat row of each player).
    A setting left empty is the preset's."""
    rows, kept, dealer = family.seated(form)
    shown = {**blank_form(), **{k: form.get(k, "") for k in ("dealer", "preset", "name", *SETTINGS)}}
    shown["players"] = rows[:SEATS] + [""] * (SEATS - len(rows))
    shown.update({k: form.get(k) == "on" for k in FLAGS})
    settings = {k: form.get(k) for k in SETTINGS if form.get(k) not in (None, "")}
    options = {"players": [rows[i] for i in kept], "first_dealer": dealer, "preset": form.get("preset") or "rikiki",
               **settings, **{k: shown[k] or None for k in FLAGS}}
    return options, shown, kept


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games body -> make_setup options; unknown switches are refused. A null
    ``hook_from`` is the hook off (R-B2)."""
    options = result.api_options(body, RuleSet.__dataclass_fields__, preset=body.get("preset"))
    if "hook_from" in options and options["hook_from"] is None:
        options["hook_from"] = "off"
    return options


WORDS = family.Words(_, translate, card, cards_text, trump)
round_label, sheet_json, entry_text = family.bind(WORDS)


FILTERS: dict = {}
GLOBALS: dict = {}
