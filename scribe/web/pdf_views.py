"""Printable score blocks: a game's filled sheet and blank pads, as PDF downloads."""

from __future__ import annotations

import io
import re
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request, send_file

from .. import pdf
from ..games import DEFAULT
from ..rules.errors import RuleError
from . import access
from .i18n import translate
from .notes import game_note
from .render import error_ctx

bp = Blueprint("pdf", __name__)


@bp.errorhandler(pdf.NoPrinting)
def no_printing(err: pdf.NoPrinting):
    """503: the machine lacks what draws PDFs; everything else works, and saying so beats a
    bare 500 (a laptop at home where only Python was installed)."""
    from flask import current_app
    from flask_babel import gettext as _

    current_app.logger.warning("no PDF: WeasyPrint does not load (%s)", err)
    message = _(pdf.NO_PRINTING)
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=None), 503
    return render_template("errors/error.html", title=_("Printing"), message=message), 503


def _download(data: bytes, filename: str):
    response = send_file(io.BytesIO(data), mimetype="application/pdf", as_attachment=True, download_name=filename)
    response.headers["Cache-Control"] = "no-store"  # a sheet is as private as its page: no copy kept anywhere
    return response


def _slug(text: str) -> str:
    """The game's name as a file name, accents kept ("soirée-chez-zoé"): ``send_file``
    writes it as RFC 6266 ``filename*`` (UTF-8, RFC 5987) with an ASCII ``filename``."""
    return re.sub(r"[\W_]+", "-", text).strip("-")[:40].lower()


@bp.get("/games/<key>/sheet.pdf")
@bp.get("/api/games/<key>/sheet.pdf", endpoint="api_sheet")
def sheet(key: str):
    """The game's score sheet as filled so far, in the game's language (?paper=letter)."""
    shown = access.scribe(key)  # hidden and secret bids (W-B7) stay sealed on paper too
    game, sheet = shown.game, shown.sheet
    try:
        data = pdf.sheet_pdf(game, sheet, request.args.get("paper", "a4"), note=game_note(game.id))
    except RuleError as err:
        if request.path.startswith("/api/"):
            return jsonify(error=translate(err), field=err.field), 422
        return render_template("errors/error.html", title=translate(err), message=translate(err)), 422
    return _download(data, f"scribe-{_slug(game.name) or 'game'}.pdf")


def _pad_form() -> dict[str, Any]:
    """The pad options as asked, to fill the form back in; an unknown game is a 404."""
    args = request.args
    game = args.get("game") or DEFAULT
    if game not in pdf.PRINTS:
        abort(404)
    spec = pdf.PRINTS[game]
    low, high = spec.seats
    names = args.getlist("names")[:high]
    # the game's own options, by the names it declares (?unicolore=on, ?rounds=12):
    # the names are the URL's, so a bookmarked pad keeps working; another game's are ignored
    options = {o.name: args.get(o.name) in ("1", "on", "true") if o.kind == "flag" else args.get(o.name, "")
               for o in spec.pad_options}
    return {"game": game, "seats": (low, high), "players": args.get("players", ""), "options": options,
            "paper": args.get("paper", "a4"), "names": names + [""] * (high - len(names))}


@bp.get("/pads")
def pads():
    """Choose a blank pad: the game, players, the game's own options, paper, names to pre-print."""
    return render_template("pdf/pads.html", form=_pad_form(), games=tuple(pdf.PRINTS), prints=pdf.PRINTS)


@bp.get("/pads.pdf")
def pad():
    """A blank pad in the reader's language; refused options go back to the form."""
    form = _pad_form()
    try:
        opts = pdf.pad_options(form["players"] or None, form["paper"], request.args.getlist("names"), form["game"],
                               **form["options"])
    except RuleError as err:
        return render_template("pdf/pads.html", form=form, games=tuple(pdf.PRINTS), prints=pdf.PRINTS, **error_ctx(err)), 422
    data = pdf.render_pad(opts)
    kind = "".join(f"-{o.name}" if o.kind == "flag" else f"-{opts.option(o.name, opts.rounds)}-{o.name}"
                   for o in pdf.PRINTS[opts.game].pad_options if opts.option(o.name) or o.kind != "flag")
    return _download(data, f"{opts.game}-pad-{opts.players}{kind}-{opts.paper}.pdf")
