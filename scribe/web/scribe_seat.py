"""The Scribe who also plays (issue 32, item 9): they say once which player they are, on
their own phone, and their page then shows that seat's own view beside the Scribe's: their
hand and their bid buttons, one tap each. That view is the seat's, made as the seat's
phone would be shown it (``sharing.open_link`` with this browser's device), never sent to
any other screen.

The phone may be passed round to players without one: the moment it is (the pass-the-phone
page), the seat's view is hidden on this browser until its Scribe shows it again with a
deliberate tap. That state lives in this browser's session, and every pass is a page of its
own, so a stream opened on the Scribe's page before the pass never renders after it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request, session, url_for

from .. import sharing
from ..games import rules_of
from ..store.links import PLAYER
from . import access
from .db import get_db
from .render import see_other

bp = Blueprint("scribe_seat", __name__)

MINE = "my_seats"  # session: the seat this browser's Scribe plays, by game
HIDDEN = "seat_hidden"  # session: the games whose Scribe's seat is hidden on this browser (passed round)
KEPT = 8  # games remembered hidden at most (the cookie stays small)


def hide(game_id: str) -> None:
    """The phone is being passed: the Scribe's own seat is hidden here until shown again."""
    hidden = [g for g in session.get(HIDDEN, []) if g != game_id][-(KEPT - 1):]
    session[HIDDEN] = [*hidden, game_id]


def show_again(game_id: str) -> None:
    if game_id in session.get(HIDDEN, []):
        session[HIDDEN] = [g for g in session[HIDDEN] if g != game_id]


def is_hidden(game_id: str) -> bool:
    return game_id in session.get(HIDDEN, [])


def seat_of(game_id: str) -> tuple[int, str] | None:
    """The seat this browser's Scribe said they play in the game (and its token), while
    this browser still holds it. Said on this page only: a player's link merely opened on
    the Scribe's phone (to try it) shows nothing of its hand here."""
    seat = session.get(MINE, {}).get(game_id)
    if not isinstance(seat, int):
        return None
    device = access.known_device()
    token = sharing.scribe_seat(get_db(), access.secret_key(), game_id, device, seat) if device else None
    return (seat, token) if token is not None else None


def _remember(game_id: str, seat: int) -> None:
    mine = {g: s for g, s in session.get(MINE, {}).items() if g != game_id}
    session[MINE] = {**dict(list(mine.items())[-(KEPT - 1):]), game_id: seat}


def context(game: Any, full: Any) -> dict[str, Any] | None:
    """``me`` for the Scribe's page: None when this browser plays no seat; the seat only
    while the phone is passed round (``hidden``); else the seat's own view: what it may bid
    now, its cards."""
    mine = seat_of(game.id)
    if mine is None:
        return None
    seat, token = mine
    if is_hidden(game.id):
        return {"seat": seat, "hidden": True}
    shown = sharing.open_link(get_db(), token, PLAYER, access.known_device())
    rules = rules_of(full)
    can_bid, waits = rules.player_bid_state(full, seat)
    return {"seat": seat, "hidden": False, "sheet": shown.sheet, "can_bid": can_bid, "waits": waits,
            "cards": sharing.own_hands(shown.sheet, seat)}


def choices(game: Any, full: Any, claimed: frozenset[int]) -> list[int]:
    """The seats the Scribe may say are theirs (a game where some viewer sees less: sealed
    bids, hands): those no other phone and no robot holds (issue 37)."""
    return [p for p in range(full.setup.n) if p not in claimed and sharing.robot_at(full, p) is None]


def sit(shown: Any) -> int:
    """The Scribe says which player they are, once for the game on this phone (the view,
    in web/play.py, answers a refusal on its page): the seat taken and remembered."""
    device = access.known_device()
    seat = sharing.sit(get_db(), access.secret_key(), shown, request.form.get("seat"), device or access.device(),
                       device is not None)
    _remember(shown.game.id, seat)
    show_again(shown.game.id)
    return seat


@bp.post("/games/<key>/seat/show")
def show_seat(key: str):
    """The phone is back with the Scribe: their own seat's view shows again (one deliberate tap)."""
    shown = access.scribe(key)
    show_again(shown.game.id)
    return see_other(url_for("play.game", key=key))
