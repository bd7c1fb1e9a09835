"""Skull King on paper: the filled sheet from the page's sheet (K-R1..K-E1) with its bids,
misses, bonus points and the house rule when on, and the blank pad through
``pdf.PRINTS["skull_king"]`` (``scribe pad --game skull_king``, /pads.pdf), read back with pypdf."""

from __future__ import annotations

from click.testing import CliRunner
from pdf_helpers import load, text, to_png, words as runs

from scribe import pdf, service
from scribe.web.db import get_db

FOUR = ("Anna", "Bert", "Cleo", "Dora")


def play(app, played, lang="en", **rules) -> str:
    """Rounds of (bids, tricks, bonuses) played through the service."""
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "skull_king", "Pirates du jeudi", lang, players=list(FOUR), first_dealer=0,
                                 **rules)
        for bids, tricks, bonuses in played:
            service.act(db, game_id, "bids", {"bids": bids})
            service.act(db, game_id, "tricks", {"tricks": tricks, "bonuses": bonuses})
    return game_id


def sheet_pdf(app, game_id) -> bytes:
    game, sheet, _ = load(app, game_id)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet)


def row(data: bytes, number: int) -> list[str]:
    found = runs(data)
    y = next(y for t, x, y in found if t.split()[0] == str(number) and x < 60)
    return [w for t, _x, ty in sorted((r for r in found if abs(r[2] - y) < 5), key=lambda r: r[1]) for w in t.split()]


NONE = [{}, {}, {}, {}]


def test_the_filled_sheet_reads_back(app):
    game_id = play(app, [([1, 0, 0, 0], [1, 0, 0, 0], [{"black14": 1}, {}, {}, {}]),
                         ([0, 1, 1, 0], [1, 1, 0, 0], NONE)], rounds=[1, 2])
    data = sheet_pdf(app, game_id)
    words = text(data)
    assert "Pirates du jeudi" in words and "1. Anna · 2. Bert · 3. Cleo · 4. Dora" in words
    assert "Skull King · Skull King’s scoring · rounds: 1 2" in words
    # round 1: Anna (dealer) bid 1 and made it with the black 14: 20 + 20 (K-S1, K-S2); zero bids +10
    assert "1 1 D 40\n1\n+20 10\n0\n10\n0\n10\n0" in words
    # round 2: Anna bid 0 and took one: -20, circled, ✗1; Cleo bid 1 and took none: -10, ✗0
    assert "2 2 20 -20\n0\n✗1 D 30\n1\n0 -10\n1\n✗0 30\n0" in words
    assert "Total 20 ★ 30 0 ★ 30" in words and "A tie: Bert, Dora win together! (30)" in words
    assert "House rule" not in words
    to_png(data, "skull-king-sheet")


def test_the_house_rule_is_printed_when_on(app):
    game_id = play(app, [([1, 0, 0, 0], [0, 1, 0, 0], [{}, {"fourteens": 1}, {}, {}])], rounds=[1],
                   bonus_on_miss=True)
    words = text(sheet_pdf(app, game_id))
    assert "house rule: bonuses count on a missed bid" in words
    assert "House rule: bonuses count on a missed bid too" in words


def test_the_sheet_in_french(app):
    game_id = play(app, [([1, 0, 0, 0], [1, 0, 0, 0], NONE)], rounds=[1], lang="fr", scoring="rascal")
    words = text(sheet_pdf(app, game_id))
    assert "Skull King · Décompte selon Rascal · manches\xa0: 1" in words  # K-S4: exact, 10 per card each
    assert "Total ★ 10 ★ 10 ★ 10 ★ 10" in words and "Anna, Bert, Cleo, Dora" in words


def test_the_blank_pad_has_ten_rounds_of_cards(app):
    with app.app_context():
        data = pdf.pad_pdf(players=5, names=["Anna", "Bert"], game="skull_king", lang="en")
    words = text(data)
    assert "Skull King" in words and "5 players · 10 rounds" in words and "Anna" in words
    # round r deals r cards (K-R1): each row prints its number and its cards
    assert "# Cards\n" + "\n".join(f"{r} {r}" for r in range(1, 11)) + "\n" in words
    assert "black 14 +20" in words
    to_png(data, "skull-king-pad")


def test_the_pad_from_the_page_and_the_command(app, client):
    resp = client.get("/pads.pdf?game=skull_king&players=8&rounds=12")
    assert resp.status_code == 200 and "8 players · 12 rounds" in text(resp.data)
    resp = client.get("/pads.pdf?game=skull_king&players=9")
    assert resp.status_code == 422 and "2 to 8 players" in resp.get_data(as_text=True)
    assert "skull_king" in client.get("/pads").get_data(as_text=True)
    from scribe.pdf_cli import pad_command

    out = CliRunner().invoke(pad_command, ["--game", "skull_king", "--players", "3", "--lang", "fr", "-o", "-"])
    assert out.exit_code == 0, out.output
    assert "3 joueurs · 10 manches" in text(out.stdout_bytes)
