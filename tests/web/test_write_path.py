"""The write path kept short (issue 21): what a bid no longer does must not change what
anyone is answered. A cookie-less API client is sent no cookie, yet a seat held on a
phone stays that phone's (W-B7)."""

from __future__ import annotations

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last


def _made(client, **rules):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard", "rules": rules}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["key"]


def test_a_cookie_less_api_clients_bids_are_recorded_and_send_it_no_cookie(app):
    maker = app.test_client()
    key = _made(maker)
    bare = app.test_client(use_cookies=False)  # a script holding the Scribe's key, nothing else
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "bid": 1, "version": 0})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["sheet"]["rounds"][0]["bids"][PAUL] == 1
    assert "Set-Cookie" not in resp.headers
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "bid": 0, "version": 1})
    assert resp.status_code == 200 and "Set-Cookie" not in resp.headers
    assert maker.get(f"/api/games/{key}/sheet").get_json()["rounds"][0]["bids"][:2] == [1, 0]


def test_a_cookie_less_scribe_still_cannot_bid_for_a_seat_held_on_its_own_phone(app):
    """Hidden bids (W-B7): a seat claimed on a phone bids there, whoever sends the Scribe's
    key without a cookie; a seat with no phone is bid for as before."""
    maker = app.test_client()
    key = _made(maker, reveal="hidden")
    tokens = [p["token"] for p in maker.get(f"/api/games/{key}/links").get_json()["players"]]
    thomas = app.test_client()
    assert thomas.get(f"/api/player/{tokens[THOMAS]}").status_code == 200  # claims his seat
    bare = app.test_client(use_cookies=False)
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "player": THOMAS, "bid": 1})
    assert resp.status_code == 422, resp.get_json()
    assert "Thomas holds their seat on their own phone" in resp.get_json()["error"]
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "player": PAUL, "bid": 1})
    assert resp.status_code == 200 and "Set-Cookie" not in resp.headers
