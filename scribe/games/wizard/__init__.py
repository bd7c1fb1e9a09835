"""Wizard score-keeping rules: its setup (editions, presets, Unicolore, the Jubilee cards,
W-S1), its pack (``deck``) and trick rules (``play``), on the bids-and-tricks family's engine
(``scribe/games/bidding``: the sheet and ``replay``, the actions, sealed bids, the virtual
deck), whose names stay importable from here and from the modules of the same names.

Pure Python: no Flask, no SQL, no I/O. Rule ids refer to shared/RULES.md.
A game is its ``Setup`` plus a log of entries (see ``rules/log.py``); ``replay`` turns
them into the ``Sheet`` that the page, the API and the PDF all render. Every action has
``verify_*`` (raises ``RuleError`` with a reason, returns the normalised entry data) so
the store records only what the rules accept.
"""

from __future__ import annotations

from ...rules.log import Entry
from ...rules.robots import draw as draw_bot
from ..bidding.game import VERIFIERS, verifier
from . import actions, deck  # the family's actions and virtual deck, under their names before issue 33
from .actions import complete_tricks
from .deck import CARD_NOTATION_MAX, draw_deal, verify_take_back
from .reveal import (
    last_seat_waits,
    revealed,
    sealed,
    sealed_entry,
)
from .setup import (
    DEALER_PICKS,
    DECK_SIZE,
    EDITIONS,
    JUBILEE_CARDS,
    LAST_BID_RULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    NO_TRUMP_CARDS,
    PRESETS,
    REVEAL_MODES,
    SEALED,
    SUITS,
    TRUMP_CARDS,
    UNICOLORE_FIRST_CARDS,
    UNICOLORE_LAST_CARDS,
    UNICOLORE_PLAYERS,
    RuleSet,
    Setup,
    _flag,
    _whole,
    make_setup,
    max_rounds,
    round_points,
    verify_jubilee,
    verify_names,
)
from .sheet import (
    SUIT_OF,
    Forbidden,
    RoundRow,
    Sheet,
    Standing,
    Trump,
    _forbidden,
    advance,
    broken_bid_message,
    forbidden_message,
    replay,
    restriction,
    summary,
)

#: The family's checks, and the Cloud's (virtual deck, Jubilee: the winner of its trick changes their bid, W-J3)
_VERIFIERS = {**VERIFIERS, "cloud": actions.verify_cloud}
KINDS = tuple(_VERIFIERS)
verify = verifier(_VERIFIERS)
DRAWN = {"deal": draw_deal, "bot": draw_bot}  # its own table: a test deals from a fixed pack by patching it
