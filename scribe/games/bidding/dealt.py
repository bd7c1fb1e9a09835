"""The round whose cards the virtual deck is playing, as every game of the family checks
it before a card is played or taken back: the same refusals, with the same words, in
Wizard and Skull King. Pure: no Flask, no SQL."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ...rules.errors import N_, RuleError

Row = TypeVar("Row")


def playing_round(sheet: Any, data: Mapping[str, Any], current: Callable[[Any, Mapping[str, Any]], Row]) -> Row:
    """The round being played (``current`` is the game's own check that ``data`` names
    it): the game has a virtual deck, the round is not scored, its cards are dealt and
    every bid is in (W-P1; K-B1: the bids are made before the first trick)."""
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck."), field="card")
    if data.get("round") not in (None, "") and sheet.row(data["round"]).complete:
        raise RuleError(N_("Round %(round)s is scored: its cards can no longer be marked."),
                        field="card", round=sheet.row(data["round"]).number)
    row = current(sheet, data)
    if not row.dealt or row.play is None:
        raise RuleError(N_("The cards of this round are not dealt yet."), field="card")
    if not row.bids_in:
        raise RuleError(N_("Cards are played once every bid is in."), field="card")
    return row


def deal_shape(sheet: Any, row: Any, data: Mapping[str, Any]) -> list:
    """The hands of a Scribe's deal, as sent, once the round may be dealt: not dealt yet,
    no bid made (W-R4, K-B1: the cards come before the bids), one list of the round's
    number of cards per seat. Each game then reads the cards from its own deck."""
    if row.dealt:
        raise RuleError(N_("The cards of round %(round)s are already dealt."), field="deal", round=row.number)
    if any(b is not None for b in row.bids):
        raise RuleError(N_("The cards are dealt before the bids."), field="deal")
    n, raw = sheet.setup.n, data.get("hands")
    if (not isinstance(raw, (list, tuple)) or len(raw) != n
            or any(not isinstance(h, (list, tuple)) or len(h) != row.cards for h in raw)):
        raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                        field="deal", cards=row.cards, players=n)
    return list(raw)
