"""Flask's per-request questions answered once (issue 35, the write path): a bid is
recorded and answered as before, while the hooks and views are no longer asked at every
request whether they are coroutines; an ``async def`` is still handled by Flask's own
rule (here: refused, as asgiref is not installed), never run as if it were plain."""

from __future__ import annotations

import inspect

import flask.app
import pytest


def _made(client) -> str:
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard"}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["key"]


def test_bids_are_recorded_and_the_hooks_are_asked_once_whether_they_are_coroutines(app, monkeypatch):
    client = app.test_client()
    key = _made(client)
    asked: list[object] = []

    def counting(func):
        asked.append(func)
        return inspect.iscoroutinefunction(func)

    monkeypatch.setattr(flask.app, "iscoroutinefunction", counting)
    resp = client.post(f"/api/games/{key}/bids", json={"round": 1, "bid": 1, "version": 0})
    assert resp.status_code == 200, resp.get_json()
    first = len(asked)
    for version, bid in ((1, 0), (2, 1)):
        resp = client.post(f"/api/games/{key}/bids", json={"round": 1, "bid": bid, "version": version})
        assert resp.status_code == 200, resp.get_json()
    assert len(asked) == first  # the same hooks and view: none asked again
    assert client.get(f"/api/games/{key}/sheet").get_json()["rounds"][0]["bids"] == [1, 0, 1]
    resp = client.post(f"/api/games/{key}/bids", json={"round": 2, "bid": 1, "version": 1})
    assert resp.status_code == 409  # the version guard as ever


def test_an_async_view_is_still_flasks_to_handle(app):
    async def later():
        return "never plain"

    app.add_url_rule("/later", "later", later)
    for _ in range(2):  # asked again: never remembered as plain
        with pytest.raises(RuntimeError, match="async"):
            app.ensure_sync(later)
    assert app.ensure_sync(_made) is _made


# --------------------------------------------------------------------------- JSON answers to the server


@pytest.mark.parametrize(("method", "status", "extra"), [
    ("POST", 200, {}), ("POST", 201, {}), ("POST", 409, {}), ("POST", 422, {"Vary": "Prefer"}),
    ("HEAD", 200, {}), ("GET", 204, {}), ("GET", 304, {}), ("POST", 303, {"Location": "/api/games/x"}),
    ("GET", 200, {"Content-Location": "/api/games/é"}), ("GET", 200, {"Content-Length": "2"}),
])
def test_a_json_answer_reaches_the_server_as_werkzeug_would_send_it(app, monkeypatch, method, status, extra):
    """The same status, headers in the same order and body as werkzeug's own
    ``get_wsgi_response``, after every hook of the app has added its headers; for an
    ordinary answer, without copying its headers first."""
    import werkzeug.datastructures.headers as werkzeug_headers
    from flask import jsonify
    from werkzeug.wrappers import Response

    with app.test_request_context("/api/games/x/bids", method=method) as ctx:
        resp = jsonify(version=3, sheet={"rounds": [{"number": 1, "bids": [1, None]}]})
        resp.status_code = status
        resp.headers.extend(extra)
        resp = app.process_response(resp)
        environ = ctx.request.environ
        expected = Response.get_wsgi_response(resp, environ)
        copies: list[object] = []
        plain_init = werkzeug_headers.Headers.__init__

        def counted(self, *args, **kwargs):
            copies.append(args)
            plain_init(self, *args, **kwargs)

        monkeypatch.setattr(werkzeug_headers.Headers, "__init__", counted)
        got = resp.get_wsgi_response(environ)
    assert (list(got[0]), got[1], got[2]) == (list(expected[0]), expected[1], expected[2])
    assert ("Content-Length" in dict(got[2])) == (status not in (204, 304))
    if status in (200, 201, 409, 422) and not extra.keys() & {"Location", "Content-Location"}:
        assert copies == []
