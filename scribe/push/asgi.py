"""The app as ``scribe serve`` runs it: Flask, mounted under ASGI (``scribe.bridge``
hands every ordinary request to a worker thread whole), and the event streams held on the event loop, where an
idle stream costs a few kilobytes and no thread.

A stream's first answer comes from Flask (``scribe.web.live``: the link's checks, the
first events); when that view asks for it to be held, the connection stays open and the
hub writes each change to it.
"""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import build_environ

from ..bridge import WholeRequests, call_whole
from ..web.live import PUSH, STREAM, WAKE
from .changes import source_for
from .hub import Hub


class PushApp:
    """ASGI: ``/…/events`` held here, everything else Flask's."""

    def __init__(self, flask_app: Any, threads: int = 8):
        self.flask = flask_app
        self.wsgi = WholeRequests(flask_app, threads, flask_app.config.get("MAX_CONTENT_LENGTH") or 64 * 1024)
        self.pool = ThreadPoolExecutor(max_workers=max(2, threads // 2), thread_name_prefix="scribe-push")
        self.source = source = source_for(flask_app.config)
        self.hub = Hub(flask_app, source, self.pool)
        if source.wakes:
            flask_app.extensions[WAKE] = self.wake  # a write here: the streams hear it now
        self.closing = False
        self._watch: asyncio.Task | None = None

    async def __call__(self, scope: dict, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http" and scope["method"] == "GET" and scope["path"].endswith("/events"):
            await self._stream(scope, receive, send)
        else:
            await self.wsgi(scope, receive, send)

    def wake(self, game: str | None = None, touched: bool = False) -> None:
        """A request here may have written (``scribe.web.live``). A game unknown: the
        source looks now at what was appended (the hub alone would read every followed
        game's version); a game named goes to the hub. Nothing while no stream is held."""
        if game is None and not touched:
            if self.hub.games:
                self.source.nudge()
        else:
            self.hub.wake(game, touched)

    def close(self) -> None:
        """The server stops: streams end now, so they do not hold up the drain."""
        self.closing = True
        self.hub.close()

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self._watch = asyncio.get_running_loop().create_task(self.hub.run())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                if self._watch is not None:
                    self._watch.cancel()
                self.pool.shutdown(wait=False)
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _stream(self, scope: dict, receive, send) -> None:
        environ = build_environ(scope, io.BytesIO())
        environ[PUSH] = not self.closing
        loop = asyncio.get_running_loop()
        status, headers, body = await loop.run_in_executor(self.pool, call_whole, self.flask, environ)
        held = environ.get(STREAM) if status == 200 else None
        if held is None:
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        headers = [(k, v) for k, v in headers if k != b"content-length"]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body, "more_body": True})
        member = self.hub.join(held)
        gone = loop.create_task(_disconnect(receive, member))
        try:
            while True:
                await member.wake.wait()
                data = member.take()
                if member.ended:
                    break
                if data:
                    await send({"type": "http.response.body", "body": data, "more_body": True})
            if not gone.done():  # ended here (revoked, or the server stops), not by the phone
                await send({"type": "http.response.body", "body": data, "more_body": False})
        finally:
            gone.cancel()
            self.hub.leave(member)


async def _disconnect(receive, member) -> None:
    """Wait for the phone to go; then its stream ends."""
    while (await receive())["type"] != "http.disconnect":
        pass
    member.give(b"", end=True)
