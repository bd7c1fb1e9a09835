"""The protocol answers every game of the family gives alike (Wizard's and Skull King's
``GameRules`` inherit them). Pure: no Flask, no SQL."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ...rules.errors import RuleError
from ...rules.game import GameRules
from ...rules.log import CHANGE, NAMED_BY, REDO, UNDO, Entry, walk
from .dealt import taken_back
from .result import summary


class BiddingRules(GameRules):
    SEAT_KINDS = ("played", "take_back")  # W-P1, K-B1: on the virtual deck a seat's holder plays its own cards
    summary = staticmethod(summary)  # the games list's line, alike for every game of the family

    def view_log(self, sheet: Any, log: Any, seat: int | None = None, horizon: int = 0,
                 entered: int = 0) -> list[Entry]:
        """The log as ``seat`` may read it, a changed sealed bid shown once (``without_rebids``)."""
        log = list(log)
        return without_rebids(log, super().view_log(sheet, log, seat, horizon, entered))

    def stand_in(self, sheet: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """A bid carried without its value (``withdrawn``, W-B7, K-B1): the lowest bid the
        rules accept in its place, chosen from what the record shows, never from the value
        (which the record does not hold); None when it is no such bid or none is accepted
        (the import then refuses it as any other bid)."""
        if kind == "deal" and isinstance(data, Mapping):
            return self._stand_in_deal(sheet, data)
        if kind != "bid" or not isinstance(data, Mapping) or "bid" not in data or data["bid"] is not None:
            return None
        row = sheet.current
        for value in range(row.cards + 1 if row is not None else 0):
            try:
                return self.verify(sheet, kind, {**data, "bid": value})
            except RuleError:
                continue
        return None

    def _stand_in_deal(self, sheet: Any, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """A virtual deck's deal carried without its hands (withdrawn: undone before the bids):
        hands drawn from a fixed seed, never from the record, around the card turned up that
        the record keeps (the table saw it; a trump named after it depends on it, W-R3)."""
        hands, drawn = data.get("hands"), self.DRAWN.get("deal")
        if drawn is None or not isinstance(hands, list) or not hands or any(h is not None for h in hands):
            return None
        try:
            dealt = drawn(sheet, data, random.Random(0))
            turned, spare = data.get("turned"), dealt.get("turned")
            if "turned" in dealt and turned != spare:  # the record's card turned up, the drawn one dealt instead
                held = [c for h in dealt["hands"] for c in h]
                if turned in held and spare is not None:
                    for h in dealt["hands"]:
                        if turned in h:
                            h[h.index(turned)] = spare
                            break
                dealt["turned"] = turned
            return self.verify(sheet, "deal", dealt)
        except RuleError:
            return None

    def drawn_again(self, sheet: Any, log: Any, kind: str, data: Mapping[str, Any]) -> dict[str, Any] | None:
        """A deal of the round whose deal was taken back (undone), unless Scribe shuffled
        again since: the same cards again (``dealt.taken_back``), to be verified as any deal."""
        row = sheet.current
        if kind != "deal" or row is None or str(data.get("round") or row.number) != str(row.number):
            return None  # another round named: the fresh draw refuses it in words
        undone = taken_back(list(log), row.number)
        return None if undone is None else dict(undone.data)

    def deals_again(self, sheet: Any, log: Any) -> bool:
        """Whether the next deal of the round in play gives the cards of a deal taken back
        (so Scribe's page offers to shuffle again instead)."""
        row = sheet.current
        return bool(sheet.setup.rules.virtual_deck and row is not None and not row.dealt
                    and taken_back(list(log), row.number) is not None)

    def awaits_deal(self, full: Any) -> bool:
        """The virtual deck's round is not dealt yet: nobody bids before holding the cards
        (W-R4; K-B1), so no phone offers bid buttons until Scribe deals."""
        row = full.current
        return bool(full.setup.rules.virtual_deck and row is not None and full.phase == "bidding" and not row.dealt)

    def may_change_bid(self, full: Any, seat: int) -> bool:
        """W-B7, K-B1: a seat that bid alone, its bid sealed, changes it until the last is in."""
        row = full.current
        return bool(self.seats_bid_alone(full) and full.phase == "bidding" and row is not None
                    and not row.bids_in and 0 <= seat < full.setup.n and row.bids[seat] is not None)

    def seat_plays(self, full: Any, seat: int) -> bool:
        """The virtual deck's cards are in play (W-R4; K-B1: once every bid is in) and
        ``seat`` has a hand to play from or a card to take back."""
        row = full.current
        return bool(full.setup.rules.virtual_deck and row is not None and row.play is not None and row.bids_in
                    and 0 <= seat < full.setup.n)

    @staticmethod
    def past_hands(view: Any, seat: int) -> list[dict[str, Any]]:
        """The hands ``seat`` was dealt in the rounds already scored, from its own view."""
        return [{"round": r.number, "dealt": list(r.hands[seat] or ())} for r in view.rows if r.complete and r.dealt]


def rebids(log: Iterable[Entry]) -> dict[int, int]:
    """Each changed sealed bid's first entry by the seq of the bid now standing for it
    (the chain's last change; rules/log.py: a change takes the first one's place).

    >>> bid = lambda seq, p, **k: Entry(seq, "bid", {"round": 1, "player": p, "bid": 1, **k})
    >>> rebids([bid(1, 0), bid(2, 1), bid(3, 0, rebid=True), bid(4, 0, rebid=True)])
    {4: 1}
    """
    first: dict[int, int] = {}
    for entry, moved in walk(log):
        if entry.kind not in (UNDO, REDO) and moved is not None:
            first[entry.seq] = first.pop(moved.seq, moved.seq)
    return first


def _heads(log: Iterable[Entry]) -> dict[int, int]:
    """The first entry of every changed bid by each of its entries' seqs (a changed one's
    too: an undo or a redo may name it)."""
    heads: dict[int, int] = {}
    for entry, moved in walk(log):
        if entry.kind not in (UNDO, REDO) and moved is not None:
            heads[entry.seq] = heads.setdefault(moved.seq, moved.seq)
    return heads


def without_rebids(log: list[Entry], viewed: list[Entry]) -> list[Entry]:
    """``viewed`` (each entry of ``log`` as a viewer reads it) with every changed bid
    shown once, at its first entry's place and number, with the value standing now, and
    the changes themselves gone, as are the undos and redos' numbers that named them: at
    a real table nobody learns that a sealed bid was changed (W-B7, K-B1)."""
    first = rebids(log)
    if not first:
        return viewed
    standing = {head: seq for seq, head in first.items()}
    heads = _heads(log)
    dropped = {e.seq for e in log if e.kind not in NAMED_BY and e.data.get(CHANGE)}
    by_seq = {e.seq: v for e, v in zip(log, viewed)}
    out = []
    for entry, seen in zip(log, viewed):
        if entry.seq in standing:  # the first bid: shown with the value standing now, unflagged
            now = by_seq[standing[entry.seq]]
            out.append(replace(now, seq=entry.seq, data={k: v for k, v in now.data.items() if k != CHANGE}))
        elif entry.seq in dropped:
            continue
        elif entry.kind in NAMED_BY and seen.data.get(NAMED_BY[entry.kind]) in heads:
            key = NAMED_BY[entry.kind]
            out.append(replace(seen, data={**seen.data, key: heads[seen.data[key]]}))
        else:
            out.append(seen)
    return out
