"""Database connections, either backend (``store.target``): migrations run once at start.

SQLite: each server thread keeps one connection open. Opening and closing a connection
per request cost more than the whole bid (closing the last connection to a WAL file
checkpoints it, opening re-reads the schema), so a thread keeps its connection between
requests. Only the last database a thread used is kept, which bounds open files when
tests make many apps in one thread.

PostgreSQL (``SCRIBE_DATABASE_URL``): a request borrows a connection from the process's
pool (``SCRIBE_DATABASE_POOL_SIZE`` at most) and gives it back at its end.
"""

import threading
from typing import Any

from flask import Flask, current_app, g

from .. import store

_held = threading.local()


def _borrow() -> Any:
    config = current_app.config
    where = store.target(config)
    if store.is_pg_url(where):
        pg = store.hosted()  # the hosted extra: create_app has said so if it is missing
        return pg.borrow(where, config.get("DATABASE_POOL_SIZE", pg.POOL_SIZE),
                         config.get("DATABASE_TIMEOUT", pg.TIMEOUT_S))
    kept = getattr(_held, "db", None)
    if kept is None or kept[0] != where:
        if kept is not None:
            store.close(kept[1])
        kept = (where, store.open_db(where, migrate=False))
        _held.db = kept
    return kept[1]


def get_db() -> Any:
    if "db" not in g:
        g.db = _borrow()
        g.db_changes = store.db.changes(g.db)  # to tell, should the answer fail, whether this request wrote
    return g.db


def wrote() -> bool:
    """Whether this request has committed a change to the database (a write that a crash
    after it does not undo: an open transaction is rolled back at the end of the request)."""
    db = g.get("db")
    return db is not None and not store.db.in_transaction(db) and store.db.changes(db) != g.get("db_changes")


def release_db(_exc: BaseException | None = None) -> None:
    """End of request: a SQLite connection stays open, but never inside a transaction; a
    PostgreSQL one goes back to its pool (which rolls back anything left open)."""
    db = g.pop("db", None)
    if db is None:
        return
    if store.is_pg(db):
        db.close()
    elif db.conn.in_transaction:
        db.conn.rollback()


def init_app(app: Flask) -> None:
    store.close(store.open_db(store.target(app.config)))  # create or migrate the database now
    app.teardown_appcontext(release_db)
