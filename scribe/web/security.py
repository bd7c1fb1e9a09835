"""Headers and checks for a page that phones on a shared network open.

No inline script anywhere, so the content security policy can forbid it; tokens live
in URLs, so referrers are never sent; a cross-site form post is refused by its Origin
(browsers send it on every POST), which needs no token in the forms. The Origin is
compared with the configured names (scribe/web/hosts.py), not only with the Host header,
which a DNS-rebinding page controls.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, abort, current_app, request

from . import hosts

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
    if origin and origin != "null" and not same_site(origin):
        abort(403)
    # no-referrer makes browsers send "Origin: null" on their own same-origin form posts
    if origin == "null" and request.headers.get("Sec-Fetch-Site") != "same-origin":
        abort(403)


def same_site(origin: str) -> bool:
    """The Origin is this server: the address the request came to, or the public URL,
    and in both cases one of the allowed names."""
    netloc = urlsplit(origin).netloc.lower()
    public = urlsplit(hosts.public_url(current_app)).netloc.lower()
    return bool(netloc) and netloc in (request.host.lower(), public) and hosts.is_allowed(netloc)


def add_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    if request.endpoint != "static":
        response.headers.setdefault("Cache-Control", "no-store")  # scores change: never a stale copy
    if current_app.config.get("HSTS"):
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        secure_cookies(response)
    return response


def secure_cookies(response: Response) -> None:
    """Served over HTTPS: every cookie Secure, the session's and any a view sets itself."""
    cookies = response.headers.getlist("Set-Cookie")
    if any("; secure" not in c.lower() for c in cookies):
        response.headers.setlist("Set-Cookie", [c if "; secure" in c.lower() else c + "; Secure" for c in cookies])


def configure_cookies(app: Flask) -> None:
    """Cookies never sent cross-site nor read by scripts; only over HTTPS when served on it."""
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if hosts.public_url(app).startswith("https://"):
        # HSTS only then: on a LAN over plain http it would lock phones out of the laptop
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https", HSTS=True)


def init_app(app: Flask) -> None:
    configure_cookies(app)
    app.before_request(refuse_cross_site)
    app.after_request(add_headers)
