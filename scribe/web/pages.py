"""The games list, a new game, and housekeeping (rename, delete, restore, history)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import get_locale, gettext as _

from .. import service, sharing
from ..rules.errors import RuleError
from ..rules.log import resolve
from ..store import list_games
from .db import get_db
from .games import WEB_GAMES
from .render import error_ctx, page_or_fragment, see_other

bp = Blueprint("pages", __name__)


@bp.get("/")
def index():
    """Games in progress and finished, newest first."""
    games = list_games(get_db())
    return render_template(
        "games/index.html",
        playing=[g for g in games if g.summary.get("phase") != "finished"],
        finished=[g for g in games if g.summary.get("phase") == "finished"],
        deleted=list_games(get_db(), deleted=True),
    )


def _game_kind(raw: str | None) -> str:
    return raw if raw in WEB_GAMES else "wizard"


@bp.get("/games/new")
def new_game():
    """The setup form of the chosen game (Wizard unless ?game= says otherwise)."""
    web = WEB_GAMES[_game_kind(request.args.get("game"))]
    return render_template(web.NEW_TEMPLATE, form=web.blank_form(), **web.new_context())


@bp.post("/games")
def create_game():
    """Create a game from its setup form, then open it."""
    kind = _game_kind(request.form.get("game"))
    web = WEB_GAMES[kind]
    options, shown, kept = web.parse_setup(request.form)
    try:
        game_id = service.create(get_db(), kind, request.form.get("name"), str(get_locale()), **options)
    except RuleError as err:
        ctx = error_ctx(err)
        field = err.field or ""
        if field.startswith("players.") and field[8:].isdigit() and int(field[8:]) < len(kept):
            ctx["error"]["field"] = f"players.{kept[int(field[8:])]}"  # back to the form row
        return page_or_fragment(web.NEW_TEMPLATE, web.NEW_TEMPLATE, 422, form=shown, **web.new_context(), **ctx)
    return see_other(url_for("play.game", game_id=game_id))


def _load(game_id: str, deleted_ok: bool = False):
    try:
        return service.load(get_db(), game_id, deleted_ok=deleted_ok)
    except service.NotFound:
        abort(404)


@bp.post("/games/<game_id>/rename")
def rename(game_id: str):
    """Give a game a name for the list."""
    game, sheet, _ = _load(game_id)
    try:
        service.rename(get_db(), game.id, request.form.get("name"))
    except RuleError as err:
        return render_template("games/settings.html", game=game, sheet=sheet, **error_ctx(err)), 422
    return see_other(url_for("play.game", game_id=game.id))


@bp.get("/games/<game_id>/settings")
def settings(game_id: str):
    """Rename or delete a game."""
    game, sheet, _ = _load(game_id)
    return render_template("games/settings.html", game=game, sheet=sheet)


@bp.post("/games/<game_id>/delete")
def delete(game_id: str):
    """Hide a game from the list after the confirmation box was ticked."""
    game, sheet, _log = _load(game_id)  # not "_": that is gettext here
    if request.form.get("confirm") != "yes":
        ctx = error_ctx(message=_("Tick the box to confirm."), field="confirm")
        return render_template("games/settings.html", game=game, sheet=sheet, **ctx), 422
    service.delete(get_db(), game.id)
    return see_other(url_for("pages.index"))


@bp.post("/games/<game_id>/restore")
def restore(game_id: str):
    """Bring a deleted game back."""
    game, _, _ = _load(game_id, deleted_ok=True)
    service.restore(get_db(), game.id)
    return see_other(url_for("play.game", game_id=game.id))


@bp.get("/games/<game_id>/history")
def history(game_id: str):
    """Every entry ever recorded, including the undone ones and corrections."""
    game, sheet, log = _load(game_id)
    shown = sharing.viewer_log(sheet, log)  # sealed bids (W-B7) stay sealed, the Scribe too
    return render_template("games/history.html", game=game, sheet=sharing.viewer_sheet(sheet),
                           log=list(reversed(shown)), undone=resolve(log).undone)
