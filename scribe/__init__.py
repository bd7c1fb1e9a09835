"""Scribe: the phone at the table that keeps the score of card games."""

from __future__ import annotations

from typing import Any

from flask import Flask

from .config import ENVIRONMENT, ROOT, configured_app

__version__ = "0.2.0"  # the one place: pyproject.toml, `scribe --version` and /healthz read it


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app factory: config, database, translations, blueprints, the ``scribe`` commands."""
    from . import cli, web  # imported late: printing and the rules load without the web layer

    app = configured_app(test_config)
    web.init_app(app)
    cli.init_app(app)  # so `flask --app scribe pdf ...` finds them too
    return app
