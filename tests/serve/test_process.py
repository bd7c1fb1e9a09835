"""Real ``scribe serve`` processes: the names it answers to, hundreds of keep-alive
connections, the access log without secrets, a clean stop on SIGTERM, two workers."""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from scribe.server import lan_address

from .conftest import request


def new_game(port: int, host: str = "localhost") -> dict:
    status, _, body = request(port, "POST", "/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 0},
                              headers={"Host": host})
    assert status == 201, body
    return json.loads(body)


def test_serve_answers_to_its_own_names_only(serve):
    server = serve("--host", "127.0.0.1", env={"SCRIBE_ALLOWED_HOSTS": "tv.example.org"})
    port = server.port
    for name in ("localhost", "127.0.0.1", socket.gethostname(), f"{socket.gethostname()}.local",
                 lan_address(), "tv.example.org", "[::1]"):
        status, _, _ = request(port, "GET", "/", headers={"Host": f"{name}:{port}"})
        assert status == 200, name
    status, _headers, body = request(port, "GET", "/", headers={"Host": f"evil.example:{port}"})
    assert status == 400 and b"does not answer to that name" in body
    status, _, body = request(port, "POST", "/api/games", {"players": ["A", "B", "C"], "first_dealer": 0},
                              headers={"Host": "evil.example"})
    assert status == 400 and json.loads(body)["field"] is None
    assert "Traceback" not in server.log()


def test_public_url_option_adds_its_name(serve):
    server = serve("--host", "127.0.0.1", "--public-url", "https://scribe.example.org")
    status, headers, _ = request(server.port, "GET", "/", headers={"Host": "scribe.example.org"})
    assert status == 200 and headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "https://scribe.example.org/" in server.log()  # the banner shows the public address


def test_options_come_from_the_environment(serve):
    from .conftest import free_port

    port = free_port()
    server = serve(env={"SCRIBE_HOST": "127.0.0.1", "SCRIBE_PORT": str(port), "SCRIBE_THREADS": "2",
                        "SCRIBE_CONNECTION_LIMIT": "300"})
    assert server.port == port and "--port" not in server.proc.args
    assert f"http://127.0.0.1:{port}/" in server.log()


def test_bad_options_exit_2_and_say_why(tmp_path):
    import os
    import subprocess
    import sys

    from .conftest import ROOT

    env = {**os.environ, "SCRIBE_INSTANCE": str(tmp_path)}
    for args, why in ((["--workers", "0"], "--workers must be at least 1"),
                      (["--public-url", "scribe.example.org"], "must start with http"),
                      (["--threads", "many"], "'many' is not a valid integer")):
        out = subprocess.run([sys.executable, "-m", "scribe.cli", "serve", *args], capture_output=True, text=True,
                             env=env, cwd=ROOT, timeout=30)
        assert out.returncode == 2 and why in out.stderr, (args, out.stderr)
    env["SCRIBE_PORT"] = "eighty"
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "serve"], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=30)
    assert out.returncode == 2 and "'eighty' is not a valid integer" in out.stderr


def test_more_keep_alive_connections_than_waitress_default_are_all_served(serve):
    """Phones hold their connection between polls: 300 open at once (waitress's default was 100)."""
    server = serve("--host", "127.0.0.1", "--threads", "4")
    conns = []
    try:
        for _ in range(300):
            c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
            c.connect()
            conns.append(c)
        for round_ in range(2):  # each connection used twice: kept alive, not reopened
            for c in conns:
                c.request("GET", "/healthz", headers={"Host": "localhost"})
            statuses = []
            for c in conns:
                resp = c.getresponse()
                resp.read()
                statuses.append(resp.status)
            assert statuses == [200] * 300, round_
    finally:
        for c in conns:
            c.close()


TOKEN_PATHS = ("/games/{game}", "/games/{game}/history", "/api/games/{game}", "/w/{watch}", "/w/{watch}/sheet",
               "/p/{player}", "/api/watch/{watch}", "/api/player/{player}")


def test_access_log_has_one_line_per_request_and_never_a_token(serve):
    server = serve("--host", "127.0.0.1")
    game = new_game(server.port)
    _status, _, body = request(server.port, "GET", f"/api/games/{game['key']}/links", headers={"Host": "localhost"})
    links = json.loads(body)
    secrets_ = {"game": game["key"], "watch": links["watch"]["token"], "player": links["players"][0]["token"]}
    for path in TOKEN_PATHS:
        request(server.port, "GET", path.format(**secrets_) + "?v=0", headers={"Host": "localhost"})
    request(server.port, "GET", "/healthz", headers={"Host": "evil.example"})
    log = server.wait_log(lambda log: "GET /healthz 400" in log)
    for secret in secrets_.values():
        assert secret not in log
    access = [line for line in log.splitlines() if "scribe.access" in line]
    assert any(re.search(r"POST /api/games 201 [\d.]+ms 127\.0\.0\.1$", line) for line in access)
    assert any(re.search(r"GET /w/<token>/sheet \d{3} [\d.]+ms 127\.0\.0\.1$", line) for line in access)
    assert any("GET /healthz 400" in line for line in access)
    assert len(access) == 1 + 1 + len(TOKEN_PATHS) + 1 + 1  # + the readiness probe
    assert "?v=" not in log


def test_sigterm_finishes_the_request_in_flight_and_exits_0(serve):
    server = serve("--host", "127.0.0.1")
    game = new_game(server.port)
    answers = []

    def slow_client():
        """A bid whose body arrives slowly: the server has it in hand when SIGTERM comes."""
        c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
        body = json.dumps({"bid": 0}).encode()
        c.putrequest("POST", f"/api/games/{game['key']}/bids", skip_host=True)
        c.putheader("Host", "localhost")
        c.putheader("Content-Type", "application/json")
        c.putheader("Content-Length", str(len(body)))
        c.endheaders()
        c.send(body[:3])
        time.sleep(0.8)
        c.send(body[3:])
        resp = c.getresponse()
        answers.append((resp.status, resp.read()))

    t = threading.Thread(target=slow_client)
    t.start()
    time.sleep(0.3)
    started = time.monotonic()
    code = server.stop(signal.SIGTERM)
    t.join(10)
    assert code == 0 and time.monotonic() - started < 8
    assert "Scribe stopped." in server.log()
    assert answers and answers[0][0] == 200, answers
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
    db = sqlite3.connect(server.instance / "scribe.sqlite3")
    assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
    assert db.execute("select count(*) from entries").fetchone()[0] == 1  # the bid in flight was saved
    db.close()


def test_sigint_also_stops_cleanly(serve):
    server = serve("--host", "127.0.0.1")
    assert server.stop(signal.SIGINT) == 0
    assert "Scribe stopped." in server.log() and "Traceback" not in server.log()


def test_two_workers_are_two_processes_that_answer(serve):
    pytest.importorskip("gunicorn")
    server = serve("--host", "127.0.0.1", "--workers", "2", "--threads", "2")
    game = new_game(server.port)
    pids = set()
    deadline = time.monotonic() + 20
    while len(pids) < 2 and time.monotonic() < deadline:
        conns = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=10) for _ in range(8)]
        for c in conns:
            c.request("GET", f"/api/games/{game['key']}", headers={"Host": "localhost"})
        for c in conns:
            resp = c.getresponse()
            assert resp.status == 200 and json.loads(resp.read())["sheet"]["version"] == 0
            pids.add(_peer_pid(c))
            c.close()
    assert len(pids) == 2, pids
    assert server.proc.pid not in pids  # the master only supervises
    status, _, _ = request(server.port, "GET", "/", headers={"Host": "evil.example"})
    assert status == 400  # the same allow-list in every worker
    assert server.stop() == 0
    assert "Scribe stopped." in server.log()


def _peer_pid(conn: http.client.HTTPConnection) -> int:
    """The process holding the server end of this connection (Linux /proc)."""
    import os

    local = conn.sock.getsockname()[1]
    wanted = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        rport = int(fields[2].split(":")[1], 16)
        if rport == local:
            wanted = fields[9]  # the inode of the server's socket
    assert wanted, "server socket not found"
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{wanted}]":
                    return int(pid)
        except OSError:
            continue
    raise AssertionError("no process holds the server socket")


def test_serve_raises_its_open_file_limit_to_the_hard_limit(serve):
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip("the hard limit is already tiny here")
    server = serve("--host", "127.0.0.1",
                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard)))
    limits = Path(f"/proc/{server.proc.pid}/limits").read_text()
    line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
    got_soft, got_hard = line.split()[3:5]
    assert got_soft == got_hard != "256", line


def test_log_level_warning_keeps_only_problems(serve):
    server = serve("--host", "127.0.0.1", env={"SCRIBE_LOG_LEVEL": "WARNING"})
    new_game(server.port)
    time.sleep(0.3)
    assert "scribe.access" not in server.log()


def test_workers_without_gunicorn_exit_3_and_say_so(tmp_path):
    import os
    import subprocess
    import sys

    from .conftest import ROOT

    fake = tmp_path / "no-gunicorn" / "gunicorn"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('gunicorn is not available here')\n")
    env = {**os.environ, "SCRIBE_INSTANCE": str(tmp_path / "instance"),
           "PYTHONPATH": os.pathsep.join([str(fake.parent), str(ROOT)])}
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "serve", "--host", "127.0.0.1", "--workers", "2",
                          "--no-qr"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.returncode == 3
    assert out.stderr == ("scribe serve: --workers 2 (several processes, gunicorn) needs the hosted extra, and "
                          "gunicorn cannot be imported here: pip install 'scribe[hosted]', or use --workers 1 "
                          "(one process).\n")
    assert "Scribe is ready" not in out.stdout
