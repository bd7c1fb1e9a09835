"""Headers and checks for a page that phones on a shared network open.

No inline script anywhere, so the content security policy can forbid it; tokens live
in URLs, so referrers are never sent; a cross-site form post is refused by its Origin
(browsers send it on every POST), which needs no token in the forms.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, request

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def refuse_cross_site() -> None:
    """A write whose Origin is another site (or Sec-Fetch-Site says so) is refused."""
    if request.method not in UNSAFE:
        return
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        abort(403)
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.host:
        abort(403)
    # no-referrer makes browsers send "Origin: null" on their own same-origin form posts
    if origin == "null" and request.headers.get("Sec-Fetch-Site") != "same-origin":
        abort(403)


def add_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if request.endpoint != "static":
        response.headers.setdefault("Cache-Control", "no-store")  # scores change: never a stale copy
    return response


def init_app(app: Flask) -> None:
    app.before_request(refuse_cross_site)
    app.after_request(add_headers)
