"""Rikiki on the web: its new-game form and API options; the round's pages and buttons, its
JSON and its history are the family's (``bidding.web``) in Rikiki's words."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, lazy_gettext

from ...formatting import card, cards_text, translate
from ..bidding import web as family
from ..bidding.web import *  # the family's pages, buttons, forms and pass-the-phone, as they are
from .setup import PRESETS, RuleSet
from .words import PRESET_LABELS, SCHEDULE_LABELS, SCORING_LABELS, game_name, trump

NEW_LABEL = lazy_gettext("New game of Oh Hell (Rikiki, Boerenbridge…)")
NEW_TEMPLATE = "rikiki/new.html"
SEATS = 7
SETTINGS = ("schedule", "most", "cards", "pack", "trump", "hook_from", "scoring", "custom", "reveal")
FLAGS = ("every_card", "blind", "virtual_deck")


def game_label(variant: str) -> str:
    return game_name()


def new_context() -> dict[str, Any]:
    return {"presets": {k: PRESET_LABELS[k] for k in PRESETS}, "schedules": SCHEDULE_LABELS,
            "scorings": SCORING_LABELS, "title": game_name()}


blank_form, parse_setup = family.setup_form(SEATS, SETTINGS, FLAGS, "rikiki")
api_options = family.api_options_of(RuleSet)  # a null ``hook_from`` is the hook off (make_setup, R-B2)


WORDS = family.Words(_, translate, card, cards_text, trump)
round_label, sheet_json, entry_text = family.bind(WORDS)

