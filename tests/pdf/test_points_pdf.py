"""Points games on paper: the filled sheet from the page's PointsSheet (P-1..P-3, P-S1) and
blank pads through ``pdf.PRINTS["points"]``, read back with pypdf; the web routes."""

from __future__ import annotations

import pytest
from pdf_helpers import fonts_embedded, load, scribe_key, sheet_pages, text

from scribe import pdf, service
from scribe.rules.errors import RuleError
from scribe.web.db import get_db

NAMES = ("Anna", "Bert", "Cleo")


def play_points(app, played=(), lang="en", name="Skyjo night", **options) -> str:
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "points", name, lang, players=list(NAMES), **options)
        for pts, closer in played:
            service.act(db, game_id, "round", {"points": pts, "closer": closer})
    return game_id


def sheet_pdf(app, game_id) -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet)


def test_p_s1_sheet_shows_counted_points_doubling_totals_and_the_winner(app):
    game_id = play_points(app, [([40, 4, 12], 0), ([-2, 30, 50], 1), ([70, 3, 1], 2)])
    words = text(sheet_pdf(app, game_id))
    assert "Skyjo night" in words and "1. Anna · 2. Bert · 3. Cleo" in words
    assert "Skyjo · ends at 100 points · lowest total wins" in words
    assert "80 ×2 ◆" in words and "60 ×2 ◆" in words  # Anna's 40 and Bert's 30, doubled (P-S1)
    assert "3 70 148 3 67 1 ◆ 63" in words and "Total 148 67 ★ 63" in words
    assert "Winner: Cleo (63)" in words
    assert "Standings: 1. Cleo 63 · 2. Bert 67 · 3. Anna 148" in words
    assert all(embedded for _name, embedded in fonts_embedded(sheet_pdf(app, game_id)))


def test_p_s3_custom_sheet_with_blank_rows_up_to_its_rounds(app):
    game_id = play_points(app, [([5, 9, 1], None)], name="Belote", preset="custom", rounds=3,
                          wins="highest", title="Belote")
    words = text(sheet_pdf(app, game_id))
    assert "Belote · 3 rounds · highest total wins" in words
    assert "\n3\n" in words and "\n4\n" not in words  # rows 2 and 3 blank, no more (P-2)


def test_blank_pad_rows_and_names(app):
    with app.app_context():
        data = pdf.pad_pdf(players=12, names=["Ana", "Ben"], game="points", rounds=20, lang="en")
    words = text(data)
    assert "12 players · 20 rounds" in words and "Ana" in words and "20" in words
    assert len(sheet_pages(data)) == 1


@pytest.mark.parametrize("kwargs, field", [
    ({"players": 1}, "players"), ({"players": 13}, "players"), ({"players": 4, "rounds": 31}, "rounds"),
    ({"players": 4, "rounds": "x"}, "rounds"), ({"players": 4, "unicolore": True}, "unicolore"),
])
def test_pad_refusals(kwargs, field):
    with pytest.raises(RuleError) as err:
        pdf.pad_options(game="points", **kwargs)
    assert err.value.field == field


def test_sheet_and_pad_from_the_game_page(app, client):
    game_id = play_points(app, [([10, 4, 12], 0)])
    key = scribe_key(app, game_id)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert f'href="/games/{key}/sheet.pdf"' in page and "game=points" in page
    resp = client.get(f"/games/{key}/sheet.pdf")
    assert resp.status_code == 200 and "Skyjo night" in text(resp.data)
    pad = client.get("/pads.pdf?game=points&players=3&names=Anna&names=Bert&names=Cleo")
    assert pad.status_code == 200 and "Cleo" in text(pad.data)
    bad = client.get("/pads.pdf?game=points&players=4&rounds=99")
    assert bad.status_code == 422 and "1 to 30 rows" in bad.get_data(as_text=True)


def test_sheet_in_french(app):
    game_id = play_points(app, [([10, 4, 12], 0)], lang="fr", name="Skyjo", preset="skyjo", double_always=True)
    words = text(sheet_pdf(app, game_id))
    assert "Skyjo · fin à 100 points · le plus petit total gagne · qui finit la manche doublé quel que soit le signe" in words
    assert "Joueurs, dans l’ordre de la table : 1. Anna" in words and "20 ×2 ◆" in words
