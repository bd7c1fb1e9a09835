"""Annonces as the sheet enters them: the scoring team's combinations only (B-P4, B-F1,
B-F2, C-A4, C-K2). Which team holds the best is the table's call (or, for the virtual
deck, :func:`best`). Pure.

A combination is a word: ``tierce`` (3 in sequence, 20), ``cinquante`` (4, 50), ``cent``
(5 or more, 100), or a carré ``carre_J`` .. ``carre_Q`` (Jacks 200, Nines 150, Aces, Tens,
Kings, Queens 100; at sans atout Aces 200, Tens 150, the others 100). Carrés of 8s and 7s
are worth nothing and are not entered.

>>> value(("tierce", "carre_J")), value(("carre_A",), "SA"), value(("carre_J",), "SA")
(220, 200, 100)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules.errors import N_, RuleError
from .cards import SA

SEQUENCES = {"tierce": (20, 3), "cinquante": (50, 4), "cent": (100, 5)}  # value, cards at least
CARRES = {"carre_J": 200, "carre_9": 150, "carre_A": 100, "carre_10": 100, "carre_K": 100, "carre_Q": 100}
CARRES_SA = {"carre_A": 200, "carre_10": 150, "carre_J": 100, "carre_9": 100, "carre_K": 100, "carre_Q": 100}
COMBINATIONS = (*SEQUENCES, *CARRES)
TEAM_CARDS = 16  # two hands of 8
MAX_COMBINATIONS = 8


def value(combos: Sequence[str], trump: str | None = None) -> int:
    """The points of a team's combinations (B-P4; carrés at SA by C-A4)."""
    carres = CARRES_SA if trump == SA else CARRES
    return sum(SEQUENCES[c][0] if c in SEQUENCES else carres[c] for c in combos)


def verify_combos(raw: Any) -> tuple[str, ...]:
    """B-F2: known combinations, a carré of one rank once, and no more cards than a team's
    16 (a card counts in one annonce only). Sorted, so their order never matters.

    >>> verify_combos(["carre_J", "tierce", "tierce"])
    ('carre_J', 'tierce', 'tierce')
    >>> verify_combos(["carre_J", "carre_J"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A carré of one rank can be announced only once.
    >>> verify_combos(["cent"] * 3 + ["tierce"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: These annonces need 18 cards: a team holds 16.
    """
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, (list, tuple)) or not raw or len(raw) > MAX_COMBINATIONS:
        raise RuleError(N_("Tap the team's combinations: tierce, cinquante, cent or a carré."), field="annonces")
    if any(c not in COMBINATIONS for c in raw):
        raise RuleError(N_("Tap the team's combinations: tierce, cinquante, cent or a carré."), field="annonces")
    carres = [c for c in raw if c in CARRES]
    if len(set(carres)) != len(carres):
        raise RuleError(N_("A carré of one rank can be announced only once."), field="annonces")
    cards = sum(SEQUENCES[c][1] if c in SEQUENCES else 4 for c in raw)
    if cards > TEAM_CARDS:
        raise RuleError(N_("These annonces need %(cards)s cards: a team holds 16."), field="annonces", cards=cards)
    return tuple(sorted(raw))


# ------------------------------------------------------------------ the best annonce (B-P4)
# For the virtual deck, which sees the hands: an annonce held is (combination, top rank,
# suit); carrés have no suit (None).

SEQ_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")  # sequences run in this order (B-P4)


def _key(annonce: tuple[str, str, str | None], trump: str | None) -> tuple[int, int, int, int]:
    combo, top, suit = annonce
    points = value((combo,), trump)
    return points, combo in CARRES, SEQ_RANKS.index(top), suit is not None and suit == trump


def best(declared: Sequence[tuple[int, tuple[str, str, str | None]]], trump: str | None,
         tie: str = "none") -> int | None:
    """B-P4: the team whose best annonce wins, from (team, annonce) in the order declared:
    the higher value; equal, a carré before a sequence, then the higher top card, then
    trump; still equal, nobody (FFB coinche 8.3) or the first declared (``tie="first"``).

    >>> best([(0, ("tierce", "K", "S")), (1, ("tierce", "A", "D"))], "H")
    1
    >>> best([(0, ("tierce", "A", "S")), (1, ("tierce", "A", "D"))], "H")
    >>> best([(0, ("tierce", "A", "S")), (1, ("tierce", "A", "D"))], "H", tie="first")
    0
    """
    if not declared:
        return None
    top = max(_key(a, trump) for _t, a in declared)
    teams = [t for t, a in declared if _key(a, trump) == top]
    if len(set(teams)) == 1 or tie == "first":
        return teams[0]
    return None
