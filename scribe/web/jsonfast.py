"""Flask's JSON answers through orjson: a bid's answer is the whole sheet, and encoding it
with the standard library cost a fifth of the request. What orjson refuses (integers
beyond 64 bits) falls back to the standard library. Request bodies are small and keep
the standard parser, which reads big integers as integers (orjson makes them floats)."""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

OPTIONS = orjson.OPT_NON_STR_KEYS  # only when needed: it doubles orjson's time on a sheet


def _dumps(obj: Any, default: Any) -> bytes:
    """orjson's bytes; a dict keyed by numbers (rare) is tried again with OPTIONS."""
    try:
        return orjson.dumps(obj, default=default)
    except TypeError:
        return orjson.dumps(obj, default=default, option=OPTIONS)


class OrjsonProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """The standard parser; a body nested past Python's recursion limit (a kilobyte of
        brackets) is a malformed body, a 400 where it was read, never a 500."""
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
        return self._app.response_class(body, mimetype=self.mimetype)
