"""Printable score blocks: HTML rendered by WeasyPrint.

The filled sheet is rendered from the same sheet the page shows (no second scoring
path), through the game's own template; a blank pad through the game's pad template.
Each game says how in its package's ``printing`` part (``PRINTS``).
Both need an app context (templates, babel); the language is forced around rendering.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from flask import current_app, render_template
from flask_babel import force_locale, format_date

from .games import DEFAULT, parts
from .printing import PadOptions, Printing
from .rules.errors import N_, RuleError

PAPERS = {"a4": "A4", "letter": "letter"}  # CSS @page sizes

PRINTS: dict[str, Printing] = {game: spec.PRINTING for game, spec in parts("printing").items()}

# Said where a PDF was asked for and none can be made (the web page, the API, the CLI).
NO_PRINTING = N_("PDFs cannot be made on this computer: WeasyPrint, which draws them, needs the Pango "
                 "library, which is not installed. The scores are safe. Whoever installed Scribe can add "
                 "Pango as WeasyPrint's installation guide says (on Windows: its GTK package).")


class NoPrinting(Exception):
    """WeasyPrint does not load here: its native text libraries (Pango) are missing, as on
    a Windows or macOS machine where only Python was installed. The app itself runs."""


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


FLAG_ON = (True, 1, "1", "on", "true", "yes")


def _given(spec: Printing, options: dict[str, Any]) -> dict[str, Any]:
    """The options asked for, by name: a flag as a bool, anything else as given; a flag
    off or a blank value is not asked for."""
    kinds = {o.name: o.kind for o in spec.pad_options}
    out = {}
    for name, value in options.items():
        if kinds.get(name) == "flag" or (name not in kinds and isinstance(value, bool)):
            if value in FLAG_ON:
                out[name] = True
        elif value is not None and value is not False and value != "":
            out[name] = value
    return out


def _refuse_undeclared(spec: Printing, given: dict[str, Any]) -> None:
    """An option this game's pad does not have is refused, in the words of a game that has it."""
    declared = {o.name for o in spec.pad_options}
    for name in given:
        if name not in declared:
            said = [o.refused for p in PRINTS.values() for o in p.pad_options if o.name == name and o.refused]
            raise RuleError(said[0] if said else N_("This game's pad has no such option."), field=name)


def pad_options(players: Any = None, paper: Any = "a4", names: Sequence[Any] = (), game: Any = DEFAULT,
                **options: Any) -> PadOptions:
    """Check a blank pad's options; blank names are left to write by hand. ``options``:
    the game's own pad options by name (``Printing.pad_options``: Wizard's ``unicolore``,
    the others' ``rounds``); one the game does not declare is refused.

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
    given = _given(spec, options)
    kept, rows = spec.pad_extra(n, given)
    _refuse_undeclared(spec, given)
    return PadOptions(n, check_paper(paper), tuple(raw) + ("",) * (n - len(raw)), game or DEFAULT, rows, dict(kept))


def _row_height(rows: int) -> int:
    """Rows as tall as fits: 20 Wizard rounds (W-R1) or 30 Zibi rows still fit one Letter page."""
    return max(16, min(36, 520 // max(rows, 1)))


PAGE_HEIGHTS = {"a4": 842, "letter": 792}  # pt
PAD_FURNITURE = 54 + 136  # pt: the page's margins, then the title, header rows and legend of a pad


def _pad_row_height(rows: int, paper: str) -> float:
    """A blank pad's rows share the whole page height left under its title and above its
    legend, so the sheet of paper is filled (taller rows to write in), never run over."""
    return max(16.0, min(72.0, (PAGE_HEIGHTS[paper] - PAD_FURNITURE) / max(rows, 1)))


_fonts = threading.local()


def _font_config() -> Any:
    """This thread's WeasyPrint font configuration, kept from one PDF to the next. Making one
    loads Fontconfig's configuration and a new Pango font map, and dropping it frees every
    font Pango loaded: 15-20 % of a sheet's time (issue 21). It holds no document's data
    (these templates have no @font-face), but it is not thread-safe: one per thread."""
    config = getattr(_fonts, "config", None)
    if config is None:
        from weasyprint.text.fonts import FontConfiguration

        config = _fonts.config = FontConfiguration()
    return config


HEAD_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)


@lru_cache(maxsize=64)
def _stylesheet(css: str, base_url: str) -> Any:
    """A page's style sheet parsed once and kept (issue 21): the templates give few distinct
    sheets (game x paper x row height), and parsing one and compiling its selectors was
    ~5 % of a sheet's time. WeasyPrint only reads a parsed sheet while rendering, so one
    can serve every thread."""
    from weasyprint import CSS

    return CSS(string=css, base_url=base_url)


def _split_style(html: str) -> tuple[str, str | None]:
    """The page without the style sheet of its head, and that sheet. Passed to WeasyPrint
    as a parsed sheet it is of the user's origin instead of the author's: the same cascade,
    since all of its rules move together (their order and specificities are kept) and the
    templates' style attributes outrank it either way. A sheet that would behave otherwise
    (``!important``, which the origins weigh differently; ``@font-face``, which wants the
    document's font configuration) stays in the page."""
    head = html.find("</head>")
    found = HEAD_STYLE.search(html, 0, head) if head >= 0 else None
    if found is None or "!important" in found[1] or "@font-face" in found[1]:
        return html, None
    return html[:found.start()] + html[found.end():], found[1]


def _write(html: str) -> bytes:
    try:
        from weasyprint import HTML  # imported late: the app starts without loading Pango
    except (ImportError, OSError) as err:  # OSError: a native library it loads is missing
        raise NoPrinting(str(err)) from err
    root = current_app.root_path
    page, css = _split_style(html)
    sheets = [_stylesheet(css, root)] if css is not None else []
    return HTML(string=page, base_url=root).write_pdf(font_config=_font_config(), stylesheets=sheets)


def _date(iso: str) -> str:
    try:
        return format_date(datetime.fromisoformat(iso), "long")
    except (TypeError, ValueError):
        return iso or ""


def sheet_pdf(game: Any, sheet: Any, paper: str = "a4", story: bool = True, note: str = "") -> bytes:
    """The filled sheet of a game, through its own template, in the game's language;
    ``story``: with the story of the game on a page of its own after it; ``note``: the
    game's note (``scribe.notes``), printed above it."""
    paper = check_paper(paper)
    spec = printing(game.game)
    lang = game.lang if game.lang in current_app.config["LANGUAGES"] else current_app.config["BABEL_DEFAULT_LOCALE"]
    rows = spec.rows(sheet)
    with force_locale(lang):
        html = render_template(
            spec.sheet_template, game=game, sheet=sheet, names=sheet.setup.players,
            blank=False, page_size=PAPERS[paper], paper=paper, rows=rows, row_h=_row_height(rows),
            date=_date(game.created_at), lang=lang, story_page=story, game_note_text=note,
        )
    return _write(html)


def pad_pdf(players: Any = None, paper: Any = "a4", names: Sequence[Any] = (), lang: str | None = None,
            game: Any = DEFAULT, **options: Any) -> bytes:
    """A blank pad; in ``lang`` if given, else the current (request's) locale."""
    return render_pad(pad_options(players, paper, names, game, **options), lang)


def render_pad(opts: PadOptions, lang: str | None = None) -> bytes:
    """The blank pad of options already checked (``pad_options``)."""
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


def html_pdf(html: str) -> bytes:
    """A page rendered from one of templates/pdf (the club nights' rankings, issue 36)."""
    return _write(html)
