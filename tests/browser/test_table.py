"""The whole table in three browsers: the Scribe, Thomas on his own phone, a watcher.

Hidden bids (W-B7): Thomas bids on his phone; nobody else sees the value until the last
bid is in; the watcher's sheet updates by itself (htmx polling, no reload)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1280, "height": 720}}


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def api(server, method, path, body=None):
    req = urllib.request.Request(server + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"null")


def test_hidden_bids_across_three_browsers(server, contexts, artifacts):
    x = expect()
    game = api(server, "POST", "/api/games", {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                               "preset": "plus_minus_one", "rules": {"reveal": "hidden", "rounds": 3}})
    gid = game["key"]
    scribe, thomas, tv = contexts(**PHONE), contexts(**PHONE), contexts(**TV)

    # the Scribe opens the links page from the game page and reads the links under the QR codes
    scribe.goto(f"{server}/games/{gid}")
    scribe.get_by_role("link", name="Links & QR codes").tap()
    x(scribe.locator("img.qr").first).to_be_visible()
    watch_url = scribe.locator("#link-watch .url a").get_attribute("href")
    thomas_url = scribe.locator("#link-1 .url a").get_attribute("href")
    assert re.search(r"/w/[A-Za-z0-9_-]{22}$", watch_url) and re.search(r"/p/[A-Za-z0-9_-]{22}$", thomas_url)

    tv.goto(watch_url)
    thomas.goto(thomas_url)
    scribe.goto(f"{server}/games/{gid}")
    x(tv.locator(".watch")).to_be_visible()
    x(scribe.locator(".sealedbids > h2.who")).to_have_text("Pass the phone to Paul")

    # Thomas bids 1 on his own phone: the value only on his screen
    x(thomas.get_by_role("heading", name="Thomas’s view")).to_be_visible()
    thomas.locator("form.bid").get_by_role("button", name="1", exact=True).tap()
    x(thomas.locator(".mybid")).to_have_text("Your bid this round: 1")

    # the watcher (no reload) and the Scribe (polling while bids are hidden) see a tick, not the value
    tv_thomas = tv.locator("#sheet tr#round-1 td[data-player='1'] .bidbox")
    x(tv_thomas).to_have_text("✓", timeout=15_000)
    x(scribe.locator(".bidlist li", has_text="Thomas").locator("b")).to_have_text("✓", timeout=15_000)
    for page in (tv, scribe):
        assert "Thomas bids 1" not in page.content()

    # the Scribe's phone passed to Paul, then to Marie (the last seat, restricted by ±1)
    scribe.get_by_role("link", name="I am Paul: show my bid buttons").tap()
    scribe.locator("#pass form.bid").get_by_role("button", name="0", exact=True).tap()
    x(scribe.locator(".sealedbids > h2.who")).to_have_text("Pass the phone to Marie")
    x(scribe.locator(".bidlist li", has_text="Paul").locator("b")).to_have_text("✓")
    scribe.get_by_role("link", name="I am Marie: show my bid buttons").tap()
    x(scribe.locator("#pass .why")).to_contain_text("may not bid 0")  # 0 + 1 + 0 = 1 card
    x(scribe.locator("#pass form.bid").get_by_role("button", name="0", exact=True)).to_be_disabled()
    scribe.locator("#pass form.bid").get_by_role("button", name="1", exact=True).tap()

    # the last bid is in: revealed at once, everywhere, the watcher by its own poll
    x(scribe.locator("form.tricks")).to_be_visible()
    x(tv.locator("#sheet tr#round-1 td[data-player='0'] .bidbox")).to_have_text("0", timeout=15_000)
    x(tv_thomas).to_have_text("1")
    x(tv.locator("#sheet tr#round-1 td[data-player='2'] .bidbox")).to_have_text("1")
    x(thomas.locator(".bidlist li", has_text="Marie").locator("b")).to_have_text("1", timeout=15_000)
    assert tv.evaluate("document.querySelector('.watch').getBoundingClientRect().width") > 1000  # big-screen layout
    tv.screenshot(path=str(artifacts / "table-watch-tv.png"))
    thomas.screenshot(path=str(artifacts / "table-player.png"))

    # tricks by the Scribe: the watcher's totals follow by themselves
    for name, taken in (("Paul", "0"), ("Thomas", "1")):  # Marie's is filled in from the total
        scribe.locator("fieldset.trickrow", has=scribe.locator("legend", has_text=name)).get_by_text(taken, exact=True).tap()
    scribe.get_by_role("button", name="Record the tricks").tap()
    x(tv.locator("#sheet tr#round-1 td[data-player='1'] .total")).to_have_text("30", timeout=15_000)
    x(thomas.locator(".myscore")).to_contain_text("30", timeout=15_000)
