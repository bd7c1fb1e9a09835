"""Wizard setup: players, first dealer, rule-set switches and presets, the schedule.

Rule ids refer to shared/RULES.md (W-M*, W-R*, W-B2..W-B7, W-U*, W-S1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...rules.cards import jubilee as jubilee_cards
from ...rules.cards.jubilee import JUBILEE_CARDS
from ...rules.cards.labels import EDITIONS  # W-M2's names live with the cards
from ...rules.errors import N_, RuleError
from ...rules.fields import NAME_MAX, flag as _flag, verify_names, whole as _whole  # noqa: F401  (re-exported)
from ...rules.sealed import SEALED  # noqa: F401  (re-exported: wizard.SEALED)
from ..bidding import setup as family
from ..bidding.setup import REVEAL, REVEAL_MODES, Seating, Switches, as_given  # noqa: F401  (wizard.REVEAL_MODES)
from ..bidding.sheet import Trump
from . import jubilee
from .deck import check_cards, draw_cards
from .jubilee import card_back, played, sealed_pass
from .play import WIZARD_TRICKS, jubilee_state, legal_jubilee, table_of

DECK_SIZE = 60  # W-M1

MIN_PLAYERS, MAX_PLAYERS = 3, 6  # W-M3

UNICOLORE_PLAYERS = (3, 4)  # W-U1

UNICOLORE_FIRST_CARDS, UNICOLORE_LAST_CARDS = 4, 15  # W-U2

SUITS = ("blue", "green", "red", "yellow")  # W-M1

TRUMP_CARDS = SUITS + ("jester", "wizard")  # what can be turned up, W-R3

# A turned Jubilee card (W-J intro; the rule digest does not say what each sets: *reading*,
# from the Wizard and the Jester it resembles): the Dragon, the Cloud and the Juggler let
# the dealer name the trump, as a Wizard does (DEALER_PICKS); the Fairy and the Bomb mean no
# trump, as a Jester does (a review says so of the Bomb). The Werewolf's holder names it (W-J5).
NO_TRUMP_CARDS = ("jester", "fairy", "bomb")
DEALER_PICKS = ("wizard", "dragon", "cloud", "juggler")  # turned up, the dealer names the trump (W-R3)

# What the last bidder may not do (W-B2..W-B5).
LAST_BID_RULES = ("free", "never_even", "leader_never_even")

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


@dataclass(frozen=True)
class RuleSet(Switches):
    """The switches where the editions disagree; presets are named combinations (the
    family's ``Switches``: the preset they match, their JSON)."""

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    last_bid: str = "free"
    zero_exception: bool = False  # W-B5: the restricted bidder may still bid zero
    leader_ties: bool = False  # W-B4 other reading: tied leaders count as leading
    reveal: str = "open"  # W-B7
    unicolore: bool = False  # W-U1..W-U3
    rounds: int | None = None  # a shorter game: only the first N rounds
    virtual_deck: bool = False  # Scribe deals: each player sees their own hand on their link
    no_wizard_on_trump_lead: bool = False  # W-P6 (review 002): enforced when the virtual deck is played
    jubilee: tuple[str, ...] = ()  # W-J6: the Jubilee cards added to the 60, in JUBILEE_CARDS order


@dataclass(frozen=True)
class Setup(Seating):
    """Players in clockwise seating order (W-R2), the first dealer, the rules."""

    GAME: ClassVar[str] = "wizard"  # its game in games.GAMES, for code holding only a setup
    # the family's definition (bidding.definition): what Wizard says of itself
    NEVER_EVEN: ClassVar[str] = "W-B3"
    SUITS: ClassVar[tuple[str, ...]] = SUITS
    TRUMP_CARDS: ClassVar[tuple[str, ...]] = TRUMP_CARDS
    NO_TRUMP_CARDS: ClassVar[tuple[str, ...]] = NO_TRUMP_CARDS
    CARD_HINT: ClassVar[str] = N_("Write a card as W, J, or a suit initial and a rank, like R7.")
    tricks: ClassVar[Any] = WIZARD_TRICKS  # W-P2..W-P6 (the Jubilee cards: ``play_state``, ``legal``)
    RuleSet: ClassVar[Any] = RuleSet
    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default_factory=RuleSet)
    edition: str = "gigamic"

    @property
    def round_count(self) -> int:
        """Rounds this game plays (W-R1, W-U2, or fewer when shortened)."""
        return self.rules.rounds or max_rounds(self.n, self.rules.unicolore)

    def cards(self, round_no: int) -> int:
        """Cards dealt to each player in round ``round_no`` (W-R1, W-U2)."""
        return round_no + (UNICOLORE_FIRST_CARDS - 1 if self.rules.unicolore else 0)

    def has_trump(self, round_no: int) -> bool:
        """A card is turned for trump unless none is left (W-R4) or in Unicolore (W-U1)."""
        if self.rules.unicolore:
            return False
        return self.n * self.cards(round_no) < DECK_SIZE + len(self.rules.jubilee)  # W-J intro

    def points(self, bid: int, tricks: int) -> int:
        return round_points(bid, tricks)  # W-S1

    def restricted(self, cards: int) -> bool:
        return True  # W-B3..W-B5 bind in every round

    def turned_trump(self, turned: str, hands: Any = ()) -> Trump | None:
        return turned_trump(turned, hands)

    def play_state(self, first_leader: int, trump: str | None, plays: Any, cards: int, passed: Any = (),
                   clouded: bool = False) -> Any:
        """W-P1..W-P6 (W-U3; the Jubilee cards W-J1..W-J4) on the family's play engine."""
        rules = self.rules
        if rules.jubilee:
            return jubilee_state(self.n, first_leader, trump, rules.no_wizard_on_trump_lead, plays, cards, passed,
                                 clouded)
        if self.trick_context(trump).suit is None:  # a Jester or Unicolore: the tricks are played to no trump
            trump = None
        return super().play_state(first_leader, trump, plays, cards)  # over its trick_context: W-P6, W-U3

    def trick_context(self, trump: str | None) -> Any:
        return table_of(trump, self.rules.no_wizard_on_trump_lead, self.rules.unicolore)

    def draw(self, row: Any, rng: Any) -> tuple[list[list[str]], str | None]:
        return draw_cards(self, row, rng)  # W-R1, W-R3, W-U2, W-J6

    def check_deal(self, row: Any, hands: Any, turned: Any) -> tuple[list[list[str]], str | None]:
        return check_cards(self, row, hands, turned)

    def legal(self, play: Any, hand: Any) -> tuple[list[str], str | None]:
        if self.rules.jubilee:
            return legal_jubilee(play, hand, self.rules.no_wizard_on_trump_lead)
        return super().legal(play, hand)  # W-P2, W-P3, W-P6 (W-U3: any card) over its trick_context

    def verify_played(self, sheet: Any, row: Any, player: int, raw: str) -> dict[str, Any] | None:
        """With Jubilee cards a tap may be a pass or the Cloud's change, a Cloud or a Juggler
        names its suit (W-J3, W-J4): Wizard checks it (``jubilee.played``); else the family."""
        return played(sheet, row, player, raw) if self.rules.jubilee else None

    def verify_card_back(self, row: Any) -> None:
        """W-J3, W-J4: no card back once its trick's passes or Cloud are under way."""
        if self.rules.jubilee:
            card_back(row)

    def sealed_played(self, sheet: Any, entry: Any, viewer: int | None, withdrawn: bool) -> Any:
        """W-J4: a card passed face down, read by its passer and its receiver only."""
        return sealed_pass(sheet, entry, viewer, withdrawn) if entry.data.get("pass") else None

    # The family's tricks entry and trump with the Jubilee cards (bidding.definition's
    # ResultHooks and TurnedHooks): the Bomb's trick (W-J2), the Cloud's change (W-J3), the
    # cards turned up that are not in play (W-J6) and the Werewolf's suit (W-J5).
    RESULT_FIELDS: ClassVar[tuple[str, ...]] = ("cloud",)
    DEALER_PICKS: ClassVar[tuple[str, ...]] = DEALER_PICKS
    # its rounds and rows: the family's, with the Cloud's change and the Juggler's passes (W-J3, W-J4)
    round_type: ClassVar[Any] = jubilee.JubileeRound
    row_type: ClassVar[Any] = jubilee.JubileeRow
    DESTROYED_WORDS: ClassVar[dict[str, str]] = jubilee.DESTROYED_WORDS
    ADDS_UP_WORDS: ClassVar[dict[str, str]] = jubilee.ADDS_UP_WORDS
    OWN_TURNED: ClassVar[tuple[str, ...]] = JUBILEE_CARDS
    NAMED_AT_ONCE: ClassVar[tuple[str, ...]] = ("werewolf",)
    NAME_AT_ONCE: ClassVar[str] = jubilee.NAME_AT_ONCE
    result_fields = staticmethod(jubilee.result_fields)
    recorded_fields = staticmethod(jubilee.recorded_fields)
    waiting_refusal = staticmethod(jubilee.waiting_refusal)

    def destroyers(self) -> int:
        """Tricks a round may lose: the Bomb's, when in play (W-J2)."""
        return 1 if self.rules.has("bomb") else 0

    def verify_turned(self, card: Any) -> None:
        jubilee.verify_turned(self, card)  # W-J6

    def card_names(self) -> tuple[str, str]:
        """The edition's names for (Wizard, Jester), W-M2."""
        return EDITIONS[self.edition]


def max_rounds(players: int, unicolore: bool = False) -> int:
    """60 / players rounds (W-R1); Unicolore always 12 (W-U2).

    >>> [max_rounds(n) for n in (3, 4, 5, 6)], max_rounds(4, unicolore=True)
    ([20, 15, 12, 10], 12)
    """
    if unicolore:
        return UNICOLORE_LAST_CARDS - UNICOLORE_FIRST_CARDS + 1
    return DECK_SIZE // players


READERS = {  # how make_setup reads each switch given (the family's read_switches)
    **dict.fromkeys(("zero_exception", "leader_ties", "unicolore", "virtual_deck", "no_wizard_on_trump_lead"), _flag),
    "rounds": lambda value, name: _whole(value, name) if value != "" else None,
    "last_bid": as_given, "reveal": as_given, "jubilee": lambda value, name: verify_jubilee(value),
}


def make_setup(
    players: Sequence[Any],
    first_dealer: Any = 0,
    preset: str | None = None,
    edition: str = "gigamic",
    **switches: Any,
) -> Setup:
    """Check and normalise a game's setup; ``switches`` override the preset's."""
    names = verify_names(players)
    options = family.preset_switches(preset, PRESETS) | family.read_switches(switches, READERS)
    rules = RuleSet(**options)
    family.check_choices(rules, (("last_bid", LAST_BID_RULES, N_("Unknown bid restriction.")), REVEAL))
    if rules.leader_ties and (rules.last_bid != "leader_never_even" or rules.zero_exception):
        # Never a silent choice: the switch means something only for W-B4 (W-B5 excludes ties).
        raise RuleError(
            N_("Counting tied players as leading only applies to the leader restriction."),
            field="leader_ties",
        )
    if not isinstance(edition, str) or edition not in EDITIONS:
        raise RuleError(N_("Unknown edition."), field="edition")
    n = family.check_seats(names, (MIN_PLAYERS, MAX_PLAYERS),
                           N_("Wizard is for 3 to 6 players; you named %(count)s."))
    if rules.unicolore and rules.jubilee:  # *reading*: the Jubilee cards join the 60, not the own decks
        raise RuleError(N_("The Jubilee cards are added to the 60 cards: they are not played in Unicolore."),
                        field="jubilee")
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
    dealer = family.first_seat(first_dealer, n)
    return Setup(players=names, first_dealer=dealer, rules=rules, edition=edition)


def verify_jubilee(value: Any) -> tuple[str, ...]:
    """The Jubilee cards the table picked (W-J6): any of the six, the Dragon and the
    Fairy only together; in the rule book's order, whatever order they came in.

    >>> verify_jubilee(["bomb", "fairy", "dragon"]), verify_jubilee("cloud,juggler")
    (('dragon', 'fairy', 'bomb'), ('cloud', 'juggler'))
    """
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise RuleError(N_("Choose the Jubilee cards from the list."), field="jubilee")
    unknown = [v for v in value if v not in JUBILEE_CARDS]
    if unknown:
        raise RuleError(N_("There is no Jubilee card called %(card)s."), field="jubilee", card=unknown[0][:20])
    if ("dragon" in value) != ("fairy" in value):
        raise RuleError(N_("The Dragon and the Fairy are played together or not at all."), field="jubilee")
    return tuple(c for c in JUBILEE_CARDS if c in value)


SUIT_OF = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}  # card notation -> SUITS


def turned_trump(turned: str | None, hands: Sequence[Sequence[str]] = ()) -> Trump | None:
    """The trump a turned card sets (W-R3): its suit; none for a Jester; the dealer's
    pick for a Wizard (pending); nothing is turned in the last round (W-R4). Jubilee
    cards: the Werewolf in a hand waits for its holder (W-J5); a turned one for the dealer."""
    if turned is None:
        return None
    holder = next((p for p, h in enumerate(hands) if jubilee_cards.NOTATION["werewolf"] in h), None)
    if holder is not None or turned == jubilee_cards.NOTATION["werewolf"]:
        return Trump("werewolf", None, waiting=True, by=holder)
    if jubilee_cards.kind(turned) is not None:
        kind = jubilee_cards.kind(turned)
        return Trump(kind, None, picks=kind in DEALER_PICKS)  # type: ignore[arg-type]
    if turned == "W":
        return Trump("wizard", None, picks=True)
    if turned == "J":
        return Trump("jester", None)
    return Trump(SUIT_OF[turned[0]], SUIT_OF[turned[0]])
