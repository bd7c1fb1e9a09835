"""Who holds which link, from the request: the one place views open a game.

A game opens only through a link (the Scribe's, a watch or a player link); its id opens
nothing. This browser's signed, HttpOnly session cookie carries only a random device key:
it claims a player's seat (a key made for an answer that never arrives costs its phone a
few seconds, not the seat: ``links.claim``), and its hash (``group_hash``) is this browser's group in the
database, which holds the Scribe's links the browser created or opened
(``store.groups``, by their hashes): all the games list shows it.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app, g, jsonify, make_response, render_template, request, session, url_for
from flask_babel import gettext as _

from .. import service, sharing
from ..games import GAMES
from ..store import groups, links
from ..store.links import PLAYER, SCRIBE
from .db import get_db
from .render import is_htmx


def _device_key() -> str | None:
    key = session.get("device")
    return key if isinstance(key, str) and len(key) == 22 else None


def device() -> str:
    """This browser's device key, made on first need; a seat it claims is bound to it."""
    key = _device_key()
    if key is None:
        key = secrets.token_urlsafe(16)
        session["device"] = key
        session.permanent = True
    return key


def _player_device(kind: str) -> tuple[str | None, bool]:
    """This browser's device key where a player link needs one (made on first need), and
    whether the request brought it: a key made now reaches the phone only if this answer
    does, so a seat claimed with it waits for the phone to come back (``links.claim``)."""
    if kind != PLAYER:
        return None, True
    brought = _device_key() is not None
    return device(), brought


def known_device() -> str | None:
    """This browser's device key if it has one, else None without making one: where only a
    seat it holds matters (the Scribe's taps), a key made now would hold none, and a
    cookie-less API client would be sent a newly signed cookie with every bid."""
    return _device_key()


def group_hash(make: bool = True) -> str | None:
    """This browser's group in the database: a hash of its device key (never the key).
    None for a browser with no key yet unless ``make``: reading makes no cookie."""
    old = session.pop("games") if "games" in session else None
    key = device() if make or old is not None else _device_key()
    if key is None:
        return None
    group = groups.hash_of(key)
    if old is not None:
        _move_in(group, old)
    return group


def _move_in(group: str, old: object) -> None:
    """A cookie from before the group lived on the server listed its Scribe's links in
    clear: each one still a live Scribe's link joins the group, once (the oldest first,
    so the list's order stands among games played in the same second)."""
    db = get_db()
    for token in reversed(old if isinstance(old, list) else []):
        found = links.find(db, token, deleted_ok=True)
        if found is not None and found[0].kind == SCRIBE:
            groups.hold(db, group, found[0].game_id, token)


def remember(token: str, game_id: str) -> None:
    """This browser's group holds ``token``, a live Scribe's link of ``game_id`` (once:
    a new link of the game takes the old one's place)."""
    groups.hold(get_db(), group_hash(), game_id, token)



def remember_tables(game_ids: Collection[str]) -> None:
    """This browser's group holds the live Scribe's link of each of ``game_ids``: an
    evening's finished tables, opened with its organiser's link, which grants each
    table's Scribe's link (``event_service.table_link``). So the club's evenings count in
    the organiser's statistics and ladders, and the group still holds nothing but links."""
    groups.hold_live(get_db(), group_hash(), game_ids)

def secret_key() -> str:
    return current_app.config["SECRET_KEY"]


def _gone(err: sharing.LinkGone):
    """A link the Scribe revoked or replaced, said plainly (410)."""
    if err.link.kind == PLAYER:
        message = _("The Scribe gave this seat a new link: ask them for it (scan the new QR code).")
    elif err.link.kind == SCRIBE:
        message = _("The Scribe's link of this game was replaced: ask the Scribe for the new one.")
    else:
        message = _("The Scribe stopped this link: ask them for a new one.")
    return _refusal(410, _("Link replaced"), message, "link")


def _taken(err: sharing.SeatTaken, token: str):
    """A claimed seat opened on another phone (403), or released from this one; a claim
    still waiting for its phone says when to try again (it may be this phone's own)."""
    if err.released:
        message = _("The Scribe released this seat from this phone.")
        return _refusal(403, _("Seat released"), message, "link", claim=url_for("table.claim_seat", token=token))
    move = url_for("table.move_seat", token=token)  # the link is the permission (links.move)
    if err.moved:
        message = _("This seat moved to another phone or browser: its player uses it there now.")
        return _refusal(403, _("Seat moved"), message, "link", move=move)
    message = _("This seat is already open on another phone. If that is a mistake, ask the Scribe to release it.")
    if not err.wait:
        return _refusal(403, _("Seat taken"), message, "link", move=move)
    message += " " + _("If this phone opened it a moment ago and the page did not load, open the link again in a "
                       "few seconds.")
    resp = _refusal(403, _("Seat taken"), message, "link")
    resp.headers["Retry-After"] = str(err.wait)
    return resp


def _missing(kind: str):
    """No game behind that link (mistyped, never made, or the game was deleted): 404."""
    if request.path.startswith("/api/"):
        message = _("There is no such game.")
    else:
        message = _("There is no such game or page. The link may be mistyped, or the game was deleted.")
    return _refusal(404, _("Not found"), message, "key" if kind == SCRIBE else "token")


def _refusal(status: int, title: str, message: str, field: str, **ctx: Any):
    if request.path.startswith("/api/"):
        return make_response(jsonify(error=message, field=field), status)
    resp = make_response(render_template("errors/error.html", title=title, message=message, **ctx), status)
    if is_htmx():  # a polling view: reload the page so its holder reads why, in full
        resp.headers["HX-Refresh"] = "true"
    return resp


class Refused(Exception):
    """Carries a ready answer out of a view (an abort with a body of our own)."""

    def __init__(self, response):
        super().__init__(response.status)
        self.response = response


_CLOSED = (service.NotFound, sharing.LinkGone, sharing.SeatTaken)


def _refused(err: Exception, token: str, kind: str) -> Refused:
    """A link that opens nothing becomes its plain answer: 404, 403 or 410."""
    if isinstance(err, sharing.LinkGone):
        return Refused(_gone(err))
    if isinstance(err, sharing.SeatTaken):
        return Refused(_taken(err, token))
    return Refused(_missing(kind))


@contextmanager
def _answering(token: str, kind: str):
    """``_refused`` around a block."""
    try:
        yield
    except _CLOSED as err:
        raise _refused(err, token, kind) from None


def move_seat(token: str) -> None:
    """This browser takes the seat over from the phone holding it; the same refusals as
    ``open_link`` (a claim still waiting for its phone: 403 and when to try again)."""
    key, held = _player_device(PLAYER)
    with _answering(token, PLAYER):
        sharing.move_seat(get_db(), token, key, held)


def open_link(token: str, kind: str, deleted_ok: bool = False, claim_again: bool = False) -> sharing.Shown:
    """The game behind ``token`` as its holder may see it; 404, 403 or 410 otherwise."""
    key, held = _player_device(kind)
    try:  # not ``_answering``: a generator-made context is a few microseconds more per tap
        return sharing.open_link(get_db(), token, kind, key, deleted_ok=deleted_ok, claim_again=claim_again, held=held)
    except _CLOSED as err:
        raise _refused(err, token, kind) from None


def link_version(token: str, kind: str) -> int:
    """The version behind a link, for a poll; the same refusals as ``open_link``."""
    with _answering(token, kind):
        return sharing.link_version(get_db(), token, kind, *_player_device(kind))


def link_state(token: str, kind: str) -> tuple[str, int]:
    """The game behind a link and its version, for a stream; the same refusals as ``open_link``."""
    with _answering(token, kind):
        return sharing.link_state(get_db(), token, kind, *_player_device(kind))


def link_following(token: str, kind: str) -> tuple[str, int, str | None]:
    """``link_state`` and the game's rematch, if any (``sharing.link_following``)."""
    with _answering(token, kind):
        return sharing.link_following(get_db(), token, kind, *_player_device(kind))


def scribe(key: str, deleted_ok: bool = False, opened: bool = False) -> sharing.Shown:
    """The game behind a Scribe's link, as the Scribe may see it (no sealed bid); its
    key fills in URLs to this game. ``opened``: the game's page or JSON was opened with
    it, so this browser's games list remembers it (not on every tap: a cookie-less API
    client would be sent a newly signed cookie with each bid)."""
    shown = open_link(key, SCRIBE, deleted_ok=deleted_ok)
    g.scribe_key = key
    if opened:
        remember(key, shown.game.id)
    return shown


def my_games(deleted: bool = False, limit: int | None = None) -> list[tuple[str, Any]]:
    """(Scribe's token, game) for each game this browser holds a live Scribe's link to,
    most recently played first (``limit`` of them at most)."""
    group = group_hash(make=False)
    return [] if group is None else groups.games(get_db(), group, secret_key(), GAMES, deleted, limit)


def finished_games() -> list[tuple[str, int, str]]:
    """(game id, version, players as JSON) of the finished games ``my_games`` lists (not
    deleted), the oldest first: the statistics' read."""
    group = group_hash(make=False)
    return [] if group is None else groups.finished(get_db(), group, GAMES)


def lineups() -> list[list[str]]:
    """The players of each game ``my_games`` lists (not deleted), the oldest first."""
    group = group_hash(make=False)
    return [] if group is None else groups.lineups(get_db(), group, GAMES)


def count_games(deleted: bool = False) -> int:
    """How many games ``my_games`` lists without a limit."""
    group = group_hash(make=False)
    return 0 if group is None else groups.count(get_db(), group, GAMES, deleted)


def _fill_key(endpoint: str, values: dict[str, Any]) -> None:
    """URLs to the Scribe's pages of the game being shown need not name its key."""
    key = g.get("scribe_key")
    if key is not None and "key" not in values and current_app.url_map.is_endpoint_expecting(endpoint, "key"):
        values["key"] = key


def init_app(app: Flask) -> None:
    app.url_defaults(_fill_key)
    app.register_error_handler(Refused, lambda err: err.response)
