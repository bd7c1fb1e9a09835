"""``scribe backup FILE``, ``scribe export GAME_ID``, ``scribe import FILE`` and ``scribe
migrate-store FILE --to URL``.

They read the app's configuration like ``scribe pdf`` (``SCRIBE_INSTANCE`` sets the
instance folder and so the database) and are safe while ``scribe serve`` runs: the
backup is one read transaction of SQLite's online backup, so writers go on (WAL) and the
copy holds the database as it was at one instant. Refusals say why and exit 2.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

import click

from .climain import StatusCommand
from .rules.errors import RuleError

REFUSED = 2


def _fail(command: str, message: str, status: int = REFUSED) -> int:
    print(f"scribe {command}: {message}", file=sys.stderr)
    return status


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


@click.command("backup", cls=StatusCommand)
@click.argument("file", metavar="FILE")
@click.option("--force", is_flag=True, help="replace FILE if it exists")
def backup_command(file: str, force: bool) -> int:
    """Copy the whole database to FILE, safely while the server runs.

    The copy is a new SQLite file; an existing FILE is kept unless --force.
    """
    from . import create_app

    target = Path(file)
    if target.exists() and not force:
        return _fail("backup", f"{target} exists: choose another name, or --force to replace it")
    if target.is_dir() or not target.parent.is_dir():
        return _fail("backup", f"cannot write {target}: not a file in an existing folder")
    source = create_app().config["DATABASE"]
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
    from . import create_app, record, service, sharing
    from .web.db import get_db

    app = create_app()
    with app.app_context():
        try:
            data = record.export_record(get_db(), sharing.game_id_of(get_db(), game_id))
        except service.NotFound:
            return _fail("export", f"there is no game {game_id!r} in {app.config['DATABASE']}")
        except RuleError as err:
            return _fail("export", err.message)
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
    from . import create_app, record, sharing

    try:
        raw = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        return _fail("import", f"cannot read {file}: {exc.strerror or exc}")
    app = create_app()
    with app.app_context():
        from .web.db import get_db

        try:
            game_id = record.import_record(get_db(), record.read_record(raw))
        except RuleError as err:
            where = f" ({err.field})" if err.field else ""
            return _fail("import", f"{err.message}{where}; nothing was imported")
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
