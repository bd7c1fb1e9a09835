"""``scribe serve`` given SCRIBE_DATABASE_URL keeps the games in PostgreSQL (before, it kept
them in its SQLite file all the same): two gunicorn workers, each with its own pool,
taking bids from several phones at once, every entry in PostgreSQL once."""

from __future__ import annotations

import json
import threading

import psycopg
import pytest

from .conftest import request

HOST = {"Host": "localhost"}


def test_two_workers_on_postgresql_record_every_bid_once_and_no_sqlite_file(serve, pg_url):
    pytest.importorskip("gunicorn")
    server = serve("--host", "127.0.0.1", "--workers", "2", "--threads", "2",
                   env={"SCRIBE_DATABASE_URL": pg_url, "SCRIBE_DATABASE_POOL_SIZE": "3"})
    status, _, body = request(server.port, "POST", "/api/games",
                              {"players": ["Ann", "Bo", "Cy", "Dee"], "first_dealer": 3, "preset": "standard"},
                              headers=HOST)
    assert status == 201, body
    key = json.loads(body)["key"]
    answers: list[int] = []

    def phone() -> None:  # the same bid tapped on four phones at once, twice
        for _ in range(2):
            answers.append(request(server.port, "POST", f"/api/games/{key}/bids", {"bid": 0, "version": 0},
                                   headers=HOST)[0])

    threads = [threading.Thread(target=phone) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(answers) == [200] + [409] * 7, answers  # one landed, the others saw it was stale
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("select version from games").fetchall() == [(1,)]
        assert conn.execute("select seq, kind from entries").fetchall() == [(1, "bid")]
    assert server.stop() == 0
    assert not (server.instance / "scribe.sqlite3").exists()
    assert "Traceback" not in server.log()
