"""The family's virtual deck at the table: the deal recorded in the log, cards marked as
played (W-R1, W-R3, W-R4, W-U2; R-M1, R-T1). The cards come from the service's random
source, never a client. The pack and how a trick is won are the setup's (``draw``,
``check_deal``, ``tricks``, ``trick_context``: ``bidding.definition``), and so are a card
tap the game checks itself and a take-back it refuses (its hooks ``verify_played``,
``verify_card_back``: Wizard's Jubilee cards, W-J3, W-J4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules import trickplay
from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from . import dealt
from .dealt import deal_shape, playing_round
from .inputs import _current_round, _player
from .sheet import RoundRow, Sheet

CARD_NOTATION_MAX = 3  # "W", "J", "R13"; "10H"


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
    return _dealt(sheet.setup, row, *sheet.setup.draw(row, rng))


def _dealt(setup: Any, row: RoundRow, hands: list[list[str]], turned: str | None) -> dict[str, Any]:
    """A deal's data: the card turned up only in a game that may turn one (Skull King's
    black is always trump, K-R1: its deals never had one)."""
    return {"round": row.number, "hands": hands, **({"turned": turned} if setup.TRUMP_CARDS else {})}


def verify_shuffle(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe shuffles again before the round's deal (W-R1): the next deal is a new one."""
    return dealt.verify_shuffle(sheet, data, _current_round)


def verify_deal(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe's deal of the round being played, before any bid: the round's number of
    cards to each player from the setup's pack, and the next card turned up unless none is
    left (W-R1, W-R3, W-R4, W-U1, W-U2; R-T1)."""
    row = _dealing_round(sheet, data)
    return _dealt(sheet.setup, row, *sheet.setup.check_deal(row, deal_shape(sheet, row, data), data.get("turned")))


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
    # play that still waits after the last card takes a tap then (Wizard's Cloud, W-J3); a
    # game whose play never waits has no ``waiting``
    if play.finished and getattr(play, "waiting", None) is None:
        raise RuleError(N_("Every card of this round is played: the Scribe confirms the tricks."), field="card")
    player = _player(sheet, data.get("player"))
    raw = data.get("card")
    if not isinstance(raw, str) or not raw.strip():
        raise RuleError(N_("Choose a card."), field="card")
    setup = sheet.setup
    if len(raw.strip()) > CARD_NOTATION_MAX:  # never echo a long input back
        raise RuleError(setup.CARD_HINT, field="card")
    own = getattr(setup, "verify_played", None)  # a pack whose taps may mean more (Wizard's Jubilee cards)
    checked = None if own is None else own(sheet, row, player, raw)
    if checked is not None:
        return checked
    card = trickplay.verify_play(setup.tricks, play, row.remaining(player) or (), player, raw,
                                 setup.trick_context(getattr(play, "trump", None)), setup.players)
    return {"round": row.number, "player": player, "card": str(card)}  # its code (Skull King's tricks play Cards)


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
    own = getattr(sheet.setup, "verify_card_back", None)  # a game's own refusal (Wizard's Jubilee, W-J3, W-J4)
    if own is not None:
        own(row)
    card, _back = trickplay.verify_card_back(sheet.setup.tricks, play, player, sheet.setup.players)
    return {"round": row.number, "player": player, "card": str(card)}


def verify_take_back(sheet: Sheet, log: Sequence[Entry], target: Entry) -> None:
    """An undo of a deal is refused once a bid was made on those cards (even if undone since;
    Skull King's "Yo-ho-ho!" sets every bid at once)."""
    if target.kind != "deal":
        return
    number = target.data.get("round")
    if any(e.kind in ("bid", "bids") and e.seq > target.seq and e.data.get("round") == number for e in log):
        raise RuleError(
            N_("Bids were made on these cards: the deal stands. To fix an earlier round, tap its number on the sheet."),
            field="undo",
        )
