"""A tap's server CPU with all its deliveries, in-process (issue 35): a table as it really
is, the Scribe's phone, four seats on their own phones and a TV, each holding its stream.

For each game (Wizard and Skull King on the virtual deck, Tarot on the score pad) the
table is made through the real app (Flask, a temp SQLite file): the game created through
the API, each seat's link opened by a phone of its own (its own cookies), the Scribe's
page and the TV's watch page opened. Each screen then opens its event stream as
``scribe serve`` would (``scribe.push`` in the environ) and the environ its stream keeps
is taken, as the hub (scribe/push/hub.py) keeps it. Each timed tap is one write as the
phone sends it (a seat's card on its own phone, or the Scribe's deal on the score pad,
htmx), then the 6 fragments the hub renders after it, each called whole with its
group's environ (``bridge.call_whole``, as ``Hub._call``), and its parts cut from the
group's render before (``parts.step``, as ``Hub._step``), counted in its render.

CPU is ``time.process_time`` around each call (one thread: nothing else runs). It prints,
per game, the best and the median over the taps of: the tap itself, each view's render,
and the tap with its 6 renders (target <= 1.5 ms), before (issue 35's cuts left out: ``CUTS``)
and after, in the same run; then a cProfile top list of the taps with their renders.

    python bench/tap_cpu.py [--taps 40] [--games wizard skull_king tarot] [--profile 25] [--cuts MODULE:NAME ...]
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import io
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]  # this tree's scribe; the web tests' table driver  # the whole-table driver the web tests use
from table_driver import Table
from web_helpers import HX

from scribe import create_app, service
from scribe.bridge import call_whole
from scribe.push import parts as push_parts
from scribe.web.live import PUSH, STREAM

TARGET_MS = 1.5
NAMES = ["Ana", "Ben", "Cy", "Dee"]
VIEWS = ("scribe", "seat", "tv")  # the Scribe's round panel, a seat's own view, the TV's watch view


# What issue 35 added to cut a tap's CPU, each left out for the "before" run (module:name
# -> what stands in its place): the same tree, so the ratio is of these alone.
CUTS: dict[str, Callable[[Any], Any]] = {
    "scribe.web.shared_sheet:init_app": lambda hook: lambda app: None,  # the sheet rendered once per view
    "scribe.web.i18n:fast_words": lambda hook: lambda app: None,  # the templates' words found in one look
    "scribe.formatting:_decimal": lambda kept: kept.__wrapped__,  # each score spelled once per locale
    # each scored row of the sheet rendered once, until corrected
    "scribe.web.kept_rows:KeepRows": lambda kept: type("KeepRows", (kept,), {"_keep": lambda self, ctx, key, caller: caller()}),
    "scribe.sharing:_hand_hidden": lambda kept: _hand_hidden_from_views,  # who plays on phones: each seat's view made
    # the hub's parts read from the render before, not the whole render's tags (render35)
    "scribe.push.parts:step": lambda kept: _step_read_whole,
    # where a kept row is rendered, worked out once per request (render35)
    "scribe.web.shared_sheet:place": lambda kept: _place_each_time,
    "scribe.web.kept_rows:place": lambda kept: _place_each_time,
    # an import's module found by Jinja's own set difference (render35)
    "scribe.web.shared_sheet:SharedSheet": lambda kept: type("SharedSheet", (kept,), {
        "_get_default_module": importlib.import_module("jinja2").Template._get_default_module}),
}


def _step_read_whole(old: bytes, old_root: Any, new: bytes) -> tuple[Any, Any]:
    """How the hub cut a render's parts before ``parts.step``: the new render read whole."""
    root = push_parts.tree(new)
    return root, (push_parts.changed(old, old_root, new, root) if root is not None else None)


def _place_each_time() -> tuple[Any, ...]:
    """How ``shared_sheet.place`` answered before: worked out at every kept row and sheet."""
    from flask import g, request
    from flask_babel import get_locale, get_timezone
    return (str(get_locale()), str(get_timezone()), request.host_url, request.script_root, g.get("scribe_key"))


def _hand_hidden_from_views(full: Any, log: Any, link: Any) -> bool:
    """How ``sharing._hand_hidden`` answered before: from the seat's own view, made for it."""
    from scribe import sharing
    view = sharing.viewer_sheet(full, link.seat, log, link.horizon, link.entered)
    return bool((sharing.own_hands(view, link.player).get("current") or {}).get("hidden"))


@contextmanager
def left_out(cut: bool, cuts: list[str] | None = None) -> Iterator[None]:
    """Within: this tree without the ``CUTS`` (when ``cut`` is False), or those named in ``cuts``."""
    saved = []
    if not cut:
        for name, stand_in in CUTS.items():
            if cuts is not None and name not in cuts:
                continue
            module, attr = name.split(":")
            mod = importlib.import_module(module)
            saved.append((mod, attr, getattr(mod, attr)))
            setattr(mod, attr, stand_in(getattr(mod, attr)))
    try:
        yield
    finally:
        for mod, attr, value in saved:
            setattr(mod, attr, value)


def make_app() -> Any:
    # many games from one address: the creation limit is not what is measured here
    return create_app({"TESTING": False, "RATELIMIT_ENABLED": False,
                       "INSTANCE_PATH": tempfile.mkdtemp(prefix="scribe-tapcpu-")})


class Screens:
    """The table's six held streams: (view, the environ the hub renders with)."""

    def __init__(self, t: Table):
        t.scribe.get(f"/games/{t.key}")  # the Scribe's page: its phone's session, as in play
        t.tv.get(f"/w/{t.watch}")
        paths = [("scribe", t.scribe, f"/games/{t.key}/events"), ("tv", t.tv, f"/w/{t.watch}/events")]
        paths += [("seat", t.holders[s], f"/p/{t.tokens[s]}/events") for s in range(t.n)]
        self.groups: list[tuple[str, dict[str, Any]]] = []
        seen: list[dict[str, Any]] = []
        inner = t.app.wsgi_app

        def kept(environ: dict[str, Any], start_response: Any) -> Any:
            seen.append(environ)  # the test client hands the app a copy of its own environ
            return inner(environ, start_response)

        t.app.wsgi_app = kept
        try:
            for view, client, path in paths:
                resp = client.get(path, environ_overrides={PUSH: True})
                stream = seen[-1].get(STREAM)
                assert resp.status_code == 200 and stream is not None, (path, resp.status_code)
                group = dict(stream)
                group["body"], group["root"] = group["fragment"], push_parts.tree(group["fragment"] or b"")
                self.groups.append((view, group))
        finally:
            t.app.wsgi_app = inner

    def render(self, app: Any, group: dict[str, Any]) -> tuple[int, bytes]:
        """One group's fragment, as ``Hub._call`` asks for it, then its parts cut from the
        render before, as ``Hub._step`` cuts them."""
        environ = dict(group["environ"])
        environ.update({"REQUEST_METHOD": "GET", "PATH_INFO": group["path"], "QUERY_STRING": f"v={group['version']}",
                        "wsgi.input": io.BytesIO(), "wsgi.errors": sys.stderr, "scribe.push.render": True})
        status, _headers, body = call_whole(app, environ)
        if status == 200:
            if group["root"] is not None:
                group["root"], _diff = push_parts.step(group["body"], group["root"], body)
            else:
                group["root"] = push_parts.tree(body)
            group["body"] = body
        return status, body


class Timed:
    """CPU ms of each tap and of each render by view, over the taps."""

    def __init__(self) -> None:
        self.tap: list[float] = []
        self.views: dict[str, list[float]] = {v: [] for v in VIEWS}
        self.whole: list[float] = []
        self.sizes: dict[str, list[int]] = {v: [] for v in VIEWS}


def timed_tap(app: Any, screens: Screens, tap: Callable[[], Any], timed: Timed,
              profile: cProfile.Profile | None) -> None:
    """One tap then the six renders the hub makes of it; each group's version moves on."""
    if profile is not None:
        profile.enable()
    t0 = time.process_time()
    resp = tap()
    t1 = time.process_time()
    spent = t1 - t0
    per_view: list[tuple[str, float, int]] = []
    for view, group in screens.groups:
        r0 = time.process_time()
        status, body = screens.render(app, group)
        r1 = time.process_time()
        assert status == 200, (view, status, body[:300])
        per_view.append((view, r1 - r0, len(body)))
        spent += r1 - r0
    if profile is not None:
        profile.disable()
    assert resp.status_code in (200, 303), (resp.status_code, resp.get_data(as_text=True)[:300])
    version = max(group["version"] for _v, group in screens.groups) + 1
    for _view, group in screens.groups:
        group["version"] = version
    timed.tap.append((t1 - t0) * 1000)
    for view, ms, size in per_view:
        timed.views[view].append(ms * 1000)
        timed.sizes[view].append(size)
    timed.whole.append(spent * 1000)


def seated(app: Any, body: dict[str, Any]) -> Table:
    t = Table(app, body, ways=("hx",))
    for seat in range(t.n):
        t.claim(seat)
    return t


def bid_all(t: Table) -> None:
    sheet = t.sheet()
    row = sheet["rounds"][sheet["current_round"] - 1]
    for k, seat in enumerate(row["order"]):
        value = 0
        if k == t.n - 1 and t.sheet().get("forbidden_bid") == 0:
            value = 1
        resp = t.bid(seat, value, "api")
        assert resp.status_code == 200, resp.get_data(as_text=True)[:300]


def card_tap(t: Table) -> Callable[[], Any]:
    """The seat in turn plays its first legal card on its own phone (htmx), as a tap."""
    sheet = t.sheet()
    number = sheet["current_round"]
    seat = sheet["rounds"][number - 1]["play"]["turn"]
    card = t.legal(seat)[0]
    if card == "TI":  # Skull King's Tigress is played as one of her two forms
        card = "TP"
    phone, token = t.holders[seat], t.tokens[seat]
    return lambda: t._wrote(phone.post(f"/p/{token}/played", data={"round": str(number), "card": card}, headers=HX))


def deck_game(app: Any, body: dict[str, Any], taps: int, timed: Timed, profile: cProfile.Profile | None) -> None:
    """Rounds dealt and bid untimed; every card tap timed with its renders, ``taps`` of them."""
    rng = random.Random(7)
    service.make_rng = lambda: rng  # the same deals each run
    t = seated(app, body)
    screens = Screens(t)
    done = 0
    while done < taps:
        sheet = t.sheet()
        if sheet["finished"]:
            break
        row = sheet["rounds"][sheet["current_round"] - 1]
        t.deal("api")
        trump = t.sheet()["rounds"][sheet["current_round"] - 1].get("trump")
        if trump and trump.get("card") == "wizard" and trump.get("suit") is None:  # W-R3: the dealer names it
            t.trump("wizard", "red", "api")
        bid_all(t)
        for _ in range(t.n * row["cards"]):
            if done >= taps:
                break
            sync(app, screens, t)
            timed_tap(app, screens, card_tap(t), timed, profile)
            done += 1
        if done < taps:
            t.tricks(None, "api")


def sync(app: Any, screens: Screens, t: Table) -> None:
    """The groups' versions caught up with untimed writes (a deal, the bids), as the hub's
    renders of them would have left them."""
    version = t.sheet()["version"]
    for _view, group in screens.groups:
        group["version"] = version


def tarot(app: Any, taps: int, timed: Timed, profile: cProfile.Profile | None) -> None:
    """Each tap the Scribe's deal entered on the score pad (htmx), with its renders."""
    t = seated(app, {"game": "tarot", "players": NAMES, "first_dealer": 0, "lang": "en"})
    screens = Screens(t)
    for i in range(taps):
        sync(app, screens, t)
        taker = i % t.n
        form = {"taker": taker, "contract": ("prise", "garde")[i % 2], "bouts": 2, "points": 41 + i % 20}
        timed_tap(app, screens, lambda form=form: t.scribe_act("deal", form, "hx"), timed, profile)


GAMES: dict[str, Callable[[Any, int, Timed, cProfile.Profile | None], None]] = {
    "wizard": lambda app, n, timed, prof: deck_game(app, {
        "players": NAMES, "first_dealer": 3, "preset": "standard", "lang": "en",
        "rules": {"virtual_deck": True, "reveal": "hidden"}}, n, timed, prof),
    "skull_king": lambda app, n, timed, prof: deck_game(app, {
        "game": "skull_king", "players": NAMES, "first_dealer": 0, "lang": "en",
        "rules": {"virtual_deck": True}}, n, timed, prof),
    "tarot": tarot,
}


def fmt(values: list[float]) -> str:
    return f"{min(values):7.2f} {statistics.median(values):7.2f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="A tap's server CPU with its 6 deliveries, in-process.")
    p.add_argument("--taps", type=int, default=40, help="timed taps per game (default 40)")
    p.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    p.add_argument("--profile", type=int, default=25, help="cProfile lines per game (0: no profile)")
    p.add_argument("--sort", default="cumulative", help="the profile's order: cumulative, tottime...")
    p.add_argument("--cuts", nargs="+", default=list(CUTS), choices=list(CUTS), help="the cuts left out before (default: all)")
    args = p.parse_args(argv)
    print(f"A tap and its 6 renders (the Scribe, 4 seats, the TV), CPU ms (process_time), in-process: "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"before: this tree with {', '.join(args.cuts)} left out; after: as it runs. Best and median of the taps; "
          f"ratios after / before")
    for name in args.games:
        for cut in (False, True):
            with left_out(cut, args.cuts):
                GAMES[name](make_app(), 3, Timed(), None)  # warm-up: imports, templates, caches
        runs: dict[bool, Timed] = {}
        kept = None
        for cut in (False, True):
            with left_out(cut, args.cuts):
                runs[cut], app = Timed(), make_app()
                GAMES[name](app, args.taps, runs[cut], None)
            kept = getattr(app.jinja_env.template_class, "kept", None) if cut else kept
        before, after = runs[False], runs[True]
        print(f"\n{name}: {len(after.tap)} taps        before best  median   after best  median   "
              f"ratio best median   bytes")

        def line(label: str, b: list[float], a: list[float], size: str = "") -> None:
            print(f"  {label:<22} {fmt(b)}      {fmt(a)}     {min(a) / min(b):5.2f}x {statistics.median(a) / statistics.median(b):5.2f}x"
                  f" {size}")

        line("the tap itself", before.tap, after.tap)
        for view in VIEWS:
            line(f"render {view}", before.views[view], after.views[view], f"{statistics.mean(after.sizes[view]):7.0f}")
        line("tap + 6 renders", before.whole, after.whole)
        verdict = "OK" if statistics.median(after.whole) <= TARGET_MS else "OVER"
        print(f"  target <= {TARGET_MS} ms per tap with its renders: {verdict}")
        if kept is not None:
            print(f"  sheets rendered {kept.misses}, served again {kept.hits} (scribe/web/shared_sheet.py)")
        if args.profile:
            profile = cProfile.Profile()
            GAMES[name](make_app(), min(args.taps, 20), Timed(), profile)
            out = io.StringIO()
            pstats.Stats(profile, stream=out).sort_stats(args.sort).print_stats(args.profile)
            print("\n".join(line for line in out.getvalue().splitlines()[4:] if line.strip()))
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
