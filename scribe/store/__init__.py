"""Persistence on a plain SQLite file through sqlite-utils; schema in migrations only."""

from .db import open_db
from .games import (
    AlreadyMade,
    GameRow,
    StaleError,
    append_entry,
    create_game,
    delete_game,
    get_game,
    list_games,
    load_log,
    rename_game,
    restore_game,
)

__all__ = [
    "AlreadyMade",
    "GameRow",
    "StaleError",
    "append_entry",
    "create_game",
    "delete_game",
    "get_game",
    "list_games",
    "load_log",
    "open_db",
    "rename_game",
    "restore_game",
]
