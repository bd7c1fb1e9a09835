"""``scribe serve --workers N``: N processes, each the same server as one-process ``scribe
serve`` (uvicorn, the Flask app and the held streams of scribe/push), under gunicorn's
arbiter, which binds the port once, forks them, replaces one that dies or hangs, and
stops them all on SIGTERM/SIGINT.

Python runs one thread at a time per process, so a second core needs a second process.
Each worker builds its own app (own SQLite connections, own rate-limit memory) and its own
hub: the streams of one game may sit in different workers, and each worker's hub finds
the others' writes in the database (SQLite's ``data_version``, PostgreSQL's LISTEN:
scribe/push/changes.py). The writes stay correct across processes through SQLite's lock
(``BEGIN IMMEDIATE`` waiting ``busy_timeout``) and the version check of
``store.append_entry``.

The worker class is ours, not ``uvicorn.workers`` (deprecated in uvicorn 0.54, to be
removed) nor the ``uvicorn-worker`` package (a dependency for these few lines): each
worker runs ``push.server.push_server``, the very server ``scribe serve`` runs alone.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from typing import Any

from .push.server import KEEPALIVE_SECONDS  # noqa: F401 (bench/baseline_app.py reads it here too)

# a worker drains for push.server.DRAIN_SECONDS, then ends its threads: the arbiter waits that
# long and a little more before it kills what is left
GRACEFUL_SECONDS = 15
HANG_SECONDS = 30  # a worker whose event loop has not ticked this long is killed and replaced


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


def worker_class(host: str, port: int, threads: int, connection_limit: int, streams: bool = True) -> type:
    """The gunicorn worker that runs one ``scribe serve`` process on the arbiter's sockets."""
    from gunicorn.arbiter import Arbiter
    from gunicorn.workers.base import Worker

    from .push.server import push_server

    class PushWorker(Worker):
        def init_signals(self) -> None:
            # uvicorn takes SIGINT and SIGTERM while it serves; gunicorn's own handlers would
            # end the process at once, mid-request
            for sig in self.SIGNALS:
                signal.signal(sig, signal.SIG_DFL)
            signal.signal(signal.SIGUSR1, self.handle_usr1)
            signal.siginterrupt(signal.SIGUSR1, False)

        def run(self) -> None:
            server = push_server(self.wsgi, host, port, threads, connection_limit, streams=streams,
                                 callback_notify=self._alive, timeout_notify=max(1, self.timeout // 4))
            # the arbiter's quick stop (on SIGINT, or SIGQUIT) sends SIGQUIT: drained all the same
            signal.signal(signal.SIGQUIT, lambda _sig, frame: server.handle_exit(signal.SIGTERM, frame))
            # uvicorn's loop closes the sockets it serves: its own copies, not gunicorn's
            server.run(sockets=[s.dup() for s in self.sockets])
            server.push.wsgi.workers.close()  # a request still running after the drain ends first
            if not server.started:
                sys.exit(Arbiter.WORKER_BOOT_ERROR)

        async def _alive(self) -> None:
            self.notify()  # the arbiter's heartbeat: a loop stuck this long is killed and replaced

    return PushWorker


def serve_workers(make_app: Callable[[], Any], host: str, port: int, workers: int, threads: int,
                  connection_limit: int, log_level: str | None = None,
                  ready: Callable[[], None] = lambda: None, streams: bool = True) -> int:
    """Run gunicorn in this process until SIGTERM/SIGINT (Unavailable when it cannot run
    here); ``ready`` once the port is bound, before the workers start. ``streams`` False:
    the workers serve the app's requests alone (bench/baseline_app.py, a floor)."""
    require_gunicorn(workers)
    from gunicorn.app.base import BaseApplication

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    options = {
        "bind": [bind],
        "backlog": 2048,
        "workers": workers,
        "worker_class": worker_class(host, port, threads, connection_limit, streams),
        "timeout": HANG_SECONDS,
        "graceful_timeout": GRACEFUL_SECONDS,
        "forwarded_allow_ips": "",  # scribe/web/proxy.py alone decides whom to believe
        "accesslog": None,  # scribe.access logs each request, tokens redacted
        "errorlog": "-",
        "loglevel": (log_level or "info").lower(),
        "proc_name": "scribe",
        "control_socket_disable": True,
        "when_ready": lambda _arbiter: ready(),
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
