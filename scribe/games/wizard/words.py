"""Wizard in words, in the reader's language: its rule set (under the sheet and on paper)
and the trump (W-R3); ``FILTERS`` are the print-safe template filters it brings."""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale, gettext as _, lazy_gettext

from . import SUIT_OF, Setup, Trump
from ...rules.cards import card_label as _label, parse_card
from ...formatting import ngettext_rounds

SUIT_LABELS = {
    "blue": lazy_gettext("blue"),
    "green": lazy_gettext("green"),
    "red": lazy_gettext("red"),
    "yellow": lazy_gettext("yellow"),
}
LAST_BID_LABELS = {
    "free": lazy_gettext("any last bid"),
    "never_even": lazy_gettext("the last bidder may not make the bids even"),
    "leader_never_even": lazy_gettext("a leading last bidder may not make the bids even"),
}
PRESET_LABELS = {
    "standard": lazy_gettext("Standard rules"),
    "plus_minus_one": lazy_gettext("±1 rule"),
    "leader": lazy_gettext("Leader restriction"),
    "canadian": lazy_gettext("Canadian rule"),
    "custom": lazy_gettext("Custom rules"),
}


def suit(value: str) -> str:
    return str(SUIT_LABELS.get(value, value))


def trump(t: Trump, setup: Setup) -> str:
    wizard_name, jester_name = setup.card_names()
    if t.card == "jester":
        return _("no trump (%(jester)s turned)", jester=jester_name)
    if t.card == "wizard":
        if t.suit is None:
            return _("%(wizard)s turned, dealer to pick", wizard=wizard_name)
        return _("%(suit)s (%(wizard)s turned, dealer's pick)", suit=suit(t.suit), wizard=wizard_name)
    return suit(t.card)


def rules_text(setup: Setup) -> str:
    """The preset, or the custom switches (W-B2..W-B6), and the variants."""
    r = setup.rules
    parts = [str(PRESET_LABELS[r.preset])]
    if r.preset == "custom":
        parts.append(str(LAST_BID_LABELS[r.last_bid]))
        if r.zero_exception:
            parts.append(_("the restricted bidder may bid zero"))
    if r.leader_ties:
        parts.append(_("tied leaders count as leading"))
    if r.unicolore:
        parts.append(_("Unicolore"))
    if r.virtual_deck:
        parts.append(_("virtual deck"))
    if r.no_wizard_on_trump_lead:
        parts.append(_("no Wizard on a trump lead"))
    parts.append(ngettext_rounds(setup.round_count))
    w, j = setup.card_names()
    parts.append(f"{w} / {j}")
    return " · ".join(parts)


def card_label(notation: str, setup: Setup) -> str:
    """A card's name in the game's edition (W-M2), in the reader's language."""
    lang = str(get_locale())
    return _label(notation, setup.edition, lang if lang in ("en", "fr") else "en")


def hand_order(cards: Any) -> list[str]:
    """A hand sorted for display: Jesters, then the suits, then Wizards."""
    return sorted(cards, key=lambda c: parse_card(c).sort_key)


def card_class(notation: str) -> str:
    """The CSS class of a card chip: its suit colour, wizard or none (Jester)."""
    return {"W": "wizard", "J": "none"}.get(notation) or SUIT_OF.get(notation[:1], "none")


def card_plays(notation: str) -> list[str]:
    """No Wizard card carries a choice: it is played as it is held."""
    return [notation]


FILTERS = {"suit": suit, "trump": trump}
