"""The Scribe hands a seat nobody holds to a robot, or a robot's seat back to a person
who arrives, between rounds (issue 37): the links page's robot buttons."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask_babel import gettext as _

from .. import service
from ..bots import decider
from ..games import GAMES
from ..rules.errors import N_, RuleError
from ..rules.fields import whole
from ..rules.robots import LEVEL_WORDS, LEVELS
from ..store import StaleError
from . import access, taps
from .db import get_db
from .render import error_ctx, see_other
from .table import _links_ctx

bp = Blueprint("robot_seats", __name__)


@bp.app_template_global()
def robots_possible(game: Any, sheet: Any) -> bool:
    """Whether robots may sit at this game: a game with a robot, on the virtual deck."""
    rules = GAMES.get(game.game)
    setup = sheet.setup  # the bidding family's deck is in its rules; Belote's on its setup
    return (rules is not None and "bot" in rules.KINDS and decider(game.game) is not None
            and bool(getattr(getattr(setup, "rules", setup), "virtual_deck", False)))


@bp.app_template_global()
def robot_level(level: str) -> str:
    """A robot's level in the reader's words (« facile / moyen / fort »), never its key."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else ""


@bp.app_template_global()
def robot_levels() -> tuple[str, ...]:
    """The levels a robot is offered at, weakest first."""
    return LEVELS


def chosen(form: Any, kept: list[int]) -> dict[int, str]:
    """The new-game form's robots, seat -> level per filled row whose choice is a robot;
    checked by ``service.create`` with the game's setup, before anything is made."""
    return {seat: level for seat, row in enumerate(kept) if (level := form.get(f"robot.{row}"))}


@bp.post("/games/<key>/robots")
def robot_seat(key: str):
    """A seat to a robot (its level) or back to people (no level)."""
    shown = access.scribe(key)
    ctx = _links_ctx(key, shown)
    try:
        seat = whole(request.form.get("seat"), "seat")
        if not 0 <= seat < shown.full.setup.n:
            raise RuleError(N_("There is no such player."), field="seat")
        level = request.form.get("level") or None
        if level is not None and ctx["claimed"][seat]:
            raise RuleError(N_("%(name)s holds their seat on their own phone: release it first."), field="seat",
                            name=shown.full.setup.players[seat])
        service.act(get_db(), shown.game.id, "bot", {"seat": seat, "level": level}, request.form.get("version"))
    except RuleError as err:
        return render_template("table/links.html", **{**_links_ctx(key, shown), **error_ctx(err)}), 422
    except StaleError:  # a page shown before the game moved on (or the same tap twice): nothing saved
        shown = access.scribe(key)
        msg = _("Someone else changed the game since this page was shown: here it is now. Nothing was saved.")
        return render_template("table/links.html", **{**_links_ctx(key, shown),
                                                      **error_ctx(message=msg, field="version")}), 409
    return see_other(url_for("table.links_page", key=key))


@taps.replaying("robot_seats.robot_seat")
def _answered(_done: service.TapDone):
    return see_other(url_for("table.links_page", key=request.view_args["key"]))
