"""Groups whose render is made of more than one game: an event's boards (issue 36: the
hall's TV, the organiser's page), which move with an entry at any of the event's tables.

Such a group is filed in the hub (``Hub.games``) under its own key (``Group.game``: the
event's id, which the change source names when the event itself changes, store m014)
and under each game its render is made of, so a change of any of them renders it as a
game's change renders the game's own groups: once per version of the whole, shared by
all its streams. The render says which games (``scribe.web.event_live.FOLLOWS_HEADER``),
so a partie drawn makes its new tables followed from the render that first shows them;
nothing here reads the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..web.event_live import FOLLOWS_HEADER

_HEADER = FOLLOWS_HEADER.lower().encode("latin1")


def join(hub: Any, group: Any, games: Iterable[str] | None) -> None:
    """A new group, filed under the games its stream's first answer named, and rendered
    once more now: a change between that answer and now (at a game filed only now) is
    not lost; the board's cheap 204 when there was none."""
    if games:
        _file(hub, group, set(games))
        hub._publish(group)


def update(hub: Any, group: Any, headers: list[tuple[bytes, bytes]]) -> None:
    """After a render: filed under the games it named (none named, a 204: as before)."""
    raw = next((v for k, v in headers if k == _HEADER), None)
    if raw is None:
        return
    games = set(raw.decode("latin1").split())
    if games - group.follows - {group.game}:
        # a new table: an entry made there between this render's read and now was heard
        # before the group was filed under it, so the group asks once more
        group.again = True
    _file(hub, group, games)


def drop(hub: Any, group: Any) -> None:
    """The group is gone: filed under nothing any more."""
    for game in group.follows:
        _unfile(hub, group, game)
    group.follows = set()


def _file(hub: Any, group: Any, games: set[str]) -> None:
    games.discard(group.game)
    for game in group.follows - games:
        _unfile(hub, group, game)
    for game in games - group.follows:
        hub.games.setdefault(game, {})[group.share] = group
    group.follows = games


def _unfile(hub: Any, group: Any, game: str) -> None:
    shares = hub.games.get(game, {})
    if shares.get(group.share) is group:
        del shares[group.share]
    if not shares:
        hub.games.pop(game, None)
        hub.seen.pop(game, None)
