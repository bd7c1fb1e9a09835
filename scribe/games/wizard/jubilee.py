"""The Jubilee cards at play on the virtual deck (W-J3, W-J4): what a card tap means while
play waits for the Juggler's passes or the Cloud's change, a Cloud or a Juggler played as
the suit its player names, when a card may no longer be taken back, and who reads a card
passed face down. Wizard's setup hands these to the family's deck and sealing
(``bidding/deck.py``: ``verify_played``, ``verify_card_back``; ``bidding/reveal.py``:
``sealed_played``) as its hooks (``bidding.definition.PlayHooks``). Pure."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...rules import cards
from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ..bidding.actions import _changed_bid
from ..bidding.reveal import hands_shown
from ..bidding.sheet import RoundRow, Sheet

#: W-J3 on the virtual deck: what the winner of the Cloud's trick taps on their own phone.
CLOUD_TAPS = {"+1": 1, "-1": -1}


def played(sheet: Sheet, row: RoundRow, player: int, raw: str) -> dict[str, Any]:
    """``verify_played`` with Jubilee cards: the Cloud and the Juggler played as the suit
    their player names (``CLR``, W-J3, W-J4); after the Juggler's trick a tap passes the
    card to the left instead (W-J4); after the Cloud's trick play waits for its change."""
    play = row.play
    assert play is not None
    names = sheet.setup.players
    if play.waiting == "cloud" and raw.strip() in CLOUD_TAPS:  # W-J3: the winner's own choice, on their phone
        if player != play.cloud_winner:
            raise RuleError(N_("%(name)s did not win the Cloud's trick: %(winner)s did."), field="card",
                            name=names[player], winner=names[play.cloud_winner])  # type: ignore[index]
        change = CLOUD_TAPS[raw.strip()]
        _changed_bid(sheet, row, player, change, field="card")
        return {"round": row.number, "player": player, "change": change, "cloud": True}
    try:
        card = cards.jubilee.canonical(raw)
    except RuleError:
        raise RuleError(N_("Write a card as W, J, or a suit initial and a rank, like R7."), field="card") from None
    hand = row.remaining(player) or ()
    if play.waiting == "pass":  # W-J4: every seat passes one card to the left
        if player not in play.to_pass:
            raise RuleError(N_("%(name)s has passed a card already: the others pass theirs."), field="card",
                            name=names[player])
        if card not in row.passable(player):  # not one just passed to this seat: all pass at once
            raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
        return {"round": row.number, "player": player, "card": card, "pass": True}
    if play.waiting == "cloud":  # W-J3: the bid changes before the next card
        raise RuleError(N_("%(name)s won the Cloud's trick: %(name)s changes their bid by +1 or -1 first."),
                        field="card", name=names[play.cloud_winner])  # type: ignore[index]
    if player != play.turn:
        raise RuleError(N_("It is %(next)s's turn to play, not %(name)s's."), field="card",
                        next=names[play.turn], name=names[player])
    kind = cards.jubilee.kind(card)
    held = card[:2] if kind in cards.jubilee.NAMED_VALUE else card
    if kind in cards.jubilee.NAMED_VALUE and len(card) != 3:
        raise RuleError(N_("Name the suit the Cloud or the Juggler takes."), field="card")
    if held not in hand:
        raise RuleError(N_("That card is not in your hand, or it was already marked played."), field="card")
    legal, why = sheet.setup.legal(play, hand)  # the Jubilee cards' (W-J intro)
    if held not in legal:
        raise RuleError(why or N_("That card may not be played now."), field="card")
    return {"round": row.number, "player": player, "card": card}


def card_back(row: RoundRow) -> None:
    """A card of a finished trick is no longer taken back once that trick's Juggler had
    cards passed or its Cloud changed a bid (W-J3, W-J4: the trick's effect is under way)."""
    play = row.play
    if play is None or play.trick or play.last is None:
        return
    kinds = {cards.jubilee.kind(c) for _p, c in play.last.plays}
    if ("juggler" in kinds and any(c is not None for c in row.passed)) or ("cloud" in kinds and row.cloud):
        raise RuleError(N_("Too late: the cards were passed or the bid changed after this trick."), field="card")


def sealed_pass(sheet: Sheet, entry: Entry, viewer: int | None, withdrawn: bool = False) -> Entry:
    """A pass (W-J4) as ``viewer`` may read it: its card (else None, as the history shows a
    sealed card) for the passer and the receiver only, until the round is scored; nobody's
    once ``withdrawn`` (undone before then)."""
    number, player = entry.data.get("round"), entry.data.get("player")
    if withdrawn:
        return replace(entry, data={**entry.data, "card": None})
    if isinstance(number, int) and 1 <= number <= len(sheet.rows) and hands_shown(sheet, number):
        return entry
    if viewer is not None and isinstance(player, int) and viewer in (player, (player + 1) % sheet.setup.n):
        return entry
    return replace(entry, data={**entry.data, "card": None})  # None: the history's sealed card
