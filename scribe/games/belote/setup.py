"""A Belote or Coinche table: four players in two teams sitting opposite, the first
dealer, a target or a number of deals, the settings (B-M1, B-M2, B-E1, B-E2, C-E1). Pure.

Seats are numbered clockwise, as every Scribe game types its players: seats 0 and 2 are
one team, 1 and 3 the other (partners sit opposite). Belote is dealt and played
counter-clockwise, so the deal passes to the right: to the seat *before* (B-M1).

>>> s = make_setup(["Ana", "Ben", "Cy", "Dee"], first_dealer=2)
>>> [s.dealer(d) for d in (1, 2, 3, 4, 5)], s.speaks_first(1), s.team_names, s.target
([2, 1, 0, 3, 2], 1, ('Ana & Cy', 'Ben & Dee'), 1000)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...rules.cards.standard import PACK_32, shuffled
from ...rules.errors import N_, RuleError
from ...rules.fields import clean_text, flag, verify_names, whole
from .cards import PLAIN_ORDER
from .settings import BELOTE, COINCHE, DEFAULTS, Settings, make_settings

PLAYERS = 4  # B-M1, B-M2: four, no three-player game
TEAMS = ((0, 2), (1, 3))
#: B-E1, C-E1: the targets offered (any other from MIN_TARGET is allowed); the default is the
#: one most tables and pages name: 1000 for Belote, 2000 for Coinche (contree.net).
TARGETS = {BELOTE: (501, 1000, 1500, 2000), COINCHE: (1000, 2000, 3000)}
DEFAULT_TARGET = {BELOTE: 1000, COINCHE: 2000}
MIN_TARGET, MAX_TARGET, MAX_DEALS = 100, 10000, 200
TEAM_NAME_MAX = 30


def team_of(seat: int) -> int:
    """A seat's team, 0 or 1 (partners sit opposite)."""
    return seat % 2


@dataclass(frozen=True)
class Setup:
    """The players in seating order (clockwise), the first dealer, the end (a target, or a
    number of deals when ``deals`` is set: a concours), the team names given (or None:
    named after their players), the variant and its settings."""

    players: tuple[str, ...]
    first_dealer: int = 0
    target: int | None = 1000
    deals: int | None = None
    variant: str = BELOTE
    settings: Settings = field(default_factory=Settings)
    names: tuple[str, str] | None = None
    preset: str | None = None  # the rules the table started from (its settings may differ by hand)
    #: Scribe deals on the phones (issue 34): how the cards are dealt, not a scoring rule
    virtual_deck: bool = False
    GAME: ClassVar[str] = "belote"  # its game in games.GAMES

    @property
    def n(self) -> int:
        return PLAYERS

    def team(self, t: int) -> tuple[int, int]:
        """The two seats of team ``t``."""
        return TEAMS[t]

    @property
    def team_names(self) -> tuple[str, str]:
        if self.names:
            return self.names
        p = self.players
        return f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}"

    def dealer(self, deal: int) -> int:
        """The dealer of deal ``deal`` (1-based, every deal the sheet records, passed ones
        included): the deal passes to the right (B-M1, B-D2)."""
        return (self.first_dealer - (deal - 1)) % PLAYERS

    def speaks_first(self, deal: int) -> int:
        """Who speaks (and leads) first: the dealer's right-hand neighbour."""
        return (self.dealer(deal) - 1) % PLAYERS

    def as_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "first_dealer": self.first_dealer, "target": self.target,
                "deals": self.deals, "variant": self.variant,
                # the variant's own settings only: make_setup refuses the other's (a record imported)
                "settings": self.settings.for_variant(self.variant),
                "names": list(self.names) if self.names else None, "preset": self.preset,
                # only when on: a score pad's stored setup reads as it always did
                **({"virtual_deck": True} if self.virtual_deck else {})}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Setup:
        names = d.get("names")
        return cls(tuple(d["players"]), d.get("first_dealer", 0), d.get("target"), d.get("deals"),
                   d.get("variant", BELOTE), Settings.from_dict(d.get("settings") or {}),
                   tuple(names) if names else None, d.get("preset"),  # type: ignore[arg-type]
                   bool(d.get("virtual_deck", False)))


def draw_first_dealer(rng: random.Random) -> tuple[int, list[list[tuple[int, str]]]]:
    """B-M1 (FFB 3.1): each player draws a card, the lowest deals (7 low, ace high, in
    the plain order); players tied for lowest draw again. Returns the dealer and each
    round of draws, (seat, card), so the table can see them.

    >>> seat, rounds = draw_first_dealer(random.Random(3))
    >>> 0 <= seat < 4 and len(rounds[0]) == 4
    True
    """
    pack = shuffled(rng, PACK_32)
    rounds: list[list[tuple[int, str]]] = []
    drawing = list(range(PLAYERS))
    while True:
        cards = [(seat, pack.pop()) for seat in drawing]
        rounds.append(cards)
        low = min(PLAIN_ORDER.index(c[:-1]) for _s, c in cards)
        drawing = [s for s, c in cards if PLAIN_ORDER.index(c[:-1]) == low]
        if len(drawing) == 1:
            return drawing[0], rounds


def _names(raw: Any) -> tuple[str, str] | None:
    if raw in (None, "", [], ()):
        return None
    if not isinstance(raw, (list, tuple)) or len(raw) != 2 or any(isinstance(n, str) and not n.strip() for n in raw):
        raise RuleError(N_("Give both teams' names, or none."), field="names")
    out = tuple(clean_text(n, TEAM_NAME_MAX) if isinstance(n, str) else None for n in raw)
    if not all(out):
        raise RuleError(N_("A team's name is 1 to %(max)s characters."), field="names", max=TEAM_NAME_MAX)
    if out[0].casefold() == out[1].casefold():  # type: ignore[union-attr]
        raise RuleError(N_("The two teams need different names."), field="names")
    return out  # type: ignore[return-value]


def make_setup(players: Sequence[str] = (), first_dealer: Any = 0, target: Any = None, deals: Any = None,
               variant: str = BELOTE, preset: str | None = None, names: Any = None,
               settings: Mapping[str, Any] | None = None, virtual_deck: Any = False) -> Setup:
    """A checked setup, or a RuleError naming the field. A number of deals (a concours,
    B-E2) replaces the target; with neither, the variant's default target.

    >>> make_setup(["Ana", "Ben", "Cy", "Dee"], deals="12", variant="coinche").target
    >>> make_setup(["Ana", "Ben", "Cy"])
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: Belote is played by four, in two teams of two.
    """
    found = verify_names(players)
    if len(found) != PLAYERS:
        raise RuleError(N_("Belote is played by four, in two teams of two."), field="players")
    if variant not in (BELOTE, COINCHE):
        raise RuleError(N_("Belote or Coinche."), field="variant")
    dealer = whole(0 if first_dealer in (None, "") else first_dealer, "first_dealer")
    if not 0 <= dealer < PLAYERS:
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    count = goal = None
    if deals not in (None, ""):
        count = whole(deals, "deals")
        if not 1 <= count <= MAX_DEALS:
            raise RuleError(N_("Give a number of deals from 1 to %(max)s, or none."), field="deals", max=MAX_DEALS)
        if target not in (None, ""):
            raise RuleError(N_("Play to a target or a number of deals, not both."), field="target")
    else:
        goal = DEFAULT_TARGET[variant] if target in (None, "") else whole(target, "target")
        if not MIN_TARGET <= goal <= MAX_TARGET:
            raise RuleError(N_("Give a target from %(low)s to %(high)s."), field="target", low=MIN_TARGET,
                            high=MAX_TARGET)
    if settings is not None and not isinstance(settings, Mapping):
        raise RuleError(N_("Give the settings as an object, each by its name."), field="settings")
    chosen = make_settings(variant, preset, **dict(settings or {})) if (preset or settings) else DEFAULTS[variant]
    # the rules started from: the variant's federation rules when none is named (a rematch)
    started = preset or ("ffb" if variant == BELOTE else "ffb_coinche")
    return Setup(found, dealer, goal, count, variant, chosen, _names(names), started,
                 flag(virtual_deck, "virtual_deck"))
