"""Helpers for the Skull King rules tests: a game played the way the web layer will
play it (``verify`` then append), and a random round played with real cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from scribe.games.skull_king import Setup, Sheet, make_setup, replay, verify
from scribe.games.skull_king.cards import Card, Kind, deal, deck
from scribe.games.skull_king.play import RoundPlay, play_round, tally
from scribe.games.skull_king.tricks import legal
from scribe.rules import log as logmod
from scribe.rules.log import Entry


class Game:
    """A setup and its growing log; every action goes through ``verify``."""

    def __init__(self, players: Sequence[str] = ("Ana", "Ben", "Cy"), **setup: Any):
        self.setup: Setup = make_setup(list(players), **setup)
        self.log: list[Entry] = []

    @property
    def sheet(self) -> Sheet:
        return replay(self.setup, self.log)

    def do(self, kind: str, **raw: Any) -> dict:
        data = verify(self.sheet, kind, raw)
        self.log.append(Entry(len(self.log) + 1, kind, data))
        return data

    def bids(self, bids: Sequence[Any]) -> dict:
        return self.do("bids", bids=list(bids))

    def result(self, tricks: Sequence[Any], **raw: Any) -> dict:
        return self.do("tricks", tricks=list(tricks), **raw)

    def round(self, bids: Sequence[int], tricks: Sequence[int], **raw: Any) -> None:
        self.bids(bids)
        self.result(tricks, **raw)

    def undo(self) -> Entry:
        target = logmod.verify_undo(self.log)
        self.log.append(Entry(len(self.log) + 1, logmod.UNDO, logmod.named(logmod.UNDO, target)))
        return target

    def redo(self) -> Entry:
        target = logmod.verify_redo(self.log)
        self.log.append(Entry(len(self.log) + 1, logmod.REDO, logmod.named(logmod.REDO, target)))
        return target


def as_played(card: Card, rng: random.Random) -> Card:
    """A card as its player puts it down: the Tigress as a Pirate or an Escape."""
    if card.kind is Kind.TIGRESS:
        from scribe.games.skull_king.cards import TIGRESS_ESCAPE, TIGRESS_PIRATE

        return rng.choice((TIGRESS_PIRATE, TIGRESS_ESCAPE))
    return card


def random_round(setup: Setup, number: int, rng: random.Random) -> tuple[RoundPlay, dict]:
    """Round ``number`` dealt from the game's deck and played out with random legal cards
    (three seats or more): the play and its result as a round entry's data."""
    rules = setup.rules
    n, cards = setup.n, setup.cards(number)
    hands = [list(h) for h in deal(n, cards, deck(rules.kraken, rules.white_whale, rules.loot), rng)]
    first = setup.order(number)[0]
    plays: list[tuple[int, Card]] = []
    state = play_round(n, first, plays, cards)
    while not state.finished:
        seat = state.turn
        allowed, _why = legal(hands[seat], [c for _s, c in state.trick])
        card = rng.choice(allowed)
        hands[seat].remove(card)
        plays.append((seat, as_played(card, rng)))
        state = play_round(n, first, plays, cards)
    return state, tally(state, n)
