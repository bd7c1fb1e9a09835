"""The Jubilee cards on the printed sheet (W-J6, W-J2, W-J3): the cards in play with the
rules, the Bomb's trick beside the cards dealt, the Cloud's change beside the bid; read back."""

from __future__ import annotations

from pdf_helpers import load, text

from scribe import pdf, service
from scribe.web.db import get_db

NAMES = ("Anna", "Bert", "Cleo")


def _jubilee_game(app, lang="en") -> str:
    with app.app_context():
        db = get_db()
        gid = service.create(db, "wizard", "Jubilee night", lang, players=list(NAMES), first_dealer=2,
                             preset="standard", jubilee=["bomb", "cloud"])
        for p, b in zip((0, 1, 2), (0, 1, 0)):  # round 1: the Bomb took the only trick
            service.act(db, gid, "bid", {"player": p, "bid": b})
        service.act(db, gid, "tricks", {"tricks": [0, 0, 0], "destroyed": 1})
        for p, b in zip((1, 2, 0), (2, 0, 0)):  # round 2: Bert bid 2, won the Cloud's trick, -1
            service.act(db, gid, "bid", {"player": p, "bid": b})
        service.act(db, gid, "tricks", {"tricks": [0, 1, 1], "cloud": {"player": 1, "change": -1}})
    return gid


def _pdf(app, gid) -> bytes:
    game, sheet, _ = load(app, gid)
    with app.app_context():
        return pdf.sheet_pdf(game, sheet, "a4")


def test_w_j6_the_printed_sheet_names_the_jubilee_cards_and_marks_the_bomb_and_the_cloud(app):
    gid = _jubilee_game(app)
    words = text(_pdf(app, gid))
    assert "Jubilee cards: Bomb, Cloud" in words
    assert "1 (−1)" in words  # W-J2: round 1 dealt 1 card, nobody won the Bomb's trick
    assert "2→1" in words  # W-J3: Bert's bid 2, scored on 1
    assert "nobody won the Bomb’s trick" in words
    _, sheet, _ = load(app, gid)
    assert sheet.totals == (40, 20, 10)  # round 1: 20, -10, 20; round 2: 20, 30 (bid 1 after the Cloud), -10


def test_w_j6_the_french_printed_sheet_says_it_in_french(app):
    gid = _jubilee_game(app, lang="fr")
    words = text(_pdf(app, gid))
    assert "Cartes Jubilé" in words and "Bombe, Nuage" in words
