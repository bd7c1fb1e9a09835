"""Belote and Coinche on paper, the federation's feuille de marque: the filled sheet from
the page's BeloteSheet (two team columns, Us / Them, a row per deal with its contract,
coinche, points, made / dedans / chute / litige / capot and the held points, B-F1, C-F1,
B-S4) with every setting chosen at creation in words, and the blank pad through
``pdf.PRINTS["belote"]``, read back with pypdf. The figures are worked out here from the
digest's rules (C-S1..C-S3, C-S7), never by Scribe's code."""

from __future__ import annotations

import re

import pytest
from pdf_helpers import fonts_embedded, load, reader, sheet_pages, text, to_png, words as runs

from scribe import pdf, service
from scribe.rules.errors import RuleError
from scribe.web.db import get_db

FOUR = ("Ana", "Ben", "Cy", "Dee")


def play(app, played=(), lang="en", name="Coinche du jeudi", **options) -> str:
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "belote", name, lang, players=list(FOUR), first_dealer=0, **options)
        for d in played:
            service.act(db, game_id, "result", d)
    return game_id


def sheet_pdf(app, game_id) -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet)


def row(data: bytes, number: int) -> str:
    """The words printed on deal ``number``'s line, left to right (names clipped to their
    cells are drawn apart and read back last in the page's text)."""
    found = runs(data)
    y = next(y for t, x, y in found if t.split()[0] in (str(number), f"{number}*") and x < 40)
    return " ".join(t for t, x, ty in sorted(found, key=lambda r: r[1]) if abs(ty - y) < 6)


# C-S8's figures, FFB coinche (rounding 5 up), team 0 = Ana & Cy (Us), team 1 = Ben & Dee (Them)
COINCHE_GAME = (
    # C-S6: 80 bid, 81 each side: a litige; the defence scores 81 -> 80, the takers' 81 held
    {"takers": 0, "contract": 80, "points": 81},
    {"takers": "passed"},
    # C-S2: 100 coinched and made by Them: (160 + 100) x 2 = 520, and the 81 held -> 80 (B-S4, B-S5)
    {"takers": 1, "contract": 100, "level": "coinche", "points": 110},
    # C-S1: a capot bid made, with the belote: 252 + 20 + 250 = 522 -> 520
    {"takers": 0, "contract": "capot", "capot": 0, "belote": 0},
    # C-S3: 90 bid, 70 made: chute, (160 + 90) = 250 to Them
    {"takers": 0, "contract": 90, "points": 70},
)


def test_a_finished_coinche_game_with_a_litige_a_coinche_and_a_capot_reads_back(app):
    game_id = play(app, COINCHE_GAME, variant="coinche", target=700)
    data = sheet_pdf(app, game_id)
    words = text(data)
    assert "Coinche du jeudi" in words
    assert "Us: Ana & Cy (Ana, Cy) · Them: Ben & Dee (Ben, Dee)" in words
    assert "Ana dealt first; the deal passes to the right." in words
    # the deal's own columns, then Us (+, Σ), Them (+, Σ), the points held
    assert re.search(r"1 Ana Us 80 81 litige 0 0 80 80 81", row(data, 1)), row(data, 1)
    assert "2 Dee everyone passed: redeal 0 0 0 80 81" in row(data, 2)
    assert re.search(r"3 Cy Them 100 ×2 110 made 0 0 (600 \+80 held|\+80 held 600) 680", row(data, 3)), row(data, 3)
    assert re.search(r"4 Ben Us capot capot made (capot )?(520 belote|belote 520)( capot)? 520 0 680", row(data, 4)), row(data, 4)
    assert re.search(r"5 Ana Us 90 70 chute 0 520 250 930", row(data, 5)), row(data, 5)
    # Them past 700 first: 930 against 520 (C-E1 as B-E1)
    assert "Winner: Ben & Dee (930)" in words and "★ 930" in words
    assert all(embedded for _name, embedded in fonts_embedded(data))
    assert len(reader(data).pages) == 2  # the sheet, then the story on a page of its own
    to_png(data, "belote-coinche-sheet")


def test_every_setting_chosen_is_printed_in_words_never_a_rule_id(app):
    game_id = play(app, variant="coinche", preset="pagat", deals=12)
    words = " ".join(text(sheet_pdf(app, game_id)).split())
    assert "Coinche · Ana & Cy – Ben & Dee · 12 deals" in words
    for said in ("A capot is worth: 250 card points", "Equal best annonces: the first declared scores",
                 "A capot may be coinched: no", "Générale (one player takes every trick): worth 1000",
                 "Sans atout and tout atout are played: yes", "Card points at tout atout: Pagat: Queen 1, Jack 14",
                 "The takers must also outscore the defence: no", "The coinche multiplies: the contract only",
                 "Rounding: to the nearest ten, 5 up", "Surcoinche multiplies by: 4"):
        assert said in words, said
    assert "Second round of taking" not in words  # Belote's, not Coinche's
    assert not re.search(r"\b[BC]-[A-Z]{1,2}\d+\b", words)
    # a concours of 12 deals not started: 12 rows to fill in by hand, no result yet
    assert "No deal played yet." in words and re.search(r"\b12\b", words)


def test_a_belote_game_in_french_is_nous_and_eux_with_dedans(app):
    deals = ({"takers": 0, "points": 95},  # B-S6: 95 and 67
             {"takers": 1, "points": 70, "belote": 1})  # B-S6: dedans against 92: 20 and 162
    game_id = play(app, deals, lang="fr", name="Belote du dimanche")
    data = sheet_pdf(app, game_id)
    words = text(data).replace("\u202f", " ").replace("\xa0", " ")
    assert "Nous : Ana & Cy (Ana, Cy)" in words and "Eux : Ben & Dee (Ben, Dee)" in words
    assert "Un capot vaut : " in words  # each setting as "label : value", the French way (the words: words.py's)
    assert re.search(r"1 Ana Nous 95 \S+ 95 95 67 67", row(data, 1).replace("\u202f", " ")), row(data, 1)
    assert re.search(r"2 Dee Eux 70 dedans 162 257 (20 belote|belote 20) 87", row(data, 2).replace("\u202f", " ")), row(data, 2)
    assert "Contrat" not in words  # no contract column at Belote
    assert "Partie en cours" in words


def test_blank_pad_rows_teams_and_coinche_columns(app):
    with app.app_context():
        data = pdf.pad_pdf(players=4, names=list(FOUR), game="belote", rounds=24, coinche=True, lang="en")
    words = text(data)
    assert "Coinche" in words and "24 deals" in words and "Game to:" in words
    assert "Us" in words and "Them" in words and "Ana & Cy" in words and "Ben & Dee" in words
    flat = " ".join(words.split())
    assert "Takers Contract Coinche Takers’ points Result" in flat and "Held (litige)" in flat
    numbers = [t for t, x, _y in runs(data) if x < 40 and t.isdigit()]
    assert numbers[-1] == "24" and len(sheet_pages(data)) == len(reader(data).pages) == 1
    with app.app_context():
        french = text(pdf.pad_pdf(players=4, game="belote", lang="fr")).replace("\xa0", " ")
    assert "Belote" in french and "20 donnes" in french and "Nous" in french and "Eux" in french
    assert "Contrat" not in french


@pytest.mark.parametrize("kwargs, field", [
    ({"players": 3}, "players"), ({"players": 5}, "players"), ({"players": 4, "rounds": 31}, "rounds"),
    ({"players": 4, "rounds": 0}, "rounds"), ({"players": 4, "rounds": "x"}, "rounds"),
    ({"players": 4, "unicolore": True}, "unicolore"), ({"players": 4, "names": ["Ana", "ana"]}, "names"),
])
def test_bad_pad_options_are_refused_by_field(kwargs, field):
    with pytest.raises(RuleError) as err:
        pdf.pad_options(game="belote", **kwargs)
    assert err.value.field == field


def test_another_games_pad_refuses_the_coinche_columns():
    with pytest.raises(RuleError) as err:
        pdf.pad_options(game="tarot", players=4, coinche=True)
    assert err.value.field == "coinche"


def test_the_pad_through_the_web_refuses_bad_rows_next_to_the_field(client):
    resp = client.get("/pads.pdf?game=belote&players=4&rounds=40")
    assert resp.status_code == 422
    resp = client.get("/pads.pdf?game=belote&players=4&rounds=12&coinche=on")
    assert resp.status_code == 200 and resp.data[:5] == b"%PDF-"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_concours_of_thirty_deals_in_french_fits_one_sheet_of_paper(app, paper):
    """Contrée's eight lines of settings in French, thirty rows to fill in and the legend:
    one page, then the story's."""
    game_id = play(app, ({"takers": 0, "contract": 80, "points": 100},), lang="fr", variant="coinche",
                   preset="ffb_contree", deals=30)
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        data = pdf.sheet_pdf(game, sheet, paper=paper)
    pages = sheet_pages(data)
    assert len(pages) == 1 and "30" in pages[0].extract_text() and "Partie en cours" in pages[0].extract_text()


def test_a_corrected_deal_is_starred_and_the_totals_follow(app):
    game_id = play(app, ({"takers": 0, "points": 95}, {"takers": 1, "points": 100}))
    with app.app_context():
        service.act(get_db(), game_id, "correction", {"round": 1, "takers": 0, "points": 60})  # dedans now
    data = sheet_pdf(app, game_id)
    # B-S3: 60 against 102, dedans: 0 and 162; then Them 100 and Us 62
    assert re.search(r"1\* Ana Us 60 dedans 0 0 162 162", row(data, 1)), row(data, 1)
    assert re.search(r"2 Dee Them 100 made 62 62 100 262", row(data, 2)), row(data, 2)


def test_a_team_at_the_target_on_its_belote_alone_is_told_it_needs_a_trick(app):
    """B-E3: Us at 304, dedans with the belote: 20 more, 324 past 320, yet no win; Them 182."""
    deals = ({"takers": 0, "points": 152}, {"takers": 0, "points": 152}, {"takers": 0, "points": 40, "belote": 0})
    words = " ".join(text(sheet_pdf(app, play(app, deals, target=320))).split())
    assert "Game in progress: 324 to 182." in words
    assert "Ana & Cy: at the target on its belote alone: must take a trick to win" in words
    assert "Ben & Dee: at the target" not in words
