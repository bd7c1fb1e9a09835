"""Skull King score-keeping rules (K-R1..K-E1 in shared/RULES.md): the rounds and the
cards dealt, bids revealed at once, tricks with the Kraken and the White Whale, bonuses,
Loot, Skull King's and Rascal's scorings, the sheet; and the card rules a virtual deck
will play by.

Pure rules: no Flask, no SQL, no I/O.

A game is its ``Setup`` plus a log of entries (``rules/log.py``, undo and redo
included); ``replay`` turns them into the ``Sheet``; ``advance`` takes one more entry
and equals a fresh replay. Every entry kind has ``verify_x`` (the data to record, or a
``RuleError`` naming the field), ``can`` says whether it would pass, and ``act``
verifies, records and returns the entry with the new sheet.

Modules: ``setup`` (players, options, the rounds), ``scoring`` (K-S1..K-S4),
``bonuses`` (what the cards can give), ``sheet`` (rows, replay), ``actions`` (bids, a
round's result, corrections), ``story``; for the virtual deck ``cards`` (the 70 cards
and the advanced ones), ``tricks`` (following, winning, bonuses from a trick), ``play``
(a round card by card, its result worked out), ``deck`` (its pack's deal). Its sealed bids
(K-B1) and the virtual deck's entries (the deal, a card played, a card taken back) are the
bids-and-tricks family's (``bidding/reveal.py``, ``bidding/deck.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ...rules.robots import draw as draw_bot
from ..bidding.deck import draw_deal, verify_card_back, verify_deal, verify_played, verify_shuffle, verify_take_back
from ..bidding.result import summary
from ..bidding.robots import verify_bot
from .actions import verify_bid, verify_bids, verify_correction, verify_tricks
from .scoring import Bonus, loot_points, rascal_points, round_points, skull_king_points
from .setup import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORINGS,
    RuleSet,
    Setup,
    deck_size,
    make_setup,
    most_cards,
)
from .sheet import RoundRow, Sheet, advance, replay

_VERIFIERS: dict[str, Callable[[Sheet, Mapping[str, Any]], dict[str, Any]]] = {
    "bid": verify_bid,  # one seat's bid (K-B1)
    "bids": verify_bids,  # every seat's at once, as shown on "Yo-ho-ho!"
    "tricks": verify_tricks,  # the round's result: tricks, destroyed, bonuses, Loot, Cannonballs
    "correction": verify_correction,
    "deal": verify_deal,  # virtual deck: Scribe's deal, before the bids
    "shuffle": verify_shuffle,  # virtual deck: the next deal is a new one, not the deal taken back
    "played": verify_played,  # virtual deck: a card played to the trick, in turn
    "take_back": verify_card_back,  # virtual deck: the seat's own last card, until the next one
    "bot": verify_bot,  # virtual deck: a seat handed to a robot or back, between deals (issue 37)
}

KINDS = tuple(_VERIFIERS)
DRAWN = {"deal": draw_deal, "bot": draw_bot}  # the service fills these in from a random source, never the client
QUIET_KINDS = ("played", "take_back")  # cards played on phones do not make the Scribe's page stale


def verify(sheet: Sheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record."""
    check = _VERIFIERS.get(kind)
    if check is None:
        raise RuleError(N_("Unknown action."), field="kind")
    return check(sheet, data)


def can(sheet: Sheet, kind: str, data: Mapping[str, Any]) -> bool:
    """Whether ``verify`` would accept it (a page greys a button out on False)."""
    try:
        verify(sheet, kind, data)
    except RuleError:
        return False
    return True


def act(sheet: Sheet, kind: str, data: Mapping[str, Any]) -> tuple[Entry, Sheet]:
    """Verify, record and apply one of the game's entries (undo and redo are the log's,
    ``rules/log.py``): the new entry and the sheet after it.

    >>> s = make_setup(["Calvin", "Angela", "Kate"])
    >>> entry, sheet = act(replay(s, []), "bids", {"bids": [1, 0, "0"]})
    >>> entry, sheet.phase
    (Entry(seq=1, kind='bids', data={'round': 1, 'bids': [1, 0, 0]}, at=''), 'tricks')
    """
    entry = Entry(sheet.version + 1, kind, verify(sheet, kind, data))
    return entry, advance(sheet, entry)
