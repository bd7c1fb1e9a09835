"""Witty Zibi on paper: the filled sheet from the page's ZibiSheet (Z-E1, Z-S1..Z-S3) and
blank pads, read back with pypdf; the CLI and the web routes."""

from __future__ import annotations

from datetime import datetime

import pytest
from babel.dates import format_date
from pdf_helpers import fonts_embedded, load, reader, scribe_key, sheet_pages, text, to_png, words

from scribe import pdf, service
from scribe.cli import main
from scribe.rules.errors import RuleError
from scribe.web.db import get_db

NAMES9 = ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fred", "Gina", "Hugo", "Ines")
CLANS9 = list("ABCABCABC")


def _results9(rounds: int = 10) -> list[dict]:
    """Three clans: round r puts two whole clans out (Z-E1), the third wins; round 5 the
    cards run out (no winner, nobody scores)."""
    out = []
    for r in range(rounds):
        dead = ("ABC"[r % 3], "ABC"[(r + 1) % 3])
        data = {"clans": CLANS9, "eliminated": [c in dead for c in CLANS9]}
        if r == 4:
            data = {"clans": CLANS9, "eliminated": [False] * 9, "winner": None}
        out.append(data)
    return out


def play_zibi(app, names=NAMES9, results=(), lang="en", name="Saturday Zibi", **options) -> str:
    """Create a Zibi game and record ``results`` (entry data of "result"); returns its id."""
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "zibi", name, lang, players=list(names), **options)
        for data in results:
            service.act(db, game_id, "result", data)
    return game_id


def _sheet_pdf(app, game_id, paper="a4") -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet, paper)


def _pad(app, *args, lang="en", **kwargs) -> bytes:
    with app.app_context():
        return pdf.pad_pdf(*args, lang=lang, game="zibi", **kwargs)


def zgrid(data: bytes, names) -> dict[int, dict]:
    """{round: {"won": [...], "cells": [[texts of player 0], ...]}}: rows at the round
    numbers of the first column; player columns of equal width end at the right margin
    (the table is the page's width), their width taken from the header names."""
    runs = words(data)
    n = len(names)
    starts = [min(x for t, x, _ in runs if t == name) for name in names]
    left = min(x for _, x, _ in runs)
    right = float(reader(data).pages[0].mediabox.width) - left  # margins are even
    pitch = (starts[-1] - starts[0]) / (n - 1)
    bounds = [right - (n - p) * pitch for p in range(n)] + [float("inf")]
    rows: dict[int, float] = {}
    for t, x, y in runs:
        key = t.rstrip("*")
        if key.isdigit() and x < left + 15 and int(key) not in rows:
            rows[int(key)] = y
    out = {r: {"won": [], "cells": [[] for _ in range(n)]} for r in rows}
    for t, x, y in runs:
        for r, ry in rows.items():
            if abs(y - ry) < 6 and x > left + 15:
                if x < bounds[0]:
                    out[r]["won"].append(t)
                for p in range(n):
                    if bounds[p] <= x < bounds[p + 1]:
                        out[r]["cells"][p].extend(t.split())
    return out


def row_numbers(data: bytes) -> list[int]:
    """The round numbers printed down the first column."""
    runs = words(data)
    left = min(x for _, x, _ in runs)
    return sorted(int(t) for t, x, _ in runs if t.isdigit() and x < left + 15)


def test_z_s1_clan_eliminated_points_and_totals_in_their_rows(app):
    game_id = play_zibi(app, results=_results9(), mode="three", expert=True)
    _, sheet, _ = load(app, game_id)
    cells = zgrid(_sheet_pdf(app, game_id), NAMES9)
    assert sorted(cells) == list(range(1, 11))
    for row in sheet.rounds:
        res = row.result
        assert cells[row.number]["won"] == [res.winner or "—"], row.number  # the winning clan (Z-E1)
        for p in range(9):
            want = [res.clans[p]] + (["✝"] if res.eliminated[p] else [])
            want += [f"+{row.points[p]}" if row.points[p] else "0", str(row.totals[p])]
            assert cells[row.number]["cells"][p] == want, (row.number, p)
    assert sheet.rounds[4].result.winner is None and cells[5]["cells"][0] == ["A", "0", "3"]


def test_blank_rows_follow_the_rounds_played_up_to_ten(app):
    game_id = play_zibi(app, names=NAMES9[:4], results=[{"clans": list("ABAB"), "eliminated": [1, 0, 1, 0]}])
    cells = zgrid(_sheet_pdf(app, game_id), NAMES9[:4])
    assert sorted(cells) == list(range(1, 11))
    assert cells[1]["cells"] == [["A", "✝", "0", "0"], ["B", "+3", "3"], ["A", "✝", "0", "0"], ["B", "+3", "3"]]
    assert all(cells[r]["cells"] == [[]] * 4 and cells[r]["won"] == [] for r in range(2, 11))


def test_header_title_date_players_in_seating_order_and_rules_in_words(app):
    game_id = play_zibi(app, results=_results9(2), mode="three", expert=True)
    words_ = text(_sheet_pdf(app, game_id))
    assert "Saturday Zibi · Witty Zibi" in words_
    assert "1. Anna · 2. Bert · 3. Cleo · 4. Dora · 5. Emil · 6. Fred · 7. Gina · 8. Hugo · 9. Ines" in words_
    assert "Witty Zibi · Three clans · expert rule · clans of 3+3+3 players" in words_
    game, _, _ = load(app, game_id)
    assert format_date(datetime.fromisoformat(game.created_at), "long", locale="en") in words_


def test_z_s3_tied_leaders_standings_and_totals(app):
    game_id = play_zibi(app, results=_results9(), mode="three")
    data = _sheet_pdf(app, game_id)
    words_ = text(data)
    assert "Total 6 9 ★ 12 6 9 ★ 12 6 9 ★ 12" in words_
    assert "Tied for the lead after 10 rounds: Cleo, Fred, Ines (12)" in words_
    assert "Standings: 1. Cleo 12 · 1. Fred 12 · 1. Ines 12 · 4. Bert 9 · 4. Emil 9 · 4. Hugo 9 · 7. Anna 6" in words_
    to_png(data, "zibi-sheet-9-players-10-rounds-a4")


def test_one_leader_and_a_corrected_round(app):
    names = NAMES9[:4]
    game_id = play_zibi(app, names=names, results=[{"clans": list("ABAB"), "eliminated": [1, 0, 1, 0]}] * 2)
    with app.app_context():
        service.act(get_db(), game_id, "correction",
                    {"round": 2, "clans": list("AABB"), "eliminated": [0, 0, 1, 1]})
    data = _sheet_pdf(app, game_id)
    words_ = text(data)
    assert "Bert leads after 2 rounds (6)" in words_  # 3 + 3 against Dora's 3 + 0
    cells = zgrid(data, names)
    assert cells[2]["won"] == ["A"] and cells[2]["cells"][3] == ["B", "✝", "0", "3"]
    assert "\n2* A " in words_  # the corrected round is starred


def test_z_s2_un_tout_seul_lone_player_scores_4(app):
    names = NAMES9[:5]
    lone = {"clans": list("AABBC"), "eliminated": [1, 1, 1, 0, 0]}  # clan A all out: B wins, C survives
    game_id = play_zibi(app, names=names, results=[lone], mode="alone")
    cells = zgrid(_sheet_pdf(app, game_id), names)
    assert cells[1]["cells"][4] == ["C", "+4", "4"] and cells[1]["cells"][2] == ["B", "✝", "+2", "2"]


def test_no_round_played_yet(app):
    data = _sheet_pdf(app, play_zibi(app, names=NAMES9[:6]))
    assert len(sheet_pages(data)) == 1
    words_ = text(data)
    assert "No round played yet." in words_ and "Total" not in words_


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
def test_9_players_10_rounds_fit_one_page_on_both_papers(app, paper, size):
    data = _sheet_pdf(app, play_zibi(app, results=_results9(), mode="three"), paper)
    pages = sheet_pages(data)
    assert len(pages) == 1
    box = pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    if paper == "letter":
        to_png(data, "zibi-sheet-9-players-letter")


def test_fonts_embedded_and_body_text_at_least_8_pt(app):
    data = _sheet_pdf(app, play_zibi(app, results=_results9(), mode="three"))
    fonts = fonts_embedded(data)
    assert fonts and all(embedded for _, embedded in fonts), fonts
    sizes = []
    reader(data).pages[0].extract_text(visitor_text=lambda t, cm, tm, f, size: t.strip() and sizes.append(size * tm[0]))
    assert sizes and min(sizes) >= 8


def test_french_game_prints_in_french(app):
    game_id = play_zibi(app, results=_results9(), lang="fr", mode="three", expert=True)
    data = _sheet_pdf(app, game_id)
    words_ = text(data).replace("\xa0", " ")
    assert "Joueurs, dans l’ordre de la table" in words_ and "Clan gagnant" in words_
    assert "À égalité en tête après 10 manches : Cleo, Fred, Ines (12)" in words_
    assert "Classement : 1. Cleo 12" in words_
    game, _, _ = load(app, game_id)
    assert format_date(datetime.fromisoformat(game.created_at), "long", locale="fr") in words_
    assert zgrid(data, NAMES9)[1]["cells"][2] == ["C", "+3", "3"]
    to_png(data, "zibi-sheet-9-players-fr")


def test_names_are_text_not_markup(app):
    names = ("<b>Ann</b>", "W" * 30, "Cy", "Dee")
    data = _sheet_pdf(app, play_zibi(app, names=names, results=[{"clans": list("ABAB"), "eliminated": [1, 0, 1, 0]}]))
    assert len(sheet_pages(data)) == 1 and "<b>Ann</b>" in text(data)


# Blank pads

def test_pad_9_players_10_rows_one_page_with_names(app):
    data = _pad(app, 9, names=["Anna", "", "Cleo"])
    pdf_ = reader(data)
    assert len(pdf_.pages) == 1
    words_ = text(data)
    assert "Witty Zibi" in words_ and "9 players · 10 rounds" in words_
    assert words_.splitlines()[-1].split() == ["Anna", "Cleo"]
    assert row_numbers(data) == list(range(1, 11))
    to_png(data, "zibi-pad-9-players-a4")


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
def test_pad_paper_sizes_and_30_rows_on_one_page(app, paper, size):
    data = _pad(app, 9, paper=paper, rounds=30)
    pages = sheet_pages(data)
    assert len(pages) == 1 and row_numbers(data) == list(range(1, 31))
    assert (round(float(pages[0].mediabox.width)), round(float(pages[0].mediabox.height))) == size


def test_french_pad(app):
    words_ = text(_pad(app, 4, rounds=12, lang="fr")).replace("\xa0", " ")
    assert "4 joueurs · 12 manches" in words_ and "Clan gagnant" in words_
    assert "un survivant marque 3" in words_


@pytest.mark.parametrize("kwargs, field", [
    (dict(players=3), "players"),
    (dict(players=10), "players"),
    (dict(players=4, rounds=0), "rounds"),
    (dict(players=4, rounds=31), "rounds"),
    (dict(players=4, rounds="ten"), "rounds"),
    (dict(players=4, unicolore=True), "unicolore"),
    (dict(players=4, paper="legal"), "paper"),
    (dict(players=4, names=list("ABCDE")), "names"),
])
def test_refused_zibi_pad_options_name_their_field(kwargs, field):
    with pytest.raises(RuleError) as err:
        pdf.pad_options(game="zibi", **kwargs)
    assert err.value.field == field


def test_unknown_game_and_rows_for_wizard_are_refused():
    with pytest.raises(RuleError) as err:
        pdf.pad_options(players=4, game="chess")
    assert err.value.field == "game"
    with pytest.raises(RuleError) as err:
        pdf.pad_options(players=4, rounds=5)
    assert err.value.field == "rounds"


# CLI

@pytest.fixture
def instance(tmp_path, monkeypatch):
    path = tmp_path / "instance"
    monkeypatch.setenv("SCRIBE_INSTANCE", str(path))
    return path


def test_scribe_pad_game_zibi(instance, tmp_path):
    out = tmp_path / "pad.pdf"
    assert main(["pad", "--game", "zibi", "--players", "9", "--rounds", "12", "--paper", "letter",
                 "--names", "Anna,Bert", "--lang", "fr", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert "9 joueurs · 12 manches" in text(data) and round(float(reader(data).pages[0].mediabox.height)) == 792


@pytest.mark.parametrize("args, message", [
    (["--players", "3"], "4 to 9 players"),
    (["--players", "10"], "4 to 9 players"),
    (["--players", "6", "--rounds", "31"], "1 to 30 rows"),
    (["--players", "6", "--unicolore"], "Unicolore is a Wizard variant"),
])
def test_scribe_pad_zibi_refuses_bad_options(instance, tmp_path, capsys, args, message):
    out = tmp_path / "p.pdf"
    assert main(["pad", "--game", "zibi", *args, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("args", [["--game", "chess"], ["--game", "zibi", "--paper", "legal"]])
def test_unknown_game_or_paper_is_a_usage_error(instance, tmp_path, args):
    with pytest.raises(SystemExit) as exit_:
        main(["pad", *args, "--players", "4", "-o", str(tmp_path / "p.pdf")])
    assert exit_.value.code == 2


def test_scribe_pdf_prints_a_zibi_game(instance, tmp_path):
    from scribe import create_app

    app = create_app({"TESTING": True})  # reads SCRIBE_INSTANCE like the command
    game_id = play_zibi(app, results=_results9(3), mode="three")
    out = tmp_path / "sheet.pdf"
    assert main(["pdf", game_id, "-o", str(out)]) == 0
    assert "Saturday Zibi · Witty Zibi" in text(out.read_bytes())


# Web

def test_sheet_pdf_and_pad_links_from_the_zibi_game_page(app, client):
    game_id = play_zibi(app, names=NAMES9[:6], results=_results9(0))
    key = scribe_key(app, game_id)
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert f'href="/games/{key}/sheet.pdf"' in page and "Print the sheet (PDF)" in page
    resp = client.get(f"/games/{key}/sheet.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert "attachment" in resp.headers["Content-Disposition"]
    href = page.split("Blank pad with these names")[0].rsplit('href="', 1)[1].split('"')[0].replace("&amp;", "&")
    assert href.startswith("/pads.pdf?") and "game=zibi" in href
    resp = client.get(href)
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert text(resp.data).splitlines()[-1].split() == list(NAMES9[:6])


def test_api_sheet_pdf_with_letter_paper(app, client):
    game_id = play_zibi(app, results=_results9(), mode="three")
    key = scribe_key(app, game_id)
    resp = client.get(f"/api/games/{key}/sheet.pdf?paper=letter")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert round(float(reader(resp.data).pages[0].mediabox.height)) == 792
    assert client.get(f"/api/games/{key}/sheet.pdf?paper=legal").get_json()["field"] == "paper"


def test_unknown_game_is_404(client):
    assert client.get("/games/nope/sheet.pdf").status_code == 404
    assert client.get("/api/games/nope/sheet.pdf").status_code == 404
    assert client.get("/pads?game=chess").status_code == 404
    assert client.get("/pads.pdf?game=chess&players=4").status_code == 404


def test_pads_page_offers_the_game_choice(client):
    body = client.get("/pads").get_data(as_text=True)
    assert 'href="/pads?game=zibi"' in body and "Witty Zibi" in body and 'name="unicolore"' in body
    body = client.get("/pads?game=zibi").get_data(as_text=True)
    assert 'name="game" value="zibi"' in body and 'name="rounds"' in body and 'name="unicolore"' not in body
    assert '<option value="4"' in body and '<option value="9"' in body and '<option value="3"' not in body
    assert body.count('name="names"') == 9


def test_zibi_pad_in_the_readers_language(client):
    client.set_cookie("lang", "fr")
    resp = client.get("/pads.pdf?game=zibi&players=5&rounds=&paper=a4&names=Ana&names=")
    assert resp.status_code == 200 and "zibi-pad-5-10-rounds-a4" in resp.headers["Content-Disposition"]
    assert "5 joueurs · 10 manches" in text(resp.data).replace("\xa0", " ")


@pytest.mark.parametrize("query, field, message", [
    ("players=3", "players", "4 to 9 players"),
    ("players=10", "players", "4 to 9 players"),
    ("players=6&paper=legal", "paper", "A4 or Letter"),
    ("players=6&rounds=0", "rounds", "1 to 30 rows"),
    ("players=4&names=A&names=B&names=C&names=D&names=E", "names", "More names than players"),
])
def test_refused_zibi_pad_options_are_shown_next_to_the_field(client, query, field, message):
    resp = client.get(f"/pads.pdf?game=zibi&{query}")
    assert resp.status_code == 422 and resp.mimetype == "text/html"
    body = resp.get_data(as_text=True)
    assert f'data-field="{field}">' in body and message in body and 'name="rounds"' in body
