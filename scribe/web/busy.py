"""SQLite still locked after the busy timeout: a 503 "busy, try again", never a 500.

Several server processes share one file; a writer waits ``busy_timeout`` for another's
lock. If that runs out, nothing was written (the transaction rolled back), so asking the
phone to retry is the honest answer.
"""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _

from . import errors


def is_busy(err: sqlite3.OperationalError) -> bool:
    text = str(err).lower()
    return "locked" in text or "busy" in text


def answer_busy(err: sqlite3.OperationalError):
    """503 with Retry-After when the database stayed locked; other errors stay crashes."""
    if not is_busy(err):
        return errors.handle_crash(err)
    current_app.logger.warning("database busy after the timeout: %s %s", request.method, request.endpoint)
    message = _("The Scribe is busy. Nothing was saved: try again in a moment.")
    if request.path.startswith("/api/"):
        resp = jsonify(error=message, field=None)
    else:
        resp = current_app.make_response(render_template("errors/error.html", title=_("Busy"), message=message))
    resp.status_code = 503
    resp.headers["Retry-After"] = "2"
    return resp


def init_app(app: Flask) -> None:
    app.register_error_handler(sqlite3.OperationalError, answer_busy)
