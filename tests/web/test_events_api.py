"""Club nights through the JSON API (/api/events, issue 36): every answer checked against
/api/openapi.json (tests/conftest.py); refusals 422 {error, field} in the client's
language, a stale version 409, a wrong link 404, nothing half-saved; the organiser's link
does everything, the ranking link reads and holds no token, a table's link only its table."""

from __future__ import annotations

import pytest
from conftest import app_db

SIXTEEN = [f"P{i:02}" for i in range(16)]
GARDE = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49}  # the taker +198, each defender -66


def new_event(api, **extra) -> dict:
    status, body = api("post", "/api/events", {"name": "Club du jeudi", "game": "tarot", "format": "tarot_free",
                                               "parties": 2, "deals": 1, "entrants": SIXTEEN, **extra})
    assert status == 201, body
    return body


def organiser(event) -> str:
    return event["links"]["organiser"]["token"]


def start(api, token, **body):
    return api("post", f"/api/events/{token}/parties", body)


def play(api, table, deals=1):
    for version in range(deals):
        status, body = api("post", f"/api/games/{table['scribe']['key']}/actions/deal", {**GARDE, "version": version})
        assert status == 200, body


def test_an_event_is_made_with_its_two_links_and_shown_to_each(api):
    event = new_event(api)
    assert event["link"] == "organiser" and event["partie"] == 0 and event["next"] == {
        "partie": 1, "players": SIXTEEN, "ready": True}
    status, hall = api("get", f"/api/events/{event['links']['ranking']['token']}")
    assert status == 200 and hall["link"] == "ranking" and "links" not in hall
    assert [line["name"] for line in hall["ranking"]] == SIXTEEN  # all at 0, sharing rank 1
    assert {line["rank"] for line in hall["ranking"]} == {1}


def test_a_partie_through_the_api_the_ranking_after_it(api):
    event = new_event(api)
    token, hall = organiser(event), event["links"]["ranking"]["token"]
    status, started = start(api, token, partie=1, version=event["version"])
    assert status == 201 and [len(t["players"]) for t in started["tables"]] == [4, 4, 4, 4]
    status, seen = api("get", f"/api/events/{hall}")
    assert all("scribe" not in t for t in seen["tables"])  # the hall's TV holds no table's link
    for t in started["tables"]:
        play(api, t)
    status, ranking = api("get", f"/api/events/{hall}/ranking")
    points = {line["name"]: line["points"] for line in ranking["ranking"]}
    takers = {t["players"][0] for t in started["tables"]}
    assert points == {u: 198 if u in takers else -66 for u in SIXTEEN}
    assert ranking["ranking"][0]["rank"] == 1 and ranking["ranking"][4]["rank"] == 5
    status, now = api("get", f"/api/events/{token}")
    assert now["next"]["ready"] and {t["state"] for t in now["tables"]} == {"finished"}


def test_e_p2_the_next_partie_waits_for_every_table_in_the_clients_language(client, api):
    event = new_event(api, lang="fr")
    token = organiser(event)
    _status, started = start(api, token)
    play(api, started["tables"][0])
    resp = client.post(f"/api/events/{token}/parties", json={}, headers={"Accept-Language": "fr"})
    assert resp.status_code == 422 and resp.get_json()["field"] == "partie"
    assert resp.get_json()["error"] == "La partie 1 continue à la table 2, 3, 4."


def test_the_live_version_moves_with_an_entry_at_a_table(api):
    event = new_event(api)
    token, hall = organiser(event), event["links"]["ranking"]["token"]
    _status, started = start(api, token)
    _status, before = api("get", f"/api/events/{hall}/version")
    play(api, started["tables"][2])
    _status, after = api("get", f"/api/events/{hall}/version")
    assert after["version"] == before["version"] + 1


def test_the_ranking_link_cannot_start_change_or_reach_a_table(api):
    event = new_event(api)
    hall = event["links"]["ranking"]["token"]
    start(api, organiser(event))
    for method, path, body in (("post", f"/api/events/{hall}/parties", {}),
                               ("post", f"/api/events/{hall}/arrivals", {"name": "Zoé"}),
                               ("post", f"/api/events/{hall}/withdrawals", {"name": "P01"}),
                               ("get", f"/api/events/{hall}/tables/1/1", None)):
        status, answer = api(method, path, body)
        assert status == 404 and answer["field"] == "token", path


def test_an_events_id_and_a_games_link_open_no_event(api, app):
    event = new_event(api)
    _status, started = start(api, organiser(event))
    with app_db(app) as db:
        (event_id,) = db.execute("select id from events").fetchone()
    for token in (event_id, started["tables"][0]["scribe"]["key"], "x" * 22):
        status, _answer = api("get", f"/api/events/{token}")
        assert status == 404


def test_the_organiser_gets_a_tables_scribe_link_and_fixes_an_entry(api):
    event = new_event(api, deals=2)
    token = organiser(event)
    _status, started = start(api, token)
    table = started["tables"][3]
    play(api, table)
    status, link = api("get", f"/api/events/{token}/tables/1/4")
    assert status == 200 and link["key"] == table["scribe"]["key"]
    status, fixed = api("post", f"/api/games/{link['key']}/rounds/1/correction", {**GARDE, "attack_points": 30})
    assert status == 200, fixed
    _status, ranking = api("get", f"/api/events/{token}/ranking")
    assert {line["name"]: line["points"] for line in ranking["ranking"]}[table["players"][0]] < 0  # down now
    status, _answer = api("get", f"/api/events/{token}/tables/1/9")
    assert status == 422


def test_arrivals_and_withdrawals_with_version_guard(api, app):
    event = new_event(api, parties=3, entrants=SIXTEEN[:12])
    token = organiser(event)
    status, changed = api("post", f"/api/events/{token}/arrivals", {"name": "Zoé", "version": event["version"]})
    assert status == 200 and changed["next"]["players"][-1] == "Zoé"
    status, stale = api("post", f"/api/events/{token}/withdrawals", {"name": "P01", "version": event["version"]})
    assert status == 409 and stale["field"] == "version"
    status, changed = api("post", f"/api/events/{token}/withdrawals", {"name": "P01", "version": changed["version"]})
    assert status == 200 and "P01" not in changed["next"]["players"]
    status, refused = api("post", f"/api/events/{token}/withdrawals", {"name": "Nobody"})
    assert status == 422 and refused["field"] == "name"


def test_a_start_sent_twice_makes_one_set_of_tables(api, app):
    event = new_event(api)
    token = organiser(event)
    _s, first = start(api, token, partie=1, version=event["version"])
    status, again = start(api, token, partie=1, version=event["version"])
    assert status == 201 and again == first
    with app_db(app) as db:
        assert db.execute("select count(*) from games").fetchone()[0] == 4


def test_a_create_sent_twice_with_its_key_makes_one_event(client):
    body = {"game": "tarot", "format": "tarot_free", "parties": 2, "deals": 4, "entrants": SIXTEEN}
    one = client.post("/api/events", json=body, headers={"Idempotency-Key": "k-1"})
    two = client.post("/api/events", json=body, headers={"Idempotency-Key": "k-1"})
    assert two.status_code == 201 and two.headers["Idempotent-Replayed"] == "true"
    assert two.get_json()["links"] == one.get_json()["links"]
    other = client.post("/api/events", json={**body, "parties": 3}, headers={"Idempotency-Key": "k-1"})
    assert other.status_code == 422 and other.get_json()["field"] == "Idempotency-Key"


@pytest.mark.parametrize(("body", "field"), [
    ({"entrants": None}, "entrants"), ({"entrants": [1, 2]}, "entrants"), ({"parties": "trois"}, "parties"),
    ({"parties": 99}, "parties"), ({"deals": -1}, "deals"), ({"format": None}, "format"),
    ({"game": ["tarot"]}, "game"), ({"settings": "fast"}, "settings"), ({"format": "concours"}, "format"),
])
def test_a_bad_create_is_422_at_its_field_and_saves_nothing(api, app, body, field):
    status, answer = api("post", "/api/events", {"game": "tarot", "format": "tarot_free", "parties": 2, "deals": 4,
                                                 "entrants": SIXTEEN, **body})
    assert status == 422 and answer["field"] == field, answer
    with app_db(app) as db:
        assert db.execute("select count(*) from events").fetchone()[0] == 0


def test_not_json_is_400(client):
    resp = client.post("/api/events", data="[1]", content_type="application/json")
    assert resp.status_code == 400 and resp.get_json()["field"] is None


def test_an_events_link_is_never_logged(client, caplog):
    event = client.post("/api/events", json={"game": "tarot", "format": "tarot_free", "parties": 2, "deals": 4,
                                             "entrants": SIXTEEN}).get_json()
    token = event["links"]["organiser"]["token"]
    with caplog.at_level("INFO", logger="scribe.access"):
        client.get(f"/api/events/{token}/ranking")
    assert "/api/events/<token>/ranking" in caplog.text and token not in caplog.text
