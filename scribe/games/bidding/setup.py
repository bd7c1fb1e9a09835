"""The seating every game of the family shares (W-R2, W-B1, R-R2, K-R1): players clockwise,
the first dealer, and from them who deals and bids when, round by round; a game's setup
(a frozen dataclass with ``players`` and ``first_dealer``) adds its rules and says how
many cards each round deals and whether a card is turned for trump. Its ``RuleSet`` is
``Switches`` (the preset matched, the JSON); ``make_setup`` reads and checks the options
given with ``read_switches``, ``check_choices`` and ``check_seats``. Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import cached_property
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import whole
from ...rules.trickplay import replay
from . import schedule as seats
from .play import TrickState

REVEAL_MODES = ("open", "hidden", "secret")  # W-B7, R-B1: spoken, sealed till all are in, or till the tricks
REVEAL = ("reveal", REVEAL_MODES, N_("Unknown way of revealing bids."))  # as ``check_choices`` takes it


class Switches:
    """What a game's ``RuleSet`` (a frozen dataclass) shares with the family's others: the
    preset it matches, its JSON, and Wizard's switches fixed off for any other game
    (``definition.Switches``)."""

    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    zero_exception = leader_ties = unicolore = False  # Wizard's (W-B5, W-B4, W-U1)
    jubilee: tuple[str, ...] = ()  # Wizard's Jubilee cards (W-J6)

    def __post_init__(self) -> None:  # lists, as JSON stores them, are kept as tuples
        for f in fields(self):
            if isinstance(getattr(self, f.name), list):
                object.__setattr__(self, f.name, tuple(getattr(self, f.name)))

    @property
    def preset(self) -> str:
        """The preset these switches match, or "custom" (W-B2..W-B5, R-P1)."""
        for name, switches in self.PRESETS.items():
            if all(getattr(self, k) == v for k, v in switches.items()):
                return name
        return "custom"

    def has(self, card: str) -> bool:
        """Whether the Jubilee card ``card`` is in play (W-J6)."""
        return card in self.jubilee

    def as_dict(self) -> dict[str, Any]:
        return {f.name: _json(getattr(self, f.name)) for f in fields(self)}


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


class Seating:
    players: tuple[str, ...]
    first_dealer: int
    RuleSet: ClassVar[Any]  # the game's ``Switches``
    tricks: ClassVar[Any]  # the game's ``rules.trickplay.TrickGame``

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def round_count(self) -> int:
        raise NotImplementedError

    def cards(self, round_no: int) -> int:
        raise NotImplementedError

    def has_trump(self, round_no: int) -> bool:
        raise NotImplementedError

    def dealer(self, round_no: int) -> int:
        """The deal passes clockwise every round (W-R2, R-R2): the family's schedule."""
        return seats.dealer(self.first_dealer, round_no, self.n)

    def bidding_order(self, round_no: int) -> tuple[int, ...]:
        """Left of the dealer first, the dealer last (W-B1, R-R2)."""
        return seats.order(self.dealer(round_no), self.n)

    def play_state(self, first_leader: int, trump: str | None, plays: Any, cards: int, passed: Any = (),
                   clouded: bool = False) -> TrickState:
        """The round's tricks from the cards played (W-P1..W-P6, R-T1): the family's play engine
        over the game's trick rules; a game whose play waits (for ``passed`` cards, a
        ``clouded`` bid: Wizard's Jubilee) says so itself."""
        return replay(self.tricks, self.n, first_leader, plays, cards, self.trick_context(trump), cls=TrickState,
                      trump=trump)

    def legal(self, play: Any, hand: Any) -> tuple[list[str], str | None]:
        """The cards of ``hand`` that may be played now, and why not the others: the game's
        trick rules (``tricks``) over the trick on the table (W-P2, W-P3, W-P6; R-T1)."""
        return self.tricks.legal(hand, [c for _s, c in play.trick], self.trick_context(play.trump))

    def trick_context(self, trump: str | None) -> Any:
        return trump  # a standard pack's tricks read the trump suit's name

    @cached_property
    def schedule(self) -> tuple[tuple[int, int, tuple[int, ...], bool], ...]:
        """(cards, dealer, bidding order, has trump) of every round, worked out once."""
        return tuple((self.cards(i), self.dealer(i), self.bidding_order(i), self.has_trump(i))
                     for i in range(1, self.round_count + 1))

    def as_dict(self) -> dict[str, Any]:
        """The setup as stored: its fields, the rules as their own JSON."""
        return {f.name: self.rules.as_dict() if f.name == "rules" else _json(getattr(self, f.name))
                for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Any:
        """The setup stored by ``as_dict``; a field it lacks takes its default."""
        given = {f.name: data[f.name] for f in fields(cls) if f.name in data}
        return cls(**{**given, "players": tuple(data["players"]), "rules": cls.RuleSet(**data.get("rules", {}))})


def first_seat(first_dealer: Any, n: int) -> int:
    """The first dealer named (W-R2, R-R2): the seat of one of the ``n`` players."""
    dealer = whole(first_dealer, "first_dealer")
    if not 0 <= dealer < n:
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    return dealer


def preset_switches(preset: Any, presets: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The switches the named ``preset`` stands for (none named: none), or a refusal naming
    the field ``preset`` (W-B2..W-B5's rule sets, R-P1's presets)."""
    if preset is None:
        return {}
    if not isinstance(preset, str) or preset not in presets:
        raise RuleError(N_("Unknown rule set."), field="preset")
    return dict(presets[preset])


Reader = Callable[[Any, str], Any]


def as_given(value: Any, name: str) -> Any:
    """A switch read as it came: a name, checked against its choices by ``check_choices``."""
    return value


def read_switches(switches: Mapping[str, Any], readers: Mapping[str, Reader], blank: tuple[Any, ...] = (None,)
                  ) -> dict[str, Any]:
    """The switches given, each read by the game's reader for it (``flag``, ``whole``...); a
    value in ``blank`` leaves the preset's alone, a switch the game does not have is refused."""
    options = {}
    for key, value in switches.items():
        if value in blank:
            continue
        if key not in readers:
            raise RuleError(N_("Unknown option %(option)s."), field=key, option=key)
        options[key] = readers[key](value, key)
    return options


def check_choices(rules: Any, choices: tuple[tuple[str, tuple[Any, ...], str], ...]) -> None:
    """Each (switch, its allowed values, the N_ message refusing another) of ``rules``."""
    for key, allowed, message in choices:
        if getattr(rules, key) not in allowed:
            raise RuleError(message, field=key)


def check_seats(names: tuple[str, ...], seats: tuple[int, int], message: str) -> int:
    """How many players, or a refusal of ``message`` (with ``count``) naming the players."""
    if not seats[0] <= len(names) <= seats[1]:
        raise RuleError(message, field="players", count=len(names))
    return len(names)
