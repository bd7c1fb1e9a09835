"""Fixtures chained app -> client, each test on its own real SQLite file; every /api/
answer any test receives is checked against the OpenAPI document."""

from __future__ import annotations

import functools
import importlib.metadata as md
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import count
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scribe import create_app, store
from scribe.store import games as store_games, pg
from scribe.web.openapi import openapi_document

# Tests create many games from one address, here and in the servers they start (which
# inherit the environment); tests/serve/test_limits.py checks the real limit.
os.environ.setdefault("SCRIBE_CREATE_LIMIT", "100000 per minute")


def pytest_report_header(config):
    names = ("flask", "flask-babel", "sqlite-utils", "uvicorn", "a2wsgi", "weasyprint", "hypothesis", "playwright",
             "openapi-core")
    versions = []
    for n in names:
        try:
            versions.append(f"{n} {md.version(n)}")
        except md.PackageNotFoundError:
            versions.append(f"{n} missing")
    return "scribe deps: " + ", ".join(versions)


@functools.cache
def _openapi():
    from openapi_core import OpenAPI

    return OpenAPI.from_dict(openapi_document())


def _details(error: BaseException) -> str:
    """openapi-core's error and the schema errors under it, one per line."""
    if not isinstance(error, Exception) or hasattr(error, "absolute_path"):  # a jsonschema error itself
        return f"  at {'/'.join(map(str, error.absolute_path)) or '(body)'}: {error.message[:300]}"
    lines = [f"{type(error).__name__}: {str(error)[:120]}"]
    cause = error.__cause__ or error.__context__
    for e in getattr(error, "schema_errors", None) or getattr(cause, "schema_errors", None) or ():
        where = "/".join(str(p) for p in e.absolute_path) or "(body)"
        lines.append(f"  at {where}: {e.message[:300]}")
    if cause is not None and not getattr(cause, "schema_errors", None):
        lines.append(f"  {type(cause).__name__}: {str(cause)[:300]}")
    return "\n".join(lines)


def check_api_answer(response) -> None:
    """Fail unless ``response`` (to a request under /api/) is what /api/openapi.json
    declares: a known path and method, a declared status, a body matching its schema.
    Binary answers (the PDF) are checked for status and content type only."""
    from openapi_core.contrib.werkzeug import WerkzeugOpenAPIResponse
    from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
    from openapi_core.templating.responses.exceptions import ResponseNotFound
    from openapi_core.testing import MockRequest

    request = response.request
    if not request.path.startswith("/api/") or request.path == "/api/openapi.json" \
            or request.method in ("HEAD", "OPTIONS"):
        return
    route = f"{request.method} {request.path} -> {response.status_code} {response.mimetype}"
    # the request's body was read by the app: the answer is checked against path and method only
    asked = MockRequest(request.host_url, request.method.lower(), request.path, args=dict(request.args))
    errors = list(_openapi().iter_response_errors(asked, WerkzeugOpenAPIResponse(response)))
    if response.status_code in (404, 405) and errors and all(
            isinstance(e, (PathNotFound, OperationNotFound, ResponseNotFound)) for e in errors):
        # Flask's own answer to a path or method no route serves (/api/nope, PUT /api/games,
        # an empty token): nothing to document, but still the API's error object
        from openapi_schema_validator import OAS31Validator

        schema = openapi_document()["components"]["schemas"]["Error"]
        errors = [e for e in OAS31Validator(schema).iter_errors(response.get_json(silent=True))]
    if errors:
        body = response.get_data(as_text=True)[:400] if response.mimetype == "application/json" else ""
        pytest.fail(f"{route} does not match /api/openapi.json:\n" + "\n".join(map(_details, errors))
                    + (f"\n  body: {body}" if body else ""), pytrace=False)


class CheckedClient(FlaskClient):
    """The test client, checking every /api/ answer against the OpenAPI document."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        check_api_answer(response)
        return response


# Every app a test makes (fixtures or create_app() in a test) gets the checked client,
# so the document cannot drift from an answer some test sees.
Flask.test_client_class = CheckedClient


def app_config(request, instance) -> dict[str, Any]:
    """The config of an app a test makes, its instance folder ``instance``: a SQLite file
    there; with SCRIBE_TEST_BACKEND=postgresql, a fresh PostgreSQL database instead (also
    for apps shared by a module's tests)."""
    config = {"TESTING": True, "INSTANCE_PATH": str(instance)}
    if os.environ.get("SCRIBE_TEST_BACKEND") == "postgresql":
        config["DATABASE_URL"] = request.getfixturevalue("pg_cluster").fresh_database()
        request.addfinalizer(pg.close_pools)  # the apps' connections, at the end of the test (or module)
    return config


@pytest.fixture
def app(request, tmp_path):
    """The app on a SQLite file in tmp_path; with SCRIBE_TEST_BACKEND=postgresql, on a fresh
    PostgreSQL database instead (the web tests run unchanged on the hosted backend)."""
    config = app_config(request, tmp_path / "instance")
    return create_app(config)


# A test that looks into the app's own database reads it through the store, so it checks the
# same thing on SQLite and, with SCRIBE_TEST_BACKEND=postgresql, on PostgreSQL.
@contextmanager
def app_db(app: Flask) -> Iterator[Any]:
    """A connection of its own to ``app``'s database, either backend (``execute`` with ``?``)."""
    db = store.open_db(store.target(app.config), migrate=False)
    try:
        yield db
    finally:
        store.close(db)


def app_rows(app: Flask, sql: str, *params: Any) -> list[tuple]:
    """The rows ``sql`` reads from ``app``'s database, as tuples."""
    with app_db(app) as db:
        return [tuple(row) for row in db.execute(sql, params).fetchall()]


def app_dump(app: Flask) -> str:
    """Every row of every table of ``app``'s database as text: to show a secret is in none."""
    with app_db(app) as db:
        if store.is_pg(db):
            listed = "select table_name from information_schema.tables where table_schema = current_schema()"
        else:
            listed = "select name from sqlite_master where type = 'table'"
        tables = [name for (name,) in db.execute(listed).fetchall()]
        assert "links" in tables, tables  # the app's tables, not an empty database
        return "\n".join(f"{table} {tuple(row)!r}" for table in tables
                         for row in db.execute(f'select * from "{table}"').fetchall())


def same_database(app: Flask) -> dict[str, Any]:
    """The test config of a second app on ``app``'s database and instance folder (a restart)."""
    return {"TESTING": True, "INSTANCE_PATH": app.instance_path, "DATABASE_URL": app.config["DATABASE_URL"]}


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def api(client):
    """Call the JSON API: api("post", "/api/games", {...}) -> (status, json)."""

    def call(method: str, path: str, body=None):
        kwargs = {"json": body} if body is not None else {}
        resp = getattr(client, method.lower())(path, **kwargs)
        return resp.status_code, resp.get_json()

    return call


@pytest.fixture
def rummy(api):
    """rummy(lang) makes a custom points game, highest wins, two rounds played: Ana 1240,
    Ben -1005, Cy 7 (totals past a thousand and below zero, for numbers in each locale);
    returns its key."""

    def make(lang: str = "fr") -> str:
        status, body = api("post", "/api/games", {"game": "points", "players": ["Ana", "Ben", "Cy"],
                                                  "preset": "custom", "rounds": 3, "wins": "highest",
                                                  "title": "Rummy", "lang": lang})
        assert status == 201, body
        for pts in ([1000, -1000, 3], [240, -5, 4]):
            status, data = api("post", f"/api/games/{body['key']}/actions/round", {"points": pts, "closer": None})
            assert status == 200, data
        return body["key"]

    return make


@pytest.fixture
def new_game(api):
    """Create a game through the API and return its key (the Scribe's token: /games/KEY)."""

    def make(players=("Paul", "Thomas", "Marie"), first_dealer=2, preset="plus_minus_one", **extra):
        status, body = api("post", "/api/games", {"players": list(players), "first_dealer": first_dealer,
                                                   "preset": preset, **extra})
        assert status == 201, body
        return body["key"]

    return make


@pytest.fixture
def instance_before_links(tmp_path):
    """An instance folder whose database stopped before Scribe's links (m003), holding one
    Wizard game made then with one bid: (the folder, the game's id, its old address)."""
    from scribe import store
    from scribe.store.migrations import migrations

    instance = tmp_path / "instance"
    instance.mkdir()
    db = store.open_db(instance / "scribe.sqlite3", migrate=False)
    migrations.apply(db, stop_before="m003_scribe_links_and_claims")
    setup = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "rules": {}, "edition": "gigamic"}
    old = store.create_game(db, "wizard", "Before", setup, "en", {})
    store.append_entry(db, old, 0, "bid", {"round": 1, "player": 0, "bid": 0})
    db.conn.close()
    return instance, old


@pytest.fixture(scope="session")
def pg_cluster():
    """One throwaway PostgreSQL cluster for the whole run (tests/pgcluster.py); skipped
    where PostgreSQL is not installed, a failure under CI (the store's tests must run on
    both backends there)."""
    import pgcluster

    why = pgcluster.missing()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests cannot run: {why} (CI is set, so this is a failure)")
        pytest.skip(why)
    cluster = pgcluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster):
    """A fresh empty PostgreSQL database for one test: its URL."""
    return pg_cluster.fresh_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def either_app(request, tmp_path):
    """The app on each store in turn, a SQLite file then a fresh PostgreSQL database: the
    same calls must give the same answers."""
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")}
    if request.param == "postgresql":
        config["DATABASE_URL"] = request.getfixturevalue("pg_url")
    yield create_app(config)
    pg.close_pools()


def step_clock(monkeypatch, start: datetime) -> None:
    """The entries' clock a minute on at each write (``store.games.now``): games finished
    within one second would otherwise finish in an order a test could not know."""
    ticks = count()
    monkeypatch.setattr(store_games, "now",
                        lambda: (start + timedelta(minutes=next(ticks))).isoformat(timespec="seconds"))


def call(client, method: str, path: str, body=None):
    """One JSON API call: (status, answer)."""
    resp = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    return resp.status_code, resp.get_json()


# The store's tests run on both backends: ``backend`` is a real SQLite file in tmp_path or a
# fresh PostgreSQL database on the session's throwaway cluster (under CI a missing
# PostgreSQL fails, never skips). Here, not in tests/store/conftest.py: a second module
# named conftest would shadow this one for ``from conftest import ...``.
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
