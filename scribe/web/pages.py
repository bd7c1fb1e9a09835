"""The games list, a new game, and housekeeping (rename, delete, restore, history)."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import get_locale, gettext as _

from .. import service
from ..rules import wizard
from ..rules.errors import RuleError
from ..rules.log import resolve
from ..store import list_games
from .db import get_db
from .render import error_ctx, page_or_fragment, see_other

bp = Blueprint("pages", __name__)
SEATS = 6


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


@bp.get("/games/new")
def new_game():
    """The setup form: names clockwise, first dealer, rule set."""
    return render_template("games/new.html", form=_blank_form(), presets=wizard.PRESETS, editions=wizard.EDITIONS)


def _blank_form() -> dict[str, Any]:
    return {"players": [""] * SEATS, "dealer": "random", "preset": "plus_minus_one",
            "edition": "gigamic", "rounds": "", "name": "", "unicolore": False, "leader_ties": False}


def parse_setup_form(form) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """Form fields -> (options for the rules, the form to re-show, seat row of each player).

    Blank name rows are unused seats; the dealer radio names a row, so it is mapped
    to the player's place among the filled rows.
    """
    rows = form.getlist("players")  # all of them: a 7th name is refused, not dropped
    kept = [i for i, n in enumerate(rows) if n.strip()]
    dealer_raw = form.get("dealer", "random")
    if dealer_raw == "random" or not kept:
        dealer: Any = secrets.randbelow(max(len(kept), 1))  # W-R2: drawn at random
    else:
        row = int(dealer_raw) if dealer_raw.isdecimal() and len(dealer_raw) < 3 else -1
        dealer = kept.index(row) if row in kept else -1  # a blank row or garbage deals nothing
    shown = {**_blank_form(), **{k: form.get(k, "") for k in ("dealer", "preset", "edition", "rounds", "name")}}
    shown["players"] = rows[:SEATS] + [""] * (SEATS - len(rows))
    shown["unicolore"] = form.get("unicolore") == "on"
    shown["leader_ties"] = form.get("leader_ties") == "on"
    options = {
        "players": [rows[i] for i in kept],
        "first_dealer": dealer,
        "preset": form.get("preset") or "standard",
        "edition": form.get("edition") or "gigamic",
        "rounds": form.get("rounds") or None,
        "unicolore": shown["unicolore"],
        "leader_ties": shown["leader_ties"],
    }
    return options, shown, kept


@bp.post("/games")
def create_game():
    """Create a Wizard game from the setup form, then open it."""
    options, shown, kept = parse_setup_form(request.form)
    try:
        game_id = service.create(get_db(), "wizard", request.form.get("name"), str(get_locale()), **options)
    except RuleError as err:
        ctx = error_ctx(err)
        field = err.field or ""
        if field.startswith("players.") and field[8:].isdigit() and int(field[8:]) < len(kept):
            ctx["error"]["field"] = f"players.{kept[int(field[8:])]}"  # back to the form row
        return page_or_fragment("games/new.html", "games/new.html", 422, form=shown,
                                presets=wizard.PRESETS, editions=wizard.EDITIONS, **ctx)
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
    return render_template("games/history.html", game=game, sheet=sheet, log=list(reversed(log)),
                           undone=resolve(log).undone)
