"""Blank pads (W-S4, W-R1, W-U2): the cards pre-printed, names, paper, refused options."""

from __future__ import annotations

import pytest
from pdf_helpers import reader, text, to_png

from scribe import pdf
from scribe.rules.errors import RuleError


def _pad(app, *args, lang="en", **kwargs) -> bytes:
    with app.app_context():
        return pdf.pad_pdf(*args, lang=lang, **kwargs)


@pytest.mark.parametrize("players, rounds", [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_w_r1_a_row_per_round_with_the_cards_pre_printed(app, players, rounds):
    data = _pad(app, players)
    lines = text(data).splitlines()
    assert len(reader(data).pages) == 1
    for r in range(1, rounds + 1):
        assert f"{r} {r}" in lines or any(line.startswith(f"{r} {r} ") for line in lines), r
    assert not any(line.startswith(f"{rounds + 1} ") for line in lines)
    assert f"{players} players · {rounds} rounds" in "\n".join(lines)


def test_w_u2_unicolore_pad_deals_4_to_15_cards_without_trump(app):
    data = _pad(app, 3, unicolore=True)
    words = text(data)
    lines = words.splitlines()
    assert "Unicolore" in words and "Trump" not in words
    for r in range(1, 13):
        assert f"{r} {r + 3}" in lines, r
    assert not any(line.startswith("13 ") for line in lines)
    to_png(data, "pad-unicolore-3")


@pytest.mark.parametrize("paper, size", [("a4", (595, 842)), ("letter", (612, 792))])
def test_paper_sizes(app, paper, size):
    pages = reader(_pad(app, 3, paper=paper)).pages
    assert len(pages) == 1  # 20 rounds
    box = pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_names_are_pre_printed_in_seating_order_blanks_left_to_write(app):
    data = _pad(app, 4, names=["Ann", "", "Cy"])
    assert text(data).splitlines()[-1].split() == ["Ann", "Cy"]
    to_png(data, "pad-4-players-a4")


def test_french_pad(app):
    words = text(_pad(app, 6, paper="letter", lang="fr")).replace("\xa0", " ")
    assert "6 joueurs · 10 manches" in words and "Cartes" in words and "Atout" in words
    assert "Pari réussi : 20 points" in words


@pytest.mark.parametrize("kwargs, field", [
    (dict(players=2), "players"),
    (dict(players=7), "players"),
    (dict(players="four"), "players"),
    (dict(players=5, unicolore=True), "unicolore"),
    (dict(players=4, paper="legal"), "paper"),
    (dict(players=3, names=["A", "B", "C", "D"]), "names"),
    (dict(players=3, names=["Ann", "ann"]), "names"),
    (dict(players=3, names=["x" * 31]), "names"),
])
def test_refused_pad_options_name_their_field(kwargs, field):
    with pytest.raises(RuleError) as err:
        pdf.pad_options(**kwargs)
    assert err.value.field == field


def test_players_default_to_the_names_given():
    assert pdf.pad_options(names=["A", "B", "C", "D", "E"]).players == 5
