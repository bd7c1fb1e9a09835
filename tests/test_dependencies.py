"""What each install takes: the locks agree with pyproject.toml, and a home install starts
without the hosted node's packages.

``locks/home.txt`` is what ``make run`` installs, ``locks/hosted.txt`` a hosted node
(docs/hosting.md), ``locks/test.txt`` ``make test``; ``make lock`` writes all three from
pyproject.toml's ranges. A range narrowed without ``make lock``, a dependency added to
pyproject.toml but not to a lock, or a hosted package slipping into the home lock fails here
before it fails an install.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# each lock and the extras it installs beside the runtime dependencies
LOCKS = {"home.txt": (), "hosted.txt": ("hosted",), "test.txt": ("test",)}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def read_lock(name: str) -> dict[str, Version]:
    """The lock's pins, by canonical name; every pin carries at least one hash, as
    ``pip install --require-hashes`` demands."""
    pins: dict[str, Version] = {}
    entries = re.split(r"\n(?=\S)", (ROOT / "locks" / name).read_text(encoding="utf-8"))
    for entry in entries:
        if entry.startswith("#") or not entry.strip():
            continue
        match = PIN.match(entry)
        assert match, f"{name}: not an exact pin: {entry.splitlines()[0]}"
        assert "--hash=sha256:" in entry, f"{name}: {match[1]} has no hash"
        pins[canonicalize_name(match[1])] = Version(match[2])
    return pins


def declared(extras: tuple[str, ...]) -> list[Requirement]:
    """The runtime dependencies and those of ``extras``, ``scribe[...]`` in an extra followed."""
    found = [Requirement(r) for r in PROJECT["dependencies"]]
    todo, seen = list(extras), set()
    while todo:
        extra = todo.pop()
        if extra in seen:
            continue
        seen.add(extra)
        for line in PROJECT["optional-dependencies"][extra]:
            req = Requirement(line)
            if canonicalize_name(req.name) == canonicalize_name(PROJECT["name"]):
                todo.extend(req.extras)
            else:
                found.append(req)
    return found


def hosted_names() -> set[str]:
    return {canonicalize_name(Requirement(r).name) for r in PROJECT["optional-dependencies"]["hosted"]}


@pytest.mark.parametrize("lock", LOCKS)
def test_each_lock_pins_every_declared_dependency_within_its_range(lock):
    pins = read_lock(lock)
    for req in declared(LOCKS[lock]):
        name = canonicalize_name(req.name)
        assert name in pins, f"locks/{lock} lacks {req.name} (run make lock)"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"locks/{lock} pins {req.name}=={pins[name]}, outside pyproject.toml's {req} (run make lock)")


def test_the_locks_agree_on_every_version_they_share():
    locks = {name: read_lock(name) for name in LOCKS}
    for name, pins in locks.items():
        for package, version in pins.items():
            assert locks["test.txt"].get(package) == version, (
                f"locks/{name} pins {package}=={version}, locks/test.txt {locks['test.txt'].get(package)}: "
                "the suite would not test what that install runs")


def test_the_home_lock_holds_none_of_the_hosted_packages():
    home, hosted = read_lock("home.txt"), read_lock("hosted.txt")
    names = hosted_names() | {"psycopg-binary"}  # psycopg[binary]'s compiled half
    assert names == {"gunicorn", "psycopg", "psycopg-binary", "psycopg-pool", "uvloop", "httptools"}
    assert not names & home.keys(), f"a home install would take {sorted(names & home.keys())}"
    assert names <= hosted.keys()


# runs `scribe` as if none of the hosted packages were installed: importing one fails
WITHOUT_HOSTED = """
import importlib.abc, runpy, sys

class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"gunicorn", "psycopg", "psycopg_pool", "psycopg_binary", "uvloop", "httptools"}:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)

sys.meta_path.insert(0, NotInstalled())
sys.argv[0] = "scribe"
runpy.run_module("scribe.cli", run_name="__main__", alter_sys=True)
"""


def test_without_hosted_packages_the_premise_holds():
    """The stand-in for a home install really hides them (else the next test proves nothing)."""
    code = WITHOUT_HOSTED.replace('runpy.run_module("scribe.cli", run_name="__main__", alter_sys=True)',
                                  "import psycopg")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "No module named 'psycopg'" in out.stderr, out.stderr


def test_a_home_install_serves_a_game_without_the_hosted_packages(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "SCRIBE_INSTANCE": str(tmp_path)}
    env.pop("SCRIBE_DATABASE_URL", None)
    proc = subprocess.Popen([sys.executable, "-c", WITHOUT_HOSTED, "serve", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stdout.read()
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=1) as resp:
                    assert resp.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, "scribe serve did not answer"
                time.sleep(0.2)
        req = urllib.request.Request(f"{base}/api/games", method="POST", data=b'{"players": ["Ann", "Bo", "Cy"]}',
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=5) as resp:
            assert resp.status in (200, 201)
        with urllib.request.urlopen(f"{base}/", timeout=5) as resp:
            assert "New game of Wizard" in resp.read().decode()
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    assert "Traceback" not in out, out
