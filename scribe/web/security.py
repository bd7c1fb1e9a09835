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
    if request.method not in UNSAFE:  # upper-cased by werkzeug, as the routing sees it
        return
    environ = request.environ  # the headers read directly: this hook runs on every request
    fetch_site = environ.get("HTTP_SEC_FETCH_SITE")
    if fetch_site == "cross-site":
        abort(403)
    origin = environ.get("HTTP_ORIGIN")
    if origin and origin != "null" and not same_site(origin):
        abort(403)
    # no-referrer makes browsers send "Origin: null" on their own same-origin form posts
    if origin == "null" and fetch_site != "same-origin":
        abort(403)


def same_site(origin: str) -> bool:
    """The Origin is this server: the address the request came to, or the public URL,
    and in both cases one of the allowed names."""
    netloc = urlsplit(origin).netloc.lower()
    public = urlsplit(hosts.public_url(current_app)).netloc.lower()
    return bool(netloc) and netloc in (request.host.lower(), public) and hosts.is_allowed(netloc)


SECURITY_HEADERS = (("Content-Security-Policy", CSP), ("Referrer-Policy", "no-referrer"),
                    ("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"))
NO_STORE = ("Cache-Control", "no-store")  # scores change: never a stale copy
HSTS = ("Strict-Transport-Security", "max-age=31536000")


def add_headers(response: Response) -> Response:
    """Each header a view has not set itself. The names present are read once: werkzeug's
    ``setdefault`` looked each one up three times and raised a KeyError for each missing
    one, a sixth of the time a bid spent outside its view (issue 21)."""
    headers = response.headers
    present = {key.lower() for key, _value in headers}
    wanted = [*SECURITY_HEADERS]
    if request.endpoint != "static":
        wanted.append(NO_STORE)
    hsts = current_app.config.get("HSTS")
    if hsts:
        wanted.append(HSTS)
    for key, value in wanted:
        if key.lower() not in present:
            headers.add(key, value)
    if hsts:
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
