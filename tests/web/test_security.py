"""Security headers on every answer; a cross-site form post refused and nothing saved."""


def test_every_page_sends_the_security_headers(client, new_game):
    game_id = new_game()
    for path in ("/", "/games/new", f"/games/{game_id}", "/api/openapi.json", "/nope"):
        resp = client.get(path)
        csp = resp.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
        assert resp.headers["Referrer-Policy"] == "no-referrer"
        assert resp.headers["X-Frame-Options"] == "DENY"


def test_pages_have_no_inline_script_or_style(client, new_game):
    game_id = new_game()
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html and "onclick" not in html


def test_cross_site_form_post_is_refused_and_nothing_saved(client, api, new_game):
    game_id = new_game()
    resp = client.post(f"/games/{game_id}/bid", data={"bid": "0"}, headers={"Origin": "http://evil.example"})
    assert resp.status_code == 403
    resp = client.post(f"/games/{game_id}/bid", data={"bid": "0"}, headers={"Sec-Fetch-Site": "cross-site"})
    assert resp.status_code == 403
    assert api("get", f"/api/games/{game_id}")[1]["sheet"]["version"] == 0


def test_same_origin_form_post_is_accepted(client, api, new_game):
    game_id = new_game()
    resp = client.post(f"/games/{game_id}/bid", data={"bid": "0"},
                       headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert resp.status_code == 303
    assert api("get", f"/api/games/{game_id}")[1]["sheet"]["version"] == 1


def test_browser_same_origin_post_with_null_origin_is_accepted(client, api, new_game):
    """Under Referrer-Policy: no-referrer, Chromium sends "Origin: null" on its own form posts."""
    game_id = new_game()
    resp = client.post(f"/games/{game_id}/bid", data={"bid": "0"},
                       headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"})
    assert resp.status_code == 303
    resp = client.post(f"/games/{game_id}/bid", data={"bid": "0"}, headers={"Origin": "null"})
    assert resp.status_code == 403


def test_every_private_answer_is_no_store_pdfs_and_exports_included(client, new_game):
    """Found: sheet.pdf was sent no-cache where every other private answer is no-store: a
    shared tablet or a proxy kept the sheet. Only the app's shell (static files, the
    service worker) may be kept."""
    key = new_game()
    links = client.get(f"/api/games/{key}/links").get_json()
    private = [f"/games/{key}", f"/games/{key}/sheet.pdf", f"/games/{key}/history", f"/api/games/{key}",
               "/pads.pdf?game=wizard&players=3", "/export/games.csv", "/export/rounds.csv", "/export/entries.csv",
               f"/w/{links['watch']['token']}", f"/p/{links['players'][0]['token']}", "/stats", "/api/stats"]
    for path in private:
        resp = client.get(path)
        assert resp.status_code == 200, path
        assert resp.headers["Cache-Control"] == "no-store", path


def test_each_security_header_is_sent_once_and_a_views_own_is_kept(client, api, new_game):
    """The headers a view has not set are added, each once, to a bid's JSON answer, a
    page, an error; one the view set itself (the service worker's Cache-Control) stays."""
    key = new_game()
    answers = [client.post(f"/api/games/{key}/bids", json={"bid": 0}), client.get(f"/games/{key}"),
               client.get("/nope"), client.get("/api/games/nope")]
    for resp in answers:
        for name, value in (("Content-Security-Policy", None), ("Referrer-Policy", "no-referrer"),
                            ("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"),
                            ("Cache-Control", "no-store")):
            sent = resp.headers.getlist(name)
            assert len(sent) == 1 and (value is None or sent == [value]), (resp.request.path, name, sent)
    worker = client.get("/sw.js")
    assert worker.headers.getlist("Cache-Control") == ["no-cache"]
    assert worker.headers.getlist("X-Content-Type-Options") == ["nosniff"]


def test_compressed_for_a_client_that_asks_plain_for_one_that_does_not(client, new_game):
    """A browser asking gzip or Brotli gets the game page compressed; an API client
    sending identity or no Accept-Encoding gets it plain. Both answers say they vary with
    Accept-Encoding, so no cache hands one's to the other."""
    key = new_game()
    for asked, encoding in (("gzip", "gzip"), ("br, gzip", "br"), ("identity", None), ("", None)):
        resp = client.get(f"/games/{key}", headers={"Accept-Encoding": asked})
        assert resp.status_code == 200 and resp.headers.get("Content-Encoding") == encoding, asked
        assert "Accept-Encoding" in resp.headers.get("Vary", ""), asked
        if encoding is None:
            assert b"<html" in resp.data
    api_answer = client.get(f"/api/games/{key}", headers={"Accept-Encoding": "identity"})
    assert api_answer.get_json()["key"] == key and "Accept-Encoding" in api_answer.headers["Vary"]


def test_an_answer_that_read_the_session_varies_with_cookie_and_encoding_each_named_once(client):
    """The games list reads this browser's session (none yet): a cache must not hand it to
    another browser, nor a compressed copy to a client that asked none."""
    for asked in ("gzip", "identity"):
        vary = [part.strip() for part in client.get("/", headers={"Accept-Encoding": asked}).headers["Vary"].split(",")]
        assert sorted(vary) == ["Accept-Encoding", "Cookie"], (asked, vary)
