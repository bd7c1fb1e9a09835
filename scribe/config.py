"""The app's configuration: defaults, instance/config.py, the environment, the secret key.

``configured_app`` is the app before any layer is added: ``create_app`` adds the web,
``scribe pdf``/``pad`` only what printing needs (so printing runs without the web layer).
"""

from __future__ import annotations

import os
import secrets
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from .unavailable import InstanceUnwritable

PACKAGE = Path(__file__).resolve().parent  # templates/, static/ and translations/ ship inside it
ROOT = PACKAGE.parent  # the checkout, when run from one


def default_instance() -> Path:
    """instance/ beside the code in a checkout; for an installed wheel, Flask's own
    convention (``<prefix>/var/scribe-instance``), never a folder inside site-packages."""
    if (ROOT / "pyproject.toml").is_file():
        return ROOT / "instance"
    return Path(sys.prefix) / "var" / "scribe-instance"

# The languages Scribe speaks (scribe/translations), each by its own name for the switch:
# a reader looks for the language they read, not for its name in another one.
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "es": "Español", "fr": "Français", "it": "Italiano",
                  "nl": "Nederlands"}
LANGUAGES = tuple(LANGUAGE_NAMES)

# What the environment can set (``SCRIBE_<NAME>``, read by Flask's from_prefixed_env:
# JSON values are parsed, anything else is a string). docs/hosting.md lists them.
ENVIRONMENT = {
    "PUBLIC_URL": "the address people open, e.g. https://scribe.example.org (https: Secure cookies, HSTS)",
    "ALLOWED_HOSTS": "more host names the server answers to: a JSON list or a comma-separated string",
    "TRUSTED_PROXIES": "addresses of reverse proxies whose X-Forwarded-* headers are honoured, e.g. 127.0.0.1",
    "SECRET_KEY": "the session key (default: generated once into the instance folder)",
    "INSTANCE": "the folder holding the database and the generated key (default: instance/)",
    "CREATE_LIMIT": "games one client address may create, e.g. '30 per 10 minutes'",
    "RATELIMIT_ENABLED": "false turns the creation limit off",
    "LOG_LEVEL": "DEBUG, INFO (default: one access line per request), WARNING, ERROR",
    "PUSH_RECHECK_SECONDS": "how often an open screen's stream looks again for what no change names (default 30)",
    "BOT_PAUSE_MS": "how long after its turn a robot's move lands, its thinking included (default 600; 0 under tests)",
}


def _secret_key(instance: Path) -> str:
    """Generated once into instance/ so sessions survive restarts."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def _local_timezone() -> str:
    """The laptop's own time zone, so the times shown are the table's (Babel needs its name)."""
    tz = os.environ.get("TZ", "").lstrip(":")
    if tz:
        return tz
    try:
        return str(Path("/etc/localtime").resolve()).split("zoneinfo/", 1)[1]
    except (OSError, IndexError):
        return "UTC"


def configured_app(test_config: dict[str, Any] | None = None) -> Flask:
    """A Flask app with Scribe's configuration, templates and static files, and nothing else."""
    instance = Path(os.environ.get("SCRIBE_INSTANCE") or default_instance())
    if test_config and "INSTANCE_PATH" in test_config:
        instance = Path(test_config["INSTANCE_PATH"])
    try:
        instance.mkdir(parents=True, exist_ok=True)
    except OSError as err:  # a read-only disk, a file in the way, a folder of another user
        raise InstanceUnwritable(instance, err) from None
    app = Flask(
        "scribe",  # the package: its name and root path, as when this lived in __init__
        instance_path=str(instance),
        template_folder=str(PACKAGE / "templates"),
        static_folder=str(PACKAGE / "static"),
    )
    app.config.from_mapping(
        DATABASE=str(instance / "scribe.sqlite3"),
        # PostgreSQL instead of the SQLite file above when set (store/pg.py): postgresql://...
        DATABASE_URL="",
        DATABASE_POOL_SIZE=10,  # PostgreSQL connections per server process at most
        DATABASE_TIMEOUT=5,  # seconds to reach PostgreSQL before answering 503
        MAX_CONTENT_LENGTH=64 * 1024,  # a score entry is tiny; refuse floods early
        LANGUAGES=LANGUAGES,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_DEFAULT_TIMEZONE=_local_timezone(),
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        # Brotli first, at level 5 for pages: 10 to 20 % smaller than zstd, which Chromium also
        # accepts, for about 2 ms a page (level 9 is seven times slower); static files go out at
        # level 11, compressed once (web/compressing.py): the first page must stay under 40 KB
        COMPRESS_ALGORITHM=["br", "gzip", "deflate", "zstd"],
        # static files are streamed under any server without a file wrapper (uvicorn, scribe.bridge):
        # Flask-Compress then takes this list, zstd first by default
        COMPRESS_ALGORITHM_STREAMING=["br", "zstd", "deflate"],
        COMPRESS_BR_LEVEL=5,
        # the session cookie holds this browser's games and device key: long-lived, and
        # re-signed only when it changes (refreshing it on every poll cost a millisecond)
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        SESSION_REFRESH_EACH_REQUEST=False,
        CREATE_LIMIT="30 per 10 minutes",  # games per client address: a table makes a few a night
        LOG_LEVEL="INFO",
        PUSH_RECHECK_SECONDS=30.0,  # a stream's look at what no notice names (push/hub.py)
        BOT_PAUSE_MS=None,  # before a robot's move (web/robots.py: 600 ms, none under tests)
    )
    # the instance's own config.py (a bare name would be read from the package's root: this module)
    app.config.from_pyfile(str(instance / "config.py"), silent=True)
    app.config.from_prefixed_env("SCRIBE")  # the operator's environment beats instance/config.py
    if test_config:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        try:
            app.config["SECRET_KEY"] = _secret_key(instance)
        except OSError as err:
            raise InstanceUnwritable(instance, err) from None
        app.config["SECRET_KEY_GENERATED"] = True  # this machine's own: `scribe serve` on PostgreSQL refuses it
    app.config["SECRET_KEY"] = str(app.config["SECRET_KEY"])  # SCRIBE_SECRET_KEY=1234 parses as a number
    return app
