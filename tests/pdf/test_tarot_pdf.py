"""French Tarot on paper: the filled sheet from the page's TarotSheet (T-C1..T-S6) and the
blank pad through ``pdf.PRINTS["tarot"]`` (``scribe pad --game tarot``, /pads), read back
with pypdf."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from pdf_helpers import fonts_embedded, load, reader, scribe_key, sheet_pages, text, to_png, words as runs

from scribe import pdf, service
from scribe.rules.errors import RuleError
from scribe.web.db import get_db

FIVE = ("Anna", "Bert", "Cleo", "Dora", "Emil")


def play_tarot(app, names=FIVE, deals=(), lang="en", name="Tarot du vendredi", **options) -> str:
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "tarot", name, lang, players=list(names), first_dealer=0, **options)
        for d in deals:
            service.act(db, game_id, "redeal" if d is None else "deal", d or {})
    return game_id


def row(data: bytes, number: int) -> set[str]:
    """The words printed on deal ``number``'s line: the names, clipped to their cells, are
    drawn apart from the rest and read back last in the page's text."""
    found = runs(data)
    y = next(y for t, x, y in found if t == str(number) and x < 40)
    return {w for t, _x, ty in found if abs(ty - y) < 6 for w in t.split()}


def sheet_pdf(app, game_id) -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet)


GARDE = {"taker": 1, "contract": "garde", "partner": 3, "bouts": 2, "attack_points": 49.5, "petit": "attack",
         "poignees": [{"player": 1, "size": "simple"}]}
DOWN = {"taker": 0, "contract": "garde_sans", "partner": "alone", "bouts": 1, "attack_points": 40}


def test_the_filled_sheet_reads_back(app):
    game_id = play_tarot(app, deals=(GARDE, None, DOWN))
    data = sheet_pdf(app, game_id)
    words = text(data)
    assert "Tarot du vendredi" in words and "1. Anna · 2. Bert · 3. Cleo · 4. Dora · 5. Emil" in words
    assert "French Tarot · 5 players: the taker calls a King · until the table stops" in words
    assert "Anna dealt first; the deal passes to the right." in words
    # deal 1: Garde made by 9 (49.5 with 2 bouts), Petit au bout and a simple poignée: A = 68 + 20 + 20 = 108
    assert "1 G 2 49.5 +9 PB+ S -108 -108 +216 216 -108 -108 +108 108 -108 -108" in words
    assert {"Bert", "Dora"} <= row(data, 1)
    assert "2 everyone passed: redeal 0 -108 0 216 0 -108 0 108 0 -108" in words
    # deal 3: Garde sans alone, down by 11 (40 with 1 bout): A = -(25 + 11) x 4 = -144, the taker -576
    assert "3 GS 1 40 −11 -576 -684 +144 360 +144 36 +144 252 +144 36" in words and {"Anna", "alone"} <= row(data, 3)
    assert "Standings: 1. Bert 360 · 2. Dora 252 · 3. Cleo 36 · 3. Emil 36 · 5. Anna -684" in words
    assert "Each row sums to zero" in words
    assert all(embedded for _name, embedded in fonts_embedded(data))
    assert len(reader(data).pages) == 2  # the sheet, then the story on a page of its own
    to_png(data, "tarot-sheet")


def test_the_sheet_in_french_writes_half_points_the_french_way(app):
    game_id = play_tarot(app, deals=(GARDE,), lang="fr", name="Soirée")
    words = text(sheet_pdf(app, game_id))
    assert "Tarot · 5 joueurs : le preneur appelle un Roi" in words and "49,5" in words
    assert "Contrats : P Prise ×1, G Garde ×2, GS Garde sans ×4, GC Garde contre ×6." in words


def test_six_players_the_mort_sits_out_on_paper(app):
    game_id = play_tarot(app, names=FIVE + ("Fred",), deals=({**GARDE, "poignees": []},))
    words = text(sheet_pdf(app, game_id))
    assert "6 at a table of five: the dealer sits out each deal" in words
    assert "– 0" in words  # Anna dealt deal 1 and sat out: no points, her total still 0


def test_blank_pad_for_six_on_one_page(app):
    with app.app_context():
        data = pdf.pad_pdf(players=6, names=["Ana", "Ben"], game="tarot", rounds=24, lang="en")
    words = text(data)
    assert "French Tarot" in words and "6 players · 24 deals · the dealer sits out each deal" in words
    assert "Taker" in words and "Partner" in words and "Bouts" in words and "Ana" in words and "24" in words
    assert len(reader(data).pages) == 1 and len(sheet_pages(data)) == 1
    with app.app_context():
        four = text(pdf.pad_pdf(players=4, game="tarot", lang="fr")).replace("\xa0", " ")
    assert "Preneur" in four and "Appelé" not in four and "20 donnes" in four


@pytest.mark.parametrize("kwargs, field", [
    ({"players": 2}, "players"), ({"players": 7}, "players"), ({"players": 4, "rounds": 31}, "rounds"),
    ({"players": 4, "rounds": "x"}, "rounds"), ({"players": 4, "unicolore": True}, "unicolore"),
])
def test_pad_refusals(kwargs, field):
    with pytest.raises(RuleError) as err:
        pdf.pad_options(game="tarot", **kwargs)
    assert err.value.field == field


def test_sheet_and_pad_from_the_game_page_and_the_pads_page(app, client):
    game_id = play_tarot(app, deals=(GARDE,))
    key = scribe_key(app, game_id)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert f'href="/games/{key}/sheet.pdf"' in page and "game=tarot" in page
    resp = client.get(f"/games/{key}/sheet.pdf")
    assert resp.status_code == 200 and "Tarot du vendredi" in text(resp.data)
    pads = client.get("/pads?game=tarot").get_data(as_text=True)
    assert "Print a blank Tarot score pad" in pads
    pad = client.get("/pads.pdf?game=tarot&players=5&names=Anna&names=Bert")
    assert pad.status_code == 200 and "Bert" in text(pad.data)
    bad = client.get("/pads.pdf?game=tarot&players=4&rounds=99")
    assert bad.status_code == 422 and "1 to 30 rows" in bad.get_data(as_text=True)


def test_scribe_pad_game_tarot(tmp_path):
    from scribe.cli import scribe

    out = tmp_path / "tarot-pad.pdf"
    result = CliRunner().invoke(scribe, ["pad", "--game", "tarot", "--players", "5", "--names", "Ana,Ben",
                                       "--lang", "en", "-o", str(out)])
    assert result.exit_code == 0, result.output
    words = text(out.read_bytes())
    assert "5 players · 20 deals" in words and "Ana" in words
    refused = CliRunner().invoke(scribe, ["pad", "--game", "tarot", "--players", "8", "-o", str(out)])
    assert refused.exit_code == 2 and "3 to 6 players" in refused.output
