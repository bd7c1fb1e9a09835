"""Playing a round on the phone: trump, bids, tricks, undo/redo, corrections."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for
from flask_babel import gettext as _

from .. import service
from ..rules.errors import RuleError
from ..rules.log import resolve
from ..store import StaleError
from .db import get_db
from .render import error_ctx, is_htmx, page_or_fragment, see_other

bp = Blueprint("play", __name__)


def stale_message() -> str:
    return _("Someone else changed the game since this page was shown: here it is now. Nothing was saved.")


def _load(game_id: str):
    try:
        return service.load(get_db(), game_id)
    except service.NotFound:
        abort(404)


def _show(game, sheet, log, status: int = 200, **ctx: Any):
    resolved = resolve(log)
    return page_or_fragment("play/game.html", "play/_play.html", status, game=game, sheet=sheet,
                            undo_entry=resolved.undo_target, redo_entry=resolved.redo_target, **ctx)


@bp.get("/games/<game_id>")
def game(game_id: str):
    """The game: the round in play and the score sheet."""
    game, sheet, log = _load(game_id)
    return _show(game, sheet, log)


def _act(game_id: str, kind: str, data: dict[str, Any]):
    """Record one action and show the result; a refusal is shown next to its field."""
    game, sheet, log = _load(game_id)
    try:
        service.act(get_db(), game.id, kind, data, request.form.get("version"))
    except RuleError as err:
        return _show(game, sheet, log, 422, **error_ctx(err))
    except StaleError:
        game, sheet, log = _load(game_id)
        return _show(game, sheet, log, 409, **error_ctx(message=stale_message(), field="version"))
    if not is_htmx():
        return see_other(url_for("play.game", game_id=game.id))
    game, sheet, log = _load(game_id)
    return _show(game, sheet, log)


@bp.post("/games/<game_id>/bid")
def bid(game_id: str):
    """The next bidder's bid, one tap."""
    return _act(game_id, "bid", {"round": request.form.get("round"), "player": request.form.get("player"),
                                 "bid": request.form.get("bid")})


@bp.post("/games/<game_id>/trump")
def trump(game_id: str):
    """The card turned up for trump (and the suit the dealer picks on a Wizard)."""
    return _act(game_id, "trump", {"round": request.form.get("round"), "card": request.form.get("card"),
                                   "suit": request.form.get("suit")})


def _counts(prefix: str, n: int) -> list[Any]:
    return [request.form.get(f"{prefix}.{p}") or None for p in range(n)]


@bp.post("/games/<game_id>/tricks")
def tricks(game_id: str):
    """Tricks per player; one left blank is filled in from the total."""
    game, sheet, _log = _load(game_id)
    return _act(game_id, "tricks", {"round": request.form.get("round"), "tricks": _counts("tricks", sheet.setup.n)})


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    """Take back the last entry (it stays in the history and can be redone)."""
    return _act(game_id, "undo", {})


@bp.post("/games/<game_id>/redo")
def redo(game_id: str):
    """Bring back the entry the last undo took back."""
    return _act(game_id, "redo", {})


@bp.get("/games/<game_id>/rounds/<int:number>")
def edit_round(game_id: str, number: int):
    """The correction form of one round."""
    game, sheet, _log = _load(game_id)
    try:
        row = sheet.row(number)
    except RuleError:
        abort(404)
    return page_or_fragment("play/correct.html", "play/_correct.html", game=game, sheet=sheet, row=row,
                            values=None)


@bp.post("/games/<game_id>/rounds/<int:number>")
def correct_round(game_id: str, number: int):
    """Record a correction of a round's bids and tricks; later totals follow."""
    game, sheet, _log = _load(game_id)
    try:
        row = sheet.row(number)
    except RuleError:
        abort(404)
    n = sheet.setup.n
    data = {"round": number, "bids": _counts("bids", n), "tricks": _counts("tricks", n) if row.complete else None}
    values = {"bids": data["bids"], "tricks": data["tricks"]}
    try:
        service.act(get_db(), game.id, "correction", data, request.form.get("version"))
    except RuleError as err:
        return page_or_fragment("play/correct.html", "play/_correct.html", 422, game=game, sheet=sheet,
                                row=row, values=values, **error_ctx(err))
    except StaleError:
        game, sheet, _log = _load(game_id)
        msg = stale_message()
        return page_or_fragment("play/correct.html", "play/_correct.html", 409, game=game, sheet=sheet,
                                row=sheet.row(number), values=None, **error_ctx(message=msg, field="version"))
    return see_other(url_for("play.game", game_id=game.id) + f"#round-{number}")
