"""Six languages (issue 24): each phone reads the game in its own language, the printed
sheet in the game's, chosen when the game is made; card names as each language's edition
prints them (W-M2: Zauberer and Narr in German); dates written the reader's way."""

from __future__ import annotations

import re

import pytest

from scribe.config import LANGUAGES

DE, FR, EN = ({"Accept-Language": "de-DE,de;q=0.9"}, {"Accept-Language": "fr-FR,fr;q=0.9"},
              {"Accept-Language": "en-GB,en;q=0.8"})
NAMES = ["Paul", "Thomas", "Marie"]


def _game(api, **extra) -> str:
    status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard", **extra})
    assert status == 201, body
    return body["key"]


# ------------------------------------------------------------------ the game's language


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_makes_a_game_in_any_of_the_six(api, lang):
    key = _game(api, lang=lang)
    assert api("get", f"/api/games/{key}")[1]["lang"] == lang


@pytest.mark.parametrize("bad", ["pt", "xx", "DE", "de-DE", 7, ["de"], {"de": 1}, True])
def test_an_unknown_language_is_refused_next_to_the_field_and_nothing_is_made(api, bad):
    before = len(api("get", "/api/games")[1]["games"])
    status, body = api("post", "/api/games", {"players": NAMES, "lang": bad})
    assert status == 422 and body["field"] == "lang" and body["error"] == "Unknown language."
    assert len(api("get", "/api/games")[1]["games"]) == before


def test_without_lang_the_game_takes_the_readers_language(client):
    resp = client.post("/api/games", json={"players": NAMES}, headers={"Accept-Language": "nl-NL"})
    assert resp.status_code == 201 and resp.get_json()["lang"] == "nl"


@pytest.mark.parametrize("game", ["wizard", "skull_king", "tarot", "zibi", "points"])
def test_every_setup_form_offers_the_six_languages_the_readers_chosen(client, game):
    html = client.get(f"/games/new?game={game}", headers={"Accept-Language": "es"}).text
    field = html[html.index('<select name="lang"'):html.index("</select>", html.index('<select name="lang"'))]
    assert re.findall(r'<option value="(\w+)"', field) == list(LANGUAGES)
    for name in ("Deutsch", "Español", "Italiano", "Nederlands", "Français", "English"):
        assert f">{name}</option>" in field
    assert '<option value="es" lang="es" selected>' in field


def test_the_form_makes_a_game_in_the_language_chosen(client, api):
    form = {"game": "wizard", "players": NAMES, "dealer": "0", "preset": "standard", "lang": "de"}
    resp = client.post("/games", data=form, headers=FR)  # a French phone prints a German sheet
    assert resp.status_code == 303
    games = api("get", "/api/games")[1]["games"]
    assert [g["lang"] for g in games] == ["de"]


def test_the_form_refuses_an_unknown_language_next_to_the_field(client, api):
    form = {"game": "wizard", "players": NAMES, "dealer": "0", "preset": "standard", "lang": "klingon"}
    resp = client.post("/games", data=form, headers=EN)
    assert resp.status_code == 422
    assert '<p class="err" role="alert" data-field="lang">Unknown language.</p>' in resp.text
    assert '<select name="lang" aria-invalid="true">' in resp.text
    assert api("get", "/api/games")[1]["games"] == []  # nothing half-made


# ------------------------------------------------------------------ card names (W-M2)


def _wizard_turned(api, lang="de") -> str:
    key = _game(api, lang=lang)  # the English deck, whose names follow the reader
    assert api("post", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})[0] == 200
    return key


def test_a_german_wizard_game_says_zauberer_and_narr_to_a_german_reader(client, api):
    key = _wizard_turned(api)
    assert api("get", f"/api/games/{key}")[1]["sheet"]["edition"] == "english"
    de = client.get(f"/games/{key}", headers=DE).text
    assert '<html lang="de">' in de
    assert "Zauberer" in de and "Zauberer / Narr" in de  # the turned trump, the rules under the sheet
    assert "Jester" not in de and "Wizard / " not in de
    en = client.get(f"/games/{key}", headers=EN).text  # the same game on an English phone
    assert "Wizard / Jester" in en and "Zauberer" not in en and "Narr" not in en


@pytest.mark.parametrize("header, wizard, jester", [
    ({"Accept-Language": "es"}, "Mago", "Bufón"), ({"Accept-Language": "it"}, "Stregone", "Giullare"),
    ({"Accept-Language": "nl"}, "Tovenaar", "Nar"), (FR, "Wizard", "Jester"), (EN, "Wizard", "Jester"),
])
def test_the_english_deck_in_each_language(client, api, header, wizard, jester):
    key = _wizard_turned(api)
    assert f"{wizard} / {jester}" in client.get(f"/games/{key}", headers=header).text


def test_an_editions_own_names_stay_as_printed_for_every_reader(client, api):
    """A French table's Gigamic deck says Fou on every phone: it is what the card says."""
    key = _game(api, lang="fr", edition="gigamic")
    for headers in (DE, FR, EN):
        assert "Wizard / Fou" in client.get(f"/games/{key}", headers=headers).text


def test_the_setup_form_names_the_english_deck_in_the_readers_language(client):
    html = client.get("/games/new", headers=DE).text
    assert '<option value="english" selected>Zauberer / Narr</option>' in html
    assert '<option value="gigamic" >Wizard / Fou</option>' in html


def test_the_game_name_stays_wizard_where_the_card_is_zauberer(client):
    html = client.get("/games/new", headers=DE).text
    assert "Wizard" in html[html.index("<h1>"):html.index("</h1>")]  # the game, by its own name


def test_skull_king_cards_in_the_readers_language_the_king_by_his_own_name(client, api):
    status, body = api("post", "/api/games", {"game": "skull_king", "players": NAMES, "lang": "de",
                                              "rules": {"virtual_deck": True}})
    assert status == 201, body
    from flask_babel import force_locale

    from scribe.formatting import card
    from scribe.games.skull_king.setup import Setup
    with client.application.test_request_context():
        setup = Setup(players=tuple(NAMES))
        with force_locale("de"):
            assert [card(c, setup) for c in ("ES", "PI", "ME", "SK")] == ["Flucht", "Pirat", "Meerjungfrau", "Skull King"]
        with force_locale("fr"):
            assert [card(c, setup) for c in ("ES", "ME")] == ["Fuite", "Sirène"]


# ------------------------------------------------------------------ dates and numbers


def test_dates_in_the_readers_way(client, api):
    key = _game(api, lang="fr")
    api("post", f"/api/games/{key}/bids", {"bid": 0})
    de = client.get(f"/games/{key}/history", headers=DE).text
    en = client.get(f"/games/{key}/history", headers={"Accept-Language": "en-US"}).text
    assert re.search(r"#1 · \d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}", de)  # 24.11.26, 21:40
    assert re.search(r"#1 · \d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}\s[AP]M", en)


@pytest.mark.parametrize("lang, said", [
    ("de", ["Zauberer", "Narr", "Rot 7", "Blau 13", "Wolke (Rot)"]), ("es", ["Mago", "Bufón", "7 rojo", "13 azul", None]),
    ("it", ["Stregone", "Giullare", "7 rosso", "13 blu", None]), ("nl", ["Tovenaar", "Nar", "rood 7", "blauw 13", None]),
    ("fr", ["Wizard", "Jester", "7 rouge", "13 bleu", "Nuage (rouge)"]), ("en", ["Wizard", "Jester", "red 7", "blue 13", "Cloud (red)"]),
])
def test_the_virtual_decks_cards_in_each_language(app, lang, said):
    """The hand's chips: the English deck's specials and the suits in the reader's words (W-M2)."""
    from flask_babel import force_locale

    from scribe.formatting import card
    from scribe.games.wizard import Setup

    with app.test_request_context(), force_locale(lang):
        setup = Setup(players=tuple(NAMES), edition="english")
        got = [card(c, setup) for c in ("W", "J", "R7", "B13", "CLR")]
    assert [g for g, s in zip(got, said) if s] == [s for s in said if s]
    if lang != "en":  # a Jubilee Cloud named red: its name and its suit in the reader's words
        assert got[4].endswith(")") and "Cloud" not in got[4] and "red" not in got[4]
