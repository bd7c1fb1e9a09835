"""``scribe pdf GAME -o FILE`` and ``scribe pad [--game zibi] --players N -o FILE``.

Both read the app's configuration (``SCRIBE_INSTANCE`` sets the instance folder and so
the database) and render inside an app context, like a request would. The app is built
without the web layer: printing needs only the configuration, the database, translations
and the sheets' filters (``scribe.formatting``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .climain import FAILED, REFUSED, UNAVAILABLE, StatusCommand, fail as _fail
from .config import LANGUAGES
from .games import DEFAULT
from .pdf import PRINTS
from .rules.errors import RuleError

if TYPE_CHECKING:  # the commands load Flask only when they run
    from flask import Flask


# -o and --paper, shared by pdf and pad (added last, so they close each command's --help)
_output = click.option("-o", "--output", required=True, metavar="FILE", help="where to write the PDF ('-' for stdout)")
_paper = click.option("--paper", default="a4", type=click.Choice(("a4", "letter"), case_sensitive=False),
                      show_default=True, help="paper size")


# Where the machine says its language, in gettext's order: LANGUAGE (a list, a:b:c) first
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def machine_language(environ: Any = None) -> str:
    """The pads' default language: the first of Scribe's languages the machine's locale
    names (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: fr_FR.UTF-8 is fr), else English (C and
    POSIX are English too)."""
    import os

    environ = os.environ if environ is None else environ
    for variable in LANGUAGE_VARIABLES:
        for name in environ.get(variable, "").split(":"):
            code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in ("c", "posix"):
                return "en"
            if code in LANGUAGES:
                return code
    return "en"


def _write(command: str, target: str, data: bytes) -> int:
    if target == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    try:
        Path(target).write_bytes(data)
    except OSError as exc:
        return _fail(command, f"cannot write {target}: {exc.strerror or exc}", FAILED)
    print(f"wrote {target} ({len(data)} bytes)", file=sys.stderr)
    return 0


def _print_app(database: bool = True) -> Flask:
    """The configured app with what printing needs on it, and no pages; its database
    opened and brought up to date first (``database``), as the server does."""
    from flask_babel import Babel

    from . import formatting, store
    from .config import configured_app

    app = configured_app()
    if database:
        store.close(store.open_db(store.target(app.config)))
    Babel(app)  # no locale selector: there is no request, each command forces its language
    formatting.init_app(app)
    from .keep_tag import KeepTag

    app.jinja_env.add_extension(KeepTag)  # the sheets' rows and story are marked {% keep %}
    return app


@click.command("pdf", cls=StatusCommand)
@click.argument("game_id", metavar="GAME")
@_output
@_paper
def pdf_command(game_id: str, output: str, paper: str) -> int:
    """Print a game's filled score sheet as a PDF.

    GAME is the Scribe's link of the game (or its key, /games/KEY), or its id; one
    starting with '-' goes after --.
    """
    from . import pdf, service, sharing, store
    from .store import notes as store_notes

    app = _print_app()
    db = store.open_db(store.target(app.config), migrate=False)
    try:
        with app.app_context():
            try:
                game, full, log = service.load(db, sharing.game_id_of(db, game_id))
            except service.NotFound:
                return _fail("pdf", f"there is no game {game_id!r} in {store.shown(store.target(app.config))}",
                             REFUSED)
            # the Scribe's view, as on the web: hidden and secret bids (W-B7) and hands stay sealed
            try:
                note = store_notes.current(db, game.id)
                data = pdf.sheet_pdf(game, sharing.viewer_sheet(full, None, log), paper, note=note.note if note else "")
            except pdf.NoPrinting as err:
                return _fail("pdf", f"{pdf.NO_PRINTING} ({err})", UNAVAILABLE)  # the command speaks English
    finally:
        store.close(db)
    return _write("pdf", output, data)


def _pad_options(command: Callable) -> Callable:
    """Every option the games declare for their pads (``Printing.pad_options``), once each by
    name, saying which games take it: a new game's option needs no edit here."""
    seen: dict[str, tuple[Any, list[str]]] = {}
    for game, spec in PRINTS.items():
        for option in spec.pad_options:
            seen.setdefault(option.name, (option, []))[1].append(game)
    for name, (option, games) in reversed(list(seen.items())):
        help_ = f"{option.help} (" + ", ".join(games) + ")"
        if option.kind == "flag":
            command = click.option(f"--{name}", is_flag=True, help=help_)(command)
        else:
            command = click.option(f"--{name}", type=int, help=help_)(command)
    return command


@click.command("pad", cls=StatusCommand)
@click.option("--game", default=DEFAULT, type=click.Choice(tuple(PRINTS)), show_default=True,
              help="the game whose pad to print: " + ", ".join(f"{g} ({PRINTS[g].label})" for g in PRINTS))
@click.option("--players", type=int, help=", ".join(f"{g} {p.seats[0]} to {p.seats[1]}" for g, p in PRINTS.items())
              + " (default: as many as --names)")
@_pad_options
@click.option("--names", default="", help="names to print, comma separated, in seating order")
@click.option("--lang", default=machine_language, type=click.Choice(LANGUAGES),
              help="language of the pad (default: this machine's language, from LANGUAGE, LC_ALL, LC_MESSAGES "
                   "or LANG, when it is one of these; else en)")
@_output
@_paper
def pad_command(game: str, players: int | None, names: str, lang: str, output: str, paper: str,
                **options: Any) -> int:
    """Print a blank score pad as a PDF.

    Refused options say why and exit 2.
    """
    from flask_babel import force_locale, gettext

    from . import pdf
    from .formatting import translate

    app = _print_app(database=False)  # a blank pad reads no game
    seats = names.split(",") if names.strip() else []
    with app.app_context():
        try:
            opts = pdf.pad_options(players, paper, seats, game, **options)
        except RuleError as err:
            with force_locale(lang):
                return _fail("pad", f"--{err.field}: {translate(err)}", REFUSED)
        try:
            data = pdf.render_pad(opts, lang)
        except pdf.NoPrinting as err:
            with force_locale(lang):
                return _fail("pad", f"{gettext(pdf.NO_PRINTING)} ({err})", UNAVAILABLE)
    return _write("pad", output, data)
