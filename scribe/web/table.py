"""The whole table: the Scribe's links page, the watch view and each player's view.

Watch and player pages carry only their own token, never the Scribe's, so a page's
HTML cannot be turned into edit rights. They poll a fragment URL with the version they
show; an unchanged version is answered 204, which htmx ignores. Once Play again made the
next game, each of them leads its holder to their own link of it (issue 32).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import segno
from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import gettext as _

from .. import service, sharing
from ..games import GAMES, rules_of
from ..rules.errors import N_, RuleError
from ..rules.robots import LEVEL_WORDS
from ..store import StaleError
from ..store.links import PLAYER, SCRIBE, WATCH
from . import access, hints, scribe_seat, taps
from .db import get_db
from .games import web_for
from .render import error_ctx, is_htmx, page_or_fragment, see_other, table_url

bp = Blueprint("table", __name__)

POLL_SECONDS = 2


@bp.app_template_global()
def bid_restriction(sheet: Any, row: Any) -> str | None:
    """The rule that may forbid the last seat one bid this round, as the game says."""
    return rules_of(sheet).restriction(sheet, row)


@lru_cache(maxsize=512)
def qr(url: str) -> str:
    """A QR code as a data: URI (the CSP allows img-src data:, no inline script).

    Dark modules on a white background drawn inside the code, with the standard's quiet
    zone of 4 modules: a transparent one vanished on the dark theme's card (issue 32).
    Kept once drawn (~25 ms each): a club night's organiser page shows a code per table
    and is drawn again after every deal at any table."""
    return segno.make(url, error="m").svg_data_uri(scale=5, border=4, dark="#1d1a2b", light="#fff")


def _version_arg() -> int | None:
    """The version the page shows: a stream's reconnect says it as ``Last-Event-ID``."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("v", "")
    return int(raw) if raw.isdecimal() and len(raw) < 10 else None


def _unchanged(version: int) -> bool:
    """The poll's cheap answer: the viewer already shows this version."""
    return _version_arg() == version


def _no_content():
    return make_response("", 204)


_open = access.open_link

# --------------------------------------------------------------------------- the next game

_PAGE = {WATCH: "table.watch", PLAYER: "table.player"}


def _next_url(token: str, kind: str, next_id: str | None, shown: sharing.Shown | None = None) -> str | None:
    """Where this link's holder goes once Play again made ``next_id``: their own link of
    the next game (the TV's watch link, a seat's same player), or None (none for them)."""
    if next_id is None:
        return None
    token_next = sharing.next_link(get_db(), access.secret_key(), shown or _open(token, kind), next_id)
    return None if token_next is None else url_for(_PAGE[kind], token=token_next)


class Opened(NamedTuple):
    """A link's page opened: what it shows, whether the game has a next one, and the 303
    to its holder's page of it (None: none for them, or no next game yet)."""

    shown: sharing.Shown
    has_next: bool
    moved: Any


def _page_or_next(token: str, kind: str) -> Opened:
    """Open a link's page (once: a seat's claim is made, or confirmed, once per request)
    and find where its holder goes if Play again was tapped."""
    shown = _open(token, kind)
    next_id = sharing.next_game(get_db(), shown.game.id)
    url = _next_url(token, kind, next_id, shown)
    return Opened(shown, next_id is not None, see_other(url) if url is not None else None)


def _followed(url: str):
    """A poll's answer once the game has a next one: htmx opens it (``HX-Redirect``), and a
    stream tells its page to (``follow``, scribe/web/live.py)."""
    resp = _no_content()
    resp.headers["HX-Redirect"] = url
    return resp


def _fragment_or_next(token: str, kind: str):
    """A poll's cheap answers: to the next game, or 204 while the version shown is
    current; None when the fragment is to be rendered."""
    _game, version, next_id = access.link_following(token, kind)
    url = _next_url(token, kind, next_id)
    if url is not None:
        return _followed(url)
    return _no_content() if _unchanged(version) else None


# --------------------------------------------------------------------------- the Scribe


def _links_ctx(key: str, shown: sharing.Shown) -> dict[str, Any]:
    tokens = sharing.table_links(get_db(), access.secret_key(), shown.game.id, shown.full.setup.n)
    urls = {
        "scribe": table_url("play.game", key=key),
        "watch": tokens["watch"] and table_url("table.watch", token=tokens["watch"]),
        "players": [t and table_url("table.player", token=t) for t in tokens["players"]],
    }
    # a game whose bids are said aloud (no seat's bid page) words its seat links without bids
    bids = web_for(shown.game.game).PLAYER_BID_TEMPLATE is not None
    return {"game": shown.game, "sheet": shown.sheet, "urls": urls, "claimed": tokens["claimed"], "qr": qr,
            "bids": bids}


def _live_link(key: str, shown: sharing.Shown, which: Any) -> bool:
    """Whether ``which`` names a link that works now (a revoked one has nothing to lose)."""
    urls = _links_ctx(key, shown)["urls"]
    if which in ("scribe", "watch"):
        return bool(urls[which])
    players = urls["players"]
    return str(which).isdecimal() and int(which) < len(players) and bool(players[int(which)])


@bp.get("/games/<key>/links")
def links_page(key: str):
    """The Scribe's links and their QR codes: watch, one per player, the Scribe's own."""
    return render_template("table/links.html", **_links_ctx(key, access.scribe(key)))


@bp.post("/games/<key>/links")
def change_link(key: str):
    """Revoke a link, release a claimed seat, or issue a new link in its place (the
    Scribe's own: the game gets a new address, its record unchanged)."""
    shown = access.scribe(key)
    which, op = request.form.get("link"), request.form.get("op")
    asks = op == "reissue" or (op == "revoke" and which != "scribe")  # the Scribe's is never revoked
    if asks and request.form.get("confirm") != "yes" and _live_link(key, shown, which):
        # it stops a link someone may hold: one more tap, on a page that works without JS
        return render_template("table/confirm_link.html", game=shown.game, which=which, op=op,
                               names=shown.sheet.setup.players)
    try:
        if op == "reissue":
            new_key = sharing.reissue(get_db(), access.secret_key(), shown, which)
            if new_key is not None:  # this browser follows the game to its new address
                access.remember(new_key, shown.game.id)
                key = new_key
        elif op == "revoke" and which != "scribe":
            sharing.revoke(get_db(), shown, which)
        elif op == "release":
            sharing.release(get_db(), shown, which)
        else:
            raise RuleError(N_("Choose a link and what to do with it."), field="link")
    except RuleError as err:
        ctx = {**_links_ctx(key, shown), **error_ctx(err)}
        return render_template("table/links.html", **ctx), 422
    return see_other(url_for("table.links_page", key=key))


@taps.replaying("table.change_link")
def _answered_link(_done: service.TapDone):
    return see_other(url_for("table.links_page", key=request.view_args["key"]))


@bp.get("/games/<key>/poll")
def scribe_poll(key: str):
    """The Scribe's round panel again if the game moved on (bids from players' phones)."""
    if _unchanged(access.link_version(key, SCRIBE)):
        return _no_content()
    from .play import show

    return show(key)


@bp.app_template_global()
def forbidden_bid(sheet: Any) -> Any:
    """The bid the seat bidding now may not make, as the game says (None: any bid)."""
    return rules_of(sheet).forbidden_bid(sheet)


@bp.get("/games/<key>/pass/<int:player>")
def pass_phone(key: str, player: int):
    """The Scribe's phone in one player's hands (not for a seat claimed on its own phone):
    bids entered seat by seat, that player's bid buttons only (W-B7, K-B1), beside their
    dealt hand if any; cards of their own in play, that player's hand with the cards they
    may play, and their take-back.
    Asks the game (``seats_bid_alone``, ``seat_plays``, ``player_bid_state``) only."""
    shown = access.scribe(key)
    game, full = shown.game, shown.full
    rules = rules_of(full)
    if not 0 <= player < full.setup.n:
        abort(404)
    plays = rules.seat_plays(full, player)
    if not (rules.seats_bid_alone(full) or plays):
        abort(404)
    ctx = {"game": game, "sheet": shown.sheet, "row": getattr(shown.sheet, "current", None), "p": player,
           "can_bid": False, "pass_template": getattr(web_for(game.game), "PASS_TEMPLATE", "table/_pass.html")}
    if sharing.robot_at(full, player) is not None:  # issue 37: a robot's hand is nobody's, the Scribe's neither
        ctx["error"] = {"message": _("%(name)s is a robot: it plays by itself.", name=full.setup.players[player]),
                        "field": "card" if plays else "bid"}
        return page_or_fragment("table/pass.html", ctx["pass_template"], 409, **ctx)
    if scribe_seat.seat_of(game.id) is not None:  # the Scribe plays too: their own seat hides now
        scribe_seat.hide(game.id)
        if is_htmx():  # a page of its own, so the Scribe's page (and its stream) is left behind
            resp = make_response("", 200)
            resp.headers["HX-Redirect"] = request.full_path.rstrip("?")
            return resp
    sheet = sharing.viewer_sheet(full, player, shown.full_log)  # the log says which deal is whose (a game may ask)
    row = getattr(sheet, "current", None)  # a game of rows in play (the family); others show their own table
    can_bid = rules.player_bid_state(full, player)[0]
    ctx.update(sheet=sheet, row=row, can_bid=can_bid)
    claimed = player in sharing.claimed_seats(get_db(), game.id, access.device())
    if plays and _played_since(shown, player):  # reloaded, or Back, once the hand was played from
        return see_other(url_for("play.game", key=key))
    if plays:  # cards in play: this seat's hand and the trick, for its turn or its take-back
        if player in sharing.playing_on_phones(get_db(), game.id, access.device()):
            msg = _("%(name)s holds their seat on their own phone: they play their cards there.",
                    name=full.setup.players[player])
            ctx.update(sheet=shown.sheet, row=getattr(shown.sheet, "current", None), can_bid=False,
                       error={"message": msg, "field": "card"})
            return page_or_fragment("table/pass.html", ctx["pass_template"], 409, **ctx)
        return page_or_fragment("table/pass.html", ctx["pass_template"], cards=sharing.own_hands(sheet, player), **ctx)
    if claimed:
        msg = _("%(name)s holds their seat on their own phone: they enter their bid there.",
                name=full.setup.players[player])
        ctx.update(sheet=shown.sheet, row=shown.sheet.current, can_bid=False, error={"message": msg, "field": "bid"})
        return page_or_fragment("table/pass.html", ctx["pass_template"], 409, **ctx)
    if not can_bid:
        ctx["error"] = {"message": _("%(name)s has no bid to enter now.", name=full.setup.players[player]), "field": "bid"}
        return page_or_fragment("table/pass.html", ctx["pass_template"], 409, **ctx)
    # a dealt hand is shown with the bid buttons: a player bids on the cards they hold (W-R4)
    return page_or_fragment("table/pass.html", ctx["pass_template"], cards=sharing.own_hands(sheet, player), **ctx)


def _played_since(shown: sharing.Shown, player: int) -> bool:
    """Whether the table moved on for ``player`` since the version the "Play for" link was
    made at (``v``): a card of theirs, or anything but another seat's card. The phone is
    then in someone else's hands: a reload or Back must not show this hand again."""
    v = _version_arg()
    if v is None:
        return False
    quiet = rules_of(shown.full).QUIET_KINDS
    return v > shown.full.version or any(e.kind not in quiet or e.data.get("player") == player
                                         for e in shown.full_log[v:])


# --------------------------------------------------------------------------- watchers


def _watch_ctx(shown: sharing.Shown, token: str) -> dict[str, Any]:
    web = web_for(shown.game.game)
    return {"game": shown.game, "sheet": shown.sheet, "token": token, "sheet_template": f"{web.TEMPLATES}/_sheet.html",
            "round_template": web.ROUND_TEMPLATE, "bid_template": web.PLAYER_BID_TEMPLATE,
            "hand_wait": getattr(web, "HAND_WAIT", None),  # a game's words for a hand waiting to be played
            "readonly": True, "poll": POLL_SECONDS}


@bp.get("/w/<token>")
def watch(token: str):
    """The sheet, read-only, updating itself: for a phone, a tablet or the TV."""
    opened = _page_or_next(token, WATCH)
    if opened.moved is not None:  # Play again was tapped: this TV shows the next game (issue 32)
        return opened.moved
    return render_template("table/watch.html", **_watch_ctx(opened.shown, token))


@bp.get("/w/<token>/sheet")
def watch_sheet(token: str):
    """The watch fragment, or 204 No Content if the version shown is still current."""
    cheap = _fragment_or_next(token, WATCH)
    if cheap is not None:
        return cheap
    return render_template("table/_watch.html", **_watch_ctx(_open(token, WATCH), token))


# --------------------------------------------------------------------------- players


def robot_seat_words(shown: sharing.Shown) -> str:
    """What a seat's link says while a robot plays that seat (issue 37), its level in the
    reader's words: on its page and as the refusal of any tap made on it."""
    return _("A robot (%(level)s) plays %(name)s’s seat now. The Scribe can give it back to you between rounds.",
             level=_(LEVEL_WORDS[shown.robot]) if shown.robot in LEVEL_WORDS else "",
             name=shown.full.setup.players[shown.link.seat])


def _player_ctx(shown: sharing.Shown, token: str, **extra: Any) -> dict[str, Any]:
    ctx = _watch_ctx(shown, token)
    if shown.robot is not None:  # the table as the TV shows it: no hand, no buttons (its view is a watcher's)
        ctx.update(seat=None, robot_seat=shown.link.seat, robot_words=robot_seat_words(shown), cards=None,
                   can_bid=False, can_rebid=False, bid_template=None, robot_hint=None)
        return {**ctx, **extra}
    sheet, seat = shown.sheet, shown.link.seat
    rules = rules_of(shown.full)
    can_bid, waits = rules.player_bid_state(shown.full, seat)
    namer = rules.names_trump(shown.full)
    # W-B7, K-B1: their own bid, seen on this phone (not one sealed from its link), changes until the last is in
    can_rebid = rules.may_change_bid(shown.full, seat) and seat not in getattr(sheet.current, "sealed", ())
    forbidden = rules.forbidden_bid(shown.full) if can_rebid else None
    ctx.update(seat=seat, waits=waits, can_bid=can_bid, awaits_deal=rules.awaits_deal(shown.full),
               cards=sharing.own_hands(sheet, seat), can_rebid=can_rebid,
               rebid_forbidden=forbidden if getattr(forbidden, "player", None) == seat else None,
               names_trump=namer is not None and namer[0] == seat,
               robot_hint=hints.seat_hint(shown))  # this seat's own page only: from its own view
    return {**ctx, **extra}


@bp.get("/p/<token>")
def player(token: str):
    """One player's own view: their bid and score, the sheet; their bid buttons in hidden
    and secret modes (W-B7)."""
    opened = _page_or_next(token, PLAYER)
    if opened.moved is not None:  # Play again was tapped: this seat's player, in the next game (issue 32)
        return opened.moved
    return render_template("table/player.html", left_out=opened.has_next, **_player_ctx(opened.shown, token))


@bp.get("/p/<token>/view")
def player_view(token: str):
    """The player fragment, or 204 No Content if the version shown is still current."""
    cheap = _fragment_or_next(token, PLAYER)
    if cheap is not None:
        return cheap
    return render_template("table/_player.html", **_player_ctx(_open(token, PLAYER), token))


def player_bid_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not enter a bid now (message, field, status), or None."""
    sheet, seat, rules = shown.full, shown.link.seat, GAMES[shown.game.game]
    if "bid" not in rules.KINDS:
        return _("This game has no bids."), "bid", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it enters only %(name)s's bid.", name=sheet.setup.players[seat]), "player", 403
    if not rules.seats_bid_alone(sheet):
        return _("Bids are spoken aloud in this game: the Scribe enters them."), "bid", 403
    return None


class SeatTap(NamedTuple):
    """A tap on a seat's own phone, page or API: the seat's view after it (or as it was,
    if refused), the status, and the message next to its field."""

    shown: sharing.Shown
    status: int
    error: dict[str, Any] | None
    before: sharing.Shown | None = None  # recorded: the seat's view before it (a minimal answer's base)


def seat_tap(token: str, refusal, record, player: Any, round_no: Any, value: Any, field: str,
             version: Any = None) -> SeatTap:
    """One write through a player's link, the page's and the API's alike: the link's own
    limits first, then the rules; the answer is the seat's own view (its horizon kept).
    ``version``: what the page showed; a card played against an older table is a 409."""
    shown = _open(token, PLAYER)
    if shown.robot is not None:  # every seat act through this link, page and API alike: the robot's moves are its own
        return SeatTap(shown, 403, {"message": robot_seat_words(shown), "field": field})
    refused = refusal(shown, player)
    if refused is not None:
        message, field_name, status = refused
        return SeatTap(shown, status, {"message": message, "field": field_name})
    try:
        full = record(get_db(), shown.game.id, shown.link.seat, round_no, value, version=version)
    except RuleError as err:
        return SeatTap(shown, 422, error_ctx(err)["error"])
    except StaleError:  # the table moved on since the page, or many tries against a busy game
        stale = version not in (None, "")
        message = (_("The table moved on since your screen was shown: here it is now. Nothing was played.")
                   if stale else _("The game is busy: try again."))
        fresh = _open(token, PLAYER) if stale else shown
        return SeatTap(fresh, 409, {"message": message, "field": "version" if stale else field})
    return SeatTap(sharing.after(get_db(), shown, full), 200, None, shown)


def _player_action(token: str, refusal, record, field: str, value: Any = None):
    """One tap on a player's phone, shown again fresh whatever happened (``value``: what
    the tap says, when more than its ``field``)."""
    form = request.form
    tap = seat_tap(token, refusal, record, form.get("player"), form.get("round"),
                   form.get(field) if value is None else value, field, form.get("version"))
    if tap.status == 200 and not is_htmx():
        return see_other(url_for("table.player", token=token))
    ctx = {"error": tap.error} if tap.error else {}
    return page_or_fragment("table/player.html", "table/_player.html", tap.status,
                            **_player_ctx(tap.shown, token, **ctx))


@taps.replaying("table.player_bid", "table.player_rebid", "table.player_played", "table.player_take_back", "table.player_trump",
                "table.player_call")
def _answered_seat(_done: service.TapDone):
    """A seat's tap resent with its Idempotency-Key that was recorded: the seat as it is now."""
    token = request.view_args["token"]
    if not is_htmx():
        return see_other(url_for("table.player", token=token))
    return page_or_fragment("table/player.html", "table/_player.html", 200,
                            **_player_ctx(_open(token, PLAYER), token))


@bp.post("/p/<token>/bid")
def player_bid(token: str):
    """A player enters their own bid (hidden and secret modes, W-B7)."""
    return _player_action(token, player_bid_refusal, sharing.enter_bid, "bid")


@bp.post("/p/<token>/rebid")
def player_rebid(token: str):
    """A player changes their own sealed bid before the last one is in (W-B7, K-B1)."""
    return _player_action(token, player_bid_refusal, sharing.change_bid, "bid")


def player_trump_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not name the trump suit (message, field, status), or None; whose
    turn it is to name it, the rules check when it is recorded (``sharing.name_trump``)."""
    seat = shown.link.seat
    if "trump" not in GAMES[shown.game.game].KINDS:
        return _("This game has no trump to name."), "suit", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it enters only %(name)s's bid.", name=shown.full.setup.players[seat]), "player", 403
    return None


@bp.post("/p/<token>/trump")
def player_trump(token: str):
    """A Wizard turned up: the dealer names the trump suit on their own phone (W-R3)."""
    return _player_action(token, player_trump_refusal, sharing.name_trump, "suit")


def player_card_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not mark a card played (message, field, status), or None."""
    sheet, seat = shown.full, shown.link.seat
    if "played" not in GAMES[shown.game.game].KINDS:
        return _("This game has no cards to mark."), "card", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it marks only %(name)s's cards.", name=sheet.setup.players[seat]), "player", 403
    current = sharing.own_hands(shown.sheet, seat).get("current") or {}
    if current.get("hidden"):  # a new link may not probe, card by card, a hand it may not see
        return _("Your cards of this round were dealt before this link was made: they show here once the round "
                 "is scored."), "card", 403
    return None


@bp.post("/p/<token>/claim")
def claim_seat(token: str):
    """Take a seat again on the phone the Scribe released it from (a deliberate tap)."""
    _open(token, PLAYER, claim_again=True)
    return see_other(url_for("table.player", token=token))


@bp.post("/p/<token>/move")
def move_seat(token: str):
    """The seat's link opened in another browser of its player (a camera app's, then
    Chrome): after the question on the "Seat taken" page, the seat moves here; the other
    browser then says it moved."""
    if request.form.get("confirm") == "yes":
        access.move_seat(token)
    else:  # not confirmed: the link answers as when opened (the question, if the seat is elsewhere)
        access.link_version(token, PLAYER)
    return see_other(url_for("table.player", token=token))


@bp.post("/p/<token>/played")
def player_played(token: str):
    """Virtual deck: the player plays a card of their own hand to the trick, in turn (W-P1..W-P6)."""
    return _player_action(token, player_card_refusal, sharing.mark_played, "card")


@bp.post("/p/<token>/take_back")
def player_take_back(token: str):
    """Virtual deck: the player takes back the card they played last, until the next one."""
    return _player_action(token, player_card_refusal, sharing.take_back_card, "card")


CALL_FIELDS = ("call", "suit", "amount", "trump")  # what a seat says when it speaks (the game's "call" entry)


def player_call_refusal(shown: sharing.Shown, form_player: Any) -> tuple[str, str, int] | None:
    """Why this link may not say a call (take, pass, a bid...) now, or None; whose turn it
    is and what may be said, the rules check when it is recorded (``sharing.call``)."""
    seat = shown.link.seat
    if "call" not in GAMES[shown.game.game].KINDS:
        return _("This game has no calls to make on a phone."), "call", 404
    if form_player not in (None, "", str(seat), seat):
        return _("This link is %(name)s's: it speaks only for %(name)s.", name=shown.full.setup.players[seat]), "player", 403
    current = sharing.own_hands(shown.sheet, seat).get("current") or {}
    if current.get("hidden"):  # the cards this seat would speak on are not shown on this link
        return _("Your cards of this round were dealt before this link was made: they show here once the round "
                 "is scored."), "call", 403
    return None


def said(source: Any) -> dict[str, Any]:
    """A call's fields as sent, the empty ones left out (the rules say what is missing)."""
    return {k: source.get(k) for k in CALL_FIELDS if source.get(k) not in (None, "")}


@bp.post("/p/<token>/call")
def player_call(token: str):
    """Virtual deck: the seat in turn says its call on its own phone (take or pass, a bid,
    coinche), as the game's auction goes."""
    return _player_action(token, player_call_refusal, sharing.call, "call", said(request.form))
