"""The bonuses a round's entry gives (K-S2, K-S3), checked against what the cards can
give: one black 14, three other 14s, two Mermaids, five Pirates and the Tigress, one
Skull King, two Loot cards, and only in the tricks a player took.

Entered in few taps: per player only the counts that are not zero, e.g.
``[{}, {"fourteens": 1, "skull_king": 1}, {}]``; Loot alliances as pairs
``[[who played the Loot, who captured it]]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from .scoring import ADVANCED_CARDS, BONUS_KINDS, Bonus

#: How many of each bonus a round can hold, all players together (the deck's cards).
LIMITS = {"fourteens": 3, "black14": 1, "mermaids": 2, "pirates": 6, "skull_king": 1}

_TOO_MANY = {
    "fourteens": N_("There are only three yellow, purple and green 14s: the bonuses name %(count)s."),
    "black14": N_("There is only one black 14: the bonuses name %(count)s."),
    "mermaids": N_("There are only two Mermaids: the bonuses name %(count)s taken by a Pirate."),
    "pirates": N_("There are only five Pirates and the Tigress: the bonuses name %(count)s taken by the Skull King."),
    "skull_king": N_("There is only one Skull King: the bonuses say it was captured %(count)s times."),
}


def _seat(setup: Any, raw: Any, field_name: str) -> int:
    p = whole(raw, field_name)
    if not 0 <= p < setup.n:
        raise RuleError(N_("There is no such player."), field=field_name)
    return p


def parse_bonuses(setup: Any, raw: Any) -> list[Bonus]:
    """One ``Bonus`` per seat from a list (or a seat -> counts mapping); missing means none."""
    if raw is None:
        return [Bonus()] * setup.n
    if isinstance(raw, dict):
        items = [(_seat(setup, k, "bonuses"), v) for k, v in raw.items()]
    elif isinstance(raw, (list, tuple)) and len(raw) == setup.n:
        items = list(enumerate(raw))
    else:
        raise RuleError(N_("Give the bonuses of every player."), field="bonuses")
    out = [Bonus()] * setup.n
    for p, counts in items:
        if counts is None or counts == "":
            continue
        if not isinstance(counts, dict):
            raise RuleError(N_("Give %(name)s's bonuses as counts."), field=f"bonuses.{p}", name=setup.players[p])
        unknown = sorted(str(k) for k in set(counts) - set(BONUS_KINDS))  # JSON keys are text; a form's may not be
        if unknown:
            raise RuleError(N_("Unknown bonus %(kind)s."), field=f"bonuses.{p}", kind=unknown[0][:20])
        values = {}
        for k, v in counts.items():
            if v in (None, ""):
                continue
            value = whole(v, f"bonuses.{p}.{k}")
            if value < 0:
                raise RuleError(N_("A bonus is counted from zero up."), field=f"bonuses.{p}.{k}")
            values[k] = value
        out[p] = Bonus(**values)
    return out


def capture_tricks(bonus: Bonus, per_trick: int) -> int:
    """The fewest tricks that hold these captures: a Skull King's Pirates, a Mermaid's
    Skull King and a Pirate's Mermaids are each won in tricks of their own (a trick
    holding the Skull King and a Mermaid is the Mermaid's; one holding a Pirate and the
    Skull King, the Skull King's).

    >>> capture_tricks(Bonus(pirates=2, mermaids=2), 4), capture_tricks(Bonus(mermaids=2), 2)
    (2, 2)
    """
    room = per_trick - 1  # the winning card is the capturer
    return (bonus.pirates > 0) + (bonus.skull_king > 0) + -(-bonus.mermaids // room)


def verify_bonuses(setup: Any, bonuses: Sequence[Bonus], tricks: Sequence[int],
                   loot: Sequence[tuple[int, int]] = ()) -> None:
    """Refuse bonuses the round's cards cannot give (K-S2), naming the field; the Loot
    cards a player captured (K-S3) take room in their tricks too."""
    names, per_trick = setup.players, setup.hands
    for kind, limit in LIMITS.items():
        total = sum(getattr(b, kind) for b in bonuses)
        if total > limit:
            worst = max(range(setup.n), key=lambda p: getattr(bonuses[p], kind))
            raise RuleError(_TOO_MANY[kind], field=f"bonuses.{worst}.{kind}", count=total)
    mermaids = sum(b.mermaids + b.skull_king for b in bonuses)  # the Mermaid that took him was not taken
    if mermaids > LIMITS["mermaids"]:
        p = next(p for p, b in enumerate(bonuses) if b.mermaids)
        raise RuleError(N_("There are only two Mermaids: one took the Skull King, so a Pirate took one at most."),
                        field=f"bonuses.{p}.mermaids")
    kings = [p for p, b in enumerate(bonuses) if b.pirates]
    taken = [p for p, b in enumerate(bonuses) if b.skull_king]
    if len(kings) > 1:
        raise RuleError(N_("There is one Skull King: only one player can have taken Pirates with him."),
                        field=f"bonuses.{kings[1]}.pirates")
    if kings and taken:
        raise RuleError(N_("The Skull King cannot both take Pirates and be taken by a Mermaid in one round."),
                        field=f"bonuses.{taken[0]}.skull_king")
    for p, b in enumerate(bonuses):
        looted = sum(1 for _a, captor in loot if captor == p)
        if not b and not looted:
            continue
        if b and tricks[p] == 0:
            raise RuleError(N_("%(name)s took no trick, so no card to earn a bonus with."),
                            field=f"bonuses.{p}", name=names[p])
        if b.pirates > per_trick - 1:
            raise RuleError(N_("The Skull King takes %(most)s Pirates at most: a trick holds %(cards)s cards."),
                            field=f"bonuses.{p}.pirates", most=per_trick - 1, cards=per_trick)
        need = capture_tricks(b, per_trick)
        if need > tricks[p]:
            raise RuleError(N_("Tricks %(name)s took: %(tricks)s; these captures need %(need)s (a Pirate's Mermaids, "
                               "the Skull King's Pirates and a Mermaid's Skull King are each won in a trick of their own)."),
                            field=f"bonuses.{p}", name=names[p], tricks=tricks[p], need=need)
        if b.fourteens + b.black14 + b.captures + need + looted > tricks[p] * per_trick:
            raise RuleError(N_("The tricks %(name)s took hold %(cards)s cards: fewer than these bonuses need."),
                            field=f"bonuses.{p}", name=names[p], cards=tricks[p] * per_trick)


def parse_loot(setup: Any, raw: Any, tricks: Sequence[int]) -> list[tuple[int, int]]:
    """K-S3's alliances, [who played the Loot, who captured it] each; checked: Loot in
    play, two cards at most, two different players, a captor who took a trick."""
    if raw in (None, "", [], ()):
        return []
    if not setup.rules.loot:
        raise RuleError(N_("No Loot cards are in play in this game."), field="loot")
    if not isinstance(raw, (list, tuple)) or len(raw) > ADVANCED_CARDS["loot"]:
        raise RuleError(N_("There are two Loot cards: two alliances at most."), field="loot")
    out = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise RuleError(N_("An alliance is who played the Loot and who captured it."), field=f"loot.{i}")
        a, b = _seat(setup, pair[0], f"loot.{i}"), _seat(setup, pair[1], f"loot.{i}")
        if a == b:
            raise RuleError(N_("%(name)s cannot ally with themselves: whoever captures their own Loot forms no alliance."),
                            field=f"loot.{i}", name=setup.players[a])
        if tricks[b] == 0:
            raise RuleError(N_("%(name)s took no trick, so captured no Loot."), field=f"loot.{i}",
                            name=setup.players[b])
        out.append((a, b))
    return out
