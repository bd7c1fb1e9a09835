"""One Belote or Coinche deal played out by four players through the virtual deck's own
checks, for the tests and the bench (issue 37). Pure: no Flask, no SQL.

Each player is asked with the sheet as its seat sees it (the game's ``view``, as its
phone's page is rendered from); what it answers goes through the rules' ``verify`` and
``advance``, as ``service.act`` records an entry, so a refused call or card raises the
rules' RuleError.

>>> from scribe.games.belote import deck
>>> from scribe.games.belote.setup import make_setup
>>> from .belote import decide
>>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True, variant="coinche")
>>> bots = [lambda view, seat: decide(view, seat, "easy", 1)] * 4
>>> table = play_deal(s, deck.draw(s, 1, random.Random(3)), bots)
>>> table.phase in ("played", "void")
True
"""

from __future__ import annotations

import random  # noqa: F401  (the doctest)
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from scribe.games.belote import sheet as belote_sheet
from scribe.games.belote.game import GAME as GAME_RULES
from scribe.rules.log import Entry

Player = Callable[[Any, int], "tuple[str, dict[str, Any]] | None"]
MOVES = 40  # 8 calls of Belote or an auction's few, and 32 cards: more means a player never moved


def play_deal(setup: Any, drawn: Mapping[str, Any], players: Sequence[Player],
              seen: Callable[[int, Any], None] | None = None) -> Any:
    """The full deal after ``players`` (one per seat) spoke and played it from the deal
    entry's ``drawn`` cards (line 1 of a game of ``setup``); ``seen(seat, view)`` is told
    every view a player was asked with. Returns the full ``DeckDeal``."""
    sheet = belote_sheet.replay(setup, [])
    entry = belote_sheet.verify(sheet, "deal", dict(drawn))
    sheet = belote_sheet.advance(sheet, Entry(1, "deal", entry))
    for _ in range(200):
        table = sheet.table
        if table.phase in ("played", "void"):
            return table
        seat = table.speaker if table.phase == "speaking" else table.player
        view = GAME_RULES.view(sheet, (), seat)
        if seen is not None:
            seen(seat, view)
        move = players[seat](view, seat)
        if move is None:
            raise AssertionError(f"seat {seat} has nothing to do at its turn")
        kind, data = move
        entry = belote_sheet.verify(sheet, kind, data)
        sheet = belote_sheet.advance(sheet, Entry(sheet.version + 1, kind, entry))
    raise AssertionError("the deal never ended")


def redacted(sheet: Any, seat: int) -> Any:
    """The sheet as ``seat`` sees it, without the game's registry (a test's shortcut)."""
    return replace(sheet, table=sheet.table.seen_by(seat), viewer=seat, redacted=True)
