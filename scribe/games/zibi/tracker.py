"""The damage tracker for a Witty Zibi round in progress: pure state, verified actions.

Each action has ``verify_*`` (raises ``RuleError`` with the reason), ``can_*`` (bool)
and the action itself, which verifies and returns a new frozen ``DamageTracker``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any

from ...rules.errors import N_, RuleError
from .clans import ALONE, CLANS, MODE_NAMES, ONE_MORE, THREE, Setup, splits_text, whole
from .scoring import RoundResult, judge_round

DAMAGES = (10, 20, 30)  # Bananes cards (Z-D1)
ALIVE_UP_TO = 100  # strictly over 100 is out; 100 is still alive (Z-D1)
ALTERNATING = (20, 30)  # expert rule (Z-D3): never 20 on 20 nor 30 on 30


@dataclass(frozen=True)
class DamageTracker:
    """Each player's pile of damage cards (oldest first), the clans known so far, and the
    token set aside unseen in Un tout seul / Un de plus (seen by the first eliminated).

    >>> from .clans import make_setup
    >>> t = damage(damage(new_tracker(make_setup(list("abcd"))), 0, 30), 0, 20)
    >>> t.totals, t.last(0)
    ((50, 0, 0, 0), 20)
    """

    setup: Setup
    piles: tuple[tuple[int, ...], ...]
    known: tuple[str | None, ...]
    set_aside: str | None = None
    # Clan sizes (in CLANS order) under which the round was over when the table played
    # on: asked "is it over?", it said no, so those splits are out (Z-E1, Z-C1).
    ruled_out: tuple[tuple[int, ...], ...] = ()

    def total(self, seat: int) -> int:
        return sum(self.piles[seat])

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(p) for p in self.piles)

    def is_eliminated(self, seat: int) -> bool:
        """Strictly over 100 (Z-D1)."""
        return self.total(seat) > ALIVE_UP_TO

    @property
    def eliminated(self) -> tuple[bool, ...]:
        return tuple(t > ALIVE_UP_TO for t in self.totals)

    def last(self, seat: int) -> int | None:
        """The damage card on top of the pile (what Soins removes, what Z-D3 looks at)."""
        return self.piles[seat][-1] if self.piles[seat] else None

    @property
    def awaiting(self) -> tuple[int, ...]:
        """Eliminated players whose token is not entered yet: they show it (seed 003)."""
        return tuple(s for s, out in enumerate(self.eliminated) if out and self.known[s] is None)


def new_tracker(setup: Setup) -> DamageTracker:
    """A round with no damage and no clan known."""
    return DamageTracker(setup=setup, piles=((),) * setup.n, known=(None,) * setup.n)


def _seat(t: DamageTracker, value: Any) -> int:
    seat = whole(value, "player")
    if not 0 <= seat < t.setup.n:
        raise RuleError(N_("Choose one of the players."), field="player")
    return seat


def _not_over(t: DamageTracker) -> None:
    if round_end(t) is not None:
        raise RuleError(N_("The round is over: record its result."), field="player")


def _alive(t: DamageTracker, seat: int) -> None:
    if t.is_eliminated(seat):
        raise RuleError(
            N_("%(name)s is eliminated and takes no more cards this round."),
            field="player",
            name=t.setup.players[seat],
        )


def verify_damage(t: DamageTracker, seat: Any, amount: Any) -> tuple[int, int]:
    """Refuse a damage card that may not be played; return (seat, amount) (Z-D1, Z-D3).

    >>> from .clans import make_setup
    >>> t = damage(new_tracker(make_setup(list("abcd"), expert=True)), 1, 20)
    >>> verify_damage(t, 1, 20)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Expert rule: b's last damage is a 20, so another 20 must wait until a different card covers it.
    >>> verify_damage(t, 1, 10)
    (1, 10)
    """
    s = _seat(t, seat)
    a = whole(amount, "amount")
    if a not in DAMAGES:
        raise RuleError(N_("A damage card is 10, 20 or 30."), field="amount")
    _not_over(t)
    _alive(t, s)
    if t.setup.expert and a in ALTERNATING and t.last(s) == a:
        raise RuleError(
            N_(
                "Expert rule: %(name)s's last damage is a %(amount)s, so another "
                "%(amount)s must wait until a different card covers it."
            ),
            field="amount",
            name=t.setup.players[s],
            amount=a,
        )
    return s, a


def can_damage(t: DamageTracker, seat: Any, amount: Any) -> bool:
    """Whether ``verify_damage`` accepts."""
    try:
        verify_damage(t, seat, amount)
    except RuleError:
        return False
    return True


def damage(t: DamageTracker, seat: Any, amount: Any) -> DamageTracker:
    """Put a damage card on a player's pile (Z-D1).

    >>> from .clans import make_setup
    >>> t = new_tracker(make_setup(list("abcd")))
    >>> for a in (30, 30, 30, 10):
    ...     t = damage(t, 2, a)
    >>> t.total(2), t.is_eliminated(2), damage(t, 2, 10).is_eliminated(2)
    (100, False, True)
    """
    s, a = verify_damage(t, seat, amount)
    piles = list(t.piles)
    piles[s] = piles[s] + (a,)
    return replace(_played_on(t), piles=tuple(piles))


def verify_heal(t: DamageTracker, seat: Any) -> int:
    """Refuse a Soins with nothing to heal (Z-D2); return the seat.

    >>> from .clans import make_setup
    >>> verify_heal(new_tracker(make_setup(list("abcd"))), 3)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: d has no damage to heal.
    """
    s = _seat(t, seat)
    _not_over(t)
    _alive(t, s)
    if not t.piles[s]:
        raise RuleError(
            N_("%(name)s has no damage to heal."), field="player", name=t.setup.players[s]
        )
    return s


def can_heal(t: DamageTracker, seat: Any) -> bool:
    """Whether ``verify_heal`` accepts."""
    try:
        verify_heal(t, seat)
    except RuleError:
        return False
    return True


def heal(t: DamageTracker, seat: Any) -> DamageTracker:
    """Soins: the last damage card received goes to the discard (Z-D2).

    >>> from .clans import make_setup
    >>> t = damage(damage(new_tracker(make_setup(list("abcd"))), 0, 30), 0, 10)
    >>> heal(t, 0).piles[0]
    (30,)
    """
    s = verify_heal(t, seat)
    piles = list(t.piles)
    piles[s] = piles[s][:-1]
    return replace(_played_on(t), piles=tuple(piles))


def _size_maps(setup: Setup) -> Iterator[dict[str, int]]:
    """Every way of giving the clan sizes the tokens allow (each split, Z-C1) to the
    clan labels (0: not in play).

    With k clans the labels are the first k of A, B, C: which physical token colours a
    table uses does not change who scores, and fixing the labels lets the tracker name
    the winning clan as soon as the other one is out.
    """
    labels = CLANS[: len(setup.sizes)]
    for sizes in sorted({p for split in setup.splits for p in permutations(split)}):
        yield {**dict.fromkeys(CLANS, 0), **dict(zip(labels, sizes))}


def _feasible(
    setup: Setup, known: tuple[str | None, ...], set_aside: str | None,
    ruled_out: tuple[tuple[int, ...], ...] = (),
) -> list[dict[str, int]]:
    """The size maps the known tokens, the set-aside token and the table's "it goes on"
    still allow (Z-C1)."""
    counts = Counter(c for c in known if c is not None)
    short = {ALONE: 1, ONE_MORE: 3}.get(setup.mode)  # the colour that lost a token
    return [
        m
        for m in _size_maps(setup)
        if all(counts[c] <= m[c] for c in CLANS) and (set_aside is None or m[set_aside] == short)
        and _key(m) not in ruled_out
    ]


def _key(sizes: dict[str, int]) -> tuple[int, ...]:
    return tuple(sizes[c] for c in CLANS)


def _played_on(t: DamageTracker) -> DamageTracker:
    """A card played while the round might have been over says it was not: the table
    was asked and plays on, so the splits under which it was over are ruled out."""
    maps, _outs, winners = _judged(t)
    ended = tuple(_key(m) for m, w in zip(maps, winners) if w is not None)
    return replace(t, ruled_out=t.ruled_out + ended) if ended else t


def _clan(value: Any) -> str:
    if value not in CLANS:
        raise RuleError(N_("Choose a clan."), field="clan")
    return value


def verify_reveal(t: DamageTracker, seat: Any, clan: Any) -> tuple[int, str]:
    """Refuse a clan the tokens cannot give this player (Z-C1); return (seat, clan).

    >>> from .clans import make_setup
    >>> t = reveal(reveal(new_tracker(make_setup(list("abcdef"))), 0, "A"), 1, "A")
    >>> verify_reveal(reveal(t, 2, "A"), 3, "A")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: d cannot be in clan A: with Two clans the clans have 3+3 players.
    """
    s = _seat(t, seat)
    c = _clan(clan)
    known = t.known[:s] + (c,) + t.known[s + 1 :]
    if not _feasible(t.setup, known, t.set_aside, t.ruled_out):
        raise RuleError(
            N_("%(name)s cannot be in clan %(clan)s: with %(mode)s the clans have %(sizes)s players."),
            field="clan",
            name=t.setup.players[s],
            clan=c,
            mode=MODE_NAMES[t.setup.mode],
            sizes=splits_text(t.setup.splits),
        )
    return s, c


def can_reveal(t: DamageTracker, seat: Any, clan: Any) -> bool:
    """Whether ``verify_reveal`` accepts."""
    try:
        verify_reveal(t, seat, clan)
    except RuleError:
        return False
    return True


def reveal(t: DamageTracker, seat: Any, clan: Any) -> DamageTracker:
    """Enter a player's clan: shown on elimination (Z-D1), or known otherwise; replaces
    an earlier entry for the same player."""
    s, c = verify_reveal(t, seat, clan)
    return replace(t, known=t.known[:s] + (c,) + t.known[s + 1 :])


def verify_set_aside(t: DamageTracker, clan: Any) -> str:
    """Refuse a set-aside token outside Un tout seul / Un de plus, or not fitting."""
    if t.setup.mode not in (ALONE, ONE_MORE):
        raise RuleError(
            N_("Only Un tout seul and Un de plus set a clan token aside."), field="clan"
        )
    c = _clan(clan)
    if not _feasible(t.setup, t.known, c, t.ruled_out):
        raise RuleError(
            N_("The token set aside cannot be of clan %(clan)s given the clans shown."),
            field="clan",
            clan=c,
        )
    return c


def can_set_aside(t: DamageTracker, clan: Any) -> bool:
    """Whether ``verify_set_aside`` accepts."""
    try:
        verify_set_aside(t, clan)
    except RuleError:
        return False
    return True


def set_aside(t: DamageTracker, clan: Any) -> DamageTracker:
    """Enter the token taken out unseen: in Un tout seul its colour is the lone player's
    clan, in Un de plus the clan of 3 (seed 003, "Les parties en nombre impair")."""
    return replace(t, set_aside=verify_set_aside(t, clan))


@dataclass(frozen=True)
class RoundDraft:
    """A pre-filled result: clans known or deduced (None: still unknown), eliminations,
    whether the round is certainly over (Z-E1, Z-S2) and, if known, the winner.

    ``maybe_out``: clans that may be all out, when the tokens still hidden decide
    whether the round is over (a 3+1 split at 4 players; three clans of unequal sizes):
    the tracker cannot know, so the table is asked rather than told."""

    clans: tuple[str | None, ...]
    eliminated: tuple[bool, ...]
    over: bool
    winner: str | None
    out: tuple[str, ...]  # clans certainly all out
    result: RoundResult | None  # the scored result once every clan is known
    maybe_out: tuple[str, ...] = ()

    @property
    def ask(self) -> bool:
        """The round may be over or not: only the players still in can tell."""
        return bool(self.maybe_out)

    def as_data(self) -> dict[str, Any]:
        """Form data for a "result" entry; an unknown winner is left to be derived."""
        data: dict[str, Any] = {"clans": list(self.clans), "eliminated": list(self.eliminated)}
        if not self.over or self.winner is not None:
            data["winner"] = self.winner  # not over: the cards ran out (Z-E1)
        return data


def _ended(setup: Setup, sizes: dict[str, int], out: set[str]) -> str | None:
    """The winner under one size map, or None if the round goes on (Z-E1, Z-S2)."""
    ending = [c for c in CLANS if sizes[c] > (1 if setup.mode == ALONE else 0)]
    gone = [c for c in ending if c in out]
    standing = [c for c in ending if c not in out]
    if len(gone) >= (2 if setup.mode == THREE else 1) and len(standing) == 1:
        return standing[0]
    return None


def _judged(t: DamageTracker) -> tuple[list[dict[str, int]], list[set[str]], list[str | None]]:
    """Each size map still possible, the clans all out under it, and its winner (None:
    under that map the round goes on)."""
    maps = _feasible(t.setup, t.known, t.set_aside, t.ruled_out)
    out_counts = Counter(c for c, e in zip(t.known, t.eliminated) if c is not None and e)
    outs = [{c for c in CLANS if m[c] and out_counts[c] == m[c]} for m in maps]
    return maps, outs, [_ended(t.setup, m, o) for m, o in zip(maps, outs)]


def draft(t: DamageTracker) -> RoundDraft:
    """What the tracker knows of the round's result, at any moment.

    The round is *over* only when every way the unknown tokens could lie ends it:
    a clan is all out when as many of its members are out as the clan has players.
    When some ways end it and others do not, it *asks* (``maybe_out``): neither the
    end nor the going on is guessed.

    >>> from .clans import make_setup
    >>> t = new_tracker(make_setup(list("abcd")))
    >>> for seat in (0, 1):
    ...     for a in (30, 30, 30, 20):
    ...         t = damage(t, seat, a)
    >>> t = reveal(reveal(t, 0, "A"), 1, "A")
    >>> d = draft(t)  # A is 2 of a 2+2 (over) or 3 of a 3+1 (not): ask (Z-C1)
    >>> d.over, d.ask, d.maybe_out
    (False, True, ('A',))
    >>> d = draft(reveal(reveal(t, 2, "B"), 3, "B"))
    >>> d.over, d.winner, d.clans, d.result.points
    (True, 'B', ('A', 'A', 'B', 'B'), (0, 0, 3, 3))
    """
    setup, known, elim = t.setup, t.known, t.eliminated
    maps, outs, winners = _judged(t)
    counts = Counter(c for c in known if c is not None)
    over = bool(maps) and not t.awaiting and all(w is not None for w in winners)
    winner = winners[0] if over and len(set(winners)) == 1 else None
    open_slots = {c for m in maps for c in CLANS if m[c] > counts[c]}
    fill = next(iter(open_slots)) if len(open_slots) == 1 else None
    clans = tuple(c if c is not None else fill for c in known)
    out = tuple(c for c in CLANS if outs and all(c in o for o in outs))
    result = None
    if over and all(c is not None for c in clans):
        result = judge_round(setup, clans, elim)
        winner = result.winner
    maybe: set[str] = set()
    if maps and not over and not t.awaiting:
        maybe = {c for o, w in zip(outs, winners) if w is not None for c in o}
    return RoundDraft(clans, elim, over, winner, out, result, tuple(c for c in CLANS if c in maybe))


def round_end(t: DamageTracker) -> RoundDraft | None:
    """The pre-filled result once a whole clan is out (Z-E1; two clans with three,
    a pair with Un tout seul, Z-S2); None while the round goes on.

    >>> from .clans import make_setup
    >>> round_end(new_tracker(make_setup(list("abcd")))) is None
    True
    """
    d = draft(t)
    return d if d.over else None
