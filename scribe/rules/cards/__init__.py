"""The Wizard deck: card notation, edition names, the 60 cards, dealing and the turned card.

Pure Python, shared by the rules (the virtual deck at the table, ``wizard.deck``) and
the engine (simulated play). It imports only the rules' errors, so both can import it
and it imports neither back. Randomness is always passed in (``make_rng``).

Modules: ``notation`` (Card, Suit, ``W J R7``), ``labels`` (W-M2's names), ``deck``
(the 60 cards, shuffle, deal, turned trump), ``unicolore`` (each player's own 15),
``jubilee`` (the Jubilee edition's six cards, W-J1..W-J6).

>>> d = deal(4, 3, make_rng(7))
>>> [len(h) for h in d.hands], parse_card("r7") in FULL_DECK
([3, 3, 3, 3], True)
"""

from . import jubilee  # W-J1..W-J6: the Jubilee cards, as text
from .deck import (
    DECK_SIZE,
    FULL_DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deal,
    check_players,
    check_round,
    deal,
    deal_cards,
    draw,
    make_rng,
    rounds_in_game,
    shuffled_deck,
    trump_of,
)
from .jubilee import sort_key
from .labels import EDITION_SPECIALS, EDITIONS, card_label
from .notation import (
    DISTINCT_CARDS,
    JESTER,
    JESTER_RANK,
    MAX_RANK,
    MIN_RANK,
    NUMBER_CARDS,
    SUITS,
    WIZARD,
    WIZARD_RANK,
    Card,
    CardLike,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)
from .unicolore import deal_unicolore, own_deck

__all__ = [
    "DECK_SIZE",
    "DISTINCT_CARDS",
    "EDITIONS",
    "EDITION_SPECIALS",
    "FULL_DECK",
    "JESTER",
    "JESTER_RANK",
    "MAX_PLAYERS",
    "MAX_RANK",
    "MIN_PLAYERS",
    "MIN_RANK",
    "NUMBER_CARDS",
    "SUITS",
    "WIZARD",
    "WIZARD_RANK",
    "Card",
    "CardLike",
    "Deal",
    "Suit",
    "card_label",
    "check_players",
    "check_round",
    "deal",
    "deal_cards",
    "deal_unicolore",
    "draw",
    "format_cards",
    "jubilee",
    "make_rng",
    "own_deck",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "rounds_in_game",
    "shuffled_deck",
    "sort_key",
    "trump_of",
]
