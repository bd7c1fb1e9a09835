"""The server's log lines are written by a thread of their own (``web.logs.Queued``): a
request thread hands the record over and goes on, never waiting on the stream."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

from scribe.web.logs import Queued


class Kept(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines: list[tuple[str, str]] = []
        self.records: list[logging.LogRecord] = []
        self.done = threading.Event()

    def emit(self, record):
        self.records.append(record)
        self.lines.append((self.format(record), threading.current_thread().name))
        self.done.set()


def test_a_record_is_written_by_another_thread_with_its_words_as_they_were_when_logged():
    kept = Kept()
    handler = Queued(kept)
    logger = logging.getLogger("scribe.test-log-writer")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        seats = [1, 2]
        logger.warning("seats %s", seats)
        seats.append(3)  # changed after the call: the line says what was true then
        assert kept.done.wait(5)
    finally:
        logger.removeHandler(handler)
    assert kept.lines == [("seats [1, 2]", kept.lines[0][1])]
    assert kept.lines[0][1] != threading.current_thread().name


def test_every_line_is_written_before_the_process_ends_even_in_a_forked_child():
    """The writer is started again in a forked process (gunicorn's workers) and what was
    queued is written at exit."""
    code = """
import logging, os, sys
from scribe.web.logs import setup_logging
setup_logging("INFO")
log = logging.getLogger("scribe.access")
log.info("parent before fork")
pid = os.fork()
if pid == 0:
    for i in range(200):
        log.info("child line %d", i)
    sys.exit(0)
os.waitpid(pid, 0)
log.info("parent after fork")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": os.getcwd()})
    lines = [line for line in done.stderr.splitlines() if "scribe.access" in line]
    assert sum("child line" in line for line in lines) == 200, done.stderr[-2000:]
    assert sum("parent before fork" in line for line in lines) == 1
    assert any("parent after fork" in line for line in lines)


def test_a_burst_of_records_is_written_whole_in_order_and_a_lone_one_soon_after():
    """The writer wakes once for the records that came close together (``Writer``): none
    is lost or reordered, and a record after a pause is written within a moment."""
    kept = Kept()
    with _burst(Queued(kept), "scribe.test-log-burst", 500, lambda: len(kept.lines)) as logger:
        assert [line for line, _ in kept.lines] == [f"line {i}" for i in range(500)]
        kept.done.clear()
        logger.warning("after a pause")
        assert kept.done.wait(5)
        assert kept.lines[-1][0] == "after a pause"


@contextmanager
def _burst(handler: logging.Handler, name: str, lines: int, written):
    """A logger of its own on ``handler``, ``lines`` warnings logged at once, waited for
    until ``written()`` counts them all (10 s at most); the handler is removed after."""
    logger = logging.getLogger(name)
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for i in range(lines):
            logger.warning("line %d", i)
        deadline = time.monotonic() + 10
        while written() < lines and time.monotonic() < deadline:
            time.sleep(0.01)
        yield logger
    finally:
        logger.removeHandler(handler)


class Counted:
    """A stream that counts its writes."""

    def __init__(self):
        self.text, self.writes = "", 0

    def write(self, text):
        self.text += text
        self.writes += 1

    def flush(self):
        pass


def test_a_burst_on_a_stream_is_written_in_few_writes_each_line_whole():
    """A plain stream gets a batch in one write (one system call, not one per line), each
    line formatted as the handler says."""
    stream = Counted()
    target = logging.StreamHandler(stream)
    target.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    with _burst(Queued(target), "scribe.test-log-stream", 300, lambda: stream.text.count("\n")):
        pass
    assert stream.text.splitlines() == [f"WARNING scribe.test-log-stream: line {i}" for i in range(300)]
    assert stream.writes < 100  # batches of what came in 50 ms, not 300 writes (one a line)


def test_the_access_line_shows_no_token_to_any_handler_nor_in_its_arguments():
    """The access log's path is redacted when the line is made, whoever makes it: a
    handler of one's own, reading the message or the record's arguments, never sees the
    link's token."""
    from flask import Flask

    from scribe.web.logs import AccessLog

    app = Flask(__name__)
    app.get("/w/<token>/sheet")(lambda token: "sheet")
    app.wsgi_app = AccessLog(app.wsgi_app)
    kept = Kept()
    access = logging.getLogger("scribe.access")
    access.addHandler(kept)
    level, access.level = access.level, logging.INFO
    try:
        assert app.test_client().get("/w/s3cretToken/sheet?v=2").status_code == 200
    finally:
        access.removeHandler(kept)
        access.setLevel(level)
    [(line, _thread)] = kept.lines
    assert line.startswith("GET /w/<token>/sheet 200 ") and line.endswith("ms 127.0.0.1")
    assert "s3cret" not in repr(kept.records[0].args) and "s3cret" not in str(kept.records[0].__dict__)


def test_the_access_line_handed_to_the_writer_alone_is_written_whole_without_its_token():
    """Where the writer's handler is the only one (``scribe serve``), the request hands it
    the line's parts and the writer makes the record: same line, the request's time, the
    path redacted. Another handler added anywhere on the way takes that shortcut away."""
    from datetime import datetime

    from flask import Flask

    from scribe.web.logs import AccessLog, only_writer

    app = Flask(__name__)
    app.get("/w/<token>/sheet")(lambda token: "sheet")
    app.wsgi_app = AccessLog(app.wsgi_app)
    stream = Counted()
    target = logging.StreamHandler(stream)
    target.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler = Queued(target)
    scribe_log = logging.getLogger("scribe")
    saved = scribe_log.handlers[:], scribe_log.propagate, scribe_log.level
    scribe_log.handlers, scribe_log.propagate = [handler], False
    scribe_log.setLevel(logging.INFO)
    try:
        assert only_writer() is handler
        before = datetime.now().replace(microsecond=0)
        assert app.test_client().get("/w/s3cretToken/sheet?v=2").status_code == 200
        deadline = time.monotonic() + 10
        while "\n" not in stream.text and time.monotonic() < deadline:
            time.sleep(0.01)
        other = Kept()
        logging.getLogger("scribe.access").addHandler(other)
        assert only_writer() is None
        logging.getLogger("scribe.access").removeHandler(other)
    finally:
        scribe_log.handlers, scribe_log.propagate = saved[0], saved[1]
        scribe_log.setLevel(saved[2])
    [line] = stream.text.splitlines()
    stamp, rest = line[:23], line[24:]
    assert before <= datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f") <= datetime.now(), line
    assert rest.startswith("INFO scribe.access: GET /w/<token>/sheet 200 ") and rest.endswith("ms 127.0.0.1"), line
    assert "s3cret" not in stream.text
