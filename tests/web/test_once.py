"""One tap, one game (issue 18): the new-game form, Play again (page and API) and
``POST /api/games`` with an Idempotency-Key, sent twice or ten times at once, make one
game, and every answer names it (the Scribe's link the first answer gave, not a new one);
a duplicate costs nothing of the creation limit."""

from __future__ import annotations

import threading

import pytest
from conftest import app_rows
from web_helpers import form, submit

from scribe import create_app

NAMES = ["Ana", "Ben", "Cy"]


def games_in(app) -> int:
    return app_rows(app, "select count(*) from games")[0][0]


def key_of(location: str) -> str:
    return location.rstrip("/").rsplit("/", 1)[-1]


def new_form(client, game="wizard") -> str:
    resp = client.get(f"/games/new?game={game}")
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def finished(api) -> str:
    """A one-round Wizard game played to its end: its key."""
    status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                              "rules": {"rounds": 1}})
    assert status == 201, body
    key = body["key"]
    for version, player in enumerate((1, 2, 0)):
        assert api("post", f"/api/games/{key}/bids", {"version": version, "player": player, "bid": 0})[0] == 200
    assert api("post", f"/api/games/{key}/tricks", {"version": 3, "tricks": [1, 0, 0]})[0] == 200
    return key


@pytest.mark.parametrize("game", ["wizard", "points", "zibi"])
def test_the_new_game_form_sent_twice_makes_one_game(client, app, game):
    page = new_form(client, game)
    players = NAMES + ["Dan"] if game == "zibi" else NAMES
    fields = {"players": players, **({"dealer": "0"} if game == "wizard" else {})}
    first = submit(client, page, "/games", **fields)
    second = submit(client, page, "/games", **fields)
    assert first.status_code == second.status_code == 303, first.get_data(as_text=True)
    assert second.headers["Location"] == first.headers["Location"]  # the same game, the same Scribe's link
    assert games_in(app) == 1
    assert client.get(first.headers["Location"]).status_code == 200  # the first answer's link still opens it


def test_a_new_form_or_a_changed_one_makes_a_new_game(client, app):
    page = new_form(client)
    first = submit(client, page, "/games", players=NAMES, dealer="0")
    # the same form shown again by Back and changed: a new game, not the one made before
    changed = submit(client, page, "/games", players=NAMES, dealer="1")
    again = submit(client, new_form(client), "/games", players=NAMES, dealer="0")  # a new form: a new game
    locations = {r.headers["Location"] for r in (first, changed, again)}
    assert len(locations) == 3 and games_in(app) == 3


def test_a_refused_new_game_form_keeps_its_key_and_makes_one_game_once_corrected(client, app):
    page = new_form(client)
    refused = submit(client, page, "/games", players=["Ana", "", ""], dealer="0")
    assert refused.status_code == 422 and games_in(app) == 0
    shown = refused.get_data(as_text=True)
    assert form(shown, "/games").hidden["once"] == form(page, "/games").hidden["once"]
    made = [submit(client, shown, "/games", players=NAMES, dealer="0") for _ in range(2)]
    assert made[0].headers["Location"] == made[1].headers["Location"] and games_in(app) == 1


def test_play_again_sent_twice_opens_one_next_game(client, api, app):
    key = finished(api)
    first = client.post(f"/games/{key}/rematch")
    second = client.post(f"/games/{key}/rematch")
    assert first.status_code == second.status_code == 303
    assert second.headers["Location"] == first.headers["Location"] != f"/games/{key}"
    assert games_in(app) == 2
    # the API asked afterwards answers the same game, with the same Scribe's link, marked replayed
    resp = client.post(f"/api/games/{key}/rematch")
    assert resp.status_code == 201 and resp.get_json()["key"] == key_of(first.headers["Location"])
    assert resp.headers["Idempotent-Replayed"] == "true"
    assert games_in(app) == 2
    held = [g["key"] for g in api("get", "/api/games")[1]["games"]]
    assert sorted(held) == sorted([key, key_of(first.headers["Location"])])


def test_play_again_through_the_api_twice_answers_the_same_game(client, api, app):
    key = finished(api)
    first = client.post(f"/api/games/{key}/rematch")
    second = client.post(f"/api/games/{key}/rematch")
    assert first.status_code == second.status_code == 201
    assert first.get_json()["key"] == second.get_json()["key"] and first.get_json()["id"] == second.get_json()["id"]
    assert "Idempotent-Replayed" not in first.headers and second.headers["Idempotent-Replayed"] == "true"
    assert games_in(app) == 2
    other_phone = app.test_client()  # a second phone holding the Scribe's link taps Play again too
    assert other_phone.post(f"/api/games/{key}/rematch").get_json()["key"] == first.get_json()["key"]


def test_a_deleted_next_game_lets_play_again_make_a_new_one(client, api, app):
    key = finished(api)
    first = key_of(client.post(f"/games/{key}/rematch").headers["Location"])
    assert client.post(f"/games/{first}/delete", data={"confirm": "yes"}).status_code == 303
    second = key_of(client.post(f"/games/{key}/rematch").headers["Location"])
    assert second != first and games_in(app) == 3


def test_post_api_games_with_the_same_idempotency_key_makes_one_game(client, app):
    body = {"players": NAMES, "first_dealer": 0}
    first = client.post("/api/games", json=body, headers={"Idempotency-Key": "4d2f-ae01"})
    second = client.post("/api/games", json=body, headers={"Idempotency-Key": "4d2f-ae01"})
    assert first.status_code == second.status_code == 201
    assert second.get_json()["key"] == first.get_json()["key"] and games_in(app) == 1
    assert second.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    other = client.post("/api/games", json=body, headers={"Idempotency-Key": "4d2f-ae02"})
    plain = [client.post("/api/games", json=body) for _ in range(2)]  # no key: each call a game
    assert len({r.get_json()["key"] for r in (first, other, *plain)}) == 4 and games_in(app) == 4


def test_an_idempotency_key_is_this_clients_own(app):
    """Another client (another address) sending the same key gets a game of its own, never
    the first client's Scribe's link; the same client without its cookie (a retry whose
    answer was lost) gets its game."""
    body = {"players": NAMES, "first_dealer": 0}
    mine, again, theirs = app.test_client(), app.test_client(), app.test_client()
    a = mine.post("/api/games", json=body, headers={"Idempotency-Key": "1"}).get_json()["key"]
    b = theirs.post("/api/games", json=body, headers={"Idempotency-Key": "1"},
                    environ_base={"REMOTE_ADDR": "192.0.2.8"}).get_json()["key"]
    assert again.post("/api/games", json=body, headers={"Idempotency-Key": "1"}).get_json()["key"] == a
    assert a != b and games_in(app) == 2


def test_an_idempotency_key_reused_for_another_game_or_malformed_is_refused(client, app):
    made = client.post("/api/games", json={"players": NAMES, "first_dealer": 0}, headers={"Idempotency-Key": "k-1"})
    assert made.status_code == 201
    reused = client.post("/api/games", json={"players": NAMES, "first_dealer": 1}, headers={"Idempotency-Key": "k-1"})
    assert reused.status_code == 422 and reused.get_json()["field"] == "Idempotency-Key"
    assert "already made another game" in reused.get_json()["error"]
    for bad in ("x" * 256, "with space", ""):
        resp = client.post("/api/games", json={"players": NAMES, "first_dealer": 0}, headers={"Idempotency-Key": bad})
        assert resp.status_code == 422 and resp.get_json()["field"] == "Idempotency-Key", bad
    assert games_in(app) == 1


def test_the_refusals_in_french(client):
    client.get("/lang/fr")
    made = client.post("/api/games", json={"players": NAMES, "first_dealer": 0}, headers={"Idempotency-Key": "k"})
    reused = client.post("/api/games", json={"players": NAMES, "first_dealer": 2}, headers={"Idempotency-Key": "k"})
    bad = client.post("/api/games", json={"players": NAMES, "first_dealer": 0}, headers={"Idempotency-Key": "a b"})
    assert made.status_code == 201
    assert "a déjà créé une autre partie" in reused.get_json()["error"]
    assert "caractères visibles" in bad.get_json()["error"]


def _at_once(n, job):
    """Run job(i) in n threads released together; their answers in order."""
    barrier = threading.Barrier(n)
    out: list = [None] * n

    def run(i):
        barrier.wait()
        out[i] = job(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(o is not None for o in out), "a thread never finished"
    return out


def test_ten_play_again_at_once_make_one_game_and_every_answer_names_it(client, api, app):
    """Ten phones (threads, each its own connection to the real SQLite file) tap Play again
    at the same moment: one next game; every answer is its Scribe's link, still live."""
    key = finished(api)
    phones = [app.test_client() for _ in range(10)]

    def tap(i):
        if i % 2:
            resp = phones[i].post(f"/api/games/{key}/rematch")
            return resp.status_code, resp.get_json()["key"]
        resp = phones[i].post(f"/games/{key}/rematch")
        return resp.status_code, key_of(resp.headers["Location"])

    answers = _at_once(10, tap)
    assert {s for s, _k in answers} <= {201, 303}
    keys = {k for _s, k in answers}
    assert len(keys) == 1 and games_in(app) == 2
    new = keys.pop()
    assert api("get", f"/api/games/{new}")[0] == 200  # the link every phone got opens the game


def test_ten_creates_with_one_idempotency_key_at_once_make_one_game(client, app):
    body = {"players": NAMES, "first_dealer": 0}
    answers = _at_once(10, lambda i: client.post("/api/games", json=body, headers={"Idempotency-Key": "same"}))
    assert [r.status_code for r in answers] == [201] * 10
    assert len({r.get_json()["key"] for r in answers}) == 1 and games_in(app) == 1
    assert sum("Idempotent-Replayed" not in r.headers for r in answers) == 1


def test_a_create_sent_again_costs_nothing_of_the_creation_limit(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "CREATE_LIMIT": "2 per 10 minutes"})
    client = app.test_client()
    body = {"players": NAMES, "first_dealer": 0}
    answers = [client.post("/api/games", json=body, headers={"Idempotency-Key": "k"}) for _ in range(4)]
    assert [r.status_code for r in answers] == [201] * 4
    assert client.post("/api/games", json=body).status_code == 201  # the second game of two
    assert client.post("/api/games", json=body).status_code == 429
    assert games_in(app) == 2


def test_without_javascript_an_undo_posted_twice_takes_back_one_entry(client, api):
    """The server's own guard (the page's version) when no script runs: the same form
    posted twice is recorded once, the second told the game moved on (409)."""
    _status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0})
    key = body["key"]
    for version, player in enumerate((1, 2)):
        api("post", f"/api/games/{key}/bids", {"version": version, "player": player, "bid": 0})
    page = client.get(f"/games/{key}").get_data(as_text=True)
    first, second = submit(client, page, "/undo"), submit(client, page, "/undo")
    assert (first.status_code, second.status_code) == (303, 409)
    entries = api("get", f"/api/games/{key}/history")[1]["entries"]
    assert [e["kind"] for e in entries] == ["bid", "bid", "undo"]
