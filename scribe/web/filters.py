"""The pages' template helpers: labels in the reader's language for what the rules hold.

What the printed sheets use as well (suits, trumps, the rules in words) is in
``scribe/formatting.py``, registered on the app next to these.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Flask
from flask_babel import format_datetime, get_locale, gettext as _

from ..formatting import card, hand
from ..rules import rules_of
from ..rules.sealed import SEALED
from ..rules.log import REDO, UNDO, Entry
from .games import WEB_GAMES, web_for


def entry_text(e: Entry, setup: Any, target: Entry | None = None) -> str:
    """One line of the history, in words, as the entry's game words it. An undo or a
    redo reads with its ``target`` (``log.targets``), worded as that entry's own line:
    pass the target as this reader may see it (a viewer's log), so a sealed bid stays
    sealed there too (W-B7)."""
    if e.kind in (UNDO, REDO):
        return _undo_text(e.kind, setup, target)
    return web_for(setup.GAME).entry_text(e, setup)


def _undo_text(kind: str, setup: Any, target: Entry | None) -> str:
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
    """The shared helpers, then each game's own (its web module's ``FILTERS`` and
    ``GLOBALS``), so a template helper of one game is never another game's business."""
    app.jinja_env.filters.update(entry_text=entry_text, when=when, card=card, hand=hand)
    app.jinja_env.tests["sealed"] = lambda value: value is SEALED  # {% if b is sealed %}
    app.jinja_env.tests["ended"] = lambda sheet: rules_of(sheet).ended(sheet)  # {% if sheet is ended %}: rematch
    app.jinja_env.globals.update(current_lang=lambda: str(get_locale()),
                                 rematch_options=lambda sheet: rules_of(sheet).rematch(sheet.setup))
    for web in WEB_GAMES.values():
        app.jinja_env.filters.update(web.FILTERS)
        app.jinja_env.globals.update(web.GLOBALS)
