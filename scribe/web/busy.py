"""The database busy or unreachable: a 503 "try again", never a 500.

SQLite: several server processes share one file; a writer waits ``busy_timeout`` for
another's lock. If that runs out, nothing was written (the transaction rolled back).
PostgreSQL: the server is down or the network cut, so no connection came within
``SCRIBE_DATABASE_TIMEOUT``, or the one in use broke; a transaction not committed is
rolled back by PostgreSQL itself. Either way nothing was half-saved, so asking the phone
to retry is the honest answer.
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _

from .. import store
from . import errors


def answer_busy(err: Exception):
    """503 with Retry-After when the database stayed locked or cannot be reached; other
    errors stay crashes."""
    if store.is_unreachable(err):
        current_app.logger.error("database unreachable: %s %s: %s", request.method, request.endpoint, err)
        title, message = _("Database unreachable"), _("The database cannot be reached. Nothing was saved: "
                                                      "try again in a moment.")
    elif store.is_busy(err):
        current_app.logger.warning("database busy after the timeout: %s %s", request.method, request.endpoint)
        title, message = _("Busy"), _("The Scribe is busy. Nothing was saved: try again in a moment.")
    else:
        return errors.handle_crash(err)
    if request.path.startswith("/api/"):
        resp = jsonify(error=message, field=None)
    else:
        resp = current_app.make_response(render_template("errors/error.html", title=title, message=message))
    resp.status_code = 503
    resp.headers["Retry-After"] = "2"
    return resp


def init_app(app: Flask) -> None:
    for kind in store.TRANSIENT:
        app.register_error_handler(kind, answer_busy)
