"""``GET /healthz`` for a load balancer or a monitor: the database really answers.

It stays behind the host allow-list: a health checker sends ``Host: localhost``
(allowed) or the public name.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from .. import __version__, store
from .db import get_db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    """200 {"status": "ok", "version": ...} after a real query, 503 when the database cannot be read;
    the version either way, so a monitor sees which release answers (an upgrade took, or not)."""
    try:
        get_db().execute("select 1").fetchone()
    except store.ERRORS as err:
        current_app.logger.error("health check: the database does not answer: %s", err)
        return jsonify(status="unavailable", error="the database cannot be read", version=__version__), 503
    return jsonify(status="ok", version=__version__)
