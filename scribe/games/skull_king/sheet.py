"""The Skull King score sheet: rows, totals, leaders and winners (K-E1), and ``replay``,
the pure function from a setup and its log to what a page, the API and a PDF render;
``advance`` takes one more entry without replaying the log, and equals a fresh replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...rules.log import CHANGE, REDO, UNDO, Entry, resolve
from ..bidding.result import BidSheet, top
from ..bidding.rows import BidRow
from ..bidding.shown import Shown, shown
from .cards import parse_card
from .play import play_round
from .scoring import Bonus, loot_points, round_points
from .setup import Setup


@dataclass(frozen=True)
class Record:
    """What the log says of one round: the bids, and once played its result."""

    bids: tuple[int | None, ...]
    tricks: tuple[int, ...] | None = None
    destroyed: int = 0  # tricks the Kraken or the White Whale destroyed (K-T1)
    bonuses: tuple[Bonus, ...] = ()  # per seat (K-S2)
    loot: tuple[tuple[int, int], ...] = ()  # (who played the Loot, who captured it), K-S3
    cannonball: tuple[int, ...] = ()  # seats that chose the Cannonball (K-S4)
    corrected: bool = False
    hands: tuple[tuple[str, ...], ...] | None = None  # virtual deck: the dealt hands (card notations)
    plays: tuple[tuple[int, str], ...] = ()  # virtual deck: (seat, card as played), in play order
    shuffled: int = 0  # virtual deck: times Scribe shuffled again before the deal (public)


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
class Sheet(BidSheet):
    """Everything the score sheet shows, computed from the setup and the log (its round in
    play, totals, winners (K-E1) and standings: the family's ``BidSheet``)."""

    GAME: ClassVar[str] = "skull_king"
    setup: Setup
    rows: tuple[RoundRow, ...]
    version: int  # entries in the log; a page submits it back to detect staleness
    can_undo: bool
    can_redo: bool
    records: tuple[Record, ...]  # the state ``advance`` goes on from
    redacted: bool = False  # set by ``reveal.sealed``: one viewer's sheet
    viewer: int | None = None
    shown: Shown = Shown()  # the rounds whose bids the whole table has seen, for good (K-B1)

    def seen_by(self, rows: tuple[RoundRow, ...], viewer: int | None) -> Sheet:
        """The sheet of ``viewer`` with ``rows`` as the family's ``reveal.sealed`` sealed
        them; ``records`` hold every bid, for ``advance`` alone, and a viewer's sheet is
        never advanced."""
        return replace(self, rows=rows, redacted=True, viewer=viewer, records=())


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


def _blank(setup: Setup) -> tuple[Record, ...]:
    return tuple(Record(bids=(None,) * setup.n) for _ in range(setup.round_count))


def _apply(setup: Setup, records: tuple[Record, ...], entry: Entry) -> tuple[Record, ...]:
    """The records after one verified entry (its data were normalised by ``verify``)."""
    d = entry.data
    i = d["round"] - 1
    r = records[i]
    if entry.kind == "bid":
        bids = list(r.bids)
        bids[d["player"]] = d["bid"]
        r = replace(r, bids=tuple(bids))
    elif entry.kind == "bids":
        r = replace(r, bids=tuple(d["bids"]))
    elif entry.kind == "deal":
        r = replace(r, hands=tuple(tuple(h) for h in d["hands"]), plays=())
    elif entry.kind == "shuffle":  # virtual deck: the next deal is a new one (the table is told)
        r = replace(r, shuffled=r.shuffled + 1)
    elif entry.kind == "played":
        r = replace(r, plays=r.plays + ((d["player"], d["card"]),))
    elif entry.kind == "take_back":
        r = replace(r, plays=r.plays[:-1])
    elif entry.kind in ("tricks", "correction"):
        if entry.kind == "correction":
            r = replace(r, bids=tuple(d["bids"]), corrected=True)
        if d.get("tricks") is not None:
            r = replace(r, tricks=tuple(d["tricks"]), destroyed=d.get("destroyed", 0),
                        bonuses=tuple(Bonus.from_dict(b) for b in d.get("bonuses") or [{}] * setup.n),
                        loot=tuple((a, b) for a, b in d.get("loot") or ()),
                        cannonball=tuple(d.get("cannonball") or ()))
    else:
        raise ValueError(f"unknown entry kind {entry.kind!r}")
    return records[:i] + (r,) + records[i + 1:]


def _sheet(setup: Setup, records: tuple[Record, ...], version: int, can_undo: bool, can_redo: bool,
           before: Sheet | None = None, seen: Shown = Shown()) -> Sheet:
    """The rows from the records; rows of ``before`` are kept up to the first round whose
    record changed (their running totals cannot have moved)."""
    rows: list[RoundRow] = []
    running = [0] * setup.n
    same = before is not None
    for i, (record, (cards, dealer, order)) in enumerate(zip(records, setup.schedule)):
        same = same and before.records[i] is record  # type: ignore[union-attr]
        if same:
            row = before.rows[i]  # type: ignore[union-attr]
        else:
            points = earned = totals = None
            if record.tricks is not None:
                points, earned = score(setup, cards, record)
                totals = tuple(a + b for a, b in zip(running, points))
            row = RoundRow(i + 1, cards, dealer, order, record.bids, record.tricks, record.destroyed,
                           record.bonuses or (Bonus(),) * setup.n, record.loot, record.cannonball,
                           points, earned, totals, top(totals) if totals else (), record.corrected,
                           record.hands, record.plays, _play(setup, record, cards, order), record.shuffled)
        if row.totals is not None:
            running = list(row.totals)
        rows.append(row)
    return Sheet(setup, tuple(rows), version, can_undo, can_redo, records, shown=seen)


def _play(setup: Setup, record: Record, cards: int, order: tuple[int, ...]) -> Any:
    """The tricks as played so far, once dealt and until scored (the dealer's left leads
    first, then each trick's winner, or K-T1's rule for a destroyed trick)."""
    if record.hands is None or record.tricks is not None:
        return None
    return play_round(setup.n, order[0], [(p, parse_card(c)) for p, c in record.plays], cards)


def replay(setup: Setup, log: Iterable[Entry]) -> Sheet:
    """The sheet after the log's active entries (undo and redo applied): a pure function.

    >>> from scribe.games.skull_king import Entry, make_setup
    >>> s = make_setup(["Calvin", "Angela", "Kate"])
    >>> log = [Entry(1, "bids", {"round": 1, "bids": [1, 0, 0]}),
    ...        Entry(2, "tricks", {"round": 1, "tricks": [1, 0, 0]})]
    >>> replay(s, log).totals
    (20, 10, 10)
    """
    log = list(log)
    resolved = resolve(log)
    records = _blank(setup)
    for entry in resolved.active:
        records = _apply(setup, records, entry)
    return _sheet(setup, records, len(log), resolved.undo_target is not None, resolved.redo_target is not None,
                  seen=shown("hidden", setup.n, log))


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
    if sheet.redacted:
        raise ValueError("advance the whole sheet, not a viewer's")
    if entry.kind in (UNDO, REDO) or entry.data.get(CHANGE):  # a change: in its first one's place
        return replay(sheet.setup, [*log, entry])
    records = _apply(sheet.setup, sheet.records, entry)
    new = _sheet(sheet.setup, records, sheet.version + 1, True, False, before=sheet, seen=sheet.shown)
    row = new.rows[entry.data["round"] - 1]
    # the entry revealed its round (the last bid in, or its result): public for good
    bids = sheet.shown.bids | ({row.number} if row.bids_in or row.complete else set())
    hands = sheet.shown.hands | ({row.number} if row.complete else set())
    return new if (bids, hands) == (sheet.shown.bids, sheet.shown.hands) else replace(new, shown=Shown(bids, hands))
