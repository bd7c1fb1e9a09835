"""Answers compressed for the browsers that ask (Flask-Compress: Brotli, gzip...), and no
time spent on it for the clients that do not.

Flask-Compress's hook works out, for every answer, which encoding the client prefers,
even when it accepts none: API clients and scripts (``http.client``, ``curl``) send
``Accept-Encoding: identity`` or no such header. For them its hook is skipped, and the
answer gets what that hook would have given it: ``Vary: Accept-Encoding``, as caches
must know the answer depends on that header.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask_compress import Compress

from .cookies import vary_on

PLAIN = ("", "identity")  # Accept-Encoding values that accept no compressed answer


def init_app(app: Flask) -> None:
    app.config["COMPRESS_REGISTER"] = False
    compress = Compress(app)

    def compress_when_asked(response: Response) -> Response:
        if request.environ.get("HTTP_ACCEPT_ENCODING", "").strip().lower() in PLAIN:
            vary_on(response, "Accept-Encoding")
            return response
        return compress.after_request(response)

    app.after_request(compress_when_asked)
