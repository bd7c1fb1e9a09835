"""The robot's hint for learners (issue 37): on a seat's own phone, when it is that seat's
turn, what the robot would bid, say or play there, decided from that seat's view only,
by the same searching players as a robot seat at a medium budget. A hint only: the
player still taps their own choice, and nothing is recorded.

The hints are a table setting the Scribe turns on or off (``games.hints``, m016), never
an entry of the game: the record of play stays what was played. Only on the virtual deck
of a game with a robot, and never at a club night's table (a tournament is played
without help). No Flask: the web layer words the hint (``scribe.web.hints``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from hashlib import blake2b
from typing import Any, Final

from . import bots
from .rules.errors import N_, RuleError
from .service import Recent
from .store import events as store_events, games as store_games
from .store.games import Database

LEVEL: Final = "medium"  # the search budget of a hint: a second at most on a phone's turn
log = logging.getLogger("scribe")

Decide = Callable[[Any, int, str, int], "tuple[str, dict[str, Any]] | None"]


class ClubNightTable(RuleError):
    """A club night's table: a tournament is played without the robot's hints."""


def decider(game_name: str) -> Decide | None:
    """The robot's ``decide`` for ``game_name``, None for a game no robot plays."""
    return bots.decider(game_name)


def deals_on_phones(setup: Any) -> bool:
    """Whether the game is dealt by Scribe to the phones (the virtual deck): a robot sees
    only cards it is dealt. Belote's setup says it itself, the bidding family's rules do."""
    return bool(getattr(setup, "virtual_deck", False)
                or getattr(getattr(setup, "rules", None), "virtual_deck", False))


def offered(game_name: str, setup: Any) -> bool:
    """Whether a table of this game may turn the hints on."""
    return deals_on_phones(setup) and decider(game_name) is not None


def verify_switch(raw: Any) -> bool:
    """A switch as sent: "on" or "off" from a form, true or false from JSON.

    >>> verify_switch("on"), verify_switch(False)
    (True, False)
    >>> verify_switch("maybe")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Turn the robot's hints on or off.
    """
    if raw is True or raw == "on":  # ``is``: 1 == True, and 1 is no switch
        return True
    if raw is False or raw in ("off", ""):
        return False
    raise RuleError(N_("Turn the robot's hints on or off."), field="hints")


def at_club_night(db: Database, game_id: str) -> bool:
    """Whether the game is a table of a club night (``scribe.events``)."""
    return bool(store_events.events_of(db, [game_id]))


def check(db: Database, game_id: str | None, game_name: str, setup: Any, on: bool) -> None:
    """Refuse turning the hints on where they may not be (a RuleError next to the switch);
    ``game_id`` None: a game about to be made. Off is always allowed but at a club night."""
    if game_id is not None and at_club_night(db, game_id):
        raise ClubNightTable(N_("A club night's tables are played without the robot's hints."), field="hints")
    if on and not deals_on_phones(setup):
        raise RuleError(N_("The robot's hints need the cards dealt on the phones (the virtual deck)."),
                        field="hints")
    if on and decider(game_name) is None:
        raise RuleError(N_("No robot plays this game yet: there is no hint to give."), field="hints")


def switch(db: Database, game_id: str, game_name: str, setup: Any, raw: Any) -> bool:
    """Turn the table's hints on or off; False when they already were (nothing written)."""
    on = verify_switch(raw)
    check(db, game_id, game_name, setup, on)
    if store_games.hints_on(db, game_id) == on:
        return False
    store_games.set_hints(db, game_id, on)
    return True


def shown_at(db: Database, game_id: str, game_name: str, setup: Any) -> bool:
    """Whether this table's seats are shown the hint now (on, and still a table that may)."""
    return offered(game_name, setup) and store_games.hints_on(db, game_id) and not at_club_night(db, game_id)


# One decision per game, version and seat: a page rendered again (a poll, a second tab, the
# answer to a refused tap) asks nothing more of the search. A version names one view for good.
_decided: Recent[tuple[Any, ...], tuple[Any, ...]] = Recent(512)


def seed_of(game_id: str) -> int:
    """The hint's dice for a game: from its id, so a page shown again gives the same hint."""
    return int.from_bytes(blake2b(game_id.encode(), digest_size=8).digest(), "big")


def hint(game_id: str, game_name: str, view: Any, seat: int, seed: int,
         sight: tuple[int, ...] = ()) -> tuple[str, dict[str, Any]] | None:
    """What the robot would send from ``seat`` now, read from ``view`` (the seat's own,
    already redacted for it) with the dice of ``seed`` (a game's: ``seed_of``); None when
    it is not the seat's turn. ``sight``: what else shapes the view than the version (a
    link's horizon: a seat's new link may not see a hand dealt before it, so it is never
    given a hint read from the old link's). A robot that fails gives no hint, never a
    broken page."""
    key = (game_id, view.version, seat, *sight)
    hit = _decided.get(key)
    if hit is None:
        decide = decider(game_name)
        try:
            move = decide(view, seat, LEVEL, seed) if decide is not None else None
        except Exception:  # a hint is a help: a robot's failure must not stop the game
            log.exception("no hint for seat %s of game %s at version %s", seat, game_id, view.version)
            move = None
        hit = (move,)
        _decided.put(key, hit)
    return hit[0]
