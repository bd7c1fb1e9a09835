"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, a free port on
loopback, stopped and removed at the end. initdb refuses to run as root, so as root the
cluster belongs to Debian's ``postgres`` user (``runuser``); as anyone else it is theirs.

Used by the ``pg_url`` fixture in tests/conftest.py and by bench scripts (``python
tests/pgcluster.py`` prints a URL and keeps the cluster until interrupted)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path


def binary(name: str) -> str | None:
    """A PostgreSQL server program: on PATH, else in Debian's versioned folder."""
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.access(os.path.join(folder, name), os.X_OK):
            return os.path.join(folder, name)
    return None


def _runuser() -> str | None:
    """util-linux's runuser: in /usr/sbin on Debian, which a PATH of /usr/bin:/bin (CI's,
    and cron's) leaves out."""
    return shutil.which("runuser") or next(
        (p for p in ("/usr/sbin/runuser", "/sbin/runuser") if os.access(p, os.X_OK)), None)


def missing() -> str | None:
    """Why a cluster cannot be started here, or None."""
    for name in ("initdb", "pg_ctl"):
        if binary(name) is None:
            return f"PostgreSQL's {name} is not installed (Debian: apt-get install postgresql)"
    if os.geteuid() == 0 and _runuser() is None:
        return "running as root needs runuser to start PostgreSQL as the postgres user"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    folder: Path
    port: int
    user: str

    @property
    def url(self) -> str:
        """The cluster's maintenance database; ``fresh_database`` makes one per test."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/postgres"

    def url_of(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def fresh_database(self) -> str:
        """A new empty database on this cluster; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url_of(name)

    def stop(self) -> None:
        _run(self, [binary("pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"], check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def _run(cluster: Cluster, argv: list, check: bool = True) -> subprocess.CompletedProcess:
    if os.geteuid() == 0:
        argv = [_runuser(), "-u", cluster.user, "--"] + argv
    return subprocess.run(argv, check=check, capture_output=True, text=True, timeout=120)


def start() -> Cluster:
    """initdb and start a cluster on a free loopback port; trust authentication (loopback
    only, a throwaway folder)."""
    why = missing()
    if why:
        raise RuntimeError(why)
    folder = Path(tempfile.mkdtemp(prefix="scribe-pg-"))
    user = "postgres" if os.geteuid() == 0 else (os.environ.get("USER") or "postgres")
    if os.geteuid() == 0:
        shutil.chown(folder, user="postgres")
    cluster = Cluster(folder, _free_port(), user)
    data = folder / "data"
    _run(cluster, [binary("initdb"), "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8",
                   "--locale=C", "--no-sync"])
    # fsync off: a test cluster never outlives a crash of its machine; sockets in the folder
    options = f"-p {cluster.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off " \
              f"-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
    try:
        _run(cluster, [binary("pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"),
                       "-w", "-t", "60", "start"])
    except subprocess.CalledProcessError as err:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {err.stderr}\n{log}") from err
    return cluster


if __name__ == "__main__":
    made = start()
    print(made.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        made.stop()
