"""The standard pack's cards as a player meets them (``cards_words``, ``rules.cards.faces``):
every card of the 52 has a face drawn from the one sprite (its rank, its suit's own symbol,
red for hearts and diamonds, black for spades and clubs, in light and dark themes) and a
name in each of the six languages that no other card shares ("Dame de cœur", "10 de
pique"); the refusal of a card that does not follow reads in the player's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask_babel import force_locale

from scribe import cards_words, create_app
from scribe.config import LANGUAGES
from scribe.formatting import translate
from scribe.rules.cards.standard import PACK_32, PACK_52, suit_of
from scribe.rules.cards.standard_tricks import MUST_FOLLOW, STANDARD_TRICKS
from scribe.rules.errors import RuleError
from scribe.rules.trickplay import replay, verify_play

STATIC = Path(__file__).resolve().parents[2] / "scribe" / "static"
SYMBOLS = set(re.findall(r'<symbol id="([^"]+)"', (STATIC / "cards.svg").read_text()))


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("standard"))})


def _labels(app, lang, cards):
    with app.test_request_context("/"), force_locale(lang):
        return [cards_words.card_label(c) for c in cards]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_of_its_own_in_every_language(app, lang):
    labels = _labels(app, lang, PACK_52)
    for code, label in zip(PACK_52, labels):
        assert label.strip() and label != code and label[:1] == label[:1].upper(), (code, label)
    assert len(set(labels)) == 52, sorted(n for n in labels if labels.count(n) > 1)
    with app.test_request_context("/"), force_locale(lang):
        suits = [cards_words.suit_name(s) for s in "SHDC"] + [cards_words.trump_name(None)]
    assert len(set(suits)) == 5 and all(suits)
    if lang != "en":  # translated, not the English words
        assert labels != _labels(app, "en", PACK_52)


@pytest.mark.parametrize(("lang", "cards", "names"), [
    ("fr", ["QH", "10S", "AC", "JD"], ["Dame de cœur", "10 de pique", "As de trèfle", "Valet de carreau"]),
    ("en", ["QH", "10S", "AC", "JD"], ["Queen of hearts", "10 of spades", "Ace of clubs", "Jack of diamonds"]),
    ("de", ["QH", "10S", "AC"], ["Herz Dame", "Pik 10", "Kreuz Ass"]),
    ("es", ["QH", "7D"], ["Reina de corazones", "7 de diamantes"]),
    ("it", ["QH", "KC"], ["Donna di cuori", "Re di fiori"]),
    ("nl", ["QH", "AS"], ["Harten vrouw", "Schoppen aas"]),
])
def test_the_names_read_as_each_language_says_them(app, lang, cards, names):
    assert _labels(app, lang, cards) == names


def test_within_a_sentence_a_card_is_named_in_lower_case_as_the_pages_wrote_it(app):
    with app.test_request_context("/"), force_locale("fr"):
        assert cards_words.card_name("QH") == "dame de cœur" and cards_words.trump_name("H") == "cœur"


def test_every_card_has_a_face_from_the_sprite_red_or_black_with_its_suits_own_symbol():
    faces = {c: cards_words.card_face(c) for c in PACK_52}
    for code, face in faces.items():
        assert {face.symbol, face.art} <= SYMBOLS, code
        assert face.rank == code[:-1]  # the corner shows the rank as printed: 10, J, Q, K, A
        red = suit_of(code) in "HD"
        assert face.tone == ("red" if red else "black") and cards_words.card_class(code) == face.tone
    # the suit reads without colour: one symbol per suit, shared by its 13 cards (no 52 drawings)
    assert len({f.symbol for f in faces.values()}) == 4
    assert all(cards_words.card_face(c) == faces[c] for c in PACK_32)


def test_the_faces_colours_are_defined_in_the_light_and_the_dark_theme():
    cards_css, scribe_css = (STATIC / "cards.css").read_text(), (STATIC / "scribe.css").read_text()
    assert ".t-red" in cards_css and ".t-black" in cards_css
    assert len(re.findall(r"--red:", scribe_css)) >= 2 and len(re.findall(r"--ink:", scribe_css)) >= 2


def test_a_hand_reads_by_suit_and_a_card_plays_as_itself():
    assert cards_words.hand_order(["AD", "2S", "KH", "3C"]) == ["2S", "KH", "3C", "AD"]
    assert cards_words.card_plays("QH") == ["QH"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_refusal_to_follow_reads_in_the_players_language(app, lang):
    state = replay(STANDARD_TRICKS, 3, 0, [(0, "QH")], cards=2, ctx=None)
    with pytest.raises(RuleError) as e:
        verify_play(STANDARD_TRICKS, state, ["2S", "3H"], 1, "2S", None, ["Ana", "Ben", "Cy"])
    with app.test_request_context("/"), force_locale(lang):
        said = translate(e.value)
        others = {translate(RuleError(m)) for m in MUST_FOLLOW.values()}
    assert e.value.field == "card" and said and len(others) == 4
    if lang != "en":
        assert said != e.value.template
