"""``scribe backup FILE``, ``scribe export GAME_ID``, ``scribe import FILE`` and ``scribe
migrate-store FILE --to URL``.

They read the app's configuration like ``scribe pdf`` (``SCRIBE_INSTANCE`` sets the
instance folder and so the database; ``SCRIBE_DATABASE_URL`` a PostgreSQL database
instead) and are safe while ``scribe serve`` runs: on SQLite the backup is one read
transaction of SQLite's online backup, so writers go on (WAL) and the copy holds the
database as it was at one instant; on PostgreSQL it is ``pg_dump``, which holds one
snapshot too (or, where pg_dump is not installed, the exact command to run where it
is). Refusals say why and exit 2.
"""

from __future__ import annotations

import glob
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from .climain import StatusCommand
from .rules.errors import RuleError

REFUSED = 2


def _fail(command: str, message: str, status: int = REFUSED) -> int:
    print(f"scribe {command}: {message}", file=sys.stderr)
    return status


def _open_app(command: str) -> tuple[Any, int | None]:
    """The app (its database opened and brought up to date), or the exit status after
    saying the database cannot be reached (a PostgreSQL server down, a wrong URL)."""
    from . import create_app, store
    from .config import configured_app

    try:
        return create_app(), None
    except store.TRANSIENT as exc:
        where = store.shown(store.target(configured_app().config))
        reason = str(exc).strip().splitlines()[-1] if str(exc).strip() else type(exc).__name__
        return None, _fail(command, f"cannot reach the database at {where}: {reason}")


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
                               "(Debian: apt-get install postgresql-client)")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    try:
        argv, env = pg_dump_call(program, url, tmp)
        done = subprocess.run(argv, env={**os.environ, **env}, capture_output=True, text=True, timeout=3600)
        if done.returncode != 0:
            why = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit status {done.returncode}"
            return _fail("backup", f"pg_dump could not back up {shown(url)}: {why}", 1)
        os.replace(tmp, target)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    print(f"backed up {shown(url)} to {target} with pg_dump ({target.stat().st_size} bytes); "
          f"restore it with: pg_restore --no-owner --dbname=URL {shlex.quote(str(target))}", file=sys.stderr)
    return 0


@click.command("backup", cls=StatusCommand)
@click.argument("file", metavar="FILE")
@click.option("--force", is_flag=True, help="replace FILE if it exists")
def backup_command(file: str, force: bool) -> int:
    """Copy the whole database to FILE, safely while the server runs.

    On SQLite the copy is a new SQLite file; on PostgreSQL (SCRIBE_DATABASE_URL) it is
    pg_dump's archive for pg_restore, or, without pg_dump here, the command to run. An
    existing FILE is kept unless --force.
    """
    from .config import configured_app
    from .store import pg, target as store_target

    target = Path(file)
    if target.exists() and not force:
        return _fail("backup", f"{target} exists: choose another name, or --force to replace it")
    if target.is_dir() or not target.parent.is_dir():
        return _fail("backup", f"cannot write {target}: not a file in an existing folder")
    source = store_target(configured_app().config)
    if pg.is_url(source):
        return backup_postgres(source, target)
    from . import create_app

    source = create_app().config["DATABASE"]  # made and brought up to date first, as the server does
    try:
        backup_file(source, target)
    except (sqlite3.Error, OSError) as exc:
        return _fail("backup", f"cannot back up {source} to {target}: {exc}", 1)
    print(f"backed up {source} to {target} ({target.stat().st_size} bytes)", file=sys.stderr)
    return 0


@click.command("export", cls=StatusCommand)
@click.argument("game_id", metavar="GAME")
@click.option("-o", "--output", default="-", metavar="FILE", help="where to write the JSON (default stdout)")
def export_command(game_id: str, output: str) -> int:
    """Write a game's whole record as JSON (to move or keep it).

    GAME is the Scribe's link of the game (or its key, /games/KEY), or its id; one
    starting with '-' goes after --. Refused while bids or hands are sealed.
    """
    from . import record, service, sharing, store
    from .web.db import get_db

    app, failed = _open_app("export")
    if app is None:
        return failed
    with app.app_context():
        try:
            data = record.export_record(get_db(), sharing.game_id_of(get_db(), game_id))
        except service.NotFound:
            return _fail("export", f"there is no game {game_id!r} in {store.shown(store.target(app.config))}")
        except RuleError as err:
            return _fail("export", err.message)
        except store.TRANSIENT as exc:
            return _fail("export", f"cannot read {store.shown(store.target(app.config))}: {exc}", 1)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if output == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    try:
        with open(output, "x", encoding="utf-8") as f:  # never over another file
            f.write(text)
    except FileExistsError:
        return _fail("export", f"{output} exists: choose another name")
    except OSError as exc:
        return _fail("export", f"cannot write {output}: {exc.strerror or exc}", 1)
    print(f"wrote {output} ({len(data['entries'])} entries)", file=sys.stderr)
    return 0


@click.command("import", cls=StatusCommand)
@click.argument("file", metavar="FILE")
def import_command(file: str) -> int:
    """Check a game's record by replaying it and add it as a new game.

    FILE is a record written by scribe export ('-' for stdin). The game gets a Scribe's
    link of its own: its key is printed (the game page is /games/KEY).
    """
    from . import record, sharing, store

    try:
        raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        return _fail("import", f"cannot read {file}: {exc.strerror or exc}")
    app, failed = _open_app("import")
    if app is None:
        return failed
    with app.app_context():
        from .web.db import get_db

        try:
            game_id = record.import_record(get_db(), record.read_record(raw))
        except RuleError as err:
            where = f" ({err.field})" if err.field else ""
            return _fail("import", f"{err.message}{where}; nothing was imported")
        except store.TRANSIENT as exc:
            return _fail("import", f"cannot write {store.shown(store.target(app.config))}: {exc}; nothing was "
                                   "imported", 1)
        # the game's id opens nothing: its Scribe's link is what opens it
        key = sharing.scribe_token(get_db(), app.config["SECRET_KEY"], game_id)
    print(f"imported as game {game_id}: the Scribe opens it at /games/{key} on this server", file=sys.stderr)
    print(key)
    return 0


@click.command("migrate-store", cls=StatusCommand)
@click.argument("file", metavar="SQLITE_FILE")
@click.option("--to", "url", required=True, metavar="URL",
              help="the PostgreSQL database: postgresql://user:password@host:port/database")
def migrate_command(file: str, url: str) -> int:
    """Move every game of a SQLite file (a laptop's instance/scribe.sqlite3) into PostgreSQL.

    Each game goes whole or not at all (its log, links, groups and story), then is
    replayed there: the report says game by game that its sheet and totals are equal.
    Run it again: games already there are checked, not written twice. Exit 1 when a
    game failed, 2 when nothing could start (a wrong URL, a database out of reach).
    """
    from .migrate_store import migrate

    return migrate(file, url, lambda line: print(line, flush=True))
