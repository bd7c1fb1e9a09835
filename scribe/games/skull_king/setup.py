"""Skull King setup (K-R1): players, first dealer, the rounds and the cards each deals,
the scoring (K-S1..K-S4) and the advanced cards in play (K-S3, K-T1).

Rule ids refer to shared/RULES.md, section "Skull King".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any, ClassVar

from ...rules.errors import N_, RuleError
from ...rules.fields import flag, verify_names, whole
from ..bidding import schedule
from . import actions, deck
from .play import SKULL_KING_CODES, tally
from .scoring import ADVANCED_CARDS

MIN_PLAYERS, MAX_PLAYERS = 2, 8  # K-R1

BASE_DECK_SIZE = 70  # 56 suit cards, 5 Escapes, 5 Pirates, the Tigress, the Skull King, 2 Mermaids

ROUNDS = 10  # K-R1: round r deals r cards
MAX_ROUNDS = 30  # a chosen list of rounds longer than this is a typing accident, not a game

SCORINGS = ("skull_king", "rascal")  # K-S1 (the default), K-S4

GHOST = 1  # K-R1's two-player game: Graybeard's ghost plays a third hand (no bid, no score)


def hands(players: int) -> int:
    """Hands dealt, so cards in every trick: one per player, and Graybeard's at two players.

    >>> hands(2), hands(5)
    (3, 5)
    """
    return players + GHOST if players == 2 else players


def deck_size(kraken: bool = False, white_whale: bool = False, loot: bool = False) -> int:
    """Cards in the deck with the advanced cards chosen (70 to 74).

    >>> deck_size(), deck_size(kraken=True, white_whale=True, loot=True)
    (70, 74)
    """
    return BASE_DECK_SIZE + ADVANCED_CARDS["kraken"] * kraken + ADVANCED_CARDS["white_whale"] * white_whale \
        + ADVANCED_CARDS["loot"] * loot


def most_cards(players: int, deck: int = BASE_DECK_SIZE) -> int:
    """The most cards each player can be dealt: everyone gets as many (K-R1, 7-8 players).

    >>> most_cards(6), most_cards(7), most_cards(8), most_cards(8, deck_size(True, True, True))
    (11, 10, 8, 9)
    """
    return deck // hands(players)


@dataclass(frozen=True)
class RuleSet:
    """The table's choices (K-R1, K-S1..K-S4, K-T1); the defaults are the rule book's
    basic game."""

    scoring: str = "skull_king"  # K-S1, or "rascal" K-S4
    cannonball: bool = False  # K-S4's option: each player's choice per round, Rascal only
    bonus_on_miss: bool = False  # the house rule against K-S2: bonuses count on a missed bid
    kraken: bool = False  # K-T1
    white_whale: bool = False  # K-T1
    loot: bool = False  # K-S3: both Loot cards
    max_cards: int | None = None  # the table's cap on the cards dealt (K-R1; None: the deck's)
    rounds: tuple[int, ...] | None = None  # a chosen list of cards dealt, round by round
    virtual_deck: bool = False  # Scribe deals to the phones; the cards are played trick by trick
    # What the family's sealing, bids and deck read (``bidding.definition.Switches``), fixed
    # by the rule book: bids revealed at once (K-B1), no bid ever refused to the last
    # bidder, none of Wizard's Jubilee cards.
    reveal: ClassVar[str] = "hidden"
    last_bid: ClassVar[str] = "free"
    jubilee: ClassVar[tuple[str, ...]] = ()

    @property
    def deck_size(self) -> int:
        return deck_size(self.kraken, self.white_whale, self.loot)

    @property
    def beasts(self) -> int:
        """Tricks the Kraken and the White Whale can destroy in a round: one each (K-T1)."""
        return int(self.kraken) + int(self.white_whale)

    def as_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["rounds"] = list(self.rounds) if self.rounds is not None else None
        return out


@dataclass(frozen=True)
class Setup:
    """Players in clockwise seating order, the first dealer, the rules."""

    GAME: ClassVar[str] = "skull_king"
    players: tuple[str, ...]
    first_dealer: int = 0
    rules: RuleSet = field(default_factory=RuleSet)

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def hands(self) -> int:
        """Hands dealt: cards in every trick (Graybeard's ghost plays at two players)."""
        return hands(self.n)

    @cached_property
    def deal(self) -> tuple[int, ...]:
        """Cards dealt to each player, round by round (K-R1): the chosen list, or 1 to 10
        capped by the table's ``max_cards`` or else by the deck, so that everyone gets
        as many cards (with 8 players and 70 cards: 1 to 8, then 8 and 8)."""
        if self.rules.rounds is not None:
            return self.rules.rounds
        cap = self.rules.max_cards or most_cards(self.n, self.rules.deck_size)
        return tuple(min(r, cap) for r in range(1, ROUNDS + 1))

    @property
    def round_count(self) -> int:
        return len(self.deal)

    def cards(self, round_no: int) -> int:
        """Cards dealt to each player in round ``round_no``: what the scores use (K-R1)."""
        return self.deal[round_no - 1]

    def dealer(self, round_no: int) -> int:
        """The deal passes to the dealer's left, clockwise, every round (K-R1)."""
        return schedule.dealer(self.first_dealer, round_no, self.n)

    def order(self, round_no: int) -> tuple[int, ...]:
        """Seats from the dealer's left, who leads the first trick, to the dealer."""
        return schedule.order(self.dealer(round_no), self.n)

    @cached_property
    def schedule(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """(cards, dealer, order) of every round, worked out once."""
        return tuple((self.cards(i), self.dealer(i), self.order(i)) for i in range(1, self.round_count + 1))

    # What the family's engine asks of a game (``bidding.definition``): its pack, the card
    # turned up (none: black is always trump, K-R1), its trick rules over the cards' codes.
    TRUMP_CARDS: ClassVar[tuple[str, ...]] = ()
    CARD_HINT: ClassVar[str] = N_("Write a card as a suit letter and a rank, like G7, or ES, PI, TP, TE, SK, ME, "
                                  "KR, WW, LO.")
    tricks: ClassVar[Any] = SKULL_KING_CODES
    # Its own words in the family's bid checks (``bidding.definition``, K-B1): everyone bids at once.
    BID_RANGE: ClassVar[str] = N_("A bid is a whole number from 0 to %(cards)s, the cards dealt.")
    WHOSE_BID: ClassVar[str] = N_("Say whose bid this is: everyone bids at once.")

    # Its round's result on the family's one tricks entry (``bidding.definition.ResultHooks``):
    # the tricks the Kraken and the White Whale destroyed (K-T1), Graybeard's ghost's share
    # (K-R1), and its own fields, bonuses, Loot and Cannonballs (K-S2..K-S4, ``actions``); a
    # correction keeps what it leaves out as recorded (K-B1).
    RESULT_KEPT: ClassVar[bool] = True
    DESTROYED_COUNTED: ClassVar[bool] = True  # a count said on the sheet: a blank waits for it
    RESULT_FIELDS: ClassVar[tuple[str, ...]] = ("bonuses", "loot", "cannonball")
    DESTROYED_WORDS: ClassVar[dict[str, str]] = {
        "none": N_("Neither the Kraken nor the White Whale is in play: no trick was destroyed."),
        "most": N_("The Kraken and the White Whale destroy one trick each at most: %(most)s this round."),
    }
    ADDS_UP_WORDS: ClassVar[dict[str, str]] = {
        "all": N_("The tricks add up to %(total)s, but %(won)s were played: every trick is won by one player."),
        "destroyable": N_("The tricks add up to %(total)s, but %(won)s were won: every trick is won by one player, "
                          "unless the Kraken or the White Whale destroyed it (say how many)."),
        "ghost": N_("The tricks add up to %(total)s, but only %(won)s were won this round."),
    }

    def destroyers(self) -> int:
        """Tricks a round may lose: one each to the Kraken and the White Whale (K-T1)."""
        return self.rules.beasts

    @property
    def ghost(self) -> bool:
        """At two, Graybeard's ghost takes the tricks the players did not (K-R1)."""
        return self.n == 2

    def result_tally(self, play: Any) -> dict[str, Any]:
        return tally(play, self.n)  # the round as its cards gave it: tricks, destroyed, bonuses, Loot

    def result_fields(self, *args: Any) -> dict[str, Any]:
        return actions.result_fields(*args)

    def recorded_fields(self, row: Any) -> dict[str, Any]:
        return actions.recorded_fields(row)

    def legal(self, play: Any, hand: Sequence[str]) -> tuple[list[str], str | None]:
        """The cards of ``hand`` that may be played into ``play``'s trick (K-P1), and why
        not the others: what the family's seat answer (``bidding.game``) asks the setup."""
        return self.tricks.legal(hand, [c for _s, c in play.trick])

    def trick_context(self, trump: Any) -> None:
        return None  # no card turned up, no switch: the trick alone says who wins (K-T1)

    def draw(self, row: Any, rng: Any) -> tuple[list[list[str]], None]:
        return deck.draw(self, row, rng)

    def check_deal(self, row: Any, hands: Any, turned: Any) -> tuple[list[list[str]], None]:
        return deck.check_deal(self, row, hands, turned)

    def as_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "first_dealer": self.first_dealer, "rules": self.rules.as_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Setup:
        rules = dict(data.get("rules", {}))
        if rules.get("rounds") is not None:
            rules["rounds"] = tuple(rules["rounds"])
        return cls(players=tuple(data["players"]), first_dealer=data.get("first_dealer", 0), rules=RuleSet(**rules))


_FLAGS = ("cannonball", "bonus_on_miss", "kraken", "white_whale", "loot", "virtual_deck")


def _rounds(value: Any, most: int) -> tuple[int, ...] | None:
    """A chosen list of rounds: the cards dealt in each, from a list or "5, 5, 5"."""
    if value is None or value == "" or value == []:
        return None
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split()]
    if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= MAX_ROUNDS:
        raise RuleError(N_("Give the cards dealt in each round, 1 to %(max)s rounds."), field="rounds",
                        max=MAX_ROUNDS)
    out = []
    for i, raw in enumerate(value):
        cards = whole(raw, "rounds")
        if not 1 <= cards <= most:
            raise RuleError(N_("Round %(round)s: with these players and cards a round deals 1 to %(max)s cards."),
                            field="rounds", round=i + 1, max=most)
        out.append(cards)
    return tuple(out)


def make_setup(players: Sequence[Any], first_dealer: Any = 0, **options: Any) -> Setup:
    """Check and normalise a game's setup (K-R1, K-S1..K-S4, K-T1).

    >>> s = make_setup(["A", "B", "C", "D", "E", "F", "G", "H"])
    >>> s.deal, s.dealer(1), s.dealer(2), s.order(1)[0]
    ((1, 2, 3, 4, 5, 6, 7, 8, 8, 8), 0, 1, 1)
    >>> make_setup(["A", "B", "C"], rounds="5, 5, 5").deal
    (5, 5, 5)
    >>> make_setup(["A", "B"], scoring="skull_king", cannonball=True)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: The Cannonball is an option of Rascal's scoring.
    """
    names = verify_names(players)
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError(N_("Skull King is for 2 to 8 players; you named %(count)s."), field="players", count=n)
    chosen: dict[str, Any] = {}
    for key, value in options.items():
        if value is None:
            continue
        if key in _FLAGS:
            chosen[key] = flag(value, key)
        elif key == "scoring":
            if value not in SCORINGS:
                raise RuleError(N_("Unknown scoring."), field="scoring")
            chosen[key] = value
        elif key in ("max_cards", "rounds"):
            chosen[key] = value
        else:
            raise RuleError(N_("Unknown option %(option)s."), field=key, option=key)
    deck = deck_size(chosen.get("kraken", False), chosen.get("white_whale", False), chosen.get("loot", False))
    most = most_cards(n, deck)
    if chosen.get("max_cards") not in (None, ""):
        cap = whole(chosen["max_cards"], "max_cards")
        if not 1 <= cap <= most:
            raise RuleError(N_("With these players and cards, each can be dealt 1 to %(max)s cards."),
                            field="max_cards", max=most)
        chosen["max_cards"] = None if cap >= min(most, ROUNDS) else cap  # no cap that caps nothing
    else:
        chosen["max_cards"] = None
    chosen["rounds"] = _rounds(chosen.get("rounds"), most)
    if chosen["rounds"] is not None and chosen["max_cards"] is not None:
        raise RuleError(N_("Cap the cards dealt or choose the rounds, not both."), field="max_cards")
    rules = RuleSet(**chosen)
    if rules.cannonball and rules.scoring != "rascal":
        raise RuleError(N_("The Cannonball is an option of Rascal's scoring."), field="cannonball")
    if rules.bonus_on_miss and rules.scoring != "skull_king":
        # Never a silent choice: Rascal's scoring says itself what a near miss earns (K-S4).
        raise RuleError(N_("Counting bonuses on a missed bid is a house rule of Skull King's scoring only."),
                        field="bonus_on_miss")
    if rules.virtual_deck and n == 2:
        # Graybeard's ghost plays a third hand at two, but the rule book does not say who
        # follows him when he leads: refused rather than guessed.
        raise RuleError(N_("The virtual deck needs 3 to 8 players: at two, Graybeard's ghost plays a hand the rule "
                           "book does not say how to play in turn. Play with your own cards."), field="virtual_deck")
    dealer = whole(first_dealer, "first_dealer")
    if not 0 <= dealer < n:
        raise RuleError(N_("The first dealer must be one of the players."), field="first_dealer")
    return Setup(players=names, first_dealer=dealer, rules=rules)
