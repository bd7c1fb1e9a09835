"""The turn runner of the robots in seats (issue 37): after every recorded act, a robot
whose move it is makes it through ``service.act`` (the one verify-then-append path, at the
version it decided on), and the next robot after it, until a person's turn.

``install`` hooks it into ``service.AFTER_ACT``. With a pause (``SCRIBE_BOT_PAUSE_MS``,
600 ms by default, so people see each move land) the moves are made on a thread of their
own, one per game in this process; with no pause (the tests) they are made at once, in
the request that recorded the act. A person's tap landing first makes the robot's append
stale (StaleError): it decides again. Nothing here is needed for a game to go on: a
thread lost with its process is started again by the next read of that game (``kick``,
from a page load or a poll), and on several nodes sharing one PostgreSQL the conditional
append lets only one node's move land.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from . import service, store
from .bots import decider
from .rules.errors import RuleError
from .rules.log import UNDO

log = logging.getLogger("scribe")

PAUSE_MS = 600  # the default pause before a robot's move (SCRIBE_BOT_PAUSE_MS)
# After an undo the robots hold this long, so the Scribe can take back more than the
# robot's last move (the robot would play it again at once, the same dice giving the
# same move); then the next read of the game (``kick``) lets them play on.
HOLD_AFTER_UNDO_S = 8.0
MOVES_MAX = 2000  # more moves in one run than any game has: a robot that never stops is a bug

Opener = Callable[[], AbstractContextManager[Any]]  # a database connection for a thread of its own


class _Runner:
    """This process's settings and the games whose robots are playing on a thread."""

    def __init__(self) -> None:
        self.pause = 0.0
        self.opener: Opener | None = None
        self.lock = threading.Lock()
        self.running: set[str] = set()
        self.again: set[str] = set()  # an act landed while the game's thread was on its way out
        self.idle: dict[str, int] = {}  # game id -> the version at which its robots had nothing to do
        self.robotless: service.Recent[str, bool] = service.Recent(4096)  # games seen without robots (polls skip them)


RUNNER = _Runner()
_here = threading.local()  # set while this thread makes robots' moves: their own acts start nothing


def install(pause_ms: Any = PAUSE_MS, opener: Opener | None = None) -> None:
    """Hook the runner into ``service.act``; ``opener`` gives a thread its own connection
    (without one, or with no pause, the moves are made in the request that recorded the act)."""
    try:
        pause = max(0.0, float(pause_ms) / 1000)
    except (TypeError, ValueError):
        pause = PAUSE_MS / 1000
    RUNNER.pause, RUNNER.opener = pause, opener
    if after_act not in service.AFTER_ACT:
        service.AFTER_ACT.append(after_act)


class _Holding(Exception):
    """The robots hold: the game's last entry is an undo made a moment ago."""


def next_move(db: Any, game_id: str, hold: float = HOLD_AFTER_UNDO_S) -> tuple[int, str, dict[str, Any]] | None:
    """(the version it was decided at, kind, data) of the first robot seat with a move now,
    each asked with its own seat's view only; None when no robot has anything to do.
    Raises _Holding within ``hold`` seconds of an undo."""
    game, sheet, entries = service.load(db, game_id)
    robots = getattr(sheet, "robots", None) or {}
    decide = decider(game.game) if robots else None
    if decide is None or getattr(sheet, "finished", False):
        return None
    if hold and entries and entries[-1].kind == UNDO and _age(entries[-1].at) < hold:
        raise _Holding
    rules = service.rules_for(game)
    for seat, held in sorted(robots.items()):
        move = decide(rules.view(sheet, entries, seat), seat, held["level"], held["seed"])
        if move is not None:
            return sheet.version, move[0], move[1]
    return None


def _age(at: str) -> float:
    """Seconds since an entry's time (``store.now``'s ISO text); long ago if unreadable."""
    try:
        then = datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return float("inf")
    if then.tzinfo is None:
        then = then.replace(tzinfo=UTC)
    return (datetime.now(UTC) - then).total_seconds()


def run_pending(db: Any, game_id: str, pause: float = 0.0, hold: float = HOLD_AFTER_UNDO_S) -> int:
    """Play every pending robot move of the game now (each ``pause`` seconds after the
    robot was asked, its thinking included, or as soon as it decided if it thought longer;
    none within ``hold`` seconds of an undo: ``HOLD_AFTER_UNDO_S``); returns how many were
    recorded. A move another writer made stale is decided again; a
    move the rules refuse at the version it was decided on is a robot's bug: logged, and
    the robots stop there (the game waits for a person, never loops)."""
    made = 0
    was, _here.busy = getattr(_here, "busy", False), True
    try:
        for _ in range(MOVES_MAX):
            asked = time.monotonic()
            try:
                found = next_move(db, game_id, hold)
            except (service.NotFound, _Holding):
                return made
            if found is None:
                RUNNER.idle[game_id] = service.load(db, game_id)[1].version
                return made
            version, kind, data = found
            if pause:  # the move lands a pause after its turn: the robot's thinking is part of it
                time.sleep(max(0.0, pause - (time.monotonic() - asked)))
            try:
                service.act(db, game_id, kind, data, version)
            except store.StaleError:
                continue
            except RuleError as err:
                if service.load(db, game_id)[1].version == version:
                    log.error("robot move refused in game %s at version %s: %s %s (%s)", game_id, version, kind,
                              data, err)
                    return made
                continue  # another write changed the game meanwhile: decide again
            made += 1
        log.error("robots of game %s still moving after %s moves", game_id, MOVES_MAX)
        return made
    finally:
        _here.busy = was


def after_act(db: Any, game_id: str, sheet: Any) -> None:
    """``service.AFTER_ACT``'s hook: robots play on, if the game has any."""
    if getattr(_here, "busy", False) or not getattr(sheet, "robots", None):
        return
    RUNNER.robotless.put(game_id, False)
    RUNNER.idle.pop(game_id, None)
    _go(db, game_id)


def kick(db: Any, game_id: str, sheet: Any) -> None:
    """The read path's call (a page load, a poll): robots with a move and no thread making
    it (the process restarted, a thread was lost) start again. Cheap when there is
    nothing to do: the game was seen idle at this version."""
    if not getattr(sheet, "robots", None) or getattr(sheet, "finished", False):
        return
    if RUNNER.idle.get(game_id) == sheet.version or getattr(_here, "busy", False):
        return
    _go(db, game_id)


def poll_kick(db: Any, game_id: str, version: int) -> None:
    """A poll's ``kick``: the game read once a process (its robots a thread lost, or the
    process restarted), then only while it has robots with something to do."""
    if RUNNER.idle.get(game_id) == version or RUNNER.robotless.get(game_id):
        return
    _game, sheet, _log = service.load(db, game_id)
    if not getattr(sheet, "robots", None):
        RUNNER.robotless.put(game_id, True)
        return
    kick(db, game_id, sheet)


def _go(db: Any, game_id: str) -> None:
    if not RUNNER.pause or RUNNER.opener is None:
        run_pending(db, game_id)
        return
    with RUNNER.lock:
        if game_id in RUNNER.running:
            RUNNER.again.add(game_id)
            return
        RUNNER.running.add(game_id)
    threading.Thread(target=_work, args=(game_id,), name=f"scribe-robots-{game_id}", daemon=True).start()


def _work(game_id: str) -> None:
    """A game's robots on their own thread, until none has a move and no act came meanwhile."""
    try:
        while True:
            assert RUNNER.opener is not None
            with RUNNER.opener() as db:
                run_pending(db, game_id, RUNNER.pause)
            with RUNNER.lock:
                if game_id not in RUNNER.again:
                    RUNNER.running.discard(game_id)
                    return
                RUNNER.again.discard(game_id)
    except Exception:  # a thread must never die silently with the game marked running
        log.exception("robots of game %s stopped", game_id)
        with RUNNER.lock:
            RUNNER.running.discard(game_id)
            RUNNER.again.discard(game_id)
