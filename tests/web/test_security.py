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
