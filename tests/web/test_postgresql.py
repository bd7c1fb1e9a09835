"""The web app on PostgreSQL (SCRIBE_DATABASE_URL): a game played through the API from the
first bid to the statistics lands in PostgreSQL and nowhere else, a link's view keeps a
sealed bid sealed, and with the database gone every request answers 503 "try again" with
nothing half-saved, and works again once it is back.

(The whole web suite also runs on PostgreSQL with SCRIBE_TEST_BACKEND=postgresql.)"""

from __future__ import annotations

import time

import psycopg
import pytest
from conftest import call

from scribe import create_app
from scribe.store import pg

PLAYERS = ["Ana", "Ben", "Cy"]


@pytest.fixture
def pg_app(tmp_path, pg_url):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "DATABASE_URL": pg_url,
                      "DATABASE_TIMEOUT": 1})
    yield app
    pg.close_pools()


def rows(url: str, sql: str):
    with psycopg.connect(url) as conn:
        return conn.execute(sql).fetchall()


def test_a_wizard_evening_from_the_first_bid_to_the_statistics_on_both_backends(either_app, tmp_path):
    pg_app = either_app
    client = pg_app.test_client()
    status, made = call(client, "post", "/api/games", {"players": PLAYERS, "first_dealer": 2, "preset": "standard",
                                                       "rules": {"reveal": "hidden", "rounds": 2}, "name": "Friday"})
    assert status == 201, made
    key = made["key"]
    links = call(client, "get", f"/api/games/{key}/links")[1]
    watch, ana = links["watch"]["token"], links["players"][0]["token"]

    phone = pg_app.test_client()  # Ana's own phone claims her seat and bids there, sealed (W-B7)
    assert phone.get(f"/api/player/{ana}").status_code == 200
    assert phone.post(f"/api/player/{ana}/bid", json={"round": 1, "bid": 1}).status_code == 200
    # the table's view and another seat's do not read Ana's bid; her own phone does
    seen = call(client, "get", f"/api/watch/{watch}")[1]["sheet"]["rounds"][0]
    assert seen["bids"] == [None, None, None] and seen["sealed"][0] is True
    other = pg_app.test_client().get(f"/api/player/{links['players'][1]['token']}").get_json()
    assert other["sheet"]["rounds"][0]["bids"][0] is None
    assert phone.get(f"/api/player/{ana}").get_json()["sheet"]["rounds"][0]["bids"][0] == 1

    assert call(client, "post", f"/api/games/{key}/bids", {"bid": 0})[0] == 200  # Ben
    assert call(client, "post", f"/api/games/{key}/bids", {"bid": 1})[0] == 200  # Cy
    # tricks sent from a page that showed version 1: stale, refused, nothing saved
    status, stale = call(client, "post", f"/api/games/{key}/tricks", {"tricks": [1, 0, 0], "version": 1})
    assert status == 409 and call(client, "get", f"/api/games/{key}/sheet")[1]["version"] == 3, stale
    status, body = call(client, "post", f"/api/games/{key}/tricks", {"tricks": [1, 0, 0], "version": 3})
    assert status == 200 and body["sheet"]["rounds"][0]["totals"] == [30, 20, -10], body
    # a correction, undone, then brought back: entries added, none rewritten
    status, body = call(client, "post", f"/api/games/{key}/rounds/1/correction",
                        {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert status == 200 and body["sheet"]["rounds"][0]["totals"] == [30, 20, 20]
    assert call(client, "post", f"/api/games/{key}/undo", {})[1]["sheet"]["rounds"][0]["totals"] == [30, 20, -10]
    assert call(client, "post", f"/api/games/{key}/redo", {})[1]["sheet"]["rounds"][0]["totals"] == [30, 20, 20]
    for bid in (0, 0, 1):
        assert call(client, "post", f"/api/games/{key}/bids", {"bid": bid})[0] == 200
    status, body = call(client, "post", f"/api/games/{key}/tricks", {"tricks": [0, 1, 1]})
    assert status == 200 and body["sheet"]["finished"] is True

    sheet = call(client, "get", f"/api/games/{key}/sheet")[1]
    assert sheet["totals"] == body["sheet"]["totals"] and sheet["version"] == 11
    history = call(client, "get", f"/api/games/{key}/history")[1]["entries"]
    assert [e["kind"] for e in history][3:7] == ["tricks", "correction", "undo", "redo"]
    assert client.get(f"/games/{key}").status_code == 200
    pdf = client.get(f"/api/games/{key}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")

    stats = call(client, "get", "/api/stats")[1]["groups"]
    assert [(g["game"], g["games"]) for g in stats] == [("wizard", 1)]
    winners = [p["name"] for p in stats[0]["standings"] if p["wins"]]
    assert winners == [PLAYERS[i] for i in sheet["winners"]]
    assert client.get("/stats").status_code == 200

    assert call(client, "patch", f"/api/games/{key}", {"name": "Saturday"})[0] == 200
    assert call(client, "delete", f"/api/games/{key}")[0] in (200, 204)
    assert call(client, "get", "/api/stats")[1]["groups"] == []  # a deleted game counts for nothing
    assert call(client, "post", f"/api/games/{key}/restore")[0] == 200

    pg_url = pg_app.config["DATABASE_URL"]
    if pg_url:  # all of it in PostgreSQL, and no SQLite file made beside it
        assert rows(pg_url, "select name, version, deleted_at from games") == [("Saturday", 11, None)]
        assert rows(pg_url, "select count(*), max(seq) from entries") == [(11, 11)]
        assert rows(pg_url, "select count(*) from story_games where finished = 1") == [(1,)]
    assert (tmp_path / "instance" / "scribe.sqlite3").exists() is not bool(pg_url)


def test_with_the_database_gone_every_request_is_503_try_again_and_nothing_half_saved(pg_app, pg_url):
    client = pg_app.test_client()
    key = call(client, "post", "/api/games", {"players": PLAYERS, "first_dealer": 2})[1]["key"]
    assert call(client, "post", f"/api/games/{key}/bids", {"bid": 0})[0] == 200
    name = pg_url.rsplit("/", 1)[1]
    admin = psycopg.connect(pg_url.rsplit("/", 1)[0] + "/postgres", autocommit=True)
    # the database stops taking connections and drops those it had (the pool's included)
    admin.execute(f'alter database "{name}" allow_connections false')
    admin.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = %s", [name])
    try:
        resp = client.post(f"/api/games/{key}/bids", json={"bid": 1, "version": 1})
        assert resp.status_code == 503 and resp.headers["Retry-After"] == "2"
        assert "cannot be reached" in resp.get_json()["error"] and "Nothing was saved" in resp.get_json()["error"]
        page = client.get(f"/games/{key}")
        assert page.status_code == 503 and b"cannot be reached" in page.data
        french = client.get(f"/games/{key}", headers={"Accept-Language": "fr"})
        assert french.status_code == 503 and "La base de données est injoignable" in french.get_data(as_text=True)
        health = client.get("/healthz", headers={"Host": "localhost"})
        assert health.status_code == 503 and health.get_json()["status"] == "unavailable"
        assert client.post("/api/games", json={"players": PLAYERS, "first_dealer": 2}).status_code == 503
    finally:
        admin.execute(f'alter database "{name}" allow_connections true')
        admin.close()
    deadline = time.monotonic() + 30  # the pool reconnects on its own: no restart of the app
    while client.get("/healthz", headers={"Host": "localhost"}).status_code != 200:
        assert time.monotonic() < deadline, "the app never reconnected"
        time.sleep(0.2)
    assert rows(pg_url, "select count(*) from games") == [(1,)]  # the refused create made nothing
    assert call(client, "get", f"/api/games/{key}/sheet")[1]["version"] == 1  # the refused bid neither
    assert call(client, "post", f"/api/games/{key}/bids", {"bid": 1, "version": 1})[0] == 200


def test_a_database_url_pointing_nowhere_is_503_within_the_timeout(pg_app, pg_url):
    """The same app pointed at a port where nothing listens: a 503 after
    SCRIBE_DATABASE_TIMEOUT (1 s here), not a hang and not a 500."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    pg_app.config["DATABASE_URL"] = f"postgresql://nobody@127.0.0.1:{port}/scribe"
    resp = pg_app.test_client().get("/api/stats")
    assert resp.status_code == 503 and "cannot be reached" in resp.get_json()["error"]
