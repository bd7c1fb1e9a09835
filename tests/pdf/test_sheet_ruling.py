"""The printed Wizard grid is ruled by one picture drawn behind the table (scribe/ruling.py):
its lines are only where the rows and columns are if every row keeps the height the
picture gives it. Each printed sheet and pad is laid out by WeasyPrint here and its
table's rows and columns compared with the picture's, in the tallest and widest cases:
20 rounds with every second cell a missed bid on two lines, six players, Unicolore, long
names, trumps named in words, French, A4 and Letter."""

from __future__ import annotations

import re

import pytest
from pdf_helpers import load, play
from weasyprint import HTML

from scribe import pdf, service
from scribe.ruling import BOX, HEAD, ruling
from scribe.web.db import get_db


def _layout(app, html: str):
    """WeasyPrint's boxes of the page: the ruled table and its rows, in pt."""
    doc = HTML(string=html, base_url=app.root_path).render()
    assert len(doc.pages) >= 1
    found = []

    def walk(box):
        if type(box).__name__ == "TableBox" and "ruled" in (box.element.get("class") or ""):
            found.append(box)
        for child in getattr(box, "children", ()):
            walk(child)

    walk(doc.pages[0]._page_box)
    assert len(found) == 1, "one ruled table on the first page"
    return found[0], len(doc.pages)


def _html_of(render) -> str:
    kept = {}
    real = pdf._write
    pdf._write = lambda html: kept.setdefault("html", html) and b""
    try:
        render()
    finally:
        pdf._write = real
    return kept["html"]


def _check(app, html: str, players: int, trump: bool, rows: int, paper: str, footer: bool) -> None:
    table, _pages = _layout(app, html)
    row_h = float(re.search(r"\.grid tbody tr \{ height: ([\d.]+)pt", html).group(1))
    want = ruling(players, trump, rows, row_h, paper, footer)
    px = 0.75  # WeasyPrint lays out in CSS px
    grid_rows = [row for group in table.children for row in group.children]
    assert len(grid_rows) == 1 + rows + int(footer)
    tops = [round((row.position_y - grid_rows[0].position_y) * px, 2) for row in grid_rows]
    assert tops == [0.0, HEAD] + [round(HEAD + r * row_h, 2) for r in range(1, rows)] + \
        ([round(HEAD + rows * row_h, 2)] if footer else [])
    height = sum(row.height for row in grid_rows) * px
    assert height == pytest.approx(want.height, abs=0.01)  # no row grew past the picture
    widths = [w * px for w in table.column_widths]
    assert widths == pytest.approx(list(want.columns), abs=0.01)
    assert table.width * px == pytest.approx(want.width, abs=0.01)
    assert BOX[1] <= row_h  # the bid box fits its row


LONG = ("Anne-Charlotte", "Bartholomew", "Cléopâtre-Marie", "Dorothea", "Emilienne", "Frederika")


@pytest.mark.parametrize("players,options,paper,lang", [
    (3, {}, "a4", "en"),  # 20 rounds, the tallest sheet
    (3, {}, "letter", "fr"),
    (6, {}, "a4", "fr"),  # the widest, with the narrow trump column
    (4, {"unicolore": True}, "letter", "en"),  # no trump column
    (5, {"preset": "canadian"}, "a4", "en"),
])
def test_every_printed_row_and_column_is_where_the_ruling_draws_it(app, players, options, paper, lang):
    game_id = play(app, LONG[:players], lang=lang, **options)
    with app.app_context():
        db = get_db()
        game, sheet, _ = load(app, game_id)
        if not sheet.setup.rules.unicolore:  # a game with its trumps written in: a named Wizard is the longest
            game_id = play(app, LONG[:players], rounds=0, lang=lang, **options)
            for row in load(app, game_id)[1].rows:
                if row.has_trump:
                    service.act(db, game_id, "trump", {"round": row.number, "card": "wizard", "suit": "yellow"})
                for p in row.order:
                    service.act(db, game_id, "bid", {"player": p, "bid": 1 if p == row.order[0] else 0})
                tricks = [0] * players
                tricks[row.order[-1]] = row.cards
                service.act(db, game_id, "tricks", {"tricks": tricks})
            game, sheet, _ = load(app, game_id)
        assert sheet.finished
        html = _html_of(lambda: pdf.sheet_pdf(game, sheet, paper, story=False))
    _check(app, html, players, not sheet.setup.rules.unicolore, len(sheet.rows), paper, footer=True)


@pytest.mark.parametrize("players,unicolore,paper", [(3, False, "a4"), (6, False, "letter"), (4, True, "a4")])
def test_a_blank_pads_rows_and_columns_are_where_the_ruling_draws_them(app, players, unicolore, paper):
    with app.test_request_context():
        html = _html_of(lambda: pdf.pad_pdf(players=players, unicolore=unicolore, paper=paper, lang="fr"))
        opts = pdf.pad_options(players, paper=paper, unicolore=unicolore)  # a pad option by its name
        rows = pdf.PRINTS["wizard"].pad_context(opts)["rows"]
    _check(app, html, players, not unicolore, rows, paper, footer=False)


def test_the_ruling_has_every_line_and_box_once():
    """Pure geometry: the columns fill the page's width; a vertical line at each edge, after
    each fixed column and each player's pair (none between a total and its bid box); a
    horizontal line under the header and every row; one bid box per player and row; a
    frame per winner."""
    r = ruling(4, True, 15, 34, "a4", footer=True, winners=(1, 3))
    assert sum(r.columns) == pytest.approx(r.width) == pytest.approx(595.276 - 56.693, abs=0.02)
    from urllib.parse import unquote
    svg = unquote(r.image.split(",", 1)[1])
    d = re.search(r"d='([^']*)'", svg).group(1)
    verticals = re.findall(r"M[\d.]+ 0V", d)
    horizontals = re.findall(r"M0 [\d.]+h", d)
    boxes = re.findall(r"M[\d.]+ [\d.]+v[\d.]+h", d)
    assert len(verticals) == 2 + 3 + 3  # the edges; after #, cards, trump; between the four players
    assert len(horizontals) == 2 + 15 + 1  # top, under the header, under each row, the bottom
    assert len(boxes) == 4 * 15
    assert svg.count("<rect") == 2
