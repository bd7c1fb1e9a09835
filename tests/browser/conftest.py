"""Browser fixtures: the real server (uvicorn, as `scribe serve`) and Debian's Chromium
at a phone viewport. No pytest-playwright, and no browser is ever downloaded: when
Chromium or playwright is missing the tests skip, or fail when CI is set."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("SCRIBE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def _missing(why: str):
    """Fail under CI (a browser test must never silently vanish there), skip elsewhere."""
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run: {why} (CI is set, so this is a failure; "
                    "run scripts/install-test-deps.sh)", pytrace=False)
    pytest.skip(f"browser tests skipped: {why}")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """`scribe serve` on loopback with its own instance folder; yields the base URL."""
    instance = tmp_path_factory.mktemp("browser-instance")
    port = _free_port()
    log = (instance / "server.log").open("wb")
    env = {**os.environ, "SCRIBE_INSTANCE": str(instance), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "scribe.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited with {proc.returncode}:\n"
                                   + (instance / "server.log").read_text(errors="replace"))
            try:
                with urllib.request.urlopen(base + "/", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("server did not answer within 30 s:\n"
                                   + (instance / "server.log").read_text(errors="replace"))
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, driven by playwright."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the Python package playwright is not installed")
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        _missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        except Exception as err:  # noqa: BLE001  a broken install is as bad as a missing one
            _missing(f"Chromium at {CHROMIUM} did not start: {err}")
        yield b
        b.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized context (no cache, no cookies) and its page."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def contexts(browser):
    """New browser contexts (own cookies: another phone), closed after the test: contexts(**PHONE)."""
    made = []

    def make(**options):
        ctx = browser.new_context(**options)
        ctx.set_default_timeout(10_000)
        made.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in made:
        ctx.close()
