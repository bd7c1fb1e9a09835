"""``scribe pdf GAME_ID -o FILE`` and ``scribe pad [--game zibi] --players N -o FILE``.

Both read the app's configuration (``SCRIBE_INSTANCE`` sets the instance folder and so
the database) and render inside an app context, like a request would. The app is built
without the web layer: printing needs only the configuration, the database, translations
and the sheets' filters (``scribe.formatting``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .rules.errors import RuleError

if TYPE_CHECKING:  # the commands load Flask only when they run
    from flask import Flask


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="where to write the PDF ('-' for stdout)")
    p.add_argument("--paper", default="a4", type=str.lower, choices=("a4", "letter"), help="paper size (default a4)")


def _pdf_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("game_id", metavar="GAME", help="the Scribe's link of the game (or its key, /games/KEY), "
                   "or its id; one starting with '-' goes after --")
    _common(p)


def _pad_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="wizard", choices=("wizard", "zibi"), help="wizard (default) or zibi (Witty Zibi)")
    p.add_argument("--players", type=int, help="Wizard 3 to 6, Witty Zibi 4 to 9 (default: as many as --names)")
    p.add_argument("--unicolore", action="store_true", help="Wizard's Unicolore variant: 3 or 4 players, 4 to 15 cards")
    p.add_argument("--rounds", type=int, help="Witty Zibi: rows to print, 1 to 30 (default 10)")
    p.add_argument("--names", default="", help="names to print, comma separated, in seating order")
    p.add_argument("--lang", default="en", choices=("en", "fr"), help="language of the pad (default en)")
    _common(p)


def _fail(command: str, message: str, status: int = 1) -> int:
    print(f"scribe {command}: {message}", file=sys.stderr)
    return status


def _write(command: str, target: str, data: bytes) -> int:
    if target == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    try:
        Path(target).write_bytes(data)
    except OSError as exc:
        return _fail(command, f"cannot write {target}: {exc.strerror or exc}")
    print(f"wrote {target} ({len(data)} bytes)", file=sys.stderr)
    return 0


def _print_app() -> Flask:
    """The configured app with what printing needs on it, and no pages."""
    from flask_babel import Babel

    from . import formatting
    from .config import configured_app
    from .store import open_db

    app = configured_app()
    open_db(app.config["DATABASE"]).conn.close()  # create or migrate the file, as the server does
    Babel(app)  # no locale selector: there is no request, each command forces its language
    formatting.init_app(app)
    return app


def run_pdf(args: argparse.Namespace) -> int:
    """Print a game's filled sheet."""
    from . import pdf, service, sharing
    from .store import open_db

    app = _print_app()
    db = open_db(app.config["DATABASE"], migrate=False)
    try:
        with app.app_context():
            try:
                game, full, log = service.load(db, sharing.game_id_of(db, args.game_id))
            except service.NotFound:
                return _fail("pdf", f"there is no game {args.game_id!r} in {app.config['DATABASE']}")
            # the Scribe's view, as on the web: hidden and secret bids (W-B7) and hands stay sealed
            data = pdf.sheet_pdf(game, sharing.viewer_sheet(full, None, log), args.paper)
    finally:
        db.conn.close()
    return _write("pdf", args.output, data)


def run_pad(args: argparse.Namespace) -> int:
    """Print a blank pad; refused options say why and exit 2."""
    from flask_babel import force_locale

    from . import pdf
    from .formatting import translate

    app = _print_app()
    names = [n for n in args.names.split(",")] if args.names.strip() else []
    with app.app_context():
        try:
            opts = pdf.pad_options(args.players, args.unicolore, args.paper, names, args.game, args.rounds)
        except RuleError as err:
            with force_locale(args.lang):
                return _fail("pad", f"--{err.field}: {translate(err)}", 2)
        data = pdf.pad_pdf(opts.players, opts.unicolore, opts.paper, opts.names, lang=args.lang,
                           game=opts.game, rounds=opts.rounds or None)
    return _write("pad", args.output, data)


_registered: list[bool] = []  # once per process; asking scribe.cli would import the server


def register_cli(command) -> None:
    """Add ``pdf`` and ``pad`` to the ``scribe`` command (once, however often called)."""
    if _registered:
        return
    _registered.append(True)
    command("pdf", "print a game's filled score sheet as a PDF", _pdf_args)(run_pdf)
    command("pad", "print a blank Wizard or Witty Zibi score pad as a PDF", _pad_args)(run_pad)
