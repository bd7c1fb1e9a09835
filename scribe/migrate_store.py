"""``scribe migrate-store FILE --to postgresql://...``: a laptop's games moved into a
hosted database, each checked once there.

The laptop's file is first copied (SQLite's online backup, as ``scribe backup``: the
laptop's server may go on) and the copy brought to this Scribe's schema, so the file
itself is never changed. Then game by game, the oldest first, in one transaction each
(a failure leaves nothing of that game behind): the game row, every entry, its links
(same token hashes: the same links open it, under the same secret key), the groups
holding it and its story rows. A game already in the target is not written again: it is
checked, and reported as already there. Each game is then read back from the target
through the store and replayed: its sheet, its list summary and its totals must equal
the laptop's, and the report says so game by game.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import store
from .backups import backup_file
from .climain import FAILED, fail as _fail
from .games import GAMES
from .store import events as stored_events, transfer
from .store.db import writing
from .unavailable import DatabaseUnavailable, HostedExtraMissing, InstanceUnwritable, Unavailable, plain


class Refused(Exception):
    """The migration cannot start: the message says why (exit status 2, nothing moved)."""


@dataclass
class Target:
    """Where the games go: a store's db (what ``store`` functions take), each table's
    columns, and how it is named in messages (no password)."""

    db: Any
    columns: dict[str, set[str]]
    name: str

    def transaction(self) -> Any:
        """One write transaction; what it yields takes ``execute`` with ``?`` placeholders."""
        return writing(self.db, lock=True)


@dataclass(frozen=True)
class Checked:
    """One game's outcome: ``moved``, ``there`` (already there) or ``failed``, and why."""

    game_id: str
    outcome: str
    line: str


def open_target(url: str) -> Target:
    """The target store, its schema brought up to date; Refused when the URL is not one
    this command writes to, Unavailable when the database cannot be reached (or refuses)."""
    if store.is_pg_url(url):
        try:
            db = store.open_db(url)
        except DatabaseUnavailable as why:
            raise why.naming("--to") from None
        except HostedExtraMissing as why:
            raise HostedExtraMissing("--to postgresql://...", why.package) from None
        rows = db.execute("select table_name, column_name from information_schema.columns "
                          "where table_schema = current_schema()").fetchall()
        columns: dict[str, set[str]] = {}
        for table, column in rows:
            columns.setdefault(table, set()).add(column)
        return Target(db, columns, store.shown(url))
    if url.startswith("sqlite:///"):
        return _sqlite(Path(url.removeprefix("sqlite:///")), url)
    given = url.split("://", 1)[0] + "://..." if "://" in url else url  # a URL's password is never shown
    raise Refused(f"--to must be a PostgreSQL URL (postgresql://user@host:port/database) "
                  f"or another Scribe's file (sqlite:///path), not {given!r}")


def _sqlite(path: Path, url: str) -> Target:
    """Another Scribe's SQLite file (created if missing): games merged into it."""
    if not path.parent.is_dir():
        raise Refused(f"cannot open {path}: its folder does not exist")
    try:
        db = store.open_db(path)
    except (sqlite3.Error, InstanceUnwritable) as exc:
        raise Refused(f"{path} is not a SQLite database Scribe can write: {exc}") from None
    return Target(db, _sqlite_columns(db.conn), url)


def _sqlite_columns(conn: Any) -> dict[str, set[str]]:
    tables = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    return {t: {r[1] for r in conn.execute(f"pragma table_info({t})")} for t in tables}


def _snapshot(path: Path, folder: str) -> Any:
    """The laptop's database copied and brought to this Scribe's schema (never changed
    itself); Refused when it is no Scribe database."""
    if not path.is_file():
        raise Refused(f"there is no file {path}")
    copy = Path(folder) / "source.sqlite3"
    try:
        backup_file(path, copy)
        with sqlite3.connect(copy) as conn:
            tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
        conn.close()
        if not {"games", "entries"} <= tables:  # before migrating the copy, which would make them
            raise Refused(f"{path} is not a Scribe database (it has no games)")
        return store.open_db(copy)
    except (sqlite3.Error, OSError) as exc:
        raise Refused(f"{path} is not a SQLite database Scribe can read: {exc}") from None


def replayed(db: Any, game_id: str) -> tuple[Any, Any, list[Any]]:
    """(game row, sheet, log) of a game as stored, replayed by its rules."""
    game = store.get_game(db, game_id)
    if game is None:
        raise LookupError(game_id)
    rules = GAMES[game.game]
    log = store.load_log(db, game_id)
    return game, rules.replay(rules.Setup.from_dict(game.setup), log), log


def compare(source: Any, target: Any, game_id: str, fresh: bool) -> tuple[str | None, int]:
    """Why the target's game differs from the source's (None when equal) and how many
    entries the target has past the source's (a game played on there since). A game
    moved before (not ``fresh``) may since have been renamed, deleted or restored there."""
    game, sheet, log = replayed(source, game_id)
    there, there_sheet, there_log = replayed(target, game_id)
    rules = GAMES[game.game]
    if there.game != game.game or there.setup != game.setup:
        return "its setup differs there", 0
    if there_log[: len(log)] != log:
        if log[: len(there_log)] == there_log:
            return (f"played on here after it moved ({len(log) - len(there_log)} more entries here): not written "
                    "again; move it with scribe export and scribe import (a new game)"), 0
        return "its log differs there", 0
    if len(there_log) > len(log):
        return None, len(there_log) - len(log)
    if there_sheet != sheet:
        return "its replayed sheet differs there", 0
    if rules.summary(there_sheet) != rules.summary(sheet):
        return "its list summary differs there", 0
    told, there_told = rules.story(sheet), rules.story(there_sheet)
    if (there_told.totals, there_told.winners) != (told.totals, told.winners):
        return "its totals differ there", 0
    if fresh and (there.name, there.lang, there.deleted_at) != (game.name, game.lang, game.deleted_at):
        return "its name, language or deletion differs there", 0
    return None, 0


def move(source: Any, target: Target) -> Iterator[Checked]:
    """Each game of ``source`` written into ``target`` unless already there, then checked."""
    for game_id in transfer.game_ids(source.conn):
        row = store.get_game(source, game_id)
        label = f"{game_id}  {row.game:<10} {row.name!r}"
        if row.game not in GAMES:
            yield Checked(game_id, "failed", f"FAILED   {label}: a game this Scribe does not know; not moved")
            continue
        try:
            replayed(source, game_id)
        except Exception as exc:  # noqa: BLE001 - a log its own rules refuse is reported, not moved
            yield Checked(game_id, "failed", f"FAILED   {label}: it does not replay here ({exc}); not moved")
            continue
        there = store.get_game(target.db, game_id) is not None
        rows = transfer.read_game(source.conn, game_id)
        if not there:
            try:
                with target.transaction() as conn:
                    transfer.write_rows(conn, rows)
            except Exception as exc:  # noqa: BLE001 - the database's refusal, this game only
                yield Checked(game_id, "failed", f"FAILED   {label}: the database refused it ({exc}); not moved")
                continue
        why, more = compare(source, target.db, game_id, fresh=not there)
        size = f"{len(rows['entries'])} entries, {len(rows['links'])} links, {len(rows['group_games'])} groups"
        if why is not None:
            yield Checked(game_id, "failed", f"FAILED   {label}: {why}")
        elif there and more:
            yield Checked(game_id, "there", f"there    {label}: already there, not written again, played on there "
                                            f"since ({more} more entries): its log here is the start of the one there")
        elif there:
            yield Checked(game_id, "there", f"there    {label}: already there, not written again; "
                                            "its sheet and totals equal")
        else:
            yield Checked(game_id, "moved", f"moved    {label}: {size}; its sheet and totals equal")


def move_events(source: Any, target: Target) -> Iterator[Checked]:
    """Each club night of ``source`` written into ``target`` after the games, unless already
    there: whole (its parties, tables and links) or not at all."""
    for event_id in transfer.event_ids(source.conn):
        rows = transfer.read_event(source.conn, event_id)
        label = f"{event_id}  club night {rows['events'][0]['name']!r}"
        if stored_events.get(target.db, event_id) is not None:
            yield Checked(event_id, "there", f"there    {label}: already there, not written again")
            continue
        try:
            with target.transaction() as conn:
                transfer.write_rows(conn, rows)
        except Exception as exc:  # noqa: BLE001 - the database's refusal (a table's game not moved), this event only
            yield Checked(event_id, "failed", f"FAILED   {label}: the database refused it ({exc}); not moved")
            continue
        yield Checked(event_id, "moved", f"moved    {label}: {len(rows['event_tables'])} tables, "
                                         f"{len(rows['event_parties'])} parties")


def migrate(source_path: str | Path, url: str, say: Callable[[str], None]) -> int:
    """Move every game; the exit status (0 all moved or there, 1 a game failed, 2 refused;
    a database out of reach raises Unavailable: 3)."""
    with tempfile.TemporaryDirectory(prefix="scribe-migrate-") as folder:
        try:
            source = _snapshot(Path(source_path), folder)
        except Refused as why:
            return _fail("migrate-store", str(why))
        try:
            target = open_target(url)
        except Refused as why:
            source.conn.close()
            return _fail("migrate-store", str(why))
        except Unavailable:  # said by the command, exit status 3
            source.conn.close()
            raise
        try:
            names = transfer.read_names(source.conn)
            had = _sqlite_columns(source.conn)
            lost = sorted(f"{t}.{c}" for t in (*transfer.GAME_TABLES, *transfer.EVENT_TABLES, "player_names")
                          for c in had[t] - target.columns.get(t, set()))
            if lost:
                return _fail("migrate-store", f"{target.name} has no place for {', '.join(lost)}: "
                                              "is its Scribe older than this one?")
            say(f"from {source_path} to {target.name}")
            counts = {"moved": 0, "there": 0, "failed": 0}
            events = dict(counts)
            try:
                for checked in move(source, target):
                    counts[checked.outcome] += 1
                    say(checked.line)
                with target.transaction() as conn:
                    transfer.write_rows(conn, {"player_names": names}, on_conflict="on conflict do nothing")
                for checked in move_events(source, target):
                    counts[checked.outcome] += 1
                    events[checked.outcome] += 1
                    say(checked.line)
            except store.TRANSIENT as exc:  # the database went away: each game moved is whole, the rest not begun
                return _fail("migrate-store", f"lost {target.name} after {counts['moved']} games moved "
                                              f"({plain(str(exc))}); "
                                              "run it again to move the rest", FAILED)
            say(f"{counts['moved'] - events['moved']} games moved, {counts['there'] - events['there']} already there, "
                f"{counts['failed'] - events['failed']} failed; {len(names)} players' renames of the groups")
            if any(events.values()):
                say(f"{events['moved']} club nights moved, {events['there']} already there, {events['failed']} failed")
            key = Path(source_path).parent / "secret_key"
            if key.exists():
                say(f"the links open there with the same tokens under this laptop's secret key: serve it with "
                    f"SCRIBE_SECRET_KEY set to the contents of {key}")
            return FAILED if counts["failed"] else 0
        finally:
            source.conn.close()
            store.close(target.db)
