"""Fixtures chained app -> client, each test on its own real SQLite file."""

from __future__ import annotations

import importlib.metadata as md
import os

import pytest

from scribe import create_app

# Tests create many games from one address, here and in the servers they start (which
# inherit the environment); tests/serve/test_limits.py checks the real limit.
os.environ.setdefault("SCRIBE_CREATE_LIMIT", "100000 per minute")


def pytest_report_header(config):
    names = ("flask", "flask-babel", "sqlite-utils", "waitress", "weasyprint", "hypothesis", "playwright")
    versions = []
    for n in names:
        try:
            versions.append(f"{n} {md.version(n)}")
        except md.PackageNotFoundError:
            versions.append(f"{n} missing")
    return "scribe deps: " + ", ".join(versions)


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    yield app


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
def new_game(api):
    """Create a game through the API and return its key (the Scribe's token: /games/KEY)."""

    def make(players=("Paul", "Thomas", "Marie"), first_dealer=2, preset="plus_minus_one", **extra):
        status, body = api("post", "/api/games", {"players": list(players), "first_dealer": first_dealer,
                                                   "preset": preset, **extra})
        assert status == 201, body
        return body["key"]

    return make
