"""The release as a stranger installs it: the wheel built from this checkout, installed
non-editably into a fresh venv, serves every page, asset, catalog and PDF, and plays a round.

Nothing of the checkout but the wheel reaches the venv: the server runs from another
folder, without PYTHONPATH, with its instance in the test's own folder. The dependencies
come from ``locks/home.txt`` when the checkout has it (the exact versions a home install takes),
else from the index. Slow (a build and a whole install): ``make check`` leaves it out.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from scribe import __version__

from .conftest import ROOT, free_port, request
from .tools import missing

pytestmark = pytest.mark.slow

PLAYERS = ["Paul", "Thomas", "Marie"]


def run(argv: list, *, env: dict, cwd: Path, timeout: float = 600) -> str:
    out = subprocess.run([str(a) for a in argv], check=False, env=env, cwd=cwd, capture_output=True,
                         text=True, timeout=timeout)
    assert out.returncode == 0, f"{' '.join(map(str, argv))} exited {out.returncode}:\n{out.stdout}\n{out.stderr}"
    return out.stdout


def clean_env(tmp: Path) -> dict[str, str]:
    """This process's environment minus anything that would point Python at the checkout
    or at the test venv."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP", "PYTHONSAFEPATH")
           and not k.startswith("SCRIBE_")}
    return {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONUNBUFFERED": "1", "HOME": env.get("HOME", str(tmp))}


def fresh_clone(dest: Path) -> Path:
    """The files a fresh clone holds (with this checkout's uncommitted changes and new files),
    and nothing git ignores: a leftover scribe.egg-info/SOURCES.txt or build/ would put files
    into the wheel that pyproject.toml's package data leaves out."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], check=False,
                            cwd=ROOT, capture_output=True, timeout=60)
    if listed.returncode != 0:
        missing("the checkout is not a git work tree: cannot tell its files from build leftovers")
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is listed too
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    return fresh_clone(tmp_path_factory.mktemp("clone"))


@pytest.fixture(scope="module")
def wheel(clone, tmp_path_factory) -> Path:
    """``python -m build`` on a fresh clone: an sdist, then the wheel built from it, as
    ``make wheel`` does (so a file the sdist leaves out cannot make this pass)."""
    if importlib.util.find_spec("build") is None:
        missing("the 'build' package is not installed (pip install build; part of the test extras)")
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, clone], env=clean_env(out), cwd=clone)
    (whl,) = out.glob("*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv (no system site-packages) holding the wheel and its dependencies only."""
    home = tmp_path_factory.mktemp("installed")
    env = clean_env(home)
    path = home / "venv"
    created = subprocess.run([sys.executable, "-m", "venv", str(path)], check=False, env=env,
                             capture_output=True, text=True, timeout=300)
    if created.returncode != 0 and "ensurepip" in created.stdout + created.stderr:
        missing("python's venv cannot install pip here (apt-get install python3-venv)")
    assert created.returncode == 0, created.stdout + created.stderr
    pip = [path / "bin" / "python", "-m", "pip", "install", "-q"]
    lock = ROOT / "locks" / "home.txt"
    if lock.is_file():  # the recipe docs/hosting.md gives: the lock's exact versions, then the wheel alone
        run([*pip, "--require-hashes", "-r", lock], env=env, cwd=home)
        run([*pip, "--no-deps", wheel], env=env, cwd=home)
        run([path / "bin" / "python", "-m", "pip", "check"], env=env, cwd=home)  # the lock holds what it needs
    else:
        run([*pip, wheel], env=env, cwd=home)
    return path


def test_the_wheel_is_named_for_the_version_and_carries_pages_assets_and_catalogs(wheel, clone):
    assert wheel.name == f"scribe-{__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    for source in ("templates", "static", "translations"):
        shipped = {p.relative_to(clone).as_posix() for p in (clone / "scribe" / source).rglob("*") if p.is_file()}
        assert shipped and shipped <= names, sorted(shipped - names)[:5]
    assert not any(n.startswith(("tests/", "instance/", "docs/")) for n in names)


def test_the_installed_wheel_serves_every_page_asset_catalog_and_pdf(venv, tmp_path):
    env = clean_env(tmp_path)
    elsewhere = tmp_path / "elsewhere"  # the working folder: not the checkout
    elsewhere.mkdir()
    python, scribe = venv / "bin" / "python", venv / "bin" / "scribe"

    # the package is the installed one, and its data stays out of site-packages
    where = run([python, "-c", "import scribe, scribe.config as c; print(scribe.__file__); print(c.default_instance())"],
                env=env, cwd=elsewhere).splitlines()
    assert Path(where[0]).is_relative_to(venv) and "site-packages" in where[0], where
    assert Path(where[1]) == venv / "var" / "scribe-instance", where
    assert run([scribe, "--version"], env=env, cwd=elsewhere) == f"scribe {__version__}\n"

    port = free_port()
    instance = tmp_path / "instance"
    log_path = tmp_path / "serve.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen([str(scribe), "serve", "--host", "127.0.0.1", "--port", str(port), "--no-qr"],
                                env={**env, "SCRIBE_INSTANCE": str(instance)}, cwd=elsewhere, stdout=log,
                                stderr=subprocess.STDOUT)
        try:
            health = wait_healthy(proc, port, log_path)
            assert health == {"status": "ok", "version": __version__}
            play_through(port)
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            try:
                code = proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                pytest.fail("scribe serve did not stop within 20 s of SIGTERM:\n" + log_path.read_text())
    out = log_path.read_text(errors="replace")
    assert code == 0 and "Scribe stopped." in out, out
    assert "Traceback" not in out and " 500 " not in out, out
    assert (instance / "scribe.sqlite3").is_file()  # the games went where SCRIBE_INSTANCE says


def wait_healthy(proc: subprocess.Popen, port: int, log_path: Path) -> dict:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"scribe serve exited {proc.returncode}:\n{log_path.read_text()}"
        try:
            status, _, body = request(port, "GET", "/healthz")
            if status == 200:
                return json.loads(body)
        except OSError:
            pass
        time.sleep(0.2)
    pytest.fail("scribe serve did not answer /healthz:\n" + log_path.read_text())


def get(port: int, path: str, **headers: str) -> bytes:
    status, _, body = request(port, "GET", path, headers=headers)
    assert status == 200, f"GET {path}: {status} {body[:300]!r}"
    return body


def play_through(port: int) -> None:
    # the pages, in English and in French (the compiled catalogs ship)
    start = get(port, "/").decode()
    assert "New game of Wizard" in start
    form = get(port, "/games/new").decode()
    assert "Start the game" in form
    french = get(port, "/games/new", **{"Accept-Language": "fr"}).decode()
    assert "Nouvelle partie de Wizard" in french and "Commencer la partie" in french

    # every script, style sheet and icon the pages name, byte for byte the checkout's
    assets = set(re.findall(r'(?:src|href)="(/static/[^"?#]+)', start + form))
    assert {"/static/scribe.js"} <= assets and any(a.startswith("/static/vendor/htmx-") for a in assets), assets
    for asset in sorted(assets):
        assert get(port, asset) == (ROOT / "scribe" / asset.lstrip("/")).read_bytes(), asset

    # a round of Wizard through the JSON API, read back
    status, _, body = request(port, "POST", "/api/games",
                              {"players": PLAYERS, "first_dealer": 2, "lang": "fr", "name": "Soirée chez Zoé"})
    assert status == 201, body
    key = json.loads(body)["key"]
    entries = [("trump", {"round": 1, "card": "red"}), ("bids", {"round": 1, "player": 0, "bid": 0}),
               ("bids", {"round": 1, "player": 1, "bid": 1}), ("bids", {"round": 1, "player": 2, "bid": 1}),
               ("tricks", {"round": 1, "tricks": [0, 0, 1]})]
    for kind, entry in entries:
        status, _, body = request(port, "POST", f"/api/games/{key}/{kind}", entry)
        assert status == 200, (kind, body)
    sheet = json.loads(get(port, f"/api/games/{key}/sheet"))
    assert sheet["version"] == len(entries) and sheet["rounds"][0]["tricks"] == [0, 0, 1]
    assert sheet["totals"] == [20, -10, 30], sheet["rounds"][0]

    # the Scribe's page of that game, and its printed sheet in the game's language
    assert "Marie" in get(port, f"/games/{key}").decode()
    pdf = get(port, f"/games/{key}/sheet.pdf")
    assert pdf.startswith(b"%PDF")
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages))
    assert "Soirée chez Zoé" in text and all(name in text for name in PLAYERS), text[:500]
    assert "Total 20 -10 30" in text and "manches jouées : 1 sur 20" in text, text[:800]
