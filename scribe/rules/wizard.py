"""Wizard score-keeping rules: schedule, dealer, bid restrictions, scoring, the sheet.

Pure Python: no Flask, no SQL, no I/O. Rule ids refer to shared/RULES.md.
A game is its ``Setup`` plus a log of entries (see ``log.py``); ``replay`` turns them
into the ``Sheet`` that the page, the API and the PDF all render.
Every action has ``verify_*`` (raises ``RuleError`` with a reason, returns the
normalised entry data) so the store records only what the rules accept.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from .errors import N_, RuleError
from .log import Entry, resolve

DECK_SIZE = 60  # W-M1
MIN_PLAYERS, MAX_PLAYERS = 3, 6  # W-M3
UNICOLORE_PLAYERS = (3, 4)  # W-U1
UNICOLORE_FIRST_CARDS, UNICOLORE_LAST_CARDS = 4, 15  # W-U2
NAME_MAX = 30
SUITS = ("blue", "green", "red", "yellow")  # W-M1
TRUMP_CARDS = SUITS + ("jester", "wizard")  # what can be turned up, W-R3

# Edition names for display only (W-M2): (Wizard, Jester).
EDITIONS: dict[str, tuple[str, str]] = {
    "gigamic": ("Wizard", "Fou"),
    "amigo": ("Zarbi", "Naze"),
    "canadian": ("Wizard", "Joker"),
    "english": ("Wizard", "Jester"),
}

# What the last bidder may not do (W-B2..W-B5).
LAST_BID_RULES = ("free", "never_even", "leader_never_even")
REVEAL_MODES = ("open", "hidden", "secret")  # W-B7
AVAILABLE_REVEAL_MODES = REVEAL_MODES  # hidden and secret: bids on each player's own link


class _Sealed:
    """A bid that is in but not shown to this viewer yet (W-B7): see ``sealed``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "SEALED"

    def __str__(self) -> str:  # a template that forgot to ask still shows no number
        return "✓"


SEALED = _Sealed()

# Named presets: the individual switches each stands for.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": dict(last_bid="free", zero_exception=False, leader_ties=False),  # W-B2
    "plus_minus_one": dict(last_bid="never_even", zero_exception=False, leader_ties=False),  # W-B3
    "leader": dict(last_bid="leader_never_even", zero_exception=False, leader_ties=False),  # W-B4
    "canadian": dict(last_bid="leader_never_even", zero_exception=True, leader_ties=False),  # W-B5
}


def round_points(bid: int, tricks: int) -> int:
    """Points of one player for one round (W-S1).

    >>> round_points(0, 0), round_points(2, 2), round_points(1, 3), round_points(2, 1)
    (20, 40, -20, -10)
    """
    if bid == tricks:
        return 20 + 10 * tricks
    return -10 * abs(bid - tricks)


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class RuleSet:
    """The switches where the editions disagree; presets are named combinations."""

    last_bid: str = "free"
    zero_exception: bool = False  # W-B5: the restricted bidder may still bid zero
    leader_ties: bool = False  # W-B4 other reading: tied leaders count as leading
    reveal: str = "open"  # W-B7
    unicolore: bool = False  # W-U1..W-U3
    rounds: int | None = None  # a shorter game: only the first N rounds
    virtual_deck: bool = False  # Scribe deals: each player sees their own hand on their link

    @property
    def preset(self) -> str:
        """The preset these switches match, or "custom"."""
        for name, switches in PRESETS.items():
            if all(getattr(self, k) == v for k, v in switches.items()):
                return name
        return "custom"

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Setup:
    """Players in clockwise seating order (W-R2), the first dealer, the rules."""

    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default_factory=RuleSet)
    edition: str = "gigamic"

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def round_count(self) -> int:
        """Rounds this game plays (W-R1, W-U2, or fewer when shortened)."""
        return self.rules.rounds or max_rounds(self.n, self.rules.unicolore)

    def cards(self, round_no: int) -> int:
        """Cards dealt to each player in round ``round_no`` (W-R1, W-U2)."""
        return round_no + (UNICOLORE_FIRST_CARDS - 1 if self.rules.unicolore else 0)

    def dealer(self, round_no: int) -> int:
        """The deal passes clockwise every round (W-R2)."""
        return (self.first_dealer + round_no - 1) % self.n

    def bidding_order(self, round_no: int) -> tuple[int, ...]:
        """Left of the dealer first, the dealer last (W-B1)."""
        d = self.dealer(round_no)
        return tuple((d + 1 + i) % self.n for i in range(self.n))

    def has_trump(self, round_no: int) -> bool:
        """A card is turned for trump unless none is left (W-R4) or in Unicolore (W-U1)."""
        if self.rules.unicolore:
            return False
        return self.n * self.cards(round_no) < DECK_SIZE

    @cached_property
    def schedule(self) -> tuple[tuple[int, int, tuple[int, ...], bool], ...]:
        """(cards, dealer, bidding order, has trump) of every round, worked out once."""
        return tuple(
            (self.cards(i), self.dealer(i), self.bidding_order(i), self.has_trump(i))
            for i in range(1, self.round_count + 1)
        )

    def card_names(self) -> tuple[str, str]:
        """The edition's names for (Wizard, Jester), W-M2."""
        return EDITIONS[self.edition]

    def as_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "rules": self.rules.as_dict(),
            "edition": self.edition,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Setup":
        return cls(
            players=tuple(data["players"]),
            first_dealer=data.get("first_dealer", 0),
            rules=RuleSet(**data.get("rules", {})),
            edition=data.get("edition", "gigamic"),
        )


def max_rounds(players: int, unicolore: bool = False) -> int:
    """60 / players rounds (W-R1); Unicolore always 12 (W-U2).

    >>> [max_rounds(n) for n in (3, 4, 5, 6)], max_rounds(4, unicolore=True)
    ([20, 15, 12, 10], 12)
    """
    if unicolore:
        return UNICOLORE_LAST_CARDS - UNICOLORE_FIRST_CARDS + 1
    return DECK_SIZE // players


def _whole(value: Any, field_name: str) -> int:
    """A whole number from JSON or a form, or a refusal naming the field."""
    if isinstance(value, bool):
        raise RuleError(N_("Please give a whole number."), field=field_name)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        try:  # "--3", "²" and 5000-digit strings pass isdigit() but not int()
            return int(value.strip())
        except ValueError:
            pass
    raise RuleError(N_("Please give a whole number."), field=field_name)


def _flag(value: Any, field_name: str) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("1", "on", "true", "yes", 1):
        return True
    if value in ("0", "off", "false", "no", "", 0, None):
        return False
    raise RuleError(N_("Please answer yes or no."), field=field_name)


def verify_names(names: Sequence[Any]) -> tuple[str, ...]:
    """Names stripped, non-empty, unique (ignoring case), at most NAME_MAX long."""
    if not isinstance(names, (list, tuple)):
        raise RuleError(N_("Players must be a list of names."), field="players")
    cleaned: list[str] = []
    for i, raw in enumerate(names):
        field_name = f"players.{i}"
        if not isinstance(raw, str):
            raise RuleError(N_("A name must be text."), field=field_name)
        name = " ".join(raw.split())
        if not name:
            raise RuleError(N_("Player %(seat)s needs a name."), field=field_name, seat=i + 1)
        if len(name) > NAME_MAX:
            raise RuleError(
                N_("Names are at most %(max)s characters."), field=field_name, max=NAME_MAX
            )
        if name.casefold() in (c.casefold() for c in cleaned):
            raise RuleError(
                N_("Two players are called %(name)s: please tell them apart."),
                field=field_name,
                name=name,
            )
        cleaned.append(name)
    return tuple(cleaned)


def make_setup(
    players: Sequence[Any],
    first_dealer: Any = 0,
    preset: str | None = None,
    edition: str = "gigamic",
    **switches: Any,
) -> Setup:
    """Check and normalise a game's setup; ``switches`` override the preset's."""
    names = verify_names(players)
    options: dict[str, Any] = {}
    if preset is not None:
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RuleError(N_("Unknown rule set."), field="preset")
        options.update(PRESETS[preset])
    for key, value in switches.items():
        if value is None:
            continue
        if key in ("zero_exception", "leader_ties", "unicolore", "virtual_deck"):
            options[key] = _flag(value, key)
        elif key == "rounds":
            options[key] = _whole(value, key) if value != "" else None
        elif key in ("last_bid", "reveal"):
            options[key] = value
        else:
            raise RuleError(N_("Unknown option %(option)s."), field=key, option=key)
    rules = RuleSet(**options)
    if rules.last_bid not in LAST_BID_RULES:
        raise RuleError(N_("Unknown bid restriction."), field="last_bid")
    if rules.reveal not in REVEAL_MODES:
        raise RuleError(N_("Unknown way of revealing bids."), field="reveal")
    if rules.leader_ties and (rules.last_bid != "leader_never_even" or rules.zero_exception):
        # Never a silent choice: the switch means something only for W-B4 (W-B5 excludes ties).
        raise RuleError(
            N_("Counting tied players as leading only applies to the leader restriction."),
            field="leader_ties",
        )
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise RuleError(N_("Unknown edition."), field="edition")
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError(
            N_("Wizard is for 3 to 6 players; you named %(count)s."), field="players", count=n
        )
    if rules.unicolore and n not in UNICOLORE_PLAYERS:
        raise RuleError(N_("Unicolore is for 3 or 4 players."), field="unicolore")
    most = max_rounds(n, rules.unicolore)
    if rules.rounds is not None:
        if not 1 <= rules.rounds <= most:
            raise RuleError(
                N_("The game has 1 to %(max)s rounds with this many players."),
                field="rounds",
                max=most,
            )
        if rules.rounds == most:
            rules = replace(rules, rounds=None)  # the full game is not "shorter"
    dealer = _whole(first_dealer, "first_dealer")
    if not 0 <= dealer < n:
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    return Setup(players=names, first_dealer=dealer, rules=rules, edition=edition)


# --------------------------------------------------------------------------- sheet


@dataclass(frozen=True)
class Trump:
    """The card turned up (a suit colour, "jester" or "wizard") and the trump suit."""

    card: str
    suit: str | None

    @property
    def pending(self) -> bool:
        """A Wizard was turned and the dealer has not named a suit yet (W-R3)."""
        return self.card == "wizard" and self.suit is None


@dataclass(frozen=True)
class Forbidden:
    """The one bid a restriction forbids the last bidder (W-B3..W-B6), and why."""

    player: int
    value: int
    cards: int
    rule: str  # "W-B3", "W-B4" or "W-B5"


@dataclass(frozen=True)
class RoundRow:
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

    @property
    def dealt(self) -> bool:
        """Virtual deck: the cards of this round were dealt by Scribe."""
        return self.hands is not None

    def remaining(self, player: int) -> tuple[str, ...] | None:
        """The cards ``player`` still holds (dealt minus marked played), None if not shown.

        >>> s = make_setup(["Paul", "Thomas", "Marie"], virtual_deck=True)
        >>> dealt = {"round": 1, "hands": [["W"], ["J"], ["G2"]], "turned": "Y3"}
        >>> row = replay(s, [Entry(1, "deal", dealt)]).rows[0]
        >>> row.remaining(2), row.trump
        (('G2',), Trump(card='yellow', suit='yellow'))
        """
        if self.hands is None or self.hands[player] is None:
            return None
        left = list(self.hands[player])
        for card in (self.played[player] if self.played else None) or ():
            left.remove(card)
        return tuple(left)

    @property
    def complete(self) -> bool:
        return self.tricks is not None

    @property
    def bids_in(self) -> bool:
        return all(b is not None for b in self.bids)

    @property
    def sealed(self) -> tuple[int, ...]:
        """Players whose bid is in but hidden from this viewer (W-B7)."""
        return tuple(p for p, b in enumerate(self.bids) if b is SEALED)

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

    def hit(self, player: int) -> bool | None:
        """Whether ``player`` made their bid exactly (None before the tricks)."""
        if self.tricks is None:
            return None
        return self.bids[player] == self.tricks[player]


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    total: int


@dataclass(frozen=True)
class Sheet:
    """Everything the score pad shows, computed from the setup and the log."""

    setup: Setup
    rows: tuple[RoundRow, ...]
    version: int  # entries in the log; a page submits it back to detect staleness
    can_undo: bool
    can_redo: bool
    # Set by ``sealed``: the sheet as one viewer may see it (W-B7).
    redacted: bool = False
    viewer: int | None = None
    kept_forbidden: Forbidden | None = None  # the forbidden bid, for its own bidder only

    @property
    def current(self) -> RoundRow | None:
        """The round being played: the first without tricks; None when finished."""
        return next((r for r in self.rows if not r.complete), None)

    @property
    def finished(self) -> bool:
        return self.current is None  # W-S3

    @property
    def phase(self) -> str:
        row = self.current
        if row is None:
            return "finished"
        return "bidding" if not row.bids_in else "tricks"

    @property
    def played(self) -> tuple[RoundRow, ...]:
        return tuple(r for r in self.rows if r.complete)

    @property
    def totals(self) -> tuple[int, ...]:
        played = self.played
        return played[-1].totals if played else (0,) * self.setup.n  # type: ignore[return-value]

    @property
    def leaders(self) -> tuple[int, ...]:
        """Players sharing the highest total (all of them before any round)."""
        return _top(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """Highest total wins; a tie gives several winners (W-S3)."""
        return self.leaders if self.finished else ()

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Players by total, ties sharing a rank (1, 1, 3)."""
        totals = self.totals
        ordered = sorted(range(self.setup.n), key=lambda p: -totals[p])
        out: list[Standing] = []
        for i, p in enumerate(ordered):
            rank = out[-1].rank if out and out[-1].total == totals[p] else i + 1
            out.append(Standing(rank, p, totals[p]))
        return tuple(out)

    def row(self, number: Any) -> RoundRow:
        """The row of round ``number``, or a refusal if there is no such round."""
        n = _whole(number, "round")
        if not 1 <= n <= len(self.rows):
            raise RuleError(
                N_("There is no round %(round)s in this game."), field="round", round=n
            )
        return self.rows[n - 1]

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


def _top(totals: Sequence[int]) -> tuple[int, ...]:
    best = max(totals)
    return tuple(p for p, t in enumerate(totals) if t == best)


def restriction(sheet: Sheet, row: RoundRow) -> str | None:
    """The rule that may forbid the last bidder of ``row`` one bid (W-B3..W-B5), or None."""
    rules = sheet.setup.rules
    last = row.order[-1]
    if rules.last_bid == "free":
        return None
    if rules.last_bid == "leader_never_even":
        if rules.leader_ties and not rules.zero_exception:
            leading = last in sheet.leaders_before(row.number) and row.number > 1
        else:
            leading = sheet.strict_leader_before(row.number) == last  # W-B4, W-B5 ties
        if not leading:
            return None
        return "W-B5" if rules.zero_exception else "W-B4"
    return "W-B3"


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
    return Forbidden(player=row.order[-1], value=value, cards=row.cards, rule=rule)


def forbidden_message(setup: Setup, f: Forbidden) -> RuleError:
    """The refusal a player reads for a forbidden bid (W-B6: say why)."""
    name = setup.players[f.player]
    if f.rule == "W-B3":
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


# --------------------------------------------------------------------------- replay


@dataclass
class _Round:
    bids: list[int | None]
    tricks: list[int] | None = None
    trump: Trump | None = None
    corrected: bool = False
    hands: tuple[tuple[str, ...], ...] | None = None
    turned: str | None = None
    played: list[list[str]] | None = None


def replay(setup: Setup, log: Iterable[Entry]) -> Sheet:
    """The sheet after the log's active entries: a pure function (W-S4).

    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2)
    >>> log = [Entry(1, "bid", {"round": 1, "player": 0, "bid": 0}),
    ...        Entry(2, "bid", {"round": 1, "player": 1, "bid": 1}),
    ...        Entry(3, "bid", {"round": 1, "player": 2, "bid": 1}),
    ...        Entry(4, "tricks", {"round": 1, "tricks": [0, 0, 1]})]
    >>> replay(s, log).totals
    (20, -10, 30)
    """
    log = list(log)
    resolved = resolve(log)
    rounds = [_Round(bids=[None] * setup.n) for _ in range(setup.round_count)]
    for entry in resolved.active:
        _apply(rounds, entry)
    rows: list[RoundRow] = []
    running = [0] * setup.n
    for i, (r, (cards, dealer, order, has_trump)) in enumerate(zip(rounds, setup.schedule), start=1):
        points = totals = None
        if r.tricks is not None:
            points = tuple(round_points(b, t) for b, t in zip(r.bids, r.tricks))  # type: ignore[arg-type]
            running = [a + b for a, b in zip(running, points)]
            totals = tuple(running)
        rows.append(
            RoundRow(
                number=i,
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
                played=tuple(map(tuple, r.played)) if r.played is not None else (),
            )
        )
    return Sheet(
        setup=setup,
        rows=tuple(rows),
        version=len(log),
        can_undo=resolved.undo_target is not None,
        can_redo=resolved.redo_target is not None,
    )


def _apply(rounds: list[_Round], entry: Entry) -> None:
    """Apply one verified entry; the data were normalised by ``verify``."""
    d = entry.data
    r = rounds[d["round"] - 1]
    if entry.kind == "bid":
        r.bids[d["player"]] = d["bid"]
    elif entry.kind == "tricks":
        r.tricks = list(d["tricks"])
    elif entry.kind == "trump":
        r.trump = Trump(d["card"], d.get("suit"))
    elif entry.kind == "deal":  # virtual deck: the turned card sets the trump (W-R3, W-R4)
        r.hands = tuple(tuple(h) for h in d["hands"])
        r.turned = d.get("turned")
        r.trump = _turned_trump(r.turned)
        r.played = [[] for _ in r.hands]
    elif entry.kind == "played":
        r.played[d["player"]].append(d["card"])  # type: ignore[index]
    elif entry.kind == "correction":
        r.bids = list(d["bids"])
        if d.get("tricks") is not None:
            r.tricks = list(d["tricks"])
        r.corrected = True
    else:
        raise ValueError(f"unknown entry kind {entry.kind!r}")


# --------------------------------------------------------------------------- actions


def verify(sheet: Sheet, kind: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """Check an action against the sheet; return the entry data to record."""
    check = _VERIFIERS.get(kind)
    if check is None:
        raise RuleError(N_("Unknown action."), field="kind")
    return check(sheet, data)


def _current_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    """The round an in-play action names: it must be the round being played."""
    row = sheet.current
    if row is None:
        raise RuleError(N_("The game is over: correct a round instead."), field="round")
    if data.get("round") is not None and sheet.row(data["round"]).number != row.number:
        raise RuleError(
            N_("Round %(round)s is not being played: this page is out of date."),
            field="round",
            round=data["round"],
        )
    return row


def _player(sheet: Sheet, value: Any, field_name: str = "player") -> int:
    p = _whole(value, field_name)
    if not 0 <= p < sheet.setup.n:
        raise RuleError(N_("There is no such player."), field=field_name)
    return p


def _count(value: Any, cards: int, field_name: str, what: str) -> int:
    v = _whole(value, field_name)
    if not 0 <= v <= cards:
        if what == "bid":
            template = N_("A bid is a whole number from 0 to %(cards)s.")
        else:
            template = N_("Tricks are a whole number from 0 to %(cards)s.")
        raise RuleError(template, field=field_name, cards=cards)
    return v


def verify_bid(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A bid of the next bidder in clockwise order (W-B1), within 0..r (W-B1),
    not the bid the rule set forbids (W-B3..W-B6).

    Hidden and secret bids (W-B7) come in any order, except that the last seat bids
    after everyone else when a restriction may bind it, so it is checked on entry.
    """
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = _current_round(sheet, data)
    if row.bids_in:
        raise RuleError(N_("All bids are in: enter the tricks."), field="bid")
    if sheet.setup.rules.virtual_deck and not row.dealt:
        raise RuleError(N_("Deal the cards first: tap Deal."), field="bid")
    expected = row.next_bidder
    player = _player(sheet, expected if data.get("player") is None else data["player"])
    name = sheet.setup.players[player]
    if row.bids[player] is not None:
        raise RuleError(N_("%(name)s has already bid."), field="bid", name=name)
    if sheet.setup.rules.reveal == "open" and player != expected:
        raise RuleError(
            N_("It is %(next)s's turn to bid, not %(name)s's."),
            field="bid",
            next=sheet.setup.players[expected],  # type: ignore[index]
            name=name,
        )
    if player == row.order[-1] and last_seat_waits(sheet, row):
        raise RuleError(
            N_("%(name)s bids last, once everyone else has bid: the rule set may forbid one bid."),
            field="bid",
            name=name,
        )
    bid = _count(data.get("bid"), row.cards, "bid", "bid")
    forbidden = _forbidden(sheet, row, row.bids)
    if forbidden is not None and forbidden.value == bid:
        raise forbidden_message(sheet.setup, forbidden)
    return {"round": row.number, "player": player, "bid": bid}


def complete_tricks(cards: int, tricks: Sequence[Any]) -> list[int | None]:
    """Fill the one missing count from the total, every trick being won (W-S2).

    >>> complete_tricks(5, [2, None, 1])
    [2, 2, 1]
    """
    values: list[int | None] = [None if t in (None, "") else t for t in tricks]
    missing = [i for i, t in enumerate(values) if t is None]
    known = [t for t in values if t is not None]
    if len(missing) == 1 and all(isinstance(t, int) and not isinstance(t, bool) for t in known):
        rest = cards - sum(known)  # type: ignore[arg-type]
        if 0 <= rest <= cards:
            values[missing[0]] = rest
    return values


def _verify_trick_counts(sheet: Sheet, row: RoundRow, raw: Any) -> list[int]:
    if not isinstance(raw, (list, tuple)) or len(raw) != sheet.setup.n:
        raise RuleError(N_("Give the tricks of every player."), field="tricks")
    raw = [None if v in (None, "") else _whole(v, f"tricks.{p}") for p, v in enumerate(raw)]
    values = complete_tricks(row.cards, raw)  # form strings are filled in too
    counts: list[int] = []
    for p, v in enumerate(values):
        if v is None:
            raise RuleError(
                N_("How many tricks did %(name)s take?"),
                field=f"tricks.{p}",
                name=sheet.setup.players[p],
            )
        counts.append(_count(v, row.cards, f"tricks.{p}", "tricks"))
    if sum(counts) != row.cards:
        raise RuleError(
            N_(
                "The tricks add up to %(total)s, but %(cards)s were played: every trick "
                "is won by exactly one player."
            ),
            field="tricks",
            total=sum(counts),
            cards=row.cards,
        )
    return counts


def verify_tricks(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Tricks per player once all bids are in; they sum to the cards (W-S2)."""
    row = _current_round(sheet, data)
    if not row.bids_in:
        raise RuleError(N_("Take every bid before the tricks."), field="tricks")
    if row.trump is not None and row.trump.pending:
        raise RuleError(
            N_("A Wizard was turned: the dealer must name the trump suit first."),
            field="trump",
        )
    return {"round": row.number, "tricks": _verify_trick_counts(sheet, row, data.get("tricks"))}


def verify_trump(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The card turned up for trump (W-R3); none in the last round (W-R4) or Unicolore."""
    row = _current_round(sheet, data)
    if not row.has_trump:
        raise RuleError(
            N_("There is no trump this round: no card is left to turn up."), field="trump"
        )
    card = data.get("card")
    naming = card == "wizard" and row.trump is not None and row.trump.pending
    if sheet.setup.rules.virtual_deck and not naming:  # the deal turned the card (W-R3)
        if not row.dealt:
            raise RuleError(N_("Deal the cards first: the deal turns the trump card."), field="trump")
        raise RuleError(
            N_("The deal turned the trump card: the dealer names a suit only when a Wizard is turned."),
            field="trump",
        )
    if row.bids_in and not naming:  # a pending Wizard may still get its suit (W-R3)
        raise RuleError(N_("Record the trump before the bids are complete."), field="trump")
    if card not in TRUMP_CARDS:
        raise RuleError(N_("Choose the card that was turned up."), field="trump")
    suit = data.get("suit") or None
    if card in SUITS:
        suit = card
    elif card == "jester":
        suit = None
    elif (suit is not None and suit not in SUITS) or (naming and suit is None):
        raise RuleError(N_("Choose one of the four suits."), field="suit")
    return {"round": row.number, "card": card, "suit": suit}


def verify_correction(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Replace a round's bids (and tricks once played); later totals follow.

    The round's restriction is checked again against the leader before it.
    """
    row = sheet.row(data.get("round"))
    if not row.bids_in:
        raise RuleError(
            N_("Round %(round)s has no complete bids to correct yet."),
            field="round",
            round=row.number,
        )
    if not revealed(sheet.setup, row):  # W-B7 secret: the form would show the sealed bids
        raise RuleError(
            N_("The bids of round %(round)s stay sealed until its tricks are in: use Undo to take one back."),
            field="round",
            round=row.number,
        )
    raw_bids = data.get("bids")
    if not isinstance(raw_bids, (list, tuple)) or len(raw_bids) != sheet.setup.n:
        raise RuleError(N_("Give the bid of every player."), field="bids")
    bids = [_count(b, row.cards, f"bids.{p}", "bid") for p, b in enumerate(raw_bids)]
    forbidden = _forbidden(sheet, row, bids)
    if forbidden is not None and bids[forbidden.player] == forbidden.value:
        err = forbidden_message(sheet.setup, forbidden)
        err.field = f"bids.{forbidden.player}"
        raise err
    tricks = None
    if row.complete:
        tricks = _verify_trick_counts(sheet, row, data.get("tricks"))
    elif data.get("tricks") is not None:
        raise RuleError(N_("Round %(round)s has no tricks yet."), field="tricks", round=row.number)
    if bids == list(row.bids) and (tricks is None or tricks == list(row.tricks or ())):
        raise RuleError(N_("Nothing was changed."), field="round")
    return {"round": row.number, "bids": bids, "tricks": tricks}


# --------------------------------------------------------------------------- virtual deck

_SUIT_OF = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}  # card notation -> SUITS
CARD_NOTATION_MAX = 3  # "W", "J", "R13"


def _turned_trump(turned: str | None) -> Trump | None:
    """The trump a turned card sets (W-R3): its suit; none for a Jester; the dealer's
    pick for a Wizard (pending); nothing is turned in the last round (W-R4)."""
    if turned is None:
        return None
    if turned == "W":
        return Trump("wizard", None)
    if turned == "J":
        return Trump("jester", None)
    return Trump(_SUIT_OF[turned[0]], _SUIT_OF[turned[0]])


def _dealing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    return _current_round(sheet, data)


def draw_deal(sheet: Sheet, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """A deal of the round being played drawn from ``rng``, as data for ``verify_deal``
    (W-R1, W-R3, W-R4; Unicolore W-U1, W-U2). The caller brings the randomness: the
    OS's cryptographic source for a real game (``engine.make_rng()``), a seed in tests."""
    from scribe import engine  # imported here: the engine imports this module

    row = _dealing_round(sheet, data)
    n = sheet.setup.n
    if sheet.setup.rules.unicolore:
        hands, turned = engine.deal_unicolore(n, row.cards, rng), None
    else:
        dealt = engine.deal(n, row.cards, rng)
        hands, turned = dealt.hands, dealt.turned
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands],
            "turned": None if turned is None else str(turned)}


def verify_deal(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe's deal of the round being played, before any bid: the round's number of
    cards to each player from the 60 cards (Unicolore: each from their own 15), and the
    next card turned up unless none is left (W-R1, W-R3, W-R4, W-U1, W-U2)."""
    from collections import Counter

    from scribe import engine

    row = _dealing_round(sheet, data)
    if row.dealt:
        raise RuleError(N_("The cards of round %(round)s are already dealt."), field="deal", round=row.number)
    if any(b is not None for b in row.bids):
        raise RuleError(N_("The cards are dealt before the bids."), field="deal")
    n, raw = sheet.setup.n, data.get("hands")
    if (not isinstance(raw, (list, tuple)) or len(raw) != n
            or any(not isinstance(h, (list, tuple)) or len(h) != row.cards for h in raw)):
        raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                        field="deal", cards=row.cards, players=n)
    hands = [engine.parse_cards(h) for h in raw]
    turned_raw = data.get("turned")
    turned = None if turned_raw in (None, "") else engine.parse_card(turned_raw)
    if (turned is None) == row.has_trump:
        raise RuleError(N_("A card is turned up after the deal, unless none is left (last round, Unicolore)."),
                        field="deal")
    if sheet.setup.rules.unicolore:
        decks = [(h, engine.own_deck(suit)) for h, suit in zip(hands, engine.SUITS)]
    else:
        decks = [([c for h in hands for c in h] + ([turned] if turned else []), engine.FULL_DECK)]
    if any(Counter(used) - Counter(deck) for used, deck in decks):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands],
            "turned": None if turned is None else str(turned)}


def verify_played(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A card a player marks played: one they still hold, once every bid is in and until
    the round's tricks are recorded. Legality (W-P3) is left to the table."""
    from scribe import engine

    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck."), field="card")
    if data.get("round") not in (None, "") and sheet.row(data["round"]).complete:
        raise RuleError(N_("Round %(round)s is scored: its cards can no longer be marked."),
                        field="card", round=sheet.row(data["round"]).number)
    row = _current_round(sheet, data)
    if not row.dealt:
        raise RuleError(N_("The cards of this round are not dealt yet."), field="card")
    if not row.bids_in:
        raise RuleError(N_("Cards are played once every bid is in."), field="card")
    player = _player(sheet, data.get("player"))
    raw = data.get("card")
    if not isinstance(raw, str) or not raw.strip():
        raise RuleError(N_("Choose a card."), field="card")
    if len(raw.strip()) > CARD_NOTATION_MAX:  # never echo a long input back
        raise RuleError(N_("Write a card as W, J, or a suit initial and a rank, like R7."), field="card")
    card = str(engine.parse_card(raw))
    if card not in (row.remaining(player) or ()):
        raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
    return {"round": row.number, "player": player, "card": card}


def verify_take_back(sheet: Sheet, log: Sequence[Entry], target: Entry) -> None:
    """An undo of a deal is refused once a bid was made on those cards (even if undone since)."""
    if target.kind != "deal":
        return
    number = target.data.get("round")
    if any(e.kind == "bid" and e.seq > target.seq and e.data.get("round") == number for e in log):
        raise RuleError(
            N_("Bids were made on these cards: the deal stands. To fix an earlier round, tap its number on the sheet."),
            field="undo",
        )


def _own(values: Sequence[Any], viewer: int | None) -> tuple[Any, ...]:
    return tuple(v if p == viewer else None for p, v in enumerate(values))


# --------------------------------------------------------------------------- reveal (W-B7)


def revealed(setup: Setup, row: RoundRow) -> bool:
    """Whether everyone may see the bids of ``row``: always when spoken aloud; once the
    last bid is in (hidden); once the round's tricks are in (secret), W-B7."""
    if setup.rules.reveal == "hidden":
        return row.bids_in
    if setup.rules.reveal == "secret":
        return row.complete
    return True


def last_seat_waits(sheet: Sheet, row: RoundRow) -> bool:
    """In hidden and secret modes, the last seat may not bid yet: a restriction may bind
    it (W-B7 reading) and some other bid is still missing."""
    if sheet.setup.rules.reveal == "open" or restriction(sheet, row) is None:
        return False
    return any(row.bids[p] is None for p in row.order[:-1])


def sealed(sheet: Sheet, viewer: int | None = None) -> Sheet:
    """The sheet as ``viewer`` may see it (W-B7): bids not yet revealed become SEALED,
    except the viewer's own. ``None`` is the Scribe or a watcher: no sealed bid at all.

    The forbidden bid tells the sum of the others' bids, so only its bidder keeps it.

    >>> s = make_setup(["Paul", "Thomas", "Marie"], first_dealer=2, reveal="hidden")
    >>> full = replay(s, [Entry(1, "bid", {"round": 1, "player": 1, "bid": 1})])
    >>> sealed(full).rows[0].bids, sealed(full, viewer=1).rows[0].bids
    ((None, SEALED, None), (None, 1, None))
    """
    if sheet.redacted:
        raise ValueError("this sheet is already a viewer's")
    open_bids = sheet.setup.rules.reveal == "open"
    if open_bids and not sheet.setup.rules.virtual_deck:
        return sheet
    rows = []
    for r in sheet.rows:
        if not revealed(sheet.setup, r):
            r = replace(r, bids=tuple(b if b is None or p == viewer else SEALED for p, b in enumerate(r.bids)))
        if r.hands is not None:  # virtual deck: a viewer holds only their own cards
            r = replace(r, hands=_own(r.hands, viewer), played=_own(r.played, viewer))
        rows.append(r)
    forbidden = sheet.forbidden()
    mine = open_bids or (viewer is not None and forbidden is not None and forbidden.player == viewer)
    kept = forbidden if mine else None
    return replace(sheet, rows=tuple(rows), redacted=True, viewer=viewer, kept_forbidden=kept)


def sealed_entry(sheet: Sheet, entry: Entry, viewer: int | None = None) -> Entry:
    """A log entry as ``viewer`` may read it, given the whole sheet now (W-B7): the bid
    values of a round whose bids are not revealed are SEALED, except the viewer's own."""
    if sheet.redacted:
        raise ValueError("judge entries against the whole sheet")
    if entry.kind in ("deal", "played"):
        return _sealed_cards(sheet, entry, viewer)
    if sheet.setup.rules.reveal == "open" or entry.kind not in ("bid", "correction"):
        return entry
    number = entry.data.get("round")
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and revealed(sheet.setup, sheet.rows[number - 1]):
        return entry
    d = dict(entry.data)
    if entry.kind == "bid":
        if d.get("player") != viewer:
            d["bid"] = SEALED
    else:
        d["bids"] = [b if p == viewer else SEALED for p, b in enumerate(d.get("bids") or ())]
    return replace(entry, data=d)


def _sealed_cards(sheet: Sheet, entry: Entry, viewer: int | None) -> Entry:
    """A deal or a played card as ``viewer`` may read it: until the round is scored,
    only their own cards; then every hand, for review."""
    number = entry.data.get("round")
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and sheet.rows[number - 1].complete:
        return entry
    d = dict(entry.data)
    if entry.kind == "deal":
        d["hands"] = list(_own(d.get("hands") or (), viewer))
    elif d.get("player") != viewer:
        d["card"] = None
    return replace(entry, data=d)


_VERIFIERS = {
    "bid": verify_bid,
    "tricks": verify_tricks,
    "trump": verify_trump,
    "correction": verify_correction,
    "deal": verify_deal,  # virtual deck
    "played": verify_played,  # virtual deck, from a player's own link
}
KINDS = tuple(_VERIFIERS)
DRAWN = {"deal": draw_deal}  # the service fills these in from a random source, never the client
QUIET_KINDS = ("played",)  # cards marked on players' phones do not make the Scribe's page stale


def summary(sheet: Sheet) -> dict[str, Any]:
    """What the games list shows without replaying every game."""
    row = sheet.current
    return {
        "phase": sheet.phase,
        "round": row.number if row else len(sheet.rows),
        "rounds": len(sheet.rows),
        "leaders": [sheet.setup.players[p] for p in sheet.leaders] if sheet.played else [],
        "players": list(sheet.setup.players),
    }
