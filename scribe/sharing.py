"""The whole table: watch and player links, what each viewer may see, and bids entered
from several phones at once. Possession of a link is the permission; no accounts.

- the Scribe's link is the game id itself (128 random bits): edit everything;
- a watch link shows the sheet, read-only;
- a player link shows that player's view and takes that player's own bid (W-B7).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlite_utils import Database

from . import service
from .rules import wizard
from .rules.errors import N_, RuleError
from .rules.log import Entry
from .store import StaleError, links
from .store.links import NO_SEAT, PLAYER, WATCH, Link

RETRIES = 50  # a bid retried against the fresh sheet; 6 phones at once need a handful


class Shown(NamedTuple):
    """A link opened: which game, who is looking (seat or None), what they may see."""

    link: Link
    game: Any
    sheet: Any  # already redacted for the viewer
    log: list[Entry]  # already redacted for the viewer
    full: Any  # the whole sheet: never to be rendered, only to verify against


def viewer_sheet(sheet: Any, viewer: int | None = None) -> Any:
    """The sheet as ``viewer`` may see it (W-B7); games without sealed bids pass through."""
    if isinstance(sheet, wizard.Sheet):
        return wizard.sealed(sheet, viewer)
    return sheet


def viewer_log(sheet: Any, log: list[Entry], viewer: int | None = None) -> list[Entry]:
    """The log as ``viewer`` may read it, judged against the whole ``sheet``."""
    if isinstance(sheet, wizard.Sheet):
        return [wizard.sealed_entry(sheet, e, viewer) for e in log]
    return list(log)


def table_links(db: Database, key: str, game_id: str) -> dict[str, Any]:
    """The live watch link and one player link per seat, made on first need; tokens in
    clear, None where the Scribe revoked a link and issued none since."""
    game, sheet, _log = service.load(db, game_id)
    watch = links.ensure(db, key, game.id, WATCH)
    players = [links.ensure(db, key, game.id, PLAYER, p) for p in range(sheet.setup.n)]
    token = lambda link: None if link is None else links.make_token(key, link.salt)  # noqa: E731
    return {"watch": token(watch), "players": [token(l) for l in players]}


def _which(raw: Any, n: int) -> tuple[str, int]:
    if raw == "watch":
        return WATCH, NO_SEAT
    if isinstance(raw, str) and raw.isdecimal() and len(raw) < 3 and int(raw) < n:
        return PLAYER, int(raw)
    raise RuleError(N_("There is no such link."), field="link")


def reissue(db: Database, key: str, game_id: str, which: Any) -> str:
    """A new link in place of the old one, which stops working at once. For the Scribe's
    link the game moves to a new id; returns the game's id (new or not)."""
    game, sheet, _log = service.load(db, game_id)
    if which == "scribe":
        return links.move_game(db, game.id)
    kind, seat = _which(which, sheet.setup.n)
    links.issue(db, key, game.id, kind, seat)
    return game.id


def revoke(db: Database, game_id: str, which: Any) -> None:
    """The link stops working at once; the Scribe may issue a new one later."""
    game, sheet, _log = service.load(db, game_id)
    kind, seat = _which(which, sheet.setup.n)
    links.revoke(db, game.id, kind, seat)


def open_link(db: Database, token: Any, kind: str) -> Shown:
    """The game behind a watch or player link, redacted for its holder; NotFound for a
    wrong, revoked or other-kind token, or a deleted game."""
    found = links.find(db, token)
    if found is None or found[0].kind != kind:
        raise service.NotFound(kind)
    link = found[0]
    game, full, log = service.load(db, link.game_id)
    viewer = link.seat
    if viewer is not None and viewer >= full.setup.n:
        raise service.NotFound(kind)
    return Shown(link, game, viewer_sheet(full, viewer), viewer_log(full, log, viewer), full)


def link_version(db: Database, token: Any, kind: str) -> int:
    """Only the version behind a link: the one indexed SELECT an idle viewer's poll costs."""
    found = links.find(db, token)
    if found is None or found[0].kind != kind:
        raise service.NotFound(kind)
    return found[1]


def enter_bid(db: Database, game_id: str, player: Any, round_no: Any, bid: Any) -> Any:
    """One player's bid, verified against the fresh sheet each time it is tried.

    Hidden and secret bids come from several phones in any order (W-B7): another
    player's bid landing first is no reason to refuse this one. The append is
    conditional on the version verified against (primary key on (game, seq)), so
    losing the race only means verifying again; a real conflict (the same player
    twice, the round over) is then refused by the rules. Returns the whole new sheet.
    """
    data = {"round": round_no, "player": player, "bid": bid}
    for _ in range(RETRIES):
        try:
            return service.act(db, game_id, "bid", data, None)
        except StaleError:
            continue
    raise StaleError(service.load(db, game_id)[1].version)


def mark_played(db: Database, game_id: str, player: Any, round_no: Any, card: Any) -> Any:
    """Virtual deck: a player marks one card of their own hand played, verified against
    the fresh sheet each time it is tried (several phones mark cards at once)."""
    data = {"round": round_no, "player": player, "card": card}
    for _ in range(RETRIES):
        try:
            return service.act(db, game_id, "played", data, None)
        except StaleError:
            continue
    raise StaleError(service.load(db, game_id)[1].version)


def own_hands(sheet: Any, seat: int) -> dict[str, Any]:
    """A player's cards from their own (redacted) sheet: the round in play's remaining
    hand and played cards, and the hands dealt them in the rounds already scored."""
    if not isinstance(sheet, wizard.Sheet) or not sheet.setup.rules.virtual_deck:
        return {"virtual_deck": False}
    if not sheet.redacted or sheet.viewer != seat:
        raise ValueError("read a player's cards from that player's own sheet")
    row = sheet.current
    now = None
    if row is not None and row.dealt:
        now = {"round": row.number, "hand": list(row.remaining(seat) or ()), "played": list(row.played[seat] or ()),
               "dealt": list(row.hands[seat] or ()), "can_mark": row.bids_in}
    past = [{"round": r.number, "dealt": list(r.hands[seat] or ())} for r in sheet.rows if r.complete and r.dealt]
    return {"virtual_deck": True, "current": now, "past": past}


def bid_by_scribe_is_sealed(game: Any, sheet: Any, kind: str) -> bool:
    """A bid tapped on the Scribe's phone for a named player in hidden or secret mode:
    entered like a player's own (fresh verification), not refused for another's bid."""
    return kind == "bid" and isinstance(sheet, wizard.Sheet) and sheet.setup.rules.reveal != "open"
