"""What one table taps next, chosen from what its phones already hold (bench/tables.py).

A table is the Scribe's phone (its key), four seats' phones (each its own link and cookie)
and a TV. Wizard and Skull King are played on the virtual deck: the Scribe deals (and names
Wizard's trump after a turned Wizard), each seat enters its own sealed bid and plays its
cards from its phone, the Scribe confirms the tricks the cards gave. Tarot is a score pad:
the Scribe enters each deal's result. Nothing here does I/O: ``next_tap`` says who taps
what, ``absorb`` takes that tap's answer (``Prefer: return=minimal``, merged as docs/api.md
says). The legal cards are the game's own rules (``setup.tricks``) over the hand the seat's
last answer gave and the trick on the table, so no phone reads its hand again to play.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from scribe.games import GAMES

GAMES_PLAYED = ("wizard", "skull_king", "tarot")
NAMES = ["Ann", "Bo", "Cy", "Dee"]
SCRIBE = -1  # who taps: the Scribe's phone, else a seat's number
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")  # Tarot's T-C1
SUITS = ("blue", "green", "red", "yellow")  # a turned Wizard's suit, named by the dealer (W-R3)
TIGRESS = "TI"  # Skull King's Tigress as held; played as a Pirate (TP) or an Escape (TE)


def new_game(game: str) -> dict[str, Any]:
    """The body of ``POST /api/games`` for a table of this game."""
    if game == "wizard":
        return {"game": game, "players": NAMES, "first_dealer": 0, "preset": "standard", "lang": "en",
                "rules": {"virtual_deck": True, "reveal": "hidden"}}
    if game == "skull_king":
        return {"game": game, "players": NAMES, "first_dealer": 0, "lang": "en", "rules": {"virtual_deck": True}}
    if game == "tarot":
        return {"game": game, "players": NAMES, "first_dealer": 0, "lang": "en"}
    raise ValueError(f"unknown game {game!r}: one of {', '.join(GAMES_PLAYED)}")


def rules_setup(game: str) -> Any:
    """The game's setup as the server makes it from ``new_game``: its trick rules judge a card."""
    body = new_game(game)
    options = {k: v for k, v in body.items() if k not in ("game", "lang", "rules")}
    return GAMES[game].make_setup(**options, **body.get("rules", {}))


@dataclass
class Tap:
    who: int  # SCRIBE or a seat
    kind: str  # deal, trump, bid, card, tricks, result, redeal
    path: str
    body: dict[str, Any]


@dataclass
class TablePlay:
    game: str
    key: str
    seats: list[str]  # the seats' link tokens
    sheet: dict[str, Any]
    rng: random.Random
    setup: Any = None
    hands: dict[int, list[str]] = field(default_factory=dict)  # each seat's hand, from its last answer
    legal: dict[int, list[str]] = field(default_factory=dict)  # the legal cards an answer gave its seat

    def __post_init__(self) -> None:
        self.setup = rules_setup(self.game)

    @property
    def version(self) -> int:
        return self.sheet["version"]

    def next_tap(self) -> Tap | None:
        """The next legal tap at this table, or None once the game is over."""
        if self.sheet["finished"]:
            return None
        if self.game == "tarot":
            return self._tarot()
        number = self.sheet["current_round"]
        row = self.sheet["rounds"][number - 1]
        base = {"round": number, "version": self.version}
        scribe = f"/api/games/{self.key}/actions"
        if not row.get("dealt"):
            return Tap(SCRIBE, "deal", f"{scribe}/deal", base)
        trump = row.get("trump") or {}
        if trump.get("card") == "wizard" and trump.get("suit") is None:
            return Tap(SCRIBE, "trump", f"{scribe}/trump", {**base, "card": "wizard", "suit": self.rng.choice(SUITS)})
        if self.sheet["phase"] == "bidding":
            seat = next(p for p in row["order"] if row["bids"][p] is None and not row["sealed"][p])
            return Tap(seat, "bid", f"/api/player/{self.seats[seat]}/bid",
                       {**base, "bid": self.rng.randint(0, row["cards"])})
        play = row["play"]
        if play["finished"]:
            return Tap(SCRIBE, "tricks", f"{scribe}/tricks", base)
        seat = play["turn"]
        card = self.rng.choice(self._legal(seat, row))
        if card == TIGRESS:
            card = self.rng.choice(("TP", "TE"))
        return Tap(seat, "card", f"/api/player/{self.seats[seat]}/played", {**base, "card": card})

    def _tarot(self) -> Tap:
        base = {"version": self.version}
        scribe = f"/api/games/{self.key}/actions"
        if self.rng.random() < 0.1:
            return Tap(SCRIBE, "redeal", f"{scribe}/redeal", base)
        bouts = self.rng.randint(0, 3)  # within what the bouts and the chien allow each side (T-S1)
        points = self.rng.randint(max(20, math.ceil(4.5 * bouts)), min(70, math.floor(91 - 4.5 * (3 - bouts))))
        return Tap(SCRIBE, "result", f"{scribe}/result", {
            **base, "taker": self.rng.randrange(len(NAMES)), "contract": self.rng.choice(CONTRACTS),
            "bouts": bouts, "attack_points": points})

    def _legal(self, seat: int, row: dict[str, Any]) -> list[str]:
        """The cards ``seat`` may play: as its own answer said, else the rules over its hand."""
        given = self.legal.pop(seat, None)
        if given:
            return given
        tricks = self.setup.tricks
        trick = [tricks.played(p["card"]) for p in row["play"]["trick"]]
        trump = (row.get("trump") or {}).get("suit")
        legal, _why = tricks.legal(self.hands[seat], trick, self.setup.trick_context(trump))
        return [str(c) for c in legal]

    def knows_hand(self, seat: int) -> bool:
        return seat in self.hands

    def absorb(self, who: int, answer: dict[str, Any]) -> bool:
        """A tap's answer (or a seat's read) taken in; False when it was counted from another
        version than the one held, so the sheet must be read again."""
        if who != SCRIBE and "cards" in answer:
            current = answer["cards"].get("current") or {}
            if "hand" in current:
                self.hands[who] = list(current["hand"])
                if current.get("my_turn") and current.get("legal"):
                    self.legal[who] = list(current["legal"])
                else:
                    self.legal.pop(who, None)
        if "sheet" not in answer:
            return True
        if "since" not in answer:
            self.sheet = answer["sheet"]
            return True
        if answer["since"] != self.version:
            return False
        got = {r["number"]: r for r in answer["sheet"]["rounds"]}
        held = self.sheet["rounds"]
        rounds = [got.get(n) or held[n - 1] for n in range(1, answer["round_count"] + 1)]
        self.sheet = {**answer["sheet"], "rounds": rounds}
        return True
