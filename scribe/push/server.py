"""The uvicorn server of one process, the Flask app under ``PushApp`` (``asgi.py``): what
``scribe serve`` runs alone, and what each of ``--workers`` runs (``scribe/multicore.py``).
Apart from ``scribe/server.py``, which parses the command line and prints the banner, so
that the workers' module and the command's need not import each other.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any

DRAIN_SECONDS = 10  # on SIGTERM: how long requests already received may take to finish
# Phones poll every 2 s; a reverse proxy keeps its upstream connections open longer still.
# 75 s (nginx's default) outlives both, and sits above the 60 s the shipped Caddyfile lets an
# idle upstream connection live, so the proxy never reuses one the server is closing.
KEEPALIVE_SECONDS = 75


def push_server(app, host: str, port: int, threads: int, connection_limit: int,
                ready: Callable[[], None] = lambda: None, streams: bool = True, **settings: Any) -> Any:
    """The uvicorn server of one process, the app under ``server.push`` (scribe/push):
    ``scribe serve`` alone, and each of ``--workers`` (``settings``: more of uvicorn's
    config, e.g. the worker's heartbeat). ``streams`` False: Flask's requests alone, no
    stream held (a bench's floor app served as Scribe is)."""
    import asyncio

    import uvicorn

    from .asgi import PushApp

    if streams:
        push = PushApp(app, threads)
    else:
        from ..bridge import WholeRequests

        push = WholeRequests(app, threads, app.config.get("MAX_CONTENT_LENGTH") or 64 * 1024)
        push.wsgi, push.close = push, lambda: None  # as PushApp's, for the stop below
    options: dict[str, Any] = {
        "lifespan": "on" if streams else "off", "log_config": None, "log_level": "warning",
        "access_log": False,  # scribe.access logs each request, tokens redacted
        "proxy_headers": False,  # scribe/web/proxy.py alone decides whom to believe
        "server_header": False, "limit_concurrency": connection_limit, "backlog": 2048,
        "timeout_keep_alive": KEEPALIVE_SECONDS, "timeout_graceful_shutdown": DRAIN_SECONDS}
    config = uvicorn.Config(push, host=host, port=port, **{**options, **settings})

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            """As uvicorn's, but the signal is not raised again once stopped: a stop asked
            for is a clean exit (0), as systemd and the tests expect."""
            try:
                asyncio.get_running_loop().call_soon_threadsafe(push.close)
            except RuntimeError:
                push.close()
            if self.should_exit and sig == signal.SIGINT:
                self.force_exit = True
            else:
                self.should_exit = True

        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                ready()

    server = Server(config)
    server.push = push
    return server

