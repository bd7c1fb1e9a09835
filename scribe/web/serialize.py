"""The sheet as JSON: the same object the page renders, field for field."""

from __future__ import annotations

from typing import Any

from ..rules import wizard
from ..rules.log import Entry, named, resolve, targets
from ..store import GameRow
from .i18n import translate


def sheet_json(sheet: wizard.Sheet) -> dict[str, Any]:
    if not isinstance(sheet, wizard.Sheet):
        from .games import zibi as zibi_web

        return zibi_web.sheet_json(sheet)
    if (sheet.setup.rules.reveal != "open" or sheet.setup.rules.virtual_deck) and not sheet.redacted:
        raise ValueError("hidden or secret bids, or dealt hands: serialize a viewer's sheet (sharing.viewer_sheet)")
    setup = sheet.setup
    current = sheet.current
    forbidden = sheet.forbidden()
    w, j = setup.card_names()
    return {
        "version": sheet.version,
        "phase": sheet.phase,
        "finished": sheet.finished,
        "current_round": current.number if current else None,
        "round_count": len(sheet.rows),
        "players": list(setup.players),
        "first_dealer": setup.first_dealer,
        "rules": {**setup.rules.as_dict(), "preset": setup.rules.preset},
        "edition": setup.edition,
        "card_names": {"wizard": w, "jester": j},
        "next_bidder": current.next_bidder if current and sheet.phase == "bidding" else None,
        "forbidden_bid": None if forbidden is None else {
            "player": forbidden.player, "value": forbidden.value, "rule": forbidden.rule,
            "message": translate(wizard.forbidden_message(setup, forbidden)),
        },
        "rounds": [_row(r) for r in sheet.rows],
        "totals": list(sheet.totals),
        "leaders": list(sheet.leaders) if sheet.played else [],
        "winners": list(sheet.winners),
        "standings": [
            {"rank": s.rank, "player": s.player, "name": setup.players[s.player], "total": s.total}
            for s in sheet.standings
        ],
        "can_undo": sheet.can_undo,
        "can_redo": sheet.can_redo,
    }


def _row(r: wizard.RoundRow) -> dict[str, Any]:
    return {
        "number": r.number,
        "cards": r.cards,
        "dealer": r.dealer,
        "order": list(r.order),
        "has_trump": r.has_trump,
        "trump": None if r.trump is None else {"card": r.trump.card, "suit": r.trump.suit},
        "dealt": r.dealt,  # virtual deck; the hands themselves are never in the sheet's JSON
        "turned": r.turned,
        "bids": [None if b is wizard.SEALED else b for b in r.bids],
        "sealed": [b is wizard.SEALED for b in r.bids],  # in, but not shown to this reader (W-B7)
        "bid_total": None if r.sealed else r.bid_total,
        "tricks": None if r.tricks is None else list(r.tricks),
        "points": None if r.points is None else list(r.points),
        "totals": None if r.totals is None else list(r.totals),
        "leaders": list(r.leaders),
        "complete": r.complete,
        "corrected": r.corrected,
    }


def game_json(game: GameRow, sheet: wizard.Sheet | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": game.id,
        "game": game.game,
        "name": game.name,
        "lang": game.lang,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "deleted": bool(game.deleted_at),
        "summary": game.summary,
    }
    if sheet is not None:
        out["sheet"] = sheet_json(sheet)
    return out


def _entry_data(data: Any) -> tuple[dict[str, Any], bool]:
    """Entry data with sealed bids (W-B7) as null, and whether any was sealed."""
    out, sealed = dict(data), False
    if out.get("bid") is wizard.SEALED:
        out["bid"], sealed = None, True
    if isinstance(out.get("bids"), list) and wizard.SEALED in out["bids"]:
        out["bids"], sealed = [None if b is wizard.SEALED else b for b in out["bids"]], True
    if isinstance(out.get("hands"), list) and None in out["hands"]:  # virtual deck: not this reader's
        sealed = True
    if "card" in out and out["card"] is None:
        sealed = True
    return out, sealed


def history_json(log: list[Entry]) -> list[dict[str, Any]]:
    """The log as JSON; pass a viewer's log (sharing.viewer_log) so sealed bids stay sealed.

    An undo or a redo carries the seq of the entry it moved in ``data`` (filled in from the
    order for old records, whose data is ``{}``) and that entry's seq and kind as ``target``:
    never its data, which its own line shows as far as this reader may see it (W-B7)."""
    undone, moved = resolve(log).undone, targets(log)
    out = []
    for e in log:
        target = moved.get(e.seq)
        data, sealed = _entry_data(named(e.kind, target) if target else e.data)
        item = {"seq": e.seq, "kind": e.kind, "data": data, "at": e.at, "undone": e.seq in undone, "sealed": sealed}
        if target:
            item["target"] = {"seq": target.seq, "kind": target.kind}
        out.append(item)
    return out
