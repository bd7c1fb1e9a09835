"""Answers compressed for the browsers that ask (Flask-Compress: Brotli, gzip...), and no
time spent on it for the clients that do not.

Flask-Compress's hook works out, for every answer, which encoding the client prefers,
even when it accepts none: API clients and scripts (``http.client``, ``curl``) send
``Accept-Encoding: identity`` or no such header. For them its hook is skipped, and the
answer gets what that hook would have given it: ``Vary: Accept-Encoding``, as caches
must know the answer depends on that header.

Static files are compressed once per version at the strongest level (Brotli 11 takes
htmx from 17.4 to 15.3 KB) and kept in memory: they are few, small and never change
while the server runs, so the first page's 40 KB budget is not spent on a quick level.
"""

from __future__ import annotations

import gzip
from functools import lru_cache

import brotli
from flask import Flask, Response, request
from flask_compress import Compress

from .cookies import vary_on

PLAIN = ("", "identity")  # Accept-Encoding values that accept no compressed answer
STRONGEST = {
    "br": lambda data: brotli.compress(data, quality=11),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}


def init_app(app: Flask) -> None:
    app.config["COMPRESS_REGISTER"] = False
    compress = Compress(app)

    def compress_when_asked(response: Response) -> Response:
        accepted = request.environ.get("HTTP_ACCEPT_ENCODING", "").strip().lower()
        if accepted in PLAIN:
            vary_on(response, "Accept-Encoding")
            return response
        if request.endpoint == "static" and response.status_code == 200:
            encoding = _strongest_accepted(accepted)
            if encoding and response.mimetype in compress.compress_mimetypes_set:
                return _static_compressed(response, encoding)
        return compress.after_request(response)

    app.after_request(compress_when_asked)


def _strongest_accepted(accepted: str) -> str | None:
    offered = {part.split(";")[0].strip() for part in accepted.split(",")}
    return next((name for name in STRONGEST if name in offered), None)


def _static_compressed(response: Response, encoding: str) -> Response:
    etag, weak = response.get_etag()
    response.direct_passthrough = False  # a file sent by Flask: read it to compress it
    data = _compressed(encoding, response.get_data())
    response.set_data(data)
    response.headers["Content-Encoding"] = encoding
    vary_on(response, "Accept-Encoding")
    if etag:
        response.set_etag(f"{etag}:{encoding}", weak=weak)
    return response.make_conditional(request)


@lru_cache(maxsize=128)
def _compressed(encoding: str, data: bytes) -> bytes:
    """One compression per file content and encoding: the content is the key, so a file
    changed on disk is never answered from an old copy."""
    return STRONGEST[encoding](data)
