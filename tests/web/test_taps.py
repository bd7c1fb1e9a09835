"""Every write of a game honours an Idempotency-Key (issue 31): the same key sent again,
a retry whose first answer was lost, answers what the first answered, marked
``Idempotent-Replayed: true``, and records nothing; the same key with another request is
a 422 next to the header. Run on PostgreSQL too (SCRIBE_TEST_BACKEND=postgresql)."""

from __future__ import annotations

import random

import pytest
from web_helpers import HX

from scribe import service
from scribe.web import taps as web_taps

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals
KEY = "Idempotency-Key"


def _entries(client, key: str) -> int:
    return len(client.get(f"/api/games/{key}/history").get_json()["entries"])


def _twice(client, method: str, path: str, body, tap: str, **kw):
    """The same request sent twice with one key: both answers, the second checked replayed."""
    send = getattr(client, method)
    first = send(path, json=body, headers={KEY: tap, **kw.get("headers", {})})
    second = send(path, json=body, headers={KEY: tap, **kw.get("headers", {})})
    assert first.status_code < 300, first.get_data(as_text=True)
    assert "Idempotent-Replayed" not in first.headers
    assert second.headers.get("Idempotent-Replayed") == "true"
    assert (second.status_code, second.get_data()) == (first.status_code, first.get_data())
    return first, second


def _refused_with_another(client, method: str, path: str, body, tap: str) -> None:
    resp = getattr(client, method)(path, json=body, headers={KEY: tap})
    assert resp.status_code == 422, resp.get_data(as_text=True)
    assert resp.get_json()["field"] == KEY
    assert "another request" in resp.get_json()["error"]


def _wizard(new_game, **rules):
    return new_game(preset="standard", rules=rules) if rules else new_game(preset="standard")


# --------------------------------------------------------------------------- entries


def test_a_points_round_sent_twice_with_one_key_is_recorded_once(client):
    """The issue's own reproduction: two identical rounds made one."""
    key = client.post("/api/games", json={"game": "points", "players": ["Ann", "Bob", "Cid"], "preset": "custom",
                                          "rounds": 5}).get_json()["key"]
    path = f"/api/games/{key}/actions/round"
    first, _ = _twice(client, "post", path, {"points": [5, 7, 9]}, "6f1c1a52-0000-4000-8000-000000000001")
    assert first.get_json()["version"] == 1 and _entries(client, key) == 1
    _refused_with_another(client, "post", path, {"points": [5, 7, 8]}, "6f1c1a52-0000-4000-8000-000000000001")
    assert _entries(client, key) == 1
    # another key is another tap: a second, identical round is recorded
    assert client.post(path, json={"points": [5, 7, 9]}, headers={KEY: "another"}).status_code == 200
    assert _entries(client, key) == 2


@pytest.mark.parametrize("with_version", [False, True])
def test_wizard_bids_and_tricks_sent_again_are_recorded_once(client, new_game, with_version):
    key = _wizard(new_game)
    version = (lambda v: {"version": v}) if with_version else (lambda v: {})
    for n, bid in enumerate([0, 1, 0]):
        _twice(client, "post", f"/api/games/{key}/bids", {"round": 1, "bid": bid, **version(n)}, f"bid-{n}")
    assert _entries(client, key) == 3
    _twice(client, "post", f"/api/games/{key}/tricks", {"round": 1, "tricks": [0, 1, 0], **version(3)}, "tricks-1")
    assert _entries(client, key) == 4
    sheet = client.get(f"/api/games/{key}/sheet").get_json()
    assert sheet["rounds"][0]["bids"] == [0, 1, 0] and sheet["version"] == 4
    # the same key sent to another route of the game, or with another bid
    _refused_with_another(client, "post", f"/api/games/{key}/undo", {}, "bid-0")
    _refused_with_another(client, "post", f"/api/games/{key}/bids", {"round": 2, "bid": 1}, "bid-0")
    assert _entries(client, key) == 4


def test_a_replayed_answer_is_the_sheet_its_entry_made_even_after_later_taps(client, new_game):
    """The answer again is the first one, not the game as it is now."""
    key = _wizard(new_game)
    first = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "b1"})
    client.post(f"/api/games/{key}/bids", json={"bid": 1})  # another tap lands in between
    again = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "b1"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json() and again.get_json()["version"] == 1
    assert _entries(client, key) == 2
    # a minimal answer (Prefer: return=minimal) is made again too
    prefer = {"Prefer": "return=minimal"}
    one = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "b3", **prefer})
    two = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "b3", **prefer})
    assert two.get_json() == one.get_json() and two.headers["Idempotent-Replayed"] == "true"
    assert _entries(client, key) == 3


def test_a_correction_undo_and_redo_sent_again_are_recorded_once(client, new_game):
    key = _wizard(new_game)
    for bid in (0, 1, 0):
        client.post(f"/api/games/{key}/bids", json={"bid": bid})
    client.post(f"/api/games/{key}/tricks", json={"tricks": [0, 1, 0]})
    body = {"bids": [1, 1, 0], "tricks": [1, 0, 0]}
    _twice(client, "post", f"/api/games/{key}/rounds/1/correction", body, "fix-1")
    assert _entries(client, key) == 5
    _refused_with_another(client, "post", f"/api/games/{key}/rounds/1/correction", {**body, "bids": [0, 1, 0]},
                          "fix-1")
    _twice(client, "post", f"/api/games/{key}/undo", {}, "undo-1")
    assert _entries(client, key) == 6  # one undo: the correction taken back, the tricks not
    _twice(client, "post", f"/api/games/{key}/redo", {"version": 6}, "redo-1")
    assert _entries(client, key) == 7
    assert client.get(f"/api/games/{key}/sheet").get_json()["rounds"][0]["bids"] == [1, 1, 0]


def test_a_seats_own_bid_and_cards_sent_again_are_recorded_once(app, client, new_game, monkeypatch):
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(3))
    key = _wizard(new_game, reveal="hidden", virtual_deck=True)
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    phones = [app.test_client() for _ in tokens]
    for phone, token in zip(phones, tokens):
        assert phone.get(f"/api/player/{token}").status_code == 200  # each phone claims its seat
    client.post(f"/api/games/{key}/deal", json={}, headers={KEY: "deal-1"})
    again = client.post(f"/api/games/{key}/deal", json={}, headers={KEY: "deal-1"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert _entries(client, key) == 1  # one deal: the cards were not shuffled again
    sheet = client.get(f"/api/games/{key}/sheet").get_json()
    if sheet["rounds"][0].get("trump", {}) and sheet["rounds"][0]["trump"].get("card") == "wizard":
        client.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"})
    start = _entries(client, key)
    for seat, (phone, token) in enumerate(zip(phones, tokens)):
        _twice(phone, "post", f"/api/player/{token}/bid", {"round": 1, "bid": 0}, f"seat-bid-{seat}")
    assert _entries(client, key) == start + 3
    _refused_with_another(phones[PAUL], "post", f"/api/player/{tokens[PAUL]}/bid", {"round": 1, "bid": 1},
                          "seat-bid-0")
    hand = phones[PAUL].get(f"/api/player/{tokens[PAUL]}").get_json()["cards"]["current"]["legal"]
    played = {"round": 1, "card": hand[0]}
    _twice(phones[PAUL], "post", f"/api/player/{tokens[PAUL]}/played", played, "card-1")
    assert _entries(client, key) == start + 4
    _twice(phones[PAUL], "post", f"/api/player/{tokens[PAUL]}/take_back", {"round": 1}, "back-1")
    assert _entries(client, key) == start + 5
    # played again after taking it back: a new tap, a new key
    assert phones[PAUL].post(f"/api/player/{tokens[PAUL]}/played", json=played,
                             headers={KEY: "card-1"}).headers.get("Idempotent-Replayed") == "true"
    assert phones[PAUL].post(f"/api/player/{tokens[PAUL]}/played", json=played,
                             headers={KEY: "card-2"}).status_code == 200
    assert _entries(client, key) == start + 6


# --------------------------------------------------------------------------- the game itself


def test_a_rename_sent_again_does_not_undo_a_later_one(client, new_game):
    key = new_game()
    _twice(client, "patch", f"/api/games/{key}", {"name": "Mardi"}, "name-1")
    client.patch(f"/api/games/{key}", json={"name": "Mercredi"})
    again = client.patch(f"/api/games/{key}", json={"name": "Mardi"}, headers={KEY: "name-1"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/api/games/{key}").get_json()["name"] == "Mercredi"
    _refused_with_another(client, "patch", f"/api/games/{key}", {"name": "Jeudi"}, "name-1")


def test_a_new_link_or_a_release_sent_again_is_done_once(app, client, new_game):
    key = new_game()
    path = f"/api/games/{key}/links"
    first, _ = _twice(client, "post", path, {"link": "watch", "op": "reissue"}, "new-watch")
    watch = first.get_json()["watch"]["token"]
    assert client.get(path).get_json()["watch"]["token"] == watch  # not issued a second time
    # a seat released once: the phone that claims it next keeps it when the release is sent again
    token = client.get(path).get_json()["players"][THOMAS]["token"]
    assert app.test_client().get(f"/api/player/{token}").status_code == 200
    _twice(client, "post", path, {"link": THOMAS, "op": "release"}, "free-thomas")
    phone = app.test_client()
    assert phone.get(f"/api/player/{token}").status_code == 200  # claims the freed seat
    again = client.post(path, json={"link": THOMAS, "op": "release"}, headers={KEY: "free-thomas"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert phone.get(f"/api/player/{token}").status_code == 200  # still this phone's
    _refused_with_another(client, "post", path, {"link": PAUL, "op": "release"}, "free-thomas")


def test_a_key_is_the_games_own(client, new_game):
    """One key in two games is two taps (keys are scoped per game)."""
    one, two = new_game(), new_game()
    for key in (one, two):
        resp = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "same"})
        assert resp.status_code == 200 and "Idempotent-Replayed" not in resp.headers
        assert _entries(client, key) == 1


def test_a_malformed_key_is_refused_next_to_the_header_and_nothing_is_recorded(client, new_game):
    key = new_game()
    for bad in ("", "a b", "é", "x" * 256):
        resp = client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: bad})
        assert resp.status_code == 422 and resp.get_json()["field"] == KEY, bad
    assert _entries(client, key) == 0


def test_without_a_key_nothing_changes_and_nothing_is_kept(app, client, new_game):
    from conftest import app_rows

    key = new_game()
    client.post(f"/api/games/{key}/bids", json={"bid": 0})
    client.post(f"/api/games/{key}/bids", json={"bid": 0})
    assert _entries(client, key) == 2
    assert app_rows(app, "select count(*) from taps") == [(0,)]


def test_only_hashes_of_the_key_are_kept(app, client, new_game):
    from conftest import app_dump

    key = new_game()
    client.post(f"/api/games/{key}/bids", json={"bid": 0}, headers={KEY: "my-secret-tap-key"})
    assert "my-secret-tap-key" not in app_dump(app)


def test_every_keyed_endpoint_has_its_replay(app):
    keyed = {r.endpoint for r in app.url_map.iter_rules() if web_taps.keyed_endpoint(r.endpoint)}
    assert keyed - set(web_taps.replays) == set()
    assert {"api.game_path_bids", "api.action", "table.player_bid", "play.act"} <= keyed


# --------------------------------------------------------------------------- the pages


def test_a_page_tap_resent_with_its_key_is_recorded_once(client, new_game):
    key = new_game()
    form = {"bid": "0", "version": "0"}
    first = client.post(f"/games/{key}/bid", data=form, headers={**HX, KEY: "page-tap-1"})
    again = client.post(f"/games/{key}/bid", data=form, headers={**HX, KEY: "page-tap-1"})
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.headers["X-Scribe-Recorded"] == "already"
    assert _entries(client, key) == 1
    plain = client.post(f"/games/{key}/bid", data={"bid": "1", "version": "1"}, headers={KEY: "page-tap-2"})
    plain_again = client.post(f"/games/{key}/bid", data={"bid": "1", "version": "1"}, headers={KEY: "page-tap-2"})
    assert plain.status_code == plain_again.status_code == 303
    assert plain.headers["Location"] == plain_again.headers["Location"]
    assert _entries(client, key) == 2
    other = client.post(f"/games/{key}/bid", data={"bid": "0", "version": "2"}, headers={**HX, KEY: "page-tap-2"})
    assert other.status_code == 422 and "another request" in other.get_data(as_text=True)
    assert _entries(client, key) == 2


def test_a_players_page_tap_resent_with_its_key_is_recorded_once(app, client, new_game):
    key = _wizard(new_game, reveal="hidden")
    token = client.get(f"/api/games/{key}/links").get_json()["players"][PAUL]["token"]
    phone = app.test_client()
    phone.get(f"/p/{token}")
    for _ in range(2):
        resp = phone.post(f"/p/{token}/bid", data={"round": "1", "bid": "1"}, headers={**HX, KEY: "phone-1"})
        assert resp.status_code == 200
    assert resp.headers["Idempotent-Replayed"] == "true"
    assert _entries(client, key) == 1


def test_a_plain_form_sent_twice_is_recorded_once_with_the_key_it_was_shown_with(client, new_game):
    """The correction and settings pages are plain forms (no script needed): each carries
    a key made when it is shown, so the same form sent again (a reload, a second tap
    before the page changed) is one correction, one rename."""
    from web_helpers import form

    key = _wizard(new_game)
    for bid in (0, 1, 0):
        client.post(f"/api/games/{key}/bids", json={"bid": bid})
    client.post(f"/api/games/{key}/tricks", json={"tricks": [0, 1, 0]})
    page = client.get(f"/games/{key}/rounds/1").get_data(as_text=True)
    shown = form(page, "/rounds/1").hidden
    assert len(shown["idempotency_key"]) >= 16
    data = {**shown, "bids.0": "1", "bids.1": "1", "bids.2": "0", "tricks.0": "1", "tricks.1": "0", "tricks.2": "0"}
    first = client.post(f"/games/{key}/rounds/1", data=data)
    again = client.post(f"/games/{key}/rounds/1", data=data)
    assert first.status_code == again.status_code == 303, first.get_data(as_text=True)
    assert again.headers["Idempotent-Replayed"] == "true"
    assert _entries(client, key) == 5
    assert client.get(f"/games/{key}/rounds/1").get_data(as_text=True) != page  # shown again: a new key

    settings = client.get(f"/games/{key}/settings").get_data(as_text=True)
    named = {**form(settings, "/rename").hidden, "name": "Mardi"}
    assert client.post(f"/games/{key}/rename", data=named).status_code == 303
    client.patch(f"/api/games/{key}", json={"name": "Mercredi"})
    assert client.post(f"/games/{key}/rename", data=named).headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/api/games/{key}").get_json()["name"] == "Mercredi"


def test_a_form_body_sent_to_the_api_with_a_key_is_still_a_415(client, new_game):
    key = new_game()
    resp = client.post(f"/api/games/{key}/bids", data="bid=0", content_type="application/x-www-form-urlencoded",
                       headers={KEY: "k"})
    assert resp.status_code == 415
    assert _entries(client, key) == 0


def test_a_plain_form_changed_and_sent_again_is_another_tap(client, new_game):
    """Back to the settings page, another name typed: a new rename, not a refusal."""
    from web_helpers import form

    key = new_game()
    named = form(client.get(f"/games/{key}/settings").get_data(as_text=True), "/rename").hidden
    assert client.post(f"/games/{key}/rename", data={**named, "name": "Mardi"}).status_code == 303
    again = client.post(f"/games/{key}/rename", data={**named, "name": "Jeudi"})
    assert again.status_code == 303 and "Idempotent-Replayed" not in again.headers
    assert client.get(f"/api/games/{key}").get_json()["name"] == "Jeudi"


def test_the_openapi_document_names_the_header_on_every_write_of_a_game(client):
    doc = client.get("/api/openapi.json").get_json()
    writes = {(path, method): op for path, ops in doc["paths"].items() for method, op in ops.items()
              if method in ("post", "patch", "delete") and path.startswith(("/api/games/{key}", "/api/player/"))
              and not path.endswith("/rematch")}
    assert ("/api/games/{key}/bids", "post") in writes and ("/api/player/{token}/played", "post") in writes
    for (path, method), op in writes.items():
        assert {"$ref": "#/components/parameters/IdempotencyKey"} in op["parameters"], (path, method)
        ok = next(answer for code, answer in op["responses"].items() if code.startswith("2"))
        assert "Idempotent-Replayed" in ok["headers"], (path, method)
    assert doc["components"]["parameters"]["IdempotencyKey"]["in"] == "header"


def test_a_delete_and_a_restore_sent_again_answer_as_the_first(client, new_game):
    key = new_game()
    first, _ = _twice(client, "delete", f"/api/games/{key}", None, "gone-1")
    assert first.status_code == 204
    assert client.delete(f"/api/games/{key}").status_code == 404  # without the key: no such game
    _twice(client, "post", f"/api/games/{key}/restore", {}, "back-1")
    assert client.get(f"/api/games/{key}").status_code == 200
    again = client.delete(f"/api/games/{key}", headers={KEY: "gone-1"})  # an old retry, after the restore
    assert again.status_code == 204 and again.headers["Idempotent-Replayed"] == "true"
    assert client.get(f"/api/games/{key}").status_code == 200  # not deleted a second time


@pytest.mark.parametrize("route, body", [("bids", {"bid": 0}), ("bids", {"bid": 0, "version": 0}),
                                         ("undo", {})])
def test_one_key_sent_many_times_at_once_records_one_entry(app, client, new_game, route, body):
    """Retries racing each other (several nodes, one database): the key's primary key lets
    one in; each other one, refused as stale by the one that got in, finds its key and
    answers that one's answer again."""
    from test_once import _at_once

    key = new_game()
    if route == "undo":
        client.post(f"/api/games/{key}/bids", json={"bid": 0})
    before = _entries(client, key)
    clients = [app.test_client() for _ in range(8)]
    answers = _at_once(8, lambda i: clients[i].post(f"/api/games/{key}/{route}", json=body, headers={KEY: "race"}))
    assert _entries(client, key) == before + 1
    assert {a.status_code for a in answers} == {200}
    first = [a for a in answers if a.status_code == 200 and "Idempotent-Replayed" not in a.headers]
    assert len(first) == 1
    assert all(a.get_json() == first[0].get_json() for a in answers if a.status_code == 200)
    again = client.post(f"/api/games/{key}/{route}", json=body, headers={KEY: "race"})
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json() == first[0].get_json()


def test_the_same_key_from_another_seats_phone_is_refused_not_answered_as_the_first(app, client, new_game):
    key = _wizard(new_game, reveal="hidden")
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    ann, bo = app.test_client(), app.test_client()
    ann.get(f"/api/player/{tokens[0]}")
    bo.get(f"/api/player/{tokens[1]}")
    assert ann.post(f"/api/player/{tokens[0]}/bid", json={"round": 1, "bid": 1}, headers={KEY: "k"}).status_code == 200
    _refused_with_another(bo, "post", f"/api/player/{tokens[1]}/bid", {"round": 1, "bid": 1}, "k")
    assert _entries(client, key) == 1
