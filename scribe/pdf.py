"""Printable score blocks: HTML rendered by WeasyPrint.

The filled sheet is rendered from the same ``Sheet`` the page shows (no second
scoring path); a blank pad is the sheet of a game with no entries (W-S4, W-R1, W-U2).
Both need an app context (templates, babel); the language is forced around rendering.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Sequence

from flask import current_app, render_template
from flask_babel import force_locale, format_date

from .rules import wizard
from .rules.errors import N_, RuleError

PAPERS = {"a4": "A4", "letter": "letter"}  # CSS @page sizes
PAPER_POINTS = {"a4": (595, 842), "letter": (612, 792)}


@dataclass(frozen=True)
class PadOptions:
    """A blank pad, checked: 3 to 6 players (W-M3), Unicolore at 3 or 4 (W-U1)."""

    players: int
    unicolore: bool
    paper: str
    names: tuple[str, ...]


def check_paper(paper: Any) -> str:
    value = str(paper or "a4").strip().lower()
    if value not in PAPERS:
        raise RuleError(N_("Paper is A4 or Letter."), field="paper")
    return value


def pad_options(players: Any = None, unicolore: Any = False, paper: Any = "a4",
                names: Sequence[Any] = ()) -> PadOptions:
    """Check a blank pad's options; blank names are left to write by hand.

    >>> pad_options(players=4, paper="Letter").paper
    'letter'
    >>> pad_options(names=["Ann", "", "Cy"]).names
    ('Ann', '', 'Cy')
    """
    raw = [" ".join(str(n or "").split()) for n in names]
    while raw and not raw[-1]:
        raw.pop()  # trailing blank rows of the form are unused seats
    filled = [n for n in raw if n]
    if filled:
        try:
            wizard.verify_names(filled)  # at most 30 characters, told apart
        except RuleError as err:
            err.field = "names"
            raise
    if players in (None, ""):
        players = len(raw)
    try:
        n = int(str(players).strip())
    except ValueError:
        raise RuleError(N_("Please give a whole number."), field="players") from None
    if not wizard.MIN_PLAYERS <= n <= wizard.MAX_PLAYERS:
        raise RuleError(N_("A pad is for 3 to 6 players."), field="players")
    if len(raw) > n:
        raise RuleError(N_("More names than players."), field="names")
    uni = unicolore in (True, 1, "1", "on", "true", "yes")
    if uni and n not in wizard.UNICOLORE_PLAYERS:
        raise RuleError(N_("Unicolore is for 3 or 4 players."), field="unicolore")
    return PadOptions(n, uni, check_paper(paper), tuple(raw) + ("",) * (n - len(raw)))


def _row_height(rounds: int) -> int:
    """Rows as tall as fits: 20 rounds still fit one Letter page (W-R1)."""
    return max(24, min(36, 520 // max(rounds, 1)))


def _write(html: str) -> bytes:
    from weasyprint import HTML  # imported late: the app starts without loading Pango

    return HTML(string=html, base_url=current_app.root_path).write_pdf()


def _date(iso: str) -> str:
    try:
        return format_date(datetime.fromisoformat(iso), "long")
    except (TypeError, ValueError):
        return iso or ""


def sheet_pdf(game: Any, sheet: wizard.Sheet, paper: str = "a4") -> bytes:
    """The filled sheet of a game, in the game's language."""
    paper = check_paper(paper)
    lang = game.lang if game.lang in current_app.config["LANGUAGES"] else current_app.config["BABEL_DEFAULT_LOCALE"]
    with force_locale(lang):
        html = render_template(
            f"pdf/sheet_{game.game}.html", game=game, sheet=sheet, names=sheet.setup.players,
            blank=False, page_size=PAPERS[paper], row_h=_row_height(len(sheet.rows)),
            date=_date(game.created_at), lang=lang,
        )
    return _write(html)


def pad_pdf(players: Any = None, unicolore: Any = False, paper: Any = "a4",
            names: Sequence[Any] = (), lang: str | None = None) -> bytes:
    """A blank pad; in ``lang`` if given, else the current (request's) locale."""
    opts = pad_options(players, unicolore, paper, names)
    setup = wizard.Setup(players=opts.names, rules=wizard.RuleSet(unicolore=opts.unicolore))
    sheet = wizard.replay(setup, [])
    if lang is None:
        return _write(_pad_html(opts, sheet))
    with force_locale(lang):
        return _write(_pad_html(opts, sheet))


def _pad_html(opts: PadOptions, sheet: wizard.Sheet) -> str:
    from flask_babel import get_locale

    return render_template(
        "pdf/pad_wizard.html", sheet=sheet, names=opts.names, blank=True, opts=opts,
        page_size=PAPERS[opts.paper], row_h=_row_height(len(sheet.rows)), lang=str(get_locale()),
    )
