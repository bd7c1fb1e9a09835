"""A home install: the hosted node's packages (psycopg, psycopg-pool, gunicorn, uvloop,
httptools: the ``scribe[hosted]`` extra) are not there. The server runs on SQLite all the
same; a hosted setting (a PostgreSQL URL, several workers) is said to need the extra, in
one sentence, by every command, exit status 3. (Simulated: a folder first on PYTHONPATH
holds packages of those names whose import fails.)"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from .conftest import ROOT, free_port, request
from .test_push import act, new_game

HOSTED = ("psycopg", "psycopg_pool", "gunicorn", "uvloop", "httptools")
EXTRA = "needs the hosted extra, and psycopg cannot be imported here: pip install 'scribe[hosted]'."


@pytest.fixture
def without_hosted(tmp_path) -> str:
    """A PYTHONPATH on which none of the hosted extra's packages imports."""
    site = tmp_path / "no-hosted"
    for name in HOSTED:
        (site / name).mkdir(parents=True)
        (site / name / "__init__.py").write_text(f"raise ImportError('{name} is not installed here')\n")
    return os.pathsep.join([str(site), str(ROOT)])


def test_the_server_serves_sqlite_without_the_hosted_extra(serve, without_hosted):
    server = serve("--host", "127.0.0.1", env={"PYTHONPATH": without_hosted})
    key, _watch = new_game(server.port)
    assert act(server.port, key, "bid", {"player": 1, "bid": 0}) == 1
    status, _, _ = request(server.port, "GET", f"/games/{key}", headers={"Host": "localhost"})
    assert status == 200
    assert server.stop() == 0 and "Traceback" not in server.log()


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scribe", *args], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=60)


def test_every_command_on_postgresql_says_it_needs_the_hosted_extra(tmp_path, without_hosted):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("SCRIBE_")},
           "PYTHONPATH": without_hosted, "SCRIBE_INSTANCE": str(tmp_path / "instance"),
           "SCRIBE_DATABASE_URL": "postgresql://scribe:s3cret@127.0.0.1:5432/scribe"}
    (tmp_path / "game.json").write_text("{}")
    for args in (["serve", "--no-qr", "--host", "127.0.0.1", "--port", str(free_port())], ["pdf", "abc", "-o", str(tmp_path / "x")],
                 ["export", "abc"], ["import", str(tmp_path / "game.json")], ["backup", str(tmp_path / "x")]):
        done = _run(args, env)
        assert done.returncode == 3, (args, done.stderr)
        assert done.stderr == f"scribe {args[0]}: PostgreSQL (SCRIBE_DATABASE_URL) {EXTRA}\n", args
    assert not (tmp_path / "x").exists()
    del env["SCRIBE_DATABASE_URL"]
    done = _run(["migrate-store", str(tmp_path / "game.json"), "--to", "postgresql://scribe@127.0.0.1/scribe"], env)
    # the file is read first: a JSON file is no Scribe database (2) ...
    assert done.returncode == 2 and "not a SQLite database" in done.stderr
    from scribe import create_app

    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    done = _run(["migrate-store", laptop.config["DATABASE"], "--to", "postgresql://scribe@127.0.0.1/scribe"], env)
    assert done.returncode == 3 and done.stderr == f"scribe migrate-store: --to postgresql://... {EXTRA}\n"


def test_several_workers_say_they_need_the_hosted_extra(tmp_path, without_hosted):
    env = {**os.environ, "PYTHONPATH": without_hosted, "SCRIBE_INSTANCE": str(tmp_path / "instance")}
    done = _run(["serve", "--no-qr", "--host", "127.0.0.1", "--workers", "2"], env)
    assert done.returncode == 3 and done.stderr == (
        "scribe serve: --workers 2 (several processes, gunicorn) needs the hosted extra, and gunicorn cannot be "
        "imported here: pip install 'scribe[hosted]', or use --workers 1 (one process).\n")
    assert "Scribe is ready" not in done.stdout
