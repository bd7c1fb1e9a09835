"""The installable shell (issue 10): the service worker at the root scope and the offline
page it shows when a navigation cannot reach the server.

The worker caches only the static shell (css, js, htmx, icons) and the offline page in
each language; game pages and API answers are private and change, so it never stores
them (templates/sw.js). Its cache is named after a hash of what it caches, so a changed
file makes a new worker, which drops the old cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Flask, current_app, make_response, render_template, url_for
from flask_babel import force_locale

bp = Blueprint("shell", __name__)

SHELL_FILES = ("scribe.css", "scribe.js", "theme.js", "connection.js", "awake.js", "vendor/htmx-2.0.11.min.js",
               "icon.svg", "icons/icon-192.png", "icons/apple-touch-icon.png", "manifest.json")


def shell_version(app: Flask) -> str:
    """A hash of the cached files, the offline page's template and the translations."""
    version = app.extensions.get("scribe-shell-version")
    if version is None:
        digest = hashlib.sha256()
        templates = Path(app.root_path) / (app.template_folder or "templates")
        paths = [Path(app.static_folder or "static") / name for name in SHELL_FILES]
        paths += [templates / "offline.html", templates / "base.html"]
        paths += sorted((Path(app.root_path) / "translations").glob("*/LC_MESSAGES/messages.mo"))
        for path in paths:
            digest.update(path.read_bytes())
        version = app.extensions["scribe-shell-version"] = digest.hexdigest()[:16]
    return version


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the root so that its scope is the whole app."""
    langs = current_app.config["LANGUAGES"]
    response = make_response(render_template(
        "sw.js", version=shell_version(current_app),
        shell=[url_for("static", filename=name) for name in SHELL_FILES],
        offline={lang: url_for("shell.offline", lang=lang) for lang in langs},
        default=current_app.config["BABEL_DEFAULT_LOCALE"]))
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Cache-Control"] = "no-cache"  # the browser checks for a new worker on each visit
    return response


@bp.get("/offline/<lang>")
def offline(lang: str):
    """What the service worker shows when a page cannot be reached, in ``lang``."""
    if lang not in current_app.config["LANGUAGES"]:
        lang = current_app.config["BABEL_DEFAULT_LOCALE"]
    with force_locale(lang):
        return render_template("offline.html")
