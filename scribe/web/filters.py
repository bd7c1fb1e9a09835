"""The pages' template helpers: labels in the reader's language for what the rules hold.

What the printed sheets use as well (suits, trumps, the rules in words) is in
``scribe/formatting.py``, registered on the app next to these.
"""

from __future__ import annotations

from datetime import datetime

from flask import Flask
from flask_babel import format_datetime, get_locale, gettext as _

from ..formatting import translate, trump
from ..rules import wizard, zibi
from ..rules.cards import card_label, parse_card
from ..rules.log import REDO, UNDO, Entry


def card(notation: str, setup: wizard.Setup) -> str:
    """A card's name in the game's edition (W-M2), in the reader's language."""
    lang = str(get_locale())
    return card_label(notation, setup.edition, lang if lang in ("en", "fr") else "en")


def card_class(notation: str) -> str:
    """The CSS class of a card chip: its suit colour, wizard or none (Jester)."""
    return {"W": "wizard", "J": "none"}.get(notation) or wizard.SUIT_OF.get(notation[:1], "none")


def hand(cards, setup: wizard.Setup) -> list[str]:
    """A hand sorted for display: Jesters, then the suits, then Wizards."""
    return sorted(cards or (), key=lambda c: parse_card(c).sort_key)


def _cards_text(cards, setup: wizard.Setup) -> str:
    return ", ".join(card(c, setup) for c in hand(cards, setup))


def forbidden_text(f: wizard.Forbidden, setup: wizard.Setup) -> str:
    return translate(wizard.forbidden_message(setup, f))


def entry_text(e: Entry, setup: wizard.Setup, target: Entry | None = None) -> str:
    """One line of the history, in words. An undo or a redo reads with its ``target``
    (``log.targets``), worded as that entry's own line: pass the target as this reader
    may see it (a viewer's log), so a sealed bid stays sealed there too (W-B7)."""
    d, names = e.data, setup.players
    if e.kind in (UNDO, REDO):
        return _undo_text(e.kind, setup, target)
    if not isinstance(setup, wizard.Setup):
        from .games import zibi as zibi_web

        return zibi_web.entry_text(e, setup)
    if e.kind == "bid":
        if d["bid"] is wizard.SEALED:  # W-B7: not for this reader's eyes yet
            return _("Round %(round)s: %(name)s bids (sealed)", round=d["round"], name=names[d["player"]])
        return _("Round %(round)s: %(name)s bids %(bid)s", round=d["round"], name=names[d["player"]], bid=d["bid"])
    if e.kind == "tricks":
        tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
        return _("Round %(round)s: tricks %(tricks)s", round=d["round"], tricks=tricks)
    if e.kind == "trump":
        t = trump(wizard.Trump(d["card"], d.get("suit")), setup)
        return _("Round %(round)s: trump %(trump)s", round=d["round"], trump=t)
    if e.kind == "deal":
        hands = [h for h in d.get("hands") or () if h is not None]
        turned = _("turned up: %(card)s", card=card(d["turned"], setup)) if d.get("turned") else _("nothing turned up")
        text = _("Round %(round)s: Scribe dealt the cards, %(turned)s", round=d["round"], turned=turned)
        if hands and len(hands) == len(names):  # the round is scored: every hand, for review
            text += " · " + "; ".join(f"{names[p]}: {_cards_text(h, setup)}" for p, h in enumerate(d["hands"]))
        return text
    if e.kind == "played":
        if d.get("card") is None:  # not this reader's card, and the round is not scored yet
            return _("Round %(round)s: %(name)s marks a card played", round=d["round"], name=names[d["player"]])
        return _("Round %(round)s: %(name)s plays %(card)s", round=d["round"], name=names[d["player"]],
                 card=card(d["card"], setup))
    if e.kind == "correction":
        bids = ", ".join(f"{names[p]} {'🔒' if b is wizard.SEALED else b}" for p, b in enumerate(d["bids"]))
        text = _("Round %(round)s corrected: bids %(bids)s", round=d["round"], bids=bids)
        if d.get("tricks") is not None:
            tricks = ", ".join(f"{names[p]} {t}" for p, t in enumerate(d["tricks"]))
            text += " · " + _("tricks %(tricks)s", tricks=tricks)
        return text
    return e.kind


def _undo_text(kind: str, setup: wizard.Setup, target: Entry | None) -> str:
    if target is None:  # the undo button's own label, or an undo that moved nothing
        return _("Undo") if kind == UNDO else _("Redo")
    what = entry_text(target, setup)
    if kind == UNDO:
        return _("Undo of #%(seq)s (%(what)s)", seq=target.seq, what=what)
    return _("Redo of #%(seq)s (%(what)s)", seq=target.seq, what=what)


def when(iso: str) -> str:
    try:
        return format_datetime(datetime.fromisoformat(iso), "short")
    except (TypeError, ValueError):
        return iso or ""


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(
        forbidden_text=forbidden_text, entry_text=entry_text, when=when, card=card, card_class=card_class, hand=hand,
        zibi_mode=lambda mode: _(zibi.MODE_NAMES[mode]),
    )
    from .games import zibi as zibi_web

    app.jinja_env.tests["sealed"] = lambda value: value is wizard.SEALED  # {% if b is sealed %}
    app.jinja_env.globals.update(suits=wizard.SUITS, current_lang=lambda: str(get_locale()),
                                 zibi_view=zibi_web.view)
