"""Configuration by environment (SCRIBE_*), the host allow-list, the Origin check, HTTPS
settings and the trusted-proxy fix, through the Flask test client on a real SQLite file."""

from __future__ import annotations

import pytest
from flask import session

from scribe import create_app


def make(tmp_path, **config):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), **config})


def games(app) -> int:
    from scribe.store import open_db

    db = open_db(app.config["DATABASE"], migrate=False)
    try:
        return db.execute("select count(*) from games").fetchone()[0]
    finally:
        db.conn.close()


def create(client, host="localhost", **headers):
    return client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "first_dealer": 0},
                       headers={"Host": host, **headers})


def test_environment_sets_the_config_after_instance_config_and_before_test_config(tmp_path, monkeypatch):
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "config.py").write_text('CREATE_LIMIT = "1 per day"\nLOG_LEVEL = "ERROR"\n'
                                                     'DATABASE_POOL_SIZE = 3\n')
    monkeypatch.setenv("SCRIBE_PUBLIC_URL", "https://scribe.example.org")
    monkeypatch.setenv("SCRIBE_ALLOWED_HOSTS", '["tv.example.org", "board.example.org"]')
    monkeypatch.setenv("SCRIBE_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.2")
    monkeypatch.setenv("SCRIBE_CREATE_LIMIT", "5 per minute")
    monkeypatch.setenv("SCRIBE_SECRET_KEY", "from-the-environment")
    app = make(tmp_path, LOG_LEVEL="WARNING")
    assert app.config["PUBLIC_URL"] == "https://scribe.example.org"
    assert app.config["DATABASE_POOL_SIZE"] == 3  # instance/config.py is read
    assert "LANGUAGE_NAMES" not in app.config  # and scribe/config.py is not taken for it
    assert app.config["CREATE_LIMIT"] == "5 per minute"  # the environment beats instance/config.py
    assert app.config["LOG_LEVEL"] == "WARNING"  # test_config beats the environment
    assert app.config["SECRET_KEY"] == "from-the-environment"
    assert {"tv.example.org", "board.example.org", "scribe.example.org", "localhost"} <= set(app.config["TRUSTED_HOSTS"])


@pytest.mark.parametrize("value", ["tv.example.org,board.example.org", "tv.example.org board.example.org",
                                   '["tv.example.org","board.example.org"]', "[tv.example.org, board.example.org]"])
def test_allowed_hosts_is_read_forgivingly(tmp_path, monkeypatch, value):
    monkeypatch.setenv("SCRIBE_ALLOWED_HOSTS", value)
    client = make(tmp_path).test_client()
    assert client.get("/healthz", headers={"Host": "board.example.org:8080"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "tv.example.org"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "evil.example"}).status_code == 400


def test_without_an_allow_list_every_name_is_served_as_before(tmp_path):
    client = make(tmp_path).test_client()
    assert make(tmp_path).config["TRUSTED_HOSTS"] is None
    assert client.get("/", headers={"Host": "anything.example"}).status_code == 200


def test_an_unknown_name_gets_a_400_page_and_json_never_a_500(tmp_path):
    client = make(tmp_path, PUBLIC_URL="https://scribe.example.org").test_client()
    page = client.get("/", headers={"Host": "evil.example"})
    assert page.status_code == 400
    assert "does not answer to that name" in page.get_data(as_text=True)
    api = client.get("/api/openapi.json", headers={"Host": "evil.example:5000"})
    assert api.status_code == 400 and "does not answer to that name" in api.get_json()["error"]
    assert api.get_json()["field"] is None
    french = client.get("/", headers={"Host": "evil.example", "Accept-Language": "fr"})
    assert "Ce serveur ne répond pas à ce nom" in french.get_data(as_text=True)
    # port numbers do not matter, IPv6 literals of the machine pass
    assert client.get("/", headers={"Host": "scribe.example.org:8443"}).status_code == 200
    assert client.get("/healthz", headers={"Host": "[::1]:5000"}).status_code == 200


def test_a_rebinding_post_is_refused_and_nothing_saved(tmp_path):
    app = make(tmp_path, ALLOWED_HOSTS="192.168.1.20")
    client = app.test_client()
    resp = create(client, host="evil.example:5000", Origin="http://evil.example:5000")
    assert resp.status_code == 400
    assert games(app) == 0


def test_a_foreign_origin_is_refused_even_with_an_allowed_host(tmp_path):
    app = make(tmp_path, ALLOWED_HOSTS="192.168.1.20")
    client = app.test_client()
    resp = create(client, host="192.168.1.20:5000", Origin="http://evil.example")
    assert resp.status_code == 403
    assert games(app) == 0
    assert create(client, host="192.168.1.20:5000", Origin="http://192.168.1.20:5000").status_code == 201
    assert create(client, host="192.168.1.20:5000", Origin="http://192.168.1.20:6000").status_code == 403
    assert create(client, host="192.168.1.20:5000", Origin="not a url").status_code == 403
    assert games(app) == 1


def test_https_public_url_turns_on_hsts_and_secure_cookies(tmp_path):
    app = make(tmp_path, PUBLIC_URL="https://scribe.example.org")

    @app.get("/_session")
    def _session():
        """A page that stores something in the session (none of the app's does yet)."""
        session["seen"] = True
        return "ok"

    resp = app.test_client().get("/_session", headers={"Host": "scribe.example.org"})
    assert resp.headers["Strict-Transport-Security"] == "max-age=31536000"
    cookie = resp.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert app.config["PREFERRED_URL_SCHEME"] == "https"
    lang = app.test_client().get("/lang/fr?next=/", headers={"Host": "scribe.example.org"})
    assert "lang=fr" in lang.headers["Set-Cookie"] and "Secure" in lang.headers["Set-Cookie"]
    error = app.test_client().get("/nope", headers={"Host": "scribe.example.org"})
    assert error.status_code == 404 and error.headers["Strict-Transport-Security"] == "max-age=31536000"


def test_plain_http_has_no_hsts_and_lax_httponly_cookies(tmp_path):
    app = make(tmp_path)

    @app.get("/_session")
    def _session():
        """A page that stores something in the session."""
        session["seen"] = True
        return "ok"

    resp = app.test_client().get("/_session")
    assert "Strict-Transport-Security" not in resp.headers
    cookie = resp.headers["Set-Cookie"]
    assert "Secure" not in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_forwarded_headers_count_only_from_a_trusted_proxy(tmp_path):
    app = make(tmp_path, TRUSTED_PROXIES="10.0.0.2")

    @app.get("/_whoami")
    def _whoami():
        """Where the app thinks the request came from."""
        from flask import request

        return {"addr": request.remote_addr, "scheme": request.scheme, "host": request.host}

    client = app.test_client()
    forwarded = {"X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https",
                 "X-Forwarded-Host": "scribe.example.org"}
    via_proxy = client.get("/_whoami", headers={"Host": "127.0.0.1:5000", **forwarded},
                           environ_base={"REMOTE_ADDR": "10.0.0.2"}).get_json()
    assert via_proxy == {"addr": "203.0.113.9", "scheme": "https", "host": "scribe.example.org"}
    direct = client.get("/_whoami", headers={"Host": "127.0.0.1:5000", **forwarded},
                        environ_base={"REMOTE_ADDR": "10.0.0.7"}).get_json()
    assert direct == {"addr": "10.0.0.7", "scheme": "http", "host": "127.0.0.1:5000"}


def test_healthz_reads_the_database_and_names_the_release(tmp_path):
    from scribe import __version__

    app = make(tmp_path)
    client = app.test_client()
    resp = client.get("/healthz")
    assert resp.status_code == 200 and resp.get_json() == {"status": "ok", "version": __version__}
    app.config["DATABASE"] = str(tmp_path)  # a folder: SQLite cannot open it
    resp = client.get("/healthz")
    assert resp.status_code == 503 and resp.get_json()["status"] == "unavailable"
    assert resp.get_json()["version"] == __version__  # which release is down, too


def test_a_database_locked_past_the_timeout_is_a_503_and_nothing_half_saved(tmp_path, monkeypatch):
    import sqlite3

    from scribe.store import db as store_db

    monkeypatch.setattr(store_db, "BUSY_TIMEOUT_S", 0.2)
    app = make(tmp_path)
    client = app.test_client()
    game_id = create(client).get_json()["key"]
    other = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another server process in the middle of a write
    try:
        app2 = make(tmp_path / "other-thread")  # a fresh connection, so the short timeout applies
        app2.config["DATABASE"] = app.config["DATABASE"]
        c2 = app2.test_client()
        resp = c2.post(f"/api/games/{game_id}/bids", json={"bid": 0})
        assert resp.status_code == 503
        assert "try again" in resp.get_json()["error"] and resp.headers["Retry-After"]
        page = c2.post(f"/games/{game_id}/bid", data={"bid": "0"})
        assert page.status_code == 503 and "try again" in page.get_data(as_text=True)
    finally:
        other.execute("ROLLBACK")
        other.close()
    sheet = client.get(f"/api/games/{game_id}").get_json()["sheet"]
    assert sheet["version"] == 0


def test_game_creation_is_limited_per_address_with_a_clear_429(tmp_path):
    app = make(tmp_path, CREATE_LIMIT="2 per 10 minutes")
    client = app.test_client()
    assert create(client).status_code == 201
    resp = client.post("/games", data={"players": "Ann"}, headers={"Host": "localhost"})
    assert resp.status_code == 422  # a refused form costs nothing
    assert create(client).status_code == 201
    refused = create(client)
    assert refused.status_code == 429
    assert "Too many new games" in refused.get_json()["error"] and refused.get_json()["field"] is None
    assert 0 < int(refused.headers["Retry-After"]) <= 600
    page = client.post("/games", data={"game": "wizard", "player": ["Ann", "Bo", "Cy"]})
    assert page.status_code == 429 and "Too many new games" in page.get_data(as_text=True)
    assert games(app) == 2
    other = client.post("/api/games", json={"players": ["Ann", "Bo", "Cy"], "first_dealer": 0},
                        environ_base={"REMOTE_ADDR": "192.0.2.8"})
    assert other.status_code == 201  # another address has its own budget
    assert client.get("/").status_code == 200  # reading is never limited


def test_the_default_limit_and_switching_it_off(tmp_path, monkeypatch):
    monkeypatch.delenv("SCRIBE_CREATE_LIMIT", raising=False)
    assert make(tmp_path).config["CREATE_LIMIT"] == "30 per 10 minutes"
    monkeypatch.setenv("SCRIBE_RATELIMIT_ENABLED", "false")
    app = make(tmp_path / "off", CREATE_LIMIT="1 per day")
    client = app.test_client()
    assert [create(client).status_code for _ in range(3)] == [201, 201, 201]
