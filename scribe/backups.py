"""Backups of either store: SQLite's online backup into a new file (``backup_file``), or
``pg_dump`` of a PostgreSQL database (``backup_postgres``), or the exact command to run where
pg_dump is installed. Both hold the database as it was at one instant while the servers
keep writing. pg_dump's custom archive is compressed and read back by ``pg_restore``; the
password goes to it through PGPASSWORD, never on a command line (``ps`` shows those)."""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from .climain import FAILED, UNAVAILABLE, fail as _fail
from .unavailable import plain


def backup_file(source: str | Path, target: str | Path) -> None:
    """Copy the live database at ``source`` to a new file ``target`` (replacing it) with
    SQLite's online backup API, then check the copy. The copy is written beside the
    target and renamed into place, so a failed backup never leaves half a file."""
    target = Path(target)
    src = sqlite3.connect(str(source), timeout=10)  # read only by use: one read transaction
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    try:
        dst = sqlite3.connect(tmp)
        try:
            with dst:
                src.backup(dst)  # pages=-1: one step, one read transaction, a consistent snapshot
            dst.execute("pragma journal_mode=delete")  # a single self-contained file
            ok = dst.execute("pragma integrity_check").fetchone()[0]
        finally:
            dst.close()
        if ok != "ok":
            raise sqlite3.DatabaseError(f"the copy fails its integrity check: {ok}")
        os.replace(tmp, target)
    finally:
        src.close()
        if os.path.exists(tmp):
            os.unlink(tmp)


TIMEOUT_S = 3600  # a dump of a large database; a hung one ends with a message, not forever


def pg_dump() -> str | None:
    """PostgreSQL's pg_dump: on PATH, else in Debian's versioned folders (newest first)."""
    found = shutil.which("pg_dump")
    if found:
        return found
    made = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"), key=lambda p: int(p.split("/")[4]), reverse=True)
    return next((p for p in made if os.access(p, os.X_OK)), None)


def pg_dump_call(program: str, url: str, target: str | Path) -> tuple[list[str], dict[str, str]]:
    """(argv, extra environment) of a pg_dump of ``url`` into ``target``: the custom format
    (compressed, read back by pg_restore), no owners or grants (restored by whichever role
    restores it). The password goes through PGPASSWORD, never on the command line."""
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    parts = conninfo_to_dict(url)
    password = parts.pop("password", None)
    argv = [program, "--format=custom", "--no-owner", "--no-privileges", f"--file={target}",
            f"--dbname={make_conninfo(**parts)}"]
    return argv, ({"PGPASSWORD": password} if password else {})


def backup_postgres(url: str, target: Path) -> int:
    """``pg_dump`` of the database at ``url`` into ``target`` (written beside it, renamed into
    place: never half a file), or the command to run where pg_dump is installed."""
    from .store import shown

    program = pg_dump()
    if program is None:
        argv, _env = pg_dump_call("pg_dump", url, target)
        print(shlex.join(argv))
        return _fail("backup", "pg_dump (PostgreSQL's client tools) is not installed here: run the command above "
                               "where it is, with the database's password in PGPASSWORD or ~/.pgpass "
                               "(Debian: apt-get install postgresql-client)", UNAVAILABLE)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    try:
        argv, env = pg_dump_call(program, url, tmp)
        try:
            done = subprocess.run(argv, env={**os.environ, **env}, capture_output=True, text=True, timeout=TIMEOUT_S,
                                  check=False)  # its status and stderr are said below
        except (OSError, subprocess.TimeoutExpired) as exc:
            return _fail("backup", f"pg_dump could not back up {shown(url)} ({plain(str(exc))})", FAILED)
        if done.returncode != 0:
            said = done.stderr.strip().removeprefix("pg_dump: error: ").removeprefix("pg_dump: ")
            why = plain(said) if said else f"exit status {done.returncode}"
            return _fail("backup", f"pg_dump could not back up {shown(url)} ({why})", FAILED)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    print(f"backed up {shown(url)} to {target} with pg_dump ({target.stat().st_size} bytes); "
          f"restore it with: pg_restore --no-owner --dbname=URL {shlex.quote(str(target))}", file=sys.stderr)
    return 0
