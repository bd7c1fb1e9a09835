"""The robot's hints for learners (``scribe.hints``): the Scribe's switch on the game's
settings page, and the hint's words on a seat's own page (only there: the seat's own
view decides it, and no other page asks for it)."""

from __future__ import annotations

from typing import Any, NamedTuple

from flask import Blueprint, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from .. import formatting, hints, sharing
from ..games import part
from ..rules.errors import RuleError
from ..store import games as store_games
from . import access
from .db import get_db
from .render import error_ctx, see_other

bp = Blueprint("hints", __name__)


def table_hints(game: Any, setup: Any) -> dict[str, bool]:
    """For the settings page: whether this table may have hints, and whether they are on."""
    may = hints.offered(game.game, setup) and not hints.at_club_night(get_db(), game.id)
    return {"offered": may, "on": may and store_games.hints_on(get_db(), game.id)}


bp.app_context_processor(lambda: {"table_hints": table_hints,
                                  "robot_plays": lambda name: hints.decider(name) is not None})


@bp.post("/games/<key>/hints")
def switch(key: str):
    """Turn the robot's hints on or off at this table (the settings page's form)."""
    shown = access.scribe(key)
    try:
        hints.switch(get_db(), shown.game.id, shown.game.game, shown.full.setup, request.form.get("hints"))
    except RuleError as err:
        status = 403 if isinstance(err, hints.ClubNightTable) else 422
        return render_template("games/settings.html", game=shown.game, sheet=shown.sheet,
                               **error_ctx(err)), status
    return see_other(url_for("play.game"))


class SeatHint(NamedTuple):
    """The hint on a seat's page: its words, and what the move names (its card, its call
    and suit or trump and amount) as data-* attributes for the page's script and tests."""

    text: str
    marks: tuple[tuple[str, str], ...]


MARKED = ("card", "call", "suit", "amount", "trump", "bid")  # the move's fields a phone's buttons carry too


def _json(shown: sharing.Shown) -> dict[str, bool]:
    now = table_hints(shown.game, shown.full.setup)
    return {"hints": now["on"], "offered": now["offered"]}


@bp.get("/api/games/<key>/hints")
def api_read(key: str):
    """Whether the table shows the robot's hints, and whether it may."""
    return jsonify(_json(access.scribe(key)))


@bp.put("/api/games/<key>/hints")
def api_switch(key: str):
    """Turn the robot's hints on or off: {"hints": true|false}."""
    shown = access.scribe(key)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify(error=_("Send a JSON object."), field=None), 400
    try:
        hints.switch(get_db(), shown.game.id, shown.game.game, shown.full.setup, body.get("hints"))
    except RuleError as err:
        status = 403 if isinstance(err, hints.ClubNightTable) else 422
        return jsonify(error=error_ctx(err)["error"]["message"], field=err.field), status
    return jsonify(_json(shown))


def seat_hint(shown: sharing.Shown) -> SeatHint | None:
    """The hint on a seat's own page, None when there is none now (hints off, not its
    turn): from the seat's own view (``shown.sheet``), never the whole sheet."""
    seat = shown.link.seat
    if seat is None or not hints.shown_at(get_db(), shown.game.id, shown.game.game, shown.full.setup):
        return None
    link = shown.link
    move = hints.hint(shown.game.id, shown.game.game, shown.sheet, seat, hints.seed_of(shown.game.id),
                      (link.horizon, link.entered))
    try:
        said = None if move is None else words(move, shown.sheet.setup)
    except (KeyError, ValueError, TypeError, AttributeError):  # a move the game has no words for: no hint, no broken page
        hints.log.exception("no words for the hint %r of game %s", move, shown.game.id)
        said = None
    if said is None:
        return None
    data = move[1]
    return SeatHint(said, tuple((k, str(data[k])) for k in MARKED if data.get(k) is not None))


def words(move: tuple[str, dict[str, Any]], setup: Any) -> str | None:
    """What the robot would do, as the table says it: "The robot would play: Queen of
    hearts", "The robot would bid: 2"; None for a move this page has no words for."""
    kind, data = move
    if kind == "played" and isinstance(data.get("card"), str):
        return _("The robot would play: %(card)s", card=formatting.card(data["card"], setup))
    if kind == "bid":
        return _("The robot would bid: %(bid)s", bid=data.get("bid"))
    if kind == "call":  # Belote's taking rounds, Coinche's auction: as the game words a call
        return _("The robot would say: %(call)s", call=part(setup.GAME, "words").call_text(data))
    if kind == "trump" and data.get("suit"):
        return _("The robot would name trump: %(suit)s", suit=part(setup.GAME, "words").suit(data["suit"]))
    return None
