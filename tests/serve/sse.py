"""A Server-Sent Events reader for tests: one stream on its own connection, events as
(id, name, data) in the order they came."""

from __future__ import annotations

import http.client
from typing import NamedTuple


class Event(NamedTuple):
    id: str | None
    name: str
    data: str


class Stream:
    """``GET path`` as an EventSource sends it; ``next()`` reads one event (pings skipped)."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None, host: str = "127.0.0.1",
                 timeout: float = 10):
        self.conn = http.client.HTTPConnection(host, port, timeout=timeout)
        self.conn.request("GET", path, headers={"Host": "localhost", "Accept": "text/event-stream",
                                                "Cache-Control": "no-cache",
                                                "Accept-Encoding": "gzip, deflate, br", **(headers or {})})
        self.resp = self.conn.getresponse()
        self.status = self.resp.status
        self.headers = self.resp.headers

    def next(self, timeout: float = 10) -> Event | None:
        """The next event, or None when the stream ended; socket.timeout if none came in time."""
        self.conn.sock.settimeout(timeout)
        fields: dict[str, list[str]] = {}
        while True:
            raw = self.resp.readline()
            if not raw:
                return None
            line = raw.decode().rstrip("\n").rstrip("\r")
            if line == "":
                if "event" in fields or "data" in fields:
                    event = Event((fields.get("id") or [None])[-1], (fields.get("event") or ["message"])[-1],
                                  "\n".join(fields.get("data", [])))
                    fields = {}
                    if event.name != "ping":
                        return event
                fields = {}
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            fields.setdefault(name, []).append(value.removeprefix(" "))

    def quiet(self, seconds: float) -> bool:
        """No event comes within ``seconds`` (the stream stays open)."""
        try:
            event = self.next(timeout=seconds)
        except TimeoutError:
            return True
        raise AssertionError(f"an unexpected event: {event}")

    def close(self) -> None:
        self.conn.close()
