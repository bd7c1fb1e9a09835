"""Persistence behind one interface, two backends: a plain SQLite file through sqlite-utils
(the embedded default) or PostgreSQL through psycopg (``SCRIBE_DATABASE_URL``, pg.py).
Each backend's schema is versioned in its own migrations (migrations.py, pg_schema.py);
the functions here take the ``db`` that ``open_db`` returns and behave the same on both."""

from .db import ERRORS, TRANSIENT, close, hosted, is_busy, is_pg, is_pg_url, is_unreachable, open_db, shown, target
from .games import (
    AlreadyMade,
    GameRow,
    StaleError,
    append_entry,
    create_game,
    delete_game,
    get_game,
    insert_game_with_log,
    list_games,
    load_log,
    rename_game,
    restore_game,
    version_of,
    versions_of,
)

__all__ = [
    "ERRORS",
    "TRANSIENT",
    "AlreadyMade",
    "GameRow",
    "StaleError",
    "append_entry",
    "close",
    "create_game",
    "delete_game",
    "get_game",
    "hosted",
    "insert_game_with_log",
    "is_busy",
    "is_pg",
    "is_pg_url",
    "is_unreachable",
    "list_games",
    "load_log",
    "open_db",
    "rename_game",
    "restore_game",
    "shown",
    "target",
    "version_of",
    "versions_of",
]
