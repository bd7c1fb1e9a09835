"""A bot in a seat of a virtual-deck Belote or Coinche game (issue 37). Pure: no Flask, no SQL.

:func:`decide` answers what the seat's phone would send now: a call while the table
speaks (Belote's taking rounds, B-D1, B-D2; Coinche's auction, C-A1, C-A2, from the hand's
count in ``belote_hand``), a card while it plays (B-P1..B-P3, by determinised search in
``belote_search``), or None when the seat has nothing to do. It reads the sheet as the
seat sees it (``rules_of(sheet).view``) and, to be sure, only the seat's own sight of the
deal (``DeckDeal.seen_by``): never another hand, never the stock.

The level (:data:`LEVELS`) is the search's budget, worlds per card, and how well the hand
is judged: "easy" plays the heuristic card alone and misjudges its hand by a few points,
"medium" and "hard" search 12 and 40 worlds. The dice
of each decision come from the seed and what the seat sees (its hand, the calls, the
cards played), so a seed gives the same decisions, and two deals that look the same from
the seat give the same decisions.

>>> from scribe.games.belote import deck
>>> from scribe.games.belote.sheet import replay
>>> from scribe.games.belote.setup import make_setup
>>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True)
>>> drawn = deck.draw(s, 1, random.Random(4))
>>> sheet = replay(s, [{"kind": "deal", "data": drawn}])
>>> view = replace(sheet, table=sheet.table.seen_by(3), viewer=3, redacted=True)
>>> decide(view, 3, "medium", 1)
('call', {'round': 1, 'player': 3, 'call': 'pass'})
>>> decide(view, 2, "medium", 1) is None
True
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, replace  # noqa: F401  (the doctest)
from typing import Any, Final

from scribe.games.belote.settings import COINCHE

from .belote_hand import belote_call, coinche_call
from .belote_search import best_card


@dataclass(frozen=True)
class Level:
    """``worlds`` dealt per decision of the play (0: the heuristic's card); ``noise``: the
    spread, in points, of a seeded misjudgement of the hand when speaking."""

    worlds: int
    noise: float = 0.0


LEVELS: Final = {"easy": Level(0, 12.0), "medium": Level(12), "hard": Level(40)}
PLAIN: Final = Level(0)  # the simple heuristic the bench plays against: the hand's count, no search


def _rng(seed: int, seat: int, level: Level, table: Any) -> random.Random:
    """The decision's dice: from the seed and what the seat sees, nothing else."""
    seen = (seed, seat, level, table.round, table.dealer, table.variant, tuple(sorted(table.hands[seat])),
            table.turned, tuple((p, sorted(c.items())) for p, c in table.calls), table.plays)
    digest = hashlib.blake2b(repr(seen).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def decide(view: Any, seat: int, level: str, seed: int) -> tuple[str, dict[str, Any]] | None:
    """The entry ``seat``'s phone would send now: ("call", data) or ("played", data), or
    None when it has nothing to do (not its turn, no deal on the table, the game over,
    a hand it may not see)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return decision(view, seat, LEVELS[level], seed)


def decision(view: Any, seat: int, level: Level, seed: int) -> tuple[str, dict[str, Any]] | None:
    """:func:`decide` at any :class:`Level`."""
    setup = getattr(view, "setup", None)
    table = getattr(view, "table", None)
    if setup is None or table is None or not getattr(setup, "virtual_deck", False) or view.finished:
        return None
    table = table.seen_by(seat, table.hands[seat] is not None)  # its own sight only, whatever it was given
    if table.hands[seat] is None:
        return None
    head = {"round": table.round, "player": seat}
    if table.phase == "speaking" and table.speaker == seat:
        rng = _rng(seed, seat, level, table)
        if setup.variant == COINCHE:
            return "call", {**head, **coinche_call(table, seat, setup.settings, level.noise, rng, level.worlds)}
        return "call", {**head, **belote_call(table, seat, setup.settings, level.noise, level.worlds, rng)}
    if table.phase == "playing" and table.player == seat:
        rng = _rng(seed, seat, level, table)
        return "played", {**head, "card": best_card(table, seat, setup.settings, level.worlds, rng)}
    return None
