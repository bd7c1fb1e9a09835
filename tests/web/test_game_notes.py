"""A note on a game ("chez Marie, anniversaire"), on both stores: the Scribe writes it on the
settings page or through the API; the game's page, a watch link's, a seat's, the history
and the printed sheet show it, escaped; a watch or seat link cannot write it; bad input
is refused next to the field with nothing saved; a changed note keeps the one before."""

from __future__ import annotations

import pytest
from conftest import call
from web_helpers import errors, text

from tests.pdf.pdf_helpers import reader


def new_game(client):
    status, made = call(client, "post", "/api/games", {"players": ["Ana", "Ben", "Cy"], "first_dealer": 0,
                                                      "preset": "standard", "rules": {"rounds": 2}})
    assert status == 201, made
    links = call(client, "get", f"/api/games/{made['key']}/links")[1]
    return made["key"], links["watch"]["token"], links["players"][0]["token"]


NOTE = 'chez <b>Marie</b> & "Paul", anniversaire'


def test_the_scribe_writes_a_note_every_link_reads_it_escaped(either_app):
    client = either_app.test_client()
    key, watch, seat = new_game(client)
    page = client.get(f"/games/{key}/settings").get_data(as_text=True)
    assert 'name="note"' in page
    resp = client.post(f"/games/{key}/note", data={"note": NOTE, "after": "0"})
    assert resp.status_code == 303
    escaped = "chez &lt;b&gt;Marie&lt;/b&gt; &amp; &#34;Paul&#34;, anniversaire"
    for path in (f"/games/{key}", f"/w/{watch}", f"/p/{seat}", f"/games/{key}/history"):
        viewer = client if path.startswith("/games") else either_app.test_client()
        shown = viewer.get(path)
        assert shown.status_code == 200, path
        html = shown.get_data(as_text=True)
        assert escaped in html and "<b>Marie</b>" not in html, path
    pdf = client.get(f"/games/{key}/sheet.pdf")
    assert pdf.status_code == 200
    assert 'chez <b>Marie</b> & "Paul", anniversaire' in reader(pdf.data).pages[0].extract_text()


def test_a_changed_note_keeps_the_one_before_and_the_same_note_twice_adds_nothing(either_app):
    client = either_app.test_client()
    key, _watch, _seat = new_game(client)
    assert call(client, "put", f"/api/games/{key}/note", {"note": "chez Marie"})[0] == 200
    assert call(client, "put", f"/api/games/{key}/note", {"note": "chez Marie", "after": 0})[0] == 200  # sent twice
    status, body = call(client, "put", f"/api/games/{key}/note", {"note": "chez Paul", "after": 1})
    assert status == 200 and body["note"] == "chez Paul" and body["seq"] == 2
    assert [n["note"] for n in body["earlier"]] == ["chez Marie"]
    status, body = call(client, "put", f"/api/games/{key}/note", {"note": "", "after": 2})  # cleared, still kept
    assert status == 200 and body["note"] == "" and [n["note"] for n in body["earlier"]] == ["chez Marie", "chez Paul"]
    assert "Note:" not in text(client.get(f"/games/{key}").get_data(as_text=True))
    history = text(client.get(f"/games/{key}/history").get_data(as_text=True))
    assert "Note: chez Paul" in history and "Note: chez Marie" in history
    settings = text(client.get(f"/games/{key}/settings").get_data(as_text=True))
    assert "Earlier notes" in settings and "chez Paul" in settings


def test_a_note_written_on_another_phone_meanwhile_is_409_and_nothing_saved(either_app):
    client = either_app.test_client()
    key, _watch, _seat = new_game(client)
    assert call(client, "put", f"/api/games/{key}/note", {"note": "chez Marie"})[0] == 200
    status, body = call(client, "put", f"/api/games/{key}/note", {"note": "chez Paul", "after": 0})
    assert status == 409 and body["field"] == "note" and body["error"], body
    resp = client.post(f"/games/{key}/note", data={"note": "chez Zoé", "after": "0"})
    assert resp.status_code == 409 and "note" in errors(resp.get_data(as_text=True))
    assert call(client, "get", f"/api/games/{key}/note")[1] == {"note": "chez Marie", "seq": 1, "earlier": []}


@pytest.mark.parametrize("body, status", [
    ({"note": "x" * 201}, 422), ({"note": 12}, 422), ({"note": None}, 422), ({"note": ["a"]}, 422),
    ({"note": "ok", "after": "one"}, 422), ({"note": "ok", "after": -1}, 422), ([], 400), ("note", 400)])
def test_bad_notes_are_refused_naming_the_field_with_nothing_saved(either_app, body, status):
    client = either_app.test_client()
    key, _watch, _seat = new_game(client)
    got, answer = call(client, "put", f"/api/games/{key}/note", body)
    assert got == status, answer
    if status == 422:
        assert answer["field"] == "note" and answer["error"]
    assert call(client, "get", f"/api/games/{key}/note")[1] == {"note": "", "seq": 0, "earlier": []}


def test_a_too_long_note_on_the_page_is_422_next_to_the_field_and_kept_in_the_box(either_app):
    client = either_app.test_client()
    key, _watch, _seat = new_game(client)
    resp = client.post(f"/games/{key}/note", data={"note": "y" * 201, "after": "0"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "200" in errors(page)["note"]
    assert call(client, "get", f"/api/games/{key}/note")[1]["seq"] == 0


def test_only_the_scribes_link_writes_the_note(either_app):
    client = either_app.test_client()
    key, watch, seat = new_game(client)
    for token in (watch, seat):
        assert client.put(f"/api/games/{token}/note", json={"note": "pirate"}).status_code == 404
        assert client.post(f"/games/{token}/note", data={"note": "pirate"}).status_code == 404
    assert call(client, "get", f"/api/games/{key}/note")[1]["seq"] == 0
