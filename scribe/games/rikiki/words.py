"""Rikiki in words, in the reader's language: each country's name for the game, its
presets, schedules and scorings (R-P1, R-R1, R-S2, R-S3), the trump (R-T1)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, lazy_gettext, ngettext, pgettext

from ...cards_words import card_class, card_face, card_label, card_plays, hand_order  # noqa: F401  (the words part's names)
from ...formatting import ngettext_rounds
from .scoring import SCORINGS


def game_name() -> str:
    """Each table's own name for it: Oh Hell, Rikiki, Boerenbridge, Stiche-Raten, Podrida, Oh Diavolo!"""
    return pgettext("game name", "Oh Hell")


PRESET_LABELS = {
    "oh_hell": lazy_gettext("Oh Hell!"), "nomination_whist": lazy_gettext("Nomination Whist"),
    "boerenbridge": lazy_gettext("Boerenbridge"), "rikiki": lazy_gettext("Rikiki / Ascenseur"),
    "custom": lazy_gettext("Custom rules"),
}
SCHEDULE_LABELS = {
    "down_up": lazy_gettext("down and up: most cards, to 1, back up"),
    "up_down": lazy_gettext("up and down: 1 card, to the most, back down"),
    "down": lazy_gettext("down: most cards to 1"), "up": lazy_gettext("up: 1 card to the most"),
    "peak_twice": lazy_gettext("up and down, the peak twice (the second without trump)"),
    "list": lazy_gettext("as typed"),
}
SCORING_LABELS = {
    "oh_hell": lazy_gettext("exact bid: 10 + tricks, else nothing"),
    "nomination_whist": lazy_gettext("a point a trick, 10 more for an exact bid"),
    "basic_5": lazy_gettext("a point a trick, 5 more for an exact bid"),
    "boerenbridge": lazy_gettext("exact: 10 + 2 a trick; else −2 a trick off"),
    "boerenbridge_5": lazy_gettext("exact: 5 + a trick; else −1 a trick off"),
    "ascenseur": lazy_gettext("exact: 2 + a trick; else −1 a trick off"),
    "squares": lazy_gettext("exact: 10 + bid²; else −(tricks off)²"),
    "custom": lazy_gettext("custom"),
}
assert set(SCORING_LABELS) == {*SCORINGS, "custom"}


def suit(value: str) -> str:
    return pgettext("French suit", value)


def trump(t: Any, setup: Any) -> str:
    return suit(t.suit) if t.suit else _("no trump")


def rules_text(setup: Any) -> str:
    """The preset, then every setting (R-P1: all of them stay visible)."""
    r = setup.rules
    parts = [game_name(), str(PRESET_LABELS[r.preset]), str(SCHEDULE_LABELS[r.schedule]) if r.schedule != "list"
             else _("cards each round: %(cards)s", cards=" ".join(map(str, r.cards)))]
    parts.append(_("custom scoring %(numbers)s", numbers="/".join(map(str, r.custom))) if r.custom
                 else str(SCORING_LABELS[r.scoring]))
    if r.hook_from is None:
        parts.append(_("no hook: the dealer bids freely"))
    else:
        parts.append(ngettext("the dealer may not make the bids even (from %(num)s card)",
                              "the dealer may not make the bids even (from %(num)s cards)", r.hook_from))
    parts.append(ngettext("%(num)s card", "%(num)s cards", r.pack))
    if r.trump == "spades":
        parts.append(_("spades always trump"))
    if r.every_card:
        parts.append(_("the biggest round deals every card"))
    if r.blind:
        parts.append(_("the one-card round is bid blind, card on the forehead"))
    parts.append(ngettext_rounds(setup.round_count))
    return " · ".join(parts)


def destroyed_text(name: str) -> str:  # every trick is won (R-S1): never shown
    return name


FILTERS: dict = {}
