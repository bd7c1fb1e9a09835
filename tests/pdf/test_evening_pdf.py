"""Issue 10, the printed sheet: blank pads fill the page (rows share its height), and the
file name keeps the game's accents (RFC 6266 filename* in UTF-8, an ASCII fallback)."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from pdf_helpers import play, reader, scribe_key, words

from scribe import pdf


@pytest.mark.parametrize("game, players, extra", [
    ("wizard", 3, {}), ("wizard", 6, {}), ("wizard", 4, {"unicolore": True}),
    ("zibi", 9, {}), ("zibi", 9, {"rounds": 30}), ("points", 12, {}), ("points", 2, {"rounds": 30}),
])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_blank_pad_fills_its_one_page(app, game, players, extra, paper):
    """The last line printed (the legend under the grid) sits in the page's last eighth,
    where it sat halfway down a 6-player Wizard pad before; still one page."""
    with app.app_context():
        data = pdf.pad_pdf(players=players, paper=paper, game=game, lang="fr", **extra)
    page = reader(data).pages
    assert len(page) == 1
    height = float(page[0].mediabox.height)
    lowest = max(y for _, _, y in words(data))
    assert lowest > 0.875 * height, (lowest, height)


def test_the_sheets_file_name_keeps_its_accents(app, client):
    game_id = play(app, ("Zoé", "Loïc", "Ana"), rounds=1, name="Soirée chez Zoé")
    resp = client.get(f"/games/{scribe_key(app, game_id)}/sheet.pdf")
    assert resp.status_code == 200
    header = resp.headers["Content-Disposition"]
    assert f"filename*=UTF-8''{quote('scribe-soirée-chez-zoé.pdf')}" in header
    assert "filename=scribe-soiree-chez-zoe.pdf" in header  # for clients without RFC 5987
