"""Flask (WSGI) under uvicorn (ASGI) with one hand-over per request each way.

a2wsgi's ``WSGIMiddleware`` streams both ways: the request body is read from the
worker thread through the event loop, and the status, each chunk of the answer and its
end are each handed back with a wait for the loop (four or five cross-thread wake-ups
per request). Measured on the bare one-INSERT floor (bench/api_bids.py), that cost
more CPU than the app itself: 1.6-1.7 ms per request against 0.7 ms under waitress.

Scribe's requests are small (``MAX_CONTENT_LENGTH``: 64 KB) and so are its answers
(a sheet, a page, a PDF of a few dozen KB); the event streams are held by
``scribe/push``, not here. So the body is read whole on the loop (never more than the
limit: a larger one is refused by Flask with 413 without being read), the app runs
once in a worker thread and its whole answer is sent back in one message.
"""

from __future__ import annotations

import asyncio
import io
import queue
import threading
from collections.abc import Callable
from typing import Any

from a2wsgi.wsgi import build_environ


def call_whole(app: Callable, environ: dict[str, Any]) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """One WSGI call, whole: (status, headers, body)."""
    started: list[Any] = []
    written: list[bytes] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None):
        if exc_info is not None and started:  # too late to change the status: as PEP 3333 says
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [status, headers]
        return written.append  # the legacy write(): kept in order before the iterable's chunks

    result = app(environ, start_response)
    try:
        body = b"".join([*written, *result]) if written else b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    status, headers = started
    return (int(status.split(" ", 1)[0]),
            [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in headers], body)


class Workers:
    """Up to ``count`` threads running calls the event loop hands them: each call is one
    put on a queue, and its result one callback onto the loop. ``run_in_executor`` made a
    Future of its own, took its lock and chained it to the loop's with two callbacks each
    way: 7 % of the server's Python time on a bid (issue 21), the floor's likewise.
    Threads start as the calls need them, as ``ThreadPoolExecutor``'s do."""

    def __init__(self, count: int, name: str = "scribe-wsgi"):
        self.count, self.name = max(1, count), name
        self.jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.idle = threading.Semaphore(0)  # one token per thread waiting for a call
        self.threads: list[threading.Thread] = []
        self._starting = threading.Lock()

    async def run(self, fn: Callable, *args: Any) -> Any:
        """``fn(*args)`` in one of the threads; its result, or its exception raised here."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self.jobs.put((loop, future, fn, args))
        if not self.idle.acquire(blocking=False) and len(self.threads) < self.count:
            self._start()
        return await future

    def close(self) -> None:
        """Each thread ends after the call it is running, if any, and is waited for."""
        for _ in self.threads:
            self.jobs.put(None)
        for thread in self.threads:
            thread.join()

    def _start(self) -> None:
        with self._starting:
            if len(self.threads) < self.count:
                thread = threading.Thread(target=self._work, name=f"{self.name}_{len(self.threads)}", daemon=True)
                thread.start()
                self.threads.append(thread)

    def _work(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                return
            loop, future, fn, args = job
            job = None
            try:
                result, error = fn(*args), None
            except BaseException as exc:  # noqa: BLE001 - raised again on the loop, where it is awaited
                result, error = None, exc
            try:
                loop.call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the loop has closed (the server stopped): no one waits for it
                pass
            loop = future = result = error = None
            self.idle.release()


def _settle(future: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if future.cancelled():  # the request's task was cancelled meanwhile (a forced stop)
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class WholeRequests:
    """ASGI app running a WSGI app: the request read whole (at most ``max_body`` bytes),
    the app called once in one of ``workers`` threads, its answer sent whole."""

    def __init__(self, app: Callable, workers: int = 8, max_body: int = 64 * 1024):
        self.app = app
        self.max_body = max_body
        self.workers = Workers(workers)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":  # lifespan is the outer app's; no websockets here
            return
        read = await self._body(scope, receive)
        if read is None:  # the client went away before its request was whole: nothing to answer
            return
        body, declared = read
        environ = build_environ(scope, io.BytesIO(body))
        environ.pop("asgi.scope", None)
        if declared is None:  # chunked: Flask is handed the bytes that came and their
            environ.pop("HTTP_TRANSFER_ENCODING", None)  # length (past the limit: 413, as above)
            environ["CONTENT_LENGTH"] = str(len(body))
        try:
            status, headers, data = await self.workers.run(call_whole, self.app, environ)
        except Exception:  # noqa: BLE001  Flask answers its own errors: only a broken middleware gets here
            status, headers, data = 500, [(b"content-type", b"text/plain; charset=utf-8")], b"Internal Server Error"
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def _body(self, scope: dict, receive: Callable) -> tuple[bytes, int | None] | None:
        """The request's body, and the length it declared (None: chunked). A declared
        length over the limit is not read (Flask refuses it from the header); a chunked
        body is read one byte past the limit, so Flask refuses that too. None: the client
        left before sending it all."""
        declared = None
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
                break
        if declared is not None and (declared > self.max_body or declared <= 0):
            return b"", declared
        chunks, size, more = [], 0, True
        while more and size <= self.max_body:
            message = await receive()
            if message["type"] != "http.request":  # http.disconnect
                return None
            chunk = message.get("body", b"")
            chunks.append(chunk)
            size += len(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        return body[: self.max_body + 1], declared
