"""Every write of a game honours an ``Idempotency-Key`` header (issue 31).

A write route's request with the header names its key for the store (``store.taps``),
which keeps a hash of it, scoped to the game, in the same transaction as what the write
records. The same key again, on any node, records nothing: it answers what the first try
answered (``replays``: the same status, and for an entry the same sheet, as it stood
once the entry was in), marked ``Idempotent-Replayed: true``. The same key with another
request (another body, another route of the game) is a 422 whose field is the header.
Without the header nothing changes, and nothing is read (a bid's hot path).

The pages' htmx forms send one key per tap (static/connection.js): a tap retried or
resent after a lost answer carries the same key. A plain form (a correction, the links,
the settings) carries one made when it is shown, in its field ``idempotency_key``.
"""

from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable
from hashlib import sha256
from typing import Any

from flask import Flask, current_app, g, jsonify, make_response, render_template, request
from flask_babel import gettext as _

from .. import service
from ..store import taps
from .once import _KEY, HEADER, REPLAYED

# The endpoints that honour the header: every write of a game, page or API. A game's own
# paths (``api.game_path_*``) are added by prefix. ``api.create`` has its own (once.py).
KEYED = frozenset({
    "api.rename", "api.delete", "api.restore", "api.correction", "api.action", "api.undo", "api.redo",
    "api.change_link", "api.player_bid", "api.player_played", "api.player_take_back", "api.player_call",
    "play.act", "play.correct_round", "table.change_link", "table.player_bid", "table.player_played",
    "table.player_take_back", "table.player_call", "pages.rename", "pages.delete", "pages.restore",
})
_PREFIX = "api.game_path_"
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
# the Scribe's key in the path is left out (a retry after a new Scribe's link is the same
# tap); a player's token is kept: the same key from another seat's phone is another request
_NAMES = frozenset({"key"})

# endpoint -> what answers a tap already recorded (``TapDone``), as the first try's answer
replays: dict[str, Callable[[service.TapDone], Any]] = {}


def replaying(*endpoints: str) -> Callable[[Callable[[service.TapDone], Any]], Callable[[service.TapDone], Any]]:
    """Register the function answering a tap those endpoints already recorded."""
    def register(fn: Callable[[service.TapDone], Any]) -> Callable[[service.TapDone], Any]:
        for endpoint in endpoints:
            replays[endpoint] = fn
        return fn
    return register


def keyed_endpoint(endpoint: str | None) -> bool:
    return endpoint is not None and (endpoint in KEYED or endpoint.startswith(_PREFIX))


def _page_form() -> bool:
    """A page's form: its fields are read as a form. The API's body is read raw (and kept
    for the view, which answers a form sent to it 415): parsing it as a form would use it up."""
    return request.mimetype in _FORMS and not (request.endpoint or "").startswith("api.")


def _request_hash() -> str:
    """The request a key was sent with: its route (the link left out) and its body, in a
    canonical form (a JSON object's keys in any order, a form's fields likewise)."""
    args = sorted((k, str(v)) for k, v in (request.view_args or {}).items() if k not in _NAMES)
    if _page_form():
        body: Any = sorted(request.form.lists())
    else:
        raw = request.get_data(cache=True)  # the view reads it again from the cache
        try:
            body = current_app.json.loads(raw) if raw else None
        except ValueError:
            body = raw.hex()
    text = json.dumps([request.endpoint, args, body], sort_keys=True, default=str)
    return sha256(text.encode()).hexdigest()


def _refused(message: str):
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=HEADER), 422
    return render_template("errors/error.html", title=_("Not saved"), message=message), 422


FIELD = "idempotency_key"  # a plain form's key (no script to send a header), made when it is shown


def form_key() -> str:
    """A new key for a plain form being shown: sent again (a reload, a second tap before
    the page changed), it is the same tap."""
    return secrets.token_urlsafe(16)


def _name_key():
    if request.method not in ("POST", "PATCH", "DELETE") or not keyed_endpoint(request.endpoint):
        return None
    key, shown = request.headers.get(HEADER), None
    if key is None and _page_form():
        key = shown = request.form.get(FIELD) or None
    if key is None:
        return None
    if not _KEY.fullmatch(key):
        return _refused(_("An Idempotency-Key is 1 to 255 visible characters."))
    sent = _request_hash()
    # a plain form's key is the page's, not the client's choice: the form changed and sent
    # again (Back, another value) is another tap, as once.py's new-game form
    key_hash = sha256((key if shown is None else f"{key}\x00{sent}").encode()).hexdigest()
    g.tap_token = taps.keyed(taps.Tap(key_hash, sent))
    return None


def _forget_key(_exc: BaseException | None) -> None:
    token = g.pop("tap_token", None)
    if token is not None:
        try:
            taps.reset(token)
        except ValueError:  # torn down in another context than the request's: it ends with it
            pass


def _answer_again(done: service.TapDone):
    """A tap recorded before: the first try's answer again, marked replayed."""
    answer = replays.get(request.endpoint or "")
    if answer is None:  # every keyed endpoint registers one (tests/web/test_taps.py)
        raise RuntimeError(f"no replay for {request.endpoint}")
    resp = make_response(answer(done))
    resp.headers[REPLAYED] = "true"
    resp.headers["X-Scribe-Recorded"] = "already"  # the page says "recorded once" (scribe.js)
    return resp


# Tests only (tests/serve/test_node_taps.py): a node that dies between its commit and its
# answer. With SCRIBE_TESTING=1 and SCRIBE_TESTING_HOLD_ANSWER_S set, a keyed write
# answered below 400 waits that long before answering (holding its thread and its
# database connection), so the test kills the node meanwhile.
HOLD_ENV = "SCRIBE_TESTING_HOLD_ANSWER_S"


def _holding() -> float:
    if os.environ.get("SCRIBE_TESTING") != "1":
        return 0.0
    try:
        return max(float(os.environ.get(HOLD_ENV) or 0), 0.0)
    except ValueError:
        return 0.0


def init_app(app: Flask) -> None:
    hold = _holding()
    if hold:
        @app.after_request
        def _hold_answer(response):
            if g.get("tap_token") is not None and response.status_code < 400 and REPLAYED not in response.headers:
                time.sleep(hold)  # committed: the answer waits, the node is killed meanwhile
            return response

    app.before_request(_name_key)
    app.teardown_request(_forget_key)
    app.register_error_handler(service.TapDone, _answer_again)
    app.add_template_global(form_key, "tap_key")
