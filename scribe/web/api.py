"""The JSON API: everything the pages can do, described at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request
from flask_babel import get_locale, gettext as _

from .. import service, sharing
from ..rules.errors import N_, RuleError
from ..store import StaleError, list_games
from ..store.links import PLAYER, WATCH
from .db import get_db
from .render import table_url
from .games import WEB_GAMES
from .i18n import translate
from .openapi import openapi_document
from .serialize import game_json, history_json, sheet_json

bp = Blueprint("api", __name__, url_prefix="/api")


def _load(game_id: str):
    """The game as the Scribe may see it: sealed bids (W-B7) stay sealed, the Scribe too."""
    game, sheet, log = service.load(get_db(), game_id)
    return game, sharing.viewer_sheet(sheet), sharing.viewer_log(sheet, log)


class BadBody(Exception):
    pass


def _body() -> dict[str, Any]:
    if not request.content_length and not request.data:  # a form body leaves .data empty: 415 below
        return {}
    if not request.is_json:
        abort(415)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadBody()
    return data


@bp.errorhandler(BadBody)
def bad_body(_exc):
    return jsonify(error=_("Send a JSON object."), field=None), 400


@bp.errorhandler(RuleError)
def refused(err: RuleError):
    return jsonify(error=translate(err), field=err.field), 422


@bp.errorhandler(StaleError)
def stale(err: StaleError):
    msg = _("The game has moved on since the version you sent: read it again. Nothing was saved.")
    return jsonify(error=msg, field="version", version=err.current), 409


@bp.errorhandler(service.NotFound)
def not_found(_exc):
    return jsonify(error=_("There is no such game."), field="game_id"), 404


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI 3 description of this API."""
    return jsonify(openapi_document())


@bp.get("/games")
def games():
    """Every game not deleted, newest first."""
    return jsonify(games=[game_json(g) for g in list_games(get_db())])


@bp.post("/games")
def create():
    """Create a game with any options; answers the game and its empty sheet."""
    body = _body()
    kind = body.get("game", "wizard")
    if not isinstance(kind, str) or kind not in WEB_GAMES:
        raise RuleError(N_("Unknown game."), field="game")
    lang = body.get("lang") or str(get_locale())
    if lang not in current_app.config["LANGUAGES"]:
        raise RuleError(N_("Unknown language."), field="lang")
    options = WEB_GAMES[kind].api_options(body)
    game_id = service.create(get_db(), kind, body.get("name"), lang, **options)
    game, sheet, _log = _load(game_id)
    return jsonify(game_json(game, sheet)), 201


@bp.get("/games/<game_id>")
def read(game_id: str):
    """The game and its sheet."""
    game, sheet, _log = _load(game_id)
    return jsonify(game_json(game, sheet))


@bp.get("/games/<game_id>/sheet")
def sheet(game_id: str):
    """Only the sheet."""
    _game, sheet, _log = _load(game_id)
    return jsonify(sheet_json(sheet))


@bp.get("/games/<game_id>/history")
def history(game_id: str):
    """Every entry ever recorded, undone ones flagged (sealed bids as null, W-B7)."""
    _game, _sheet, log = _load(game_id)
    return jsonify(entries=history_json(log))


@bp.patch("/games/<game_id>")
def rename(game_id: str):
    """Rename a game."""
    service.rename(get_db(), game_id, _body().get("name"))
    game, sheet, _log = _load(game_id)
    return jsonify(game_json(game, sheet))


@bp.delete("/games/<game_id>")
def delete(game_id: str):
    """Hide a game (it can be restored)."""
    service.delete(get_db(), game_id)
    return "", 204


@bp.post("/games/<game_id>/restore")
def restore(game_id: str):
    """Bring a deleted game back."""
    service.restore(get_db(), game_id)
    game, sheet, _log = _load(game_id)
    return jsonify(game_json(game, sheet))


def _act(game_id: str, kind: str, data: dict[str, Any], version: Any):
    sheet = service.act(get_db(), game_id, kind, data, version)
    return jsonify(version=sheet.version, sheet=sheet_json(sharing.viewer_sheet(sheet)))


@bp.post("/games/<game_id>/trump")
def trump(game_id: str):
    """Record the card turned up for trump."""
    b = _body()
    return _act(game_id, "trump", {k: b.get(k) for k in ("round", "card", "suit")}, b.get("version"))


@bp.post("/games/<game_id>/deal")
def deal(game_id: str):
    """Virtual deck: Scribe deals the round being played and turns the trump card (W-R3, W-R4)."""
    b = _body()
    return _act(game_id, "deal", {"round": b.get("round")}, b.get("version"))


@bp.post("/games/<game_id>/bids")
def bid(game_id: str):
    """Record the next bidder's bid; hidden and secret bids (W-B7) name the player, any order."""
    b = _body()
    data = {k: b.get(k) for k in ("round", "player", "bid")}
    game, sheet, _log = service.load(get_db(), game_id)
    if sharing.bid_by_scribe_is_sealed(game, sheet, "bid"):  # verified fresh, not refused as stale
        sheet = sharing.enter_bid(get_db(), game.id, data["player"], data["round"], data["bid"])
        return jsonify(version=sheet.version, sheet=sheet_json(sharing.viewer_sheet(sheet)))
    return _act(game_id, "bid", data, b.get("version"))


@bp.post("/games/<game_id>/tricks")
def tricks(game_id: str):
    """Record the tricks of the round (one may be null: filled from the total)."""
    b = _body()
    return _act(game_id, "tricks", {k: b.get(k) for k in ("round", "tricks")}, b.get("version"))


@bp.post("/games/<game_id>/rounds/<int:number>/correction")
def correction(game_id: str, number: int):
    """Correct a round: Wizard's bids (and tricks once played), Zibi's clans and eliminations."""
    b = _body()
    data = {k: v for k, v in b.items() if k not in ("version", "round")}
    return _act(game_id, "correction", {"round": number, **data}, b.get("version"))


@bp.post("/games/<game_id>/actions/<kind>")
def action(game_id: str, kind: str):
    """Any action of the game's own (Witty Zibi: result, damage, heal, reveal, set_aside)."""
    game, _sheet, _log = service.load(get_db(), game_id)
    if kind not in WEB_GAMES[game.game].ACTIONS:
        abort(404)
    b = _body()
    return _act(game_id, kind, {k: v for k, v in b.items() if k != "version"}, b.get("version"))


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    """Take back the last entry."""
    return _act(game_id, "undo", {}, _body().get("version"))


@bp.post("/games/<game_id>/redo")
def redo(game_id: str):
    """Bring back the last undone entry."""
    return _act(game_id, "redo", {}, _body().get("version"))


# --------------------------------------------------------------------------- the whole table


def _link_urls(game_id: str) -> dict[str, Any]:
    from flask import url_for

    tokens = sharing.table_links(get_db(), current_app.config["SECRET_KEY"], game_id)
    watch = tokens["watch"]
    return {
        "scribe": table_url("play.game", game_id=game_id),
        "watch": watch and {"token": watch, "url": table_url("table.watch", token=watch),
                            "api": table_url("api.watch", token=watch)},
        "players": [t and {"player": p, "token": t, "url": table_url("table.player", token=t),
                           "api": table_url("api.player", token=t)}
                    for p, t in enumerate(tokens["players"])],
    }


@bp.get("/games/<game_id>/links")
def links(game_id: str):
    """The Scribe's links: watch, one per player (null where revoked), the Scribe's own."""
    game, _sheet, _log = _load(game_id)
    return jsonify(_link_urls(game.id))


@bp.post("/games/<game_id>/links")
def change_link(game_id: str):
    """Revoke a link or issue a new one ({"link": "watch"|"scribe"|seat, "op": "revoke"|"reissue"})."""
    b = _body()
    which = b.get("link")
    which = str(which) if isinstance(which, int) and not isinstance(which, bool) else which
    op = b.get("op")
    game, _sheet, _log = _load(game_id)
    if op == "reissue":
        new_id = sharing.reissue(get_db(), current_app.config["SECRET_KEY"], game.id, which)
    elif op == "revoke" and which != "scribe":
        sharing.revoke(get_db(), game.id, which)
        new_id = game.id
    else:
        raise RuleError(N_("Choose a link and what to do with it."), field="op")
    return jsonify(_link_urls(new_id))


def _shown(token: str, kind: str) -> sharing.Shown:
    try:
        return sharing.open_link(get_db(), token, kind)
    except service.NotFound:
        abort(404)


@bp.get("/watch/<token>")
def watch(token: str):
    """What a watch link shows: the game's name and its sheet, read-only (no game id)."""
    shown = _shown(token, WATCH)
    return jsonify(name=shown.game.name, game=shown.game.game, sheet=sheet_json(shown.sheet))


@bp.get("/player/<token>")
def player(token: str):
    """What a player link shows: the player's seat and the sheet as that player may see it."""
    shown = _shown(token, PLAYER)
    seat = shown.link.seat
    return jsonify(name=shown.game.name, game=shown.game.game, player=seat,
                   player_name=shown.full.setup.players[seat], sheet=sheet_json(shown.sheet),
                   cards=sharing.own_hands(shown.sheet, seat))


def _player_write(token: str, refusal, record, field: str):
    """A write through a player's link: the link's own limits first, then the rules."""
    b = _body()
    shown = _shown(token, PLAYER)
    refused = refusal(shown, b.get("player"))
    if refused is not None:
        message, field_name, status = refused
        return jsonify(error=message, field=field_name), status
    full = record(get_db(), shown.game.id, shown.link.seat, b.get("round"), b.get(field))
    mine = sharing.viewer_sheet(full, shown.link.seat)
    return jsonify(version=full.version, sheet=sheet_json(mine), cards=sharing.own_hands(mine, shown.link.seat))


@bp.post("/player/<token>/bid")
def player_bid(token: str):
    """The player enters their own bid (hidden and secret modes, W-B7): {"round", "bid"}."""
    from .table import player_bid_refusal

    return _player_write(token, player_bid_refusal, sharing.enter_bid, "bid")


@bp.post("/player/<token>/played")
def player_played(token: str):
    """Virtual deck: the player marks one card of their own hand played: {"round", "card"}."""
    from .table import player_card_refusal

    return _player_write(token, player_card_refusal, sharing.mark_played, "card")
