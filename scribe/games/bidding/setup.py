"""The seating every game of the family shares (W-R2, W-B1, R-R2, K-R1): players clockwise,
the first dealer, and from them who deals and bids when, round by round; a game's setup
(a frozen dataclass with ``players`` and ``first_dealer``) adds its rules and says how
many cards each round deals and whether a card is turned for trump. Its ``RuleSet`` is
``Switches`` (the preset matched, the JSON); ``make_setup`` reads and checks the options
given with ``read_switches`` (its readers: ``flag``, ``whole``, ``numbers``, ``whole_or_off``...),
``check_choices`` and ``check_seats``. A game dealt from a standard pack (Rikiki) takes its
deal, its card codes and its turned trump from ``StandardPack``. Every setup names the deck
its cards' codes are read in (``deck``, docs/cards.md). Pure."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import cached_property
from typing import Any, ClassVar

from ...rules.cards import standard
from ...rules.cards.standard_tricks import STANDARD_TRICKS
from ...rules.errors import N_, RuleError
from ...rules.fields import verify_names, whole
from ...rules.trickplay import replay
from . import schedule as seats
from .play import TrickState
from .sheet import Trump

REVEAL_MODES = ("open", "hidden", "secret")  # W-B7, R-B1: spoken, sealed till all are in, or till the tricks
REVEAL = ("reveal", REVEAL_MODES, N_("Unknown way of revealing bids."))  # as ``check_choices`` takes it
STANDARD_SUITS = tuple(standard.SUIT_NAMES.values())  # a standard pack's trumps, by name (R-T1)


#: The family's schedules by name (R-R1): how many cards each round deals, up to the most
#: (Wizard and Skull King play ``up``, W-R1, K-R1).
SCHEDULES = ("down_up", "up_down", "down", "up", "peak_twice")


def schedule(kind: str, most: int) -> tuple[int, ...]:
    """R-R1: the cards dealt, round by round, for a schedule up to ``most`` cards.

    >>> schedule("down_up", 3), schedule("up_down", 3)
    ((3, 2, 1, 2, 3), (1, 2, 3, 2, 1))
    >>> schedule("peak_twice", 3)
    (1, 2, 3, 3, 2, 1)
    """
    down, up = tuple(range(most, 0, -1)), tuple(range(1, most + 1))
    return {
        "down_up": down + up[1:],
        "up_down": up + down[1:],
        "down": down,
        "up": up,
        "peak_twice": up + down,  # kaartspeluitleg.nl: the second peak without trump
    }[kind]


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
    def deals(self) -> tuple[int, ...]:
        """The cards each round deals, round by round (R-R1): a game that lists its rounds
        so needs no ``round_count`` or ``cards`` of its own."""
        raise NotImplementedError

    @property
    def round_count(self) -> int:
        return len(self.deals)

    def cards(self, round_no: int) -> int:
        return self.deals[round_no - 1]

    @property
    def deck(self) -> str:
        """The deck the game's card codes are read in (docs/cards.md): ``deck_id``."""
        return deck_id(self)

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


def deck_id(setup: Any) -> str:
    """The deck ``setup``'s card codes are read in, as docs/cards.md names its tables (the
    JSON's ``deck``): the game's own deck, named after the game; with Wizard's Jubilee
    cards (W-J6) a deck of its own, since it deals codes the 60 do not have. A standard
    pack's setup names its own (``StandardPack``)."""
    own = setup.deck if isinstance(setup, StandardPack) else setup.GAME.replace("_", "-")
    return f"{own}-jubilee" if getattr(setup.rules, "jubilee", ()) else own


def decks(setup_class: Any) -> tuple[str, ...]:
    """Every deck a game's setup may deal (the API document's ``deck``, each ``card``'s
    table): a standard pack's sizes, or the game's deck and, when its rules may add
    Wizard's Jubilee cards, that deck too."""
    if issubclass(setup_class, StandardPack):
        return tuple(f"standard-{size}" for size in standard.PACKS)
    own = setup_class.GAME.replace("_", "-")
    rules = getattr(setup_class, "RuleSet", None)  # Skull King's setup has none (its rules have no Jubilee)
    return (own, f"{own}-jubilee") if "jubilee" in getattr(rules, "__dataclass_fields__", {}) else (own,)


def most_cards(pack: int, players: int, every_card: bool = False) -> int:
    """R-M2: the most cards a round deals from a ``pack`` of that size: a card is left to
    turn for trump, unless the biggest round deals every card.

    >>> [most_cards(52, n) for n in (3, 4, 5, 6, 7)]
    [17, 12, 10, 8, 7]
    >>> most_cards(52, 4, every_card=True)
    13
    """
    return pack // players if every_card else (pack - 1) // players


class StandardPack:
    """A game of the family dealt from a standard pack of 52 or 32 cards (R-M1; its
    ``rules.pack``): the codes (``rules.cards.standard``, rank then suit), plain trick play
    (follow suit, the highest trump wins), the deal and the card turned up for trump (R-T1).
    A game whose trump is a fixed suit whatever is turned says so (``fixed_trump``). Put
    before ``Seating`` among the bases."""

    SUITS: ClassVar[tuple[str, ...]] = STANDARD_SUITS
    TRUMP_CARDS: ClassVar[tuple[str, ...]] = SUITS  # the sheet says the suit turned (R-T1)
    NO_TRUMP_CARDS: ClassVar[tuple[str, ...]] = ()
    CARD_HINT: ClassVar[str] = N_("Write a card as its rank and suit, like 10H or QS.")
    tricks: ClassVar[Any] = STANDARD_TRICKS
    rules: Any
    n: int

    @property
    def deck(self) -> str:
        return f"standard-{self.rules.pack}"

    @property
    def most(self) -> int:
        """R-M2's limit for the pack and the players (``rules.every_card``: every card dealt)."""
        return most_cards(self.rules.pack, self.n, getattr(self.rules, "every_card", False))

    def fixed_trump(self) -> str | None:
        """The suit always trump, whatever is turned (Rikiki's WK Boerenbridge: spades), or None."""
        return None

    def turned_trump(self, turned: str | None, hands: Any = ()) -> Trump | None:
        suit = self.fixed_trump() or turned and standard.SUIT_NAMES[turned[-1]]  # R-T1
        return Trump(suit, suit) if suit else None

    def draw(self, row: Any, rng: Any) -> tuple[list[list[str]], str | None]:
        """R-M1, R-T1: the next card turned up, unless none is left (or the trump is fixed)."""
        dealt = standard.deal(self.n, row.cards, rng, standard.PACKS[self.rules.pack])
        return [list(h) for h in dealt.hands], dealt.turned if self._turns(row) else None

    def check_deal(self, row: Any, hands: Any, turned: Any) -> tuple[list[list[str]], str | None]:
        """A deal given again (taken back and dealt the same): cards of the pack, each once."""
        try:
            held = [[standard.parse(c, self.rules.pack) for c in h] for h in hands]
            up = None if turned in (None, "") else standard.parse(turned, self.rules.pack)
            dealt = [c for h in held for c in h] + ([up] if up else [])
            assert len(set(dealt)) == len(dealt) and (up is not None) == self._turns(row)
        except (RuleError, TypeError, AssertionError):
            raise RuleError(N_("This deal holds cards the deck does not have."), field="deal") from None
        return held, up

    def _turns(self, row: Any) -> bool:
        return row.has_trump and self.fixed_trump() is None


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


def numbers(value: Any, name: str, count: int | None = None) -> tuple[int, ...]:
    """Whole numbers typed as "10, 9, 8" or sent as a JSON list (``count`` of them, if given).

    >>> numbers("10, 9 8", "cards"), numbers([5, 1, 0, 1], "custom", 4)
    ((10, 9, 8), (5, 1, 0, 1))
    """
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not items or (count and len(items) != count):
        raise RuleError(N_("Write whole numbers separated by commas."), field=name)
    return tuple(whole(v, name) for v in items)


def whole_or_off(value: Any, name: str) -> int | None:
    """A number whose blank or null turns its switch off (R-B2's hook): give it in
    ``read_switches``'s ``always``, so that a blank is read, not left to the preset."""
    return None if value in (None, "", "off") else whole(value, name)


def read_switches(switches: Mapping[str, Any], readers: Mapping[str, Reader], blank: tuple[Any, ...] = (None,),
                  always: tuple[str, ...] = ()) -> dict[str, Any]:
    """The switches given, each read by the game's reader for it (``flag``, ``whole``...); a
    value in ``blank`` leaves the preset's alone (but for a switch in ``always``: its blank
    means something), a switch the game does not have is refused."""
    options = {}
    for key, value in switches.items():
        if value in blank and key not in always:
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


def read_rules(setup: Any, players: Any, preset: Any, switches: Mapping[str, Any], readers: Mapping[str, Reader],
               seats: tuple[int, int], seats_message: str, choices: tuple[tuple[str, tuple[Any, ...], str], ...],
               **read: Any) -> tuple[tuple[str, ...], int, Any]:
    """The first steps of a game's ``make_setup`` (R-F2, W-R2): the names checked, the
    ``preset``'s switches overridden by those given (``read_switches``, with ``read``'s
    ``blank`` and ``always``) as the ``setup``'s ``RuleSet``, the seats counted and each
    choice checked (``check_choices``, the reveal mode's too): (names, players, rules)."""
    names = verify_names(players)
    given = read_switches(switches, readers, **read)
    rules = setup.RuleSet(**preset_switches(preset, setup.RuleSet.PRESETS) | given)
    n = check_seats(names, seats, seats_message)
    check_choices(rules, (*choices, REVEAL))
    return names, n, rules
