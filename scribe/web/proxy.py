"""Behind a reverse proxy (Caddy): believe X-Forwarded-* only from the proxy itself.

Anyone can send ``X-Forwarded-For: 1.2.3.4`` or ``X-Forwarded-Proto: https``; honouring
them from every peer would let a client pick the address the rate limit counts and the
scheme the cookies trust. So werkzeug's ProxyFix applies only when the direct peer is
one of ``TRUSTED_PROXIES``; otherwise those headers are removed before the app sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from .hosts import as_list

FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST",
             "HTTP_X_FORWARDED_PORT", "HTTP_X_FORWARDED_PREFIX", "HTTP_FORWARDED")


class TrustedProxies:
    """WSGI middleware: ProxyFix for requests from a trusted peer, headers dropped for others."""

    def __init__(self, app: Callable, trusted: Iterable[str]):
        self.app = app
        self.trusted = frozenset(trusted)
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=1, x_port=1)

    def __call__(self, environ: dict[str, Any], start_response: Callable):
        if environ.get("REMOTE_ADDR") in self.trusted:
            return self.fixed(environ, start_response)
        for key in FORWARDED:
            environ.pop(key, None)
        return self.app(environ, start_response)


def init_app(app: Flask) -> None:
    """Wrap the app last, so everything inside (the access log, the limiter) sees the fixed values."""
    app.wsgi_app = TrustedProxies(app.wsgi_app, as_list(app.config.get("TRUSTED_PROXIES")))
