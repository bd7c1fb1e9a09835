"""The Unicolore variant, Amigo, 3 or 4 players (W-U1 to W-U3).

Each player owns 15 cards: one Wizard, one Jester and the 13 cards of one suit (at
3 players one suit is left out). Rounds deal 4 to 15 cards, each player drawing
from their own shuffled 15. No trump, suits do not matter: the highest card wins
(Wizard above 13, Jester lowest) and on a tie the card played first wins.

Readings (the seed is silent): any card may be played at any time, since there is
no suit to follow; the bidding order and the first lead still turn round the table
from the left of a rotating dealer, as in the standard game (W-B1, W-P1).

>>> unicolore_trick_winner("B13 R13 W W"), unicolore_trick_winner("J J J")
(2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scribe.rules.cards import Card, Suit, make_rng, parse_cards
from scribe.rules.cards.tricks import unicolore_winner
from scribe.rules.cards.unicolore import (  # noqa: F401  (re-exported)
    FIRST_CARDS,
    OWN_DECK_SIZE,
    ROUNDS,
    UNICOLORE_PLAYERS,
    check_unicolore_players as _check_players,
    deal_unicolore,
    own_deck,
)
from scribe.rules.errors import N_, RuleError

from .options import PlayOptions
from .play import GameRecord, RoundRecord, _totals, play_hands
from .policies import Policy
from .tricks import CardsLike

winner_unchecked = unicolore_winner  # the rules' W-U3 (scribe.rules.cards.tricks)


def legal_unchecked(
    hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None = None, no_wizard_on_trump_lead: bool = False
) -> list[Card]:
    """Every card of the hand: there is no suit to follow in Unicolore (reading of W-U3)."""
    return list(hand)


def unicolore_trick_winner(cards: CardsLike, *, players: int | None = None) -> int:
    """Index of the card that wins a complete Unicolore trick (W-U3).

    >>> unicolore_trick_winner("G7 Y7 B2"), unicolore_trick_winner("J R1 B1 G1")
    (0, 1)
    """
    trick = parse_cards(cards)
    if players is not None:
        _check_players(players)
    expected = (players,) if players is not None else UNICOLORE_PLAYERS
    if len(trick) not in expected:
        raise RuleError(
            N_("A Unicolore trick holds one card per player, 3 or 4, not %(count)s."),
            field="trick",
            count=len(trick),
        )
    numbers = [c for c in trick if c.suit is not None]
    if len(set(numbers)) != len(numbers):
        raise RuleError(N_("A number card appears twice in the trick."), field="trick")
    return winner_unchecked(trick)


def unicolore_legal_plays(hand: CardsLike, trick: CardsLike = ()) -> list[Card]:
    """The cards of ``hand`` that may be played: all of them (W-U3, reading).

    >>> unicolore_legal_plays("B3 W", "R13")
    [B3, W]
    """
    cards = parse_cards(hand)
    if not cards:
        raise RuleError(N_("The hand is empty: there is nothing to play."), field="hand")
    if len(parse_cards(trick)) >= max(UNICOLORE_PLAYERS):
        raise RuleError(N_("The trick is already complete."), field="trick")
    return cards


def play_unicolore_game(
    players: int,
    policies: Sequence[Policy],
    rng: random.Random | None = None,
    options: PlayOptions | None = None,
    *,
    first_dealer: int = 0,
    suits: Sequence[Suit | str] | None = None,
) -> GameRecord:
    """A whole Unicolore game: 12 rounds of 4..15 cards, no trump, scored as W-S1 (W-U2, W-U3).

    >>> from scribe.engine import RandomPolicy
    >>> rng = make_rng(4)
    >>> g = play_unicolore_game(4, [RandomPolicy(rng)] * 4, rng)
    >>> len(g.rounds), g.rounds[0].cards, g.rounds[-1].cards, {r.trump for r in g.rounds}
    (12, 4, 15, {None})
    """
    _check_players(players)
    if len(policies) != players:
        raise RuleError(N_("Each player needs a policy."), field="policy")
    options = options or PlayOptions()
    rng = rng or make_rng()
    rounds: list[RoundRecord] = []
    for number in range(1, ROUNDS + 1):
        cards = number + FIRST_CARDS - 1
        hands = deal_unicolore(players, cards, rng, suits)
        dealer = (first_dealer + number - 1) % players
        rounds.append(
            play_hands(
                hands, number, dealer, None, None, policies, options,
                winner=winner_unchecked, unicolore=True,
            )
        )
    return GameRecord(players, tuple(rounds), _totals(players, rounds))

