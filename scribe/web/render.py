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
