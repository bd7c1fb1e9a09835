"""Issue 32, item 10: every card of every deck Scribe deals (Wizard in each edition with the
Jubilee cards, W-M1, W-M2, W-J1..W-J5; Skull King with the Kraken, the White Whale, the Loot
and the Tigress as played, K-R1) and the French-suited decks of 52 and 32 cards to come is
drawn as a face: a corner with its value or its symbol, a picture, both symbols in the one
sprite, and a name for screen readers in each of the six languages, the same words the
page wrote before the faces (tests and players still find a card by its name). No two cards
of a deck read alike, and each suit has its own symbol (cards read without colour)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from flask import render_template_string
from flask_babel import force_locale

from scribe import create_app
from scribe.config import LANGUAGES
from scribe.games.skull_king.faces import FACES_DECK
from scribe.games.skull_king.setup import make_setup as sk_setup
from scribe.games.wizard.setup import make_setup as wizard_setup
from scribe.rules.cards.faces import FRENCH_32, FRENCH_52, wizard_deck

SPRITE = Path(__file__).resolve().parents[2] / "scribe" / "static" / "cards.svg"
SYMBOLS = set(re.findall(r'<symbol id="([^"]+)"', SPRITE.read_text()))
NAMES = ["Ana", "Ben", "Cat"]
FACE = re.compile(r'<span class="suit [^"]*card-face[^"]*" role="img" aria-label="([^"]+)">(.*?)</span></span></span>', re.DOTALL)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("faces"))})


def _decks():
    """(deck name, setup or None for the French decks, its cards)."""
    out = [(f"wizard-{ed}", wizard_setup(NAMES, edition=ed), wizard_deck())
           for ed in ("gigamic", "amigo", "canadian", "english")]
    out.append(("skull-king", sk_setup(NAMES + ["Dan"], kraken=True, white_whale=True, loot=True), list(FACES_DECK)))
    out += [("french-52", None, list(FRENCH_52)), ("french-32", None, list(FRENCH_32))]
    return out


def _faces(app, lang, setup, cards):
    """Each card's (accessible name, corner symbols, inner markup), drawn by the macro."""
    src = ('{% from "_cards.html" import card_face, french_card_face %}'
           '{% for c in cards %}{{ french_card_face(c) if setup is none else card_face(c, setup) }}{% endfor %}')
    with app.test_request_context("/"), force_locale(lang):
        html = render_template_string(src, cards=cards, setup=setup)
    found = FACE.findall(html)
    assert len(found) == len(cards), html[:500]
    return [(unescape(name), re.findall(r'cards\.svg#([\w-]+)"', inner), inner) for name, inner in found]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("deck", "setup", "cards"), _decks(), ids=[d[0] for d in _decks()])
def test_every_card_has_a_face_and_a_name_in_every_language(app, lang, deck, setup, cards):
    faces = _faces(app, lang, setup, cards)
    names = [name for name, _symbols, _inner in faces]
    for card, (name, symbols, inner) in zip(cards, faces):
        assert name.strip() and name != card, (card, name)  # a name, not the notation
        assert len(symbols) == 2 and set(symbols) <= SYMBOLS, (card, symbols)  # corner and picture, drawn
        caption = re.search(r'<span class="cap">([^<]*)', inner)
        assert caption and unescape(caption.group(1)) == name, card  # the name under the picture, for the eyes too
        assert 'aria-hidden="true"' in inner  # read once, by its name
    assert len(set(names)) == len(names), [n for n in names if names.count(n) > 1]


def test_the_names_are_the_words_the_pages_wrote_before(app):
    """The accessible name is the card filter's label: "purple 14", "Tigress as a Pirate",
    "rouge 7" (tests and screen readers keep finding the cards)."""
    sk = sk_setup(["Ana", "Ben", "Cat", "Dan"])
    wz = wizard_setup(NAMES)
    assert _faces(app, "en", sk, ["P14", "TP", "SK"])[0][0] == "purple 14"
    assert [f[0] for f in _faces(app, "en", sk, ["TP", "SK"])] == ["Tigress as a Pirate", "Skull King"]
    assert [f[0] for f in _faces(app, "fr", wz, ["R7", "W", "J", "CLB"])] == ["7 rouge", "Wizard", "Fou", "Nuage (bleu)"]
    assert [f[0] for f in _faces(app, "de", wizard_setup(NAMES, edition="english"), ["W", "J"])] == ["Zauberer", "Narr"]
    assert _faces(app, "fr", None, ["QH"])[0][0] == "dame de cœur"
    assert [f[0] for f in _faces(app, "de", None, ["10S", "AC"])] == ["Pik 10", "Kreuz Ass"]


@pytest.mark.parametrize(("setup", "cards"), [
    (wizard_setup(NAMES), ["B5", "G5", "R5", "Y5"]),
    (wizard_setup(NAMES, edition="canadian"), ["B5", "G5", "R5", "Y5"]),
    (sk_setup(["Ana", "Ben", "Cat", "Dan"]), ["G5", "Y5", "P5", "B5"]),
    (None, ["5S", "5H", "5D", "5C"]),
], ids=["wizard", "canadian", "skull-king", "french"])
def test_each_suit_has_its_own_symbol(app, setup, cards):
    """The same rank in the four suits: four symbols, so the suit reads without colour."""
    corners = [symbols[0] for _name, symbols, _inner in _faces(app, "en", setup, cards)]
    assert len(set(corners)) == 4, corners
