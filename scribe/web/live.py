"""Each viewer's page as a stream of Server-Sent Events (issue 21): the Scribe's, a
player's, the TV's. A stream opens as its poll answers, through the same link checks
and the same fragment view, so it can show nothing the poll would not.

This view answers the stream's first part: ``hello`` (the version on the server), and
the viewer's fragment when the page shows an older version (the ``v`` it was opened
with, or on a reconnect the browser's ``Last-Event-ID``: what was missed, once); or,
once Play again made the next game, ``follow`` with the holder's own page of it (the
fragment's ``HX-Redirect``: the TV's watch link, a seat's same player) and no more. Held
by ``scribe serve`` (``scribe.push``: it finds ``scribe.push`` in the WSGI environ and
keeps the connection for the changes that follow); under any other WSGI server the
answer ends with ``poll``, and the page keeps its 2-second poll.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from hashlib import sha256
from typing import Any

from flask import Blueprint, Response, current_app, make_response, request, url_for

from ..store.links import PLAYER, SCRIBE, WATCH
from . import access, i18n

bp = Blueprint("live", __name__)

PUSH = "scribe.push"  # environ key: the server holds streams (scribe/push/asgi.py)
STREAM = "scribe.push.stream"  # environ key: what this view tells that server to hold
WAKE = "scribe.push.wake"  # app.extensions key: call it after a write, the hub looks at once
READ_ONLY = frozenset({"GET", "HEAD", "OPTIONS"})
RETRY_MS = 2000  # a dropped stream is tried again this soon (then scribe/static/live.js backs off)
FOLLOW_HEADER = "HX-Redirect"  # a fragment's answer naming the next game's page for its holder (table.py)
_VERSION = re.compile(rb'\sdata-version="(\d+)"')


def version_of(fragment: bytes) -> int | None:
    """The version a fragment shows: its root element's ``data-version``."""
    head = fragment[:fragment.find(b">") + 1] if b">" in fragment else fragment
    found = _VERSION.search(head)
    return int(found.group(1)) if found else None


def event(name: str, data: str | bytes = b"", version: int | None = None) -> bytes:
    """One Server-Sent Event; each line of ``data`` its own ``data:`` field."""
    raw = data.encode() if isinstance(data, str) else data
    head = (b"id: %d\n" % version if version is not None else b"") + b"event: " + name.encode() + b"\n"
    return head + b"".join(b"data: " + line + b"\n" for line in (raw.splitlines() or [b""])) + b"\n"


def sheet_event(fragment: bytes) -> bytes:
    """A fragment as the stream sends it: its version is the event's id."""
    return event("sheet", fragment, version_of(fragment))


def share_key(kind: str, fragment_path: str) -> str:
    """What a rendered fragment depends on besides the game's version. Watchers of a game
    share one render (its link, its language, the address it was reached by); a Scribe's
    or a seat's render is that phone's own (its session: a seat answers one device)."""
    parts = [kind, fragment_path, i18n.select_locale(), request.host, request.scheme,
             request.headers.get("X-Forwarded-Host", ""), request.headers.get("X-Forwarded-Prefix", "")]
    if kind != WATCH:
        parts.append(request.headers.get("Cookie", ""))
    return sha256("\x00".join(parts).encode()).hexdigest()


def render_environ(kind: str) -> dict[str, Any]:
    """The environ a held stream's later renders are made with: this request's, and for
    watchers nothing of the phone's own cookies but its language (they share the render)."""
    environ = {k: v for k, v in request.environ.items() if isinstance(v, (str, int, tuple, bool)) and k != PUSH}
    # as the request came in, before the proxy fix (scribe/web/proxy.py), which applies again
    for key, value in (request.environ.get("werkzeug.proxy_fix.orig") or {}).items():
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    if kind == WATCH:
        chosen = request.cookies.get(i18n.COOKIE)
        environ.pop("HTTP_COOKIE", None)
        if chosen:
            environ["HTTP_COOKIE"] = f"{i18n.COOKIE}={chosen}"
    for sent_once in ("HTTP_LAST_EVENT_ID", "HTTP_ACCEPT_ENCODING"):  # the hub reads plain bytes
        environ.pop(sent_once, None)
    return environ


def _stream(kind: str, version: int, game_id: str, endpoint: str, **values: Any) -> Response:
    view: Callable[..., Any] = current_app.view_functions[endpoint]
    request.environ["HTTP_HX_REQUEST"] = "true"  # the fragment, as the poll asks it
    first = make_response(view(**values))  # 204 when the page is current: then no event
    body = event("hello", str(version))
    if first.status_code == 200:
        body += sheet_event(first.get_data())
    path = url_for(endpoint, **values)
    followed = first.headers.get(FOLLOW_HEADER)
    if followed:  # Play again was tapped: the page opens the holder's own link of the next game
        body += event("follow", followed)
    elif request.environ.get(PUSH):
        shown = version_of(first.get_data()) if first.status_code == 200 else None
        # the fragment sent: what the page shows, from which the hub may send only what changes
        request.environ[STREAM] = {"game": game_id, "share": share_key(kind, path), "path": path,
                                   "version": version if shown is None else shown, "environ": render_environ(kind),
                                   "fragment": first.get_data() if shown is not None else b""}
    else:
        body += event("poll")  # nothing holds this stream: the page polls as before
    resp = Response(b"retry: %d\n\n" % RETRY_MS + body, mimetype="text/event-stream")
    resp.headers["X-Accel-Buffering"] = "no"  # nginx-style proxies: pass each event on at once
    return resp


def touch(game_id: str) -> None:
    """``game_id``'s streams in this process ask again now, though its version did not
    move: Play again made its next game, which its screens move to (other processes hear
    of it through the store's notice, ``links.touch``, or their recheck)."""
    wake = current_app.extensions.get(WAKE)
    if wake is not None:
        wake(game_id, touched=True)


@bp.after_app_request
def wake_push(resp: Response) -> Response:
    """A request that may have written wakes this process's streams now (``scribe serve``),
    rather than at the hub's next look at the database: the writer's own answer and the
    other phones' updates leave together."""
    if request.method not in READ_ONLY:
        wake = current_app.extensions.get(WAKE)
        if wake is not None:
            wake()
    return resp


@bp.get("/w/<token>/events")
def watch_events(token: str):
    """The watch view (the TV), as it changes: Server-Sent Events."""
    game_id, version = access.link_state(token, WATCH)
    return _stream(WATCH, version, game_id, "table.watch_sheet", token=token)


@bp.get("/p/<token>/events")
def player_events(token: str):
    """One player's own view, as it changes: Server-Sent Events."""
    game_id, version = access.link_state(token, PLAYER)
    return _stream(PLAYER, version, game_id, "table.player_view", token=token)


@bp.get("/games/<key>/events")
def scribe_events(key: str):
    """The Scribe's round panel, as players' phones change it: Server-Sent Events."""
    game_id, version = access.link_state(key, SCRIBE)
    return _stream(SCRIBE, version, game_id, "table.scribe_poll", key=key)
