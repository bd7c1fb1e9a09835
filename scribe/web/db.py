"""One database connection per request, migrations applied once at start."""

from flask import Flask, current_app, g
from sqlite_utils import Database

from ..store import open_db


def get_db() -> Database:
    if "db" not in g:
        g.db = open_db(current_app.config["DATABASE"], migrate=False)
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def init_app(app: Flask) -> None:
    open_db(app.config["DATABASE"]).conn.close()  # create or migrate the file now
    app.teardown_appcontext(close_db)
