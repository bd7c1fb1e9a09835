"""HTTP errors in words (HTML) or JSON under /api/; bodies that are too big, not JSON,
or not an object; never a 500 for anything a client can send."""

from __future__ import annotations

from flask.testing import FlaskClient
from web_helpers import HX, text


def test_unknown_page_is_a_404_page_in_words(client):
    resp = client.get("/no/such/page")
    assert resp.status_code == 404 and "text/html" in resp.content_type
    assert "There is no such game or page" in text(resp.get_data(as_text=True))


def test_unknown_api_path_is_404_json(client):
    resp = client.get("/api/nope")
    assert resp.status_code == 404 and resp.get_json()["field"] is None and resp.get_json()["error"]


def test_wrong_method_is_405(client, new_game):
    gid = new_game()
    resp = client.get(f"/games/{gid}/bid")
    assert resp.status_code == 405 and "does not accept" in text(resp.get_data(as_text=True))
    resp = client.put("/api/games")
    assert resp.status_code == 405 and resp.get_json()["error"]


def test_api_body_not_json_is_415_and_nothing_saved(client, api, new_game):
    gid = new_game()
    resp = client.post(f"/api/games/{gid}/bids", data="bid=0", content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 415 and "application/json" in resp.get_json()["error"]
    resp = client.post("/api/games", data="players=A", content_type="text/plain")
    assert resp.status_code == 415
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == 0
    assert len(api("get", "/api/games")[1]["games"]) == 1


def test_api_json_that_is_not_an_object_is_400(client, api, new_game):
    gid = new_game()
    for raw in ("[]", "[1, 2]", '"bid"', "3", "null", "{not json"):
        resp = client.post(f"/api/games/{gid}/bids", data=raw, content_type="application/json")
        assert resp.status_code == 400, raw
        assert resp.get_json()["error"] == "Send a JSON object."
        resp = client.post("/api/games", data=raw, content_type="application/json")
        assert resp.status_code == 400, raw
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == 0
    assert len(api("get", "/api/games")[1]["games"]) == 1


def test_api_bodies_read_as_the_json_standard_reads_them(client, api, new_game):
    """The API reads a body's numbers as JSON means them: an integer past 64 bits stays an
    integer (a version no page showed: 409, stale), never a float (422, out of date);
    1e400 and NaN are floats (422); a body led by a byte-order mark reads as without it."""
    gid = new_game()
    bids = f"/api/games/{gid}/bids"
    resp = client.post(bids, data='{"round": 1, "bid": 0, "version": 18446744073709551616}',
                       content_type="application/json")
    assert resp.status_code == 409 and resp.get_json()["field"] == "version" and resp.get_json()["version"] == 0
    for number in ("1e400", "NaN", "-9223372036854775809.5"):
        resp = client.post(bids, data=f'{{"round": 1, "bid": 0, "version": {number}}}', content_type="application/json")
        assert resp.status_code == 422 and resp.get_json()["field"] == "version", number
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == 0
    resp = client.post(bids, data='\ufeff{"round": 1, "bid": 0, "version": 0}'.encode(), content_type="application/json")
    assert resp.status_code == 200 and resp.get_json()["version"] == 1


def test_oversize_bodies_are_413_and_nothing_saved(client, api, new_game):
    gid = new_game()
    big = "0" * (65 * 1024)
    resp = client.post(f"/api/games/{gid}/bids", data='{"bid": 0, "pad": "' + big + '"}',
                       content_type="application/json")
    assert resp.status_code == 413 and resp.get_json()["error"]
    resp = client.post(f"/games/{gid}/bid", data={"bid": "0", "pad": big})
    assert resp.status_code == 413 and "far larger" in text(resp.get_data(as_text=True))
    resp = client.post("/games", data={"players": ["A", "B", big]})
    assert resp.status_code == 413
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == 0
    assert len(api("get", "/api/games")[1]["games"]) == 1


def test_odd_input_never_crashes_the_server(client, api, new_game):
    """Every route fed junk answers a 4xx (a refusal), never a 500."""
    gid = new_game()
    junk = ["", "abc", "1.5", "-1", str(10**30), "9" * 5000, "²", "<script>", "\x00", "ñ", "[]"]
    for value in junk:
        for path in ("bid", "trump", "tricks", "undo", "redo", "rounds/1", "rename", "delete"):
            fields = {"bid": value, "player": value, "round": value, "card": value, "suit": value,
                      "tricks.0": value, "tricks.1": value, "bids.0": value, "version": value,
                      "name": value * 3, "confirm": value}
            resp = client.post(f"/games/{gid}/{path}", data=fields)
            assert resp.status_code < 500, (path, value, resp.status_code)
        resp = client.post("/games", data={"players": [value, value + "x", value + "y"], "dealer": value,
                                           "preset": value, "edition": value, "rounds": value, "name": value})
        assert resp.status_code < 500, (value, resp.status_code)
        for jvalue in (value, [value], {"x": value}, 1.5, -1, 10**30, True, None):
            for path in ("bids", "trump", "tricks", "undo", "redo", "rounds/1/correction"):
                body = {"bid": jvalue, "player": jvalue, "round": jvalue, "card": jvalue, "suit": jvalue,
                        "tricks": jvalue, "bids": jvalue, "version": jvalue}
                status, _ = api("post", f"/api/games/{gid}/{path}", body)
                assert status < 500, (path, jvalue, status)
            status, _ = api("post", "/api/games", {"players": jvalue, "first_dealer": jvalue, "preset": jvalue,
                                                   "edition": jvalue, "name": jvalue, "lang": jvalue,
                                                   "game": jvalue, "rules": jvalue})
            assert status < 500, (jvalue, status)
            status, _ = api("patch", f"/api/games/{gid}", {"name": jvalue})
            assert status < 500, (jvalue, status)
    # the game survived it all, still a plain game at version 0 or renamed
    assert client.get(f"/games/{gid}").status_code in (200, 404)


def test_json_nested_a_thousand_deep_is_a_400_on_every_json_route(app, client, api, new_game):
    """Found: 1,000 nested arrays (2 KB) answered 500 on every JSON route."""
    gid = new_game()
    deep = "[" * 1000 + "]" * 1000
    routes = [r for r in app.url_map.iter_rules() if r.rule.startswith("/api/") and r.methods & {"POST", "PATCH"}]
    assert len(routes) > 10
    for rule in routes:
        path = rule.rule
        for arg in rule.arguments:
            path = path.replace(f"<{arg}>", gid if arg in ("key", "token") else "1").replace(f"<int:{arg}>", "1")
        path = path.replace("<path:path>", "bids")
        for body in (deep, '{"players": ' + deep + "}"):
            method = "patch" if "PATCH" in rule.methods and "POST" not in rule.methods else "post"
            resp = getattr(client, method)(path, data=body, content_type="application/json")
            assert resp.status_code < 500, (path, resp.status_code)  # a route reading no body may answer 2xx
            if resp.status_code == 400:
                assert resp.get_json()["error"] == "Send a JSON object.", path
    for path in (f"/api/games/{gid}/bids", "/api/games", "/api/players/rename"):
        resp = client.post(path, data=deep, content_type="application/json")
        assert resp.status_code == 400 and resp.get_json()["error"] == "Send a JSON object.", path
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == 0


def _boom(*_args, **_kwargs):
    raise RuntimeError("a bug in the answer")


def _unchecked(app):
    """A client that does not hold a 500 against the OpenAPI document (it lists none: a
    500 is a bug, not an answer), to read what such a bug tells the client."""
    return FlaskClient(app, app.response_class, use_cookies=True)


def test_an_answer_that_fails_after_the_entry_is_in_says_it_was_recorded(app, client, api, new_game, monkeypatch):
    """Issue 18: a tap whose entry is saved and whose answer then fails (a bug in the page
    shown after it) must not say "nothing was saved", or the player enters it again."""
    key = new_game()
    monkeypatch.setattr("scribe.sharing.after", _boom)  # the game as it is after the tap
    resp = client.post(f"/games/{key}/bid", data={"round": "1", "bid": "0", "version": "0"}, headers=HX)
    shown = text(resp.get_data(as_text=True))
    assert resp.status_code == 500 and "Your entry was recorded" in shown and "without entering it again" in shown
    assert "Nothing was half-saved" not in shown
    assert resp.headers["HX-Refresh"] == "true"  # htmx swaps no 5xx: the page reloads rather than freeze
    monkeypatch.setattr("scribe.web.api.sheet_json", _boom)
    resp = _unchecked(app).post(f"/api/games/{key}/bids", json={"bid": 0})
    assert resp.status_code == 500 and "Your entry was recorded" in resp.get_json()["error"]
    monkeypatch.undo()
    assert api("get", f"/api/games/{key}/sheet")[1]["rounds"][0]["bids"][:2] == [0, 0]  # each once


def test_an_answer_that_fails_before_anything_is_saved_says_so(app, client, api, new_game, monkeypatch):
    key = new_game()
    monkeypatch.setattr("scribe.sharing.record_for_scribe", _boom)
    for headers in (HX, {}):
        resp = client.post(f"/games/{key}/bid", data={"round": "1", "bid": "0"}, headers=headers)
        assert resp.status_code == 500 and "Nothing was half-saved" in text(resp.get_data(as_text=True))
        assert resp.headers.get("HX-Refresh") == ("true" if headers else None)
    resp = _unchecked(app).post(f"/api/games/{key}/bids", json={"bid": 0})
    assert resp.status_code == 500 and "Nothing was half-saved" in resp.get_json()["error"]
    monkeypatch.setattr("scribe.web.play._show", _boom)  # the page itself broken: its 2-second poll
    poll = client.get(f"/games/{key}/poll?v=9", headers=HX)
    assert poll.status_code == 500 and poll.headers["HX-Refresh"] == "true"  # reloaded, then said in words
    page = client.get(f"/games/{key}")
    assert page.status_code == 500 and "reload the page" in text(page.get_data(as_text=True))
    monkeypatch.undo()
    assert api("get", f"/api/games/{key}/sheet")[1]["version"] == 0
