"""A machine where WeasyPrint cannot load (no Pango: Windows or macOS with only Python
installed): the game goes on, and asking for a PDF says why there is none and what to
install, in the reader's language, with a 503 rather than a bare 500; the commands say
the same and exit 3 (something this machine lacks, scribe/climain.py)."""

from __future__ import annotations

import sys

import pytest
from pdf_helpers import play

from scribe import create_app
from scribe.cli import main

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}


@pytest.fixture
def no_weasyprint(monkeypatch):
    """``import weasyprint`` fails, as it does where its native libraries are missing."""
    monkeypatch.setitem(sys.modules, "weasyprint", None)


def _game(api) -> str:
    status, body = api("post", "/api/games", {"players": ["Anna", "Bert", "Cleo"], "first_dealer": 0,
                                              "preset": "standard"})
    assert status == 201, body
    return body["key"]


def test_a_sheet_asked_for_says_pango_is_missing_and_the_game_goes_on(client, api, no_weasyprint):
    key = _game(api)
    page = client.get(f"/games/{key}/sheet.pdf")
    assert page.status_code == 503 and page.mimetype == "text/html"
    assert "Pango" in page.get_data(as_text=True) and "The scores are safe" in page.get_data(as_text=True)
    status, body = api("get", f"/api/games/{key}/sheet.pdf")
    assert status == 503 and "Pango" in body["error"]
    french = client.get(f"/games/{key}/sheet.pdf", headers=FR)
    assert french.status_code == 503 and "Les scores sont en sécurité" in french.get_data(as_text=True)
    assert api("post", f"/api/games/{key}/bids", {"bid": 0})[0] == 200  # the evening goes on
    assert client.get(f"/games/{key}").status_code == 200


def test_a_blank_pad_asked_for_says_the_same(client, no_weasyprint):
    resp = client.get("/pads.pdf?game=wizard&players=4")
    assert resp.status_code == 503 and "Pango" in resp.get_data(as_text=True)


def test_the_commands_say_it_and_exit_3(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "instance"))
    game_id = play(create_app({"TESTING": True}), ("Anna", "Bert", "Cleo"), rounds=1)
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    assert main(["pdf", game_id, "-o", str(tmp_path / "sheet.pdf")]) == 3
    assert "Pango" in capsys.readouterr().err and not (tmp_path / "sheet.pdf").exists()
    assert main(["pad", "--lang", "fr", "--players", "4", "-o", str(tmp_path / "pad.pdf")]) == 3
    assert "Pango" in capsys.readouterr().err and not (tmp_path / "pad.pdf").exists()
