"""Wizard on the web: its new-game form and API options; what the round's buttons post,
its sheet as JSON and its history in words are the family's (``bidding.web``), in
Wizard's words."""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale, gettext as _

from ...formatting import card, cards_text, translate
from ...rules.errors import N_
from .. import wizard
from ..bidding import result, web as family
from ..bidding.web import parse_action, parse_correction, sealed_bid_turns  # noqa: F401  (the web part's names)
from .words import card_names, editions, trump

NEW_LABEL = N_("New game of Wizard")  # the start page's button
game_label = family.titled("Wizard")
# the family's pages: the round on a watcher's and a player's screen, a seat's own bid (W-B7)
TEMPLATES, ROUND_TEMPLATE, PLAYER_BID_TEMPLATE = family.PAGES
ACTIONS = (*family.ACTIONS, "cloud")  # the Scribe plays only for seats with no phone
NEW_TEMPLATE = "games/new.html"
SEATS = 6
FLAGS = ("unicolore", "leader_ties", "virtual_deck", "no_wizard_on_trump_lead")  # W-U1, W-B4, W-R4, W-P6


def new_context() -> dict[str, Any]:
    return {"presets": wizard.PRESETS, "editions": editions()}


def default_edition(lang: Any = None) -> str:
    """The card names (W-M2) of the game's language: a French game says Fou (Gigamic
    2022); any other game the English deck, whose names follow each reader's language
    (Jester, Narr, Bufón...). Only the default: the form shows it and any edition may be
    picked.

    >>> default_edition("fr"), default_edition("en"), default_edition("de")
    ('gigamic', 'english', 'english')
    """
    lang = lang if isinstance(lang, str) and lang else str(get_locale())
    return "gigamic" if lang.startswith("fr") else "english"


def blank_form() -> dict[str, Any]:
    return {"players": [""] * SEATS, "dealer": "random", "preset": "plus_minus_one",
            "edition": default_edition(), "rounds": "", "name": "", "unicolore": False, "leader_ties": False,
            "reveal": "open", "virtual_deck": False, "no_wizard_on_trump_lead": False, "jubilee": []}


def parse_setup(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Form fields -> (options for the rules, the form to re-show, seat row of each player).

    Blank name rows are unused seats; the dealer radio names a row, so it is mapped
    to the player's place among the filled rows (the family's ``read_form``).
    """
    options, shown, kept = family.read_form(form, blank_form(), ("edition", "rounds", "reveal"), FLAGS, "standard")
    options["edition"] = form.get("edition") or default_edition()  # the reader's language's, not the rules' default
    # W-J6: one box for the Dragon and the Fairy (only together), one for each other card
    picked = shown["jubilee"] = form.getlist("jubilee")
    options["jubilee"] = [c for v in picked for c in (("dragon", "fairy") if v == "dragon_fairy" else (v,))]
    return options, shown, kept


RULE_SWITCHES = set(wizard.RuleSet.__dataclass_fields__)


def api_options(body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games body -> make_setup options; unknown switches are refused, not ignored."""
    return result.api_options(body, RULE_SWITCHES, preset=body.get("preset"),
                              edition=body["edition"] if "edition" in body else default_edition(body.get("lang")))


def _card_names(setup: wizard.Setup) -> dict[str, Any]:
    w, j = card_names(setup)
    return {"card_names": {"wizard": w, "jester": j}}  # W-M2, in the reader's words


WORDS = family.Words(_, translate, card, cards_text, trump, _card_names)
# the games list's line, the sheet's JSON (the page's sheet, field for field) and the history's words
round_label, sheet_json, entry_text = family.bind(WORDS)


def forbidden_text(f: wizard.Forbidden, setup: wizard.Setup) -> str:
    return translate(wizard.forbidden_message(setup, f))


def broken_text(f: wizard.Forbidden, setup: wizard.Setup) -> str:
    """The warning on a round whose recorded bid a correction made illegal."""
    return translate(wizard.broken_bid_message(setup, f))


# Wizard's own template helpers, registered by web/filters.py
FILTERS = {"forbidden_text": forbidden_text, "broken_text": broken_text}
GLOBALS = {"suits": wizard.SUITS, "sealed_bid_turns": sealed_bid_turns, "jubilee_cards": wizard.JUBILEE_CARDS}
