"""Belote and Coinche (contrée), by the federation's rules (rule ids B-*, C-* in
shared/RULES.md), registered as one game, "belote", with Coinche its variant (issue 34). Pure Python:
no Flask, no SQL, no I/O.

One package for both, Coinche a *variant* with its presets (``settings``): the digest
reads Coinche as Belote's cards, points, belote, capot and annonces (B-P1..B-P4) with an
auction and its own score, its litige B-S4's setting (C-S6) and its end B-E1..B-E3's
(C-E1); and a game never imports another game's package (tests/test_game_packages.py),
so two packages would copy those pieces or need a family package for two games.

``cards`` orders and points (B-P1, C-A4), ``play`` the obligations as a ``TrickGame``
and the card points from the tricks, ``annonces`` (B-P4), ``settings`` (every choice, the
FFB's defaults, the presets), ``setup`` (the table), ``scoring`` a Belote deal (B-S*),
``coinche`` a Coinche deal (C-K*, C-S*), ``entry`` a deal as told (B-F2, C-F2), ``tally``
the deals added up, the litige and the end (B-E*, C-E1), ``sheet`` the replay of the
recorded entries (corrections, undo) into the score sheet, ``game`` the object registered
in ``scribe.games.GAMES`` as "belote"; for the virtual deck also
``dealing`` (B-D1, B-D2, the taking rounds), ``auction`` (C-A1..C-A4) and ``deck`` (one deal on
the phones: what was dealt, said and played, replayed into the sheet's ``table``, issue 34).
Readings: docs/rules-belote-notes.md.

The refusals are English templates marked ``N_``, translated where shown.
"""

from .annonces import best, value, verify_combos
from .auction import Auction, auction
from .cards import SA, TA, Rules, card_points, deal_points, points, strength, winner_index
from .dealing import BeloteDeal, complete, deal_belote, deal_coinche, taking
from .deck import DeckDeal, deck_json
from .entry import PASSED, possible, verify
from .play import BELOTE_TRICKS, BeloteTricks, legal, tally_tricks
from .scoring import CAPOT, DEDANS, GENERALE, LITIGE, MADE, POINTS, Deal, Result, round_score
from .settings import BELOTE, COINCHE, DEFAULTS, PRESETS, Settings, make_settings
from .setup import Setup, draw_first_dealer, make_setup, team_of
from .tally import Game, Row, extend, run, score

__all__ = [name for name in dir() if not name.startswith("_")]
