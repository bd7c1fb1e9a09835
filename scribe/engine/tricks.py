"""Who wins a trick and which cards may be played on it (W-P2 to W-P6).

The public functions accept :class:`~scribe.rules.cards.Card` objects or their
notation (``"R7"``, or one string ``"B5 B3 J"``) and check their input; the
``*_unchecked`` pair does the same work on Card lists without checks, for the
simulation's hot loop.

Reading of seed 004's Wizard-lead example (Arnaud leads a Wizard, Anna plays
green 11 "qui devient alors la couleur du tour", Emilie "n'a pas de vert" and
plays blue 7): the same page states the rule outright, "Si la première carte
posée d'un tour est un Wizard ... les autres apprentis peuvent alors jouer
n'importe quelle carte", and "Si c'est un Wizard, n'importe quelle carte peut
être posée"; seeds 000, 001 and 002 say the same. Emilie's blue 7 is legal under
either reading, so the example does not contradict the rule. We keep W-P2: after
a Wizard played before any number card there is no led suit and nothing has to
be followed for the rest of the trick.

>>> trick_winner("B5 B3 J", trump="R")     # seed 004: Arnaud's blue 5 wins
0
>>> legal_plays("R9 B3 J", "B5")           # Anna must follow blue (or play a Jester)
[B3, J]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from scribe.rules.cards import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    WIZARD_RANK,
    Card,
    CardLike,
    Suit,
    parse_cards,
    parse_suit,
)
from scribe.rules.cards.tricks import led_of, legal_unchecked, winner_unchecked
from scribe.rules.errors import N_, RuleError

_COPIES_OF_SPECIAL: Final = 4  # W-M1: four Wizards and four Jesters

TrumpLike = Suit | str | None
CardsLike = Iterable[CardLike] | str


# --- the hot path: Card lists in, no checks (the rules' own, scribe.rules.cards.tricks) ---

_led = led_of


# --- the checked public API --------------------------------------------------------


def _trump(trump: TrumpLike) -> Suit | None:
    return None if trump is None else parse_suit(trump)


def _check_counts(cards: Sequence[Card], what: str) -> None:
    """Refuse card lists the 60-card deck could not produce (W-M1)."""
    seen: dict[Card, int] = {}
    for c in cards:
        n = seen[c] = seen.get(c, 0) + 1
        limit = 1 if c.suit is not None else _COPIES_OF_SPECIAL
        if n > limit:
            raise RuleError(
                N_("%(card)s appears %(count)s times in %(what)s; the deck has only %(limit)s."),
                field="card",
                card=str(c),
                count=n,
                what=what,
                limit=limit,
            )


def _check_table(players: int | None) -> None:
    if players is not None and not (
        isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS
    ):
        raise RuleError(
            N_("Wizard is played by 3 to 6 players, not %(players)s."),
            field="players",
            players=players,
        )


def led_suit(trick: CardsLike) -> Suit | None:
    """The suit players must follow on ``trick``, if any (W-P2).

    >>> led_suit("J R7 B3"), led_suit("W G11") is None, led_suit("J J") is None
    (<Suit.RED: 'R'>, True, True)
    """
    led = _led(parse_cards(trick))
    return led or None


def trick_winner(
    cards: CardsLike,
    trump: TrumpLike = None,
    *,
    players: int | None = None,
    no_wizard_on_trump_lead: bool = False,
) -> int:
    """Index, in play order, of the card that wins the complete trick ``cards``.

    W-P4: the first Wizard; else the highest trump; else the highest card of the
    led suit (W-P2). W-P5: Jesters never win unless all cards are Jesters, then the
    first one does. W-P6 (option): on a trump lead a Wizard counts as a Jester.
    ``trump`` is a :class:`Suit`, its initial (``"R"``) or None. ``players``, if
    given, is the number of cards the trick must hold.

    Seed 004's worked examples (Arnaud, Anna, Emilie; red trump):

    >>> trick_winner("B5 B3 J", "R"), trick_winner("W G11 B7", "R"), trick_winner("J R7 R3", "R")
    (0, 0, 1)
    >>> trick_winner("J J J J"), trick_winner("J W B13", "B"), trick_winner("G2 B13 Y1", "y")
    (0, 1, 2)
    >>> trick_winner("R5 W B2", "R", no_wizard_on_trump_lead=True)
    0
    >>> trick_winner("R5 R6", players=3)
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: A trick of 3 players holds 3 cards, not 2.
    """
    trick = parse_cards(cards)
    t = _trump(trump)
    _check_table(players)
    expected = players
    if expected is not None and len(trick) != expected:
        raise RuleError(
            N_("A trick of %(players)s players holds %(players)s cards, not %(count)s."),
            field="trick",
            players=players,
            count=len(trick),
        )
    if not MIN_PLAYERS <= len(trick) <= MAX_PLAYERS:
        raise RuleError(
            N_("A complete trick holds 3 to 6 cards, one per player, not %(count)s."),
            field="trick",
            count=len(trick),
        )
    _check_counts(trick, "the trick")
    return winner_unchecked(trick, t, no_wizard_on_trump_lead)


def legal_plays(
    hand: CardsLike,
    trick: CardsLike = (),
    trump: TrumpLike = None,
    *,
    players: int | None = None,
    no_wizard_on_trump_lead: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played on the cards already in ``trick``.

    W-P3: follow the led suit when able; Wizards and Jesters may always be played;
    trumping is never compulsory. W-P2: after a Jester lead the first number card
    sets the suit; after a Wizard played first, anything goes. W-P6 (option): no
    Wizard on a trump lead unless the hand has nothing else. ``trump`` matters only
    for W-P6. The result keeps hand order and duplicates.

    >>> legal_plays("R9 B3 J B7", "B5"), legal_plays("B3 R9 W", "J R7")
    ([B3, J, B7], [R9, W])
    >>> legal_plays("B3 R9", "W G11"), legal_plays("B3 R9", "J J")
    ([B3, R9], [B3, R9])
    >>> legal_plays("W R2 B1", "R5", "R", no_wizard_on_trump_lead=True)
    [R2]
    >>> legal_plays("W W", "R5", "R", no_wizard_on_trump_lead=True)
    [W, W]
    """
    cards = parse_cards(hand)
    played = parse_cards(trick)
    t = _trump(trump)
    _check_table(players)
    if not cards:
        raise RuleError(N_("The hand is empty: there is nothing to play."), field="hand")
    limit = (players if players is not None else MAX_PLAYERS) - 1
    if len(played) > limit:
        raise RuleError(
            N_("The trick is already complete with %(count)s cards."),
            field="trick",
            count=len(played),
        )
    _check_counts([*cards, *played], "the hand and the trick")
    return legal_unchecked(cards, played, t, no_wizard_on_trump_lead)


def verify_play(
    hand: CardsLike,
    trick: CardsLike,
    card: CardLike,
    trump: TrumpLike = None,
    *,
    players: int | None = None,
    no_wizard_on_trump_lead: bool = False,
) -> Card:
    """Return ``card`` if it may be played from ``hand`` on ``trick``; else raise :class:`RuleError` saying why.

    >>> verify_play("B3 R9", "B5", "b3")
    B3
    >>> verify_play("B3 R9", "B5", "R9")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: R9 may not be played: the hand holds B, the led suit, and must follow it.
    >>> verify_play("B3 R9", "B5", "W")
    Traceback (most recent call last):
    ...
    scribe.rules.errors.RuleError: W is not in the hand.
    """
    cards = parse_cards(hand)
    played = parse_cards(trick)
    c = parse_cards([card])[0]
    legal = legal_plays(
        cards, played, trump, players=players, no_wizard_on_trump_lead=no_wizard_on_trump_lead
    )
    if c in legal:
        return c
    if c not in cards:
        raise RuleError(N_("%(card)s is not in the hand."), field="card", card=str(c))
    led = _led(played)
    if c.rank == WIZARD_RANK:  # W-P6
        raise RuleError(
            N_("%(card)s may not be played on a trump lead while the hand holds another card."),
            field="card",
            card=str(c),
        )
    raise RuleError(
        N_("%(card)s may not be played: the hand holds %(suit)s, the led suit, and must follow it."),
        field="card",
        card=str(c),
        suit=str(led),
    )


def can_play(
    hand: CardsLike,
    trick: CardsLike,
    card: CardLike,
    trump: TrumpLike = None,
    *,
    players: int | None = None,
    no_wizard_on_trump_lead: bool = False,
) -> bool:
    """True if :func:`verify_play` would accept the play.

    >>> can_play("B3 R9", "B5", "R9"), can_play("B3 R9", "B5", "B3")
    (False, True)
    """
    try:
        verify_play(
            hand, trick, card, trump, players=players, no_wizard_on_trump_lead=no_wizard_on_trump_lead
        )
    except RuleError:
        return False
    return True
