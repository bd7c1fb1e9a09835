"""The pages' template helpers: labels in the reader's language for what the rules hold.

What the printed sheets use as well (suits, trumps, the rules in words) is in
``scribe/formatting.py``, registered on the app next to these.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from babel.numbers import NumberPattern, parse_pattern
from flask import Flask
from flask_babel import format_datetime, get_locale, gettext as _

from ..games import rules_of
from ..rules.log import REDO, UNDO, Entry
from ..rules.sealed import SEALED
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


def short_names(names: Any) -> list[str]:
    """Initials that tell the players apart, for a sheet's heads on a phone: the first
    letter of each part of a name; where two would read the same, more letters of its
    first part; a name with nothing left to tell it apart gets its seat number.

    >>> short_names(["Jean-Baptiste", "Guillaume", "Marie-Christine", "Gaston", "Anne Marie"])
    ['JB', 'Gu', 'MC', 'Ga', 'AM']
    >>> short_names(["Jean B", "Jean-B", "Jo"])
    ['JB1', 'JB2', 'J']
    """
    def label(name: str, k: int) -> str:
        first, *rest = [w for w in re.split(r"[\s-]+", name) if w] or [name]
        return first[:1].upper() + first[1:k] + "".join(w[:1].upper() for w in rest)

    labels = [label(n, 1) for n in names]
    for k in range(2, 31):
        clash = [i for i, lab in enumerate(labels) if [x.casefold() for x in labels].count(lab.casefold()) > 1]
        if not clash:
            return labels
        for i in clash:
            labels[i] = label(names[i], k)
    folded = [x.casefold() for x in labels]
    return [label(names[i], 1) + str(i + 1) if folded.count(lab.casefold()) > 1 else lab
            for i, lab in enumerate(labels)]


def trend(change: Any, sheet: Any) -> str:
    """``good`` or ``bad`` for the player whose total moved by ``change``, by the game's
    direction (where the lowest total wins, points gained are bad); ``""`` for none."""
    if not change:
        return ""
    better = change < 0 if rules_of(sheet).lowest_wins(sheet) else change > 0
    return "good" if better else "bad"


class Numbers:
    """Numbers as the reader writes them, through Babel's patterns for the page's locale
    (``80,0`` in French for ``80.0`` with one decimal, ``1 234`` with its group separator,
    ``60 %``); each value formatted once per page (a page of statistics shows thousands).

    >>> from babel import Locale
    >>> fr, en = Numbers(Locale("fr")), Numbers(Locale("en"))
    >>> fr.dec(80.0), fr.int(1234), fr.pct(0.6), en.dec(80.0), en.int(1234), en.pct(0.6), en.int(None)
    ('80,0', '1\u202f234', '60\xa0%', '80.0', '1,234', '60%', '')
    """

    _INT, _DEC = parse_pattern("#,##0"), parse_pattern("#,##0.0")

    def __init__(self, locale: Any):
        self.locale = locale
        self._done: dict[tuple[str, Any], str] = {}

    def _format(self, kind: str, pattern: NumberPattern, value: Any) -> str:
        if value is None:
            return ""
        key = (kind, value)
        out = self._done.get(key)
        if out is None:
            out = self._done[key] = pattern.apply(value, self.locale)
        return out

    def int(self, value: Any) -> str:
        """A whole number."""
        return self._format("int", self._INT, value)

    def dec(self, value: Any) -> str:
        """A number with one decimal (an average)."""
        return self._format("dec", self._DEC, value)

    def pct(self, rate: Any) -> str:
        """A rate of 0..1 as a percentage."""
        return self._format("pct", self.locale.percent_formats[None], rate)


def when(iso: str) -> str:
    try:
        return format_datetime(datetime.fromisoformat(iso), "short")
    except (TypeError, ValueError):
        return iso or ""


def init_app(app: Flask) -> None:
    """The shared helpers, then each game's own (its web module's ``FILTERS`` and
    ``GLOBALS``), so a template helper of one game is never another game's business."""
    app.jinja_env.filters.update(entry_text=entry_text, when=when, short_names=short_names,
                                 trend=trend)
    app.jinja_env.tests["sealed"] = lambda value: value is SEALED  # {% if b is sealed %}
    app.jinja_env.tests["ended"] = lambda sheet: rules_of(sheet).ended(sheet)  # {% if sheet is ended %}: rematch
    app.jinja_env.globals.update(current_lang=lambda: str(get_locale()), numbers=lambda: Numbers(get_locale()),
                                 rematch_options=lambda sheet: rules_of(sheet).rematch(sheet.setup))
    for web in WEB_GAMES.values():
        app.jinja_env.filters.update(web.FILTERS)
        app.jinja_env.globals.update(web.GLOBALS)
