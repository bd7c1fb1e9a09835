"""A round of the virtual deck played card by card: whose turn it is, the trick on the
table, the tricks done, and the round's result worked out from the cards played
(``tally``: the tricks, the destroyed tricks, the bonuses and the Loot alliances, in
the shape of a round's entry, so that nobody types them).

Skull King is a game of the bids-and-tricks family: the play engine is the family's
(``rules.trickplay``), over Skull King's definition below (``SKULL_KING_TRICKS``): the
legal cards and the winner of ``tricks``, the Tigress's choice said when she is played
(``TP``/``TE``, taken back as ``TI``).

Three to eight seats. (At two players Graybeard's ghost plays a third hand, second in
every trick he does not lead, without following suit and his Tigress as an Escape;
the rule book does not say who follows him when he leads, so his play is left to the
table's session that brings the virtual deck to this game.)

>>> from scribe.games.skull_king.cards import parse_card
>>> r = play_round(3, 1, [(1, parse_card("G7")), (2, parse_card("PI")), (0, parse_card("ME"))], cards=1)
>>> r.finished, r.won, tally(r, 3)["bonuses"]
(True, (0, 0, 1), [{}, {}, {'mermaids': 1}])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...rules import trickplay
from ...rules.errors import RuleError
from ...rules.trickplay import RoundPlay, Trick  # noqa: F401  (the play's records, re-exported)
from .cards import LOOT, TIGRESS, Card, Kind, parse_card
from .scoring import Bonus
from .tricks import CHOOSE_TIGRESS, Outcome, alliances, bonus_of, legal, winner

Play = tuple[int, Card]  # (seat, card as played)


class SkullKingTricks:
    """Skull King's definition for the family's play engine (no round context: no trump
    card is turned, black is always trump)."""

    def played(self, raw: Any) -> Card:
        """A card as played; the Tigress only with her choice, as a Pirate or an Escape."""
        card = parse_card(raw)
        if card.kind is Kind.TIGRESS and card.role is None:
            raise RuleError(CHOOSE_TIGRESS, field="card")
        return card

    def hand_form(self, card: Card) -> Card:
        """The card as held: a played Tigress goes back to the hand as ``TI``."""
        return TIGRESS if card.kind is Kind.TIGRESS else card

    def legal(self, hand: Sequence[Card], trick: Sequence[Card], ctx: Any = None) -> tuple[list[Card], str | None]:
        return legal(hand, trick)

    def winner(self, trick: Sequence[Card], ctx: Any = None) -> Outcome:
        return winner(trick)

    def tally(self, play: RoundPlay[Card], ctx: Any = None) -> dict[str, Any]:
        return tally(play, len(play.won))


SKULL_KING_TRICKS = SkullKingTricks()


class SkullKingCodes(SkullKingTricks):
    """The same rules over a hand as the log holds it (the cards' codes), as the family's
    virtual deck (``bidding/deck.py``) checks a card played or taken back: the held form
    and the legal cards said as codes; the trick on the table stays the round's cards."""

    def hand_form(self, card: Card) -> str:  # type: ignore[override]
        return str(super().hand_form(card))

    def legal(self, hand: Sequence[Any], trick: Sequence[Card], ctx: Any = None) -> tuple[list[str], str | None]:  # type: ignore[override]
        cards, why = legal([parse_card(c) for c in hand], trick)
        return [str(c) for c in cards], why


SKULL_KING_CODES = SkullKingCodes()


def play_round(n: int, first_leader: int, plays: Sequence[Play], cards: int) -> RoundPlay[Card]:
    """Replay ``plays`` into tricks of ``n`` cards: one pass, no checks (they were
    verified when recorded). The seat left of the dealer leads first (``first_leader``),
    then whoever the last trick names (its winner, or K-T1's rules for a destroyed one)."""
    state: RoundPlay[Card] = trickplay.replay(SKULL_KING_TRICKS, n, first_leader, plays, cards)
    return state


def verify_card(state: RoundPlay[Card], hand: Sequence[Card], seat: int, raw: Any,
                names: Sequence[str] | None = None) -> Card:
    """A card ``seat`` plays from ``hand`` now: their turn, a card they hold, one that
    follows (see ``tricks``), and a Tigress said to be a Pirate (``TP``) or an Escape
    (``TE``). Returns the card as played."""
    return trickplay.verify_play(SKULL_KING_TRICKS, state, hand, seat, raw, None, names)


def take_back(state: RoundPlay[Card], seat: int, names: Sequence[str]) -> tuple[Card, Card]:
    """``seat`` takes back the card it played last, until the next card is played: (the
    card as played, the card back in the hand: a played Tigress is ``TI`` again).

    >>> from scribe.games.skull_king.cards import parse_card
    >>> take_back(play_round(3, 0, [(0, parse_card("TP"))], cards=1), 0, ["Ana", "Ben", "Cy"])
    (TP, TI)
    """
    return trickplay.verify_card_back(SKULL_KING_TRICKS, state, seat, names)


def tally(state: RoundPlay[Card], n: int) -> dict[str, Any]:
    """The round's result from the tricks played, as a round entry's data (K-T1: tricks
    and destroyed tricks; K-S2: each seat's bonuses; K-S3: the Loot alliances)."""
    bonuses = [Bonus()] * n
    loot: list[list[int]] = []
    for t in state.done:
        w = t.winner
        if w is None:
            continue
        outcome: Outcome = t.outcome  # type: ignore[assignment]  # Skull King's, with its beast
        cards = t.cards
        bonus = bonus_of(cards, outcome)
        if bonus:
            bonuses[w] = bonuses[w] + bonus
        if LOOT in cards:
            loot += [list(pair) for pair in alliances(cards, t.seats, outcome)]
    return {"tricks": list(state.won), "destroyed": state.destroyed,
            "bonuses": [b.as_dict() for b in bonuses], "loot": loot}
