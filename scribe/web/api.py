"""The JSON API: everything the pages can do, described at /api/openapi.json."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request
from flask_babel import gettext as _

from .. import service, sharing
from ..games import DEFAULT, part, parts, rules_of
from ..rules.errors import N_, RuleError, Unchanged
from ..rules.log import REDO, UNDO
from ..schema import Action, field_at_fault
from ..store import StaleError
from ..store.links import PLAYER, WATCH
from . import access, live, minimal, once, taps
from .db import get_db
from .games import WEB_GAMES
from .i18n import game_language, translate
from .openapi import openapi_document
from .render import table_url
from .serialize import deck_json, game_json, history_json, sheet_json
from .table import robot_seat_words

bp = Blueprint("api", __name__, url_prefix="/api")


def _game_json(key: str, shown: sharing.Shown, with_sheet: bool = True) -> dict[str, Any]:
    """A game as its Scribe reads it: its key (the Scribe's token) and page, no sealed bid."""
    return {**game_json(shown.game, shown.sheet if with_sheet else None), "key": key,
            "url": table_url("play.game", key=key)}


class BadBody(Exception):
    pass


def _body() -> dict[str, Any]:
    # the raw body read once (werkzeug's limits apply) and parsed by the app's parser, as
    # get_json(silent=True) would, without its second look at the headers: a bid's body
    # cost more than its link's SELECT
    raw = request.get_data(cache=True)
    if not raw:
        return {}
    if not request.is_json:
        abort(415)
    try:
        data = current_app.json.loads(raw)
    except ValueError:  # malformed, or not UTF-8 (UnicodeDecodeError): what get_json's silent catches
        raise BadBody() from None
    if not isinstance(data, dict):
        raise BadBody()
    return data


def bad_body(_exc):
    return jsonify(error=_("Send a JSON object."), field=None), 400


def refused(err: RuleError):
    return jsonify(error=translate(err), field=err.field), 422


def json_refusals(blueprint: Blueprint) -> None:
    """A JSON API's answers to a body that is no JSON object (400) and to a refusal of the
    rules (422, its message beside its field): the games' and the club nights' alike."""
    blueprint.register_error_handler(BadBody, bad_body)
    blueprint.register_error_handler(RuleError, refused)


json_refusals(bp)


@bp.errorhandler(StaleError)
def stale(err: StaleError):
    msg = _("The game has moved on since the version you sent: read it again. Nothing was saved.")
    return jsonify(error=msg, field="version", version=err.current), 409


@bp.errorhandler(service.NotFound)
def not_found(_exc):
    return jsonify(error=_("There is no such game."), field="key"), 404


@bp.get("/openapi.json")
def openapi():
    """The OpenAPI 3 description of this API."""
    return jsonify(openapi_document())


@bp.get("/games")
def games():
    """The games this client created or opened with their Scribe's link (its session
    cookie), newest first; nobody else's."""
    return jsonify(games=[{**game_json(g), "key": key, "url": table_url("play.game", key=key)}
                          for key, g in access.my_games()])


@bp.post("/games")
def create():
    """Create a game with any options; answers the game and its empty sheet."""
    body = _body()
    kind = body.get("game", DEFAULT)
    if not isinstance(kind, str) or kind not in WEB_GAMES:
        raise RuleError(N_("Unknown game."), field="game")
    lang = game_language(body.get("lang"))
    options = WEB_GAMES[kind].api_options(body)
    made_from, made_with = once.from_api(body)
    return _made(sharing.new_game(get_db(), access.secret_key(), kind, body.get("name"), lang,
                                  made_from=made_from, made_with=made_with, robots=body.get("robots"), **options))


@bp.post("/games/<key>/rematch")
def rematch(key: str):
    """The next game at the same table, once this one is over: answers the new game (the
    same one when asked again)."""
    shown = access.scribe(key)
    made = sharing.rematch(get_db(), access.secret_key(), shown)
    live.touch(shown.game.id)  # the old game's phones and TV move to the new one now
    return _made(made)


def _made(made: sharing.Made):
    """201 with the game a create made; the same answer, marked replayed, when it was made before."""
    access.remember(made.key, made.game_id)
    resp = jsonify(_game_json(made.key, access.scribe(made.key)))
    resp.status_code = 201
    return resp if made.new else once.answered_again(resp)


@bp.get("/games/<key>")
def read(key: str):
    """The game and its sheet."""
    return jsonify(_game_json(key, access.scribe(key, opened=True)))


@bp.get("/games/<key>/seats/<int:player>")
def seat(key: str, player: int):
    """A seat the Scribe plays for (no phone holds its cards: the pass-the-phone page's
    seat), as that seat's own view shows it: its cards (its hand, whether it is its turn,
    the cards it may play) and whether it may bid. A seat whose phone holds its cards or
    its bids: 409, nothing of its hand; the view is the seat's own, made by its game."""
    shown = access.scribe(key)
    full = shown.full
    seat = player
    if not 0 <= seat < full.setup.n:
        raise RuleError(N_("There is no such player."), field="player")
    rules = rules_of(full)
    db, device = get_db(), access.known_device()
    if sharing.robot_at(full, seat) is not None:  # issue 37: a robot's hand is nobody's, the Scribe's neither
        return jsonify(error=_("%(name)s is a robot: it plays by itself.", name=full.setup.players[seat]),
                       field="player"), 409
    plays = rules.seat_plays(full, seat)
    held = sharing.playing_on_phones(db, shown.game.id, device) if plays else \
        sharing.claimed_seats(db, shown.game.id, device)
    if seat in held:
        name = full.setup.players[seat]
        msg = (_("%(name)s holds their seat on their own phone: they play their cards there.", name=name) if plays
               else _("%(name)s holds their seat on their own phone: they enter their bid there.", name=name))
        return jsonify(error=msg, field="player"), 409
    view = sharing.viewer_sheet(full, seat, shown.full_log)
    can_bid, waits = rules.player_bid_state(full, seat)
    return jsonify(player=seat, player_name=full.setup.players[seat], version=full.version,
                   cards=_own_cards(view, seat), bidding={"open": can_bid, "waits": waits,
                                                          "awaits_deal": rules.awaits_deal(full)})


@bp.get("/games/<key>/sheet")
def sheet(key: str):
    """Only the sheet."""
    return jsonify(sheet_json(access.scribe(key).sheet))


@bp.get("/games/<key>/history")
def history(key: str):
    """Every entry ever recorded, undone ones flagged (sealed bids as null, W-B7), with the
    deck their cards' codes are in."""
    shown = access.scribe(key)
    return jsonify(entries=history_json(shown.log), **deck_json(shown.sheet))


@bp.patch("/games/<key>")
def rename(key: str):
    """Rename a game."""
    body = _body()
    service.rename(get_db(), access.scribe(key).game.id, body.get("name"))
    return jsonify(_game_json(key, access.scribe(key)))


@bp.delete("/games/<key>")
def delete(key: str):
    """Hide a game (it can be restored)."""
    service.delete(get_db(), access.scribe(key, deleted_ok=True).game.id)  # deleted: 404, or its replay
    return "", 204


@bp.post("/games/<key>/restore")
def restore(key: str):
    """Bring a deleted game back."""
    service.restore(get_db(), access.scribe(key, deleted_ok=True).game.id)
    return jsonify(_game_json(key, access.scribe(key)))


def _act(key: str, kind: str, data: dict[str, Any], version: Any, shown: sharing.Shown | None = None):
    shown = shown or access.scribe(key)  # once per request: a view that opened it passes it on
    sheet = service.act(get_db(), shown.game.id, kind, data, version, game=shown.game)
    return _answer(shown, sheet)


def _answer(before: sharing.Shown, sheet: Any, unchanged: bool = False):
    """The new sheet as the Scribe may see it (no sealed bid, no hand); with ``Prefer:
    return=minimal``, only the rounds changed since the sheet ``before`` showed the Scribe.
    ``unchanged``: nothing was recorded, the write already stood (``"unchanged": true``);
    ``sheet`` is then the Scribe's view as it stands."""
    mine = sheet if unchanged else sharing.viewer_sheet(sheet)
    flag = {"unchanged": True} if unchanged else {}
    if minimal.wanted():
        return minimal.applied(jsonify({**minimal.cut(before.sheet, mine), **flag}))
    return jsonify(version=sheet.version, sheet=sheet_json(mine), **flag)


# The writes answering a sheet, whose answer depends on the Prefer header
_SHEET_WRITES = {"api.correction", "api.action", "api.undo", "api.redo",
                 "api.player_bid", "api.player_rebid", "api.player_played", "api.player_take_back", "api.player_call"}


@bp.after_request
def _vary_on_prefer(response):
    endpoint = request.endpoint or ""
    if endpoint in _SHEET_WRITES or endpoint.startswith("api.game_path_"):
        minimal.vary(response)
    return response


@bp.post("/games/<key>/rounds/<int:number>/correction")
def correction(key: str, number: int):
    """Correct a round with the fields its game corrects (its schema's ``CORRECTION``)."""
    b = _body()
    data = {k: v for k, v in b.items() if k not in ("version", "round")}
    try:
        return _act(key, "correction", {"round": number, **data}, b.get("version"))
    except Unchanged:  # the round already says so (sent twice?): answered as done, nothing recorded
        now = access.scribe(key)
        return _answer(now, now.sheet, unchanged=True)


#: The Scribe's own undo and redo, every game's: answered as actions too (their paths stay).
#: A correction keeps its own path only: its round is in the path, and "correction" is no
#: action of a game's own (actions/correction stays a 404).
GENERIC_ACTIONS = (UNDO, REDO)


def action(key: str, kind: str):
    """Any entry of the game's own (its schema's ``ACTIONS``), the body holding its fields;
    undo and redo as well."""
    shown = access.scribe(key)
    b = _body()
    version = b.get("version")
    data = {k: v for k, v in b.items() if k != "version"}
    if kind in (UNDO, REDO):
        return _act(key, kind, {}, version, shown)
    named = part(shown.game.game, "schema").ACTIONS.get(kind)
    if named is None:  # another game's kind: this game has no such action
        abort(404)
    recorded = named.recorded(kind)
    fault = field_at_fault(named, data)
    if fault is not None:
        _refuse_as_the_rules_would(shown, named, recorded, data, fault)
        if data.get(fault) in (None, ""):
            raise RuleError(N_("This field is missing (see /api/openapi.json)."), field=fault)
        raise RuleError(N_("This value is not one this field takes (see /api/openapi.json)."), field=fault)
    if named.entry is not None:  # a choice posted as its own kind: the entry its older path records
        data = named.entry(shown.full, data)
    return _record(key, shown, recorded, data, version)


def _refuse_as_the_rules_would(shown: sharing.Shown, named: Action, recorded: str, data: dict[str, Any],
                               fault: str) -> None:
    """A body its schema does not take at ``fault``, that the rules refuse at that field
    too, is refused in the rules' words (as it was before the API checked bodies); else
    by the schema, naming that field."""
    rules = rules_of(shown.full)
    if named.entry is not None or recorded in rules.DRAWN:
        return
    try:
        rules.verify(shown.full, recorded, data)
    except RuleError as err:
        if err.field == fault:
            raise
    except Exception:  # noqa: BLE001 - a value the rules never expected: the schema's refusal says it
        return


# one route per kind any registered game takes, so the document lists each with its body; and
# the route for any other kind (a kind this game does not take: 404)
for _kind in sorted({k for schema in parts("schema").values() for k in schema.ACTIONS} | set(GENERIC_ACTIONS)):
    bp.add_url_rule(f"/games/<key>/actions/{_kind}", "action", action, methods=["POST"], defaults={"kind": _kind})
bp.add_url_rule("/games/<key>/actions/<kind>", "action", action, methods=["POST"])


def game_path(key: str, path: str):
    """A path a game names for one of its actions (its schema's ``PATHS``: Wizard's
    ``/bids``...), reading the fields the document lists for it."""
    shown = access.scribe(key)
    named = part(shown.game.game, "schema").PATHS.get(path)
    if named is None:  # another game's path: this game has no such action
        raise RuleError(N_("Unknown action."), field="kind")
    kind, _summary, fields = named
    b = _body()
    return _record(key, shown, kind, {k: b.get(k) for k in fields}, b.get("version"))  # as ever: not checked


def _record(key: str, shown: sharing.Shown, kind: str, data: dict[str, Any], version: Any):
    return _answer(shown, sharing.record_for_scribe(get_db(), shown, kind, data, version, access.known_device()))


for _path in sorted({p for schema in parts("schema").values() for p in schema.PATHS}):
    bp.add_url_rule(f"/games/<key>/{_path}", f"game_path_{_path}", game_path, methods=["POST"],
                    defaults={"path": _path})


@bp.post("/games/<key>/undo")
def undo(key: str):
    """Take back the last entry."""
    return _act(key, "undo", {}, _body().get("version"))


@bp.post("/games/<key>/redo")
def redo(key: str):
    """Bring back the last undone entry."""
    return _act(key, "redo", {}, _body().get("version"))


@taps.replaying("api.correction", "api.action", "api.undo", "api.redo",
                *(f"api.game_path_{p}" for schema in parts("schema").values() for p in schema.PATHS))
def _answered_sheet(done: service.TapDone):
    """A Scribe's entry sent again with its Idempotency-Key: the sheet its entry made."""
    shown = access.scribe(request.view_args["key"])
    return _answer(sharing.as_at(shown, done.seq - 1), sharing.as_at(shown, done.seq).full)


@taps.replaying("api.rename", "api.restore")
def _answered_game(_done: service.TapDone):
    return jsonify(_game_json(request.view_args["key"], access.scribe(request.view_args["key"])))


@taps.replaying("api.delete")
def _answered_delete(_done: service.TapDone):
    return "", 204


# --------------------------------------------------------------------------- the whole table


def _link_urls(key: str, shown: sharing.Shown) -> dict[str, Any]:
    tokens = sharing.table_links(get_db(), access.secret_key(), shown.game.id, shown.full.setup.n)
    watch = tokens["watch"]
    return {
        "scribe": table_url("play.game", key=key),
        "key": key,
        "watch": watch and {"token": watch, "url": table_url("table.watch", token=watch),
                            "api": table_url("api.watch", token=watch)},
        "players": [t and {"player": p, "token": t, "url": table_url("table.player", token=t),
                           "api": table_url("api.player", token=t), "claimed": tokens["claimed"][p]}
                    for p, t in enumerate(tokens["players"])],
    }


@bp.get("/games/<key>/links")
def links(key: str):
    """The Scribe's links: watch, one per player (null where revoked; claimed or not), the Scribe's own."""
    return jsonify(_link_urls(key, access.scribe(key)))


@bp.post("/games/<key>/links")
def change_link(key: str):
    """Revoke a link, release a claimed seat, or issue a new link ({"link": "watch"|"scribe"|seat,
    "op": "revoke"|"reissue"|"release"}); a new Scribe's link answers the game's new key."""
    b = _body()
    which = b.get("link")
    which = str(which) if isinstance(which, int) and not isinstance(which, bool) else which
    op = b.get("op")
    shown = access.scribe(key)
    if op == "reissue":
        new_key = sharing.reissue(get_db(), access.secret_key(), shown, which)
        if new_key is not None:
            access.remember(new_key, shown.game.id)
            key = new_key
    elif op == "revoke" and which != "scribe":
        sharing.revoke(get_db(), shown, which)
    elif op == "release":
        sharing.release(get_db(), shown, which)
    else:
        raise RuleError(N_("Choose a link and what to do with it."), field="op")
    return jsonify(_link_urls(key, shown))


@taps.replaying("api.change_link")
def _answered_links(_done: service.TapDone):
    """A link changed before with this key: the links as they are (a new Scribe's link
    makes the old key stop: its holder cannot send it again)."""
    key = request.view_args["key"]
    return jsonify(_link_urls(key, access.scribe(key)))


_shown = access.open_link


_NEXT = {WATCH: ("table.watch", "api.watch"), PLAYER: ("table.player", "api.player")}


def _next(kind: str, shown: sharing.Shown) -> dict[str, Any]:
    """``{"next": ...}`` once Play again made the next game and this link's holder has a
    link there (the watch link; a seat's same player): its token, page and JSON; else {}."""
    next_id = sharing.next_game(get_db(), shown.game.id)
    new = next_id and sharing.next_link(get_db(), access.secret_key(), shown, next_id)
    if not new:
        return {}
    page, api = _NEXT[kind]
    return {"next": {"token": new, "url": table_url(page, token=new), "api": table_url(api, token=new)}}


@bp.get("/watch/<token>")
def watch(token: str):
    """What a watch link shows: the game's name and its sheet, read-only (no game id); once
    the game has a next one (Play again), the watch link of that game."""
    shown = _shown(token, WATCH)
    return jsonify(name=shown.game.name, game=shown.game.game, sheet=sheet_json(shown.sheet),
                   **_next(WATCH, shown))


@bp.get("/player/<token>")
def player(token: str):
    """What a player link shows: the player's seat and the sheet as that player may see it;
    once the game has a next one (Play again), this player's own link of that game."""
    shown = _shown(token, PLAYER)
    seat = shown.link.seat
    if shown.robot is not None:  # a robot plays the seat now: the table as a watcher sees it, no cards
        return jsonify(name=shown.game.name, game=shown.game.game, player=seat,
                       player_name=shown.full.setup.players[seat], sheet=sheet_json(shown.sheet),
                       bidding={"open": False, "waits": False, "awaits_deal": False}, robot=shown.robot,
                       robot_says=robot_seat_words(shown), **_next(PLAYER, shown))
    return jsonify(name=shown.game.name, game=shown.game.game, player=seat,
                   player_name=shown.full.setup.players[seat], sheet=sheet_json(shown.sheet),
                   cards=_own_cards(shown.sheet, seat), bidding=_bidding(shown),
                   **_next(PLAYER, shown))


def _bidding(shown: sharing.Shown) -> dict[str, bool]:
    """Whether the seat may bid now on its phone, must wait for the others' bids, or for
    Scribe's deal (a virtual deck's cards come before the bids)."""
    rules = rules_of(shown.full)
    can_bid, waits = rules.player_bid_state(shown.full, shown.link.seat)
    return {"open": can_bid, "waits": waits, "awaits_deal": rules.awaits_deal(shown.full)}


def _player_write(token: str, refusal, record, field: str, value: Any = None):
    """A write through a player's link: the same path as the page's (table.seat_tap)."""
    from .table import seat_tap

    b = _body()
    tap = seat_tap(token, refusal, record, b.get("player"), b.get("round"), b.get(field) if value is None else value,
                   field, b.get("version"))
    if tap.error is not None:
        return jsonify(error=tap.error["message"], field=tap.error["field"]), tap.status
    seat, mine, bidding = tap.shown.link.seat, tap.shown.sheet, _bidding(tap.shown)
    if minimal.wanted() and tap.before is not None:  # the seat's own view, before and after
        return minimal.applied(jsonify({**minimal.cut(tap.before.sheet, mine), "cards": _own_cards(mine, seat),
                                        "bidding": bidding}))
    return jsonify(version=mine.version, sheet=sheet_json(mine), cards=_own_cards(mine, seat), bidding=bidding)


@taps.replaying("api.player_bid", "api.player_rebid", "api.player_played", "api.player_take_back", "api.player_call")
def _answered_seat(done: service.TapDone):
    """A seat's tap sent again with its Idempotency-Key: the seat's view its entry made."""
    shown = _shown(request.view_args["token"], PLAYER)
    before, after, seat = sharing.as_at(shown, done.seq - 1), sharing.as_at(shown, done.seq), shown.link.seat
    mine, bidding = after.sheet, _bidding(after)
    if minimal.wanted():
        return minimal.applied(jsonify({**minimal.cut(before.sheet, mine), "cards": _own_cards(mine, seat),
                                        "bidding": bidding}))
    return jsonify(version=mine.version, sheet=sheet_json(mine), cards=_own_cards(mine, seat), bidding=bidding)


def _own_cards(sheet: Any, seat: int) -> dict[str, Any]:
    """A player's own cards as JSON: why some may not be played, in the reader's language."""
    cards = sharing.own_hands(sheet, seat)
    now = cards.get("current")
    why = now and now.get("why")  # a rules template (N_), extracted where it is written
    if why:
        cards = {**cards, "current": {**now, "why": _(why)}}
    return cards


@bp.post("/player/<token>/bid")
def player_bid(token: str):
    """The player enters their own bid (hidden and secret modes, W-B7): {"round", "bid"}."""
    from .table import player_bid_refusal

    return _player_write(token, player_bid_refusal, sharing.enter_bid, "bid")


@bp.post("/player/<token>/rebid")
def player_rebid(token: str):
    """The player changes their own sealed bid before the last one is in (W-B7, K-B1):
    {"round", "bid"}; nobody else's view shows the change."""
    from .table import player_bid_refusal

    return _player_write(token, player_bid_refusal, sharing.change_bid, "bid")


@bp.post("/player/<token>/played")
def player_played(token: str):
    """Virtual deck: the player plays one card of their own hand to the trick, in turn (W-P1..W-P6):
    {"round", "card", "version"}; a version older than the table is a 409."""
    from .table import player_card_refusal

    return _player_write(token, player_card_refusal, sharing.mark_played, "card")


@bp.post("/player/<token>/take_back")
def player_take_back(token: str):
    """Virtual deck: the player takes back the card they played last, until the next one: {"round"}."""
    from .table import player_card_refusal

    return _player_write(token, player_card_refusal, sharing.take_back_card, "card")


@bp.post("/player/<token>/call")
def player_call(token: str):
    """Virtual deck: the seat in turn says its call (Belote: take or pass, a suit in the
    second round; Coinche: pass, a bid with amount and trump, coinche, surcoinche):
    {"round", "call", "suit", "amount", "trump", "version"}."""
    from .table import player_call_refusal, said

    return _player_write(token, player_call_refusal, sharing.call, "call", said(_body()))
