"""The virtual deck at the table: the deal recorded in the log, cards marked as played
(W-R1, W-R3, W-R4, W-U2). The cards come from the service's random source, never a client.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...rules import cards, trickplay
from ...rules.errors import N_, RuleError
from ...rules.log import Entry
from ..bidding import dealt
from ..bidding.dealt import deal_shape, playing_round
from .actions import _changed_bid
from .inputs import _current_round, _player
from .play import WIZARD_TRICKS, legal_jubilee, table_of
from .sheet import RoundRow, Sheet

CARD_NOTATION_MAX = 3  # "W", "J", "R13"

#: W-J3 on the virtual deck: what the winner of the Cloud's trick taps on their own phone.
CLOUD_TAPS = {"+1": 1, "-1": -1}


def _dealing_round(sheet: Sheet, data: Mapping[str, Any]) -> RoundRow:
    if not sheet.setup.rules.virtual_deck:
        raise RuleError(N_("This game has no virtual deck: the table deals real cards."), field="deal")
    return _current_round(sheet, data)


def draw_deal(sheet: Sheet, data: Mapping[str, Any], rng: Any) -> dict[str, Any]:
    """A deal of the round being played drawn from ``rng``, as data for ``verify_deal``
    (W-R1, W-R3, W-R4; Unicolore W-U1, W-U2). The caller brings the randomness: the
    OS's cryptographic source for a real game (``cards.make_rng()``), a seed in tests."""
    row = _dealing_round(sheet, data)
    n = sheet.setup.n
    if sheet.setup.rules.jubilee:  # W-J6: the 60 and the chosen Jubilee cards
        hands_text, turned_text = cards.jubilee.deal(n, row.cards, sheet.setup.rules.jubilee, rng)
        return {"round": row.number, "hands": hands_text, "turned": turned_text}
    if sheet.setup.rules.unicolore:
        hands, turned = cards.deal_unicolore(n, row.cards, rng), None
    else:
        dealt = cards.deal(n, row.cards, rng)
        hands, turned = dealt.hands, dealt.turned
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands],
            "turned": None if turned is None else str(turned)}


def verify_shuffle(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe shuffles again before the round's deal (W-R1): the next deal is a new one."""
    return dealt.verify_shuffle(sheet, data, _current_round)


def verify_deal(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Scribe's deal of the round being played, before any bid: the round's number of
    cards to each player from the 60 cards (Unicolore: each from their own 15), and the
    next card turned up unless none is left (W-R1, W-R3, W-R4, W-U1, W-U2)."""
    row = _dealing_round(sheet, data)
    raw = deal_shape(sheet, row, data)
    turned_raw = data.get("turned")
    if sheet.setup.rules.jubilee:
        return _verify_jubilee_deal(sheet, row, raw, turned_raw)
    hands = [cards.parse_cards(h) for h in raw]
    turned = None if turned_raw in (None, "") else cards.parse_card(turned_raw)
    if (turned is None) == row.has_trump:
        raise RuleError(N_("A card is turned up after the deal, unless none is left (last round, Unicolore)."),
                        field="deal")
    if sheet.setup.rules.unicolore:
        decks = [(h, cards.own_deck(suit)) for h, suit in zip(hands, cards.SUITS)]
    else:
        decks = [([c for h in hands for c in h] + ([turned] if turned else []), cards.FULL_DECK)]
    if any(Counter(used) - Counter(deck) for used, deck in decks):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
    return {"round": row.number, "hands": [[str(c) for c in h] for h in hands],
            "turned": None if turned is None else str(turned)}


def _verify_jubilee_deal(sheet: Sheet, row: RoundRow, raw: Sequence[Sequence[Any]], turned_raw: Any
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
    if Counter([c for h in hands for c in h] + [turned]) - Counter(cards.jubilee.deck(sheet.setup.rules.jubilee)):
        raise RuleError(N_("This deal holds cards the deck does not have."), field="deal")
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
    if len(raw.strip()) > CARD_NOTATION_MAX:  # never echo a long input back
        raise RuleError(N_("Write a card as W, J, or a suit initial and a rank, like R7."), field="card")
    rules = sheet.setup.rules
    if rules.jubilee:
        return _jubilee_played(sheet, row, player, raw)
    table = table_of(play.trump, rules.no_wizard_on_trump_lead, rules.unicolore)
    card = trickplay.verify_play(WIZARD_TRICKS, play, row.remaining(player) or (), player, raw, table, sheet.setup.players)
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
    legal, why = legal_jubilee(play, hand, sheet.setup.rules.no_wizard_on_trump_lead)
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
    card, _back = trickplay.verify_card_back(WIZARD_TRICKS, play, player, sheet.setup.players)
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
