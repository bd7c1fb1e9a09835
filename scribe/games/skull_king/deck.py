"""The virtual deck at a Skull King table: Scribe's deal recorded in the log (the cards
drawn by the service's random source, never a client), each card played to the trick
by its holder in turn, the last one taken back, and the round's result worked out from
the cards (``play.tally``), so that nobody types the tricks, the bonuses or the Loot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ..bidding import dealt
from ..bidding.dealt import deal_shape, playing_round
from ..bidding.seat import card_named, current_round, seat
from .cards import deal, deck, parse_card
from .play import take_back, verify_card
from .sheet import RoundRow, Sheet

CARD_NOTATION_MAX = 3  # "TP", "B14"


def _dealing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    return current_round(sheet, data)


def _deck(sheet: Sheet) -> tuple[Any, ...]:
    rules = sheet.setup.rules
    return deck(rules.kraken, rules.white_whale, rules.loot)


def draw_deal(sheet: Sheet, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """A deal of the round being played drawn from ``rng`` (K-R1: the whole deck shuffled,
    the cards dealt to each seat, the rest set aside unseen), as data for ``verify_deal``."""
    row = _dealing_round(sheet, data)
    hands = deal(sheet.setup.n, row.cards, _deck(sheet), rng)
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands]}


def verify_shuffle(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe shuffles again before the round's deal (K-R1): the next deal is a new one."""
    return dealt.verify_shuffle(sheet, data, current_round)


def verify_deal(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe's deal of the round being played, before any bid: the round's cards to each
    seat from the deck the table chose (70 cards, the Kraken, the White Whale, the Loot)."""
    row = _dealing_round(sheet, data)
    raw = deal_shape(sheet, row, data)
    hands = [[parse_card(c) for c in h] for h in raw]
    if Counter(c for h in hands for c in h) - Counter(_deck(sheet)):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands]}


def _playing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    """The round whose cards are being played: dealt, every bid in, not yet scored."""
    return playing_round(sheet, data, current_round)


def verify_played(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A card played to the trick by the seat whose turn it is, one it holds, one that
    follows (``tricks.legal``), the Tigress with her choice said (``TP`` or ``TE``)."""
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = _playing_round(sheet, data)
    player = seat(sheet, data.get("player"))
    raw = card_named(data, CARD_NOTATION_MAX,
                     N_("Write a card as a suit letter and a rank, like G7, or ES, PI, TP, TE, SK, ME, KR, WW, LO."))
    hand = [parse_card(c) for c in row.remaining(player) or ()]
    card = verify_card(row.play, hand, player, raw, sheet.setup.players)
    return {"round": row.number, "player": player, "card": str(card)}


def verify_card_back(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A seat takes back the card it played last, until the next card is played and until
    the Scribe records the round's result."""
    row = _playing_round(sheet, data)
    player = seat(sheet, data.get("player"))
    card, _held = take_back(row.play, player, sheet.setup.players)
    return {"round": row.number, "player": player, "card": str(card)}


def verify_take_back(sheet: Sheet, log: Sequence[Entry], target: Entry) -> None:
    """An undo of a deal is refused once a bid was made on those cards (even if undone since)."""
    if target.kind != "deal":
        return
    number = target.data.get("round")
    if any(e.kind in ("bid", "bids") and e.seq > target.seq and e.data.get("round") == number for e in log):
        raise RuleError(
            N_("Bids were made on these cards: the deal stands. To fix an earlier round, tap its number on the sheet."),
            field="undo",
        )
