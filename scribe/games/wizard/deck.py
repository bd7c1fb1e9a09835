"""Wizard's pack on the family's virtual deck (``bidding/deck.py``): the 60 cards (W-M1),
Unicolore's own decks (W-U1, W-U2) and the Jubilee cards (W-J6), dealt and checked; the
family's deck names stay importable from here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...rules import cards
from ...rules.errors import N_, RuleError
from ..bidding.deck import (  # noqa: F401  (re-exported: wizard.deck's names before issue 33)
    CARD_NOTATION_MAX,
    _dealing_round,
    _playing_round,
    draw_deal,
    verify_card_back,
    verify_deal,
    verify_played,
    verify_shuffle,
    verify_take_back,
)
from ..bidding.sheet import RoundRow
from .jubilee import CLOUD_TAPS, played as _jubilee_played  # noqa: F401  (wizard.deck's names before issue 33)


def draw_cards(setup: Any, row: RoundRow, rng: Any) -> tuple[list[list[str]], str | None]:
    """The round's hands and the card turned up, drawn from ``rng`` (W-R1, W-R3, W-R4, W-U1, W-U2, W-J6)."""
    n = setup.n
    if setup.rules.jubilee:  # W-J6: the 60 and the chosen Jubilee cards
        return cards.jubilee.deal(n, row.cards, setup.rules.jubilee, rng)
    if setup.rules.unicolore:
        hands, turned = cards.deal_unicolore(n, row.cards, rng), None
    else:
        dealt = cards.deal(n, row.cards, rng)
        hands, turned = dealt.hands, dealt.turned
    return [[str(c) for c in h] for h in hands], None if turned is None else str(turned)


def check_cards(setup: Any, row: RoundRow, raw: Sequence[Sequence[Any]], turned_raw: Any
                ) -> tuple[list[list[str]], str | None]:
    """A deal's hands and turned card as Wizard's pack holds them, or a refusal."""
    if setup.rules.jubilee:
        d = _verify_jubilee_deal(setup, row, raw, turned_raw)
        return d["hands"], d["turned"]
    hands = [cards.parse_cards(h) for h in raw]
    turned = None if turned_raw in (None, "") else cards.parse_card(turned_raw)
    if (turned is None) == row.has_trump:
        raise RuleError(N_("A card is turned up after the deal, unless none is left (last round, Unicolore)."),
                        field="deal")
    if setup.rules.unicolore:
        decks = [(h, cards.own_deck(suit)) for h, suit in zip(hands, cards.SUITS)]
    else:
        decks = [([c for h in hands for c in h] + ([turned] if turned else []), cards.FULL_DECK)]
    if any(Counter(used) - Counter(deck) for used, deck in decks):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return [[str(c) for c in h] for h in hands], None if turned is None else str(turned)


def _verify_jubilee_deal(setup: Any, row: RoundRow, raw: Sequence[Sequence[Any]], turned_raw: Any
                         ) -> dict[str, Any]:
    """A deal from the 60 cards and the chosen Jubilee cards (W-J6): one card is always
    left to turn up, even in the last round (W-J intro); no Cloud or Juggler named yet."""
    def one(text: Any) -> str:
        bad = RuleError(N_("This deal holds cards the deck does not have."), field="deal")
        if not isinstance(text, str) or (len(text.strip()) > 2 and cards.jubilee.kind(text) is not None):
            raise bad
        try:
            return cards.jubilee.canonical(text)
        except RuleError:
            raise bad from None

    hands = [[one(c) for c in h] for h in raw]
    if turned_raw in (None, ""):
        raise RuleError(N_("A card is turned up after the deal, unless none is left (last round, Unicolore)."),
                        field="deal")
    turned = one(turned_raw)
    if Counter([c for h in hands for c in h] + [turned]) - Counter(cards.jubilee.deck(setup.rules.jubilee)):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return {"round": row.number, "hands": hands, "turned": turned}
