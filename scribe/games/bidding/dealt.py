"""The round whose cards the virtual deck is playing, as every game of the family checks
it before a card is played or taken back: the same refusals, with the same words, in
Wizard and Skull King. Pure: no Flask, no SQL."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ...rules.errors import N_, RuleError
from ...rules.log import REDO, UNDO, Entry, resolve

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
    check_dealable(sheet, row)
    n, raw = sheet.setup.n, data.get("hands")
    if (not isinstance(raw, (list, tuple)) or len(raw) != n
            or any(not isinstance(h, (list, tuple)) or len(h) != row.cards for h in raw)):
        raise RuleError(N_("A deal gives %(cards)s cards to each of the %(players)s players."),
                        field="deal", cards=row.cards, players=n)
    return list(raw)


def check_dealable(sheet: Any, row: Any) -> None:
    """The round's cards may be dealt now: a virtual deck, not dealt yet, no bid made."""
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    if row.dealt:
        raise RuleError(N_("The cards of round %(round)s are already dealt."), field="deal", round=row.number)
    if any(b is not None for b in row.bids):
        raise RuleError(N_("The cards are dealt before the bids."), field="deal")


def verify_shuffle(sheet: Any, data: Mapping[str, Any], current: Callable[[Any, Mapping[str, Any]], Row]
                   ) -> dict[str, Any]:
    """Scribe shuffles the cards again before the round's deal: the next deal is a new one,
    not the deal taken back (``taken_back``). The whole table sees it in the history, so
    nobody deals again and again until they like their hand unseen (W-R1, K-R1)."""
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    row = current(sheet, data)
    check_dealable(sheet, row)
    return {"round": row.number}  # type: ignore[attr-defined]


def taken_back(log: Sequence[Entry], number: int) -> Entry | None:
    """The deal of round ``number`` taken back (undone) that a deal now gives again, or
    None: when the round was never dealt, or Scribe shuffled again since (an entry in
    effect). A deal undone and dealt again deals the same cards: undoing is no way to a
    new hand.

    >>> deal = Entry(1, "deal", {"round": 1, "hands": [["W"], ["J"]]})
    >>> taken_back([deal, Entry(2, UNDO)], 1).seq, taken_back([deal], 1), taken_back([deal, Entry(2, UNDO)], 2)
    (1, None, None)
    >>> taken_back([deal, Entry(2, UNDO), Entry(3, "shuffle", {"round": 1})], 1) is None
    True
    >>> taken_back([deal, Entry(2, UNDO), Entry(3, "shuffle", {"round": 1}), Entry(4, UNDO)], 1).seq
    1
    """
    active = {e.seq for e in resolve(log).active}
    for e in reversed(log):
        if e.kind in (UNDO, REDO) or e.data.get("round") != number:
            continue
        if e.kind == "shuffle" and e.seq in active:
            return None
        if e.kind == "deal":
            return None if e.seq in active else e
    return None
