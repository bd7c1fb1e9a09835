"""Skull King at a table of four phones and the Scribe's (390x844, real Chromium): each
player bids on their own phone; nobody sees a bid until the last is in, then all at once
("Yo-ho-ho!", K-B1); the Scribe taps the tricks and a black 14 (K-S2) and every phone shows
the scores without a reload. Fails, never skips, when CI is set (tests/browser/conftest.py)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

NAMES = ["Anne", "Bart", "Cleo", "Dirk"]


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def api(server, method, path, body=None):
    req = urllib.request.Request(server + path, method=method, data=json.dumps(body).encode() if body else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read() or b"null")


def test_skull_king_bids_on_four_phones(server, contexts, artifacts):
    x = expect()
    game = api(server, "POST", "/api/games", {"game": "skull_king", "players": NAMES, "first_dealer": 3,
                                               "rules": {"rounds": [2, 3]}})
    key = game["key"]
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    x(scribe.get_by_role("heading", name="Round 1 of 2")).to_be_visible()
    x(scribe.locator(".sealedbids > h2.who")).to_have_text("Pass the phone to Anne")
    scribe.get_by_role("link", name="Links & QR codes").tap()
    urls = [scribe.locator(f"#link-{p} .url a").get_attribute("href") for p in range(4)]
    phones = [contexts(**PHONE) for _ in NAMES]
    for phone, url, name in zip(phones, urls, NAMES):
        phone.goto(url)
        x(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
    scribe.goto(f"{server}/games/{key}")

    # three bid on their phones, in any order: each sees their own, the others a tick
    for p, bid in ((2, "0"), (0, "1"), (3, "0")):
        phones[p].locator("form.bid").get_by_role("button", name=bid, exact=True).tap()
        x(phones[p].locator(".mybid")).to_have_text(f"Your bid this round: {bid}")
    x(phones[1].locator("#sheet tr#round-1 td[data-player='0'] .bidbox")).to_have_text("✓", timeout=15_000)
    x(scribe.locator(".bidlist li", has_text="Anne").locator("b")).to_have_text("✓", timeout=15_000)
    assert "Your bid this round: 1" not in phones[1].content()
    x(scribe.locator(".sealedbids")).to_contain_text("Bidding on their own phones: Bart.")

    # the last bid: revealed at once on every phone (their own polls) and on the Scribe's
    phones[1].locator("form.bid").get_by_role("button", name="1", exact=True).tap()
    for phone in phones:
        x(phone.locator("#sheet tr#round-1 td[data-player='0'] .bidbox")).to_have_text("1", timeout=15_000)
        x(phone.locator("#sheet tr#round-1 td[data-player='1'] .bidbox")).to_have_text("1")
    x(scribe.locator("form.tricks")).to_be_visible(timeout=15_000)
    x(scribe.locator("#balance")).to_have_text("Yo-ho-ho! Every bid is revealed.")

    # the Scribe: Anne and Bart took one trick each (Bart's filled in from the total), Anne the black 14
    scribe.locator("fieldset.trickrow[data-player='0']").get_by_text("1", exact=True).tap()
    scribe.locator("fieldset.trickrow[data-player='2']").get_by_text("0", exact=True).tap()
    scribe.locator("fieldset.trickrow[data-player='3']").get_by_text("0", exact=True).tap()
    x(scribe.locator("fieldset.trickrow[data-player='1'] input[value='1']")).to_be_checked()  # the rest
    scribe.locator("details.bonuses > summary").tap()
    scribe.locator("fieldset.onecard", has_text="Black 14").get_by_text("Anne", exact=True).tap()
    scribe.get_by_role("button", name="Record the tricks").tap()
    x(scribe.locator("#sheet tr#round-1 td[data-player='0'] .total")).to_have_text("40")
    x(scribe.locator("#sheet tr#round-1 td[data-player='0'] .bonus-mark")).to_have_text("◆+20")
    for phone, total in zip(phones, ("40", "20", "20", "20")):
        x(phone.locator(".myscore")).to_contain_text(total, timeout=15_000)
    assert scribe.viewport_size == {"width": 390, "height": 844}
    overflow = scribe.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"
    scribe.screenshot(path=str(artifacts / "skull-king-scribe.png"), full_page=True)
    phones[0].screenshot(path=str(artifacts / "skull-king-phone.png"), full_page=True)
