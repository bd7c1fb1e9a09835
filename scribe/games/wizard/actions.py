"""Verified actions of the score pad: bids (W-B1..W-B6), tricks (W-S2), trump (W-R3,
W-R4) and corrections; each returns the normalised entry data to record.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...rules.errors import N_, RuleError
from .setup import SUITS, TRUMP_CARDS, _whole
from .sheet import RoundRow, Sheet, _forbidden, forbidden_by_change_message, forbidden_message
from .inputs import _count, _current_round, _player
from .reveal import last_seat_waits, revealed


def verify_bid(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A bid of the next bidder in clockwise order (W-B1), within 0..r (W-B1),
    not the bid the rule set forbids (W-B3..W-B6), and only once the trump suit is
    known: a turned-up Wizard is named by the dealer first (W-R3, seeds 000, 001, 004).

    Hidden and secret bids (W-B7) come in any order, except that the last seat bids
    after everyone else when a restriction may bind it, so it is checked on entry.
    """
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = _current_round(sheet, data)
    if row.bids_in:
        raise RuleError(N_("All bids are in: enter the tricks."), field="bid")
    if sheet.setup.rules.virtual_deck and not row.dealt:
        raise RuleError(N_("Deal the cards first: tap Deal."), field="bid")
    if row.trump is not None and row.trump.pending:  # W-R3: the suit is named before the bids
        raise RuleError(
            N_("A Wizard was turned up: %(name)s, the dealer, names the trump suit before anyone bids."),
            field="bid",
            name=sheet.setup.players[row.dealer],
        )
    expected = row.next_bidder
    player = _player(sheet, expected if data.get("player") is None else data["player"])
    name = sheet.setup.players[player]
    if row.bids[player] is not None:
        raise RuleError(N_("%(name)s has already bid."), field="bid", name=name)
    if sheet.setup.rules.reveal == "open" and player != expected:
        raise RuleError(
            N_("It is %(next)s's turn to bid, not %(name)s's."),
            field="bid",
            next=sheet.setup.players[expected],  # type: ignore[index]
            name=name,
        )
    if player == row.order[-1] and last_seat_waits(sheet, row):
        raise RuleError(
            N_("%(name)s bids last, once everyone else has bid: the rule set may forbid one bid."),
            field="bid",
            name=name,
        )
    bid = _count(data.get("bid"), row.cards, "bid", "bid")
    forbidden = _forbidden(sheet, row, row.bids)
    if forbidden is not None and forbidden.value == bid:
        raise forbidden_message(sheet.setup, forbidden)
    return {"round": row.number, "player": player, "bid": bid}


def complete_tricks(cards: int, tricks: Sequence[Any]) -> list[int | None]:
    """Fill the one missing count from the total, every trick being won (W-S2).

    >>> complete_tricks(5, [2, None, 1])
    [2, 2, 1]
    """
    values: list[int | None] = [None if t in (None, "") else t for t in tricks]
    missing = [i for i, t in enumerate(values) if t is None]
    known = [t for t in values if t is not None]
    if len(missing) == 1 and all(isinstance(t, int) and not isinstance(t, bool) for t in known):
        rest = cards - sum(known)  # type: ignore[arg-type]
        if 0 <= rest <= cards:
            values[missing[0]] = rest
    return values


def _verify_trick_counts(sheet: Sheet, row: RoundRow, raw: Any) -> list[int]:
    if not isinstance(raw, (list, tuple)) or len(raw) != sheet.setup.n:
        raise RuleError(N_("Give the tricks of every player."), field="tricks")
    raw = [None if v in (None, "") else _whole(v, f"tricks.{p}") for p, v in enumerate(raw)]
    values = complete_tricks(row.cards, raw)  # form strings are filled in too
    counts: list[int] = []
    for p, v in enumerate(values):
        if v is None:
            raise RuleError(
                N_("How many tricks did %(name)s take?"),
                field=f"tricks.{p}",
                name=sheet.setup.players[p],
            )
        counts.append(_count(v, row.cards, f"tricks.{p}", "tricks"))
    if sum(counts) != row.cards:
        raise RuleError(
            N_(
                "The tricks add up to %(total)s, but %(cards)s were played: every trick "
                "is won by exactly one player."
            ),
            field="tricks",
            total=sum(counts),
            cards=row.cards,
        )
    return counts


def verify_tricks(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Tricks per player once all bids are in; they sum to the cards (W-S2). With the
    virtual deck, only once its last trick is taken (scoring the round shows every hand,
    W-R4, and a reveal is for good): then no tricks given means the tricks as played;
    other counts are a correction, recorded with the played ones beside them."""
    row = _current_round(sheet, data)
    if not row.bids_in:
        raise RuleError(N_("Take every bid before the tricks."), field="tricks")
    if row.trump is not None and row.trump.pending:
        raise RuleError(
            N_("A Wizard was turned: the dealer must name the trump suit first."),
            field="trump",
        )
    play = row.play
    if play is not None and not play.finished:  # W-R4: typed tricks would reveal every hand before its play
        raise RuleError(N_("The cards are being played: the tricks fill in when the last one is taken."),
                        field="tricks")
    raw = data.get("tricks")
    if play is not None and play.finished and raw is None:  # one tap: the tricks as played
        raw = list(play.won)
    counts = _verify_trick_counts(sheet, row, raw)
    if play is not None and play.finished and counts != list(play.won):  # a correction, on record
        return {"round": row.number, "tricks": counts, "played": list(play.won)}
    return {"round": row.number, "tricks": counts}


def verify_trump(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The card turned up for trump (W-R3); none in the last round (W-R4) or Unicolore."""
    row = _current_round(sheet, data)
    if not row.has_trump:
        raise RuleError(
            N_("There is no trump this round: no card is left to turn up."), field="trump"
        )
    card = data.get("card")
    naming = card == "wizard" and row.trump is not None and row.trump.pending
    if sheet.setup.rules.virtual_deck and not naming:  # the deal turned the card (W-R3)
        if not row.dealt:
            raise RuleError(N_("Deal the cards first: the deal turns the trump card."), field="trump")
        raise RuleError(
            N_("The deal turned the trump card: the dealer names a suit only when a Wizard is turned."),
            field="trump",
        )
    if row.bids_in and not naming:  # a pending Wizard may still get its suit (W-R3)
        raise RuleError(N_("Record the trump before the bids are complete."), field="trump")
    if card not in TRUMP_CARDS:
        raise RuleError(N_("Choose the card that was turned up."), field="trump")
    suit = data.get("suit") or None
    if card in SUITS:
        suit = card
    elif card == "jester":
        suit = None
    elif (suit is not None and suit not in SUITS) or (naming and suit is None):
        raise RuleError(N_("Choose one of the four suits."), field="suit")
    return {"round": row.number, "card": card, "suit": suit}


def verify_correction(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Replace a round's bids (and tricks once played); later totals follow.

    The round's restriction is checked again against the leader before it, except for
    a bid left as recorded that an earlier correction made illegal: that one is
    flagged on the sheet (``Sheet.broken_bid``), never a reason to refuse (W-B4, W-B5).
    A correction may itself make a later round's bid illegal: accepted, and flagged.
    """
    row = sheet.row(data.get("round"))
    if not row.bids_in:
        raise RuleError(
            N_("Round %(round)s has no complete bids to correct yet."),
            field="round",
            round=row.number,
        )
    if not revealed(sheet, row):  # W-B7 secret: the form would show the sealed bids
        raise RuleError(
            N_("The bids of round %(round)s stay sealed until its tricks are in: use Undo to take one back."),
            field="round",
            round=row.number,
        )
    raw_bids = data.get("bids")
    if not isinstance(raw_bids, (list, tuple)) or len(raw_bids) != sheet.setup.n:
        raise RuleError(N_("Give the bid of every player."), field="bids")
    bids = [_count(b, row.cards, f"bids.{p}", "bid") for p, b in enumerate(raw_bids)]
    forbidden = _forbidden(sheet, row, bids)
    if forbidden is not None and bids[forbidden.player] == forbidden.value:
        # A bid the recorded round already broke (an earlier round's correction moved
        # the lead, W-B4/W-B5) stays flagged, not refused: the cards were played on it,
        # and fixing this round's tricks must not hang on a bid nobody touched.
        untouched = row.bids[forbidden.player] == forbidden.value
        if not (untouched and sheet.broken_bid(row) is not None):
            # name the bid that was changed: the last bidder's own, or another's that made
            # the last bidder's recorded one the forbidden bid
            changed = [p for p in row.order[:-1] if bids[p] != row.bids[p]]
            if untouched and changed:
                raise forbidden_by_change_message(sheet.setup, forbidden, changed[-1], bids[changed[-1]])
            err = forbidden_message(sheet.setup, forbidden)
            err.field = f"bids.{forbidden.player}"
            raise err
    tricks = None
    if row.complete:
        tricks = _verify_trick_counts(sheet, row, data.get("tricks"))
    elif data.get("tricks") is not None:
        raise RuleError(N_("Round %(round)s has no tricks yet."), field="tricks", round=row.number)
    if bids == list(row.bids) and (tricks is None or tricks == list(row.tricks or ())):
        raise RuleError(N_("Nothing was changed."), field="round")
    return {"round": row.number, "bids": bids, "tricks": tricks}
