"""Playing a game on the phone, for every game: its actions, undo/redo, corrections."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import gettext as _

from .. import service, sharing
from ..games import rules_of
from ..rules.errors import RuleError, Unchanged
from ..rules.log import REDO, UNDO, resolve
from ..store import StaleError
from . import access, scribe_seat, taps
from .db import get_db
from .games import web_for
from .render import error_ctx, is_htmx, page_or_fragment, see_other

bp = Blueprint("play", __name__)


def stale_message() -> str:
    return _("Someone else changed the game since this page was shown: here it is now. Nothing was saved.")


def _correct_templates(game) -> tuple[str, str]:
    folder = web_for(game.game).TEMPLATES
    return f"{folder}/correct.html", f"{folder}/_correct.html"


def _load(key: str, opened: bool = False):
    """The game as the Scribe may see it: sealed bids (W-B7) stay sealed, the Scribe too."""
    shown = access.scribe(key, opened=opened)
    return shown.game, shown.sheet, shown.log


@bp.post("/games/<key>/seat")
def sit(key: str):
    """The Scribe says which player they are, once for the game on this phone."""
    shown = access.scribe(key)
    try:
        scribe_seat.sit(shown)
    except RuleError as err:
        return _show(shown.game, shown.sheet, shown.log, 422, **error_ctx(err))
    return see_other(url_for("play.game", key=key))


def _show(game, sheet, log, status: int = 200, **ctx: Any):
    resolved = resolve(log)
    folder = web_for(game.game).TEMPLATES
    db, device = get_db(), access.device()
    claimed = sharing.claimed_seats(db, game.id, device)  # they bid on their own phones
    on_phones = sharing.playing_on_phones(db, game.id, device) if claimed else claimed  # and play their cards there
    # a seat's own view matters where some viewer sees less (sealed bids, hands): the cached replay
    full = service.load(db, game.id)[1] if rules_of(sheet).hides_anything(sheet) else None
    me = scribe_seat.context(game, full) if full is not None else None
    seats = scribe_seat.choices(game, full, claimed) if full is not None and me is None else []
    if me is not None:  # the Scribe's own seat bids and plays in its own section, never passed round
        claimed, on_phones = claimed | {me["seat"]}, on_phones | {me["seat"]}
    return page_or_fragment(f"{folder}/game.html", f"{folder}/_play.html", status, game=game, sheet=sheet,
                            undo_entry=resolved.undo_target, redo_entry=resolved.redo_target, claimed=claimed,
                            on_phones=on_phones, me=me, my_seats=seats,
                            deals_again=rules_of(sheet).deals_again(sheet, log), **ctx)


@bp.get("/games/<key>")
def game(key: str):
    """The game: the round in play and the score sheet."""
    game, sheet, log = _load(key, opened=not is_htmx())
    return _show(game, sheet, log)


def show(key: str):
    """The game page or its round panel as it is now (the Scribe's poll uses it too)."""
    return game(key)


def _act(key: str, shown: sharing.Shown, kind: str, data: dict[str, Any]):
    """Record one action and show the result; a refusal is shown next to its field."""
    game, sheet = shown.game, shown.sheet
    try:
        new = sharing.record_for_scribe(get_db(), shown, kind, data, request.form.get("version"), access.device())
    except RuleError as err:  # what was typed comes back with the message (values)
        return _show(game, sheet, shown.log, 422, values=data, **error_ctx(err))
    except StaleError:
        game, sheet, log = _load(key)
        if _retry_got_through(game, kind, data):
            return already_recorded(_show(game, sheet, log))
        return _show(game, sheet, log, 409, **error_ctx(message=stale_message(), field="version"))
    if not is_htmx():
        return see_other(url_for("play.game"))
    now = sharing.after(get_db(), shown, new)  # the game as it is now, without reading it again
    return _show(game, now.sheet, now.log)


def _retry_got_through(game, kind: str, data: dict[str, Any]) -> bool:
    """A tap retried after a lost connection (static/connection.js) whose first try was recorded."""
    return bool(request.headers.get("X-Scribe-Retry")) and service.already_recorded(
        get_db(), game.id, kind, data, request.form.get("version"))


def already_recorded(response):
    """The game as it is now, flagged so the page says the tap was recorded once."""
    response.headers["X-Scribe-Recorded"] = "already"
    return response


@bp.post("/games/<key>/<kind>")
def act(key: str, kind: str):
    """One tap of the round panel (bid, trump, tricks... as the game defines), or undo/redo."""
    shown = access.scribe(key)
    web = web_for(shown.game.game)
    if kind not in web.ACTIONS + (UNDO, REDO):
        abort(404)
    return _act(key, shown, kind, web.parse_action(kind, request.form, shown.sheet))


@taps.replaying("play.act")
def _answered_tap(_done: service.TapDone):
    """A tap resent with its Idempotency-Key (static/connection.js) that was recorded: the
    game as it is now, as a retry whose first try got through is answered."""
    if not is_htmx():
        return see_other(url_for("play.game"))
    game, sheet, log = _load(request.view_args["key"])
    return _show(game, sheet, log)


@taps.replaying("play.correct_round")
def _answered_correction(_done: service.TapDone):
    return see_other(url_for("play.game") + f"#round-{request.view_args['number']}")


def _round_of(sheet, number: int):
    """The row of a round that exists, else a 404 page."""
    try:
        return sheet.row(number)
    except RuleError:
        abort(404)


@bp.get("/games/<key>/rounds/<int:number>")
def edit_round(key: str, number: int):
    """The correction form of one round."""
    game, sheet, _log = _load(key)
    row = _round_of(sheet, number)
    if getattr(row, "sealed", ()):  # W-B7 secret: the form would show the sealed bids
        msg = _("The bids of round %(round)s stay sealed until its tricks are in: use Undo to take one back.",
                round=number)
        return render_template("errors/error.html", title=_("Sealed bids"), message=msg), 409
    return page_or_fragment(*_correct_templates(game), game=game, sheet=sheet, row=row,
                            values=None)


@bp.post("/games/<key>/rounds/<int:number>")
def correct_round(key: str, number: int):
    """Record a correction of a round's bids and tricks; later totals follow."""
    game, sheet, _log = _load(key)
    row = _round_of(sheet, number)
    data = web_for(game.game).parse_correction(number, request.form, sheet)
    try:
        service.act(get_db(), game.id, "correction", data, request.form.get("version"))
    except Unchanged:  # the round already says so (sent twice?): shown as after the first, nothing recorded
        pass
    except RuleError as err:
        return page_or_fragment(*_correct_templates(game), 422, game=game, sheet=sheet,
                                row=row, values=data, **error_ctx(err))
    except StaleError:
        game, sheet, _log = _load(key)
        return page_or_fragment(*_correct_templates(game), 409, game=game, sheet=sheet, row=sheet.row(number),
                                values=None, **error_ctx(message=stale_message(), field="version"))
    return see_other(url_for("play.game") + f"#round-{number}")
