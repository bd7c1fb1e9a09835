"""Page or fragment, decided in one place from the HX-Request header."""

from __future__ import annotations

from typing import Any

from flask import Response, make_response, redirect, render_template, request

from ..rules.errors import RuleError
from .i18n import translate


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def page_or_fragment(page: str, fragment: str, status: int = 200, **ctx: Any) -> Response:
    """The whole page for a plain request, only the fragment for htmx."""
    template = fragment if is_htmx() else page
    return make_response(render_template(template, **ctx), status)


def see_other(url: str) -> Response:
    """After a successful plain POST: 303 so a reload never re-submits."""
    return redirect(url, code=303)


def error_ctx(err: RuleError | None = None, message: str | None = None, field: str | None = None) -> dict[str, Any]:
    """Template context for a message shown next to ``field``."""
    if err is not None:
        return {"error": {"message": translate(err), "field": err.field}}
    return {"error": {"message": message, "field": field}}



def table_url(endpoint: str, **values: Any) -> str:
    """An absolute URL to hand to another phone (as a link or a QR code).

    A Scribe who opened the app on the laptop itself sees it at 127.0.0.1, which a
    phone cannot reach: when the server listens on the LAN, the address `scribe serve`
    printed (config LAN_ADDRESS) stands in for it, port kept.
    """
    from flask import current_app, url_for

    url = url_for(endpoint, _external=True, **values)
    lan = current_app.config.get("LAN_ADDRESS")
    host = request.host
    name, _, port = host.rpartition(":") if ":" in host and not host.endswith("]") else (host, "", "")
    if lan and (name in ("localhost", "[::1]") or name.startswith("127.")):
        url = url.replace(f"//{host}", f"//{lan}" + (f":{port}" if port else ""), 1)
    return url
