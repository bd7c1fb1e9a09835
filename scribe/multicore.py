"""``scribe serve --workers N``: gunicorn's gthread workers, one process per core.

Python runs one thread at a time per process, so a second core needs a second process.
Each worker builds its own app (own SQLite connections, own rate-limit memory); the
writes stay correct across processes through SQLite's lock (``BEGIN IMMEDIATE`` waiting
``busy_timeout``) and the version check of ``store.append_entry``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

# Phones poll every 2 s; a reverse proxy keeps its upstream connections open longer still.
# 75 s (nginx's default) outlives both, and sits above the 60 s the shipped Caddyfile lets an
# idle upstream connection live, so the proxy never reuses one the server is closing.
KEEPALIVE_SECONDS = 75
GRACEFUL_SECONDS = 10


def require_gunicorn(workers: int) -> None:
    """Unavailable unless gunicorn can run here: it comes with the hosted extra, and does
    not run on Windows at all."""
    from .unavailable import HostedExtraMissing, Unavailable

    if sys.platform == "win32":
        raise Unavailable(f"--workers {workers} needs gunicorn, which does not run on Windows; "
                          "use --workers 1 (one process, uvicorn).")
    try:
        import gunicorn.app.base  # noqa: F401
    except ImportError as missing:
        raise HostedExtraMissing(f"--workers {workers} (several processes, gunicorn)",
                                 missing.name or "gunicorn", "use --workers 1 (one process)") from None


def serve_workers(make_app: Callable[[], Any], host: str, port: int, workers: int, threads: int,
                  connection_limit: int, log_level: str | None = None) -> int:
    """Run gunicorn in this process until SIGTERM/SIGINT (Unavailable when it cannot run here)."""
    require_gunicorn(workers)
    from gunicorn.app.base import BaseApplication

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    options = {
        "bind": [bind],
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "worker_connections": connection_limit,
        "keepalive": KEEPALIVE_SECONDS,
        "graceful_timeout": GRACEFUL_SECONDS,
        "forwarded_allow_ips": "",  # scribe/web/proxy.py alone decides whom to believe
        "accesslog": None,  # scribe.access logs each request, tokens redacted
        "errorlog": "-",
        "loglevel": (log_level or "info").lower(),
        "proc_name": "scribe",
        "control_socket_disable": True,
        "on_exit": lambda _arbiter: print("Scribe stopped.", flush=True),
    }

    class Scribe(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                if key in self.cfg.settings:  # older gunicorns lack some settings
                    self.cfg.set(key, value)

        def load(self):
            return make_app()

    Scribe().run()
    return 0
