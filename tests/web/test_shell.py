"""Issue 10: the installable shell (service worker, offline page) and a tap retried after
a lost connection, recorded once (scribe/web/shell.py, service.already_recorded)."""

from __future__ import annotations

import json
import re

HTMX = {"HX-Request": "true"}
RETRY = {**HTMX, "X-Scribe-Retry": "1"}


def _worker_lists(body: str, name: str):
    return json.loads(re.search(rf"var {name} = (.*);", body).group(1))


def test_service_worker_caches_the_shell_and_the_offline_pages_only(client):
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    body = resp.get_data(as_text=True)
    shell, offline = _worker_lists(body, "SHELL"), _worker_lists(body, "OFFLINE")
    assert offline == {code: f"/offline/{code}" for code in ("de", "en", "es", "fr", "it", "nl")}
    assert "/static/scribe.css" in shell and "/static/vendor/htmx-2.0.11.min.js" in shell
    assert all(url.startswith("/static/") for url in shell), shell
    for url in shell + list(offline.values()):  # every one is there: install would fail otherwise
        assert client.get(url).status_code == 200, url


def test_offline_page_in_each_language(client):
    fr = client.get("/offline/fr").get_data(as_text=True)
    assert '<html lang="fr">' in fr and "Pas de connexion" in fr and "Réessayer" in fr
    en = client.get("/offline/en").get_data(as_text=True)
    assert '<html lang="en">' in en and "No connection" in en
    assert "No connection" in client.get("/offline/xx").get_data(as_text=True)  # unknown: the default
    for code in ("de", "es", "it", "nl"):  # issue 24: the four more, each in its own words
        page = client.get(f"/offline/{code}").get_data(as_text=True)
        assert f'<html lang="{code}">' in page and "No connection" not in page and "Retry" not in page


def _history(api, key):
    return [(e["kind"], e["data"]) for e in api("get", f"/api/games/{key}/history")[1]["entries"]]


def test_retry_of_a_tap_that_got_through_is_recorded_once(client, api, new_game):
    key = new_game()
    tap = {"version": "0", "round": "1", "player": "0", "bid": "1"}
    assert client.post(f"/games/{key}/bid", data=tap, headers=HTMX).status_code == 200
    resp = client.post(f"/games/{key}/bid", data=tap, headers=RETRY)  # its answer was lost: again
    assert resp.status_code == 200 and resp.headers["X-Scribe-Recorded"] == "already"
    assert _history(api, key) == [("bid", {"round": 1, "player": 0, "bid": 1})]


def test_retry_after_another_tap_is_refused_as_stale(client, api, new_game):
    key = new_game()
    assert client.post(f"/games/{key}/bid", data={"version": "0", "round": "1", "player": "0", "bid": "0"},
                       headers=HTMX).status_code == 200  # another phone bid 0 first
    resp = client.post(f"/games/{key}/bid", data={"version": "0", "round": "1", "player": "0", "bid": "1"},
                       headers=RETRY)
    assert resp.status_code == 409 and "X-Scribe-Recorded" not in resp.headers
    assert "Nothing was saved" in resp.get_data(as_text=True)
    assert _history(api, key) == [("bid", {"round": 1, "player": 0, "bid": 0})]


def test_same_tap_twice_without_the_retry_mark_stays_a_stale_double_tap(client, api, new_game):
    key = new_game()
    tap = {"version": "0", "round": "1", "player": "0", "bid": "1"}
    client.post(f"/games/{key}/bid", data=tap, headers=HTMX)
    assert client.post(f"/games/{key}/bid", data=tap, headers=HTMX).status_code == 409
    assert len(_history(api, key)) == 1
