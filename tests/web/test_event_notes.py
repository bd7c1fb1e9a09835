"""A note on a club night ("salle des fêtes, finale", issue 36), on both stores: the organiser
writes it on the organiser's page or through the API; the organiser's page, the hall's TV
(under the title) and the ranking PDFs show it, escaped; the ranking link reads it and
cannot write it; bad input is refused next to the field with nothing saved; a changed note
keeps the one before, the same note sent twice adds nothing."""

from __future__ import annotations

import re

import pytest
from conftest import call
from web_helpers import errors, text

from tests.pdf.pdf_helpers import reader


def new_event(client, parties=2):
    """An evening of four players; (its organiser's token, its ranking token)."""
    status, event = call(client, "post", "/api/events", {"name": "Jeudi", "game": "tarot", "format": "tarot_free",
                                                        "parties": parties, "deals": 1,
                                                        "entrants": ["Ana", "Ben", "Cy", "Dom"]})
    assert status == 201, event
    return event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]


def note_of(client, token):
    status, body = call(client, "get", f"/api/events/{token}/note")
    assert status == 200, body
    return body


NOTE = 'salle <b>des fêtes</b> & "finale"'
ESCAPED = "salle &lt;b&gt;des fêtes&lt;/b&gt; &amp; &#34;finale&#34;"


def test_the_organiser_writes_a_note_the_page_the_tv_and_the_pdf_show_it_escaped(either_app):
    client = either_app.test_client()
    org, hall = new_event(client, parties=1)
    tv_before = client.get(f"/events/{hall}/tv").get_data(as_text=True)
    shown = re.search(r'<div id="tv" class="tv" data-version="(\d+)"', tv_before).group(1)
    page = client.get(f"/events/{org}").get_data(as_text=True)
    assert 'name="note"' in page and 'name="after" value="0"' in page
    french = client.get(f"/events/{org}", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_data(as_text=True)
    assert "Une note sur cette soirée" in french
    resp = client.post(f"/events/{org}/note", data={"note": NOTE, "after": "0"})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/events/{org}#note")
    # the TV already on the wall sees its version move: its next poll brings the note
    for path in (f"/events/{org}", f"/events/{hall}/tv", f"/events/{hall}/tv/board?v={shown}"):
        shown = either_app.test_client().get(path)
        assert shown.status_code == 200, path
        html = shown.get_data(as_text=True)
        assert ESCAPED in html and "<b>des fêtes</b>" not in html, path
    tv = either_app.test_client().get(f"/events/{hall}/tv").get_data(as_text=True)
    head = re.search(r'<header class="tv-head".*?</header>', tv, re.DOTALL).group(0)
    assert ESCAPED in head  # under the title, read from the back of the hall
    # the partie played out, its ranking on paper carries the note
    status, started = call(client, "post", f"/api/events/{org}/parties", {"partie": 1, "version": 0})
    assert status == 201, started
    key = started["tables"][0]["scribe"]["key"]
    deal = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49, "version": 0}
    assert call(client, "post", f"/api/games/{key}/actions/deal", deal)[0] == 200
    for which in ("?partie=1", ""):
        pdf = client.get(f"/events/{org}/ranking.pdf{which}")
        assert pdf.status_code == 200, which
        assert NOTE in reader(pdf.data).pages[0].extract_text(), which


def test_a_changed_note_keeps_the_one_before_and_the_same_note_twice_adds_nothing(either_app):
    client = either_app.test_client()
    org, hall = new_event(client)
    assert call(client, "put", f"/api/events/{org}/note", {"note": "salle des fêtes"})[0] == 200
    assert call(client, "put", f"/api/events/{org}/note", {"note": "salle des fêtes", "after": 0})[0] == 200  # twice
    status, body = call(client, "put", f"/api/events/{org}/note", {"note": "au café", "after": 1})
    assert status == 200 and body["note"] == "au café" and body["seq"] == 2
    assert [n["note"] for n in body["earlier"]] == ["salle des fêtes"]
    page = text(client.get(f"/events/{org}").get_data(as_text=True))
    assert "Earlier notes" in page and "salle des fêtes" in page
    status, body = call(client, "put", f"/api/events/{org}/note", {"note": "", "after": 2})  # cleared, still kept
    assert status == 200 and body["note"] == "" and [n["note"] for n in body["earlier"]] == ["salle des fêtes", "au café"]
    tv = client.get(f"/events/{hall}/tv").get_data(as_text=True)
    assert 'class="tv-note"' not in tv and "au café" not in tv
    assert note_of(client, hall) == body  # the ranking link reads it too


def test_a_note_written_elsewhere_meanwhile_is_409_and_nothing_saved(either_app):
    client = either_app.test_client()
    org, _hall = new_event(client)
    assert call(client, "put", f"/api/events/{org}/note", {"note": "salle des fêtes"})[0] == 200
    status, body = call(client, "put", f"/api/events/{org}/note", {"note": "au café", "after": 0})
    assert status == 409 and body["field"] == "note" and body["error"], body
    resp = client.post(f"/events/{org}/note", data={"note": "chez Zoé", "after": "0"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 409 and "note" in errors(page)
    french = client.put(f"/api/events/{org}/note", json={"note": "au café", "after": 0},
                        headers={"Accept-Language": "fr"}).get_json()
    assert "autre téléphone" in french["error"]
    assert 'value="salle des fêtes"' in page  # the box shows the note as it is now
    assert note_of(client, org) == {"note": "salle des fêtes", "seq": 1, "earlier": []}


@pytest.mark.parametrize("body, status", [
    ({"note": "x" * 201}, 422), ({"note": 12}, 422), ({"note": None}, 422), ({"note": ["a"]}, 422),
    ({"note": "ok", "after": "one"}, 422), ({"note": "ok", "after": -1}, 422), ({"note": "ok", "after": True}, 422),
    ([], 400), ("note", 400)])
def test_bad_notes_are_refused_naming_the_field_with_nothing_saved(either_app, body, status):
    client = either_app.test_client()
    org, _hall = new_event(client)
    got, answer = call(client, "put", f"/api/events/{org}/note", body)
    assert got == status, answer
    if status == 422:
        assert answer["field"] == "note" and answer["error"]
    assert note_of(client, org) == {"note": "", "seq": 0, "earlier": []}


def test_a_too_long_note_on_the_page_is_422_next_to_the_field_and_kept_in_the_box(either_app):
    client = either_app.test_client()
    org, _hall = new_event(client)
    resp = client.post(f"/events/{org}/note", data={"note": "y" * 201, "after": "0"})
    page = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "200" in errors(page)["note"]
    assert 'value="' + "y" * 201 + '"' in page
    assert note_of(client, org)["seq"] == 0


def test_only_the_organisers_link_writes_the_note(either_app):
    client = either_app.test_client()
    org, hall = new_event(client)
    _s, started = call(client, "post", f"/api/events/{org}/parties", {"partie": 1, "version": 0})
    table = started["tables"][0]["scribe"]["key"]  # a table's Scribe's link, an event's id: nothing
    for token in (hall, table, "AAAAAAAAAAAAAAAAAAAAAA"):
        assert client.put(f"/api/events/{token}/note", json={"note": "pirate"}).status_code == 404
        assert client.post(f"/events/{token}/note", data={"note": "pirate"}).status_code == 404
    assert client.get(f"/api/events/{table}/note").status_code == 404
    assert note_of(client, org)["seq"] == 0
    assert "pirate" not in client.get(f"/events/{hall}/tv").get_data(as_text=True)
