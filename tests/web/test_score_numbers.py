"""Scores in the reader's locale (issue 24, "numbers and dates in the reader's locale"):
a total past a thousand reads ``1 240`` in French (a narrow no-break space), ``1,240`` in
English and ``1.240`` in German, on the game's page in the viewer's language and on its
printed sheet in the game's language (tests/pdf/test_score_numbers_pdf.py); a round's
signed points keep their ``+``; the JSON API still answers plain integers."""

from __future__ import annotations

import re

import pytest
from web_helpers import sheet_totals

NNBSP = "\u202f"
GROUPED = {"fr": f"1{NNBSP}240", "en": "1,240", "de": "1.240"}
NEGATIVE = {"fr": f"-1{NNBSP}005", "en": "-1,005", "de": "-1.005"}


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_a_total_past_a_thousand_reads_the_viewers_way_on_the_page(client, rummy, lang):
    key = rummy()
    client.set_cookie("lang", lang)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    totals = re.search(r'<tr class="totals">(.*?)</tr>', page, re.DOTALL)
    assert totals, page
    cells = re.findall(r'<td class="total" data-total="\d">([^<]*)</td>', totals.group(1))
    assert cells == [GROUPED[lang], NEGATIVE[lang], "7"], cells  # the footer's totals
    assert re.search(rf'<span class="total">{re.escape(GROUPED[lang])}</span>', page)  # the row's running total
    standings = re.search(r'<ol class="standings".*?</ol>', page, re.DOTALL).group(0)
    assert f"<b>{GROUPED[lang]}</b>" in standings and "+240" in standings  # total and the last round, signed
    assert GROUPED[lang] in _text(re.search(r'<table class="story-totals">.*?</table>', page, re.DOTALL).group(0))
    sheet = re.search(r'<table[^>]*id="sheet".*?</table>', page, re.DOTALL).group(0)
    other = {g for code, g in GROUPED.items() if code != lang}
    assert not any(g in _text(sheet) for g in other | {"1240"}), "a total written another way"
    assert sheet_totals(page)[2] == [1240, -1005, 7]  # the helper reads the locale's digits


def test_the_json_api_still_answers_plain_integers(client, api, rummy):
    key = rummy()
    client.set_cookie("lang", "fr")
    sheet = api("get", f"/api/games/{key}")[1]["sheet"]
    assert sheet["totals"] == [1240, -1005, 7]
    assert all(type(t) is int for t in sheet["totals"])


@pytest.mark.parametrize("lang", ["fr", "en", "de"])
def test_the_history_words_a_rounds_points_the_readers_way(client, rummy, lang):
    key = rummy()
    client.set_cookie("lang", lang)
    history = client.get(f"/games/{key}/history").get_data(as_text=True)
    thousand = GROUPED[lang].replace("240", "000")
    assert f"Ana {thousand}, Ben -{thousand}, Cy 3" in history, history
