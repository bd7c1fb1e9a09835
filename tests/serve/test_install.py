"""The README's first command on a Python that refuses system-wide installs (PEP 668).

Debian 12 and Ubuntu 24.04 ship a ``python3`` marked externally managed: ``pip install``
on it fails. ``make run`` must still install and serve: it makes ``.venv`` first. This
runs the command itself, on a copy of the checkout, with only Debian's /usr/bin first
on the PATH, and stops the server the way systemd or Ctrl-C would. It installs from
``locks/home.txt``, so the laptop gets none of the hosted node's packages.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from .conftest import free_port
from .tools import missing

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"


def _externally_managed(python: str) -> bool:
    out = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('stdlib'))"],
                         capture_output=True, text=True, timeout=30)
    return out.returncode == 0 and (Path(out.stdout.strip()) / "EXTERNALLY-MANAGED").exists()


def test_make_run_installs_and_serves_on_a_python_that_refuses_pip(tmp_path):
    if not Path(SYSTEM_PYTHON).exists() or not _externally_managed(SYSTEM_PYTHON):
        missing(f"{SYSTEM_PYTHON} is not an externally managed Python (PEP 668): nothing to prove here")
    if shutil.which("make", path="/usr/bin:/bin") is None:
        missing("make is not installed")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), "LANG": "C.UTF-8",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CACHE_DIR": str(Path.home() / ".cache" / "pip"),
           "SCRIBE_HOST": "127.0.0.1", "SCRIBE_PORT": str(port := free_port()),
           "SCRIBE_INSTANCE": str(tmp_path / "instance")}
    # the premise: the system's python3 refuses pip
    refused = subprocess.run([SYSTEM_PYTHON, "-m", "pip", "install", "--dry-run", "segno"], env=env,
                             capture_output=True, text=True, timeout=120)
    assert refused.returncode != 0 and "externally-managed" in (refused.stdout + refused.stderr)

    checkout = tmp_path / "scribe"
    shutil.copytree(ROOT, checkout, ignore=shutil.ignore_patterns(
        ".venv", ".venv-latest", "dist", ".git", "instance", "test-artifacts", "__pycache__", "*.egg-info",
        ".pytest_cache", ".hypothesis"))
    (checkout / "instance").mkdir()
    log = (tmp_path / "make-run.log").open("w")
    proc = subprocess.Popen(["make", "run"], cwd=checkout, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 600  # a first install downloads the wheels
        while True:
            assert proc.poll() is None, "make run stopped:\n" + (tmp_path / "make-run.log").read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as resp:
                    assert resp.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "make-run.log").read_text()
                time.sleep(0.5)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as resp:
            assert "New game of Wizard" in resp.read().decode()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        log.close()
    out = (tmp_path / "make-run.log").read_text()
    assert (checkout / ".venv" / "bin" / "scribe").exists(), out
    assert "Scribe stopped." in out, out  # a clean stop, not a kill
    # the home install took locks/home.txt: none of the hosted node's packages (scribe[hosted])
    hosted = ("gunicorn", "psycopg", "psycopg_pool", "uvloop", "httptools")
    found = subprocess.run([str(checkout / ".venv" / "bin" / "python"), "-c",
                            f"import importlib.util; print([m for m in {hosted!r} if importlib.util.find_spec(m)])"],
                           capture_output=True, text=True, timeout=60)
    assert found.stdout.strip() == "[]", found.stdout + found.stderr
