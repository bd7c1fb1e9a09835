"""The store's tests run on both backends: ``backend`` is a real SQLite file in tmp_path
or a fresh PostgreSQL database on the session's throwaway cluster (tests/pgcluster.py;
under CI a missing PostgreSQL fails, never skips)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scribe import store


@dataclass(frozen=True)
class Backend:
    name: str  # "sqlite" or "postgresql"
    where: str  # the file's path or the database's URL: what store.open_db takes

    def open(self, migrate: bool = False):
        """A connection of its own (each thread of a race opens one, as the server's do)."""
        return store.open_db(self.where, migrate=migrate)

    def __str__(self) -> str:
        return self.where


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path) -> Backend:
    """An empty store, its schema applied, on each backend in turn."""
    if request.param == "sqlite":
        made = Backend("sqlite", str(tmp_path / "scribe.sqlite3"))
    else:
        made = Backend("postgresql", request.getfixturevalue("pg_url"))
    store.close(made.open(migrate=True))
    return made


@pytest.fixture
def db(backend):
    db = backend.open()
    yield db
    store.close(db)
