"""Words for what the rules hold, in the reader's language: the template filters that the
printed sheets need (``pdf.py``) as well as the pages, so printing needs nothing from ``web``.

Registered on the app by :func:`init_app`; the pages' own filters are in ``web/filters.py``.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from flask import Flask
from flask_babel import get_locale, gettext as _, lazy_gettext, ngettext

from .rules import points, wizard, zibi
from .rules.cards import card_label, parse_card
from .rules.errors import RuleError

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


def translate(err: RuleError) -> str:
    """A rules refusal in the reader's language (the template is the msgid)."""
    return _(err.template, **err.params)


def suit(value: str) -> str:
    return str(SUIT_LABELS.get(value, value))


def trump(t: wizard.Trump, setup: wizard.Setup) -> str:
    wizard_name, jester_name = setup.card_names()
    if t.card == "jester":
        return _("no trump (%(jester)s turned)", jester=jester_name)
    if t.card == "wizard":
        if t.suit is None:
            return _("%(wizard)s turned, dealer to pick", wizard=wizard_name)
        return _("%(suit)s (%(wizard)s turned, dealer's pick)", suit=suit(t.suit), wizard=wizard_name)
    return suit(t.card)


def player(p: int, names: Sequence[str]) -> str:
    """A seat's name: ``winners|map('player', names)``."""
    return names[p]


def rules_text(setup: Any) -> str:
    """The rule set and options in words (shown under the sheet, printed on the PDF), as
    the setup's game words them (``RULES_TEXT``: a new game adds its line there)."""
    return RULES_TEXT[setup.GAME](setup)


def _wizard_rules_text(setup: wizard.Setup) -> str:
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


def _zibi_rules_text(setup: zibi.Setup) -> str:
    parts = ["Witty Zibi", _(zibi.MODE_NAMES[setup.mode])]
    if setup.expert:
        parts.append(_("expert rule"))
    return " · ".join(parts)


POINTS_LABELS = {
    points.SKYJO: lazy_gettext("Skyjo"),
    points.SIX: lazy_gettext("6 qui prend!"),
    points.CUSTOM: lazy_gettext("Another points game"),
}


def _points_rules_text(setup: points.Setup) -> str:
    """The game played, how it ends (P-2) and who wins (P-3); Skyjo's switch (P-S1)."""
    parts = [setup.title or str(POINTS_LABELS[setup.preset])]
    parts.append(_("ends at %(target)s points", target=setup.target) if setup.target
                 else ngettext_rounds(setup.rounds))
    parts.append(_("lowest total wins") if setup.lowest_wins else _("highest total wins"))
    if setup.double_always:
        parts.append(_("the closer doubled whatever the sign"))
    return " · ".join(parts)


RULES_TEXT: dict[str, Callable[[Any], str]] = {"wizard": _wizard_rules_text, "zibi": _zibi_rules_text,
                                               "points": _points_rules_text}


def card(notation: str, setup: Any) -> str:
    """A card's name in the game's edition (W-M2), in the reader's language."""
    lang = str(get_locale())
    return card_label(notation, setup.edition, lang if lang in ("en", "fr") else "en")


def hand(cards: Any, setup: Any = None) -> list[str]:
    """A hand sorted for display: Jesters, then the suits, then Wizards."""
    return sorted(cards or (), key=lambda c: parse_card(c).sort_key)


def cards_text(cards: Any, setup: Any) -> str:
    return ", ".join(card(c, setup) for c in hand(cards, setup))


def ngettext_rounds(n: int) -> str:
    return ngettext("%(num)s round", "%(num)s rounds", n)


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(suit=suit, trump=trump, rules_text=rules_text, player=player)
