"""The sheet as JSON: the same object the page renders, field for field."""

from __future__ import annotations

from typing import Any

from ..games import GAMES
from ..rules.log import Entry, named, resolve, targets
from ..rules.sealed import SEALED
from ..store import GameRow
from .games import web_for


def sheet_json(sheet: Any) -> dict[str, Any]:
    """A viewer's sheet as JSON, as its game writes it (field for field what the page shows),
    led by the game's name so a reader (and the API document) knows which sheet it is, and
    by the deck its card codes are in, for a game that deals cards: a code may name another
    card in another deck (docs/cards.md)."""
    return {"game": sheet.GAME, **deck_json(sheet), **web_for(sheet.GAME).sheet_json(sheet)}


def deck_json(sheet: Any) -> dict[str, Any]:
    """``{"deck": ...}``: the deck the card codes of a game's JSON are in (its sheet, its
    history), for a game that deals cards; else nothing."""
    deck = GAMES[sheet.GAME].deck(sheet.setup)
    return {"deck": deck} if deck else {}


def game_json(game: GameRow, sheet: Any = None) -> dict[str, Any]:
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


def entry_data(data: Any) -> tuple[dict[str, Any], bool]:
    """Entry data with sealed bids (W-B7) as null, and whether any was sealed."""
    out, sealed = dict(data), False
    if out.get("bid") is SEALED:
        out["bid"], sealed = None, True
    if isinstance(out.get("bids"), list) and SEALED in out["bids"]:
        out["bids"], sealed = [None if b is SEALED else b for b in out["bids"]], True
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
        data, sealed = entry_data(named(e.kind, target) if target else e.data)
        item = {"seq": e.seq, "kind": e.kind, "data": data, "at": e.at, "undone": e.seq in undone, "sealed": sealed}
        if target:
            item["target"] = {"seq": target.seq, "kind": target.kind}
        out.append(item)
    return out
