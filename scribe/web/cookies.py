"""The session cookie, handled only where there is one.

Flask opens the session at every request (it builds an itsdangerous serializer, then
reads the cookie) and looks at the end whether to send one back. Most requests are API
writes and polls that carry no cookie and never touch the session: for them an empty
session is made without a serializer, and nothing is looked at after the answer. The
serializer, where one is needed, is built once per secret key instead of twice per
request. What is signed, sent and accepted is Flask's own (``SecureCookieSessionInterface``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface


class SessionInterface(SecureCookieSessionInterface):
    def __init__(self) -> None:
        self._signer: tuple[Any, Any] | None = None  # (the keys it signs with, the serializer)

    def get_signing_serializer(self, app: Flask):
        if not app.secret_key:
            return None
        keys = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self._signer
        if kept is None or kept[0] != keys:  # another app or a new key: built again
            kept = self._signer = (keys, super().get_signing_serializer(app))
        return kept[1]

    def open_session(self, app: Flask, request: Any) -> SecureCookieSession | None:
        if app.secret_key and ("HTTP_COOKIE" not in request.environ  # no cookie at all: none parsed
                               or self.get_cookie_name(app) not in request.cookies):
            return self.session_class()  # nothing to read: empty, as Flask would make it
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        if not session and not session.modified:  # none came, none made: what Flask does then
            if session.accessed:  # read (empty): the answer may depend on a cookie
                vary_on(response, "Cookie")
            return
        super().save_session(app, session, response)


def vary_on(response: Any, header: str) -> None:
    """Add ``header`` to the answer's Vary, as ``response.vary.add`` does, without parsing
    the header into a set and writing it back (a fortieth of a bid's time in Flask)."""
    # one pass over the headers: ``get`` raises and catches a KeyError when there is none yet
    vary = next((value for key, value in response.headers if key.lower() == "vary"), None)
    if not vary:
        response.headers["Vary"] = header
    elif header.lower() not in [part.strip().lower() for part in vary.split(",")]:
        response.headers["Vary"] = f"{vary}, {header}"


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
