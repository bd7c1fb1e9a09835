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
