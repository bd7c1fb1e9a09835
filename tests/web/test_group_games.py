"""A group's games kept on the server (issue 11, "The group's story"): years of games, not
the 60 a session cookie held.

A browser's group is a hash of its device key; the Scribe's links it holds are rows of
``group_games`` by the link's hash. A link is still the only permission: another browser,
or one holding only a watch or player link, lists nothing, and a link replaced from one
browser drops the game from the others'.
"""

from __future__ import annotations

import re
import sqlite3
from hashlib import sha256

import pytest
from conftest import app_dump, app_rows
from web_helpers import text

from scribe import create_app

KEY_HREF = re.compile(r'href="/games/([A-Za-z0-9_-]{16,64})"')


@pytest.fixture
def phone(app):
    """Another browser on the same server: its own cookies, no link but what it is given."""
    return lambda: app.test_client()


def _points(client, name: str, finish: bool = False) -> str:
    """A one-round points game made by ``client``; finished with one round if asked."""
    resp = client.post("/api/games", json={"game": "points", "preset": "custom", "rounds": 1, "name": name,
                                           "players": ["Ana", "Ben", "Cy"]})
    assert resp.status_code == 201, resp.get_json()
    key = resp.get_json()["key"]
    if finish:
        done = client.post(f"/api/games/{key}/actions/round", json={"points": [3, 1, 2], "closer": None})
        assert done.status_code == 200 and done.get_json()["sheet"]["phase"] == "finished", done.get_json()
    return key


def _listed(client) -> list[str]:
    return [g["key"] for g in client.get("/api/games").get_json()["games"]]


def _session(app, client) -> dict:
    """The browser's session cookie, read back the way the app reads it."""
    cookie = client.get_cookie(app.config.get("SESSION_COOKIE_NAME", "session"))
    assert cookie is not None
    return app.session_interface.get_signing_serializer(app).loads(cookie.value)


def _old_cookie(app, client, content: dict) -> None:
    """Give ``client`` a session cookie as a Scribe from before this change signed it."""
    value = app.session_interface.get_signing_serializer(app).dumps(content)
    client.set_cookie(app.config.get("SESSION_COOKIE_NAME", "session"), value)


# --------------------------------------------------------------------------- no cap any more


def test_sixty_five_games_of_one_browser_are_all_listed_and_counted(app, client, phone):
    keys = [_points(client, f"Evening {i}", finish=i < 40) for i in range(65)]  # the oldest first

    assert sorted(_listed(client)) == sorted(keys)  # the API answers every one
    assert _listed(client)[0] == keys[-1]  # the most recently played first

    page = client.get("/").get_data(as_text=True)
    shown = KEY_HREF.findall(page)
    assert len(shown) == 30 and set(shown) <= set(keys) and keys[-1] in shown and keys[0] not in shown
    more = re.search(r'<a class="button" href="([^"]+)">([^<]+)</a>', page.split('class="show-all"')[1])
    assert more and more.group(2).strip() == "Show all 65 games"
    everything = client.get(more.group(1).replace("&amp;", "&"))
    assert sorted(KEY_HREF.findall(everything.get_data(as_text=True))) == sorted(keys)
    assert "Show all" not in text(everything.get_data(as_text=True))

    groups = client.get("/api/stats").get_json()["groups"]
    assert sum(g["games"] for g in groups) == 40  # every finished one, the 60 oldest included
    players = {p["name"]: p["games"] for p in client.get("/api/players").get_json()["players"]}
    assert players == {"Ana": 65, "Ben": 65, "Cy": 65}

    stranger = phone()
    assert stranger.get("/api/games").get_json() == {"games": []}
    assert "No games on this phone yet" in text(stranger.get("/").get_data(as_text=True))
    assert stranger.get("/api/stats").get_json()["groups"] == []


def test_a_few_games_need_no_show_all_link(client):
    keys = [_points(client, f"Game {i}") for i in range(3)]
    page = client.get("/").get_data(as_text=True)
    assert sorted(KEY_HREF.findall(page)) == sorted(keys) and "Show all" not in page


def test_the_cookie_holds_only_the_device_key_and_stays_small(app, client):
    first = _points(client, "One")
    one = client.get_cookie("session").value
    assert set(_session(app, client)) <= {"device", "_permanent"} and len(_session(app, client)["device"]) == 22
    keys = [first] + [_points(client, f"Game {i}") for i in range(99)]
    client.get(f"/games/{keys[50]}")  # opening a game writes nothing in the cookie either
    after = client.get_cookie("session").value
    assert set(_session(app, client)) <= {"device", "_permanent"}
    assert len(after) == len(one) < 200 and not any(k in after for k in keys)
    assert len(_listed(client)) == 100


def test_the_database_keeps_the_links_hash_never_the_token(app, client):
    key = _points(client, "Secret")
    rows = app_rows(app, "select token_hash from group_games")
    assert rows == [(sha256(key.encode()).hexdigest(),)]
    assert key not in app_dump(app)


def test_opening_a_game_twice_is_one_row_per_browser(app, client, phone):
    key = _points(client, "Twice")
    for _ in range(2):
        assert client.get(f"/games/{key}").status_code == 200
        assert client.get(f"/api/games/{key}").status_code == 200
    assert app_rows(app, "select count(*) from group_games") == [(1,)]
    other = phone()
    other.get(f"/games/{key}")
    other.get(f"/games/{key}")
    assert app_rows(app, "select count(*), count(distinct group_hash) from group_games") == [(2, 2)]
    assert _listed(other) == [key] and _listed(client) == [key]


# --------------------------------------------------------------------------- a link is the permission


def test_watch_and_player_links_and_a_games_id_list_nothing(app, client, phone):
    key = _points(client, "Private")
    made = client.get(f"/api/games/{key}").get_json()
    urls = client.get(f"/api/games/{key}/links").get_json()
    viewer = phone()
    assert viewer.get(f"/w/{urls['watch']['token']}").status_code == 200
    assert viewer.get(f"/p/{urls['players'][0]['token']}").status_code == 200
    assert viewer.get(f"/games/{made['id']}").status_code == 404
    assert viewer.get(f"/api/games/{made['id']}").status_code == 404
    assert _listed(viewer) == [] and "Private" not in text(viewer.get("/").get_data(as_text=True))
    assert viewer.get("/api/players").get_json() == {"players": []}
    assert app_rows(app, "select count(*) from group_games") == [(1,)]  # the Scribe's only


def _counted(client) -> int:
    return sum(g["games"] for g in client.get("/api/stats").get_json()["groups"])


def test_a_new_scribes_link_moves_with_its_browser_and_drops_from_the_others(client, phone):
    key = _points(client, "Moving", finish=True)
    other = phone()
    assert other.get(f"/games/{key}").status_code == 200  # a second phone with the Scribe's link
    assert _listed(other) == [key] and _counted(other) == 1
    new = client.post(f"/api/games/{key}/links", json={"link": "scribe", "op": "reissue"}).get_json()["key"]
    assert _listed(client) == [new] and _counted(client) == 1
    assert _listed(other) == [] and "Moving" not in text(other.get("/").get_data(as_text=True))
    assert _counted(other) == 0  # nor in its statistics
    # the page's form does the same
    newer = client.post(f"/games/{new}/links", data={"link": "scribe", "op": "reissue", "confirm": "yes"})
    [newest] = _listed(client)
    assert newer.status_code == 303 and newest not in (key, new) and newest in newer.headers["Location"]
    assert client.get(f"/games/{newest}").status_code == 200


def test_deleted_games_are_listed_only_under_deleted_and_restore_brings_them_back(client):
    keep, gone = _points(client, "Kept"), _points(client, "Gone")
    assert client.post(f"/games/{gone}/delete", data={"confirm": "yes"}).status_code == 303
    assert _listed(client) == [keep]
    page = client.get("/").get_data(as_text=True)
    listed, deleted = page.split("Deleted games (1)")
    assert gone not in listed and f"/games/{gone}/restore" in deleted
    assert client.post(f"/games/{gone}/restore").status_code == 303
    assert sorted(_listed(client)) == sorted([keep, gone]) and "Deleted games" not in client.get("/").get_data(as_text=True)


def test_more_than_thirty_deleted_games_show_the_most_recent_and_link_to_all(client):
    keys = [_points(client, f"Old {i}") for i in range(32)]
    for key in keys:
        assert client.post(f"/games/{key}/delete", data={"confirm": "yes"}).status_code == 303
    page = client.get("/").get_data(as_text=True)
    assert "Deleted games (32)" in page and page.count("/restore") == 30 and "Show all 32 deleted games" in page
    assert client.get("/?all=1").get_data(as_text=True).count("/restore") == 32


# --------------------------------------------------------------------------- cookies and databases from before


def test_an_old_cookie_list_moves_into_the_group_and_leaves_the_cookie(app, client, phone):
    maker = phone()
    live, deleted, replaced = (_points(maker, n) for n in ("Live", "Deleted", "Replaced"))
    maker.post(f"/games/{deleted}/delete", data={"confirm": "yes"})
    maker.post(f"/api/games/{replaced}/links", json={"link": "scribe", "op": "reissue"})
    watch = maker.get(f"/api/games/{live}/links").get_json()["watch"]["token"]
    _old_cookie(app, client, {"games": [live, deleted, replaced, watch, "x" * 22, 7], "_permanent": True})

    assert _listed(client) == [live]  # a replaced link, a watch link and junk are dropped
    assert set(_session(app, client)) == {"device", "_permanent"}
    page = client.get("/").get_data(as_text=True)
    assert f"/games/{deleted}/restore" in page and replaced not in page
    group = sha256(b"scribe-group:" + _session(app, client)["device"].encode()).hexdigest()
    held = app_rows(app, "select token_hash from group_games where group_hash = ?", group)
    assert sorted(held) == sorted((sha256(k.encode()).hexdigest(),) for k in (live, deleted))


def test_a_database_from_before_keeps_an_old_address_a_cookie_held_and_its_renames(instance_before_links):
    """Upgrading: a game made before Scribe's links (its old address, the game's id, is its
    Scribe's link) listed in an old cookie moves into the group under that address; the
    group's renames, keyed by the same hash of the device key, stay."""
    instance, old = instance_before_links
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})  # m003, m004, m005 applied
    device = "d" * 22
    with sqlite3.connect(app.config["DATABASE"]) as conn:  # a SQLite file from before, upgraded
        assert conn.execute("select count(*) from group_games").fetchone() == (0,)
        conn.execute("insert into player_names values (?, 'paul', 'Paolo', '2024-01-01T00:00:00+00:00')",
                     [sha256(b"scribe-group:" + device.encode()).hexdigest()])
    client = app.test_client()
    _old_cookie(app, client, {"games": [old], "device": device, "_permanent": True})

    assert _listed(client) == [old]
    assert f'href="/games/{old}"' in client.get("/").get_data(as_text=True)
    assert "Paolo" in [p["name"] for p in client.get("/api/players").get_json()["players"]]
    assert set(_session(app, client)) == {"device", "_permanent"} and _session(app, client)["device"] == device
    # a new Scribe's link: the group follows it, the old address lists nothing any more
    new = client.post(f"/api/games/{old}/links", json={"link": "scribe", "op": "reissue"}).get_json()["key"]
    assert _listed(client) == [new]
