"""What a game of the bids-and-tricks family says of itself: the protocol its ``Setup``
follows, so that the family's sheet, actions, reveal and play run it (pokerkit's
``games.py``: a variant is a small definition over one engine).

Everything else (rounds of bids then tricks, the last bidder's restriction and its
refusals, hidden and secret bids sealed for good, corrections, undo, the sheet and its
incremental ``advance``) is the family's: ``sheet``, ``actions``, ``reveal``, ``inputs``,
``story``, ``game`` (the ``GameRules`` answers) and ``web`` (its forms and JSON, with the
game's words passed in). Wizard (W-*) and Rikiki / Oh Hell (R-*) implement it. Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol

# (``sheet.Trump`` and ``play.TrickState`` are named in words only: the sheet reads this
# protocol, so importing them back would be an import loop)
Trump = TrickState = Any


class Switches(Protocol):
    """The rule switches the family reads (a game's ``RuleSet`` may hold more)."""

    last_bid: str  # "free", "never_even" (W-B3, R-B2) or "leader_never_even" (W-B4, W-B5)
    zero_exception: bool  # W-B5: the restricted bidder may still bid zero
    leader_ties: bool  # W-B4's other reading
    reveal: str  # "open", "hidden" or "secret" (W-B7, R-B1)
    virtual_deck: bool  # Scribe deals; each seat sees its own hand
    jubilee: tuple[str, ...]  # a game's own extra cards in play (W-J6); () for most

    def has(self, card: str) -> bool:
        """Whether that extra card is in play (never, in a game without any)."""

    @property
    def preset(self) -> str:
        """The named preset these switches match, or "custom"."""


class Definition(Protocol):
    """A bids-and-tricks game's setup: its players, its schedule and its rules."""

    GAME: ClassVar[str]  # its name in the registry
    NEVER_EVEN: ClassVar[str]  # the rule id of "the last bidder may not make the bids even" (W-B3, R-B2)
    SUITS: ClassVar[tuple[str, ...]]  # the suits a trump may be
    TRUMP_CARDS: ClassVar[tuple[str, ...]]  # what the score sheet may say was turned up (W-R3, R-T1)
    NO_TRUMP_CARDS: ClassVar[tuple[str, ...]]  # turned cards that mean no trump (Wizard's Jester)
    CARD_HINT: ClassVar[str]  # N_ text: how a card is written, for a card code that cannot be one
    tricks: Any  # its ``rules.trickplay.TrickGame``: legal cards, a trick's winner, a card's forms

    players: tuple[str, ...]
    first_dealer: int
    rules: Switches

    @property
    def n(self) -> int: ...

    @property
    def round_count(self) -> int: ...

    @property
    def schedule(self) -> tuple[tuple[int, int, tuple[int, ...], bool], ...]:
        """(cards dealt, dealer, bidding order, has trump) of every round (W-R1, R-R1, R-R2)."""

    def points(self, bid: int, tricks: int) -> int:
        """One player's points for a round (W-S1; R-S2, R-S3)."""

    def restricted(self, cards: int) -> bool:
        """Whether the last bidder's restriction binds in a round of ``cards`` cards (the
        hook only from some number of cards, R-B2; Wizard: always)."""

    def turned_trump(self, turned: str | None, hands: Sequence[Sequence[str]]) -> Trump | None:
        """The trump a card turned up by the virtual deck sets (W-R3; R-T1), None when
        nothing was turned (unless the trump never depends on it)."""

    def play_state(self, first_leader: int, trump: str | None, plays: Sequence[tuple[int, str]], cards: int,
                   **play_args: Any) -> TrickState:
        """The round's tricks from the cards played (the family's ``rules.trickplay`` over
        the game's trick rules); ``play_args``: what else a game's round says its play reads
        (``SheetHooks.round_type``'s ``play_args``: W-J3, W-J4)."""

    def legal(self, play: TrickState, hand: Sequence[str]) -> tuple[list[str], str | None]:
        """The cards of ``hand`` that may be played now, and why not the others."""

    def trick_context(self, trump: str | None) -> Any:
        """What ``tricks`` needs of the round to judge a card (the trump suit, switches)."""

    def draw(self, row: Any, rng: Any) -> tuple[list[list[str]], str | None]:
        """The virtual deck's deal of ``row`` from ``rng``: the hands, the card turned up."""

    def check_deal(self, row: Any, hands: Any, turned: Any) -> tuple[list[list[str]], str | None]:
        """A deal's hands and card turned up, checked against the pack (a ``RuleError`` else)."""

    def as_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Definition: ...


class PlayHooks(Protocol):
    """What a ``Definition`` may add to the virtual deck's checks and seals (``deck`` and
    ``reveal`` ask for each, and do without when a setup has none): a pack whose card taps
    may mean more than a card played (W-J3, W-J4) checks and seals them itself."""

    def verify_played(self, sheet: Any, row: Any, player: int, raw: str) -> dict[str, Any] | None:
        """The entry data of ``player``'s tap ``raw`` (a card passed, a bid changed, a card
        naming its suit: W-J3, W-J4), or None: the family's check (in turn, held, legal)."""

    def verify_card_back(self, row: Any) -> None:
        """Refuses (a ``RuleError``) a card taken back once its trick's effect is under way
        (cards passed, a bid changed: W-J3, W-J4)."""

    def sealed_played(self, sheet: Any, entry: Any, viewer: int | None, withdrawn: bool) -> Any:
        """A ``played`` entry as ``viewer`` may read it when the game seals it itself (a card
        passed face down, W-J4), or None: a card played to the table is public."""


class ResultHooks(Protocol):
    """What a ``Definition`` may add to the family's one tricks entry and its corrections
    (``actions.verify_tricks``, ``verify_correction``; the family's own without each):
    cards that destroy a trick (W-J2, K-T1), a seat nobody scores (K-R1), and a game's own
    fields of a round's result (W-J3; K-S2..K-S4), in its words."""

    RESULT_FIELDS: ClassVar[tuple[str, ...]]  # its own keys of a result, beside "tricks" and "destroyed"
    RESULT_KEPT: ClassVar[bool]  # a correction keeps what it leaves out as recorded, bids and tricks too (K-B1)
    DESTROYED_COUNTED: ClassVar[bool]  # the tricks nobody won are a count to say, not a box: a blank waits for it
    DESTROYED_WORDS: ClassVar[Mapping[str, str]]  # "none": no such card in play; "most": more than they destroy
    ADDS_UP_WORDS: ClassVar[Mapping[str, str]]  # "all", "destroyed", "destroyable", "ghost" (``actions._adds_up``)
    ghost: bool  # a seat nobody scores takes the tricks the players did not: a blank is never filled in

    def destroyers(self) -> int:
        """The most tricks a round may lose to the cards in play (0: every trick is won)."""

    def result_tally(self, play: Any) -> dict[str, Any]:
        """A played round's result as its cards gave it (the family's: the tricks won and
        the tricks nobody won)."""

    def waiting_refusal(self, sheet: Any, play: Any) -> Any:
        """The ``RuleError`` refusing the result while play waits for a choice after the
        last trick (W-J3)."""

    def result_fields(self, sheet: Any, row: Any, data: Mapping[str, Any], result: Mapping[str, Any],
                      bids: Any, correcting: bool) -> dict[str, Any]:
        """Its own fields of ``data`` checked against ``result`` (the tricks checked), to
        record beside them; ``bids``: a correction's new bids (None: the row's)."""

    def recorded_fields(self, row: Any) -> dict[str, Any]:
        """Its own fields of a scored ``row`` as its entry holds them (a correction starts
        from them)."""


class TurnedHooks(Protocol):
    """What a ``Definition`` may add to the card turned up (``actions.verify_trump``,
    ``sheet.Trump``): cards of its own besides ``TRUMP_CARDS`` (W-J intro)."""

    OWN_TURNED: ClassVar[tuple[str, ...]]  # its own cards that may be turned up
    DEALER_PICKS: ClassVar[tuple[str, ...]]  # turned up, the dealer names the trump (W-R3)
    NAMED_AT_ONCE: ClassVar[tuple[str, ...]]  # turned up, named with a suit or "none" in the same entry (W-J5)
    NAME_AT_ONCE: ClassVar[str]  # N_ text refusing one of those named without a suit

    def verify_turned(self, card: Any) -> None:
        """Refuses one of its own cards that is not in play (W-J6)."""


class SheetHooks(Protocol):
    """What a ``Definition`` may add to the family's sheet (``sheet._blank``, ``sheet._row``):
    a round that takes more entries (its ``take``, ``scored_bids``, ``row_fields``,
    ``play_args``: ``sheet._Round``'s) and a row that answers more (W-J3, W-J4)."""

    round_type: ClassVar[type]  # a ``sheet._Round``
    row_type: ClassVar[type]  # a ``sheet.RoundRow``


# Optional, a game's ``Setup`` may hold them (the family's own words else): ``BID_RANGE``,
# the N_ text refusing a bid out of range (its ``%(cards)s``), and ``WHOSE_BID``, the N_ text
# refusing a bid that names no seat where every seat bids for itself (without it the family
# takes the next bidder in order). Skull King keeps its own words this way (K-B1).
OPTIONAL_WORDS = ("BID_RANGE", "WHOSE_BID")
