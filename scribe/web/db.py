"""Database connections: each server thread keeps one open, migrations run once at start.

Opening and closing a connection per request cost more than the whole bid (closing the
last connection to a WAL file checkpoints it, opening re-reads the schema), so a thread
keeps its connection between requests. Only the last database a thread used is kept,
which bounds open files when tests make many apps in one thread.
"""

import threading

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..store import open_db

_held = threading.local()


def get_db() -> Database:
    if "db" not in g:
        path = current_app.config["DATABASE"]
        kept = getattr(_held, "db", None)
        if kept is None or kept[0] != path:
            if kept is not None:
                kept[1].conn.close()
            kept = (path, open_db(path, migrate=False))
            _held.db = kept
        g.db = kept[1]
        g.db_changes = g.db.conn.total_changes  # to tell, should the answer fail, whether this request wrote
    return g.db


def wrote() -> bool:
    """Whether this request has committed a change to the database (a write that a crash
    after it does not undo: an open transaction is rolled back at the end of the request)."""
    db = g.get("db")
    return db is not None and not db.conn.in_transaction and db.conn.total_changes != g.get("db_changes")


def release_db(_exc: BaseException | None = None) -> None:
    """End of request: the connection stays open, but never inside a transaction."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    open_db(app.config["DATABASE"]).conn.close()  # create or migrate the file now
    app.teardown_appcontext(release_db)
