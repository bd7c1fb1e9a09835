"""The robots' turn runner hooked into this app (``bot_turns.install``), with a thread's
own database connection for the moves made after a pause (issue 37)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from flask import Flask

from .. import bot_turns, store


def pause_ms(config: Mapping[str, Any]) -> Any:
    """``SCRIBE_BOT_PAUSE_MS``: 600 by default, none under tests (the moves made at once)."""
    set_to = config.get("BOT_PAUSE_MS")
    if set_to in (None, ""):
        return 0 if config.get("TESTING") else bot_turns.PAUSE_MS
    return set_to


def init_app(app: Flask) -> None:
    config = app.config

    @contextmanager
    def opener() -> Iterator[Any]:
        where = store.target(config)
        if store.is_pg_url(where):
            pg = store.hosted()
            db = pg.borrow(where, config.get("DATABASE_POOL_SIZE", pg.POOL_SIZE),
                           config.get("DATABASE_TIMEOUT", pg.TIMEOUT_S))
            try:
                yield db
            finally:
                db.close()
        else:
            db = store.open_db(where, migrate=False)
            try:
                yield db
            finally:
                store.close(db)

    bot_turns.install(pause_ms(config), opener)
