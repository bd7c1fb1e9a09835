"""The games list, a new game, and housekeeping (rename, delete, restore, history)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _

from .. import hints, service, sharing
from ..games import DEFAULT, GAMES
from ..rules.errors import RuleError
from ..rules.log import resolve, targets
from ..store import games as store_games, links
from ..store.links import PLAYER, SCRIBE, WATCH
from . import access, live, once, robot_seats, stats, taps
from .db import get_db
from .games import WEB_GAMES, web_for
from .i18n import game_language
from .render import error_ctx, page_or_fragment, see_other

bp = Blueprint("pages", __name__)


RECENT = 30  # games on the start page: light with years of games; "Show all" lists the rest


def _listed(deleted: bool, everything: bool) -> tuple[list, int]:
    """The group's games to show (the most recent unless ``everything``) and how many it has."""
    games = access.my_games(deleted, limit=None if everything else RECENT + 1)
    if everything or len(games) <= RECENT:
        return games, len(games)
    return games[:RECENT], access.count_games(deleted)


def _index(status: int = 200, **ctx):
    everything = request.args.get("all") == "1"
    games, total = _listed(False, everything)
    deleted, deleted_total = _listed(True, everything)
    return render_template(
        "games/index.html",
        playing=[(t, g) for t, g in games if g.summary.get("phase") != "finished"],
        finished=[(t, g) for t, g in games if g.summary.get("phase") == "finished"],
        more=total - len(games), total=total, deleted=deleted, deleted_total=deleted_total,
        round_label=lambda g: web_for(g.game).round_label(g.summary),
        kind_label=lambda g: web_for(g.game).game_label(str(g.setup.get("preset") or "")),  # a points game's preset
        new_games=[(name, web.NEW_LABEL) for name, web in WEB_GAMES.items()], **ctx,
    ), status


@bp.get("/")
def index():
    """The games this browser created or opened with their Scribe's link, newest first
    (the most recent; ``?all=1``: every one)."""
    return _index()


_LINK_PATHS = {"games": (SCRIBE, "play.game", "key"), "w": (WATCH, "table.watch", "token"),
               "p": (PLAYER, "table.player", "token")}
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _link_target(raw: str) -> str | None:
    """Where a pasted link or code leads on this server: a Scribe's, watch or player
    page. Only its path and token are read: a link is opened here, never followed."""
    text = raw.strip()
    parts = [p for p in urlsplit(text).path.split("/") if p] if "/" in text else ["", text]
    if len(parts) < 2 or not _TOKEN.fullmatch(parts[1]):
        return None
    token = parts[1]
    if parts[0] in _LINK_PATHS:
        _kind, endpoint, arg = _LINK_PATHS[parts[0]]
        return url_for(endpoint, **{arg: token})
    found = links.find(get_db(), token)  # a bare code: whichever kind of link it is
    if found is None:
        return None
    for _kind, endpoint, arg in _LINK_PATHS.values():
        if _kind == found[0].kind:
            return url_for(endpoint, **{arg: token})
    return None


@bp.post("/open")
def open_link():
    """Open a game from a link or code someone gave (typed or pasted)."""
    raw = request.form.get("link")
    target = _link_target(raw) if isinstance(raw, str) and len(raw) < 500 else None
    if target is None:
        ctx = error_ctx(message=_("That is not a Scribe link: paste the whole link, or scan its QR code."),
                        field="link")
        return _index(422, link_value=raw if isinstance(raw, str) else "", **ctx)
    return see_other(target)


def _game_kind(raw: str | None) -> str:
    return raw if raw in WEB_GAMES else DEFAULT


@bp.get("/games/new")
def new_game():
    """The setup form of the chosen game (the first registered unless ?game= says otherwise)."""
    web = WEB_GAMES[_game_kind(request.args.get("game"))]
    return render_template(web.NEW_TEMPLATE, form=web.blank_form(), remembered=stats.remembered_names(),
                           once=once.form_key(), **web.new_context())


@bp.post("/games")
def create_game():
    """Create a game from its setup form, then open it (the same form sent twice: one game)."""
    kind = _game_kind(request.form.get("game"))
    web = WEB_GAMES[kind]
    options, shown, kept = web.parse_setup(request.form)
    wants_hints = request.form.get("hints")
    try:
        on = hints.verify_switch(wants_hints or "off")  # the robot's hints (issue 37): checked before anything is made
        shown = {**shown, "hints": on}
        if on:
            hints.check(get_db(), None, kind, GAMES[kind].make_setup(**options), True)
        made = sharing.new_game(get_db(), access.secret_key(), kind, request.form.get("name"),
                                game_language(request.form.get("lang")), made_from=once.from_form(request.form),
                                robots=robot_seats.chosen(request.form, kept), **options)  # issue 37
        if made.new and on:
            store_games.set_hints(get_db(), made.game_id, True)
    except RuleError as err:
        ctx = error_ctx(err)
        field = err.field or ""
        if field == "robots":
            ctx["error"]["field"] = "robot"  # the form's robot choices say it under the seats
        if field.startswith("players.") and field[8:].isdigit() and int(field[8:]) < len(kept):
            ctx["error"]["field"] = f"players.{kept[int(field[8:])]}"  # back to the form row
        return page_or_fragment(web.NEW_TEMPLATE, web.NEW_TEMPLATE, 422, form=shown, **web.new_context(),
                                remembered=stats.remembered_names(), once=once.kept_form_key(request.form), **ctx)
    return _opened(made)


def _opened(made: sharing.Made):
    """To the game a create made, or made before (the same answer both times)."""
    if not made.new:
        once.answered_again()
    access.remember(made.key, made.game_id)
    return see_other(url_for("play.game", key=made.key))


@bp.post("/games/<key>/rematch")
def rematch(key: str):
    """Start the next game at the same table (same players, rules, edition; the deal moves
    on); once: tapped again, or on another phone, it opens the same next game."""
    shown = access.scribe(key)
    try:
        made = sharing.rematch(get_db(), access.secret_key(), shown)
    except RuleError as err:
        return render_template("errors/error.html", title=_("Not over yet"), message=error_ctx(err)["error"]["message"]), 409
    live.touch(shown.game.id)  # the old game's phones and TV move to the new one now
    return _opened(made)


@bp.post("/games/<key>/rename")
def rename(key: str):
    """Give a game a name for the list."""
    shown = access.scribe(key)
    try:
        service.rename(get_db(), shown.game.id, request.form.get("name"))
    except RuleError as err:
        return render_template("games/settings.html", game=shown.game, sheet=shown.sheet, **error_ctx(err)), 422
    return see_other(url_for("play.game"))


@taps.replaying("pages.rename", "pages.restore")
def _answered_game(_done: service.TapDone):
    return see_other(url_for("play.game", key=request.view_args["key"]))


@taps.replaying("pages.delete")
def _answered_delete(_done: service.TapDone):
    return see_other(url_for("pages.index"))


@bp.get("/games/<key>/settings")
def settings(key: str):
    """Rename or delete a game."""
    shown = access.scribe(key)
    return render_template("games/settings.html", game=shown.game, sheet=shown.sheet)


@bp.post("/games/<key>/delete")
def delete(key: str):
    """Hide a game from the list after the confirmation box was ticked."""
    # a deleted game: 404, or this very form's replay (issue 31)
    shown = access.scribe(key, deleted_ok=request.form.get("confirm") == "yes")
    if request.form.get("confirm") != "yes":
        ctx = error_ctx(message=_("Tick the box to confirm."), field="confirm")
        return render_template("games/settings.html", game=shown.game, sheet=shown.sheet, **ctx), 422
    service.delete(get_db(), shown.game.id)
    return see_other(url_for("pages.index"))


@bp.post("/games/<key>/restore")
def restore(key: str):
    """Bring a deleted game back."""
    shown = access.scribe(key, deleted_ok=True)
    service.restore(get_db(), shown.game.id)
    return see_other(url_for("play.game"))


@bp.get("/games/<key>/history")
def history(key: str):
    """Every entry ever recorded, including the undone ones and corrections."""
    shown = access.scribe(key)  # sealed bids (W-B7) stay sealed, the Scribe too
    return render_template("games/history.html", game=shown.game, sheet=shown.sheet,
                           log=list(reversed(shown.log)), undone=resolve(shown.log).undone,
                           targets=targets(shown.log))  # the viewer's log: targets sealed as their own lines
