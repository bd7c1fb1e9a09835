"""Real ``scribe serve`` processes on loopback: start, wait until they answer, stop."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body=None, headers=None, host: str = "127.0.0.1"):
    """One request on its own connection: (status, headers, body bytes)."""
    conn = http.client.HTTPConnection(host, port, timeout=15)
    try:
        payload = json.dumps(body).encode() if body is not None else None
        hdrs = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, payload, {**hdrs, **(headers or {})})
        resp = conn.getresponse()
        return resp.status, resp.headers, resp.read()
    finally:
        conn.close()


class Server:
    """A ``scribe serve`` subprocess; its stdout and stderr go to a log file."""

    def __init__(self, tmp: Path, *args: str, env: dict[str, str] | None = None, port: int | None = None,
                 preexec_fn=None):
        self.port = int((env or {}).get("SCRIBE_PORT") or port or free_port())
        self.instance = tmp / "instance"
        self.log_path = tmp / f"serve-{self.port}.log"
        self._log = self.log_path.open("wb")
        full_env = {**os.environ, "SCRIBE_INSTANCE": str(self.instance), "PYTHONUNBUFFERED": "1",
                    "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
                    **(env or {})}
        self.proc = subprocess.Popen(
            # SCRIBE_PORT in env: the port comes from the environment, as under systemd
            [sys.executable, "-m", "scribe.cli", "serve", "--no-qr", *args]
            + ([] if env and "SCRIBE_PORT" in env else ["--port", str(self.port)]),
            cwd=ROOT, env=full_env, stdout=self._log, stderr=subprocess.STDOUT, preexec_fn=preexec_fn,  # noqa: PLW1509  (a test's rlimit, set before any thread)
        )

    def wait_ready(self, timeout: float = 30, host_header: str = "localhost") -> Server:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"scribe serve exited with {self.proc.returncode}:\n{self.log()}")
            try:
                status, _, _ = request(self.port, "GET", "/healthz", headers={"Host": host_header})
                if status == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.1)
        self.kill()
        pytest.fail("scribe serve did not answer:\n" + self.log())

    def log(self) -> str:
        if not self._log.closed:
            self._log.flush()
        return self.log_path.read_text(errors="replace")

    def wait_log(self, check, timeout: float = 15) -> str:
        """The log once ``check(log)`` holds: the server writes its log lines from a queue,
        so a line may land a moment after the answer or the banner it follows."""
        deadline = time.monotonic() + timeout
        while not check(log := self.log()) and time.monotonic() < deadline:
            time.sleep(0.05)
        return log

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
                pytest.fail(f"scribe serve did not stop within {timeout} s of signal {sig}:\n{self.log()}")
        self._log.close()
        return self.proc.returncode

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def serve(tmp_path):
    """serve(*args, env=...) starts a real server and waits for it; all are stopped at the end."""
    started: list[Server] = []

    def start(*args: str, env=None, wait=True, host_header="localhost", preexec_fn=None) -> Server:
        server = Server(tmp_path, *args, env=env, preexec_fn=preexec_fn)
        started.append(server)
        return server.wait_ready(host_header=host_header) if wait else server

    yield start
    for server in started:
        server.kill()
