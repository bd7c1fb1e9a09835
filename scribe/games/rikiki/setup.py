"""Rikiki / Oh Hell's setup: players, pack, schedule, trump, the hook, scoring, presets
(R-M1, R-M2, R-R1, R-R2, R-T1, R-B2, R-B3, R-S2, R-S3, R-P1): the family's definition
(``bidding.definition``) of a game with a standard pack and no Wizards. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import flag, whole
from ..bidding import setup as family
from ..bidding.setup import Seating, StandardPack, Switches, as_given, numbers
from .rounds import SCHEDULES, schedule
from .scoring import SCORINGS, Linear

MIN_PLAYERS, MAX_PLAYERS = 3, 7  # R-M1
PACKS = (52, 32)  # R-M1
TRUMPS = ("turned", "spades")  # R-T1: the card turned up, or spades always (WK Boerenbridge)
PRESETS: dict[str, dict[str, Any]] = {  # R-P1: every switch each stands for, all visible on the form
    "oh_hell": dict(schedule="down_up", most=None, hook_from=1, blind=False, scoring="oh_hell"),
    "nomination_whist": dict(schedule="down", most=7, hook_from=1, blind=False, scoring="nomination_whist"),
    "boerenbridge": dict(schedule="up_down", most=None, hook_from=4, blind=True, scoring="boerenbridge"),
    "rikiki": dict(schedule="up_down", most=None, hook_from=1, blind=False, scoring="ascenseur"),
}


@dataclass(frozen=True)
class RuleSet(Switches):  # the family's preset and JSON; Wizard's switches off
    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    schedule: str = "down_up"  # R-R1, or "list": ``cards`` as typed
    most: int | None = None  # the peak; None: R-M2's most
    cards: tuple[int, ...] = ()
    pack: int = 52
    every_card: bool = False  # R-M2: the biggest round deals every card (no trump then)
    trump: str = "turned"
    hook_from: int | None = 1  # R-B2: from that many cards; None: off
    blind: bool = False  # R-B3: the one-card round on the forehead (a reminder, as W-B8)
    scoring: str = "oh_hell"  # R-S2, R-S3 by name, or "custom"
    custom: tuple[int, int, int, int] | None = None  # R-S2's B, P, M, Q typed in
    reveal: str = "open"
    virtual_deck: bool = False

    @property
    def last_bid(self) -> str:
        return "free" if self.hook_from is None else "never_even"


@dataclass(frozen=True)
class Setup(StandardPack, Seating):
    """Players clockwise (R-R2), the first dealer, the rules; the deal, the codes and the
    turned trump are a standard pack's (R-M1, R-T1: ``StandardPack``)."""

    GAME: ClassVar[str] = "rikiki"
    NEVER_EVEN: ClassVar[str] = "R-B2"
    RuleSet: ClassVar[Any] = RuleSet
    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default_factory=RuleSet)

    @cached_property
    def deals(self) -> tuple[int, ...]:
        """The cards dealt each round (R-R1)."""
        r = self.rules
        return r.cards if r.schedule == "list" else schedule(r.schedule, r.most or self.most)

    def has_trump(self, round_no: int) -> bool:
        """R-T1: no card left to turn, or the peak's second round, means no trump."""
        cards, before = self.deals[round_no - 1], self.deals[round_no - 2] if round_no > 1 else None
        second_peak = self.rules.schedule == "peak_twice" and cards == before == max(self.deals)
        return self.rules.trump == "spades" or (cards * self.n < self.rules.pack and not second_peak)

    def fixed_trump(self) -> str | None:
        return "spades" if self.rules.trump == "spades" else None  # R-T1 (WK Boerenbridge)

    def points(self, bid: int, tricks: int) -> int:
        r = self.rules
        return (Linear(*r.custom) if r.custom else SCORINGS[r.scoring]).score(bid, tricks)  # type: ignore[misc]

    def restricted(self, cards: int) -> bool:
        return self.rules.hook_from is not None and cards >= self.rules.hook_from  # R-B2


READERS = {**dict.fromkeys(("every_card", "blind", "virtual_deck"), flag), "most": whole, "pack": whole,
           "cards": numbers, "custom": lambda value, name: numbers(value, name, 4), "hook_from": family.whole_or_off,
           **dict.fromkeys(("schedule", "trump", "scoring", "reveal"), as_given)}


def make_setup(players: Sequence[Any], first_dealer: Any = 0, preset: str | None = None, **switches: Any) -> Setup:
    """Check and normalise a game's setup (R-F2); ``switches`` override the preset's."""
    # R-B2: a hook given empty or null is off, never the preset's
    names, n, rules = family.read_rules(Setup, players, preset, switches, READERS, (MIN_PLAYERS, MAX_PLAYERS), N_(
        "Rikiki is for 3 to 7 players; you named %(count)s."), (
        ("pack", PACKS, N_("Play with 52 or 32 cards.")),
        ("schedule", (*SCHEDULES, "list"), N_("Choose how many cards each round deals.")),
        ("trump", TRUMPS, N_("Choose how the trump is set.")),
        ("scoring", (*SCORINGS, "custom"), N_("Choose a scoring."))), blank=(None, "", []), always=("hook_from",))
    if rules.custom is not None and not switches.get("scoring"):
        rules = replace(rules, scoring="custom")  # the four numbers typed in: that scoring, whatever the preset's
    if (rules.scoring == "custom") != (rules.custom is not None):
        raise RuleError(N_("A custom scoring takes its four numbers."), field="custom")
    if rules.hook_from is not None and rules.hook_from < 1:
        raise RuleError(N_("The hook holds from 1 card or more."), field="hook_from")
    setup = Setup(names, 0, rules)
    if rules.schedule == "list" and not rules.cards:
        raise RuleError(N_("Write the cards each round deals, like 1, 2, 3."), field="cards")
    limit = setup.most
    if rules.most is not None and not 1 <= rules.most <= limit or any(not 1 <= c <= limit for c in setup.deals):
        raise RuleError(N_("With %(count)s players and %(pack)s cards a round deals 1 to %(max)s cards each."),
                        field="cards" if rules.schedule == "list" else "most", count=n, pack=rules.pack, max=limit)
    return Setup(names, family.first_seat(first_dealer, n), rules)
