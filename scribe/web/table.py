"""The whole table: the Scribe's links page, the watch view and each player's view.

Watch and player pages never carry the game id (the Scribe's link): only their own
token, so a page's HTML cannot be turned into edit rights. They poll a fragment URL
with the version they show; an unchanged version is answered 204, which htmx ignores.
"""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from flask_babel import gettext as _

from .. import service, sharing
from ..rules import wizard
from ..rules.errors import RuleError
from ..store import StaleError
from ..store.links import PLAYER, WATCH
from .db import get_db
from .games import web_for
from .render import error_ctx, is_htmx, page_or_fragment, see_other, table_url

bp = Blueprint("table", __name__)

POLL_SECONDS = 2


@bp.app_template_global()
def bid_restriction(sheet: Any, row: Any) -> str | None:
    """The rule that may forbid the last seat one bid this round (W-B3..W-B5)."""
    return wizard.restriction(sheet, row) if isinstance(sheet, wizard.Sheet) and row is not None else None


def _key() -> str:
    return current_app.config["SECRET_KEY"]


def qr(url: str) -> str:
    """A QR code as a data: URI (the CSP allows img-src data:, no inline script)."""
    return segno.make(url, error="m").svg_data_uri(scale=5, border=2, dark="#1d1a2b")


def _version_arg() -> int | None:
    raw = request.args.get("v", "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


def _unchanged(version: int) -> bool:
    """The poll's cheap answer: the viewer already shows this version."""
    return _version_arg() == version


def _no_content():
    return make_response("", 204)


def _open(token: str, kind: str) -> sharing.Shown:
    try:
        return sharing.open_link(get_db(), token, kind)
    except service.NotFound:
        abort(404)


# --------------------------------------------------------------------------- the Scribe


def _scribe_game(game_id: str):
    try:
        return service.load(get_db(), game_id)
    except service.NotFound:
        abort(404)


@bp.get("/games/<game_id>/links")
def links_page(game_id: str, status: int = 200, **ctx: Any):
    """The Scribe's links and their QR codes: watch, one per player, the Scribe's own."""
    game, sheet, _log = _scribe_game(game_id)
    tokens = sharing.table_links(get_db(), _key(), game.id)
    urls = {
        "scribe": table_url("play.game", game_id=game.id),
        "watch": tokens["watch"] and table_url("table.watch", token=tokens["watch"]),
        "players": [t and table_url("table.player", token=t) for t in tokens["players"]],
    }
    return render_template("table/links.html", game=game, sheet=sheet, urls=urls, qr=qr, **ctx), status


@bp.post("/games/<game_id>/links")
def change_link(game_id: str):
    """Revoke a link, or issue a new one in its place (the Scribe's own: the game moves)."""
    game, _sheet, _log = _scribe_game(game_id)
    which, op = request.form.get("link"), request.form.get("op")
    try:
        if op == "reissue":
            game_id = sharing.reissue(get_db(), _key(), game.id, which)
        elif op == "revoke" and which != "scribe":
            sharing.revoke(get_db(), game.id, which)
        else:
            return links_page(game.id, 422, **error_ctx(message=_("Choose a link and what to do with it."), field="link"))
    except RuleError as err:
        return links_page(game.id, 422, **error_ctx(err))
    return see_other(url_for("table.links_page", game_id=game_id))


@bp.get("/games/<game_id>/poll")
def scribe_poll(game_id: str):
    """The Scribe's round panel again if the game moved on (bids from players' phones)."""
    version = sharing.links.game_version(get_db(), game_id)
    if version is None:
        abort(404)
    if _unchanged(version):
        return _no_content()
    from .play import show

    return show(game_id)


@bp.get("/games/<game_id>/pass/<int:player>")
def pass_phone(game_id: str, player: int):
    """Hidden and secret bids on the Scribe's phone: the bid buttons of one player only,
    shown once the phone is in their hands."""
    game, full, _log = _scribe_game(game_id)
    if not isinstance(full, wizard.Sheet) or full.setup.rules.reveal == "open" or not 0 <= player < full.setup.n:
        abort(404)
    sheet = sharing.viewer_sheet(full, player)
    row = sheet.current
    ctx = {"game": game, "sheet": sheet, "row": row, "p": player}
    if row is None or sheet.phase != "bidding" or row.bids[player] is not None:
        ctx["error"] = {"message": _("%(name)s has no bid to enter now.", name=full.setup.players[player]), "field": "bid"}
        return page_or_fragment("table/pass.html", "table/_pass.html", 409, **ctx)
    return page_or_fragment("table/pass.html", "table/_pass.html", **ctx)


# --------------------------------------------------------------------------- watchers


def _watch_ctx(shown: sharing.Shown, token: str) -> dict[str, Any]:
    folder = web_for(shown.game.game).TEMPLATES
    return {"game": shown.game, "sheet": shown.sheet, "token": token, "sheet_template": f"{folder}/_sheet.html",
            "readonly": True, "poll": POLL_SECONDS}


@bp.get("/w/<token>")
def watch(token: str):
    """The sheet, read-only, updating itself: for a phone, a tablet or the TV."""
    shown = _open(token, WATCH)
    return render_template("table/watch.html", **_watch_ctx(shown, token))


@bp.get("/w/<token>/sheet")
def watch_sheet(token: str):
    """The watch fragment, or 204 No Content if the version shown is still current."""
    try:
        version = sharing.link_version(get_db(), token, WATCH)
    except service.NotFound:
        abort(404)
    if _unchanged(version):
        return _no_content()
    return render_template("table/_watch.html", **_watch_ctx(_open(token, WATCH), token))


# --------------------------------------------------------------------------- players


def _player_ctx(shown: sharing.Shown, token: str, **extra: Any) -> dict[str, Any]:
    ctx = _watch_ctx(shown, token)
    sheet, seat = shown.sheet, shown.link.seat
    ctx.update(seat=seat, waits=False, can_bid=False, cards=sharing.own_hands(sheet, seat))
    if isinstance(sheet, wizard.Sheet) and sheet.phase == "bidding" and sheet.setup.rules.reveal != "open":
        row = sheet.current
        ctx["can_bid"] = row.bids[seat] is None
        ctx["waits"] = seat == row.order[-1] and wizard.last_seat_waits(shown.full, shown.full.current)
    return {**ctx, **extra}


@bp.get("/p/<token>")
def player(token: str):
    """One player's own view: their bid and score, the sheet; their bid buttons in hidden
    and secret modes (W-B7)."""
    shown = _open(token, PLAYER)
    return render_template("table/player.html", **_player_ctx(shown, token))


@bp.get("/p/<token>/view")
def player_view(token: str):
    """The player fragment, or 204 No Content if the version shown is still current."""
    try:
        version = sharing.link_version(get_db(), token, PLAYER)
    except service.NotFound:
        abort(404)
    if _unchanged(version):
        return _no_content()
    return render_template("table/_player.html", **_player_ctx(_open(token, PLAYER), token))


def player_bid_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not enter a bid now (message, field, status), or None."""
    sheet, seat = shown.full, shown.link.seat
    if not isinstance(sheet, wizard.Sheet):
        return _("This game has no bids."), "bid", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it enters only %(name)s's bid.", name=sheet.setup.players[seat]), "player", 403
    if sheet.setup.rules.reveal == "open":
        return _("Bids are spoken aloud in this game: the Scribe enters them."), "bid", 403
    return None


def _player_action(token: str, refusal, record, field: str):
    """One tap on a player's phone: refused by the link's own limits, else recorded;
    the player's view is shown again, fresh, whatever happened."""
    shown = _open(token, PLAYER)
    status, ctx = 200, {}
    refusal = refusal(shown, request.form.get("player"))
    if refusal is not None:
        message, field_name, status = refusal
        ctx = error_ctx(message=message, field=field_name)
    else:
        try:
            record(get_db(), shown.game.id, shown.link.seat, request.form.get("round"), request.form.get(field))
        except RuleError as err:
            status, ctx = 422, error_ctx(err)
        except StaleError:  # only after many tries against a busy game
            status, ctx = 409, error_ctx(message=_("The game is busy: try again."), field=field)
        else:
            if not is_htmx():
                return see_other(url_for("table.player", token=token))
    shown = _open(token, PLAYER)
    return page_or_fragment("table/player.html", "table/_player.html", status, **_player_ctx(shown, token, **ctx))


@bp.post("/p/<token>/bid")
def player_bid(token: str):
    """A player enters their own bid (hidden and secret modes, W-B7)."""
    return _player_action(token, player_bid_refusal, sharing.enter_bid, "bid")


def player_card_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not mark a card played (message, field, status), or None."""
    sheet, seat = shown.full, shown.link.seat
    if not isinstance(sheet, wizard.Sheet):
        return _("This game has no cards to mark."), "card", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it marks only %(name)s's cards.", name=sheet.setup.players[seat]), "player", 403
    return None


@bp.post("/p/<token>/played")
def player_played(token: str):
    """Virtual deck: the player marks a card of their own hand played; the hand shrinks."""
    return _player_action(token, player_card_refusal, sharing.mark_played, "card")
