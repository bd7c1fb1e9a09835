"""How a Skull King trick is played and won, and what it earns, for the virtual deck:
which cards may follow, who wins (the Mermaid takes the Skull King, who takes the Pirates,
who take the Mermaids; the Kraken and the White Whale), and the bonuses and Loot
alliances worked out from the cards of the trick (K-S2, K-S3, K-T1).

A trick is its cards in the order played (a played Tigress as ``TP`` or ``TE``). From
the rule book (2021 edition) and the publisher's FAQ:

- The first suit card sets the suit to follow, unless a character (Pirate, Tigress as
  a Pirate, Skull King, Mermaid) or a beast (Kraken, White Whale) comes before it: then
  nothing is to be followed. Escapes and Loot (and the Tigress as an Escape) leave the
  choice to the next card. Special cards may always be played.
- Whoever holds the suit to follow plays it or a special card; black is a suit too.
- A Mermaid with the Skull King wins (the first Mermaid); else the Skull King; else the
  first Pirate; else the first Mermaid; else the highest black; else the highest card
  of the suit followed; a trick of Escapes and Loot goes to its first card.
- The Kraken destroys the trick; who would have won it without the Kraken leads the
  next (the FAQ, settling a print run whose rule book and player aid disagreed: one of
  them said the player left of the Kraken's).
- The White Whale turns special cards into Escapes: the highest number wins whatever
  its suit, the first played on a tie; with no suit card the trick is discarded and
  the White Whale's player leads the next.
- Kraken and White Whale together: the second played keeps its power, the first is an
  Escape; the Kraken second: who would have won without either leads.

>>> from scribe.games.skull_king.cards import parse_cards
>>> winner(parse_cards("Y14 PI SK ME")).winner, bonus_of(parse_cards("Y14 PI SK ME")).points
(3, 50)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...rules.errors import N_
from ...rules.trickplay import Outcome as FamilyOutcome
from .cards import Card, Kind, Suit
from .scoring import Bonus

#: The refusal of a card that does not follow, one message per suit so each translates whole.
MUST_FOLLOW = {
    Suit.GREEN: N_("You must follow green: you hold a green card."),
    Suit.YELLOW: N_("You must follow yellow: you hold a yellow card."),
    Suit.PURPLE: N_("You must follow purple: you hold a purple card."),
    Suit.BLACK: N_("You must follow black: you hold a black card."),
}
NO_BONUS = Bonus()
CHOOSE_TIGRESS = N_("Say how the Tigress plays: as a Pirate or as an Escape.")


def led_suit(trick: Sequence[Card]) -> Suit | None:
    """The suit to follow: the first suit card's, unless a character or a beast came
    first; None while only Escapes and Loot are down, or when nothing is to be followed.

    >>> from scribe.games.skull_king.cards import parse_cards
    >>> led_suit(parse_cards("ES LO G7 B3")), led_suit(parse_cards("ES PI G7")), led_suit(parse_cards("WW G7"))
    (<Suit.GREEN: 'G'>, None, None)
    """
    for card in trick:
        if card.escapes:
            continue
        return card.suit  # None for a character or a beast
    return None


def legal(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[list[Card], str | None]:
    """The cards of ``hand`` that may be played on ``trick``, and why the others may not
    (a message template), in hand order.

    >>> from scribe.games.skull_king.cards import parse_cards
    >>> legal(parse_cards("G3 Y9 SK B2"), parse_cards("G12"))
    ([G3, SK], 'You must follow green: you hold a green card.')
    >>> legal(parse_cards("Y9 B2"), parse_cards("G12"))[0], legal(parse_cards("G3 Y9"), parse_cards("PI G12"))[0]
    ([Y9, B2], [G3, Y9])
    """
    led = led_suit(trick)
    if led is None or not any(c.suit is led for c in hand):
        return list(hand), None
    return [c for c in hand if c.suit is led or c.special], MUST_FOLLOW[led]


@dataclass(frozen=True)
class Outcome(FamilyOutcome):
    """How a trick ended (the family's ``Outcome``): ``winner`` is the index (in play order)
    of the winning card, None when the trick was destroyed; ``leads`` the index of the card
    whose player leads the next trick; and ``beast`` the Kraken or White Whale whose power
    applied, if any."""

    beast: Kind | None = None


def _plain(trick: Sequence[Card], skip: frozenset[int] = frozenset()) -> int | None:
    """The winning index by the rules without beasts, ignoring the cards at ``skip``.

    One pass (every trick and every "would this card win?" of the engine's players asks
    it): the first Skull King, Mermaid and Pirate, and the best suit card so far, black
    trumping the suit led by the first suit card.
    """
    first = king = mermaid = pirate = best = None
    led = None
    black = False
    top = -1
    for i, c in enumerate(trick):
        if i in skip:
            continue
        if first is None:
            first = i
        acts = c.acts
        if acts is Kind.NUMBER:
            suit = c.suit
            if led is None:
                led = suit  # escapes skipped, nothing special so far: the first suit card led
            if suit is Suit.BLACK:
                if not black:  # black trumps the suit led: only blacks count from now on
                    black, top = True, -1
            elif black or suit is not led:
                continue
            if c.rank > top:
                top, best = c.rank, i
        elif acts is Kind.SKULL_KING:
            king = i if king is None else king
        elif acts is Kind.MERMAID:
            mermaid = i if mermaid is None else mermaid
        elif acts is Kind.PIRATE:
            pirate = i if pirate is None else pirate
    if king is not None:
        return king if mermaid is None else mermaid  # she lures him, whoever came first
    if pirate is not None:
        return pirate
    if mermaid is not None:
        return mermaid
    return first if best is None else best  # only Escapes and Loot: the first card played wins


def winner(trick: Sequence[Card]) -> Outcome:
    """Who wins ``trick`` (a complete trick, cards in play order).

    >>> from scribe.games.skull_king.cards import parse_cards
    >>> winner(parse_cards("G7 G12 G8")), winner(parse_cards("Y12 Y5 P14")).winner, winner(parse_cards("Y12 Y5 B2")).winner
    (Outcome(winner=1, leads=1, beast=None), 0, 2)
    >>> winner(parse_cards("B2 PI Y14 SK WW")).winner
    2
    >>> winner(parse_cards("Y12 B3 WW KR"))
    Outcome(winner=None, leads=1, beast=<Kind.KRAKEN: 'kraken'>)
    """
    beasts = [i for i, c in enumerate(trick) if c.beast]
    if not beasts:
        w = _plain(trick)
        assert w is not None
        return Outcome(w, w)
    last = beasts[-1]  # the second beast keeps its power; the first plays as an Escape
    if trick[last].kind is Kind.KRAKEN:
        would = _plain(trick, frozenset(beasts))  # as if neither creature had been played
        return Outcome(None, beasts[0] if would is None else would, Kind.KRAKEN)
    numbers = [i for i, c in enumerate(trick) if c.kind is Kind.NUMBER]
    if not numbers:
        return Outcome(None, last, Kind.WHITE_WHALE)
    best = max(numbers, key=lambda i: (trick[i].rank, -i))  # the first played on a tie
    return Outcome(best, best, Kind.WHITE_WHALE)


def bonus_of(trick: Sequence[Card], outcome: Outcome | None = None) -> Bonus:
    """K-S2's bonuses the winner of ``trick`` takes with it: every 14 in it, and what the
    winning card captured (a Pirate's Mermaids, the Skull King's Pirates, a Mermaid's
    Skull King). A destroyed trick gives none; under the White Whale a suit card wins,
    so only the 14s count.

    >>> from scribe.games.skull_king.cards import parse_cards
    >>> bonus_of(parse_cards("ME PI ME TP")), bonus_of(parse_cards("TP SK PI TE"))
    (Bonus(fourteens=0, black14=0, mermaids=2, pirates=0, skull_king=0), Bonus(fourteens=0, black14=0, mermaids=0, pirates=2, skull_king=0))
    """
    outcome = outcome or winner(trick)
    if outcome.winner is None:
        return NO_BONUS
    by = trick[outcome.winner].acts
    if by is Kind.NUMBER and not any(c.rank == 14 for c in trick):
        return NO_BONUS  # most tricks: a suit card captures nothing, and no 14 to count
    fourteens = sum(1 for c in trick if c.rank == 14 and c.suit is not Suit.BLACK)
    black14 = sum(1 for c in trick if c.rank == 14 and c.suit is Suit.BLACK)
    others = [c for i, c in enumerate(trick) if i != outcome.winner]
    return Bonus(
        fourteens=fourteens,
        black14=black14,
        mermaids=sum(1 for c in others if c.acts is Kind.MERMAID) if by is Kind.PIRATE else 0,
        pirates=sum(1 for c in others if c.acts is Kind.PIRATE) if by is Kind.SKULL_KING else 0,
        skull_king=int(any(c.acts is Kind.SKULL_KING for c in others)) if by is Kind.MERMAID else 0,
    )


def alliances(trick: Sequence[Card], seats: Sequence[int], outcome: Outcome | None = None
              ) -> list[tuple[int, int]]:
    """K-S3: each Loot in a won trick allies its player with the trick's winner, (Loot
    player, winner). Whoever wins with their own Loot forms none; a destroyed trick or
    a White Whale's (its special cards are destroyed) forms none either.

    >>> from scribe.games.skull_king.cards import parse_cards
    >>> alliances(parse_cards("LO G3 G9"), [2, 0, 1]), alliances(parse_cards("LO ES ES"), [2, 0, 1])
    ([(2, 1)], [])
    """
    outcome = outcome or winner(trick)
    if outcome.winner is None or outcome.beast is Kind.WHITE_WHALE:
        return []
    won_by = seats[outcome.winner]
    return [(seats[i], won_by) for i, c in enumerate(trick) if c.kind is Kind.LOOT and seats[i] != won_by]
