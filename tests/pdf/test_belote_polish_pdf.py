"""The feuille de marque of a French table that names its teams "Nous" and "Eux", as
most do: each name printed once, never "Nous : Nous (Ana, Cy)" nor "Nous" over "Nous"."""

from __future__ import annotations

from pdf_helpers import load, text

from scribe import pdf, service
from scribe.web.db import get_db


def test_teams_named_nous_and_eux_are_printed_once(app):
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "belote", "Belote du dimanche", "fr", players=["Ana", "Ben", "Cy", "Dee"],
                                 first_dealer=0, names=["Nous", "Eux"])
        service.act(db, game_id, "result", {"takers": 0, "points": 95})  # B-S6: 95 and 67
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        data = pdf.sheet_pdf(game, sheet)
    words = " ".join(text(data).replace("\u202f", " ").replace("\xa0", " ").split())
    assert "Nous : Ana, Cy · Eux : Ben, Dee" in words, words[:300]
    assert "Nous : Nous" not in words and "Nous Nous" not in words and "Eux Eux" not in words
