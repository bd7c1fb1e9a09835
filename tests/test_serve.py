"""`scribe serve`: a real server process (uvicorn) on loopback, its banner, and a restart keeping games."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from scribe.server import phone_url, print_banner


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(instance, port):
    env = {**os.environ, "SCRIBE_INSTANCE": str(instance)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "scribe.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    pytest.fail("scribe serve did not answer: " + proc.stdout.read())


def _stop(proc) -> str:
    proc.terminate()
    out, _ = proc.communicate(timeout=10)
    return out


def _post(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=5) as r:
        return json.loads(r.read())


def test_serve_prints_url_and_qr_and_a_restart_keeps_games(tmp_path):
    port = _free_port()
    proc = _start(tmp_path, port)
    try:
        game = _post(f"http://127.0.0.1:{port}/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 0})
        _post(f"http://127.0.0.1:{port}/api/games/{game['key']}/bids", {"bid": 1})
    finally:
        out = _stop(proc)
    assert f"http://127.0.0.1:{port}/" in out
    assert "█" in out or "▀" in out  # the QR code drawn in the terminal
    assert (tmp_path / "secret_key").stat().st_size >= 32
    key = (tmp_path / "secret_key").read_text()

    proc = _start(tmp_path, port)  # a restart: same file, same key, same game
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game['key']}", timeout=5) as r:
            sheet = json.loads(r.read())["sheet"]
    finally:
        _stop(proc)
    assert sheet["rounds"][0]["bids"][1] == 1
    assert (tmp_path / "secret_key").read_text() == key


def test_banner_shows_the_lan_url_for_every_interface(capsys):
    url = phone_url("0.0.0.0", 5000)
    assert url.startswith("http://") and url.endswith(":5000/") and "0.0.0.0" not in url
    print_banner("http://192.0.2.7:5000/", qr=False)
    assert "http://192.0.2.7:5000/" in capsys.readouterr().out


def test_cli_help_lists_serve():
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "serve" in out.stdout
