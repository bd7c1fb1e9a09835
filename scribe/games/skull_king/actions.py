"""Verified entries of the score sheet: bids (K-B1), a round's result (tricks K-T1,
bonuses K-S2, Loot K-S3, Cannonballs K-S4) and corrections. Each ``verify_x`` returns the
normalised data to record or raises a ``RuleError`` naming the field; ``can_x`` says
whether it would (pokerkit's verify / can pair).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...rules.errors import N_, RuleError, Unchanged
from ...rules.fields import whole
from ..bidding.actions import corrected_bids, tricks_due, verify_bid as family_bid, verify_trick_counts
from ..bidding.inputs import _count
from ..bidding.seat import current_round, seat
from .bonuses import parse_bonuses, parse_loot, verify_bonuses
from .play import tally
from .sheet import RoundRow, Sheet

verify_bid = family_bid  # one seat's bid (K-B1), in any order: the family's, in Skull King's words


def verify_bids(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """Every seat's bid at once, as the table shows them on "Yo-ho-ho!" (K-B1), when
    none is in yet."""
    if sheet.redacted:
        raise ValueError("verify against the whole sheet, not a viewer's")
    row = current_round(sheet, data)
    if any(b is not None for b in row.bids):
        raise RuleError(N_("Some bids are already in: enter the others one by one."), field="bids")
    if sheet.setup.rules.virtual_deck and not row.dealt:  # the bids are made on the cards Scribe dealt
        raise RuleError(N_("Deal the cards first: tap Deal."), field="bids")
    raw = data.get("bids")
    if not isinstance(raw, (list, tuple)) or len(raw) != sheet.setup.n:
        raise RuleError(N_("Give the bid of every player."), field="bids")
    bids = [_count(b, row.cards, f"bids.{p}", "bid", sheet.setup) for p, b in enumerate(raw)]
    return {"round": row.number, "bids": bids}


def _destroyed(sheet: Sheet, row: RoundRow, raw: Any) -> int:
    """Tricks the Kraken or the White Whale destroyed (K-T1): at most one each, and only
    when in play."""
    if raw in (None, ""):
        return 0
    value = whole(raw, "destroyed")
    rules = sheet.setup.rules
    if value and not rules.beasts:
        raise RuleError(N_("Neither the Kraken nor the White Whale is in play: no trick was destroyed."),
                        field="destroyed")
    most = min(rules.beasts, row.cards)
    if not 0 <= value <= most:
        raise RuleError(N_("The Kraken and the White Whale destroy one trick each at most: %(most)s this round."),
                        field="destroyed", most=most)
    return value


def _adds_up(sheet: Sheet, row: RoundRow, counts: list[int], destroyed: int) -> None:
    """Every trick not destroyed is won by someone (K-T1); at two players Graybeard's ghost
    takes the rest, so they add up to at most the tricks won."""
    total, won = sum(counts), row.cards - destroyed
    if sheet.setup.n == 2:
        if total > won:
            raise RuleError(N_("The tricks add up to %(total)s, but only %(won)s were won this round."),
                            field="tricks", total=total, won=won)
    elif total != won:
        template = (N_("The tricks add up to %(total)s, but %(won)s were won: every trick is won by one player, "
                       "unless the Kraken or the White Whale destroyed it (say how many).")
                    if sheet.setup.rules.beasts else
                    N_("The tricks add up to %(total)s, but %(won)s were played: every trick is won by one player."))
        raise RuleError(template, field="tricks", total=total, won=won)


def _cannonball(sheet: Sheet, raw: Any) -> list[int]:
    """Seats that chose the Cannonball this round (K-S4's option)."""
    if raw in (None, "", [], ()):
        return []
    if not sheet.setup.rules.cannonball:
        raise RuleError(N_("The Cannonball is not among this game's rules."), field="cannonball")
    if not isinstance(raw, (list, tuple)):
        raise RuleError(N_("Say which players chose the Cannonball."), field="cannonball")
    return sorted({seat(sheet, p, "cannonball") for p in raw})


def _result(sheet: Sheet, row: RoundRow, data: Mapping[str, Any]) -> dict[str, Any]:
    """A round's result checked whole: tricks, destroyed tricks, bonuses, Loot, Cannonballs."""
    destroyed = _destroyed(sheet, row, data.get("destroyed"))
    # With a Kraken or a White Whale in play, a count left blank is filled in only once
    # the destroyed tricks are said: else the blank would take a destroyed trick.
    fill = not sheet.setup.rules.beasts or data.get("destroyed") not in (None, "")
    # the family's one tricks entry; the ghost's share is never known, so never filled in
    tricks = verify_trick_counts(sheet, row, data.get("tricks"), destroyed, fill and sheet.setup.n > 2, _adds_up)
    bonuses = parse_bonuses(sheet.setup, data.get("bonuses"))
    loot = parse_loot(sheet.setup, data.get("loot"), tricks)
    verify_bonuses(sheet.setup, bonuses, tricks, loot)
    return {"round": row.number, "tricks": tricks, "destroyed": destroyed,
            "bonuses": [b.as_dict() for b in bonuses], "loot": [list(pair) for pair in loot],
            "cannonball": _cannonball(sheet, data.get("cannonball"))}


def verify_tricks(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """The round's result once every bid is in (K-T1, K-S2..K-S4)."""
    row = tricks_due(sheet, data)  # the family's: every bid in, every card played
    play = row.play
    if play is not None and data.get("tricks") is None:  # one tap: the round as its cards gave it
        data = {**data, **tally(play, sheet.setup.n)}
    return _result(sheet, row, data)


def _recorded(row: RoundRow) -> dict[str, Any]:
    """A played round's result as its entry holds it, for a correction to start from."""
    return {"tricks": list(row.tricks or ()), "destroyed": row.destroyed,
            "bonuses": [b.as_dict() for b in row.bonuses], "loot": [list(pair) for pair in row.loot],
            "cannonball": list(row.cannonball)}


def verify_correction(sheet: Sheet, data: Mapping[str, Any]) -> dict[str, Any]:
    """A round's bids and, once played, its result, replaced by a new entry (the old
    stays in the log); later totals follow. What the correction leaves out stays as
    recorded, and the whole round is checked again."""
    row, bids = corrected_bids(sheet, data, keep=True)  # the family's: bids left out stay as recorded
    keys = ("tricks", "destroyed", "bonuses", "loot", "cannonball")
    given = {k: data[k] for k in keys if data.get(k) is not None}
    if not row.complete:
        if given:
            raise RuleError(N_("Round %(round)s has no tricks yet."), field="tricks", round=row.number)
        if bids == list(row.bids):
            raise Unchanged(N_("Nothing was changed."), field="round")
        return {"round": row.number, "bids": bids, "tricks": None}
    before = _recorded(row)
    result = _result(sheet, row, {**before, **given})
    del result["round"]
    if bids == list(row.bids) and result == before:
        raise Unchanged(N_("Nothing was changed."), field="round")
    return {"round": row.number, "bids": bids, **result}
