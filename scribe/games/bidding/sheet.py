"""The bids-and-tricks family's sheet (W-S4, R-F1): rows, totals, leaders, the forbidden
bid, and ``replay``, the pure function from a setup and its log to what the page, API and
PDF render; ``advance`` takes one more entry without replaying the log, and equals a fresh
replay. What differs between games (scoring, the hook, the turned card, the trick rules)
the setup says: ``bidding.definition``. Written for Wizard first, so its doctests play Wizard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ...rules.standings import Standing  # noqa: F401  (re-exported: wizard.Standing)
from . import base
from .base import Round, State
from .definition import Definition as Setup
from .play import TrickState
from .result import summary, top  # noqa: F401  (summary: the family's games-list line, read as sheet.summary)
from .rows import BidRow


@dataclass(frozen=True)
class Trump:
    """The card turned up (a suit colour, or a card of the game's own: "jester", "wizard")
    and the trump suit. ``picks``: the dealer names the suit when that card is turned (a
    Wizard, W-R3: the setup's ``DEALER_PICKS``); ``waiting``: a holder of another card
    names it and has not yet (W-J5); ``by``: who names it, when not the dealer (shown to all)."""

    card: str
    suit: str | None
    waiting: bool = field(default=False, repr=False)
    by: int | None = field(default=None, repr=False)
    picks: bool = field(default=False, repr=False, compare=False)

    @property
    def pending(self) -> bool:
        """A card that lets the dealer name the suit was turned and no suit is named yet
        (W-R3), or the holder who names it has not (W-J5)."""
        return self.waiting or (self.picks and self.suit is None)

    def picker(self, dealer: int) -> int:
        """Who names the trump suit: the holder of the card that says so (W-J5), else the dealer."""
        return dealer if self.by is None else self.by


@dataclass(frozen=True)
class Forbidden:
    """The one bid a restriction forbids the last bidder (W-B3..W-B6), and why."""

    player: int
    value: int
    cards: int
    rule: str  # "W-B3", "W-B4" or "W-B5"
    round: int = 0  # the round it applies to (0: the one being bid)


@dataclass(frozen=True)
class RoundRow(BidRow):
    """One row of the score pad (W-S4); ``totals`` are running totals after it."""

    number: int
    cards: int
    dealer: int
    order: tuple[int, ...]
    has_trump: bool
    trump: Trump | None
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...] | None
    points: tuple[int, ...] | None
    totals: tuple[int, ...] | None
    leaders: tuple[int, ...]
    corrected: bool
    # Virtual deck: the dealt hands (card notations, seat order; a viewer's sheet keeps
    # only their own, see ``sealed``), the card turned up, the cards marked played.
    hands: tuple[tuple[str, ...] | None, ...] | None = None
    turned: str | None = None
    played: tuple[tuple[str, ...] | None, ...] = ()
    play: TrickState | None = None  # the tricks as played, card by card (W-P1..W-P6); public
    destroyed: int = 0  # tricks nobody won (W-J2)
    # A game's own (its setup's ``row_type`` and ``round_type`` fill them: W-J3, W-J4),
    # here because the family's pages read them of every game's row: a bid changed after
    # the bids, as (player, change) (W-J3), and the card each seat passed left (W-J4).
    cloud: tuple[int, int] | None = None
    passed: tuple[str | None, ...] = ()
    shuffled: int = 0  # virtual deck: times Scribe shuffled again before this round's deal (public)

    @property
    def tricks_to_win(self) -> int:
        """The tricks someone wins: the cards dealt, less those nobody won (W-S2, W-J2)."""
        return self.cards - self.destroyed

    def remaining(self, player: int) -> tuple[str, ...] | None:
        """The cards ``player`` still holds (dealt minus marked played), None if not shown.

        >>> from scribe.games.wizard import Entry, make_setup, replay
        >>> s = make_setup(["Paul", "Thomas", "Marie"], virtual_deck=True)
        >>> dealt = {"round": 1, "hands": [["W"], ["J"], ["G2"]], "turned": "Y3"}
        >>> row = replay(s, [Entry(1, "deal", dealt)]).rows[0]
        >>> row.remaining(2), row.trump
        (('G2',), Trump(card='yellow', suit='yellow'))
        """
        if self.hands is None or self.hands[player] is None:
            return None
        left = self.holding(player)
        for card in (self.played[player] if self.played else None) or ():
            left.remove(self.held(card))
        return tuple(left)

    def holding(self, player: int) -> list[str]:
        """The cards dealt to ``player``, with any a game moved between hands (W-J4)."""
        return list(self.hands[player])  # type: ignore[index]

    def held(self, card: str) -> str:
        """A card played as it was held (a game whose played form differs says: W-J3)."""
        return card

    def hands_seen(self, viewer: int | None, old_deal: bool, shown: bool) -> RoundRow:
        """The row's dealt hands as ``viewer`` may hold them (W-R4): only their own, even
        once the round is scored (its deal in the log shows the others for review), and
        not one dealt before their link (``old_deal``) until then."""
        holder = viewer if not old_deal or shown else None
        return replace(self, hands=_own(self.hands, holder))  # type: ignore[arg-type]  # cards played to the table are public

    @property
    def bid_total(self) -> int:
        """The bids so far; not to be shown while any is sealed (it would tell their sum)."""
        return sum(b for b in self.bids if isinstance(b, int))

    @property
    def bid_balance(self) -> int:
        """Bids minus tricks available: >0 over-bid, <0 under-bid, 0 even."""
        return self.bid_total - self.cards

    @property
    def next_bidder(self) -> int | None:
        for p in self.order:
            if self.bids[p] is None:
                return p
        return None


@dataclass(frozen=True)
class Sheet(base.Sheet):
    """Everything the score pad shows, computed from the setup and the log (W-S4)."""

    setup: Setup
    rows: tuple[RoundRow, ...]
    kept_forbidden: Forbidden | None = None  # set by ``sealed``: the forbidden bid, for its own bidder only

    @property
    def GAME(self) -> str:
        """Its game in games.GAMES, for code holding only a sheet: the setup's."""
        return self.setup.GAME

    def seen_by(self, rows: tuple[RoundRow, ...], viewer: int | None) -> Sheet:
        """The sheet of ``viewer`` with ``rows`` as ``reveal.sealed`` sealed them: the
        forbidden bid only for its own bidder (it tells the sum of the sealed bids), and
        no ``state`` (its rounds hold every hand and bid, for ``advance`` alone)."""
        forbidden = self.forbidden()
        mine = self.setup.rules.reveal == "open" or (viewer is not None and forbidden is not None
                                                      and forbidden.player == viewer)
        return replace(self, rows=rows, redacted=True, viewer=viewer, kept_forbidden=forbidden if mine else None,
                       state=None)

    def forbidden(self) -> Forbidden | None:
        """What the current bidder may not bid, if anything (W-B3..W-B6)."""
        row = self.current
        if row is None or row.bids_in:
            return None
        if self.redacted:
            return self.kept_forbidden  # it tells the sum of the sealed bids
        return _forbidden(self, row, row.bids)

    def strict_leader_before(self, number: int) -> int | None:
        """The player strictly ahead after the rounds before ``number`` (W-B4 reading)."""
        totals = self.rows[number - 2].totals if number > 1 else None
        if totals is None:
            return None
        top = _top(totals)
        return top[0] if len(top) == 1 else None

    def leaders_before(self, number: int) -> tuple[int, ...]:
        totals = self.rows[number - 2].totals if number > 1 else None
        return _top(totals) if totals is not None else ()

    def broken_bid(self, row: RoundRow) -> Forbidden | None:
        """The recorded bid of ``row`` its rule set no longer allows, if any.

        Every bid was checked when entered; only a correction of an earlier round can
        move the lead before ``row`` (W-B4, W-B5) and so make a recorded bid one the last
        bidder was not allowed. The cards were played on that bid: it is flagged, never
        refused or dropped. Rows with a bid sealed from this viewer are not judged (W-B7).
        """
        if not row.bids_in or row.sealed:
            return None
        if row.totals is None:  # the round in play: the lead before it is the sheet's
            return self._broken(row)
        # A scored row's flag is its own: the totals before it are its totals less its
        # points, and its bids, cards and rule set are its own. Judged once per row, kept
        # on it (rows are frozen and shared by the sheets after it: a bid's answer judged
        # every scored round again).
        kept = row.__dict__.get(_BROKEN, _UNJUDGED)
        if kept is _UNJUDGED:
            kept = row.__dict__[_BROKEN] = self._broken(row)
        return kept

    def _broken(self, row: RoundRow) -> Forbidden | None:
        f = _forbidden(self, row, row.bids)
        return f if f is not None and row.bids[f.player] == f.value else None

    @cached_property  # a sheet never changes once replayed
    def broken_bids(self) -> tuple[Forbidden, ...]:
        """``broken_bid`` of every round that has one, in round order."""
        return tuple(f for f in map(self.broken_bid, self.rows) if f is not None)


_BROKEN = "_broken_bid"  # where a scored row keeps its broken bid (see Sheet.broken_bid)
_UNJUDGED = object()


_top = top  # the seats sharing the highest total (result.top; wizard.sheet re-exports it)


def restriction(sheet: Sheet, row: RoundRow) -> str | None:
    """The rule that may forbid the last bidder of ``row`` one bid (W-B3..W-B5; R-B2, the
    hook, from the cards its setting says), or None."""
    rules = sheet.setup.rules
    last = row.order[-1]
    if rules.last_bid == "free" or not sheet.setup.restricted(row.cards):
        return None
    if rules.last_bid == "leader_never_even":
        if rules.leader_ties and not rules.zero_exception:
            leading = last in sheet.leaders_before(row.number) and row.number > 1
        else:
            leading = sheet.strict_leader_before(row.number) == last  # W-B4, W-B5 ties
        if not leading:
            return None
        return "W-B5" if rules.zero_exception else "W-B4"
    return sheet.setup.NEVER_EVEN  # W-B3, or the game's own name for it (R-B2)


def _forbidden(sheet: Sheet, row: RoundRow, bids: Sequence[int | None]) -> Forbidden | None:
    """The bid the last bidder of ``row`` may not make, given the other ``bids``."""
    rules = sheet.setup.rules
    others = [bids[p] for p in row.order[:-1]]
    if any(not isinstance(b, int) for b in others):
        return None
    rule = restriction(sheet, row)
    if rule is None:
        return None
    value = row.cards - sum(others)  # type: ignore[arg-type]
    if not 0 <= value <= row.cards:
        return None  # W-B6: nothing in range makes the bids even
    if value == 0 and rules.zero_exception:
        return None  # W-B5: the leader may still bid zero
    return Forbidden(player=row.order[-1], value=value, cards=row.cards, rule=rule, round=row.number)


def forbidden_message(setup: Setup, f: Forbidden) -> RuleError:
    """The refusal a player reads for a forbidden bid (W-B6: say why)."""
    name = setup.players[f.player]
    if f.rule == "R-B2":
        template = N_(
            "The bids would total %(cards)s, the number of tricks: %(name)s, the dealer, may not bid "
            "%(value)s."
        )
    elif f.rule == "W-B3":
        template = N_(
            "The bids would total %(cards)s, the number of tricks: %(name)s may not bid "
            "%(value)s (±1 rule)."
        )
    else:
        template = N_(
            "The bids would total %(cards)s, the number of tricks: %(name)s leads the "
            "score sheet and may not bid %(value)s."
        )
    return RuleError(template, field="bid", name=name, value=f.value, cards=f.cards)


def forbidden_by_change_message(setup: Setup, f: Forbidden, changed: int, bid: int) -> RuleError:
    """A correction refused because ``changed``'s new bid (not the last bidder's) makes the
    last bidder's recorded bid the forbidden one (W-B3..W-B5): said of the bid changed."""
    if f.rule == "R-B2":
        template = N_(
            "With %(changed)s's bid of %(bid)s the bids would total %(cards)s, the number of tricks: "
            "%(name)s, the dealer, may not have bid %(value)s."
        )
    elif f.rule == "W-B3":
        template = N_(
            "With %(changed)s's bid of %(bid)s the bids would total %(cards)s, the number of tricks: "
            "%(name)s, bidding last, may not have bid %(value)s (±1 rule)."
        )
    else:
        template = N_(
            "With %(changed)s's bid of %(bid)s the bids would total %(cards)s, the number of tricks: "
            "%(name)s led the score sheet, bid last and may not have bid %(value)s."
        )
    return RuleError(template, field=f"bids.{changed}", changed=setup.players[changed], bid=bid,
                     name=setup.players[f.player], value=f.value, cards=f.cards)


def broken_bid_message(setup: Setup, f: Forbidden) -> RuleError:
    """The warning on a round whose recorded bid a later correction made illegal."""
    template = N_(
        "%(name)s's bid of %(value)s in round %(round)s is no longer allowed after a "
        "correction of an earlier round: %(name)s led the score sheet before it. The round "
        "stays scored as played; correct round %(round)s too if a bid was written down wrong."
    )
    return RuleError(template, field=f"bids.{f.player}", name=setup.players[f.player], value=f.value, round=f.round)


@dataclass
class _Round(Round):
    """A round of the family's own sheet: the base's, with the card turned up and the
    trump it set (W-R3, R-T1). A game with more to a round (W-J3..W-J5) gives
    its setup a ``round_type`` of its own, and a ``row_type`` for its rows."""

    trump: Trump | None = None
    turned: str | None = None

    def take(self, setup: Setup, entry: Entry) -> None:
        d = entry.data
        if entry.kind == "trump":
            by = self.trump.by if self.trump is not None else None
            self.trump = Trump(d["card"], d.get("suit"), by=by, picks=d["card"] in getattr(setup, "DEALER_PICKS", ()))
        else:
            super().take(setup, entry)
            if entry.kind == "deal":  # virtual deck: the turned card sets the trump (W-R3, W-R4)
                self.turned = d.get("turned")
                self.trump = setup.turned_trump(self.turned, self.hands)

    def scored_bids(self) -> list[Any]:
        """The bids the round is scored on (a game may change one after the bids: W-J3)."""
        return list(self.bids)

    def row_fields(self) -> dict[str, Any]:
        """A game's own fields of the round's row (none of the family's)."""
        return {}

    def play_args(self) -> dict[str, Any]:
        """What else the game's ``play_state`` reads of the round (none of the family's)."""
        return {}


_State = State  # the base's (wizard.sheet re-exports it)


def _blank(setup: Setup) -> _Round:
    kind: type[_Round] = getattr(setup, "round_type", _Round)
    return kind(bids=[None] * setup.n)


def replay(setup: Setup, log: Iterable[Entry]) -> Sheet:
    """The sheet after the log's active entries: a pure function (W-S4).

    >>> from scribe.games.wizard import Entry, make_setup, replay
    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2)
    >>> log = [Entry(1, "bid", {"round": 1, "player": 0, "bid": 0}),
    ...        Entry(2, "bid", {"round": 1, "player": 1, "bid": 1}),
    ...        Entry(3, "bid", {"round": 1, "player": 2, "bid": 1}),
    ...        Entry(4, "tricks", {"round": 1, "tricks": [0, 0, 1]})]
    >>> replay(s, log).totals
    (20, -10, 30)
    """
    return base.replay(setup, log, _blank, _row, Sheet)


def advance(sheet: Sheet, entry: Entry, log: Sequence[Entry] = ()) -> Sheet:
    """The sheet after one more entry, from the sheet before it: ``replay(setup, [*log,
    entry])`` without replaying ``log`` (the base's ``advance``).

    >>> from scribe.games.wizard import Entry, make_setup
    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2)
    >>> sheet = replay(s, [])
    >>> for seq, (p, b) in enumerate([(0, 0), (1, 1), (2, 1)], start=1):
    ...     sheet = advance(sheet, Entry(seq, "bid", {"round": 1, "player": p, "bid": b}))
    >>> advance(sheet, Entry(4, "tricks", {"round": 1, "tricks": [0, 0, 1]})).totals
    (20, -10, 30)
    """
    return base.advance(sheet, entry, log, _row, replay)


def _row(setup: Setup, i: int, r: _Round, running: tuple[int, ...]) -> RoundRow:
    """The row of round ``i + 1`` from what the log left of it and the totals before it."""
    cards, dealer, order, has_trump = setup.schedule[i]
    points = totals = None
    if r.tricks is not None:
        points = tuple(setup.points(b, t) for b, t in zip(r.scored_bids(), r.tricks))  # type: ignore[arg-type]
        totals = tuple(a + b for a, b in zip(running, points))
    kind: type[RoundRow] = getattr(setup, "row_type", RoundRow)
    return kind(
        number=i + 1,
        cards=cards,
        dealer=dealer,
        order=order,
        has_trump=has_trump,
        trump=r.trump,
        bids=tuple(r.bids),
        tricks=tuple(r.tricks) if r.tricks is not None else None,
        points=points,
        totals=totals,
        leaders=_top(totals) if totals else (),
        corrected=r.corrected,
        hands=r.hands,
        turned=r.turned,
        played=r.played,
        play=_play(setup, r, order, cards),
        destroyed=r.destroyed,
        shuffled=r.shuffled,
        **r.row_fields(),
    )


def _play(setup: Setup, r: _Round, order: tuple[int, ...], cards: int) -> TrickState | None:
    """The tricks as played so far, once the cards are dealt (W-P1: order[0] leads first);
    only while the round is played: a scored round keeps its tricks, and its cards are in
    the log for review, so no replay works its play out again. The game's trick rules play
    them (``setup.play_state``)."""
    if r.plays is None or r.tricks is not None:
        return None
    suit = r.trump.suit if r.trump is not None else None
    return setup.play_state(order[0], suit, r.plays, cards, **r.play_args())


def _own(values: Sequence[Any], viewer: int | None) -> tuple[Any, ...]:
    return tuple(v if p == viewer else None for p, v in enumerate(values))
