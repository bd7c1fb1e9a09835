"""One process's held streams: who follows which game, and each change rendered once per
game, version and kind of viewer, then written to every stream that shows it.

A change is found in the database, not announced by the writer: any process (a second
worker, ``scribe record``, another node) may write. A change source (``changes.py``: SQLite's
``PRAGMA data_version`` each tick, PostgreSQL's LISTEN) names the games that may have moved,
then one indexed select reads their versions; a write in this process wakes the hub at
once (``wake``). A group (``scribe.web.live.share_key``: the TV and every watcher of a
game are one; a seat or the Scribe its own phone) renders its fragment through the app
itself, with its viewer's own request, so what it may not see is removed exactly as for
a poll; the bytes are then shared by all its streams. A stream whose page shows the
group's render before is sent only the parts that changed since (``parts.py``, one diff
per group and version); one further behind, the whole fragment.
"""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from ..bridge import call_whole
from ..web.live import FOLLOW_HEADER, event, sheet_event, version_of
from . import many_games
from .changes import SqliteChanges
from .parts import Node, step, tree

# A link the Scribe stops, a seat released, a game deleted move no version: the change
# source names them (PostgreSQL's notices, SQLite's journal), and their groups ask again at
# once. What no change names (a pending claim's wait running out) is heard by each group
# asking its fragment again this often (the poll's cheap 204 when nothing moved), spread
# over the interval a slice at a time, so thousands of held groups never ask in one burst.
# The default of the PUSH_RECHECK_SECONDS setting.
RECHECK_SECONDS = 30.0
RECHECK_SLICES = 10
PING_SECONDS = 20  # an idle stream says it is alive: proxies and phones keep it, dead ones are found
PING = event("ping")
RELOAD = event("reload")  # the link no longer opens this view: the page reloads and says why
_FOLLOW = FOLLOW_HEADER.lower().encode("latin1")


@dataclass(eq=False)
class Member:
    """One held stream: the version its page shows once what it was given is written, and
    what is not written yet. A whole fragment replaces what waits (a slow phone is sent
    only the newest); a change in parts waits after what came before it, which it needs."""

    version: int
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    pending: bytes = b""
    ended: bool = False
    group: Any = None

    def give(self, data: bytes, end: bool = False) -> None:
        self.pending = data if not end else self.pending + data
        self.ended = self.ended or end
        self.wake.set()

    def show(self, group: Group) -> None:
        """Bring the page to the group's newest render: by its parts if they apply to the
        version the page will show and weigh less than the whole with what waits, else whole."""
        if group.version <= self.version:
            return
        step = group.step
        if step and group.base == self.version and len(self.pending) + len(step) < len(group.body):
            self.give(self.pending + step)
        else:
            self.give(group.whole())
        self.version = group.version

    def take(self) -> bytes:
        self.wake.clear()
        data, self.pending = self.pending, b""
        return data


@dataclass(eq=False)
class Group:
    """The streams that are shown the same bytes: one render each version."""

    game: str
    share: str
    path: str
    environ: dict[str, Any]
    version: int
    members: set[Member] = field(default_factory=set)
    body: bytes = b""  # the newest render (before the first, the fragment the first page was sent)
    root: Node | None = None  # its parts (None: it has none)
    rendered: bool = False  # ``body`` is the group's own render, for a stream that joins after it
    step: bytes = b""  # the parts event that turns the render of version ``base`` into the newest
    base: int = -1
    last: bytes = b""  # the newest render as a whole event, made when a stream first needs it
    busy: bool = False
    again: bool = False
    follows: set[str] = field(default_factory=set)  # more games its render is made of (an event's: many_games.py)

    def whole(self) -> bytes:
        if not self.last:
            self.last = sheet_event(self.body)
        return self.last


class Hub:
    """Streams by game and group; ``run`` watches the database until cancelled."""

    def __init__(self, wsgi_app: Callable, source: str | Any, pool: Executor):
        self.app, self.pool = wsgi_app, pool
        config = getattr(wsgi_app, "config", {})
        self.recheck = float(config.get("PUSH_RECHECK_SECONDS", RECHECK_SECONDS))
        self.source = SqliteChanges(source) if isinstance(source, str) else source
        self.groups: dict[str, Group] = {}
        self.games: dict[str, dict[str, Group]] = {}
        self.seen: dict[str, int] = {}  # each followed game's newest version found
        self.renders = 0  # how many fragments were rendered (bench/push.py reports it)
        self._named: set[str] = set()  # games to read at once: just followed, or written here
        self._touched: set[str] = set()  # games whose groups ask again at once, moved or not
        self._woken: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def wake(self, game: str | None = None, touched: bool = False) -> None:
        """A request in this process may have written (``game``, when it is known): look now,
        not at the next tick. Called from any thread. While no stream is held there is
        nothing to look for: no wake-up of the loop (a write's thread would otherwise
        cross to it after every write). A stream that joins meanwhile reads its game at
        once (``join``), so it misses no write made before. ``touched``: ``game``'s screens
        ask again though its version did not move (its rematch was made)."""
        loop = self._loop
        if loop is not None and self.games:
            try:
                loop.call_soon_threadsafe(self._poke, game, touched)
            except RuntimeError:  # the loop has closed: the server is stopping
                pass

    def _poke(self, game: str | None = None, touched: bool = False) -> None:
        if game is not None:
            self._named.add(game)
            if touched:
                self._touched.add(game)
        elif self.games:
            self._named.update(self.games)  # a write, game unknown: every followed game is read
        if self._woken is not None:
            self._woken.set()

    # ------------------------------------------------------------------ streams

    def join(self, stream: dict[str, Any]) -> Member:
        """Hold a stream its view (``scribe.web.live``) opened; a change between that view's
        read and now is sent at once."""
        game, share = stream["game"], stream["share"]
        group = self.groups.get(share)
        if group is None:
            group = Group(game, share, stream["path"], stream["environ"], stream["version"])
            if stream.get("fragment"):  # the render the page shows: the next change may come in parts
                group.body, group.root = stream["fragment"], tree(stream["fragment"])
            self.groups[share] = group
            self.games.setdefault(game, {})[share] = group
            self._poke(game)
            many_games.join(self, group, stream.get("follows"))
        member = Member(stream["version"], group=group)
        if group.rendered and group.version > member.version:
            member.show(group)
        group.members.add(member)
        if self.seen.get(game, -1) > group.version:
            self._publish(group)
        return member

    def leave(self, member: Member) -> None:
        group = member.group
        group.members.discard(member)
        if not group.members and not group.busy:
            self._drop(group)

    def _drop(self, group: Group) -> None:
        if self.groups.get(group.share) is not group:
            return
        self.groups.pop(group.share, None)
        shares = self.games.get(group.game, {})
        shares.pop(group.share, None)
        if not shares:
            self.games.pop(group.game, None)
            self.seen.pop(group.game, None)
        many_games.drop(self, group)

    def close(self) -> None:
        """The server stops: every stream ends now (the pages reconnect to the next one)."""
        for group in list(self.groups.values()):
            for member in group.members:
                member.give(b"", end=True)

    def count(self) -> int:
        return sum(len(g.members) for g in self.groups.values())

    # ------------------------------------------------------------------ changes

    async def run(self) -> None:
        """Until cancelled: wait for a tick or a wake, then read the versions of the games the
        source names and render the groups whose game moved."""
        loop = self._loop = asyncio.get_running_loop()
        self._woken = asyncio.Event()
        source = self.source
        await source.open(lambda: self._woken.set())
        try:
            rechecked, pinged, turn = loop.time(), loop.time(), 0
            while True:
                try:
                    await asyncio.wait_for(self._woken.wait(), source.tick)
                except TimeoutError:
                    pass
                self._woken.clear()
                if not self.games:
                    self._named.clear()
                    self._touched.clear()
                    continue
                if loop.time() - pinged >= PING_SECONDS:  # one timer for all streams, not one each
                    pinged = loop.time()
                    for group in self.groups.values():
                        for member in group.members:
                            if not member.pending:
                                member.give(PING)
                if loop.time() - rechecked >= self.recheck / RECHECK_SLICES:
                    rechecked = loop.time()
                    turn = (turn + 1) % RECHECK_SLICES
                    for group in list(self.groups.values())[turn::RECHECK_SLICES]:
                        self._publish(group)
                named, self._named = self._named, set()
                touched, self._touched = self._touched, set()
                ids = await source.moved(list(self.games), named)
                if ids:
                    moved = self._changed(await source.versions(ids))
                    for game in (source.touched | touched) - moved:  # a link changed: its pages may have to say so
                        for group in list(self.games.get(game, {}).values()):
                            self._publish(group)
        finally:
            self._loop = None
            await source.close()

    def _changed(self, versions: dict[str, int]) -> set[str]:
        """Render the groups of the games whose version moved; those games."""
        moved = set()
        for game, version in versions.items():
            if version > self.seen.get(game, -1):
                self.seen[game] = version
                moved.add(game)
                for group in list(self.games.get(game, {}).values()):
                    self._publish(group)
        return moved

    def _publish(self, group: Group) -> None:
        if group.busy:
            group.again = True  # rendered again when the render under way ends
            return
        group.busy = True
        asyncio.get_running_loop().create_task(self._render(group))

    async def _render(self, group: Group) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                group.again = False
                status, headers, body = await loop.run_in_executor(self.pool, self._call, group)
                self.renders += 1
                many_games.update(self, group, headers)
                followed = next((v for k, v in headers if k == _FOLLOW), None)
                if followed:  # Play again: each stream's page opens its holder's link of the next game
                    for member in group.members:
                        member.give(event("follow", followed), end=True)
                    group.members.clear()
                elif status == 200:
                    version = version_of(body)
                    if version is not None and version > group.version:
                        self._step(group, version, body)
                        for member in group.members:
                            member.show(group)
                elif status != 204:  # revoked, released, deleted: as the poll would say
                    for member in group.members:
                        member.give(RELOAD, end=True)
                    group.members.clear()
                if not group.again:
                    break
        finally:
            group.busy = False
            if not group.members:
                self._drop(group)

    def _step(self, group: Group, version: int, body: bytes) -> None:
        """The group's new render, and its parts event from the render before when parts
        can say it (the whole event is made only if a stream needs it)."""
        if group.root is not None:  # read from the render before: where its bytes are the same, its parts are
            root, diff = step(group.body, group.root, body)
        else:
            root, diff = tree(body), None
        group.step = event("parts", diff.data(group.version), version) if diff is not None else b""
        group.base = group.version
        group.version, group.body, group.root, group.rendered, group.last = version, body, root, True, b""

    def _call(self, group: Group) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The group's fragment from the app, as its viewer's poll would ask for it."""
        environ = dict(group.environ)
        environ.update({"REQUEST_METHOD": "GET", "PATH_INFO": _path_info(group.path, environ),
                        "QUERY_STRING": f"v={group.version}", "wsgi.input": io.BytesIO(),
                        "wsgi.errors": sys.stderr, "scribe.push.render": True})
        return call_whole(self.app, environ)


def _path_info(path: str, environ: dict[str, Any]) -> str:
    root = environ.get("SCRIPT_NAME", "")
    return path[len(root):] if root and path.startswith(root) else path
