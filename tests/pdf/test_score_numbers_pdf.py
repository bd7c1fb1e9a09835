"""A total past a thousand on the printed sheet (issue 24), in the game's language whoever
prints it: ``1 240`` in French, ``1,240`` in English, ``1.240`` in German, read back from
the PDF; the page's side is tests/web/test_score_numbers.py."""

from __future__ import annotations

import pytest
from pdf_helpers import reader

NNBSP = "\u202f"
GROUPED = {"fr": "1 240", "en": "1,240", "de": "1.240"}
NEGATIVE = {"fr": "-1 005", "en": "-1,005", "de": "-1.005"}


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_total_past_a_thousand_prints_the_games_way_on_its_sheet(client, rummy, lang):
    key = rummy(lang)
    client.set_cookie("lang", "en" if lang != "en" else "fr")  # the reader's language does not print
    resp = client.get(f"/games/{key}/sheet.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text = "\n".join(p.extract_text() for p in reader(resp.data).pages)
    flat = text.replace(NNBSP, " ").replace("\xa0", " ")  # pypdf may give either space back
    want, neg = GROUPED[lang], NEGATIVE[lang]
    assert want in flat and neg in flat, text
    assert "1240" not in flat and "1005" not in flat, text
    other = {g for code, g in GROUPED.items() if code != lang}
    assert not any(g in flat for g in other), text
