"""How many games one client may create: the one write a stranger can repeat at will.

Flask-Limiter, in memory (per server process: with ``--workers N`` a client may get up
to N times the limit, still bounded), keyed by the client's address as the trusted
proxy fix left it. Only game creation is limited: entries belong to games their
link-holders play, and a table enters a few hundred a night.
"""

from __future__ import annotations

from functools import wraps

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from . import once

CREATE_ENDPOINTS = ("pages.create_game", "api.create", "pages.rematch", "api.rematch",  # a rematch makes a game too
                    "events_api.create", "events.create")  # an event: its parties make games only through its organiser's link


def create_limit() -> str:
    return str(current_app.config["CREATE_LIMIT"])


def too_many(exc: RateLimitExceeded):
    """429 in words, with Retry-After, as a page or as the API's JSON error."""
    message = _("Too many new games from this address for now. Finish one, or try again in a few minutes.")
    if request.path.startswith("/api/"):
        resp = jsonify(error=message, field=None)
    else:
        resp = current_app.make_response(
            render_template("errors/error.html", title=_("Too many new games"), message=message))
    resp.status_code = 429
    limiter: Limiter = current_app.extensions["scribe_limiter"]
    current = limiter.current_limit
    if current is not None:
        import time

        resp.headers["Retry-After"] = str(max(1, int(current.reset_at - time.time())))
    return resp


def _only_when_limited(hook):
    @wraps(hook)
    def limited_only(value=None):
        if request.endpoint in CREATE_ENDPOINTS:
            return hook(value)
        return value

    return limited_only


def init_app(app: Flask) -> None:
    """After the blueprints: limit their create views by endpoint name, without touching them."""
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", default_limits=[],
                      headers_enabled=False)
    app.extensions["scribe_limiter"] = limiter
    # No default limits, so its before-request hook has nothing to check, yet it cost a
    # tenth of every bid and poll: unhook it. The create views are checked by their own
    # wrappers (Flask-Limiter's decorators check in the view, not in the hook).
    hooks = app.before_request_funcs.get(None, [])
    if limiter._check_request_limit in hooks:  # not there when RATELIMIT_ENABLED is off
        hooks.remove(limiter._check_request_limit)
    # Its after-request and teardown hooks make and clear a context of its own for every
    # request; only a limited view has anything in it (a deduction made once its answer
    # is known), so only a limited view's request runs them.
    for funcs in (app.after_request_funcs.get(None, []), app.teardown_request_funcs.get(None, [])):
        for i, hook in enumerate(funcs):
            if getattr(hook, "__self__", None) is limiter or getattr(hook, "args", ()) == (limiter,):
                funcs[i] = _only_when_limited(hook)
    # one budget for the form and the API; a refused form (a typo in a name) costs nothing,
    # nor does a create sent again that answers the game it made (once.counted)
    shared = limiter.shared_limit(create_limit, scope="create-game", methods=["POST"], deduct_when=once.counted)
    for endpoint in CREATE_ENDPOINTS:
        app.view_functions[endpoint] = shared(app.view_functions[endpoint])
    app.register_error_handler(RateLimitExceeded, too_many)
