"""Printable score blocks: HTML rendered by WeasyPrint.

The filled sheet is rendered from the same sheet the page shows (no second scoring
path), through the game's own template; a blank pad through the game's pad template.
Each game says how in its package's ``printing`` part (``PRINTS``).
Both need an app context (templates, babel); the language is forced around rendering.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Sequence

from flask import current_app, render_template
from flask_babel import force_locale, format_date

from .games import DEFAULT, parts
from .printing import PadOptions, Printing
from .rules.errors import N_, RuleError

PAPERS = {"a4": "A4", "letter": "letter"}  # CSS @page sizes

PRINTS: dict[str, Printing] = {game: spec.PRINTING for game, spec in parts("printing").items()}


def printing(game: Any) -> Printing:
    """How ``game`` prints; an unknown game is refused (the web answers 404)."""
    if not isinstance(game, str) or game not in PRINTS:
        raise RuleError(N_("Unknown game."), field="game")
    return PRINTS[game]


def check_paper(paper: Any) -> str:
    value = str(paper or "a4").strip().lower()
    if value not in PAPERS:
        raise RuleError(N_("Paper is A4 or Letter."), field="paper")
    return value


def pad_options(players: Any = None, unicolore: Any = False, paper: Any = "a4",
                names: Sequence[Any] = (), game: Any = DEFAULT, rounds: Any = None) -> PadOptions:
    """Check a blank pad's options; blank names are left to write by hand.

    >>> pad_options(players=4, paper="Letter").paper
    'letter'
    >>> pad_options(names=["Ann", "", "Cy"]).names
    ('Ann', '', 'Cy')
    >>> pad_options(players=9, game="zibi").rounds
    10
    """
    spec = printing(game or DEFAULT)
    raw = [" ".join(str(n or "").split()) for n in names]
    while raw and not raw[-1]:
        raw.pop()  # trailing blank rows of the form are unused seats
    filled = [n for n in raw if n]
    if filled:
        try:
            spec.verify_names(filled)  # at most 30 characters, told apart
        except RuleError as err:
            err.field = "names"
            raise
    if players in (None, ""):
        players = len(raw)
    try:
        n = int(str(players).strip())
    except ValueError:
        raise RuleError(N_("Please give a whole number."), field="players") from None
    low, high = spec.seats
    if not low <= n <= high:
        raise RuleError(spec.seats_error, field="players")
    if len(raw) > n:
        raise RuleError(N_("More names than players."), field="names")
    uni, rows = spec.pad_extra(n, unicolore in (True, 1, "1", "on", "true", "yes"), rounds)
    return PadOptions(n, uni, check_paper(paper), tuple(raw) + ("",) * (n - len(raw)), game or DEFAULT, rows)


def _row_height(rows: int) -> int:
    """Rows as tall as fits: 20 Wizard rounds (W-R1) or 30 Zibi rows still fit one Letter page."""
    return max(16, min(36, 520 // max(rows, 1)))


PAGE_HEIGHTS = {"a4": 842, "letter": 792}  # pt
PAD_FURNITURE = 54 + 136  # pt: the page's margins, then the title, header rows and legend of a pad


def _pad_row_height(rows: int, paper: str) -> float:
    """A blank pad's rows share the whole page height left under its title and above its
    legend, so the sheet of paper is filled (taller rows to write in), never run over."""
    return max(16.0, min(72.0, (PAGE_HEIGHTS[paper] - PAD_FURNITURE) / max(rows, 1)))


def _write(html: str) -> bytes:
    from weasyprint import HTML  # imported late: the app starts without loading Pango

    return HTML(string=html, base_url=current_app.root_path).write_pdf()


def _date(iso: str) -> str:
    try:
        return format_date(datetime.fromisoformat(iso), "long")
    except (TypeError, ValueError):
        return iso or ""


def sheet_pdf(game: Any, sheet: Any, paper: str = "a4", story: bool = True) -> bytes:
    """The filled sheet of a game, through its own template, in the game's language;
    ``story``: with the story of the game on a page of its own after it."""
    paper = check_paper(paper)
    spec = printing(game.game)
    lang = game.lang if game.lang in current_app.config["LANGUAGES"] else current_app.config["BABEL_DEFAULT_LOCALE"]
    rows = spec.rows(sheet)
    with force_locale(lang):
        html = render_template(
            spec.sheet_template, game=game, sheet=sheet, names=sheet.setup.players,
            blank=False, page_size=PAPERS[paper], paper=paper, rows=rows, row_h=_row_height(rows),
            date=_date(game.created_at), lang=lang, story_page=story,
        )
    return _write(html)


def pad_pdf(players: Any = None, unicolore: Any = False, paper: Any = "a4",
            names: Sequence[Any] = (), lang: str | None = None, game: Any = DEFAULT,
            rounds: Any = None) -> bytes:
    """A blank pad; in ``lang`` if given, else the current (request's) locale."""
    opts = pad_options(players, unicolore, paper, names, game, rounds)
    if lang is None:
        return _write(_pad_html(opts))
    with force_locale(lang):
        return _write(_pad_html(opts))


def _pad_html(opts: PadOptions) -> str:
    from flask_babel import get_locale

    spec = PRINTS[opts.game]
    ctx = spec.pad_context(opts)
    return render_template(
        spec.pad_template, names=opts.names, blank=True, opts=opts,
        page_size=PAPERS[opts.paper], paper=opts.paper, row_h=f'{_pad_row_height(ctx["rows"], opts.paper):.1f}', lang=str(get_locale()), **ctx,
    )
