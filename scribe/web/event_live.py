"""The hall's TV and the organiser's board as streams (issue 36), as a game's screens are
(``scribe.web.live``): opened through the same link checks and the same board fragment as
their poll, so a stream shows nothing the poll would not, and held by ``scribe serve``'s
hub (scribe/push), which renders each board once per event version for every screen
showing it. Under any other WSGI server the answer ends with ``poll`` and the page keeps
polling its board.

An event's board is made of many games (every table of every partie: a correction at an
earlier partie's table moves the ranking too) and of the event itself. Its group is filed
under the event's id, which the change source names when the event changes (a partie
drawn, an arrival, a withdrawal, a link revoked: store m014, pg p007), and under each of
its tables' games: the stream's first answer names them, and every render the hub asks
for names them again in ``FOLLOWS_HEADER`` (``scribe/push/many_games.py``), so a new partie's
tables are followed from the render that first shows them.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, make_response, request

from .. import event_service as evs
from ..store.links import WATCH
from . import live
from .db import get_db

bp = Blueprint("event_live", __name__)

FOLLOWS_HEADER = "X-Scribe-Follows"  # the games a board is made of, on the hub's renders only
HUB_RENDER = "scribe.push.render"  # environ key: a render the hub asks for (push/hub.py)


def _games(shown: evs.Shown) -> list[str]:
    return [t.game_id for t in shown.tables]


def followed(body: str, shown: evs.Shown) -> Response:
    """A board's answer; to the hub, with the games it is made of. Only the hub is told:
    the page itself has no use for games' ids."""
    resp = make_response(body)
    if request.environ.get(HUB_RENDER):
        resp.headers[FOLLOWS_HEADER] = " ".join(_games(shown))
    return resp


def _event_stream(token: str, kind: str, endpoint: str) -> Response:
    try:
        shown = evs.open_event(get_db(), token, (kind,))
    except evs.EventNotFound:
        abort(404)
    # one render for every screen of the board (the TVs, the organiser's laptop and phone)
    # in one language: it depends on no session, only on the link in its path
    resp = live._stream(WATCH, shown.version, shown.id, endpoint, token=token)
    held = request.environ.get(live.STREAM)
    if held is not None:
        held["follows"] = _games(shown)
    return resp


@bp.get("/events/<token>/tv/events")
def tv_events(token: str):
    """The hall's TV board, as the evening goes: Server-Sent Events (a ranking link)."""
    return _event_stream(token, evs.RANKING, "events.tv_board")


@bp.get("/events/<token>/events")
def organiser_events(token: str):
    """The organiser's board, as the tables play: Server-Sent Events (the organiser's link)."""
    return _event_stream(token, evs.ORGANISER, "events.board")
