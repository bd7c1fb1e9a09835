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
from collections.abc import Callable
from typing import Any

from flask import Flask

access = logging.getLogger("scribe.access")

# /games/<id>, /w/<token>, /p/<token>, /api/games/<id>, /api/watch/<token>, /api/player/<token>,
# and the longer forms (/watch/, /player/) pages may use, an event's links (/api/events/<token>,
# issue 36); "new" is a page, not a secret
SECRET_PATH = re.compile(r"^(/(?:api/)?(?:games|w|p|watch|player|events))/(?!new(?:/|$))[^/]+")


def redact(path: str) -> str:
    """The path as it may be written to a log.

    >>> redact("/w/abcDEF123/sheet")
    '/w/<token>/sheet'
    >>> redact("/api/events/abcDEF123/ranking")
    '/api/events/<token>/ranking'
    >>> redact("/games/new")
    '/games/new'
    """
    found = SECRET_PATH.match(path)  # one match at the start: cheaper than sub's template
    return path if found is None else found.group(1) + "/<token>" + path[found.end():]


LINE = "%s %s %s %.1fms %s"  # method, path (redacted), status, time, client


class AccessLog:
    """WSGI middleware timing each request until its answer's body is ready.

    When the writer's handler (``Queued``, ``setup_logging``) is the only one that would
    see the line, the request hands it the line's parts and the writer's thread makes the
    record: making it here cost more than the rest of the line (issue 21). Otherwise
    (another handler, a filter, a test's capture) the record is made here, without the
    logging call's search for the caller's file and line, which the line does not show."""

    def __init__(self, app: Callable):
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable):
        if not access.isEnabledFor(logging.INFO):  # cached by logging until a level changes
            return self.app(environ, start_response)
        start = time.perf_counter()
        status = "-"

        def remember(code: str, headers: list, exc_info: Any = None):
            nonlocal status
            status = code[:3]
            return start_response(code, headers, exc_info)

        try:
            return self.app(environ, remember)
        finally:
            args = (environ.get("REQUEST_METHOD", "-"), Redacted(environ.get("PATH_INFO", "")), status,
                    (time.perf_counter() - start) * 1000, environ.get("REMOTE_ADDR", "-"))
            lane = only_writer()
            if lane is not None:
                lane.hand((time.time(), args))
            else:
                access.handle(access_record(args))


def access_record(args: tuple, created: float | None = None) -> logging.LogRecord:
    record = access.makeRecord(access.name, logging.INFO, __file__, 0, LINE, args, None)
    if created is not None:  # made by the writer: the time is the request's
        record.relativeCreated += (created - record.created) * 1000
        record.created, record.msecs = created, int((created - int(created)) * 1000) + 0.0
    return record


def only_writer() -> Queued | None:
    """The ``Queued`` handler, if it alone would be handed an access record (no other
    handler, filter or disabled logger on the way), else None."""
    if access.handlers or access.filters or access.disabled or not access.propagate:
        return None
    parent = access.parent
    if parent is None or parent.filters or parent.disabled or len(parent.handlers) != 1:
        return None
    handler = parent.handlers[0]
    if type(handler) is not Queued or handler.filters or handler.level > logging.INFO:
        return None
    top = parent.parent  # the root logger: it sees the record too unless "scribe" stops it
    if parent.propagate and top is not None and top.handlers:
        return None
    return handler


class Redacted:
    """A path that shows (``%s``, ``str``, ``repr``) only with its secrets taken out: the
    regular expression runs when the line is written, on the writer's thread. Not a
    ``str``: a handler that reads the record's arguments cannot get the path in clear."""

    __slots__ = ("_path",)

    def __init__(self, path: str):
        self._path = path

    def __str__(self) -> str:
        return redact(self._path)

    __repr__ = __str__


FIXED = (str, int, float, bool, type(None))  # arguments that cannot change after the call


class Queued(logging.handlers.QueueHandler):
    """Hands each record to a thread of its own that formats and writes it, so a request
    thread never waits on the stream's lock nor on the write (issue 21: 15 % of the
    server's thread samples waited there). A message whose arguments may change later (a
    list, an object) is made at once; one whose arguments cannot (text, numbers: the access
    line) is formatted by the writer, with the time stamp and a traceback.
    Each process starts its own writer the first time it logs: gunicorn forks its
    workers after this is set up, and a thread does not cross a fork."""

    def __init__(self, target: logging.Handler):
        super().__init__(queue.SimpleQueue())
        self.target = target
        self._pid: int | None = None
        self._lock_start = threading.Lock()

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        args = record.args
        if type(record.msg) is not str or args and not (
                type(args) is tuple and all(type(a) in FIXED or type(a) is Redacted for a in args)):
            record.msg, record.args = record.getMessage(), None  # a list, a dict...: its words now
        return record

    def emit(self, record: logging.LogRecord) -> None:
        if self._pid != os.getpid():
            self._start()
        super().emit(record)

    def hand(self, parts: tuple[float, tuple]) -> None:
        """An access line's (time, arguments): its record is made by the writer."""
        if self._pid != os.getpid():
            self._start()
        self.queue.put_nowait(parts)

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

    def __init__(self, records: queue.SimpleQueue[Any], target: logging.Handler):
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
            stop = any(record is self._STOP for record in batch)
            records = [access_record(r[1], r[0]) if type(r) is tuple else r for r in batch if r is not self._STOP]
            self._write([r for r in records if r.levelno >= self.target.level])
            if stop:
                return

    def _write(self, records: list[logging.LogRecord]) -> None:
        """A plain stream is written once and flushed once for the whole batch (one system
        call, not one per line); any other handler is handed each record."""
        target = self.target
        if type(target) is not logging.StreamHandler or target.filters:
            for record in records:
                target.handle(record)
            return
        lines = []
        for record in records:
            try:
                lines.append(target.format(record) + target.terminator)
            except Exception:  # noqa: BLE001 - as StreamHandler.emit: said on stderr, not raised
                target.handleError(record)
        if not lines:
            return
        with target.lock:
            try:
                target.stream.write("".join(lines))
                target.flush()
            except Exception:  # noqa: BLE001
                target.handleError(records[-1])


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
