"""``scribe backup FILE``, ``scribe export GAME_ID``, ``scribe import FILE`` and ``scribe
migrate-store FILE --to URL``.

They read the app's configuration like ``scribe pdf`` (``SCRIBE_INSTANCE`` sets the
instance folder and so the database; ``SCRIBE_DATABASE_URL`` a PostgreSQL database
instead) and are safe while ``scribe serve`` runs: on SQLite the backup is one read
transaction of SQLite's online backup, so writers go on (WAL) and the copy holds the
database as it was at one instant; on PostgreSQL it is ``pg_dump``, which holds one
snapshot too (or, where pg_dump is not installed, the exact command to run where it
is). Refusals say why and exit 2; a database out of reach exits 3 (scribe/climain.py).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

import click

from .backups import backup_file
from .climain import FAILED, StatusCommand, fail as _fail
from .rules.errors import RuleError
from .unavailable import plain


def _open_app() -> Any:
    """The app, its database opened and brought up to date; a database that cannot be
    opened raises Unavailable, which the command says (exit status 3)."""
    from . import create_app

    return create_app()


def _entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"


@click.command("backup", cls=StatusCommand)
@click.argument("file", metavar="FILE")
@click.option("--force", is_flag=True, help="replace FILE if it exists")
def backup_command(file: str, force: bool) -> int:
    """Copy the whole database to FILE, safely while the server runs.

    On SQLite the copy is a new SQLite file; on PostgreSQL (SCRIBE_DATABASE_URL) it is
    pg_dump's archive for pg_restore, or, without pg_dump here, the command to run. An
    existing FILE is kept unless --force.
    """
    from . import store
    from .config import configured_app

    target = Path(file)
    if target.exists() and not force:
        return _fail("backup", f"{target} exists: choose another name, or --force to replace it")
    if target.is_dir() or not target.parent.is_dir():
        return _fail("backup", f"cannot write {target}: not a file in an existing folder")
    source = store.target(configured_app().config)
    if store.is_pg_url(source):
        from .backups import backup_postgres

        store.close(store.open_db(source))  # reached and up to date, or said why not, before pg_dump runs
        return backup_postgres(source, target)
    source = _open_app().config["DATABASE"]  # made and brought up to date first, as the server does
    try:
        backup_file(source, target)
    except (sqlite3.Error, OSError) as exc:
        return _fail("backup", f"cannot back up {source} to {target}: {plain(str(exc))}", FAILED)
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

    app = _open_app()
    with app.app_context():
        try:
            data = record.export_record(get_db(), sharing.game_id_of(get_db(), game_id))
        except service.NotFound:
            return _fail("export", f"there is no game {game_id!r} in {store.shown(store.target(app.config))}")
        except RuleError as err:
            return _fail("export", err.message)
        except store.TRANSIENT as exc:
            return _fail("export", f"cannot read {store.shown(store.target(app.config))} ({plain(str(exc))})",
                         FAILED)
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
        return _fail("export", f"cannot write {output}: {exc.strerror or exc}", FAILED)
    print(f"wrote {output} ({_entries(len(data['entries']))})", file=sys.stderr)
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
    app = _open_app()
    with app.app_context():
        from .web.db import get_db

        try:
            game_id = record.import_record(get_db(), record.read_record(raw))
        except RuleError as err:
            where = f" ({err.field})" if err.field else ""
            return _fail("import", f"{err.message}{where}; nothing was imported")
        except store.TRANSIENT as exc:
            return _fail("import", f"cannot write {store.shown(store.target(app.config))} ({plain(str(exc))}); "
                                   "nothing was imported", FAILED)
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
    game failed, 2 when nothing could start (a wrong URL or file), 3 when the database
    is out of reach or refuses.
    """
    from .migrate_store import migrate

    return migrate(file, url, lambda line: print(line, flush=True))
