"""The filled sheet as a PDF (W-S4): read back with pypdf, row by row and column by column."""

from __future__ import annotations

from datetime import datetime

import pytest
from babel.dates import format_date
from pdf_helpers import fonts_embedded, grid, load, play, reader, sheet_pages, text, to_png

from scribe import pdf, service
from scribe.web.db import get_db

NAMES3 = ("Anna", "Bert", "Cleo")
NAMES6 = ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fred")


def _sheet_pdf(app, game_id, paper="a4") -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet, paper)


def _cell(cells, r, p) -> list[str]:
    return " ".join(cells[r][p]).split()


def test_w_s4_bids_totals_dealer_and_misses_in_their_rows(app):
    game_id = play(app, NAMES3, rounds=5)
    _, sheet, _ = load(app, game_id)
    cells = grid(_sheet_pdf(app, game_id), NAMES3)
    for row in sheet.rows[:5]:
        for p in range(3):
            got = _cell(cells, row.number, p)
            missed = row.tricks[p] != row.bids[p]
            # a miss reads without colour: the circled total (not struck, which reads "void"),
            # the round's negative score beside it (W-S1) and ✗ with the tricks taken
            lost = [str(row.points[p])] if missed else []
            assert not missed or row.points[p] < 0
            want = (["D"] if row.dealer == p else []) + [str(row.totals[p])] + lost + [str(row.bids[p])]
            if missed:
                want.append(f"✗{row.tricks[p]}")
            assert got == want, (row.number, p)
    for row in sheet.rows[5:]:  # not played yet: only the dealer mark
        assert [_cell(cells, row.number, p) for p in range(3)] == [["D"] if row.dealer == p else [] for p in range(3)]


def test_w_r1_cards_dealt_per_round(app):
    data = _sheet_pdf(app, play(app, NAMES3, rounds=0))
    lines = text(data).splitlines()
    for r in range(1, 21):
        assert any(line.startswith(f"{r} {r}") for line in lines), r  # round number, then cards dealt


def test_header_title_date_players_and_rules_in_words(app):
    game_id = play(app, NAMES3, rounds=2, name="Friday at Paul's", preset="plus_minus_one")
    words = text(_sheet_pdf(app, game_id))
    assert "Friday at Paul's" in words and "Wizard" in words
    assert "1. Anna · 2. Bert · 3. Cleo" in words
    assert "±1 rule · 20 rounds" in words
    game, _, _ = load(app, game_id)
    assert game.created_at[:4] in words  # the date, in words


def test_trump_recorded_is_printed_and_the_last_round_has_none(app):
    game_id = play(app, NAMES3, rounds=0)
    with app.app_context():
        service.act(get_db(), game_id, "trump", {"card": "wizard", "suit": "red"})
    words = text(_sheet_pdf(app, game_id))
    assert "red (Wizard turned, dealer's pick)" in words.replace("\n", " ")
    assert "20 20 no trump" in words  # W-R4


def test_finished_game_totals_and_winner(app):
    game_id = play(app, NAMES3)
    _, sheet, _ = load(app, game_id)
    data = _sheet_pdf(app, game_id)
    words = text(data)
    totals = " ".join(("★ " if p in sheet.winners else "") + str(t) for p, t in enumerate(sheet.totals))
    assert f"Total {totals}" in words
    assert f"{NAMES3[sheet.winners[0]]} wins! ({max(sheet.totals)})" in words
    assert len(sheet_pages(data)) == 1
    to_png(data, "sheet-3-players-20-rounds-a4")


def test_w_s3_a_tie_gives_several_winners(app):
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "wizard", "Tie", "en", players=list(NAMES3), first_dealer=2,
                                 preset="standard", rounds=1)
        for p, bid in ((0, 0), (1, 0), (2, 0)):
            service.act(db, game_id, "bid", {"player": p, "bid": bid})
        service.act(db, game_id, "tricks", {"tricks": [0, 0, 1]})
    words = text(_sheet_pdf(app, game_id))
    assert "A tie: Anna, Bert win together! (20)" in words
    assert "Total ★ 20 ★ 20 -10" in words


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
@pytest.mark.parametrize("names", [NAMES3, NAMES6], ids=["3x20", "6x10"])
def test_largest_sheets_fit_one_page_on_both_papers(app, names, paper, size):
    data = _sheet_pdf(app, play(app, names), paper)
    pages = sheet_pages(data)
    assert len(pages) == 1
    box = pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    if paper == "letter":
        to_png(data, f"sheet-{len(names)}-players-letter")


def test_fonts_are_embedded_dejavu(app):
    fonts = fonts_embedded(_sheet_pdf(app, play(app, NAMES3, rounds=3)))
    assert fonts and all(embedded for _, embedded in fonts), fonts
    assert any("DejaVu" in name for name, _ in fonts)


def test_body_text_is_at_least_8_pt(app):
    data = _sheet_pdf(app, play(app, NAMES6))
    sizes = []
    reader(data).pages[0].extract_text(visitor_text=lambda t, cm, tm, f, size: t.strip() and sizes.append(size * tm[0]))
    assert sizes and min(sizes) >= 8


def test_french_game_prints_in_french(app):
    game_id = play(app, NAMES3, rounds=20, lang="fr")
    words = text(_sheet_pdf(app, game_id)).replace("\xa0", " ")  # French puts a no-break space before : and !
    assert "Joueurs, dans l’ordre de la table" in words
    assert "Cartes" in words and "Atout" in words and "sans atout" in words
    assert "Cleo gagne !" in words
    game, _, _ = load(app, game_id)
    assert format_date(datetime.fromisoformat(game.created_at), "long", locale="fr") in words


def test_no_round_played_is_a_valid_pdf_with_empty_rows(app):
    data = _sheet_pdf(app, play(app, NAMES3, rounds=0))
    assert len(sheet_pages(data)) == 1
    words = text(data)
    assert "No round played yet." in words and "Total" not in words.split("No round")[0].splitlines()[-1]


def test_html_and_30_character_names_are_text_truncated_and_keep_the_layout(app):
    names = ("<b>Ann</b>", "W" * 30, "Chloé Dupont-Mériadec de la T", "Dan", "Eve", "<script>x</script>")
    data = _sheet_pdf(app, play(app, names, rounds=10))
    assert len(sheet_pages(data)) == 1
    words = text(data)
    assert "<b>Ann</b>" in words  # printed as text, not markup
    header = words.splitlines()[-1]  # WeasyPrint writes the column heads last
    assert header.startswith("<b>Ann</b> WWWW")
    # Cut in the narrow column (the ellipsis shows on the page; pypdf reads its glyph oddly).
    assert "W" * 30 not in header and "Chloé Dupont-Mériadec de la T" not in header
    to_png(data, "sheet-6-players-long-names")


def test_unicolore_sheet_has_no_trump_column_and_4_to_15_cards(app):
    game_id = play(app, ("Anna", "Bert", "Cleo", "Dora"), rounds=2, unicolore=True)
    words = text(_sheet_pdf(app, game_id))
    assert "Trump" not in words
    assert "1 4" in words and "12 15" in words  # W-U2


def test_unknown_paper_is_refused(app):
    game_id = play(app, NAMES3, rounds=0)
    game, sheet, _ = load(app, game_id)
    with app.app_context(), pytest.raises(Exception, match="A4 or Letter"):
        pdf.sheet_pdf(game, sheet, "legal")
