"""The family's virtual deck at the table: the deal recorded in the log, cards marked as
played (W-R1, W-R3, W-R4, W-U2; R-M1, R-T1). The cards come from the service's random
source, never a client. The pack and how a trick is won are the setup's (``draw``,
``check_deal``, ``tricks``, ``trick_context``: ``bidding.definition``); Wizard's Jubilee
cards (W-J3, W-J4) stay here for now, guarded by ``setup.rules.jubilee``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules import cards, trickplay
from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from . import dealt
from .actions import _changed_bid
from .dealt import deal_shape, playing_round
from .inputs import _current_round, _player
from .sheet import RoundRow, Sheet

CARD_NOTATION_MAX = 3  # "W", "J", "R13"; "10H"

#: W-J3 on the virtual deck: what the winner of the Cloud's trick taps on their own phone.
CLOUD_TAPS = {"+1": 1, "-1": -1}


def _dealing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    return _current_round(sheet, data)


def draw_deal(sheet: Sheet, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """A deal of the round being played drawn from ``rng``, as data for ``verify_deal``
    (W-R1, W-R3, W-R4; Unicolore W-U1, W-U2; R-M1, R-T1): the setup's pack. The caller
    brings the randomness: the OS's cryptographic source for a real game
    (``cards.make_rng()``), a seed in tests."""
    row = _dealing_round(sheet, data)
    hands, turned = sheet.setup.draw(row, rng)
    return {"round": row.number, "hands": hands, "turned": turned}


def verify_shuffle(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe shuffles again before the round's deal (W-R1): the next deal is a new one."""
    return dealt.verify_shuffle(sheet, data, _current_round)


def verify_deal(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe's deal of the round being played, before any bid: the round's number of
    cards to each player from the setup's pack, and the next card turned up unless none is
    left (W-R1, W-R3, W-R4, W-U1, W-U2; R-T1)."""
    row = _dealing_round(sheet, data)
    hands, turned = sheet.setup.check_deal(row, deal_shape(sheet, row, data), data.get("turned"))
    return {"round": row.number, "hands": hands, "turned": turned}


def _playing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    """The round whose cards are being played: dealt, bid, trump known, not yet scored."""
    row = playing_round(sheet, data, _current_round)
    if row.trump is not None and row.trump.pending:
        raise RuleError(N_("A Wizard was turned: the dealer must name the trump suit first."), field="card")
    return row


def verify_played(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A card played to the trick: by the seat whose turn it is (W-P1: left of the dealer
    leads the first trick, each winner the next), one it holds, and a legal one (W-P2,
    W-P3, the W-P6 switch; Unicolore W-U3: any card)."""
    row = _playing_round(sheet, data)
    play = row.play
    assert play is not None
    if play.finished and play.waiting != "cloud":  # W-J3: the last trick's Cloud is changed on a phone
        raise RuleError(N_("Every card of this round is played: the Scribe confirms the tricks."), field="card")
    player = _player(sheet, data.get("player"))
    raw = data.get("card")
    if not isinstance(raw, str) or not raw.strip():
        raise RuleError(N_("Choose a card."), field="card")
    setup = sheet.setup
    if len(raw.strip()) > CARD_NOTATION_MAX:  # never echo a long input back
        raise RuleError(setup.CARD_HINT, field="card")
    if setup.rules.jubilee:
        return _jubilee_played(sheet, row, player, raw)
    card = trickplay.verify_play(setup.tricks, play, row.remaining(player) or (), player, raw,
                                 setup.trick_context(play.trump), setup.players)
    return {"round": row.number, "player": player, "card": card}


def _jubilee_played(sheet: Sheet, row: RoundRow, player: int, raw: str) -> dict[str, Any]:
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


def verify_card_back(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A player takes back the card they played last, until the next card is played and
    until the Scribe has recorded the round's tricks."""
    row = _playing_round(sheet, data)
    play = row.play
    assert play is not None
    player = _player(sheet, data.get("player"))
    last = play.last_play
    if last is None:
        raise RuleError(N_("No card has been played yet in this round."), field="card")
    if not play.trick and play.last is not None:
        kinds = {cards.jubilee.kind(c) for _p, c in play.last.plays}
        if ("juggler" in kinds and any(c is not None for c in row.passed)) or ("cloud" in kinds and row.cloud):
            # W-J3, W-J4: the trick's effect is under way
            raise RuleError(N_("Too late: the cards were passed or the bid changed after this trick."),
                            field="card")
    card, _back = trickplay.verify_card_back(sheet.setup.tricks, play, player, sheet.setup.players)
    return {"round": row.number, "player": player, "card": card}


def verify_take_back(sheet: Sheet, log: Sequence[Entry], target: Entry) -> None:
    """An undo of a deal is refused once a bid was made on those cards (even if undone since)."""
    if target.kind != "deal":
        return
    number = target.data.get("round")
    if any(e.kind == "bid" and e.seq > target.seq and e.data.get("round") == number for e in log):
        raise RuleError(
            N_("Bids were made on these cards: the deal stands. To fix an earlier round, tap its number on the sheet."),
            field="undo",
        )
