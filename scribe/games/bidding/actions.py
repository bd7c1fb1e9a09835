"""Verified actions of the family's score pad: bids (W-B1..W-B6, R-B1, R-B2), tricks (W-S2,
R-S1), trump (W-R3, W-R4, R-T1) and corrections; each returns the normalised entry data to
record. The Jubilee cards' (W-J2, W-J3) stay here while they are Wizard's only, guarded by
``setup.rules.has``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.cards.jubilee import JUBILEE_CARDS
from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import whole as _whole
from ...rules.log import CHANGE
from .inputs import _count, _current_round, _player
from .reveal import last_seat_waits, revealed
from .sheet import RoundRow, Sheet, _forbidden, forbidden_by_change_message, forbidden_message


def verify_bid(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A bid of the next bidder in clockwise order (W-B1), within 0..r (W-B1),
    not the bid the rule set forbids (W-B3..W-B6), and only once the trump suit is
    known: a turned-up Wizard is named by the dealer first (W-R3, seeds 000, 001, 004).

    Hidden and secret bids (W-B7) come in any order, except that the last seat bids
    after everyone else when a restriction may bind it, so it is checked on entry. A
    seat that has bid may change its sealed bid (``rebid``) until the last bid is in.
    """
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = _current_round(sheet, data)
    if row.bids_in and data.get(CHANGE):  # a stale page: the last bid is in, the bids are the table's
        raise RuleError(N_("Every bid is in: yours can no longer change."), field="bid")
    if row.bids_in:
        raise RuleError(N_("All bids are in: enter the tricks."), field="bid")
    if sheet.setup.rules.virtual_deck and not row.dealt:
        raise RuleError(N_("Deal the cards first: tap Deal."), field="bid")
    if row.trump is not None and row.trump.pending:  # W-R3: the suit is named before the bids
        if row.trump.card != "wizard":  # a Jubilee card: the dealer or the Werewolf's holder (W-J5)
            raise RuleError(N_("The trump suit is not named yet: %(name)s names it before anyone bids."),
                            field="bid", name=sheet.setup.players[row.trump.picker(row.dealer)])
        raise RuleError(
            N_("A Wizard was turned up: %(name)s, the dealer, names the trump suit before anyone bids."),
            field="bid",
            name=sheet.setup.players[row.dealer],
        )
    whose = getattr(sheet.setup, "WHOSE_BID", None)  # a game where every seat bids for itself (K-B1)
    if whose is not None and data.get("player") in (None, ""):
        raise RuleError(whose, field="player")
    expected = None if whose is not None else row.next_bidder
    player = _player(sheet, expected if data.get("player") is None else data["player"])
    name = sheet.setup.players[player]
    rebid = row.bids[player] is not None
    if rebid and not (data.get(CHANGE) and sheet.setup.rules.reveal != "open"):
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
    bid = _count(data.get("bid"), row.cards, "bid", "bid", sheet.setup)
    forbidden = sheet.forbidden()  # the current bidder's, from the whole sheet (none in K-B1)
    if forbidden is not None and forbidden.value == bid and forbidden.player == player:
        raise forbidden_message(sheet.setup, forbidden)
    if rebid:  # W-B7: changed before the last bid is in, in the first one's place (rules/log.py)
        return {"round": row.number, "player": player, "bid": bid, CHANGE: True}
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


def verify_trick_counts(sheet: Sheet, row: Any, raw: Any, destroyed: int = 0, fill: bool = True,
                        adds_up: Any = None) -> list[int]:
    """The family's one tricks entry: a count per seat, 0 to the tricks someone won (the
    cards dealt less those nobody won: the Bomb's, W-J2; the Kraken's and the White
    Whale's, K-T1), the one left blank filled in from that total when ``fill``; then
    ``adds_up(sheet, row, counts, destroyed)`` checks their sum in the game's words (the
    family's: they make the tricks won, W-S2, R-S1)."""
    if not isinstance(raw, (list, tuple)) or len(raw) != sheet.setup.n:
        raise RuleError(N_("Give the tricks of every player."), field="tricks")
    raw = [None if v in (None, "") else _whole(v, f"tricks.{p}") for p, v in enumerate(raw)]
    won = row.cards - destroyed
    values = complete_tricks(won, raw) if fill else raw  # form strings are filled in too
    counts: list[int] = []
    for p, v in enumerate(values):
        if v is None:
            raise RuleError(
                N_("How many tricks did %(name)s take?"),
                field=f"tricks.{p}",
                name=sheet.setup.players[p],
            )
        counts.append(_count(v, won, f"tricks.{p}", "tricks"))
    (adds_up or _adds_up)(sheet, row, counts, destroyed)
    return counts


def _adds_up(sheet: Sheet, row: Any, counts: Sequence[int], destroyed: int) -> None:
    """Every trick is won by one player, but the Bomb's (W-S2, W-J2)."""
    won = row.cards - destroyed
    if destroyed and sum(counts) != won:
        raise RuleError(
            N_("The tricks add up to %(total)s, but %(won)s were won: %(cards)s cards each were played and "
               "nobody won the Bomb's trick."),
            field="tricks", total=sum(counts), won=won, cards=row.cards)
    if not destroyed and sum(counts) != row.cards:
        raise RuleError(
            N_(
                "The tricks add up to %(total)s, but %(cards)s were played: every trick "
                "is won by exactly one player."
            ),
            field="tricks",
            total=sum(counts),
            cards=row.cards,
        )


_verify_trick_counts = verify_trick_counts  # its name before Skull King's joined it (wizard.actions)


def tricks_due(sheet: Sheet, data: Mapping[str, Any]) -> Any:
    """The round whose tricks may be entered now, or a refusal: every bid in, the trump
    suit named (W-R3), and with the virtual deck its last trick taken (scoring the round
    shows every hand, W-R4, K-B1, and a reveal is for good)."""
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
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
    return row


def verify_tricks(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Tricks per player once all bids are in; they sum to the cards (W-S2). With the
    virtual deck, only once its last trick is taken (scoring the round shows every hand,
    W-R4, and a reveal is for good): then no tricks given means the tricks as played;
    other counts are a correction, recorded with the played ones beside them."""
    row = tricks_due(sheet, data)
    play = row.play
    raw = data.get("tricks")
    if play is not None and play.finished and raw is None:  # one tap: the tricks as played
        raw = list(play.won)
    if play is not None:  # W-J2, W-J3 as played: the Bomb's trick and the Cloud's change are known
        if play.waiting == "cloud":
            raise _cloud_first(sheet, play.cloud_winner)  # type: ignore[arg-type]
        destroyed, jubilee = play.destroyed, {}
        counts = _verify_trick_counts(sheet, row, raw, destroyed)
    else:
        destroyed = _destroyed(sheet, data.get("destroyed"))
        counts = _verify_trick_counts(sheet, row, raw, destroyed)
        jubilee = _cloud_data(sheet, row, data.get("cloud"), counts)
    extra = {**({"destroyed": destroyed} if destroyed else {}), **jubilee}
    if play is not None and play.finished and counts != list(play.won):  # a correction, on record
        return {"round": row.number, "tricks": counts, "played": list(play.won), **extra}
    return {"round": row.number, "tricks": counts, **extra}


#: W-J6: a Jubilee card named on the sheet that the rule set does not hold; one message
#: per card so that each translates whole.
NOT_IN_PLAY = {
    "dragon": N_("The Dragon is not among this game's Jubilee cards."),
    "fairy": N_("The Fairy is not among this game's Jubilee cards."),
    "bomb": N_("The Bomb is not among this game's Jubilee cards."),
    "cloud": N_("The Cloud is not among this game's Jubilee cards."),
    "juggler": N_("The Juggler is not among this game's Jubilee cards."),
    "werewolf": N_("The Werewolf is not among this game's Jubilee cards."),
}


def _destroyed(sheet: Sheet, raw: Any) -> int:
    """The Bomb's trick, ticked on the score sheet: 1 if nobody won a trick (W-J2)."""
    if raw in (None, "", 0, False, "0", "off"):
        return 0
    if raw not in (1, True, "1", "on", "true"):
        raise RuleError(N_("Tick the Bomb's trick, or leave it unticked."), field="destroyed")
    if not sheet.setup.rules.has("bomb"):
        raise RuleError(NOT_IN_PLAY["bomb"], field="destroyed")
    return 1


def _change(raw: Any) -> int:
    if raw in (1, -1) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip() in ("1", "+1", "-1", "−1"):
        return -1 if raw.strip() in ("-1", "−1") else 1
    raise RuleError(N_("The Cloud changes a bid by +1 or -1."), field="cloud.change")


def _cloud_first(sheet: Sheet, winner: int) -> RuleError:
    return RuleError(N_("%(name)s won the Cloud's trick: %(name)s changes their bid by +1 or -1 first."),
                     field="cloud", name=sheet.setup.players[winner])


def _changed_bid(sheet: Sheet, row: RoundRow, player: int, change: int, bids: Sequence[Any] | None = None,
                 field: str = "cloud.change") -> None:
    """W-J3: a changed bid stays a bid of the round, 0 to the cards dealt (never below 0)."""
    bid = (bids if bids is not None else row.bids)[player]
    name = sheet.setup.players[player]
    if isinstance(bid, int) and not 0 <= bid + change <= row.cards:
        template = (N_("%(name)s bid 0: the Cloud's change can only be +1.") if change < 0 else
                    N_("%(name)s bid %(bid)s, every trick: the Cloud's change can only be -1."))
        raise RuleError(template, field=field, name=name, bid=bid)


def _cloud_data(sheet: Sheet, row: RoundRow, raw: Any, counts: Sequence[int],
                bids: Sequence[Any] | None = None) -> dict[str, Any]:
    """The Cloud's change entered with the tricks on the score sheet (W-J3): the player
    who won its trick (so took at least one) and +1 or -1; none if not given."""
    if isinstance(raw, dict) and raw.get("player") in (None, "") and raw.get("change") in (None, ""):
        raw = None
    if raw is None:
        return {}
    if not sheet.setup.rules.has("cloud"):
        raise RuleError(NOT_IN_PLAY["cloud"], field="cloud.player")
    if not isinstance(raw, dict):
        raise RuleError(N_("Say who won the Cloud's trick and how their bid changed."), field="cloud.player")
    if raw.get("player") in (None, ""):
        raise RuleError(N_("Who won the Cloud's trick?"), field="cloud.player")
    player = _player(sheet, raw.get("player"), "cloud.player")
    change = _change(raw.get("change"))
    if counts[player] == 0:
        raise RuleError(N_("%(name)s took no trick, so did not win the Cloud's trick."), field="cloud.player",
                        name=sheet.setup.players[player])
    _changed_bid(sheet, row, player, change, bids)
    return {"cloud": {"player": player, "change": change}}


def verify_cloud(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Virtual deck: the winner of the Cloud's trick changes their bid by +1 or -1 before
    the next card is played (W-J3); only that player, once, never below 0."""
    if not sheet.setup.rules.has("cloud"):
        raise RuleError(NOT_IN_PLAY["cloud"], field="cloud")
    row = _current_round(sheet, data)
    play = row.play
    if play is None:
        raise RuleError(N_("Without the virtual deck the Cloud's change is entered with the tricks."), field="cloud")
    if play.cloud_winner is None:
        raise RuleError(N_("Nobody has won the Cloud's trick yet."), field="cloud")
    if row.cloud is not None:
        raise RuleError(N_("The Cloud's change is already made this round."), field="cloud")
    player = _player(sheet, data.get("player"), "cloud")
    if player != play.cloud_winner:
        raise RuleError(N_("%(name)s did not win the Cloud's trick: %(winner)s did."), field="cloud",
                        name=sheet.setup.players[player], winner=sheet.setup.players[play.cloud_winner])
    change = _change(data.get("change"))
    _changed_bid(sheet, row, player, change)
    return {"round": row.number, "player": player, "change": change}


def verify_trump(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The card turned up for trump (W-R3); none in the last round (W-R4) or Unicolore."""
    row = _current_round(sheet, data)
    if not row.has_trump:
        raise RuleError(
            N_("There is no trump this round: no card is left to turn up."), field="trump"
        )
    card = data.get("card")
    setup = sheet.setup
    naming = row.trump is not None and row.trump.pending and card == row.trump.card
    if card in JUBILEE_CARDS and not sheet.setup.rules.has(card):  # W-J6
        raise RuleError(NOT_IN_PLAY[card], field="trump")
    if sheet.setup.rules.virtual_deck and not naming:  # the deal turned the card (W-R3)
        if not row.dealt:
            raise RuleError(N_("Deal the cards first: the deal turns the trump card."), field="trump")
        raise RuleError(
            N_("The deal turned the trump card: the dealer names a suit only when a Wizard is turned."),
            field="trump",
        )
    if row.bids_in and not naming:  # a pending Wizard may still get its suit (W-R3)
        raise RuleError(N_("Record the trump before the bids are complete."), field="trump")
    if card not in setup.TRUMP_CARDS and card not in JUBILEE_CARDS:
        raise RuleError(N_("Choose the card that was turned up."), field="trump")
    suit = data.get("suit") or None
    if card in setup.SUITS:
        suit = card
    elif card in setup.NO_TRUMP_CARDS:
        suit = None
    elif card == "werewolf":  # W-J5: its holder names a suit or no trump, at once
        if suit not in setup.SUITS and suit != "none":
            raise RuleError(N_("The Werewolf's holder names a suit, or no trump: choose one."), field="suit")
        suit = None if suit == "none" else suit
    elif (suit is not None and suit not in setup.SUITS) or (naming and suit is None):
        raise RuleError(N_("Choose one of the four suits."), field="suit")
    return {"round": row.number, "card": card, "suit": suit}


def corrected_bids(sheet: Sheet, data: Mapping[str, Any], keep: bool = False) -> tuple[Any, list[int]]:
    """The round a correction names and its new bids, for every game of the family: a
    round whose bids are all in and seen by the table (W-B7 secret: the form would show
    the sealed bids), every bid given, 0 to the cards dealt (in the game's words); with
    ``keep``, no bids given are the bids as recorded (K-B1: a result corrected alone)."""
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = sheet.row(data.get("round"))
    if not row.bids_in:
        raise RuleError(
            N_("Round %(round)s has no complete bids to correct yet."),
            field="round",
            round=row.number,
        )
    if not revealed(sheet, row):
        raise RuleError(
            N_("The bids of round %(round)s stay sealed until its tricks are in: use Undo to take one back."),
            field="round",
            round=row.number,
        )
    raw_bids = data.get("bids")
    if raw_bids is None and keep:
        return row, list(row.bids)
    if not isinstance(raw_bids, (list, tuple)) or len(raw_bids) != sheet.setup.n:
        raise RuleError(N_("Give the bid of every player."), field="bids")
    return row, [_count(b, row.cards, f"bids.{p}", "bid", sheet.setup) for p, b in enumerate(raw_bids)]


def verify_correction(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Replace a round's bids (and tricks once played); later totals follow.

    The round's restriction is checked again against the leader before it, except for
    a bid left as recorded that an earlier correction made illegal: that one is
    flagged on the sheet (``Sheet.broken_bid``), never a reason to refuse (W-B4, W-B5).
    A correction may itself make a later round's bid illegal: accepted, and flagged.
    """
    row, bids = corrected_bids(sheet, data)
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
    tricks, extra = None, {}
    if row.complete:
        # W-J2, W-J3: the Bomb's trick and the Cloud's change stay as recorded unless given
        destroyed = _destroyed(sheet, data["destroyed"]) if "destroyed" in data else row.destroyed
        tricks = _verify_trick_counts(sheet, row, data.get("tricks"), destroyed)
        cloud = data["cloud"] if "cloud" in data else (
            None if row.cloud is None else {"player": row.cloud[0], "change": row.cloud[1]})
        extra = _cloud_data(sheet, row, cloud, tricks, bids)
        if destroyed:
            extra["destroyed"] = destroyed
        elif sheet.setup.rules.jubilee:
            extra["destroyed"] = 0
        if sheet.setup.rules.has("cloud") and not extra.get("cloud"):
            extra["cloud"] = None
    elif data.get("tricks") is not None:
        raise RuleError(N_("Round %(round)s has no tricks yet."), field="tricks", round=row.number)
    new_cloud = (extra["cloud"]["player"], extra["cloud"]["change"]) if extra.get("cloud") else None
    same_jubilee = extra.get("destroyed", row.destroyed) == row.destroyed and new_cloud == row.cloud
    if bids == list(row.bids) and (tricks is None or (tricks == list(row.tricks or ()) and same_jubilee)):
        raise Unchanged(N_("Nothing was changed."), field="round")
    return {"round": row.number, "bids": bids, "tricks": tricks, **extra}
