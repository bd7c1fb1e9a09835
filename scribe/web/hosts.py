"""The names this server answers to (against DNS rebinding), and the public address.

A page at ``http://evil.example:5000`` whose name an attacker points at the laptop's
address would otherwise be same-origin with Scribe. Flask's ``TRUSTED_HOSTS`` holds the
allowed names; ``scribe serve`` adds the machine's own, the environment adds the rest.
When no list is configured (the test client, a bare ``create_app()``) every name passes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, jsonify, render_template, request
from flask.globals import request_ctx
from flask.wrappers import Request
from flask_babel import gettext as _
from werkzeug.exceptions import SecurityError
from werkzeug.sansio.utils import host_is_trusted

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")  # the laptop itself and a health checker


def as_list(value: Any) -> list[str]:
    """A setting given as a list, a JSON list or a comma/space-separated string."""
    if value is None:
        return []
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = json.loads(text)
            except ValueError:
                value = text.strip("[]").replace('"', "").replace("'", "")
        if isinstance(value, str):
            return [part for part in value.replace(",", " ").split() if part]
    return [str(v).strip() for v in value if str(v).strip()]


def bare_name(host: str) -> str:
    """``host[:port]`` or ``[v6]:port`` as a name without port, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def public_url(app: Flask) -> str:
    return str(app.config.get("PUBLIC_URL") or "").rstrip("/")


def allow(app: Flask, names: Iterable[str]) -> None:
    """Add names to the allow-list (turning it on if it was off)."""
    current = list(app.config.get("TRUSTED_HOSTS") or [])
    for name in names:
        name = bare_name(name)
        # werkzeug compares "[v6]:port" up to its first colon, so it needs the bracketed form
        for form in (name, f"[{name}]") if ":" in name else (name,):
            if form and form not in current:
                current.append(form)
    app.config["TRUSTED_HOSTS"] = current


def matches(host: str, trusted: Iterable[str] | None) -> bool:
    """Is ``host`` (with or without port) one of ``trusted``? True when there are none."""
    if not trusted:
        return True
    return _matches(host, tuple(trusted))


# Every request asks, and a server is asked for the same few names: each answer worked
# out once (werkzeug's check encodes every name of the list to IDNA each time)
@lru_cache(maxsize=256)
def _matches(host: str, trusted: tuple[str, ...]) -> bool:
    name = bare_name(host)
    if ":" in name:  # an IPv6 literal: werkzeug cuts names at their first colon, compare here
        return name in trusted
    return host_is_trusted(name, trusted)


def is_allowed(host: str) -> bool:
    """Is ``host`` one of the configured names? True when none are."""
    return matches(host, current_app.config.get("TRUSTED_HOSTS"))


class CheckedHostRequest(Request):
    """Flask checks ``TRUSTED_HOSTS`` through werkzeug, which cannot match an IPv6 literal
    (``[::1]:5000``; werkzeug 3.1.9 rejects it whatever the list). A Host that ``matches``
    already passed, so werkzeug is given no list for it; any other still meets the list."""

    _trusted: list[str] | None = None
    _matched: bool | None = None  # the Host against the list, worked out once per request

    @property
    def trusted_hosts(self) -> list[str] | None:  # type: ignore[override]
        return None if self._trusted and self.host_matches() else self._trusted

    @trusted_hosts.setter
    def trusted_hosts(self, value: list[str] | None) -> None:
        self._trusted, self._matched = value, None

    def host_matches(self) -> bool:
        """``matches`` for this request's Host and list (both set before any hook runs)."""
        if self._matched is None:
            self._matched = matches(self.headers.get("Host", ""), self._trusted)
        return self._matched


def check_host() -> None:
    """Refuse, first thing, a request for a name this server does not answer to."""
    allowed = (request.host_matches() if isinstance(request, CheckedHostRequest)  # once, kept for request.host
               else is_allowed(request.headers.get("Host", "")))
    if not allowed:
        raise SecurityError()
    request.host  # noqa: B018  Flask's own check (TRUSTED_HOSTS), lazy otherwise


def refuse_unknown_name(exc: SecurityError):
    """400 in words, never a 500: the page says why instead of a stack trace."""
    if request_ctx.url_adapter is None:  # Flask could not bind URLs to an untrusted host
        request_ctx.url_adapter = current_app.url_map.bind("localhost", script_name=request.script_root or "/")
    message = _("This server does not answer to that name. Open it by its own address.")
    if request.path.startswith("/api/"):
        return jsonify(error=message, field=None), 400
    return render_template("errors/error.html", title=_("Unknown address"), message=message), 400


def init_app(app: Flask) -> None:
    """Turn the allow-list on when a public URL or extra names are configured."""
    extra = as_list(app.config.get("ALLOWED_HOSTS"))
    url = public_url(app)
    if app.config.get("TRUSTED_HOSTS") is not None:
        app.config["TRUSTED_HOSTS"] = as_list(app.config["TRUSTED_HOSTS"])
    if url or extra:
        names = list(LOCAL_NAMES) + extra
        if url:
            names.append(urlsplit(url).hostname or "")
        allow(app, names)
    app.request_class = CheckedHostRequest
    app.before_request(check_host)
    app.register_error_handler(SecurityError, refuse_unknown_name)
