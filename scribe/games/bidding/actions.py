"""Verified actions of the family's score pad: bids (W-B1..W-B6, R-B1, R-B2, K-B1), the
round's result (tricks W-S2, R-S1, K-T1, with the tricks nobody won), trump (W-R3, W-R4,
R-T1) and corrections; each returns the normalised entry data to record. What a game adds
to a round's result (W-J3; K-S2..K-S4) comes through its setup's
``definition.ResultHooks``; a turned card of its own through ``TurnedHooks``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import whole as _whole
from ...rules.log import CHANGE
from .inputs import _count, _current_round, _player
from .reveal import last_seat_waits, revealed
from .sheet import Sheet, _forbidden, forbidden_by_change_message, forbidden_message


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
        if row.trump.card != "wizard":  # a card a game names another picker for (W-J5)
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


def verify_bids(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Every seat's bid at once, as the table shows them (K-B1's "Yo-ho-ho!"), when none is
    in yet."""
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = _current_round(sheet, data)
    if any(b is not None for b in row.bids):
        raise RuleError(N_("Some bids are already in: enter the others one by one."), field="bids")
    if sheet.setup.rules.virtual_deck and not row.dealt:  # the bids are made on the cards Scribe dealt
        raise RuleError(N_("Deal the cards first: tap Deal."), field="bids")
    raw = data.get("bids")
    if not isinstance(raw, (list, tuple)) or len(raw) != sheet.setup.n:
        raise RuleError(N_("Give the bid of every player."), field="bids")
    bids = [_count(b, row.cards, f"bids.{p}", "bid", sheet.setup) for p, b in enumerate(raw)]
    return {"round": row.number, "bids": bids}


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


#: The family's words for tricks that do not add up (a game's ``ADDS_UP_WORDS`` adds or
#: replaces: "destroyed" when some went unwon, "destroyable" when a card in play may
#: destroy one, "ghost" when a seat nobody scores takes the rest); each gets ``total``,
#: ``won`` (the cards less the tricks nobody won) and ``cards``.
ADDS_UP_WORDS = {
    "all": N_("The tricks add up to %(total)s, but %(cards)s were played: every trick is won by exactly one player."),
}
#: The family's words for tricks said to be won by nobody in a game without such a card:
#: a field it does not know (a game's ``DESTROYED_WORDS``: "none", and "most" for more
#: than its cards destroy, with ``most``).
DESTROYED_WORDS = {
    "none": N_("Unknown option %(option)s."),
}


def _destroyers(setup: Any) -> int:
    own = getattr(setup, "destroyers", None)
    return own() if own is not None else 0


def destroyed_tricks(sheet: Sheet, row: Any, raw: Any) -> int:
    """The tricks nobody won, as the score sheet says them: a count, or a ticked box for
    one (W-J2); at most what the cards in play destroy this round (K-T1), in the game's
    words."""
    if raw in (None, "", False, "off"):  # 0 too: unticked, or none said
        return 0
    value = 1 if raw in (True, "on", "true") else _whole(raw, "destroyed")
    words = {**DESTROYED_WORDS, **getattr(sheet.setup, "DESTROYED_WORDS", {})}
    most = _destroyers(sheet.setup)
    if value and not most:
        raise RuleError(words["none"], field="destroyed", option="destroyed")
    most = min(most, row.cards)
    if not 0 <= value <= most:
        raise RuleError(words.get("most", words["none"]), field="destroyed", most=most, option="destroyed")
    return value


def verify_trick_counts(sheet: Sheet, row: Any, raw: Any, destroyed: int = 0, fill: bool = True,
                        adds_up: Any = None) -> list[int]:
    """The family's one tricks entry: a count per seat, 0 to the tricks someone won (the
    cards dealt less those nobody won: W-J2, K-T1), the one left blank filled in from that total when ``fill``; then
    ``adds_up(sheet, row, counts, destroyed)`` checks their sum (the family's: they make
    the tricks won, W-S2, R-S1, K-T1, in the game's words)."""
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
    """Every trick is won by one player, but those nobody won (W-S2, W-J2, K-T1); where a
    seat nobody scores takes the rest (Skull King's ghost at two, K-R1), at most them."""
    setup = sheet.setup
    words = {**ADDS_UP_WORDS, **getattr(setup, "ADDS_UP_WORDS", {})}
    total, won = sum(counts), row.cards - destroyed
    if getattr(setup, "ghost", False):
        if total > won:
            raise RuleError(words["ghost"], field="tricks", total=total, won=won, cards=row.cards)
        return
    if total != won:
        key = ("destroyed" if destroyed and "destroyed" in words else
               "destroyable" if _destroyers(setup) and "destroyable" in words else "all")
        raise RuleError(words[key], field="tricks", total=total, won=won, cards=row.cards)


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


def _result(sheet: Sheet, row: Any, data: Mapping[str, Any], bids: Any, correcting: bool) -> dict[str, Any]:
    """A round's result checked whole: the tricks nobody won, each seat's tricks, and the
    game's own fields (``result_fields``: W-J3; K-S2..K-S4). A blank count is filled in
    only once the tricks nobody won are said where the game counts them
    (``DESTROYED_COUNTED``, K-T1: else the blank would take one; a box left unticked says
    none, W-J2), and never where a seat nobody scores takes the rest (its share is never
    known)."""
    setup = sheet.setup
    destroyed = destroyed_tricks(sheet, row, data.get("destroyed"))
    unsaid = getattr(setup, "DESTROYED_COUNTED", False) and _destroyers(setup) and data.get("destroyed") in (None, "")
    fill = not getattr(setup, "ghost", False) and not unsaid
    counts = verify_trick_counts(sheet, row, data.get("tricks"), destroyed, fill)
    result: dict[str, Any] = {"tricks": counts, **({"destroyed": destroyed} if destroyed else {})}
    own = getattr(setup, "result_fields", None)
    if own is not None:
        result.update(own(sheet, row, data, result, bids, correcting))
    return result


def verify_tricks(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The round's result once every bid is in; the tricks sum to the cards, less those
    nobody won (W-S2, R-S1, K-T1). With the virtual deck, only once its last trick is
    taken (scoring the round shows every hand, W-R4, and a reveal is for good): then no
    tricks given means the round as its cards gave it (the game's ``result_tally``), and
    the tricks nobody won are the cards'; other counts are a correction, recorded with
    the played ones beside them."""
    row = tricks_due(sheet, data)
    setup = sheet.setup
    play = row.play
    if play is not None:
        waits = getattr(setup, "waiting_refusal", None)  # a choice still due after the last trick (W-J3)
        if getattr(play, "waiting", None) is not None and waits is not None:
            raise waits(sheet, play)
        own = getattr(setup, "result_tally", None)
        as_played = own(play) if own is not None else {"tricks": list(play.won), "destroyed": play.destroyed}
        given = data.get("tricks") is not None
        data = {**data, "destroyed": as_played.get("destroyed", 0)} if given else {**data, **as_played}
    result = _result(sheet, row, data, None, False)
    if play is not None and play.finished and result["tricks"] != list(play.won):  # a correction, on record
        result["played"] = list(play.won)
    return {"round": row.number, **result}


def verify_trump(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The card turned up for trump (W-R3); none in the last round (W-R4) or Unicolore. A
    game's own cards that may be turned (``TurnedHooks``: W-J5, W-J6) are refused when not in play, and one named at once by its holder takes the suit
    (or none) with it."""
    row = _current_round(sheet, data)
    if not row.has_trump:
        raise RuleError(
            N_("There is no trump this round: no card is left to turn up."), field="trump"
        )
    card = data.get("card")
    setup = sheet.setup
    naming = row.trump is not None and row.trump.pending and card == row.trump.card
    own = getattr(setup, "verify_turned", None)
    if own is not None:
        own(card)  # a card of the game's own not in play (W-J6)
    if sheet.setup.rules.virtual_deck and not naming:  # the deal turned the card (W-R3)
        if not row.dealt:
            raise RuleError(N_("Deal the cards first: the deal turns the trump card."), field="trump")
        raise RuleError(
            N_("The deal turned the trump card: the dealer names a suit only when a Wizard is turned."),
            field="trump",
        )
    if row.bids_in and not naming:  # a pending Wizard may still get its suit (W-R3)
        raise RuleError(N_("Record the trump before the bids are complete."), field="trump")
    if card not in setup.TRUMP_CARDS and card not in getattr(setup, "OWN_TURNED", ()):
        raise RuleError(N_("Choose the card that was turned up."), field="trump")
    suit = data.get("suit") or None
    if card in setup.SUITS:
        suit = card
    elif card in setup.NO_TRUMP_CARDS:
        suit = None
    elif card in getattr(setup, "NAMED_AT_ONCE", ()):  # its holder names a suit or no trump, at once (W-J5)
        if suit not in setup.SUITS and suit != "none":
            raise RuleError(setup.NAME_AT_ONCE, field="suit")
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
    """Replace a round's bids and, once played, its result; later totals follow (the old
    entry stays in the log). The tricks are given again, what else the result holds (the
    tricks nobody won, a game's ``RESULT_FIELDS``) stays as recorded unless given; in a
    game whose setup says ``RESULT_KEPT`` (K-B1) the bids and tricks too. The whole round
    is checked again.

    The round's restriction is checked again against the leader before it, except for
    a bid left as recorded that an earlier correction made illegal: that one is
    flagged on the sheet (``Sheet.broken_bid``), never a reason to refuse (W-B4, W-B5).
    A correction may itself make a later round's bid illegal: accepted, and flagged.
    """
    setup = sheet.setup
    kept = getattr(setup, "RESULT_KEPT", False)
    row, bids = corrected_bids(sheet, data, keep=kept)
    if isinstance(sheet, Sheet):  # the family's sheet, with the last bidder's restriction
        _still_allowed(sheet, row, bids)
    keys = ("tricks", "destroyed", *getattr(setup, "RESULT_FIELDS", ()))
    if not row.complete:
        if any(data.get(k) is not None for k in (keys if kept else keys[:1])):
            raise RuleError(N_("Round %(round)s has no tricks yet."), field="tricks", round=row.number)
        if bids == list(row.bids):
            raise Unchanged(N_("Nothing was changed."), field="round")
        return {"round": row.number, "bids": bids, "tricks": None}
    before = recorded(setup, row)
    if kept:
        given = {k: data[k] for k in keys if data.get(k) is not None}
    else:  # the tricks always given; the rest only when its field is sent (W-J2, W-J3)
        given = {"tricks": data.get("tricks"), **{k: data[k] for k in keys[1:] if k in data}}
    result = _result(sheet, row, {**before, **given}, bids, True)
    same = all(result.get(k, 0 if k == "destroyed" else None) == before.get(k) for k in keys)
    if bids == list(row.bids) and same:
        raise Unchanged(N_("Nothing was changed."), field="round")
    return {"round": row.number, "bids": bids, **result}


def recorded(setup: Any, row: Any) -> dict[str, Any]:
    """A played round's result as its entry holds it, for a correction to start from."""
    own = getattr(setup, "recorded_fields", None)
    return {"tricks": list(row.tricks or ()), "destroyed": row.destroyed, **(own(row) if own is not None else {})}


def _still_allowed(sheet: Sheet, row: Any, bids: list[int]) -> None:
    """A correction's bids against the round's restriction (W-B3..W-B5), a bid an earlier
    correction broke excepted (see ``verify_correction``)."""
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
