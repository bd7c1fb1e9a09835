"""The Skull King score sheet: rows, totals, leaders and winners (K-E1), and ``replay``,
the pure function from a setup and its log to what a page, the API and a PDF render;
``advance`` takes one more entry without replaying the log, and equals a fresh replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...rules.log import Entry
from ..bidding import base
from ..bidding.base import Round
from ..bidding.result import top
from ..bidding.rows import BidRow
from .cards import parse_card
from .play import play_round
from .scoring import Bonus, loot_points, round_points
from .setup import Setup


@dataclass
class Record(Round):
    """What the log says of one round (the family's ``Round``), with Skull King's own
    result: the bonuses (K-S2), the Loot (K-S3) and the Cannonballs (K-S4)."""

    bonuses: tuple[Bonus, ...] = ()  # per seat (K-S2)
    loot: tuple[tuple[int, int], ...] = ()  # (who played the Loot, who captured it), K-S3
    cannonball: tuple[int, ...] = ()  # seats that chose the Cannonball (K-S4)

    def take(self, setup: Setup, entry: Entry) -> None:
        super().take(setup, entry)
        d = entry.data
        if entry.kind in ("tricks", "correction") and d.get("tricks") is not None:
            self.destroyed = d.get("destroyed", 0)  # K-T1: a correction holds the whole result
            self.bonuses = tuple(Bonus.from_dict(b) for b in d.get("bonuses") or [{}] * setup.n)
            self.loot = tuple((a, b) for a, b in d.get("loot") or ())
            self.cannonball = tuple(d.get("cannonball") or ())


@dataclass(frozen=True)
class RoundRow(BidRow):
    """One row of the score sheet; ``totals`` are the running totals after it."""

    number: int
    cards: int
    dealer: int
    order: tuple[int, ...]  # from the dealer's left (who leads first) to the dealer
    bids: tuple[Any, ...]  # int, None (not yet), or SEALED in a viewer's sheet (K-B1)
    tricks: tuple[int, ...] | None
    destroyed: int
    bonuses: tuple[Bonus, ...]
    loot: tuple[tuple[int, int], ...]
    cannonball: tuple[int, ...]
    points: tuple[int, ...] | None
    earned: tuple[int, ...] | None  # the bonus points that counted (K-S2..K-S4), per seat
    totals: tuple[int, ...] | None
    leaders: tuple[int, ...]
    corrected: bool
    # Virtual deck: the dealt hands (a viewer's sheet keeps only their own, ``reveal``),
    # the cards played (public), and the tricks as played while the round is played.
    hands: tuple[tuple[str, ...] | None, ...] | None = None
    plays: tuple[tuple[int, str], ...] = ()
    play: Any = None  # trickplay.RoundPlay of Skull King's cards, None once scored
    shuffled: int = 0  # times Scribe shuffled again before the deal (public)

    trump: ClassVar[Any] = None  # K-R1: no card is turned up, black is always trump

    @property
    def played(self) -> tuple[tuple[str, ...], ...]:
        """Virtual deck: the cards each seat played, as played (a Tigress as ``TP``/``TE``)."""
        return tuple(tuple(c for p, c in self.plays if p == seat) for seat in range(len(self.bids)))

    def hands_seen(self, viewer: int | None, old_deal: bool, shown: bool) -> RoundRow:
        """The dealt hands as ``viewer`` may hold them: every hand once the round is scored
        (public for good), else only their own, and not one dealt before their link
        (``old_deal``)."""
        if shown:
            return self
        return replace(self, hands=tuple(h if p == viewer and not old_deal else None
                                         for p, h in enumerate(self.hands)))  # type: ignore[arg-type]

    def remaining(self, player: int) -> tuple[str, ...] | None:
        """The cards ``player`` still holds (dealt less played; a played Tigress was ``TI``),
        None if not shown to this viewer."""
        if self.hands is None or self.hands[player] is None:
            return None
        left = list(self.hands[player])  # type: ignore[arg-type]
        for seat, card in self.plays:
            if seat == player:
                left.remove("TI" if card in ("TP", "TE") else card)
        return tuple(left)

    @property
    def ghost(self) -> int:
        """Tricks Graybeard's ghost took (two players, K-R1): neither bid nor scored."""
        if self.tricks is None:
            return 0
        return self.cards - self.destroyed - sum(self.tricks)


@dataclass(frozen=True)
class Sheet(base.Sheet):
    """Everything the score sheet shows, computed from the setup and the log (its round in
    play, totals, winners (K-E1) and standings: the family's ``BidSheet``)."""

    GAME: ClassVar[str] = "skull_king"
    setup: Setup
    rows: tuple[RoundRow, ...]

    def seen_by(self, rows: tuple[RoundRow, ...], viewer: int | None) -> Sheet:
        """The sheet of ``viewer`` with ``rows`` as the family's ``reveal.sealed`` sealed
        them, and no ``state``: a viewer's sheet is never advanced."""
        return replace(self, rows=rows, redacted=True, viewer=viewer, state=None)


def score(setup: Setup, cards: int, record: Record) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each seat's points for a played round, and the bonus points among them
    (K-S1..K-S4).

    >>> from scribe.games.skull_king import make_setup
    >>> s = make_setup(["Lawrence", "Charlotte", "Anne", "Morgan"])
    >>> r = Record(bids=(0, 1, 1, 1), tricks=(0, 0, 1, 1), bonuses=(Bonus(),) * 3 + (Bonus(fourteens=1, skull_king=1),))
    >>> score(s, 2, r)
    ((20, -10, 20, 70), (0, 0, 0, 50))
    """
    rules = setup.rules
    assert record.tricks is not None
    points, earned = [], []
    loot = loot_points(record.loot, record.bids, record.tricks)  # type: ignore[arg-type]
    for p, (bid, tricks) in enumerate(zip(record.bids, record.tricks)):
        kw = dict(scoring=rules.scoring, cannonball=p in record.cannonball, bonus_on_miss=rules.bonus_on_miss)
        bare = round_points(bid, tricks, cards, 0, **kw)  # type: ignore[arg-type]
        full = round_points(bid, tricks, cards, record.bonuses[p].points, **kw)  # type: ignore[arg-type]
        points.append(full + loot[p])
        earned.append(full - bare + loot[p])
    return tuple(points), tuple(earned)


def _blank(setup: Setup) -> Record:
    return Record(bids=[None] * setup.n)


def _row(setup: Setup, i: int, record: Record, running: tuple[int, ...]) -> RoundRow:
    """The row of round ``i + 1`` from what the log left of it and the totals before it."""
    cards, dealer, order = setup.schedule[i]
    points = earned = totals = None
    if record.tricks is not None:
        points, earned = score(setup, cards, record)
        totals = tuple(a + b for a, b in zip(running, points))
    return RoundRow(i + 1, cards, dealer, order, tuple(record.bids),
                    None if record.tricks is None else tuple(record.tricks), record.destroyed,
                    record.bonuses or (Bonus(),) * setup.n, record.loot, record.cannonball,
                    points, earned, totals, top(totals) if totals else (), record.corrected,
                    record.hands, tuple(record.plays or ()), _play(setup, record, cards, order), record.shuffled)


def _play(setup: Setup, record: Record, cards: int, order: tuple[int, ...]) -> Any:
    """The tricks as played so far, once dealt and until scored (the dealer's left leads
    first, then each trick's winner, or K-T1's rule for a destroyed trick)."""
    if record.hands is None or record.tricks is not None:
        return None
    return play_round(setup.n, order[0], [(p, parse_card(c)) for p, c in record.plays or ()], cards)


def replay(setup: Setup, log: Iterable[Entry]) -> Sheet:
    """The sheet after the log's active entries (undo and redo applied): a pure function.

    >>> from scribe.games.skull_king import Entry, make_setup
    >>> s = make_setup(["Calvin", "Angela", "Kate"])
    >>> log = [Entry(1, "bids", {"round": 1, "bids": [1, 0, 0]}),
    ...        Entry(2, "tricks", {"round": 1, "tricks": [1, 0, 0]})]
    >>> replay(s, log).totals
    (20, 10, 10)
    """
    return base.replay(setup, log, _blank, _row, Sheet)


def advance(sheet: Sheet, entry: Entry, log: Sequence[Entry] = ()) -> Sheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, log +
    [entry])`` without replaying ``log`` (the entries before it). An undo or a redo
    needs that log (what it takes back is found in it), so those are replayed afresh.

    >>> from scribe.games.skull_king import Entry, make_setup
    >>> s = make_setup(["Calvin", "Angela", "Kate"])
    >>> one = advance(replay(s, []), Entry(1, "bids", {"round": 1, "bids": [1, 0, 0]}))
    >>> advance(one, Entry(2, "tricks", {"round": 1, "tricks": [1, 0, 0]})).totals
    (20, 10, 10)
    """
    return base.advance(sheet, entry, log, _row, replay)
