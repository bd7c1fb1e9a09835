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

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from .actions import (
    complete_tricks,
    verify_bid,
    verify_cloud,
    verify_correction,
    verify_tricks,
    verify_trump,
)
from .deck import (
    CARD_NOTATION_MAX,
    draw_deal,
    verify_card_back,
    verify_deal,
    verify_played,
    verify_shuffle,
    verify_take_back,
)
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


def verify(sheet: Sheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record."""
    check = _VERIFIERS.get(kind)
    if check is None:
        raise RuleError(N_("Unknown action."), field="kind")
    return check(sheet, data)


_VERIFIERS = {
    "bid": verify_bid,
    "tricks": verify_tricks,
    "trump": verify_trump,
    "correction": verify_correction,
    "deal": verify_deal,  # virtual deck
    "played": verify_played,  # virtual deck: a card played to the trick (W-P1..W-P6)
    "take_back": verify_card_back,  # virtual deck: the player's own last card, until the next one
    "cloud": verify_cloud,  # virtual deck, Jubilee: the Cloud's trick winner changes their bid (W-J3)
    "shuffle": verify_shuffle,  # virtual deck: the next deal is a new one, not the deal taken back
}


KINDS = tuple(_VERIFIERS)


DRAWN = {"deal": draw_deal}  # the service fills these in from a random source, never the client


QUIET_KINDS = ("played", "take_back")  # cards marked on players' phones do not make the Scribe's page stale
