"""Play again moves every screen of the old game (issue 32, item 2): each seat's phone to
the same player's seat in the next game, the TV to the next game's watch link, through
the old link's own poll (``HX-Redirect``), stream (``follow``), page (303) and JSON
(``next``); never to anything its holder could not open before (a seat gets its own seat
only, held for its phone; the TV a watch link), and nothing for a phone that never held
the seat. A player not in the next game keeps this game's final page, which says so."""

from __future__ import annotations

import pytest
from conftest import app_db
from web_helpers import HX, text

from scribe import sharing
from scribe.games import rules_of
from scribe.store import links as store_links

NAMES = ["Ana", "Ben", "Cy"]


@pytest.fixture
def finished(app, client, api):
    """A one-round Wizard game played to its end, the TV and a phone per seat on it:
    (key, game id, the TV's client and token, each seat's client and token)."""
    _status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                              "rules": {"rounds": 1}})
    key, gid = body["key"], body["id"]
    links = client.get(f"/api/games/{key}/links").get_json()
    tv, tv_token = app.test_client(), links["watch"]["token"]
    assert tv.get(f"/w/{tv_token}").status_code == 200
    seats = []
    for p in range(3):
        phone, token = app.test_client(), links["players"][p]["token"]
        assert phone.get(f"/p/{token}").status_code == 200  # the phone claims its seat
        seats.append((phone, token))
    sheet = client.get(f"/api/games/{key}/sheet").get_json()
    for p in sheet["rounds"][0]["order"]:
        assert api("post", f"/api/games/{key}/bids", {"round": 1, "player": p, "bid": int(p == 1)})[0] == 200
    assert api("post", f"/api/games/{key}/tricks", {"round": 1, "tricks": [0, 1, 0]})[0] == 200
    return key, gid, (tv, tv_token), seats


def _version(client, key):
    return client.get(f"/api/games/{key}/sheet").get_json()["version"]


def test_before_play_again_the_old_screens_stay(client, finished):
    key, _gid, (tv, tv_token), seats = finished
    v = _version(client, key)
    resp = tv.get(f"/w/{tv_token}/sheet?v={v}", headers=HX)
    assert resp.status_code == 204 and "HX-Redirect" not in resp.headers
    phone, token = seats[0]
    resp = phone.get(f"/p/{token}/view?v={v}", headers=HX)
    assert resp.status_code == 204 and "HX-Redirect" not in resp.headers
    assert "next" not in phone.get(f"/api/player/{token}").get_json()
    assert "next" not in tv.get(f"/api/watch/{tv_token}").get_json()


def test_play_again_moves_each_seat_to_its_own_player_and_the_tv_to_the_watch_link(client, api, finished):
    key, _gid, (tv, tv_token), seats = finished
    v = _version(client, key)
    assert client.post(f"/games/{key}/rematch").status_code == 303
    new_key = api("post", f"/api/games/{key}/rematch")[1]["key"]  # the same next game, asked again
    new_links = client.get(f"/api/games/{new_key}/links").get_json()

    resp = tv.get(f"/w/{tv_token}/sheet?v={v}", headers=HX)  # the TV's poll
    assert resp.status_code == 204 and resp.headers["HX-Redirect"] == f"/w/{new_links['watch']['token']}"
    assert tv.get(f"/w/{tv_token}").headers["Location"].endswith(f"/w/{new_links['watch']['token']}")
    nxt = tv.get(f"/api/watch/{tv_token}").get_json()["next"]
    assert nxt["token"] == new_links["watch"]["token"] and nxt["url"].endswith(f"/w/{nxt['token']}")

    for p, (phone, token) in enumerate(seats):
        mine = new_links["players"][p]["token"]
        resp = phone.get(f"/p/{token}/view?v={v}", headers=HX)  # each seat's poll
        assert resp.status_code == 204 and resp.headers["HX-Redirect"] == f"/p/{mine}"
        page = phone.get(f"/p/{token}")
        assert page.status_code == 303 and page.headers["Location"].endswith(f"/p/{mine}")
        assert phone.get(f"/api/player/{token}").get_json()["next"]["token"] == mine
        opened = phone.get(f"/p/{mine}")  # the phone lands in its seat, its player's own view
        assert opened.status_code == 200 and f"{NAMES[p]}’s view" in text(opened.get_data(as_text=True))
        body = phone.get(f"/api/player/{mine}").get_json()
        assert body["player"] == p and body["player_name"] == NAMES[p]
    # each new seat is held for the phone that held the old one: another phone is refused
    stranger = client.application.test_client()
    assert stranger.get(f"/p/{new_links['players'][0]['token']}").status_code == 403
    assert all(p["claimed"] for p in client.get(f"/api/games/{new_key}/links").get_json()["players"])


def test_the_stream_of_an_old_link_says_follow(client, api, finished):
    key, _gid, (tv, tv_token), seats = finished
    v = _version(client, key)
    new_key = api("post", f"/api/games/{key}/rematch")[1]["key"]
    new_links = client.get(f"/api/games/{new_key}/links").get_json()
    phone, token = seats[1]
    body = phone.get(f"/p/{token}/events?v={v}").get_data(as_text=True)
    assert f"event: follow\ndata: /p/{new_links['players'][1]['token']}\n" in body
    body = tv.get(f"/w/{tv_token}/events?v={v}").get_data(as_text=True)
    assert f"event: follow\ndata: /w/{new_links['watch']['token']}\n" in body


def test_a_phone_that_never_held_the_seat_is_not_moved(app, client, finished):
    key, _gid, (_tv, _tt), seats = finished
    v = _version(client, key)
    client.post(f"/games/{key}/rematch")
    stranger = app.test_client()
    resp = stranger.get(f"/p/{seats[0][1]}/view?v={v}", headers=HX)
    assert resp.status_code == 403 and "HX-Redirect" not in resp.headers
    resp = stranger.get(f"/p/{seats[0][1]}")
    assert resp.status_code == 403 and "Location" not in resp.headers
    assert stranger.get(f"/api/player/{seats[0][1]}").status_code == 403


def test_a_player_not_in_the_next_game_keeps_a_clear_final_page(app, client, finished):
    """Play again keeps the players; a next game without one of them (made here behind the
    app's back) leaves that phone on this game's final standings, saying so."""
    key, gid, _tv, seats = finished
    v = _version(client, key)
    with app.app_context(), app_db(app) as db:
        shown = sharing.open_link(db, key, store_links.SCRIBE)
        options = rules_of(shown.full).rematch(shown.full.setup)
        options["players"] = ["Ana", "Ben", "Dee"]
        sharing.new_game(db, app.config["SECRET_KEY"], "wizard", None, "en",
                         made_from=store_links.REMATCH + gid, **options)
    phone, token = seats[2]  # Cy
    resp = phone.get(f"/p/{token}/view?v={v}", headers=HX)
    assert resp.status_code == 204 and "HX-Redirect" not in resp.headers
    page = phone.get(f"/p/{token}")
    assert page.status_code == 200
    assert "The next game has started without you" in text(page.get_data(as_text=True))
    assert "next" not in phone.get(f"/api/player/{token}").get_json()
    assert phone.get(f"/p/{seats[0][1]}").status_code == 403  # still only its own seat
    assert seats[0][0].get(f"/p/{seats[0][1]}").status_code == 303  # Ana moves on
