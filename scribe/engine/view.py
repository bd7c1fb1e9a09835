"""What a player policy may look at during a round: one live view per round.

The engine creates one :class:`RoundView` per round and updates it in place as
bids and cards come in, rather than building a fresh frozen snapshot for every
decision: a 4-player game asks its policies about 540 questions, and snapshots
would cost more than the play itself. Policies read it and never mutate it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scribe.rules.cards import Card, Suit

from .options import PlayOptions

#: ``winner(cards, trump, no_wizard_on_trump_lead) -> index``, as in tricks.winner_unchecked.
Winner = Callable[[Sequence[Card], "Suit | None", bool], int]


class RoundView:
    """The public state of the round in progress, seen from the table.

    Attributes: ``players``, ``number`` (round number), ``cards`` (cards per hand),
    ``dealer`` (seat), ``trump`` (Suit or None), ``turned`` (the turned card or
    None), ``unicolore`` (W-U rules), ``options`` (:class:`PlayOptions`), ``bids``
    (per seat, None until made), ``forbidden_bid`` (what the bidder being asked may
    not bid, or None), ``won`` (tricks won per seat), ``leader`` (seat that led
    the current trick), ``trick`` (cards of the current trick, in play order) and
    ``played`` (cards of the finished tricks of this round).
    """

    __slots__ = (
        "_winner",
        "bids",
        "cards",
        "dealer",
        "forbidden_bid",
        "leader",
        "number",
        "options",
        "played",
        "players",
        "trick",
        "trump",
        "turned",
        "unicolore",
        "won",
    )

    def __init__(
        self,
        players: int,
        number: int,
        cards: int,
        dealer: int,
        trump: Suit | None,
        turned: Card | None,
        options: PlayOptions,
        winner: Winner,
        unicolore: bool = False,
    ) -> None:
        self.players = players
        self.number = number
        self.cards = cards
        self.dealer = dealer
        self.trump = trump
        self.turned = turned
        self.unicolore = unicolore
        self.options = options
        self.bids: list[int | None] = [None] * players
        self.forbidden_bid: int | None = None
        self.won = [0] * players
        self.leader = (dealer + 1) % players  # W-P1
        self.trick: list[Card] = []
        self.played: list[Card] = []
        self._winner = winner

    @property
    def trick_winner_function(self) -> Winner:
        """The round's trick resolution (standard or Unicolore), for a searching player's copies."""
        return self._winner

    def trick_winner(self, cards: Sequence[Card]) -> int:
        """Index, in play order, of the card that wins the complete trick ``cards``."""
        return self._winner(cards, self.trump, self.options.no_wizard_on_trump_lead)

    def would_win(self, card: Card) -> bool:
        """True if ``card`` played now would beat the cards already in the trick."""
        trick = self.trick
        return self._winner([*trick, card], self.trump, self.options.no_wizard_on_trump_lead) == len(trick)
