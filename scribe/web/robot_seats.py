"""A seat handed to a robot, or back to people, from the Scribe's links page (issue 37):
only a seat whose link no phone holds, only between deals (the rules' "bot" entry says
so, in words next to the seat). The robot then plays by itself (``bot_turns``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request, url_for

from .. import service
from ..games import rules_of
from ..rules.errors import N_, RuleError
from ..store import StaleError
from . import access
from .db import get_db
from .play import stale_message
from .render import error_ctx, see_other
from .table import _links_ctx

bp = Blueprint("robot_seats", __name__)

BOT = "bot"


@bp.app_template_global()
def robots_offered(sheet: Any) -> bool:
    """Whether this game's seats may be handed to robots: its rules take the "bot" entry
    and Scribe deals the cards on the phones."""
    return BOT in rules_of(sheet).KINDS and bool(getattr(sheet.setup, "virtual_deck", False))


@bp.post("/games/<key>/robots")
def hand_over(key: str):
    """Give a seat nobody claimed to a robot at a level, or a robot's seat back to people."""
    shown = access.scribe(key)
    seat, level = request.form.get("seat", ""), request.form.get("level") or None
    try:
        if not robots_offered(shown.full):
            raise RuleError(N_("A robot plays only when Scribe deals the cards on the phones."), field="seat")
        claimed = _links_ctx(key, shown)["claimed"]
        if level is not None and seat.isdecimal() and int(seat) < len(claimed) and claimed[int(seat)]:
            raise RuleError(N_("A phone holds this seat: release its link first."), field="seat")
        service.act(get_db(), shown.game.id, BOT, {"seat": seat, "level": level}, request.form.get("version"))
    except RuleError as err:
        return _links_again(key, 422, err, seat)
    except StaleError:
        return _links_again(key, 409, RuleError(stale_message(), field="version"), seat)
    return see_other(url_for("table.links_page", key=key) + f"#link-{seat}")


def _links_again(key: str, status: int, err: RuleError, seat: str):
    shown = access.scribe(key)  # the game as it is now
    # the message goes next to the seat's robot form, or to the page's top when no such form is shown
    at_seat = robots_offered(shown.full) and seat.isdecimal() and int(seat) < shown.full.setup.n
    ctx = {**_links_ctx(key, shown), **error_ctx(err), "robot_seat": seat if at_seat else None}
    return render_template("table/links.html", **ctx), status
