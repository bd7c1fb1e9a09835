"""The printed sheet in the game's language (issue 24), whoever prints it: a German Wizard
game's sheet says Zauberer and Narr (W-M2) and its date the German way, though a French
phone asks for it."""

from __future__ import annotations

import re

import pytest
from pdf_helpers import reader

NAMES = ["Paul", "Thomas", "Marie"]
FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


def _all_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(data).pages)


def _german_game(api) -> str:
    status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                              "lang": "de", "rules": {"rounds": 2}})
    assert status == 201, body
    key = body["key"]
    for card, suit in (("wizard", "red"), ("jester", None)):  # round 1: a Wizard turned, round 2: a Jester
        assert api("post", f"/api/games/{key}/trump", {"card": card, "suit": suit} if suit else {"card": card})[0] == 200
        for _ in NAMES:
            assert api("post", f"/api/games/{key}/bids", {"bid": 0})[0] == 200
        sheet = api("get", f"/api/games/{key}")[1]["sheet"]
        cards = sheet["rounds"][sheet["current_round"] - 1]["cards"]
        assert api("post", f"/api/games/{key}/tricks", {"tricks": [cards, 0, 0]})[0] == 200
    return key


def test_a_german_wizard_sheet_says_zauberer_and_narr_whoever_prints_it(client, api):
    key = _german_game(api)
    for path in (f"/games/{key}/sheet.pdf", f"/api/games/{key}/sheet.pdf"):
        resp = client.get(path, headers=FR)  # a French phone prints the game's German sheet
        assert resp.status_code == 200 and resp.mimetype == "application/pdf"
        text = _all_text(resp.data)
        assert "Zauberer" in text and "Narr" in text, text
        assert "Wizard" in text  # the game's own name stays
        assert "Jester" not in text and "Fou" not in text
        assert re.search(r"\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|"
                         r"Dezember) \d{4}", text), text  # the date, written the German way


@pytest.mark.parametrize("lang, words", [("de", ("Zauberer", "Narr")), ("es", ("Mago", "Bufón")),
                                         ("it", ("Stregone", "Giullare")), ("nl", ("Tovenaar", "Nar"))])
def test_a_games_sheet_names_the_english_deck_in_its_language(client, api, lang, words):
    status, body = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, "lang": lang})
    assert status == 201, body
    text = _all_text(client.get(f"/games/{body['key']}/sheet.pdf").data)
    assert f"{words[0]} / {words[1]}" in text, text


@pytest.mark.parametrize("lang, said", [("de", "Narr aufgedeckt: kein Trumpf. Zauberer aufgedeckt"),
                                        ("es", "Sale un Bufón: sin triunfo"), ("it", "Esce un Giullare"),
                                        ("nl", "Nar omgedraaid: geen troef")])
def test_a_blank_wizard_pad_in_each_new_language(client, lang, said):
    """The pad takes the reader's language: the switch's cookie, on the web."""
    client.set_cookie("lang", lang)
    resp = client.get("/pads.pdf?players=4")
    assert resp.status_code == 200
    text = " ".join(_all_text(resp.data).split())
    assert said in text, text
    assert "Jester" not in text


def test_scribe_pad_prints_in_german(tmp_path, monkeypatch):
    from scribe.cli import main

    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "instance"))
    out = tmp_path / "pad.pdf"
    assert main(["pad", "--players", "3", "--lang", "de", "-o", str(out)]) == 0
    text = " ".join(_all_text(out.read_bytes()).split())
    assert "Zauberer" in text and "Narr" in text and "3 Spieler" in text, text
