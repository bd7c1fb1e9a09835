"""Belote and Coinche as the rest of Scribe sees it: the object behind
``rules.game.GameRules``, registered as "belote" (Coinche its variant), declared from the
package's names (``rules.declare``). Contracts and points are said aloud at the table, so
a score pad hides nothing; with the virtual deck (issue 34) each seat sees only its own
hand while a deal is played (:class:`DeckRules`: the protocol's answers for the cards).

The pure deals-added-up (``run``, ``extend``, ``Game``, ``Row``, ``score``) moved to
``tally.py``; their names stay importable from here.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ...rules.declare import declare
from ...rules.errors import N_, RuleError
from ...rules.game import GameRules
from ...rules.log import Entry, resolve
from ...rules.robots import draw as draw_bot
from ..bidding.dealt import taken_back
from . import deck, setup, sheet, story
from .tally import Game, Row, extend, run, score
from .words_rules import WORDS

__all__ = ["GAME", "BeloteRules", "Game", "Row", "extend", "run", "score"]


def _draw(full: Any, data: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The service's random source deals the line's cards (B-D1; Coinche 8 each); a page
    naming another line keeps its number, so the check refuses it (out of date)."""
    drawn = deck.draw(full.setup, full.round_number, rng)
    return {**drawn, "round": data.get("round")} if data.get("round") not in (None, "") else drawn


def _deal_seqs(log: Any) -> dict[int, int]:
    """Each line's deal in effect, by the seq of its entry."""
    return {e.data.get("round"): e.seq for e in resolve(list(log)).active if e.kind == sheet.DEAL}


class DeckRules(GameRules):
    """The virtual deck's answers (issue 34): the deal drawn by the server, a seat's own
    taps, and what each viewer may see of the cards."""

    # the service's random source deals, and seeds a robot (issue 37), never a client
    DRAWN: ClassVar[dict[str, Any]] = {sheet.DEAL: _draw, sheet.BOT: draw_bot}
    SEAT_KINDS = (sheet.CALL, sheet.PLAYED, sheet.TAKE_BACK)  # a seat's own taps: the Scribe's only for a seat with no phone
    # said and played on the phones: the Scribe's page (its result tap) is not stale for them
    QUIET_KINDS = (sheet.CALL, sheet.PLAYED, sheet.TAKE_BACK)

    decks = ("standard-32",)  # docs/cards.md: the virtual deck's codes

    def deck(self, setup: Any) -> str | None:
        """The 32-card pack, a score pad's too (as Wizard's and Rikiki's sheets name theirs
        without the virtual deck): one sheet schema, whatever the table chose."""
        return "standard-32"

    def hides_anything(self, full: Any) -> bool:
        return bool(full.setup.virtual_deck)

    def view(self, full: Any, log: Any = (), seat: int | None = None, horizon: int = 0, entered: int = 0) -> Any:
        """The sheet as ``seat`` sees it: its own hand of the deal on the table and of the
        deals recorded (none when its link came after that deal, ``horizon``), nobody
        else's, never the stock; the Scribe and watchers (None) see no hand at all."""
        if not full.setup.virtual_deck or full.redacted:
            return full
        seqs = _deal_seqs(log)
        def own(number: int) -> bool:  # a deal the log does not hold (none given: the passed phone) is seen
            seq = seqs.get(number)
            return seat is not None and (seq is None or seq > horizon)
        table = None if full.table is None else full.table.seen_by(seat, own(full.table.round))
        past = tuple((n, tuple(h if p == seat and own(n) else None for p, h in enumerate(dealt)))
                     for n, dealt in full.past)
        return replace(full, table=table, past=past, viewer=seat, redacted=True)

    def view_entry(self, full: Any, entry: Entry, seat: int | None = None, horizon: int = 0,
                   entered: int = 0, withdrawn: Collection[int] = ()) -> Entry:
        """A deal entry read by anyone but its seat: the other hands and the stock left
        out until its line is recorded (then every card was played, or thrown in: the
        deal is the table's). Calls and cards played are public."""
        if entry.kind != sheet.DEAL:
            return entry
        number = entry.data.get("round")
        if isinstance(number, int) and number <= len(full.rounds):
            return entry
        viewer = None if entry.seq <= horizon else seat
        d = dict(entry.data)
        d["hands"] = [h if p == viewer else None for p, h in enumerate(d.get("hands") or ())]
        if "stock" in d:
            d["stock"] = None
        return replace(entry, data=d)

    def verify_take_back(self, full: Any, log: Any, target: Entry) -> None:
        """A deal stands once anyone has spoken on its cards (even if undone since): undoing
        is no way to a new hand."""
        if target.kind != sheet.DEAL:
            return
        number = target.data.get("round")
        if any(e.kind == sheet.CALL and e.seq > target.seq and e.data.get("round") == number for e in log):
            raise RuleError(N_("Someone has spoken on these cards: the deal stands. To fix an earlier deal, "
                               "tap its number on the sheet."), field="undo")

    def drawn_again(self, full: Any, log: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """A deal of the line whose deal was taken back: the same cards again."""
        if kind != sheet.DEAL or not full.setup.virtual_deck or full.table is not None or full.finished:
            return None
        if data.get("round") not in (None, "") and str(data["round"]) != str(full.round_number):
            return None  # another line named: the fresh draw refuses it in words
        undone = taken_back(list(log), full.round_number)
        return None if undone is None else dict(undone.data)

    def deals_again(self, full: Any, log: Any) -> bool:
        return self.drawn_again(full, log, sheet.DEAL, {}) is not None

    def awaits_deal(self, full: Any) -> bool:
        """The virtual deck is on and the line in play is not dealt yet."""
        return bool(full.setup.virtual_deck and not full.finished and full.table is None)

    def seat_plays(self, full: Any, seat: int) -> bool:
        """The deal is on the table (spoken on or played) and ``seat`` is one of the four."""
        t = full.table
        return bool(full.setup.virtual_deck and t is not None and t.phase in (deck.SPEAKING, deck.PLAYING, deck.PLAYED)
                    and 0 <= seat < setup.PLAYERS)

    def own_cards(self, view: Any, seat: int) -> dict[str, Any]:
        """A seat's own cards, from its own view only: the deal on the table (its hand,
        its turn, the cards it may play and why not the others, whether it may take its
        last card back) and what it was dealt in the deals recorded."""
        if not view.setup.virtual_deck:
            return {"virtual_deck": False}
        if not view.redacted or view.viewer != seat:
            raise ValueError("read a player's cards from that player's own view")
        t, now = view.table, None
        if t is not None:
            hidden = t.hands[seat] is None  # dealt before this seat's link: sealed from it
            legal, why = t.legal(seat)
            now = {"round": t.round, "hand": list(t.hands[seat] or ()), "dealt": list(t.dealt[seat] or ()),
                   "played": [c for p, c in t.plays if p == seat], "hidden": hidden,
                   "can_mark": t.phase == deck.PLAYING and not hidden,
                   "my_turn": not hidden and (t.player == seat or t.speaker == seat),
                   "legal": legal, "why": why, "can_take_back": not hidden and t.can_take_back(seat)}
        past = [{"round": n, "dealt": list(dealt[seat] or ())} for n, dealt in view.past]
        return {"virtual_deck": True, "deck": self.deck(view.setup), "current": now, "past": past}


def event_table(self: Any, players: list[str], deals: int | None, target: int | None) -> dict[str, Any]:
    """A concours table: its two teams' players, partners facing, and the partie's deals or
    target (E-F2)."""
    return {"players": players, "deals": deals, "target": target}


GAME = declare("belote", __name__, "Belote and Coinche by the federation's rules (B-M1..B-F2, C-A1..C-F2).",
               setup=setup, sheet=sheet, story=story, base=DeckRules, seats=(setup.PLAYERS, setup.PLAYERS),
               WORDS=WORDS, EVENT_FORMATS=("concours",), event_table=event_table)
BeloteRules = type(GAME)
