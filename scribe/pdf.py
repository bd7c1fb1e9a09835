"""Printable score blocks: HTML rendered by WeasyPrint.

The filled sheet is rendered from the same sheet the page shows (no second scoring
path), through the game's own template (``PRINTS``: Wizard's ``Sheet``, W-S4; Witty
Zibi's ``ZibiSheet``, Z-S1..Z-S3). A blank pad is Wizard's sheet of a game with no
entries (W-R1, W-U2), or Zibi's grid with a number of empty rows.
Both need an app context (templates, babel); the language is forced around rendering.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Sequence

from flask import current_app, render_template
from flask_babel import force_locale, format_date

from .rules import points, wizard, zibi
from .rules.points import pad as points_pad
from .rules.errors import N_, RuleError

PAPERS = {"a4": "A4", "letter": "letter"}  # CSS @page sizes
ZIBI_ROUNDS, ZIBI_MAX_ROUNDS = 10, 30  # rows of a Zibi pad: the table plays as many rounds as it likes (Z-S3)


@dataclass(frozen=True)
class PadOptions:
    """A blank pad, checked: Wizard 3 to 6 players (W-M3), Unicolore at 3 or 4 (W-U1);
    Witty Zibi 4 to 9 (Z-M1) and a number of rows."""

    players: int
    unicolore: bool
    paper: str
    names: tuple[str, ...]
    game: str = "wizard"
    rounds: int = 0  # Zibi's rows; Wizard's rows are its rounds (W-R1)


def _wizard_pad_options(n: int, unicolore: bool, rounds: Any) -> tuple[bool, int]:
    if rounds not in (None, ""):
        raise RuleError(N_("A Wizard pad has a row per round of the game: the players set the rounds."),
                        field="rounds")
    if unicolore and n not in wizard.UNICOLORE_PLAYERS:
        raise RuleError(N_("Unicolore is for 3 or 4 players."), field="unicolore")
    return unicolore, 0


def _zibi_pad_options(n: int, unicolore: bool, rounds: Any) -> tuple[bool, int]:
    if unicolore:
        raise RuleError(N_("Unicolore is a Wizard variant."), field="unicolore")
    if rounds in (None, ""):
        return False, ZIBI_ROUNDS
    try:
        r = int(str(rounds).strip())
    except ValueError:
        raise RuleError(N_("Please give a whole number."), field="rounds") from None
    if not 1 <= r <= ZIBI_MAX_ROUNDS:
        raise RuleError(N_("A Witty Zibi pad has 1 to 30 rows."), field="rounds")
    return False, r


def _wizard_pad_sheet(opts: PadOptions) -> dict[str, Any]:
    setup = wizard.Setup(players=opts.names, rules=wizard.RuleSet(unicolore=opts.unicolore))
    sheet = wizard.replay(setup, [])
    return {"sheet": sheet, "rows": len(sheet.rows)}


def _zibi_rows(sheet: zibi.ZibiSheet) -> int:
    """The rounds played, then blank rows up to a pad's ten to go on by hand."""
    return max(len(sheet.rounds), ZIBI_ROUNDS)


@dataclass(frozen=True)
class Printing:
    """How one game prints: its templates, a pad's seats and options, the rows of its sheet."""

    sheet_template: str
    pad_template: str
    seats: tuple[int, int]
    seats_error: str
    verify_names: Callable[[Any], Any]
    pad_extra: Callable[[int, bool, Any], tuple[bool, int]]  # (players, unicolore, rounds) checked
    pad_context: Callable[[PadOptions], dict[str, Any]]  # the pad's template context, with "rows"
    rows: Callable[[Any], int]  # rows a filled sheet prints
    # what the /pads page shows of it, so the page never works the game out itself
    label: str = "Wizard"  # its name in the page's choice (a name, or N_ text)
    pad_title: str = ""  # N_ text: the page's heading
    pad_hint: str = ""  # N_ text: what the pad looks like
    pad_option: str = "unicolore"  # the pad's one option: "unicolore" (Wizard) or "rounds" (rows to print)
    default_players: int = 4
    default_rows: int = 10


PRINTS: dict[str, Printing] = {
    "wizard": Printing("pdf/sheet_wizard.html", "pdf/pad_wizard.html",
                       (wizard.MIN_PLAYERS, wizard.MAX_PLAYERS), N_("A pad is for 3 to 6 players."),
                       wizard.verify_names, _wizard_pad_options, _wizard_pad_sheet,
                       lambda sheet: len(sheet.rows), "Wizard", N_("Print a blank Wizard score pad"),
                       N_("One page: a row per round with the cards to deal, per player a column for the running "
                          "total and a small box for the bid.")),
    "zibi": Printing("pdf/sheet_zibi.html", "pdf/pad_zibi.html",
                     (zibi.MIN_PLAYERS, zibi.MAX_PLAYERS), N_("A Witty Zibi pad is for 4 to 9 players."),
                     zibi.verify_names, _zibi_pad_options, lambda opts: {"rows": opts.rounds, "sheet": None}, _zibi_rows,
                     "Witty Zibi", N_("Print a blank Witty Zibi score pad"),
                     N_("One page: a row per round for the winning clan, per player the clan token, ✝ if eliminated, "
                        "the points and the running total."), "rounds", 6, ZIBI_ROUNDS),
    "points": Printing("pdf/sheet_points.html", "pdf/pad_points.html",
                       (points.MIN_PLAYERS, points.MAX_PLAYERS), N_("A points pad is for 2 to 12 players."),
                       points.verify_names, points_pad.pad_extra, points_pad.pad_context, points_pad.sheet_rows,
                       N_("Points game"), N_("Print a blank points score pad"),
                       N_("One page: a row per round, per player the points and the running total, for Skyjo, "
                          "6 qui prend! or any game scored by adding points."), "rounds", 4, points_pad.PAD_ROWS),
}


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
                names: Sequence[Any] = (), game: Any = "wizard", rounds: Any = None) -> PadOptions:
    """Check a blank pad's options; blank names are left to write by hand.

    >>> pad_options(players=4, paper="Letter").paper
    'letter'
    >>> pad_options(names=["Ann", "", "Cy"]).names
    ('Ann', '', 'Cy')
    >>> pad_options(players=9, game="zibi").rounds
    10
    """
    spec = printing(game or "wizard")
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
    return PadOptions(n, uni, check_paper(paper), tuple(raw) + ("",) * (n - len(raw)), game or "wizard", rows)


def _row_height(rows: int) -> int:
    """Rows as tall as fits: 20 Wizard rounds (W-R1) or 30 Zibi rows still fit one Letter page."""
    return max(16, min(36, 520 // max(rows, 1)))


def _write(html: str) -> bytes:
    from weasyprint import HTML  # imported late: the app starts without loading Pango

    return HTML(string=html, base_url=current_app.root_path).write_pdf()


def _date(iso: str) -> str:
    try:
        return format_date(datetime.fromisoformat(iso), "long")
    except (TypeError, ValueError):
        return iso or ""


def sheet_pdf(game: Any, sheet: Any, paper: str = "a4") -> bytes:
    """The filled sheet of a game, through its own template, in the game's language."""
    paper = check_paper(paper)
    spec = printing(game.game)
    lang = game.lang if game.lang in current_app.config["LANGUAGES"] else current_app.config["BABEL_DEFAULT_LOCALE"]
    rows = spec.rows(sheet)
    with force_locale(lang):
        html = render_template(
            spec.sheet_template, game=game, sheet=sheet, names=sheet.setup.players,
            blank=False, page_size=PAPERS[paper], rows=rows, row_h=_row_height(rows),
            date=_date(game.created_at), lang=lang,
        )
    return _write(html)


def pad_pdf(players: Any = None, unicolore: Any = False, paper: Any = "a4",
            names: Sequence[Any] = (), lang: str | None = None, game: Any = "wizard",
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
        page_size=PAPERS[opts.paper], row_h=_row_height(ctx["rows"]), lang=str(get_locale()), **ctx,
    )
