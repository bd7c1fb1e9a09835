"""What a database target names, told without psycopg (a home install has none): a
PostgreSQL URL (the hosted backend, ``pg.py``, in the ``scribe[hosted]`` extra) or the
path of a SQLite file."""

from __future__ import annotations

from typing import Any


def is_url(target: Any) -> bool:
    """Whether ``target`` is a PostgreSQL URL."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))
