"""One line per request on the ``scribe.access`` logger, with the secrets taken out.

Link tokens and game ids are capabilities and they sit in the paths, so the logged path
replaces them with ``<token>`` and the query string is never logged. Logged from a WSGI
middleware: the time and status include error pages, and the client address is the one
the trusted proxy fix worked out.
"""

from __future__ import annotations

import atexit
import logging
import logging.handlers
import os
import queue
import re
import sys
import threading
import time
from typing import Any, Callable

from flask import Flask

access = logging.getLogger("scribe.access")

# /games/<id>, /w/<token>, /p/<token>, /api/games/<id>, /api/watch/<token>, /api/player/<token>,
# and the longer forms (/watch/, /player/) pages may use; "new" is a page, not a secret
SECRET_PATH = re.compile(r"^(/(?:api/)?(?:games|w|p|watch|player))/(?!new(?:/|$))[^/]+")


def redact(path: str) -> str:
    """The path as it may be written to a log.

    >>> redact("/w/abcDEF123/sheet")
    '/w/<token>/sheet'
    >>> redact("/games/new")
    '/games/new'
    """
    return SECRET_PATH.sub(r"\1/<token>", path)


class AccessLog:
    """WSGI middleware timing each request until its answer's body is ready."""

    def __init__(self, app: Callable):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable):
        start = time.perf_counter()
        status = ["-"]

        def remember(code: str, headers: list, *exc_info: Any):
            status[0] = code.split(" ", 1)[0]
            return start_response(code, headers, *exc_info)

        try:
            return self.app(environ, remember)
        finally:
            if access.isEnabledFor(logging.INFO):
                access.info("%s %s %s %.1fms %s", environ.get("REQUEST_METHOD", "-"),
                            redact(environ.get("PATH_INFO", "")), status[0],
                            (time.perf_counter() - start) * 1000, environ.get("REMOTE_ADDR", "-"))


class Queued(logging.handlers.QueueHandler):
    """Hands each record to a thread of its own that formats and writes it, so a request
    thread never waits on the stream's lock nor on the write (issue 21: 15 % of the
    server's thread samples waited there). The message is made at once (its arguments
    may change later); the time stamp and a traceback are formatted by the writer.
    Each process starts its own writer the first time it logs: gunicorn forks its
    workers after this is set up, and a thread does not cross a fork."""

    def __init__(self, target: logging.Handler):
        super().__init__(queue.SimpleQueue())
        self.target = target
        self._pid: int | None = None
        self._lock_start = threading.Lock()

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        record.msg, record.args = record.getMessage(), None
        return record

    def emit(self, record: logging.LogRecord) -> None:
        if self._pid != os.getpid():
            self._start()
        super().emit(record)

    def _start(self) -> None:
        with self._lock_start:
            if self._pid == os.getpid():
                return
            self.queue = queue.SimpleQueue()  # a fork's copy may hold the parent's unwritten records
            writer = Writer(self.queue, self.target)
            writer.start()
            atexit.register(writer.stop)  # what is queued is written before the process ends
            self._pid = os.getpid()


class Writer:
    """The thread that writes the queued records, a batch at a time: woken by the first
    record after a pause, it lets ``GATHER_S`` pass and writes all that came meanwhile.
    Woken for each record instead (the standard QueueListener), it took Python's lock
    from a request thread at every request's first SQLite call, and a bid waited for it
    (issue 21: ~1 ms of wall time and ~0.15 ms of CPU per request on a loaded machine)."""

    GATHER_S = 0.05
    _STOP = object()

    def __init__(self, records: "queue.SimpleQueue[Any]", target: logging.Handler):
        self.records, self.target = records, target
        self._thread = threading.Thread(target=self._run, name="scribe-log-writer", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Write what is queued, then end the thread."""
        self.records.put(self._STOP)
        self._thread.join()

    def _run(self) -> None:
        while True:
            batch = [self.records.get()]
            time.sleep(self.GATHER_S)
            try:
                while True:
                    batch.append(self.records.get_nowait())
            except queue.Empty:
                pass
            for record in batch:
                if record is self._STOP:
                    return
                if record.levelno >= self.target.level:
                    self.target.handle(record)


def setup_logging(level: str | int = "INFO") -> None:
    """The serving process: the app's loggers (errors, access) on stderr, once, written
    by a thread of their own (``Queued``)."""
    logger = logging.getLogger("scribe")
    if not any(getattr(h, "_scribe", False) for h in logger.handlers):
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler = Queued(stream)
        handler._scribe = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
    logger.setLevel(str(level).upper() if isinstance(level, str) else level)


def init_app(app: Flask) -> None:
    logging.getLogger("scribe").setLevel(str(app.config.get("LOG_LEVEL") or "INFO").upper())
    app.wsgi_app = AccessLog(app.wsgi_app)
