"""No page answers 500, whatever the state of the game and whoever looks (issue 18).

Each scenario is one game played through the real app (tests/web/table_driver.py), every
phase of a round in turn: before the deal, dealt, a turned Wizard's suit to name, bidding
partway, bids in, cards being played (a card taken back), the last trick taken, the
round scored, its tricks undone and redone, corrected, the correction undone and redone,
a bid undone after the reveal, the game finished, undone and finished again, Play again
(the old game's pages, polls, streams and JSON leading on to the next), deleted.
After each step the GET routes of the game are opened by everyone who can open them: the
Scribe (page, htmx fragment, poll, /pass/N for every N, links, history, settings, every
round's correction page, the sheet as PDF, the CSV exports, the lists and statistics,
the JSON API), the TV (watch page, fragment, JSON) and the phone of each claimed seat
(page, fragment, JSON), plus the phones refused (another phone on a claimed seat, a
released phone, a replaced link). The Scribe's page, fragment, poll and /pass/N, the
history, the TV's fragment and each seat's fragment at every step; the other routes in
turn, at one step in two to forty-eight (``ROUTES``), so that across scenarios each meets
every phase; all of them at the game's end. Who holds which seat changes along the way:
none, some, all, the Scribe's own phone holding one, a seat released, a link re-issued or
revoked; and at each step where bids or cards are being entered in a game with sealed bids
or a virtual deck, the Scribe's outputs are opened again with every seat claimed or with
none, in turn. Every write along the way (forms as htmx and plain, the API, a retried
tap, a stale one) is held to the same rule.

Scenarios: Wizard, each rule set (standard, ±1, leader restriction with and without tied
leaders, Canadian) in each reveal mode (open, hidden, secret), virtual deck on and off,
3 to 6 players; Unicolore; the Jubilee cards on the sheet and on the virtual deck; one full game to its last round (no trump); Witty Zibi (two
clans, Un tout seul); points games (Skyjo, 6 qui prend!, custom); French Tarot (five with a
called King, six with the dealer out); Skull King (the Kraken and Loot; Rascal's scoring with
the Cannonball at eight; two players with the house rule). Half of them in French.

The routes come from ``app.url_map``: ``ROUTES`` says who opens each and how often; a GET
route listed nowhere is still opened at every step when its path reads like the game's
(``derived``), and one the walk cannot open fails ``test_every_get_route_is_walked``. The
walk's time is printed with the report ("state walk: ... in N s").
"""

from __future__ import annotations

import logging
import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from conftest import app_config
from flask import request, request_finished
from table_driver import Table, seed_turning
from test_event_walk import EVENT_ROUTES
from web_helpers import HX, errors, text

from scribe import create_app, service
from scribe.events import FORMATS
from scribe.games import GAMES
from scribe.pdf import PRINTS

# --------------------------------------------------------------------------- the routes


@dataclass(frozen=True)
class Get:
    viewer: str
    client: Any
    path: str
    headers: dict = field(default_factory=dict)


def _scribe(t: Table, *paths: str, hx: tuple[str, ...] = ()) -> list[Get]:
    """The Scribe opens ``paths``, and ``hx`` as htmx does (the fragment)."""
    return [Get("Scribe", t.scribe, p) for p in paths] + [Get("Scribe", t.scribe, p, HX) for p in hx]


def _pass(t: Table, s: dict, only: Any = None) -> list[Get]:
    """/pass/N for every seat (``only``: those) and one past them: fragments, and the
    page of the first and the last."""
    every = [f"/games/{t.key}/pass/{p}" for p in range(t.n + 1) if only is None or p in only]
    return _scribe(t, every[0], every[-1], hx=tuple(every)) if every else []


def _corrections(t: Table, s: dict) -> list[Get]:
    """Every round's correction page, and one past them (a 404); the last one as a fragment too."""
    pages = [f"/games/{t.key}/rounds/{r}" for r in range(1, len(s["rounds"]) + 2)]
    return _scribe(t, *pages, hx=(pages[-2] if len(pages) > 1 else pages[0],))


# What each GET route is, for a game at the table: its tier, how often it is opened and
# who opens it where (``s``: the Scribe's sheet as JSON at this step). Tiers: "claims",
# the Scribe's outputs that depend on which seats are held on their own phones, opened
# again under each pattern of claims; "links", the links page; "state", the game's other
# outputs; "seats", each held seat on its phone and the phones refused; "print", the PDFs.
# ``every``: at one step in that many, in turn (offset per scenario and route), so that
# each route meets every phase across the scenarios; every route at the game's end.
ROUTES: dict[str, tuple[str, int, Callable[..., list[Get]]]] = {
    "play.game": ("claims", 1, lambda t, s: _scribe(t, f"/games/{t.key}", hx=(f"/games/{t.key}",))),
    "table.scribe_poll": ("claims", 1, lambda t, s: _scribe(
        t, hx=(f"/games/{t.key}/poll?v=0", f"/games/{t.key}/poll?v={s['version']}"))),
    "table.pass_phone": ("claims", 1, _pass),
    "live.scribe_events": ("claims", 1, lambda t, s: _scribe(
        t, f"/games/{t.key}/events?v=0", f"/games/{t.key}/events?v={s['version']}")),
    "table.links_page": ("links", 4, lambda t, s: _scribe(t, f"/games/{t.key}/links")),
    "api.links": ("links", 4, lambda t, s: _scribe(t, f"/api/games/{t.key}/links")),
    "pages.history": ("state", 1, lambda t, s: _scribe(t, f"/games/{t.key}/history")),
    "api.read": ("state", 1, lambda t, s: _scribe(t, f"/api/games/{t.key}")),
    "table.watch_sheet": ("state", 1, lambda t, s: _tv(t, "/w/{}/sheet?v=0", hx=True)),
    "play.edit_round": ("state", 2, _corrections),
    "api.history": ("state", 2, lambda t, s: _scribe(t, f"/api/games/{t.key}/history")),
    "table.watch": ("state", 2, lambda t, s: _tv(t, "/w/{}")),
    "live.watch_events": ("state", 1, lambda t, s: _tv(t, "/w/{}/events?v=0")),
    "api.watch": ("state", 3, lambda t, s: _tv(t, "/api/watch/{}")),
    "api.sheet": ("state", 3, lambda t, s: _scribe(t, f"/api/games/{t.key}/sheet")),
    "stats.export": ("state", 3, lambda t, s: _scribe(t, "/export/games.csv", "/export/rounds.csv",
                                                      "/export/entries.csv")),
    "pages.settings": ("state", 6, lambda t, s: _scribe(t, f"/games/{t.key}/settings")),
    "api.games": ("state", 6, lambda t, s: _scribe(t, "/api/games")),
    "pages.index": ("state", 6, lambda t, s: _scribe(t, "/")),
    "stats.page": ("state", 6, lambda t, s: _scribe(t, "/stats")),
    "stats.api_stats": ("state", 6, lambda t, s: _scribe(t, "/api/stats")),
    "stats.players": ("state", 6, lambda t, s: _scribe(t, "/players")),
    "stats.api_players": ("state", 6, lambda t, s: _scribe(t, "/api/players")),
    "stats.api_ladders": ("state", 6, lambda t, s: _scribe(t, "/api/ladders", "/api/ladders?game=wizard")),
    "stats.export_bgstats": ("state", 6, lambda t, s: _scribe(t, "/export/bgstats.bgsplay")),
    "table.player_view": ("seats", 1, lambda t, s, **kw: _seats(t, "/p/{}/view?v=0", hx=True, **kw)),
    "table.player": ("seats", 2, lambda t, s, **kw: _seats(t, "/p/{}", **kw)),
    "live.player_events": ("seats", 1, lambda t, s, **kw: _seats(t, "/p/{}/events?v=0", **kw)),
    "api.player": ("seats", 2, lambda t, s, **kw: _seats(t, "/api/player/{}", **kw)),
    "pdf.sheet": ("print", 48, lambda t, s: _scribe(t, f"/games/{t.key}/sheet.pdf")),
    "pdf.api_sheet": ("print", 48, lambda t, s: _scribe(t, f"/api/games/{t.key}/sheet.pdf?paper=letter")),
}

SEATED = {ROUTES[e][2] for e in ("table.pass_phone", "table.player", "table.player_view", "live.player_events",
                                  "api.player")}

# A GET route of the URL map listed nowhere here is still walked, at every step, when its
# path reads like the game's own: a Scribe's route (/games/<key>..., /api/games/<key>...),
# the TV's (/w/<token>..., /api/watch/<token>...) or a seat's (/p/<token>...,
# /api/player/<token>...), its other parts a seat (<int:player>) or a round (<int:number>).
_ARG = re.compile(r"<(?:[^:>]+:)?([^>]+)>")
_VIEWERS = {"/games/<key>": "scribe", "/api/games/<key>": "scribe", "/w/<token>": "tv", "/api/watch/<token>": "tv",
            "/p/<token>": "seat", "/api/player/<token>": "seat"}


def derived(rule) -> Callable[..., list[Get]] | None:
    """How the walk opens a GET route from its rule alone, or None if it cannot."""
    viewer = next((v for prefix, v in _VIEWERS.items() if rule.rule.startswith(prefix)), None)
    if viewer is None or set(rule.arguments) - {"key", "token", "player", "number"}:
        return None

    def build(t: Table, s: dict, **_kw: Any) -> list[Get]:
        seats, rounds = range(t.n + 1), range(1, len(s.get("rounds", ())) + 2)
        if viewer == "scribe":
            holders = [("Scribe", t.scribe, t.key)]
        elif viewer == "tv":
            holders = [("TV", t.tv, t.watch)] if t.watch else []
        else:
            holders = [(f"seat {seat}", c, t.tokens[seat]) for seat, c in sorted(t.holders.items())]
        out = []
        for who, client, token in holders:
            for player in seats if "player" in rule.arguments else (0,):
                for number in rounds if "number" in rule.arguments else (0,):
                    values = {"key": token, "token": token, "player": player, "number": number}
                    path = _ARG.sub(lambda m: str(values[m.group(1)]), rule.rule)
                    out += [Get(who, client, path), Get(who, client, path, HX)]
        return out

    return build


def routes_of(app) -> dict[str, tuple[str, int, Callable[..., list[Get]]]]:
    """``ROUTES``, and the app's other GET routes the walk can open by their rule alone."""
    out = dict(ROUTES)
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods and rule.endpoint not in ROUTES and rule.endpoint not in STATELESS:
            build = derived(rule)
            if build is not None:
                out[rule.endpoint] = ("state", 1, build)
    return out

# GET routes that show no game: opened once, by test_routes_that_show_no_game.
STATELESS = {
    "static": ["/static/scribe.js", "/static/scribe.css"],
    "shell.service_worker": ["/sw.js"],
    "shell.offline": ["/offline/en", "/offline/fr"],
    "i18n.switch": ["/lang/fr", "/lang/en"],
    "health.healthz": ["/healthz"],
    "pdf.pads": ["/pads", *(f"/pads?game={g}" for g in PRINTS)],
    "pdf.pad": [f"/pads.pdf?game={g}&players={PRINTS[g].seats[0]}" for g in PRINTS],
    "pages.new_game": ["/games/new", *(f"/games/new?game={g}" for g in GAMES)],
    "api.openapi": ["/api/openapi.json"],
    "events.new": ["/events/new", *(f"/events/new?format={f}" for f in FORMATS)],
}


def _tv(t: Table, pattern: str, hx: bool = False) -> list[Get]:
    """The TV on its watch link, and on the links the Scribe replaced or revoked (410)."""
    out = [Get("TV", t.tv, pattern.format(t.watch), HX if hx else {})] if t.watch else []
    tail = pattern.split("{}")[1]
    return out + [Get("replaced link", c, path + tail, HX if hx else {}) for c, path in t.gone if path.startswith("/w/")]


def _seats(t: Table, pattern: str, hx: bool = False, only: Any = None) -> list[Get]:
    """Each held seat on its holder's phone (``only``: those seats), another phone on a
    claimed seat (403), the phones released from a seat (403) or whose link was replaced (410)."""
    headers = HX if hx else {}
    out: list[Get] = []
    for seat, holder in sorted(t.holders.items()):
        if only is None or seat in only:
            who = "the Scribe's phone holding seat" if holder is t.scribe else "seat"
            out.append(Get(f"{who} {seat}", holder, pattern.format(t.tokens[seat]), headers))
    if only is not None:
        return out
    held = [s for s in sorted(t.holders) if t.tokens[s]]
    if held:
        out.append(Get("another phone", t.phone(), pattern.format(t.tokens[held[0]]), headers))
    for client, path in t.gone if not hx else ():  # the page and the JSON say why, in words
        if path.startswith("/p/"):
            out.append(Get("refused phone", client, pattern.format(path[len("/p/"):]), headers))
    return out


# --------------------------------------------------------------------------- the walker


class Crashes(logging.Handler):
    """The tracebacks the app logs with each 500 ("unhandled error"), kept to be read."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.last: str = ""

    def emit(self, record):
        if record.exc_info:
            exc, tb = record.exc_info[1], record.exc_info[2]
            where = ""
            while tb is not None:  # the deepest frame in Scribe's own code or templates
                name = tb.tb_frame.f_code.co_filename
                if "/scribe/" in name or "/templates/" in name:
                    where = f"{name.rsplit('/', 2)[-2]}/{name.rsplit('/', 1)[-1]}:{tb.tb_lineno}"
                tb = tb.tb_next
            self.last = f"{type(exc).__name__}: {exc} (at {where})"


class Walker:
    """Opens the routes, and keeps every answer of 500 or more the app gave meanwhile
    (writes included), with the step, the viewer and the route."""

    def __init__(self, app, name: str, offset: int):
        self.app, self.name, self.offset = app, name, offset
        self.routes = routes_of(app)
        self.step, self.viewer, self.steps, self.sheet = "setup", "driver", 0, {}
        self.problems: dict[tuple, str] = {}
        self.opened: set[str] = set()
        self.requests = 0
        self.crashes = Crashes()

    def __enter__(self):
        request_finished.connect(self._finished, self.app, weak=False)
        self.app.logger.addHandler(self.crashes)
        return self

    def __exit__(self, *exc):
        request_finished.disconnect(self._finished, self.app)
        self.app.logger.removeHandler(self.crashes)

    def _finished(self, sender, response, **extra):
        self.requests += 1
        rule = request.url_rule.rule if request.url_rule else request.path
        if request.method == "GET" and request.endpoint:
            self.opened.add(request.endpoint)
        if response.status_code >= 500:
            where = (request.method, rule, response.status_code, self.crashes.last)
            self.crashes.last = ""
            self.problems.setdefault(where, f"{self.name} · {self.step} · {self.viewer} · "
                                            f"{'htmx ' if request.headers.get('HX-Request') else ''}{request.method}")

    def open(self, gets: list[Get]) -> None:
        for g in gets:
            self.viewer = g.viewer
            g.client.get(g.path, headers=g.headers)
        self.viewer = "driver"

    def tier(self, t: Table, name: str, only: Any = None, due: bool = False) -> None:
        """The routes of one tier due at this step (``due``: all of them); ``only``: for
        those seats, where a route takes one."""
        for i, (endpoint, (tier, every, build)) in enumerate(self.routes.items()):
            if tier == name and (due or (self.steps + self.offset + i) % every == 0):
                self.open(build(t, self.sheet, only=only) if only is not None and build in SEATED else
                          build(t, self.sheet))

    def state(self, t: Table, step: str, churn: bool = False, still: bool = False, end: bool = False) -> None:
        """What the table can open now (every route at the game's end); with ``churn``,
        the Scribe's outputs again with every seat claimed, or with none, in turn (without,
        with every seat claimed at one step in four); ``still``: no seat changes hands;
        ``end``: the game's last state (finished, or Witty Zibi's last round), every route."""
        self.step, self.sheet = step, t.sheet()
        for name in ("claims", "links", "state", "seats", "print"):
            self.tier(t, name, due=end)
        if churn and not still:
            (self._all_claimed, self._none_claimed)[self.steps % 2](t)
        elif (self.steps + self.offset) % 4 == 0 and not still:  # claims change little here: each seat's own view
            self._all_claimed(t)
        self.steps += 1

    def _all_claimed(self, t: Table) -> None:
        """Every free seat taken for a moment (by the phone it was released from, else by a
        new one), then released again: the Scribe's outputs, and those seats' own views."""
        free = [s for s in range(t.n) if s not in t.holders and t.tokens[s]]
        if not free:
            return
        self.step += " [all claimed]"
        released = {path: client for client, path in t.gone}
        for s in free:
            again = released.get(f"/p/{t.tokens[s]}")
            t.take_back_seat(s, again) if again is not None else t.claim(s)
        self.tier(t, "claims", only=free)
        self.tier(t, "links")
        self.tier(t, "seats", only=free, due=True)
        for s in free:
            t.release(s)
            if released.get(f"/p/{t.tokens[s]}") is None:
                t.gone.pop()  # a phone of a moment: not kept
        self.step = self.step.removesuffix(" [all claimed]")

    def _none_claimed(self, t: Table) -> None:
        """Every held seat released for a moment; each phone then takes its seat back."""
        held = dict(t.holders)
        if not held:
            return
        self.step += " [none claimed]"
        for s in held:
            t.release(s)
        self.tier(t, "claims", only=held)
        self.tier(t, "links")
        for s, client in held.items():
            t.gone.pop()
            t.take_back_seat(s, client)
        self.step = self.step.removesuffix(" [none claimed]")

    def report(self) -> str:
        lines = [f"{len(self.problems)} kind(s) of 5xx:"]
        for (method, rule, status, error), first in self.problems.items():
            lines.append(f"  {status} {method} {rule}: {error or '(no traceback logged)'}\n      first: {first}")
        return "\n".join(lines)


def ok(resp, *allowed: int) -> Any:
    """A write the script needs: accepted (200, 201 or 303)."""
    good = allowed or (200, 201, 303)
    body = resp.get_data(as_text=True)
    assert resp.status_code in good, (resp.status_code, resp.get_json(silent=True) or errors(body) or text(body)[:300])
    return resp


# --------------------------------------------------------------------------- who holds which seat


def arrange(t: Table, arrangement: str) -> None:
    """The seats held at the start: none, some (on phones), the Scribe's own phone holding
    one, or all."""
    if arrangement == "some":
        for s in range(0, t.n, 2):
            t.claim(s)
    elif arrangement == "scribe_own":
        t.claim(0)
        t.claim(1, t.scribe)
    elif arrangement == "all":
        for s in range(t.n):
            t.claim(s)


def churn_early(t: Table, arrangement: str, last: int) -> None:
    """Mid-bidding: a held seat is released (its phone is told), the last seat's link is
    re-issued, the TV's link revoked. A phone takes the new link unless nobody holds
    phones; on the virtual deck only at the next round, as a hand dealt before a link
    stays sealed from it (so that seat's cards are played from the Scribe's phone)."""
    phones = [s for s, c in sorted(t.holders.items()) if c is not t.scribe]
    if phones:
        t.release(phones[0])
    t.reissue(last)
    if arrangement != "none" and not t.rules.get("virtual_deck"):
        t.claim(last)
    t.revoke_watch()


def churn_late(t: Table, arrangement: str) -> None:
    """After the first round: a new watch link, a new Scribe's link, a seat's link revoked
    and a released seat taken by the next phone."""
    t.reissue_watch()
    t.reissue_scribe()
    free = [s for s in range(t.n) if s not in t.holders and t.tokens[s]]
    if free and arrangement != "none":
        t.claim(free[0])
    t.revoke(t.n - 1)


# --------------------------------------------------------------------------- taps at the edges


def double_tap(t: Table, data: dict[str, Any]) -> None:
    """A bid tapped on the Scribe's page, then the same tap sent again by a phone whose
    connection dropped (X-Scribe-Retry, the page's version), then an undo from a page two
    versions old: recorded once, then the game as it is, then a 409."""
    form = {"version": str(t.sheet()["version"]), **{k: str(v) for k, v in data.items()}}
    ok(t._wrote(t.scribe.post(f"/games/{t.key}/bid", data=form, headers=HX)))
    again = t.scribe.post(f"/games/{t.key}/bid", data=form, headers={**HX, "X-Scribe-Retry": "1"})
    ok(again, 200, 409, 422)  # sealed bids are verified fresh: the seat has bid (422)
    ok(t.scribe.post(f"/games/{t.key}/undo", data={"version": "0"}, headers=HX), 409)


def nothing_to_take_back(t: Table) -> None:
    """Undo and redo with nothing to take back or bring back: refused in words."""
    ok(t.undo("hx"), 409, 422)
    ok(t.redo("api"), 409, 422)


def put_away(t: Table, walk: Walker) -> None:
    """The game renamed (markup and an emoji in the name), deleted (every link then leads
    nowhere, in words), restored."""
    ok(t.scribe.post(f"/games/{t.key}/rename", data={"name": "<i>Soirée</i> & 🎲 chez Zoé"}))
    ok(t.scribe.post(f"/games/{t.key}/delete", data={"confirm": "yes"}))
    walk.state(t, "game deleted", still=True)
    ok(t.scribe.post(f"/games/{t.key}/restore"))
    t._wrote(None)
    walk.open(ROUTES["play.game"][2](t, t.sheet()))


# --------------------------------------------------------------------------- scripts


def wizard_script(t: Table, walk: Walker, sc: Scenario) -> None:
    vdeck = t.rules["virtual_deck"]
    churn = vdeck or t.sealed_bids  # who holds which seat changes the Scribe's round panel
    count = t.sheet()["round_count"]
    nothing_to_take_back(t)
    for number in range(1, count + 1):
        seen = number >= sc.walk_from or number == count

        def w(label: str, live: bool = False) -> None:
            """Walk this step; ``live``: bids or cards are being entered, so the Scribe's
            outputs are opened again under every pattern of claims."""
            if seen:
                walk.state(t, f"round {number}: {label}", churn and live)

        row = t.sheet()["rounds"][number - 1]
        cards, order = row["cards"], row["order"]
        if number > 1 and t.tokens[t.n - 1] is None:  # the link revoked after round 1: a new one
            t.reissue(t.n - 1)
        if number > 1 and sc.arrangement != "none":  # new links taken before the deal
            for seat in range(t.n):
                if seat not in t.holders and t.tokens[seat] and f"/p/{t.tokens[seat]}" not in {
                        p: c for c, p in t.gone}:
                    t.claim(seat)
        w("before the deal" if vdeck else "round begins")
        if vdeck and number == 1:  # issue 37: the last seat to a robot, between deals, and taken back
            ok(t.api_post("/api/games/KEY/actions/bot", {"seat": t.n - 1, "level": "hard"}))
            w("the last seat a robot's")
            ok(t.undo())
            w("the robot's seat taken back")
        if vdeck:
            ok(t.deal())
            if number == 1:  # taken back: dealt again alike, or shuffled again first (issue 32)
                ok(t.undo())
                w("deal taken back: the same cards next")
                ok(t.deal())
                ok(t.undo())
                ok(t.shuffle())
                w("shuffled again", live=True)
                ok(t.deal())
            w("dealt", live=True)
        elif row["has_trump"]:
            ok(t.trump("wizard" if number == 1 and sc.turn_wizard else ("blue", "green", "red", "yellow")[number % 4]))
        trump = t.sheet()["rounds"][number - 1]["trump"]
        if trump and trump["card"] == "wizard" and trump["suit"] is None:  # W-R3
            w("trump to name", live=True)
            ok(t.trump("wizard", "red"))
            w("trump named")
        changed = False
        for k, seat in enumerate(order):
            value = 1 if k == 1 and cards >= 2 else 0
            if number == 1 and k == 0 and not (t.sealed_bids and t.own_phone(seat)):
                double_tap(t, {"round": 1, "player": seat, "bid": value})
            elif number == count and k == t.n - 1 and cards > 1:  # the bid making the total, if allowed
                made = t.bid(seat, cards - 1)  # (a correction of round 1 may then break it, W-B4)
                ok(made, 200, 303, 422)
                if made.status_code == 422:
                    ok(t.bid(seat, 0))
            else:
                ok(t.bid(seat, value))
            if number == 2 and k < t.n - 1 and not changed and t.sealed_bids and t.own_phone(seat):
                changed = True  # a bid changed on its phone before the last (W-B7), and back
                ok(t.rebid(seat, 1 - value))
                w("a bid changed before the last", live=True)
                ok(t.rebid(seat, value))
            if number == 1 and k == 0:
                churn_early(t, sc.arrangement, order[-1])
            if k in (0, t.n - 2, t.n - 1):  # the first bid in, all but the last, all
                w("bids in" if k == t.n - 1 else f"bidding {k + 1} of {t.n}", live=True)
        if number == 2:  # a bid taken back after the bids were revealed (hidden), and brought back
            ok(t.undo())
            w("last bid undone", live=True)
            ok(t.redo())
            w("last bid redone")
        if vdeck:
            total = t.n * cards
            for i in range(total):
                ok(t.play())
                if i == 0:
                    w("first card played", live=True)
                    ok(t.tricks([cards] + [0] * (t.n - 1)), 409, 422)  # typed tricks while cards are played
                    ok(t.take_back())
                    w("card taken back", live=True)
                    ok(t.play())
                elif i == total - 1:
                    w("last trick taken", live=True)
                elif (i + 1) % t.n == 0:
                    w(f"trick {(i + 1) // t.n} taken", live=True)
            ok(t.tricks(None))
        else:
            ok(t.tricks([cards if p == order[0] else 0 for p in range(t.n)]))
        w("round scored")
        if number == 1:
            ok(t.undo())
            w("tricks undone", live=True)
            ok(t.redo())
            w("tricks redone")
            done = t.sheet()["rounds"][0]
            taker = order[1] if done["tricks"][order[1]] != cards else order[0]  # the tricks change hands
            ok(t.correct(1, done["bids"], [cards if p == taker else 0 for p in range(t.n)]))
            w("corrected")
            ok(t.undo())
            w("correction undone")
            ok(t.redo())
            w("correction redone")
            churn_late(t, sc.arrangement)
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "last tricks undone", churn)
    ok(t.redo())
    walk.state(t, "game finished again")
    if count > 1:  # the last round's last bidder takes round 1: leading now, their last bid may be flagged
        last = t.sheet()["rounds"][-1]["order"][-1]
        first = t.sheet()["rounds"][0]
        ok(t.correct(1, [first["cards"] if p == last else 0 for p in range(t.n)],
                     [first["cards"] if p == last else 0 for p in range(t.n)]), 200, 303, 422)
        walk.state(t, "round 1 corrected after the game")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def jubilee_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """Wizard's Jubilee cards (W-J1..W-J6). On the score sheet: the Werewolf's trump, a
    turned Dragon's suit, the Bomb's trick nobody wins and the Cloud's change with the
    tricks, a refused change, a correction. On the virtual deck (the deals set here): the
    Werewolf swapped and its trump named, the Cloud's trick and its change, the Juggler's
    passes (sealed but for two seats), the Bomb's trick, each walked."""
    from scribe.games.wizard.game import GAME

    vdeck = t.rules["virtual_deck"]
    n = t.n

    def w(label: str, live: bool = False) -> None:
        walk.state(t, label, live)

    def tricks(number: int, counts, destroyed=0, cloud=None, way=None):
        way = way or t.next_way()
        if way == "api":
            body = {"tricks": counts, **({"destroyed": destroyed} if destroyed else {}),
                    **({"cloud": cloud} if cloud else {})}
            return t.scribe_act("tricks", {"round": number, **body}, "api", api_path="/api/games/KEY/tricks")
        data = {"round": number, "tricks": counts, "destroyed": destroyed or None}
        if cloud:
            data.update({"cloud.player": cloud["player"], "cloud.change": cloud["change"]})
        return t.scribe_act("tricks", data, way)

    def bids(number: int, values: dict[int, int]) -> None:
        for seat in t.sheet()["rounds"][number - 1]["order"]:
            ok(t.bid(seat, values.get(seat, 0)))

    if not vdeck:
        ok(t.trump("werewolf", "none"))  # W-J5: recorded as named
        w("round 1: werewolf trump")
        bids(1, {})
        ok(tricks(1, [0] * n, destroyed=1, cloud={"player": 0, "change": 1}), 422)  # no trick, no Cloud
        w("round 1: a cloud change refused", live=True)
        ok(tricks(1, [0] * n, destroyed=1))  # W-J2: the Bomb took the only trick
        w("round 1: scored, the bomb's trick")
        ok(t.trump("dragon"))  # turned: the dealer names the suit (reading)
        w("round 2: dragon turned, suit to name", live=True)
        ok(t.trump("dragon", "red"))
        bids(2, {0: 1})
        ok(tricks(2, [2] + [0] * (n - 1), cloud={"player": 0, "change": 1}))  # W-J3: 1 -> 2
        w("round 2: scored with the cloud")
        ok(t.correct(2, [1] + [0] * (n - 1), [1, 1] + [0] * (n - 2)))
        w("round 2: corrected")
        ok(t.undo())
        w("correction undone")
        ok(t.redo())
    else:
        deals = {1: ([["WW"], ["CL"], ["R5"]], "W"),
                 2: ([["JU", "BO"], ["R1", "B7"], ["R2", "Y9"]], "DR")}
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(GAME.__class__, "DRAWN", {"deal": lambda sheet, data, rng: {
                "round": sheet.current.number, "hands": deals[sheet.current.number][0],
                "turned": deals[sheet.current.number][1]}})
            for number in (1, 2):
                w(f"round {number}: before the deal")
                ok(t.deal())
                trump = t.sheet()["rounds"][number - 1]["trump"]
                w(f"round {number}: {trump['card']} to name", live=True)
                ok(t.trump(trump["card"], "none" if trump["card"] == "werewolf" else "green"))
                bids(number, {1: 1})
                w(f"round {number}: bids in", live=True)
                while True:
                    play = t.sheet()["rounds"][number - 1]["play"]
                    if play["waiting"] == "cloud":
                        w(f"round {number}: the cloud's change to make", live=True)
                        ok(t.scribe_act("cloud", {"round": number, "player": play["cloud_winner"], "change": "+1"}))
                        continue
                    if play["finished"]:
                        break
                    pending = play["waiting"] == "pass"
                    seat = _to_pass(t, number) if pending else play["turn"]
                    card = t.legal(seat)[0]
                    if card in ("CL", "JU"):
                        card += "G"
                    data = {"round": number, "card": card}
                    if t._plays_on_own_phone(seat):
                        ok(t.seat_act(seat, "played", data))
                    else:
                        ok(t.scribe_act("played", {**data, "player": seat}))
                    done = t.sheet()["rounds"][number - 1]["play"]
                    if pending or not done["trick"]:
                        w(f"round {number}: {'a card passed' if pending else 'a trick taken'}", live=True)
                ok(t.tricks(None))
                w(f"round {number}: scored")
        rows = t.full()[0].rows  # the script met what it is for: the Cloud, the passes, the Bomb
        assert rows[0].cloud is not None and all(rows[1].passed) and rows[1].destroyed == 1
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "last tricks undone", True)
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def _to_pass(t: Table, number: int) -> int:
    """The first seat still to pass a card after the Juggler's trick (W-J4)."""
    full, _log = t.full()
    return full.rows[number - 1].play.to_pass[0]


def zibi_script(t: Table, walk: Walker, sc: Scenario) -> None:
    def act(kind: str, **data):
        return ok(t.scribe_act(kind, data))

    nothing_to_take_back(t)
    walk.state(t, "round begins")
    if t.n == 5:  # Un tout seul: the token set aside is told
        act("set_aside", clan="C")
        walk.state(t, "token set aside")
        act("damage", player=0, amount=30)
        walk.state(t, "damage taken")
        act("result", clans=["A", "A", "B", "B", "C"], eliminated=[True, True, False, False, False])
    else:
        for amount in (30, 30, 30, 20):
            act("damage", player=0, amount=amount)
        walk.state(t, "a player out")
        act("damage", player=1, amount=20)
        act("heal", player=1)
        walk.state(t, "healed")
        act("reveal", player=0, clan="B")
        walk.state(t, "a clan shown")
        for amount in (30, 30, 30, 30):
            act("damage", player=3, amount=amount)
        act("reveal", player=3, clan="B")
        walk.state(t, "the table is asked whether the round is over")
        act("reveal", player=1, clan="A")
        act("reveal", player=2, clan="A")
        walk.state(t, "round over")
        act("result", clans=["B", "A", "A", "B"], eliminated=[True, False, False, True])
    walk.state(t, "round scored")
    clans = ["A", "B"] * (t.n // 2) + ["C"] * (t.n % 2)
    ok(t.api_post("/api/games/KEY/rounds/1/correction", {"clans": clans, "eliminated": [c == "A" for c in clans]}))
    walk.state(t, "corrected")
    ok(t.undo())
    walk.state(t, "correction undone")
    ok(t.redo())
    walk.state(t, "correction redone")
    act("damage", player=1, amount=10)
    walk.state(t, "next round", end=True)  # Witty Zibi has no end (Z-S3): the table stops here
    put_away(t, walk)


def points_script(t: Table, walk: Walker, sc: Scenario) -> None:
    skyjo = sc.body.get("preset", "skyjo") == "skyjo"

    def enter(points: list[int]):
        return ok(t.scribe_act("round", {"points": points, "closer": 0 if skyjo else None}))

    nothing_to_take_back(t)
    walk.state(t, "round begins")
    enter([5, 3] + [1] * (t.n - 2))
    walk.state(t, "round 1 scored")
    enter([2, 4] + [0] * (t.n - 2))
    walk.state(t, "round 2 scored")
    ok(t.api_post("/api/games/KEY/rounds/1/correction",
                  {"points": [6, 3] + [1] * (t.n - 2), **({"closer": 1} if skyjo else {})}))
    walk.state(t, "corrected")
    ok(t.undo())
    walk.state(t, "correction undone")
    ok(t.redo())
    walk.state(t, "correction redone")
    while not t.sheet()["finished"]:
        enter([70] + [0] * (t.n - 1))
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "last round undone")
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def belote_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """Belote and Coinche: deals (the form, htmx and the API), everyone passed, a litige
    held and won (B-S4), a capot, a coinche, a correction undone and redone, the end at
    the target or after the deals agreed (B-E1, B-E2, C-E1)."""
    coinche = t.sheet()["variant"] == "coinche"

    def deal(way: str, takers: int = 0, points: int | None = 95, **extra: Any):
        body: dict[str, Any] = {"takers": takers, "points": points, **extra}
        if coinche:
            body = {"contract": 80, "level": 0, **body}
        if way != "api":
            body = {"counted": "takers", **body}
        return ok(t.scribe_act("result", body, way))

    nothing_to_take_back(t)
    walk.state(t, "before the first deal")
    deal("hx")
    walk.state(t, "deal 1 scored")
    ok(t.scribe_act("result", {"takers": "passed"}, "api"))
    walk.state(t, "everyone passed")
    deal("form", 1, 81, **({"contract": 80} if coinche else {}))  # 81 each: the takers' points held
    walk.state(t, "81 points each: a litige at Belote")
    deal("api", 0, None, capot=0, belote=0, **({"contract": "capot", "level": 1} if coinche else {}))
    walk.state(t, "a capot, the litige won")
    ok(t.api_post("/api/games/KEY/rounds/1/correction", {"takers": 1, "points": 100,
                                                          **({"contract": 90, "level": 0} if coinche else {})}))
    walk.state(t, "corrected")
    ok(t.undo())
    walk.state(t, "correction undone")
    ok(t.redo())
    walk.state(t, "correction redone")
    while not t.sheet()["finished"]:
        deal("api", 1, 130, **({"contract": 120} if coinche else {}))
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "the last deal undone")
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def tarot_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """French Tarot: deals (the form and the API), everyone passed, a petit au bout and a
    poignée, a correction undone and redone, the end by the table or by the deals agreed."""
    def deal(way: str, contract: str = "garde", **extra: Any):
        s = t.sheet()
        taker = next(p for p in range(t.n) if p != s["sits_out"])
        partner = next(p for p in range(t.n) if p not in (s["sits_out"], taker)) if t.n >= 5 else None  # T-C2
        if way == "api":
            body = {"taker": taker, "contract": contract, "partner": partner, "bouts": 2, "attack_points": 49, **extra}
            return ok(t.api_post("/api/games/KEY/actions/deal", {k: v for k, v in body.items() if v is not None}))
        form = {"taker": taker, "contract": contract, "partner": partner, "bouts": 2, "points": 49,
                "petit": extra.get("petit"), **{f"poignee.{p['player']}": p["size"] for p in extra.get("poignees", ())}}
        return ok(t.scribe_act("deal", form, way))

    nothing_to_take_back(t)
    walk.state(t, "before the first deal")
    deal("hx")
    walk.state(t, "deal 1 scored")
    ok(t.scribe_act("redeal", {}, "api"))
    walk.state(t, "everyone passed")
    deal("form", "garde_sans", petit="attack", poignees=[{"player": 1, "size": "simple"}])
    walk.state(t, "a petit au bout and a poignée")
    first = t.sheet()["rounds"][0]
    ok(t.api_post("/api/games/KEY/rounds/1/correction", {"taker": first["taker"], "partner": "alone" if t.n >= 5 else None,
                                                          "contract": "prise", "bouts": 1, "attack_points": 56}))
    walk.state(t, "corrected")
    ok(t.undo())
    walk.state(t, "correction undone")
    ok(t.redo())
    walk.state(t, "correction redone")
    if t.sheet()["deals_to_play"] is None:
        ok(t.scribe_act("end", {}, "form"))
    while not t.sheet()["finished"]:
        deal("api", chelem="defence", bouts=0, attack_points=3)  # the écart's 6 cards (3 at five) count for the attack
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "the end undone")
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def skull_king_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """Skull King: bids on phones and on the passed phone (K-B1), a double tap, every bid at
    once (Yo-ho-ho!), results with bonuses, a Kraken's trick and a Loot alliance (K-S2,
    K-S3, K-T1), refusals, undo and redo, a correction, the end and the rematch."""
    rules, count = t.rules, t.sheet()["round_count"]
    nothing_to_take_back(t)
    for number in range(1, count + 1):
        def w(label: str, live: bool = False) -> None:
            walk.state(t, f"round {number}: {label}", live)

        row = t.sheet()["rounds"][number - 1]
        cards, order = row["cards"], row["order"]
        w("round begins", live=True)
        if number % 2 == 1:  # one seat at a time, on its phone or the passed one, in any order
            changed = False
            for k, seat in enumerate(reversed(order)):
                if number == 1 and k == 0 and not t.own_phone(seat):
                    double_tap(t, {"round": 1, "player": seat, "bid": 1})
                else:
                    ok(t.bid(seat, 1 if k == 0 else 0))
                if k < t.n - 1 and not changed and t.own_phone(seat):  # changed on its phone before the last (K-B1)
                    changed = True
                    ok(t.rebid(seat, 1 - (k == 0)))
                    w("a bid changed before the last", live=True)
                    ok(t.rebid(seat, int(k == 0)))
                if number == 1 and k == 0:
                    churn_early(t, sc.arrangement, order[0])
                if k in (0, t.n - 2):
                    w(f"bidding {k + 1} of {t.n}", live=True)
            ok(t.bid(order[0], 0), 422)  # bids are in: refused in words
        else:  # Yo-ho-ho! every bid at once
            ok(t.all_bids([cards + 1] + [0] * (t.n - 1)), 422)  # above the cards dealt
            ok(t.all_bids([1 if p == order[-1] else 0 for p in range(t.n)]))
        w("bids in")
        taker = order[-1]
        won = [1 if p == taker else 0 for p in range(t.n)]
        extra = {"destroyed": 1} if rules.get("kraken") and cards > 1 and t.n > 2 else {}
        rest = cards - sum(won) - extra.get("destroyed", 0)
        won[order[0]] += rest if t.n > 2 else 0
        ok(t.result([cards + 1] + [0] * (t.n - 1)), 422)  # more tricks than cards
        empty = next(p for p in order if won[p] == 0)
        ok(t.result(won, bonuses={empty: {"mermaids": 1}}, **extra), 422)  # a capture with no trick
        loot = [[empty, taker]] if rules.get("loot") else []
        ok(t.result(won, bonuses={taker: {"black14": 1}}, loot=loot,
                    cannonball=[taker] if rules.get("cannonball") else [], **extra))
        w("round scored")
        if number == 1:
            ok(t.undo())
            w("result undone", live=True)
            ok(t.redo())
            w("result redone")
            ok(t.result(won, bonuses={taker: {"fourteens": 1}}, loot=loot, number=1, **extra))
            w("corrected")
            ok(t.undo())
            w("correction undone")
            ok(t.redo())
            churn_late(t, sc.arrangement)
            if t.tokens[t.n - 1] is None:
                t.reissue(t.n - 1)
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "last result undone")
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


#: A fixed Skull King deal for the virtual deck's walk (first dealer Ana, Ben leads): a
#: green lead Cy may not trump, the Kraken's trick, then a Pirate capturing a Mermaid and
#: the black 14.
SK_HANDS = [["ME", "G3"], ["G14", "PI"], ["G5", "B14"], ["Y1", "KR"]]


def skull_king_deck_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """Skull King with the virtual deck: bids refused before the deal, the deal, each hand
    on its phone, a card refused for not following, a Kraken's trick nobody wins, a card
    taken back, the round as played confirmed in one tap (K-T1, K-S2), undo and redo."""
    from scribe.games.skull_king import deck as sk_deck
    from scribe.games.skull_king.cards import parse_card

    hands = tuple(tuple(parse_card(c) for c in h) for h in SK_HANDS)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sk_deck, "deal", lambda n, cards, deck, rng=None: hands)
        ANA, BEN, CY, DEE = range(4)
        nothing_to_take_back(t)
        walk.state(t, "round begins, not dealt", True)
        ok(t.all_bids([0, 1, 0, 0]), 422)  # deal first
        ok(t.deal())
        ok(t.undo())  # taken back: Scribe offers to shuffle again (issue 32)
        walk.state(t, "deal taken back", True)
        ok(t.shuffle())
        ok(t.shuffle())
        walk.state(t, "shuffled again twice", True)
        ok(t.deal())
        walk.state(t, "dealt", True)
        ok(t.deal(), 422)  # once
        ok(t.shuffle(), 422)  # dealt: too late
        ok(t.all_bids([0, 1, 0, 0]))
        walk.state(t, "bids in, Ben leads", True)
        ok(t.play_card(BEN, "G14"))
        ok(t.play_card(CY, "B14"), 422)  # Cy holds green
        ok(t.play_card(ANA, "G3"), 422)  # not Ana's turn
        ok(t.play_card(CY, "G5"))
        walk.state(t, "a trick on the table", True)
        ok(t.play_card(DEE, "KR"))
        ok(t.play_card(ANA, "G3"))
        walk.state(t, "the Kraken's trick: nobody won it", True)
        ok(t.play_card(BEN, "PI"))
        ok(t.play_card(CY, "B14"))
        ok(t.take_back())
        walk.state(t, "a card taken back", True)
        ok(t.play_card(CY, "B14"))
        ok(t.play_card(DEE, "Y1"))
        ok(t.play_card(ANA, "ME"))
        walk.state(t, "every card played: the round as played")
        ok(t.tricks(None))
        row = t.sheet()["rounds"][0]
        assert row["tricks"] == [0, 1, 0, 0] and row["destroyed"] == 1 and row["bonuses"][BEN] == {
            "black14": 1, "mermaids": 1}
    walk.state(t, "game finished", end=True)
    ok(t.undo())
    walk.state(t, "the round as played undone", True)
    ok(t.redo())
    walk.state(t, "game finished again")
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


def belote_deck_script(t: Table, walk: Walker, sc: Scenario) -> None:
    """Belote and Coinche on the virtual deck (issue 34): the line not dealt, the deal (once),
    a call out of turn refused, the taking or the auction, an undo of the deal refused once
    spoken on, cards played by the Scribe for seats with no phone (one refused, one taken
    back), every card down, the Scribe's one tap, its undo and redo; a deal everyone passed;
    a line recorded by hand, the table's own cards; the end of the concours (B-E2)."""
    full, _log = t.full()
    if not full.setup.virtual_deck:
        pytest.skip("the API's virtual_deck option is belweb's (belote/web.py api_options, issue 34)")
    coinche = full.setup.variant == "coinche"

    def table():
        return t.full()[0].table

    def speak(seat: int, said: dict[str, Any], *allowed: int):
        return ok(t.scribe_act("call", {"player": seat, **said}, "api"), *allowed)

    def play(pick: int = 0):
        now = table()
        legal = now.legal(now.player)[0]
        return ok(t.scribe_act("played", {"player": now.player, "card": legal[pick % len(legal)]}, "api"))

    walk.state(t, "the line not dealt", True)
    ok(t.scribe_act("bot", {"seat": 3, "level": "medium"}, "api"))  # issue 37: a seat to a robot and back
    walk.state(t, "the fourth seat a robot's", True)
    ok(t.scribe_act("bot", {"seat": 3, "level": "hard"}, "api"))
    ok(t.scribe_act("bot", {"seat": 3, "level": "hard"}, "api"), 422)  # no change: refused
    ok(t.scribe_act("bot", {"seat": 3, "level": None}, "api"))
    walk.state(t, "the robot's seat given back", True)
    ok(t.scribe_act("deal", {}, "api"))
    walk.state(t, "dealt: the first to speak", True)
    ok(t.scribe_act("deal", {}, "api"), 422)  # once a line
    first = table().speaker
    speak((first + 1) % 4, {"call": "pass"}, 422)  # not its turn
    speak(first, {"call": "pass"})
    ok(t.undo("api"))  # the call taken back...
    ok(t.undo("api"), 422)  # ...not the deal: someone spoke on it
    speak(first, {"call": "pass"})
    taker = table().speaker
    speak(taker, {"call": "bid", "amount": 90, "trump": "H"} if coinche else {"call": "take"})
    walk.state(t, "taken: the contract known", True)
    while table().phase == "speaking":
        speak(table().speaker, {"call": "pass"})
    play()
    walk.state(t, "a card on the table", True)
    now = table()
    wrong = (now.player + 1) % 4
    ok(t.scribe_act("played", {"player": wrong, "card": now.hands[wrong][0]}, "api"), 422)  # not its turn
    ok(t.scribe_act("take_back", {"player": now.trick[-1][0]}, "api"))
    walk.state(t, "the card taken back", True)
    for _ in range(4):
        play(1)
    walk.state(t, "the first trick won", True)
    ok(t.scribe_act("result", {}, "api"), 422)  # not every card is down
    while table().phase == "playing":
        play()
    walk.state(t, "every card down: the Scribe records the deal")
    ok(t.scribe_act("result", {}, "api"))
    walk.state(t, "the deal recorded from its cards")
    ok(t.undo("api"))
    walk.state(t, "its record undone: the cards back on the table", True)
    ok(t.redo("api"))
    ok(t.scribe_act("deal", {}, "api"))
    while table().phase == "speaking":
        speak(table().speaker, {"call": "pass"})
    walk.state(t, "everyone passed")
    ok(t.scribe_act("result", {}, "api"))
    walk.state(t, "the deal everyone passed recorded")
    while not t.sheet()["finished"]:  # the table's own cards, recorded by hand
        ok(t.scribe_act("result", {"takers": 1, "points": 130, **({"contract": 120} if coinche else {})}, "api"))
    walk.state(t, "game finished", end=True)
    ok(t.undo("api"))
    walk.state(t, "the last deal undone")
    ok(t.redo("api"))
    ok(t.scribe.post(f"/games/{t.key}/rematch"))
    walk.state(t, "Play again: the old game's screens follow", still=True)
    put_away(t, walk)


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    name: str
    body: dict
    script: Callable
    arrangement: str = "none"
    lang: str = "en"
    turn_wizard: bool = False  # round 1 turns a Wizard: its suit is named first (W-R3)
    walk_from: int = 1  # rounds before it are played, not walked (the full game)

    def __str__(self) -> str:
        return self.name


ARRANGEMENTS = ("none", "some", "scribe_own", "all")
RULE_SETS = {"standard": {}, "plus_minus_one": {}, "leader": {}, "canadian": {}}
REVEALS = ("open", "hidden", "secret")


# Names a page, a PDF and a CSV must carry as typed: markup, accents, other scripts, an
# emoji, the longest allowed (initials on the sheet from 4 players).
NAMES = ("Zoé", "<b>Ben</b>", "Ωmega & Co", "李小龍", "Jean-Christophe Lefèvre-Dupont", "🎲 Dé")


def _wizard(preset: str, reveal: str, vdeck: bool, i: int, **extra: Any) -> Scenario:
    n = 3 + i % 4 if not vdeck else (3, 4, 5)[i % 3]  # every card is played: fewer seats
    rules = {"reveal": reveal, "virtual_deck": vdeck, "rounds": 2, **extra,
             **({"no_wizard_on_trump_lead": True} if vdeck and i % 2 else {})}
    names = list(NAMES[:n]) if i % 2 else [f"P{p}" for p in range(n)]
    body = {"players": names, "first_dealer": i % n, "preset": preset, "rules": rules}
    name = f"wizard-{preset}{'-ties' if extra else ''}-{reveal}-{'vdeck' if vdeck else 'table'}-{n}p"
    return Scenario(name, body, wizard_script, ARRANGEMENTS[i % 4], ("en", "fr")[i % 2], turn_wizard=i % 3 != 2)


def _scenarios(full: bool) -> list[Scenario]:
    """Every rule set in every reveal mode; the virtual deck on or off and the seats held
    at the start chosen so that each rule set and each reveal mode meets both decks and
    each reveal mode every pattern of claims (pairwise). ``full``: every rule set, reveal
    mode and deck together (SCRIBE_WALK=full)."""
    out = []
    for r, preset in enumerate(RULE_SETS):
        for v, reveal in enumerate(REVEALS):
            for vdeck in ((False, True) if full else ((r + v) % 2 == 1,)):
                i = len(out)
                scenario = _wizard(preset, reveal, vdeck, i)
                if not full:
                    scenario = replace(scenario, arrangement=ARRANGEMENTS[(r + 2 * v) % 4])
                out.append(scenario)
    out.append(_wizard("leader", "hidden", True, len(out), leader_ties=True))  # W-B4's other reading
    for j, (reveal, vdeck, n) in enumerate((("hidden", True, 3), ("secret", False, 4), ("open", True, 4))):
        body = {"players": [f"U{p}" for p in range(n)], "first_dealer": 0, "preset": "plus_minus_one",
                "rules": {"reveal": reveal, "virtual_deck": vdeck, "unicolore": True, "rounds": 2}}
        out.append(Scenario(f"unicolore-{reveal}-{'vdeck' if vdeck else 'table'}-{n}p", body, wizard_script,
                            ARRANGEMENTS[(j + 1) % 4], ("fr", "en")[j % 2]))
    jubilee = ["dragon", "fairy", "bomb", "cloud", "juggler", "werewolf"]  # W-J1..W-J6, all six
    out.append(Scenario("wizard-jubilee-table-4p", {"players": list(NAMES[:4]), "first_dealer": 3, "preset": "standard",
                                                   "rules": {"rounds": 2, "jubilee": jubilee}}, jubilee_script, "some",
                        "fr"))
    out.append(Scenario("wizard-jubilee-vdeck-3p", {"players": ["J0", "J1", "J2"], "first_dealer": 2,
                                                   "preset": "standard",
                                                   "rules": {"rounds": 2, "virtual_deck": True, "jubilee": jubilee}},
                        jubilee_script, "scribe_own"))
    full = {"players": [f"F{p}" for p in range(6)], "first_dealer": 5, "preset": "canadian",
            "rules": {"reveal": "hidden"}}
    out.append(Scenario("wizard-full-game-last-round-without-trump", full, wizard_script, "some", "fr", walk_from=10))
    out += [  # Rikiki / Oh Hell (R-*): the family's flow, so Wizard's script, with the standard pack
        Scenario("rikiki-boerenbridge-hidden-table-4p", {
            "game": "rikiki", "players": list(NAMES[:4]), "first_dealer": 1, "preset": "boerenbridge",
            "rules": {"reveal": "hidden", "schedule": "list", "cards": [8, 8], "pack": 32, "every_card": True}},
            wizard_script, "some", "fr"),
        Scenario("rikiki-oh-hell-secret-vdeck-3p", {
            "game": "rikiki", "players": ["R0", "R1", "R2"], "first_dealer": 2, "preset": "oh_hell",
            "rules": {"reveal": "secret", "schedule": "list", "cards": [1, 2], "virtual_deck": True}},
            wizard_script, "all", "en"),
        Scenario("rikiki-rikiki-open-vdeck-4p", {
            "game": "rikiki", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0, "preset": "rikiki",
            "rules": {"schedule": "list", "cards": [2, 1], "virtual_deck": True, "trump": "spades"}},
            wizard_script, "scribe_own", "fr"),
    ]
    out += [
        Scenario("zibi-two-clans", {"game": "zibi", "players": ["Ana", "Ben", "Cy", "Dee"]}, zibi_script, "some"),
        Scenario("zibi-un-tout-seul", {"game": "zibi", "players": ["A1", "A2", "B1", "B2", "Solo"], "mode": "alone",
                                       "expert": True}, zibi_script, "all", "fr"),
        Scenario("points-skyjo", {"game": "points", "players": ["Ana", "Ben", "Cy"], "preset": "skyjo"},
                 points_script, "scribe_own", "fr"),
        Scenario("points-six", {"game": "points", "players": ["Ana", "Ben"], "preset": "six"}, points_script, "all"),
        Scenario("tarot-five-called-king", {"game": "tarot", "players": list(NAMES[:5]), "first_dealer": 0},
                 tarot_script, "some", "fr"),
        Scenario("tarot-six-dealer-out", {"game": "tarot", "players": [f"T{p}" for p in range(6)], "first_dealer": 2,
                                          "deals": 4}, tarot_script, "scribe_own"),
        Scenario("belote-ffb-to-501", {"game": "belote", "players": list(NAMES[:4]), "first_dealer": 1,
                                       "target": 501}, belote_script, "some", "fr"),
        Scenario("coinche-contree-concours", {"game": "belote", "players": ["Ana", "Ben", "Cy", "Dee"],
                                              "first_dealer": 3, "variant": "coinche", "preset": "ffb_contree",
                                              "deals": 6, "names": ["Nous", "Eux"]}, belote_script, "scribe_own"),
        Scenario("points-custom", {"game": "points", "players": list(NAMES[:4]), "preset": "custom",
                                   "rounds": 3, "wins": "highest", "title": "Tarot"}, points_script, "some", "fr"),
        Scenario("skull-king-kraken-loot", {"game": "skull_king", "players": list(NAMES[:4]), "first_dealer": 1,
                                            "rules": {"kraken": True, "loot": True, "rounds": [2, 3]}},
                 skull_king_script, "some", "fr"),
        Scenario("skull-king-rascal-cannonball-8p", {"game": "skull_king", "players": [f"K{p}" for p in range(8)],
                                                     "rules": {"scoring": "rascal", "cannonball": True,
                                                               "rounds": [1, 8]}}, skull_king_script, "scribe_own"),
        Scenario("skull-king-virtual-deck-kraken", {"game": "skull_king", "players": list(NAMES[:4]), "first_dealer": 0,
                                                    "rules": {"virtual_deck": True, "kraken": True, "rounds": [2]}},
                 skull_king_deck_script, "some", "fr"),
        Scenario("skull-king-two-players-house-rule", {"game": "skull_king", "players": ["Ana", "Ben"],
                                                       "rules": {"bonus_on_miss": True, "white_whale": True,
                                                                 "max_cards": 2}},
                 skull_king_script, "all"),
        Scenario("belote-virtual-deck", {"game": "belote", "players": list(NAMES[:4]), "first_dealer": 1,
                                         "deals": 2, "virtual_deck": True}, belote_deck_script, "none", "fr"),
        Scenario("coinche-virtual-deck", {"game": "belote", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 2,
                                          "variant": "coinche", "deals": 2, "virtual_deck": True},
                 belote_deck_script, "none"),
    ]
    return out


SCENARIOS = _scenarios(os.environ.get("SCRIBE_WALK") == "full")
TIMES: dict[str, tuple[float, int, int]] = {}


@pytest.fixture(scope="module")
def walk_app(request, tmp_path_factory):
    """One app for every scenario (its templates compiled once); each scenario is its own
    game held by its own browsers, so lists and exports show that game only."""
    return create_app(app_config(request, tmp_path_factory.mktemp("walk") / "instance"))


@pytest.fixture(scope="module", autouse=True)
def _timing(request):
    """The walk's cost, written in the test report: it runs in CI on every push."""
    yield
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if TIMES and reporter is not None and capture is not None:
        total = sum(s for s, _, _ in TIMES.values())
        steps = sum(n for _, n, _ in TIMES.values())
        requests = sum(r for _, _, r in TIMES.values())
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nstate walk: {len(TIMES)} scenarios, {steps} steps, {requests} requests "
                                f"in {total:.1f} s")


def _quick_or_slow(sc: Scenario):
    """make check walks the standard rule set in each reveal mode (both decks among them) and
    every other game; the other rule sets' part of the matrix is marked slow: make test walks it."""
    matrix = re.fullmatch(r"wizard-(\w+)-(open|hidden|secret)-(vdeck|table)-\dp", sc.name)
    return pytest.param(sc, marks=pytest.mark.slow) if matrix and matrix[1] != "standard" else sc


@pytest.mark.parametrize("sc", [_quick_or_slow(sc) for sc in SCENARIOS], ids=str)
def test_no_page_answers_500_in_any_state(walk_app, monkeypatch, sc):
    """Every step of the scenario's game, every route, every viewer: never a 5xx."""
    if sc.body.get("rules", {}).get("virtual_deck"):
        n, first = len(sc.body["players"]), 1 if not sc.body["rules"].get("unicolore") else 4
        seed = seed_turning(n, first, wizard=sc.turn_wizard)
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    start = time.perf_counter()
    with Walker(walk_app, sc.name, SCENARIOS.index(sc)) as walk:
        t = Table(walk_app, {**sc.body, "lang": sc.lang})
        for client in (t.scribe, t.tv):
            client.environ_base["HTTP_ACCEPT_LANGUAGE"] = sc.lang
        arrange(t, sc.arrangement)
        sc.script(t, walk, sc)
    TIMES[sc.name] = (time.perf_counter() - start, walk.steps, walk.requests)
    if walk.problems:
        pytest.fail(walk.report(), pytrace=False)
    assert set(walk.routes) <= walk.opened, f"routes never opened: {sorted(set(walk.routes) - walk.opened)}"


def test_every_get_route_is_walked(walk_app):
    """Every GET route is opened by the walk (``ROUTES``, or by its rule alone), shows no
    game (``STATELESS``) or is a club night's (``EVENT_ROUTES``: test_event_walk walks an
    evening through its states): a route the walk cannot open fails here until it can."""
    gets = {r.endpoint for r in walk_app.url_map.iter_rules() if "GET" in r.methods}
    walked = set(routes_of(walk_app)) | set(STATELESS) | EVENT_ROUTES
    assert gets <= walked, f"not walked: {sorted(gets - walked)}: add them to ROUTES, STATELESS or EVENT_ROUTES"
    listed = set(ROUTES) | set(STATELESS) | EVENT_ROUTES
    assert listed <= gets, f"gone: {sorted(listed - gets)}"


def test_a_new_route_is_walked_without_being_listed(tmp_path):
    """A GET route added to the app and listed nowhere in this file is opened at every step
    (by the Scribe, the TV or each seat's phone, as its path says), and its 500 is caught."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    seen = []

    def shiny(key: str, number: int):
        seen.append(number)
        return "x" if number == 1 else 1 / 0  # a bug from round 2 on

    app.add_url_rule("/games/<key>/rounds/<int:number>/shiny", "shiny", shiny)
    assert "shiny" in routes_of(app) and "shiny" not in ROUTES
    with Walker(app, "a new route", 0) as walk:
        t = Table(app, {"game": "points", "players": ["Ana", "Ben"], "preset": "six"})
        walk.state(t, "round begins")
        assert not walk.problems and seen == [1, 1]  # the page and its fragment
        ok(t.scribe_act("round", {"points": [3, 4]}, "api"))
        walk.state(t, "round 1 scored")
    assert [(m, rule, status) for m, rule, status, _e in walk.problems] == [
        ("GET", "/games/<key>/rounds/<int:number>/shiny", 500)]
    assert "ZeroDivisionError" in walk.report() and "shiny" in walk.opened


def test_routes_that_show_no_game(walk_app):
    """The routes of ``STATELESS`` answer, in both languages, never a 5xx."""
    with Walker(walk_app, "no game", 0) as walk:
        for lang in ("en", "fr"):
            client = walk_app.test_client()
            client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
            walk.open([Get(lang, client, p) for paths in STATELESS.values() for p in paths])
    if walk.problems:
        pytest.fail(walk.report(), pytrace=False)
    assert set(STATELESS) <= walk.opened
