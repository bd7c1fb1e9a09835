"""Helpers for the rules tests: play a game the way the web layer will.

A game is ``sheet = replay(setup, log)``, ``data = verify(sheet, kind, raw)``,
``log.append(Entry(...))``; ``Game`` wraps exactly that and nothing more.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from hypothesis import strategies as st

from scribe.games.wizard import Setup, Sheet, make_setup, replay, verify
from scribe.rules import log as logmod
from scribe.rules.log import Entry

PAUL_THOMAS_MARIE = ("Paul", "Thomas", "Marie")


def play_out(sheet_of, act) -> None:
    """Virtual deck: play the current round's cards to its end, each turn the first card
    the rules allow (W-P1..W-P6), then record the tricks as played: typed tricks are
    refused until then (W-R4). ``sheet_of()`` gives the sheet now, ``act(kind, data)``
    verifies and records."""
    from scribe.games.wizard.play import legal_cards

    while not sheet_of().current.play.finished:
        sheet = sheet_of()
        row, rules = sheet.current, sheet.setup.rules
        seat = row.play.turn
        legal, _why = legal_cards(row.play, row.remaining(seat), rules.no_wizard_on_trump_lead, rules.unicolore)
        act("played", {"round": row.number, "player": seat, "card": legal[0]})
    act("tricks", {})


class Game:
    """A setup and its growing log; every action goes through ``verify``."""

    def __init__(self, players: Sequence[str] = PAUL_THOMAS_MARIE, **setup: Any):
        self.setup: Setup = make_setup(list(players), **setup)
        self.log: list[Entry] = []

    @classmethod
    def of(cls, setup: Setup) -> Game:
        """A new game from a ready ``Setup`` (e.g. drawn by Hypothesis)."""
        game = cls.__new__(cls)
        game.setup, game.log = setup, []
        return game

    def copy(self) -> Game:
        """The same game with its own log, to try an action without keeping it."""
        other = Game.__new__(Game)
        other.setup, other.log = self.setup, list(self.log)
        return other

    @property
    def sheet(self) -> Sheet:
        return replay(self.setup, self.log)

    def _record(self, kind: str, data: dict) -> dict:
        self.log.append(Entry(len(self.log) + 1, kind, data))
        return data

    def do(self, kind: str, **raw: Any) -> dict:
        """Verify ``raw`` against the current sheet and record it."""
        return self._record(kind, verify(self.sheet, kind, raw))

    def bid(self, bid: Any, **raw: Any) -> dict:
        return self.do("bid", bid=bid, **raw)

    def bids(self, by_player: Sequence[int]) -> None:
        """Enter one bid per player (indexed by seat) in the bidding order (W-B1)."""
        for p in self.sheet.current.order:
            self.bid(by_player[p], player=p)

    def tricks(self, tricks: Sequence[Any], **raw: Any) -> dict:
        return self.do("tricks", tricks=list(tricks), **raw)

    def round(self, bids: Sequence[int], tricks: Sequence[int]) -> None:
        """A whole round: bids and tricks indexed by seat."""
        self.bids(bids)
        self.tricks(tricks)

    def correct(self, round: Any, bids: Any, tricks: Any = None) -> dict:
        return self.do("correction", round=round, bids=bids, tricks=tricks)

    def undo(self) -> Entry:
        target = logmod.verify_undo(self.log)
        self._record(logmod.UNDO, logmod.named(logmod.UNDO, target))
        return target

    def redo(self) -> Entry:
        target = logmod.verify_redo(self.log)
        self._record(logmod.REDO, logmod.named(logmod.REDO, target))
        return target


def rows_summary(sheet: Sheet) -> list[tuple]:
    """What the score pad shows per round: bids, tricks, running totals (W-S4)."""
    return [(r.number, r.bids, r.tricks, r.totals) for r in sheet.rows]


# ----------------------------------------------------------------- Hypothesis


PRESET_NAMES = ("standard", "plus_minus_one", "leader", "canadian")


@st.composite
def setups(draw, presets: Sequence[str] = PRESET_NAMES, max_players: int = 6) -> Setup:
    n = draw(st.integers(3, max_players))
    return make_setup(
        [f"P{i}" for i in range(n)],
        first_dealer=draw(st.integers(0, n - 1)),
        preset=draw(st.sampled_from(presets)),
    )


def split(draw, total: int, parts: int) -> list[int]:
    """A random way for ``parts`` players to take ``total`` tricks (W-S2)."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    edges = [0, *cuts, total]
    return [b - a for a, b in itertools.pairwise(edges)]


def legal_bid(draw, sheet: Sheet) -> int:
    row = sheet.current
    forbidden = sheet.forbidden()
    allowed = [v for v in range(row.cards + 1) if forbidden is None or v != forbidden.value]
    return draw(st.sampled_from(allowed))


def play_rounds(draw, game: Game, rounds: int) -> None:
    """Play ``rounds`` complete rounds with random legal bids and tricks."""
    for _ in range(rounds):
        sheet = game.sheet
        if sheet.finished:
            return
        while game.sheet.phase == "bidding":
            game.bid(legal_bid(draw, game.sheet))
        row = game.sheet.current
        game.tricks(split(draw, row.cards, game.setup.n))
