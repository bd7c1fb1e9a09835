"""Words for what the rules hold, in the reader's language: the template filters that the
printed sheets need (``pdf.py``) as well as the pages, so printing needs nothing from ``web``.

Registered on the app by :func:`init_app`; the pages' own filters are in ``web/filters.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from babel import numbers
from flask import Flask
from flask_babel import get_locale, gettext as _, ngettext

from .cards_words import card_name
from .chart import chart
from .games import part, parts, rules_of
from .rules.cards.faces import french_face, parse_french
from .rules.errors import RuleError
from .rules.standings import sided
from .ruling import ruling


def translate(err: RuleError) -> str:
    """A rules refusal in the reader's language (the template is the msgid)."""
    return _(err.template, **err.params)


def score(value: Any, signed: bool = False) -> str:
    """A score, total, points or difference as the reader writes it, in the locale in
    force (the viewer's on a page, the game's language in its PDF): ``1\u202f240`` in
    French, ``1,240`` in English, ``1.240`` in German. ``signed`` puts a ``+`` before a
    gain, as a round's points read ("+40"); ``None`` prints nothing. Babel's minus is the
    ASCII hyphen in Scribe's six languages, so ``-40`` reads as before.

    >>> from flask import Flask
    >>> from flask_babel import Babel, force_locale
    >>> app = Flask("doc"); _ = Babel(app)
    >>> with app.app_context(), force_locale("fr"):
    ...     score(1240), score(-1240), score(40, signed=True), score(0, signed=True), score(None)
    ('1\u202f240', '-1\u202f240', '+40', '0', '')
    >>> with app.app_context(), force_locale("de"):
    ...     score(1240), score(1240, signed=True)
    ('1.240', '+1.240')
    """
    if value is None or value == "":
        return ""
    out = _decimal(value, get_locale())
    return "+" + out if signed and value > 0 else out


# A sheet writes a few dozen scores per render, most of them the same few numbers: each
# is spelled once per locale (babel parses the pattern and rounds each time it is asked).
@lru_cache(maxsize=4096, typed=True)
def _decimal(value: Any, locale: Any) -> str:
    return numbers.format_decimal(value, format="#,##0.###", locale=locale)


def player(p: int, names: Sequence[str]) -> str:
    """A seat's name: ``winners|map('player', names)``."""
    return names[p]


def rules_text(setup: Any) -> str:
    """The rule set and options in words (shown under the sheet, printed on the PDF), as
    the setup's game words them (its package's ``words``)."""
    return part(setup.GAME, "words").rules_text(setup)


def card(notation: str, setup: Any) -> str:
    """A card's name in the reader's language, as its game words it (Wizard: in the
    game's edition, W-M2): the game draws its own cards (its ``words.card_label``)."""
    return part(setup.GAME, "words").card_label(notation, setup)


def trump(value: Any, setup: Any) -> str:
    """A round's trump in words, as its game says it (Wizard's turned Wizard or Jester)."""
    return part(setup.GAME, "words").trump(value, setup)


def suit(value: str, setup: Any) -> str:
    """A trump suit's name in the reader's language, as its game names its suits."""
    return part(setup.GAME, "words").suit(value)


def hand(cards: Any, setup: Any) -> list[str]:
    """A hand sorted for display in its game's order (its ``words.hand_order``)."""
    return part(setup.GAME, "words").hand_order(cards or ())


def card_class(notation: str, setup: Any) -> str:
    """The CSS class of a card chip (its colour), as its game says."""
    return part(setup.GAME, "words").card_class(notation)


def card_face(notation: str, setup: Any) -> Any:
    """What a card's face shows (``rules.cards.faces.Face``), as its game draws it."""
    return part(setup.GAME, "words").card_face(notation, setup)


def french_card(notation: str) -> str:
    """A French-suited card's name in the reader's language ("queen of hearts", "dame de
    cœur", "Herz Dame"): the standard pack of 52 or 32 (its words: ``cards_words``)."""
    parse_french(notation)  # any case; a ValueError for a code of no such card
    return card_name(notation.strip().upper())


def deals_cards(sheet: Any) -> bool:
    """The game is played with the virtual deck, so its pages show cards (and load their
    stylesheet, static/cards.css: the other pages never carry its weight)."""
    setup = getattr(sheet, "setup", None)  # the setting lives in the rules (the family) or the setup itself
    return bool(getattr(setup, "virtual_deck", False) or getattr(getattr(setup, "rules", None), "virtual_deck", False))


def destroyed_text(name: str, setup: Any) -> str:
    """A trick nobody won, and who leads the next, in its game's words (Skull King's Kraken
    or White Whale, Wizard's Bomb)."""
    return part(setup.GAME, "words").destroyed_text(name)


def card_plays(notation: str, setup: Any) -> list[str]:
    """The forms a held card is played as: itself, or each choice it needs (Skull King's
    Tigress: as a Pirate or as an Escape), so a hand shows one button per choice."""
    return part(setup.GAME, "words").card_plays(notation)


def cards_text(cards: Any, setup: Any) -> str:
    return ", ".join(card(c, setup) for c in hand(cards, setup))


def ngettext_rounds(n: int) -> str:
    return ngettext("%(num)s round", "%(num)s rounds", n)


def story(sheet: Any) -> Any:
    """A sheet's story as its game tells it (``sheet|story``, for ``_story.html``)."""
    return rules_of(sheet).story(sheet)


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(rules_text=rules_text, player=player, score=score, story=story, chart=chart, card=card, hand=hand,
                                 card_class=card_class, card_plays=card_plays,
                                 card_face=card_face, french_card=french_card, trump=trump, suit=suit, french_face=french_face,
                                 deals_cards=deals_cards,
                                 destroyed_text=destroyed_text, sided=sided)
    app.jinja_env.globals.update(ruling=ruling)  # the printed Wizard grid's lines
    for words in parts("words").values():
        app.jinja_env.filters.update(words.FILTERS)  # e.g. Wizard's trump, on pages and on paper
