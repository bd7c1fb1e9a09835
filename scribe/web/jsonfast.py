"""Flask's JSON answers through orjson: a bid's answer is the whole sheet, and encoding it
with the standard library cost a fifth of the request. What orjson refuses (integers
beyond 64 bits) falls back to the standard library. Request bodies are read by orjson
where it gives what the standard parser gives (``OrjsonProvider.loads``)."""

from __future__ import annotations

import re
from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider


class _Either:
    """One regular expression for text and for bytes."""

    def __init__(self, pattern: str):
        self.text, self.raw = re.compile(pattern), re.compile(pattern.encode())

    def search(self, s: str | bytes) -> Any:
        return (self.raw if isinstance(s, (bytes, bytearray)) else self.text).search(s)


_LONG_DIGITS = _Either(r"[0-9]{19}")  # an integer orjson would read as a float
OPTIONS = orjson.OPT_NON_STR_KEYS  # only when needed: it doubles orjson's time on a sheet


def _dumps(obj: Any, default: Any) -> bytes:
    """orjson's bytes; a dict keyed by numbers (rare) is tried again with OPTIONS."""
    try:
        return orjson.dumps(obj, default=default)
    except TypeError:
        return orjson.dumps(obj, default=default, option=OPTIONS)


_MOVED = ("location", "content-location")  # werkzeug makes these absolute: its own path


def _answer_class(base: type) -> type:
    """``base`` (the app's response class) answering the server without the copy of every
    header werkzeug's ``get_wsgi_headers`` makes, each value checked again by a regular
    expression (a twentieth of a bid's Python calls)."""

    class JsonAnswer(base):  # type: ignore[valid-type, misc]
        def get_wsgi_response(self, environ: dict[str, Any]) -> tuple[Any, str, list[tuple[str, str]]]:
            """werkzeug's, for an answer with no Location and a status that keeps its
            Content-Length: the same headers in the same order, the Content-Length
            appended where werkzeug appends it. Any other answer is werkzeug's own."""
            status = self.status_code
            if not (100 <= status < 200 or status in (204, 304)):
                names = [key.lower() for key, _value in self.headers]
                if _MOVED[0] not in names and _MOVED[1] not in names:
                    headers = self.headers.to_wsgi_list()
                    if "content-length" not in names and self.automatically_set_content_length and self.is_sequence:
                        headers.append(("Content-Length", str(sum(len(x) for x in self.iter_encoded()))))
                    return self.get_app_iter(environ), self.status, headers
            return super().get_wsgi_response(environ)

    return JsonAnswer


class OrjsonProvider(DefaultJSONProvider):
    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self._answers: dict[type, type] = {}  # the app's response class -> its JSON answers' class

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """What the standard parser reads; a body nested past Python's recursion limit (a
        kilobyte of brackets) is a malformed body, a 400 where it was read, never a 500.

        orjson first (a fifth of the time on a bid's body) where it reads the same: it
        makes floats of integers past 64 bits, so a body with a run of 19 digits or more
        goes to the standard parser, as does any body orjson refuses (NaN, 1e400, a lone
        surrogate, a BOM, UTF-16, nesting past its limit), which decides as before."""
        if not kwargs and not _LONG_DIGITS.search(s):
            try:
                return orjson.loads(s)
            except orjson.JSONDecodeError:
                pass
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("JSON nested too deeply") from None

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        try:
            return _dumps(obj, self.default).decode()
        except TypeError:
            return super().dumps(obj, **kwargs)

    def response(self, *args: Any, **kwargs: Any):
        obj = self._prepare_response_obj(args, kwargs)
        try:
            body = _dumps(obj, self.default)
        except TypeError:
            return super().response(*args, **kwargs)
        base = self._app.response_class
        kind = self._answers.get(base)
        if kind is None:
            kind = self._answers[base] = _answer_class(base)
        return kind(body, mimetype=self.mimetype)
