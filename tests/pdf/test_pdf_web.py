"""The PDF routes: the game's sheet (page and API), the pads page and its PDF, bad input."""

from __future__ import annotations

import pytest
from pdf_helpers import play, reader, scribe_key, sheet_pages, text


def test_sheet_pdf_from_the_game_page(app, client):
    game_id = play(app, ("Anna", "Bert", "Cleo"), rounds=3)
    key = scribe_key(app, game_id)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert f'href="/games/{key}/sheet.pdf"' in page and "Print the sheet (PDF)" in page
    resp = client.get(f"/games/{key}/sheet.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert "attachment" in resp.headers["Content-Disposition"] and ".pdf" in resp.headers["Content-Disposition"]
    assert len(sheet_pages(resp.data)) == 1


def test_sheet_pdf_from_the_api_with_letter_paper(app, client):
    game_id = play(app, ("Anna", "Bert", "Cleo"), rounds=0)
    key = scribe_key(app, game_id)
    resp = client.get(f"/api/games/{key}/sheet.pdf?paper=letter")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert round(float(reader(resp.data).pages[0].mediabox.height)) == 792


def test_unknown_game_is_a_404_page_or_json(client):
    resp = client.get("/games/nope/sheet.pdf")
    assert resp.status_code == 404 and resp.mimetype == "text/html"
    assert "no such game" in resp.get_data(as_text=True)
    resp = client.get("/api/games/nope/sheet.pdf")
    assert resp.status_code == 404 and resp.is_json and "no such game" in resp.get_json()["error"]


def test_unknown_paper_for_a_sheet_is_422(app, client):
    game_id = play(app, ("Anna", "Bert", "Cleo"), rounds=0)
    key = scribe_key(app, game_id)
    resp = client.get(f"/api/games/{key}/sheet.pdf?paper=legal")
    assert resp.status_code == 422 and resp.get_json()["field"] == "paper"
    assert client.get(f"/games/{key}/sheet.pdf?paper=legal").status_code == 422


def test_blank_pad_with_the_games_names(app, client):
    game_id = play(app, ("Anna", "Bert", "Cleo", "Dora"), rounds=0, unicolore=True)
    key = scribe_key(app, game_id)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert "Blank pad with these names" in page
    href = page.split("Blank pad with these names")[0].rsplit('href="', 1)[1].split('"')[0].replace("&amp;", "&")
    assert href.startswith("/pads.pdf?")
    resp = client.get(href)
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    words = text(resp.data)
    assert words.splitlines()[-1].split() == ["Anna", "Bert", "Cleo", "Dora"]
    assert "Unicolore" in words


def test_pads_page_and_pdf(client):
    resp = client.get("/pads")
    assert resp.status_code == 200 and 'action="/pads.pdf"' in resp.get_data(as_text=True)
    resp = client.get("/pads.pdf?players=5&paper=letter&names=A&names=B&names=&names=&names=&names=")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert round(float(reader(resp.data).pages[0].mediabox.width)) == 612


def test_pads_in_the_readers_language(client):
    client.set_cookie("lang", "fr")
    resp = client.get("/pads.pdf?players=3")
    assert "3 joueurs · 20 manches" in text(resp.data)


@pytest.mark.parametrize("query, field, message", [
    ("players=2", "players", "3 to 6 players"),
    ("players=7", "players", "3 to 6 players"),
    ("players=5&unicolore=on", "unicolore", "Unicolore is for 3 or 4 players"),
    ("players=4&paper=legal", "paper", "A4 or Letter"),
    ("players=3&names=A&names=B&names=C&names=D", "names", "More names than players"),
])
def test_refused_pad_options_are_shown_next_to_the_field(client, query, field, message):
    resp = client.get(f"/pads.pdf?{query}")
    assert resp.status_code == 422 and resp.mimetype == "text/html"
    body = resp.get_data(as_text=True)
    assert f'data-field="{field}">' in body and message in body


@pytest.mark.parametrize("game, title, option, absent", [
    ("wizard", "Print a blank Wizard score pad", 'name="unicolore"', 'name="rounds"'),
    ("zibi", "Print a blank Witty Zibi score pad", 'name="rounds"', 'name="unicolore"'),
    ("points", "Print a blank points score pad", 'name="rounds"', 'name="unicolore"'),
])
def test_the_pads_page_shows_each_game_its_own_title_and_option(client, game, title, option, absent):
    """The page reads how each game prints (PRINTS): no game gets another's options."""
    page = client.get(f"/pads?game={game}").get_data(as_text=True)  # HTML (text() here reads PDFs)
    assert f"<h1>{title}</h1>" in page and option in page and absent not in page
    for other in ("Wizard", "Witty Zibi", "Points game"):
        assert f">{other}</" in page  # every game offered in the page's choice
