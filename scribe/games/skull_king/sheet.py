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
from ..bidding.sheet import RoundRow as FamilyRow
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
class RoundRow(FamilyRow):
    """One row of the score sheet: the family's (no card turned up, black is always trump,
    K-R1), with Skull King's own result: the bonuses (K-S2), the Loot (K-S3), the
    Cannonballs (K-S4) and the bonus points that counted (``earned``, per seat). Virtual
    deck: ``plays`` are the cards played in order, ``play`` Skull King's
    ``trickplay.RoundPlay``, None once scored."""

    bonuses: tuple[Bonus, ...] = ()
    loot: tuple[tuple[int, int], ...] = ()
    cannonball: tuple[int, ...] = ()
    earned: tuple[int, ...] | None = None
    plays: tuple[tuple[int, str], ...] = ()

    def held(self, card: str) -> str:
        return "TI" if card in ("TP", "TE") else card  # a Tigress is played as a pirate or an escape

    def hands_seen(self, viewer: int | None, old_deal: bool, shown: bool) -> RoundRow:
        """The dealt hands as ``viewer`` may hold them: every hand once the round is scored
        (public for good), else only their own, and not one dealt before their link
        (``old_deal``)."""
        if shown:
            return self
        return replace(self, hands=tuple(h if p == viewer and not old_deal else None
                                         for p, h in enumerate(self.hands)))  # type: ignore[arg-type]

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
    plays = tuple(record.plays or ())
    return RoundRow(
        number=i + 1, cards=cards, dealer=dealer, order=order, has_trump=False, trump=None,
        bids=tuple(record.bids), tricks=None if record.tricks is None else tuple(record.tricks),
        points=points, totals=totals, leaders=top(totals) if totals else (), corrected=record.corrected,
        hands=record.hands, played=tuple(tuple(c for p, c in plays if p == seat) for seat in range(setup.n)),
        play=_play(setup, record, cards, order), destroyed=record.destroyed, shuffled=record.shuffled,
        bonuses=record.bonuses or (Bonus(),) * setup.n, loot=record.loot, cannonball=record.cannonball,
        earned=earned, plays=plays)


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
