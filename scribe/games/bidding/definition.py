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
    jubilee: tuple[str, ...]  # Wizard's Jubilee cards (W-J6); () for any other game

    def has(self, card: str) -> bool:
        """Whether that Jubilee card is in play (never, outside Wizard)."""

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
                   passed: Sequence[bool], clouded: bool) -> TrickState:
        """The round's tricks from the cards played (the family's ``rules.trickplay`` over
        the game's trick rules)."""

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
    may mean more than a card played (Wizard's Jubilee cards) checks and seals them itself."""

    def verify_played(self, sheet: Any, row: Any, player: int, raw: str) -> dict[str, Any] | None:
        """The entry data of ``player``'s tap ``raw`` (a pass, the Cloud's change, a card
        naming its suit: W-J3, W-J4), or None: the family's check (in turn, held, legal)."""

    def verify_card_back(self, row: Any) -> None:
        """Refuses (a ``RuleError``) a card taken back once its trick's effect is under way
        (the Juggler's passes, the Cloud's change: W-J3, W-J4)."""

    def sealed_played(self, sheet: Any, entry: Any, viewer: int | None, withdrawn: bool) -> Any:
        """A ``played`` entry as ``viewer`` may read it when the game seals it itself (a card
        passed face down, W-J4), or None: a card played to the table is public."""


# Optional, a game's ``Setup`` may hold them (the family's own words else): ``BID_RANGE``,
# the N_ text refusing a bid out of range (its ``%(cards)s``), and ``WHOSE_BID``, the N_ text
# refusing a bid that names no seat where every seat bids for itself (without it the family
# takes the next bidder in order). Skull King keeps its own words this way (K-B1).
OPTIONAL_WORDS = ("BID_RANGE", "WHOSE_BID")
