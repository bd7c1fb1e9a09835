"""The laptop at home may run Windows, where ``fcntl`` and ``resource`` do not exist: the
server run as ``python -m scribe serve`` starts on every interface without them, prints
an address, serves a game and pushes its entries to a TV. (Simulated here: those two
modules are made unimportable; Windows itself is not at hand.)"""

from __future__ import annotations

import os
import sys

from .conftest import ROOT, request
from .sse import Stream
from .test_push import act, new_game

BLOCK = """import sys
for name in ("fcntl", "resource"):
    sys.modules[name] = None  # import fails, as on Windows
print("posix-only modules blocked", flush=True)
"""


def test_the_server_runs_without_fcntl_and_resource(serve, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCK)
    server = serve(env={"PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])})  # --host 0.0.0.0: the LAN default
    log = server.wait_log(lambda log: "Open this on the phones" in log)
    assert "posix-only modules blocked" in log and "http://" in log and "Traceback" not in log
    key, watch = new_game(server.port)
    tv = Stream(server.port, f"/w/{watch}/events?v=0")
    assert tv.next().name == "hello"
    version = act(server.port, key, "bid", {"player": 1, "bid": 0})
    sent = tv.next()
    assert (sent.id, sent.name) == (str(version), "sheet")
    tv.close()
    status, _, _ = request(server.port, "GET", f"/games/{key}", headers={"Host": "localhost"})
    assert status == 200
    assert server.stop() == 0 and "Scribe stopped." in server.log()


def test_python_dash_m_scribe_is_the_command(tmp_path):
    """``python -m scribe`` where the ``scribe`` script is not on PATH."""
    import subprocess

    done = subprocess.run([sys.executable, "-m", "scribe", "--help"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == 0 and "serve" in done.stdout
