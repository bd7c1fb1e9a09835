"""Wizard in words, in the reader's language: its rule set (under the sheet and on paper)
and the trump (W-R3); ``FILTERS`` are the print-safe template filters it brings."""

from __future__ import annotations

from typing import Any

from flask_babel import get_locale, gettext as _, lazy_gettext, pgettext

from ...formatting import ngettext_rounds
from ...rules.cards import SUITS as SUIT_CARDS, WIZARD_RANK, card_label as _label, jubilee, parse_card, sort_key
from ...rules.cards.faces import Face, wizard_face
from ...rules.cards.labels import EDITIONS
from . import SUIT_OF, Setup, Trump

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


JUBILEE_LABELS = {  # W-J1..W-J5, the names on the Amigo cards
    "dragon": lazy_gettext("Dragon"),
    "fairy": lazy_gettext("Fairy"),
    "bomb": lazy_gettext("Bomb"),
    "cloud": lazy_gettext("Cloud"),
    "juggler": lazy_gettext("Juggler"),
    "werewolf": lazy_gettext("Werewolf"),
}


def jubilee_card(value: str) -> str:
    return str(JUBILEE_LABELS.get(value, value))


def suit(value: str) -> str:
    return str(SUIT_LABELS.get(value, value))


# The English deck's names follow the reader (W-M2): each language's edition prints its own,
# Zauberer and Narr in German (Amigo), Mago and Bufón in Spanish. A context, as the game's
# own name "Wizard" stays Wizard in every language while the card does not.
STANDARD = "english"


def edition_names(edition: str) -> tuple[str, str]:
    """(Wizard, Jester) as ``edition`` prints them (W-M2); the English deck's in the
    reader's language, as that language's edition prints them."""
    if edition == STANDARD:
        lang = str(get_locale())
        names = _STANDARD_NAMES.get(lang)
        if names is None:  # a language's catalog never changes while the server runs
            names = _STANDARD_NAMES[lang] = pgettext("Wizard card", "Wizard"), pgettext("Wizard card", "Jester")
        return names
    return EDITIONS[edition]


_STANDARD_NAMES: dict[str, tuple[str, str]] = {}  # language -> the English deck's (Wizard, Jester) in it


def card_names(setup: Setup) -> tuple[str, str]:
    """(Wizard, Jester) of the game's edition, in the reader's words (W-M2)."""
    return edition_names(setup.edition)


def editions() -> dict[str, tuple[str, str]]:
    """Each edition's (Wizard, Jester), as the setup form offers them."""
    return {key: edition_names(key) for key in EDITIONS}


def trump(t: Trump, setup: Setup) -> str:
    wizard_name, jester_name = card_names(setup)
    if t.card == "werewolf":  # W-J5: its holder named the trump, or no trump
        if t.pending:
            return _("%(card)s shown, trump to be named", card=jubilee_card(t.card))
        if t.suit is None:
            return _("no trump (named for the %(card)s)", card=jubilee_card(t.card))
        return _("%(suit)s (named for the %(card)s)", suit=suit(t.suit), card=jubilee_card(t.card))
    if t.card in JUBILEE_LABELS:  # turned up: as the Jester or the Wizard it acts like (*reading*)
        if t.card in ("fairy", "bomb"):
            jester_name = jubilee_card(t.card)
            t = Trump("jester", None)
        else:
            wizard_name = jubilee_card(t.card)
            t = Trump("wizard", t.suit)
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
    if r.jubilee:  # W-J6: shown on the sheet and on paper
        parts.append(_("Jubilee cards: %(cards)s", cards=", ".join(jubilee_card(c) for c in r.jubilee)))
    parts.append(ngettext_rounds(setup.round_count))
    w, j = card_names(setup)
    parts.append(f"{w} / {j}")
    return " · ".join(parts)


def card_label(notation: str, setup: Setup) -> str:
    """A card's name in the game's edition (W-M2), in the reader's language: the cards'
    own words in French and English, the catalogs' in the other languages."""
    lang = str(get_locale())
    special = jubilee.kind(notation)
    if special is None:
        card = parse_card(notation)
        if card.suit is None:
            return card_names(setup)[0 if card.rank == WIZARD_RANK else 1]
    if lang in ("en", "fr") or setup.edition == "canadian":  # the Canadian deck's suits: English
        return _label(notation, setup.edition, lang if lang in ("en", "fr") else "en")
    if special is not None:
        named = jubilee.named_suit(notation)
        return jubilee_card(special) if named is None else f"{jubilee_card(special)} ({suit(SUIT_OF[named.value])})"
    return pgettext("Wizard card: its suit and number", "%(suit)s %(number)s", suit=suit(SUIT_OF[card.suit.value]),
                    number=card.rank)


def hand_order(cards: Any) -> list[str]:
    """A hand sorted for display: Jesters, then the suits, then Wizards; Jubilee cards too
    (W-J1..W-J5)."""
    return sorted(cards, key=sort_key)


def card_class(notation: str) -> str:
    """The CSS class of a card chip: its suit colour, wizard or none (Jester); a Jubilee
    card (W-J1..W-J5) as the card it beats like (Dragon: wizard) or its named suit."""
    kind = jubilee.kind(notation)
    if kind is not None:
        named = jubilee.named_suit(notation)
        return f"jubilee {SUIT_OF[str(named)] if named else ('wizard' if kind == 'dragon' else 'none')}"
    return {"W": "wizard", "J": "none"}.get(notation) or SUIT_OF.get(notation[:1], "none")


def card_face(notation: str, setup: Setup) -> Face:
    """What the card's face shows, in the game's edition (W-M2: the Canadian deck's suits)."""
    return wizard_face(notation, setup.edition)


def card_plays(notation: str) -> list[str]:
    """What a tap on a card of the hand sends: the Cloud and the Juggler once per suit they
    may take (W-J3, W-J4: its player names the suit), any other card itself."""
    if jubilee.kind(notation) in jubilee.NAMED_VALUE:
        return [notation[:2] + str(s) for s in SUIT_CARDS]
    return [notation]


def destroyed_text(name: str) -> str:
    """A trick nobody won: the Bomb's (W-J2), and who leads the next."""
    return _("Nobody won the trick (the Bomb): %(name)s leads the next.", name=name)


# (its trump and suits are named through the shared ``trump`` and ``suit`` filters, which ask
# each game's words: every game of the family names its own)
FILTERS = {"jubilee_card": jubilee_card, "card_names": card_names}
