"""HTTP errors as a page a player understands, or JSON under /api/; never a bare 500."""

from __future__ import annotations

from flask import Flask, jsonify, make_response, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .db import wrote
from .render import is_htmx


def _messages() -> dict[int, tuple[str, str]]:
    return {
        400: (_("Bad request"), _("The request could not be understood.")),
        404: (_("Not found"), _("There is no such game or page. The link may be mistyped, or the game was deleted.")),
        405: (_("Not allowed"), _("This address does not accept that kind of request.")),
        413: (_("Too large"), _("What was sent is far larger than any score entry.")),
        415: (_("Unsupported"), _("Send JSON with Content-Type: application/json.")),
    }


def handle_http(exc: HTTPException):
    code = exc.code or 500
    title, message = _messages().get(code, (exc.name, exc.description or ""))
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=None), code
    return render_template("errors/error.html", title=title, message=message), code


def handle_crash(exc: Exception):
    """Last resort: log it, and still answer in words rather than a stack trace."""
    from flask import current_app

    current_app.logger.exception("unhandled error", exc_info=exc)
    if request.method not in ("GET", "HEAD") and wrote():  # the entry is in: a retry would add it twice
        message = _("Your entry was recorded, but something went wrong on the Scribe's side while answering: "
                    "reload the page to see it, without entering it again.")
    else:
        message = _("Something went wrong on the Scribe's side. Nothing was half-saved: reload the page.")
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=None), 500
    resp = make_response(render_template("errors/error.html", title=_("Error"), message=message), 500)
    if is_htmx():  # htmx swaps no 5xx: the page would freeze without a word, so it is reloaded
        resp.headers["HX-Refresh"] = "true"
    return resp


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(Exception, handle_crash)
