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


def chosen(form: Any, kept: list[int], options: dict[str, Any]) -> list[tuple[int, str]]:
    """The new-game form's robots, (seat, level) per filled row whose choice is a robot:
    refused (nothing made) without the virtual deck, or with no seat left to a person."""
    robots = []
    for seat, row in enumerate(kept):
        level = form.get(f"robot.{row}") or None
        if level is None:
            continue
        if level not in LEVELS:
            raise RuleError(N_("Choose easy, medium or strong."), field="robot")
        robots.append((seat, level))
    if robots and not options.get("virtual_deck"):
        raise RuleError(N_("A robot plays only with the virtual deck: Scribe deals the cards."), field="robot")
    if robots and len(robots) >= len(kept):
        raise RuleError(N_("At least one seat stays with a person."), field="robot")
    return robots


def seat_robots(game_id: str, robots: list[tuple[int, str]]) -> None:
    """The robots chosen on the new-game form, recorded before the first deal."""
    for seat, level in robots:
        service.act(get_db(), game_id, "bot", {"seat": seat, "level": level})


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
