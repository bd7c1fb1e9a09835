"""The engine: whole simulated games of Wizard (cards, deal, trump, legal plays, tricks)
and of Skull King (``skull_king``), between random and heuristic players.

Pure Python: no Flask, no SQL, no I/O. Scoring is delegated to the rules core
(:func:`scribe.games.wizard.round_points`; Skull King's ``scoring``). Bad input raises
:class:`scribe.rules.errors.RuleError` with a message meant for players.

The cards, the deck and the deal are the rules' (:mod:`scribe.rules.cards`), re-exported
here. Modules: ``tricks`` (winner, legal plays), ``options`` (rule switches),
``view``/``policies``/``play`` (rounds and games between players), ``unicolore``
(W-U3's tricks and games), ``family`` (tricks played out by any game of the bids-and-
tricks family from its definition), ``skull_king`` and ``rikiki`` (their rounds, games and
players), ``simulate`` (``scribe simulate``), and issue 37's searching players, imported by
name and not re-exported here: ``search`` (Wizard), ``family_search`` (any game of the
family; Skull King's and Rikiki's in their modules) and what they share, ``worlds`` (levels,
determinisation, playouts).

Readings, where the texts leave room: after a Wizard played before any number
card nothing has to be followed for the rest of the trick (W-P2; seed 004's
Wizard-lead example fits either reading, see ``tricks``); in Unicolore any card
may be played (no suit to follow) and the bidding/leading seat turns as usual.

>>> from scribe.engine import trick_winner, legal_plays
>>> trick_winner(["J", "R7", "R3"], trump="R"), legal_plays("W R2 B4", "J B1")
(1, [W, B4])
"""

# The cards and the deal live in the rules (scribe.rules.cards), which the rules'
# virtual deck uses too; the engine re-exports them as part of its own interface.
from scribe.rules.cards import (
    DISTINCT_CARDS,
    FULL_DECK,
    JESTER,
    SUITS,
    WIZARD,
    Card,
    Deal,
    Suit,
    card_label,
    deal,
    format_cards,
    make_rng,
    parse_card,
    parse_cards,
    parse_suit,
    rounds_in_game,
    shuffled_deck,
)

from .options import PlayOptions
from .play import GameRecord, RoundRecord, TrickRecord, play_game, play_hands, play_round
from .policies import HeuristicPolicy, Policy, RandomPolicy
from .skull_king import SkullKingHeuristic, SkullKingRandom, play_skull_king_game
from .tricks import can_play, led_suit, legal_plays, trick_winner, verify_play
from .unicolore import (
    deal_unicolore,
    own_deck,
    play_unicolore_game,
    unicolore_legal_plays,
    unicolore_trick_winner,
)
from .view import RoundView

__all__ = [
    "DISTINCT_CARDS",
    "FULL_DECK",
    "JESTER",
    "SUITS",
    "WIZARD",
    "Card",
    "Deal",
    "GameRecord",
    "HeuristicPolicy",
    "PlayOptions",
    "Policy",
    "RandomPolicy",
    "RoundRecord",
    "RoundView",
    "SkullKingHeuristic",
    "SkullKingRandom",
    "Suit",
    "TrickRecord",
    "can_play",
    "card_label",
    "deal",
    "deal_unicolore",
    "format_cards",
    "led_suit",
    "legal_plays",
    "make_rng",
    "own_deck",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "play_game",
    "play_hands",
    "play_round",
    "play_skull_king_game",
    "play_unicolore_game",
    "rounds_in_game",
    "shuffled_deck",
    "trick_winner",
    "unicolore_legal_plays",
    "unicolore_trick_winner",
    "verify_play",
]
