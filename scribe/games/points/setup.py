"""A points-per-round game's setup: the preset (Skyjo, 6 qui prend!, Custom) and its options.

Rule ids P-2, P-3, P-S1..P-S3 in shared/RULES.md. Pure: no Flask, no SQL, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import clean_text, flag, verify_names, whole

SKYJO, SIX, CUSTOM = "skyjo", "six", "custom"
PRESETS = (SKYJO, SIX, CUSTOM)
LOWEST, HIGHEST = "lowest", "highest"
SEATS = {SKYJO: (2, 8), SIX: (2, 10), CUSTOM: (2, 12)}  # P-S1, P-S2, P-S3
TARGETS = {SKYJO: 100, SIX: 66}  # P-S1, P-S2: the usual end of the game
MIN_PLAYERS, MAX_PLAYERS = 2, 12
LIMIT = 10_000  # |points| of one round, and a custom target: past it, a typing slip
MAX_ROUNDS = 200
TITLE_MAX = 40


@dataclass(frozen=True)
class Setup:
    """Players in seating order, and when the game ends and who wins (P-2, P-3)."""

    GAME: ClassVar[str] = "points"  # its game in games.GAMES, for code holding only a setup
    players: tuple[str, ...]
    preset: str = SKYJO
    target: int | None = 100  # P-2: ends once some total reaches it
    rounds: int | None = None  # P-2 (Custom): or after this many rounds
    wins: str = LOWEST  # P-3
    double_always: bool = False  # P-S1: the table's switch, double whatever the sign
    title: str = ""  # P-S3: the game played, for a custom sheet

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def has_closer(self) -> bool:
        """Only Skyjo has a player who closes the round (P-S1)."""
        return self.preset == SKYJO

    @property
    def lowest_wins(self) -> bool:
        return self.wins == LOWEST

    def as_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "preset": self.preset, "target": self.target,
                "rounds": self.rounds, "wins": self.wins, "double_always": self.double_always,
                "title": self.title}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Setup:
        return cls(tuple(d["players"]), d.get("preset", SKYJO), d.get("target"), d.get("rounds"),
                   d.get("wins", LOWEST), bool(d.get("double_always")), d.get("title") or "")


def _bounded(value: Any, field: str, low: int, high: int) -> int:
    n = whole(value, field)
    if not low <= n <= high:
        raise RuleError(N_("Give a number from %(low)s to %(high)s."), field=field, low=low, high=high)
    return n


def _custom_end(target: Any, rounds: Any) -> tuple[int | None, int | None]:
    """P-S3: a target or a number of rounds, exactly one."""
    target = None if target in (None, "") else _bounded(target, "target", 1, LIMIT)
    rounds = None if rounds in (None, "") else _bounded(rounds, "rounds", 1, MAX_ROUNDS)
    if (target is None) == (rounds is None):
        raise RuleError(N_("Give either a target score or a number of rounds."), field="target")
    return target, rounds


def make_setup(players: Any = (), preset: Any = SKYJO, target: Any = None, rounds: Any = None,
               wins: Any = None, double_always: Any = False, title: Any = None) -> Setup:
    """A checked setup, or a RuleError naming the field.

    >>> make_setup(["Ana", "Ben"]).target, make_setup(["Ana", "Ben"], "six").target
    (100, 66)
    >>> make_setup(["Ana", "Ben"], "custom", rounds=5, wins="highest").rounds
    5
    >>> make_setup(["Ana"], "skyjo")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Skyjo is for 2 to 8 players.
    """
    if preset not in PRESETS:
        raise RuleError(N_("Choose a game: Skyjo, 6 qui prend! or another points game."), field="preset")
    names = verify_names(players)
    low, high = SEATS[preset]
    if not low <= len(names) <= high:
        message = {SKYJO: N_("Skyjo is for %(low)s to %(high)s players."),
                   SIX: N_("6 qui prend! is for %(low)s to %(high)s players."),
                   CUSTOM: N_("A points game is for %(low)s to %(high)s players.")}[preset]
        raise RuleError(message, field="players", low=low, high=high)
    always = flag(double_always, "double_always")
    if preset != CUSTOM:  # a preset's end and winner are the publisher's (P-S1, P-S2)
        for name, value in (("target", target), ("rounds", rounds), ("wins", wins), ("title", title)):
            if value not in (None, "") and not (name == "target" and value == TARGETS[preset]):
                raise RuleError(N_("Only a custom game sets this."), field=name)
        if always and preset != SKYJO:
            raise RuleError(N_("Only Skyjo doubles the closer's score."), field="double_always")
        return Setup(names, preset, TARGETS[preset], None, LOWEST, always)
    if always:
        raise RuleError(N_("Only Skyjo doubles the closer's score."), field="double_always")
    end_target, end_rounds = _custom_end(target, rounds)
    if wins not in (None, LOWEST, HIGHEST):
        raise RuleError(N_("The lowest or the highest total wins."), field="wins")
    if title is not None and not isinstance(title, str):
        raise RuleError(N_("The name of the game played must be text."), field="title")
    text = clean_text(title or "", TITLE_MAX)
    if text is None:
        raise RuleError(N_("The name of the game played is at most %(max)s characters."), field="title",
                        max=TITLE_MAX)
    return Setup(names, CUSTOM, end_target, end_rounds, wins or LOWEST, False, text)
