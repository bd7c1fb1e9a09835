"""A Witty Zibi round's result: who was in which clan, who was eliminated, who won.

The winner follows from the eliminations (Z-E1, Z-S2): a declared winner is only
checked against them. Points by Z-S1 and Z-S2.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...rules.errors import N_, RuleError
from .clans import ALONE, CLANS, MODE_NAMES, THREE, Setup, flag, splits_text


class _Derive:
    """Sentinel: no winner was declared, work it out from the eliminations."""

    def __repr__(self) -> str:
        return "DERIVE"


DERIVE: Any = _Derive()
NO_WINNER_VALUES = (None, "", "none")  # "cards ran out": nobody wins (Z-E1)


@dataclass(frozen=True)
class RoundResult:
    """One finished round; ``winner`` None means the cards ran out (Z-E1)."""

    clans: tuple[str, ...]
    eliminated: tuple[bool, ...]
    winner: str | None
    points: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        """The entry data that records this result."""
        return {"clans": list(self.clans), "eliminated": list(self.eliminated), "winner": self.winner}


def _sizes_text(sizes: Sequence[int]) -> str:
    return "+".join(str(s) for s in sizes)


def _clans(setup: Setup, raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, (list, tuple)) or len(raw) != setup.n:
        raise RuleError(N_("Give the clan of every player."), field="clans")
    out = []
    labels = CLANS[: len(setup.sizes)]  # two clans are A and B (see tracker._size_maps)
    for seat, clan in enumerate(raw):
        if clan not in labels:
            raise RuleError(
                N_("Choose the clan of %(name)s."), field=f"clans.{seat}", name=setup.players[seat]
            )
        out.append(clan)
    return tuple(out)


def _eliminated(setup: Setup, raw: Any) -> tuple[bool, ...]:
    if not isinstance(raw, (list, tuple)) or len(raw) != setup.n:
        raise RuleError(N_("Say for every player whether they were eliminated."), field="eliminated")
    return tuple(flag(v, f"eliminated.{seat}") for seat, v in enumerate(raw))


def verify_partition(setup: Setup, clans: Sequence[str]) -> None:
    """Refuse clans whose sizes the tokens cannot give (Z-C1: 2+2 or 3+1 at 4).

    >>> from .clans import make_setup
    >>> verify_partition(make_setup(list("abcd")), ["A", "A", "A", "B"])
    >>> verify_partition(make_setup(list("abcd")), ["A", "A", "A", "A"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: With Two clans the clans have 2+2 / 3+1 players, not 4.
    """
    given = tuple(sorted(Counter(clans).values(), reverse=True))
    if given not in setup.splits:
        raise RuleError(
            N_("With %(mode)s the clans have %(sizes)s players, not %(given)s."),
            field="clans",
            mode=MODE_NAMES[setup.mode],
            sizes=splits_text(setup.splits),
            given=_sizes_text(given),
        )


def lone_clan(setup: Setup, clans: Sequence[str]) -> str | None:
    """The lone player's clan in "Un tout seul" (Z-S2), else None."""
    if setup.mode != ALONE:
        return None
    return next(c for c, k in Counter(clans).items() if k == 1)


def out_clans(clans: Sequence[str], eliminated: Sequence[bool]) -> tuple[str, ...]:
    """Clans every member of which is eliminated, in CLANS order.

    >>> out_clans(["A", "B", "A", "B"], [True, True, True, False])
    ('A',)
    """
    present = set(clans)
    alive = {c for c, e in zip(clans, eliminated) if not e}
    return tuple(c for c in CLANS if c in present and c not in alive)


def _ending_clans(setup: Setup, clans: Sequence[str]) -> tuple[str, ...]:
    """The clans whose wiping out can end the round: in Un tout seul only the pairs (Z-S2)."""
    lone = lone_clan(setup, clans)
    return tuple(c for c in CLANS if c in set(clans) and c != lone)


def winning_clan(setup: Setup, clans: Sequence[str], eliminated: Sequence[bool]) -> str | None:
    """The clan left standing when the round ended (Z-E1, Z-S2); None: the cards ran out.

    Two clans: the other clan once one is all out. Three clans: the third once two are
    all out. Un tout seul: the other pair once a pair is all out (the lone player's
    elimination does not end the round). Assumes ``verify_round`` accepted the input.

    >>> from .clans import make_setup
    >>> s = make_setup(list("abcde"), "alone")
    >>> winning_clan(s, ["A", "A", "B", "B", "C"], [True, True, False, True, True])
    'B'
    >>> winning_clan(s, ["A", "A", "B", "B", "C"], [True, False, True, False, True]) is None
    True
    """
    ending = _ending_clans(setup, clans)
    out = [c for c in out_clans(clans, eliminated) if c in ending]
    needed = 2 if setup.mode == THREE else 1
    if len(out) < needed:
        return None
    standing = [c for c in ending if c not in out]
    return standing[0] if len(standing) == 1 else None


def round_points(
    setup: Setup, clans: Sequence[str], eliminated: Sequence[bool], winner: str | None
) -> tuple[int, ...]:
    """Each player's points (Z-S1, Z-S2): 3 alive / 2 eliminated in the winning clan,
    4 for the survivor of a clan of one (the 1 of a 3+1 split at 4 players); the lone
    player of Un tout seul 4 if alive; everyone else 0; nobody if no winner.

    >>> from .clans import make_setup
    >>> s = make_setup(list("abcde"), "alone")
    >>> round_points(s, ["A", "A", "B", "B", "C"], [True, True, False, True, False], "B")
    (0, 0, 3, 2, 4)
    >>> round_points(make_setup(list("abcd")), ["A", "A", "B", "A"], [True, True, False, True], "B")
    (0, 0, 4, 0)
    """
    if winner is None:
        return (0,) * len(clans)  # Z-E1: cards ran out, nobody scores
    lone = lone_clan(setup, clans)
    isolated = Counter(clans)[winner] == 1  # Z-S1: "un joueur survivant à une équipe isolée"
    points = []
    for clan, out in zip(clans, eliminated):
        if clan == winner:
            points.append(2 if out else (4 if isolated else 3))  # Z-S1
        elif clan == lone:
            points.append(0 if out else 4)  # Z-S2
        else:
            points.append(0)
    return tuple(points)


def verify_round(
    setup: Setup, clans: Any, eliminated: Any, winner: Any = DERIVE
) -> tuple[tuple[str, ...], tuple[bool, ...], str | None]:
    """Refuse an impossible result; return it normalised with its winner (Z-C1, Z-E1, Z-S2).

    ``winner`` is a clan, None / "" / "none" for "cards ran out", or left out to derive.

    >>> from .clans import make_setup
    >>> s = make_setup(list("abcd"))
    >>> verify_round(s, ["A", "B", "A", "B"], [True, False, True, False])
    (('A', 'B', 'A', 'B'), (True, False, True, False), 'B')
    >>> verify_round(s, ["A", "B", "A", "B"], [True, False, False, False], winner="A")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Clan A cannot have won: clan B still has a player in the game.
    """
    c = _clans(setup, clans)
    e = _eliminated(setup, eliminated)
    verify_partition(setup, c)
    ending = _ending_clans(setup, c)
    out = [k for k in out_clans(c, e) if k in ending]
    if len(out) == len(ending):
        if setup.mode == THREE:
            template = N_("Not every clan can be all out: the round ends when two whole clans are.")
        else:
            template = N_("Not every clan can be all out: the round ends when one whole clan is.")
        raise RuleError(template, field="eliminated")
    derived = winning_clan(setup, c, e)
    if winner is DERIVE:
        return c, e, derived
    declared = None if winner in NO_WINNER_VALUES else winner
    if declared is None:
        if derived is not None:
            raise RuleError(
                N_("Clan %(out)s is all out, so the round ended with a winner: clan %(winner)s."),
                field="winner",
                out=" & ".join(out),
                winner=derived,
            )
        return c, e, None
    if declared not in c:
        raise RuleError(N_("No player is in clan %(clan)s."), field="winner", clan=declared)
    if declared in out_clans(c, e):
        raise RuleError(
            N_("Clan %(clan)s cannot have won: all its players are eliminated."),
            field="winner",
            clan=declared,
        )
    if derived != declared:
        if derived is None:
            other = next(k for k in ending if k != declared and k not in out)
            raise RuleError(
                N_("Clan %(clan)s cannot have won: clan %(other)s still has a player in the game."),
                field="winner",
                clan=declared,
                other=other,
            )
        raise RuleError(
            N_("Clan %(winner)s won this round, not clan %(clan)s."),
            field="winner",
            winner=derived,
            clan=declared,
        )
    return c, e, declared


def can_round(setup: Setup, clans: Any, eliminated: Any, winner: Any = DERIVE) -> bool:
    """Whether ``verify_round`` accepts.

    >>> from .clans import make_setup
    >>> can_round(make_setup(list("abcd")), ["A", "B", "A", "B"], [True] * 4)
    False
    """
    try:
        verify_round(setup, clans, eliminated, winner)
    except RuleError:
        return False
    return True


def judge_round(setup: Setup, clans: Any, eliminated: Any, winner: Any = DERIVE) -> RoundResult:
    """Verify a round's outcome and score it.

    >>> from .clans import make_setup
    >>> r = judge_round(make_setup(list("abcdef"), "three"), list("AABBCC"), [1, 1, 1, 0, 1, 1])
    >>> r.winner, r.points
    ('B', (0, 0, 2, 3, 0, 0))
    """
    c, e, w = verify_round(setup, clans, eliminated, winner)
    return RoundResult(clans=c, eliminated=e, winner=w, points=round_points(setup, c, e, w))
