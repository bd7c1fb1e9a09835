"""A whole game of Wizard played by tapping, on a phone-sized headless Chromium.

Paul, Thomas and Marie, ±1 rule set (W-B3), a 3-round game. Scores are computed here
by hand from W-S1 (exact bid: 20 + 10 per trick; otherwise -10 per trick of difference).
"""

from __future__ import annotations

import re
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

NAMES = ("Paul", "Thomas", "Marie")
PAUL, THOMAS, MARIE = range(3)


def w_s1(bid: int, tricks: int) -> int:
    """W-S1, written out again so the test does not trust the app's arithmetic."""
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


# ------------------------------------------------------------------ tapping helpers


def bid(page, value: int) -> None:
    page.locator("form.bid").get_by_role("button", name=str(value), exact=True).tap()


def bidder(page, name: str) -> None:
    """Wait until it is ``name``'s turn to bid."""
    expect()(page.locator("form.bid h2.who")).to_have_text(f"{name} bids")


def tap_tricks(page, name: str, value: int) -> None:
    row = page.locator("form.tricks fieldset.trickrow", has=page.locator("legend", has_text=name))
    row.get_by_text(str(value), exact=True).tap()


def checked_tricks(page, name: str):
    row = page.locator("form.tricks fieldset.trickrow", has=page.locator("legend", has_text=name))
    return row.locator("input:checked")


def cell(page, round_no: int, player: int):
    return page.locator(f"#sheet tr#round-{round_no} td[data-player='{player}']")


def expect_totals(page, round_no: int, totals) -> None:
    for p, t in enumerate(totals):
        expect()(cell(page, round_no, p).locator(".total")).to_have_text(str(t))


def expect_round(page, number: int) -> None:
    expect()(page.locator("#round-title")).to_have_text(f"Round {number} of 3")


# ------------------------------------------------------------------ the game


def test_whole_game_by_tapping(server, phone, artifacts):
    page = phone
    x = expect()
    pages_seen: list[str] = []
    page.on("request", lambda r: pages_seen.append(r.url))

    # --- setup: names clockwise, Thomas deals first, ±1, 3 rounds
    page.goto(server + "/")
    page.get_by_role("link", name=re.compile("new game", re.IGNORECASE)).first.tap()
    x(page.get_by_role("heading", name="New game of Wizard")).to_be_visible()
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.locator(".seat").nth(THOMAS).get_by_text("deals", exact=True).tap()
    page.get_by_text("±1", exact=True).tap()
    page.get_by_text("More options").tap()
    rounds = page.get_by_label("Rounds (leave empty for the whole game)")
    rounds.tap()
    rounds.press_sequentially("3")
    page.get_by_role("button", name="Start the game").tap()

    # --- round 1: 1 card, Thomas deals, Marie bids first (W-R2, W-B1)
    expect_round(page, 1)
    game_url = page.url
    assert re.search(r"/games/[^/]+$", urlparse(game_url).path), game_url
    x(page.locator("p.deal")).to_contain_text("Deal 1 card each")
    x(page.locator("p.deal")).to_contain_text("Dealer: Thomas")
    x(page.locator("p.deal")).to_contain_text("Marie bids first")
    x(page.locator("#sheet thead")).to_contain_text("Paul")

    # trump card turned up: red
    page.locator("form.trump").get_by_role("button", name="red", exact=True).tap()
    x(page.locator("form.trump summary")).to_contain_text("Trump: red")

    bidder(page, "Marie")
    bid(page, 0)
    bidder(page, "Paul")
    bid(page, 1)
    bidder(page, "Thomas")
    # W-B3: 0 would make the bids total 1, the number of tricks: refused, and said why
    forbidden = page.locator("form.bid").get_by_role("button", name="0", exact=True)
    x(forbidden).to_be_disabled()
    x(page.locator("form.bid .why")).to_be_visible()
    x(page.locator("form.bid .why")).to_contain_text("Thomas may not bid 0")
    x(page.locator("form.bid").get_by_role("button", name="1", exact=True)).to_be_enabled()
    page.screenshot(path=str(artifacts / "browser-refused-bid.png"))
    bid(page, 1)

    # tricks refused: Marie 1 and Paul 1 already exceed the one card, so nothing can be
    # filled in for Thomas (W-S2); the message shows next to the field, the sheet is unchanged
    x(page.locator("form.tricks")).to_be_visible()
    tap_tricks(page, "Marie", 1)
    tap_tricks(page, "Paul", 1)
    x(checked_tricks(page, "Thomas")).to_have_count(0)
    x(page.locator("form.tricks [data-sum]")).to_have_text("2 / 1")
    page.get_by_role("button", name="Record the tricks").tap()
    err = page.locator("form.tricks .err")
    x(err).to_be_visible()
    x(err).to_contain_text(re.compile(r"\S"))
    for p in range(3):
        x(cell(page, 1, p).locator(".total")).to_have_text("")
    expect_round(page, 1)

    # tricks accepted: Marie 0, Paul 1, Thomas filled in automatically with 0 (scribe.js)
    tap_tricks(page, "Marie", 0)
    tap_tricks(page, "Paul", 1)
    x(checked_tricks(page, "Thomas")).to_have_value("0")
    x(page.locator("form.tricks fieldset.trickrow.auto legend")).to_contain_text("Thomas")
    x(page.locator("form.tricks [data-sum]")).to_have_text("1 / 1")
    page.get_by_role("button", name="Record the tricks").tap()

    bids1 = {PAUL: 1, THOMAS: 1, MARIE: 0}
    tricks1 = {PAUL: 1, THOMAS: 0, MARIE: 0}
    totals1 = [w_s1(bids1[p], tricks1[p]) for p in range(3)]
    assert totals1 == [30, -10, 20]
    expect_round(page, 2)
    expect_totals(page, 1, totals1)

    # --- a reload in the middle of the game keeps everything (database + URL)
    page.reload()
    expect_round(page, 2)
    assert page.url == game_url
    expect_totals(page, 1, totals1)
    x(page.locator("p.deal")).to_contain_text("Dealer: Marie")

    # --- round 2: 2 cards, Marie deals, Paul bids first; a Wizard is turned up, so
    # Marie names the trump suit before anyone bids (W-R3): no bid buttons until then
    x(page.locator("p.deal")).to_contain_text("Deal 2 cards each")
    x(page.locator("form.trump summary")).to_contain_text("Trump card turned up (optional)")
    page.locator("form.trump").get_by_role("button", name="Wizard: dealer picks").tap()
    x(page.locator("p.suit-first")).to_have_text("Bids wait: Marie, the dealer, names the trump suit first (above).")
    x(page.locator("form.bid")).to_have_count(0)
    x(page.locator("form.trump .label")).to_have_text("Wizard turned: Marie picks the trump suit")
    page.locator("form.trump").get_by_role("button", name="green", exact=True).tap()
    x(page.locator("form.trump summary")).to_contain_text("Trump: green")
    x(page.locator("p.suit-first")).to_have_count(0)
    bidder(page, "Paul")
    bid(page, 1)
    bidder(page, "Thomas")
    bid(page, 0)
    bidder(page, "Marie")
    x(page.locator("form.bid").get_by_role("button", name="1", exact=True)).to_be_disabled()
    x(page.locator("form.bid .why")).to_contain_text("may not bid")
    bid(page, 2)
    x(page.locator("form.tricks")).to_be_visible()
    marie_bid = page.locator(".bidlist li", has_text="Marie").locator("b")
    x(marie_bid).to_have_text("2")

    # undo: Marie's bid is gone and it is her turn again
    page.get_by_role("button", name=re.compile("Undo")).tap()
    bidder(page, "Marie")
    x(marie_bid).to_have_text("…")
    x(page.locator("form.tricks")).to_have_count(0)
    # redo brings it back
    page.get_by_role("button", name=re.compile("Redo")).tap()
    x(marie_bid).to_have_text("2")
    x(page.locator("form.tricks")).to_be_visible()
    x(page.get_by_role("button", name=re.compile("Redo"))).to_have_count(0)

    tap_tricks(page, "Paul", 1)
    tap_tricks(page, "Thomas", 0)
    x(checked_tricks(page, "Marie")).to_have_value("1")  # filled in: 2 - 1 - 0
    page.get_by_role("button", name="Record the tricks").tap()

    bids2 = {PAUL: 1, THOMAS: 0, MARIE: 2}
    tricks2 = {PAUL: 1, THOMAS: 0, MARIE: 1}
    totals2 = [totals1[p] + w_s1(bids2[p], tricks2[p]) for p in range(3)]
    assert totals2 == [60, 10, 10]
    expect_round(page, 3)
    expect_totals(page, 2, totals2)

    # --- correction: round 1 tricks were Paul 0, Thomas 1 (Marie 0); later totals follow
    page.locator("#sheet").get_by_role("link", name="1", exact=True).tap()
    x(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    for name, value in (("Paul", 0), ("Thomas", 1)):
        group = page.locator("form.correct fieldset.trickrow", has=page.locator("legend", has_text=name))
        group.locator(".chips").nth(1).get_by_text(str(value), exact=True).tap()
    page.get_by_role("button", name="Save the correction").tap()
    expect_round(page, 3)
    tricks1 = {PAUL: 0, THOMAS: 1, MARIE: 0}
    totals1 = [w_s1(bids1[p], tricks1[p]) for p in range(3)]
    totals2 = [totals1[p] + w_s1(bids2[p], tricks2[p]) for p in range(3)]
    assert totals1 == [-10, 30, 20] and totals2 == [20, 50, 10]
    expect_totals(page, 1, totals1)
    expect_totals(page, 2, totals2)
    x(page.locator("#sheet tr#round-1")).to_have_class(re.compile(r"\bcorrected\b"))

    # --- round 3: 3 cards, Paul deals, Thomas bids first
    x(page.locator("p.deal")).to_contain_text("Dealer: Paul")
    page.locator("form.trump").get_by_role("button", name="blue", exact=True).tap()
    x(page.locator("form.trump summary")).to_contain_text("Trump: blue")
    bidder(page, "Thomas")
    bid(page, 2)  # a slip: Thomas said 1
    thomas_bid = page.locator(".bidlist li", has_text="Thomas").locator("b")
    x(thomas_bid).to_have_text("2")
    bidder(page, "Marie")
    page.get_by_role("button", name=re.compile("Undo")).tap()
    bidder(page, "Thomas")
    x(thomas_bid).to_have_text("…")
    bid(page, 1)  # re-entry: a new entry, so nothing is left to redo
    x(thomas_bid).to_have_text("1")
    x(page.get_by_role("button", name=re.compile("Redo"))).to_have_count(0)
    bidder(page, "Marie")
    bid(page, 1)
    bidder(page, "Paul")
    x(page.locator("form.bid").get_by_role("button", name="1", exact=True)).to_be_disabled()
    x(page.locator("form.bid .why")).to_contain_text("Paul may not bid 1")
    bid(page, 0)
    tap_tricks(page, "Thomas", 1)
    tap_tricks(page, "Marie", 2)
    x(checked_tricks(page, "Paul")).to_have_value("0")
    page.get_by_role("button", name="Record the tricks").tap()

    bids3 = {PAUL: 0, THOMAS: 1, MARIE: 1}
    tricks3 = {PAUL: 0, THOMAS: 1, MARIE: 2}
    final = [totals2[p] + w_s1(bids3[p], tricks3[p]) for p in range(3)]
    assert final == [40, 80, 0]

    # --- final standings: names, totals, the winner
    x(page.locator("#round-title")).to_have_text("Final standings")
    expect_totals(page, 3, final)
    best = max(final)
    winners = [NAMES[p] for p in range(3) if final[p] == best]
    x(page.locator("p.winners")).to_contain_text(f"{winners[0]} wins!" if len(winners) == 1 else winners[0])
    ranked = sorted(range(3), key=lambda p: -final[p])
    items = page.locator("ol.standings li")
    x(items).to_have_count(3)
    for i, p in enumerate(ranked):
        x(items.nth(i).locator(".name")).to_have_text(NAMES[p])
        x(items.nth(i).locator("b")).to_have_text(str(final[p]))
    x(page.locator("ol.standings li.winner .name")).to_have_text(winners)
    x(page.locator("#sheet th.leader")).to_contain_text(winners[0])

    # the finished game survives a reload too
    page.reload()
    x(page.locator("#round-title")).to_have_text("Final standings")
    expect_totals(page, 3, final)

    # the history lists every entry: the slip struck through, the redone bid kept
    page.get_by_role("link", name="History").tap()
    x(page.locator("ul.history li.undone")).to_have_count(1)
    x(page.locator("ul.history li.undone del")).to_have_text("Round 3: Thomas bids 2")
    x(page.locator("ul.history li", has_text=re.compile(r"Round 2: Marie bids 2\s*$"))).to_have_count(1)
    # an undo and a redo say which entry they moved, in that entry's own words
    x(page.locator("ul.history li", has_text=re.compile(r"\bRedo of #\d+ \(Round 2: Marie bids 2\)"))).to_have_count(1)
    x(page.locator("ul.history li", has_text=re.compile(r"\bUndo of #\d+ \(Round 2: Marie bids 2\)"))).to_have_count(1)
    x(page.locator("ul.history li", has_text=re.compile(r"\bUndo of #\d+ \(Round 3: Thomas bids 2\)"))).to_have_count(1)
    page.go_back()
    x(page.locator("#round-title")).to_have_text("Final standings")

    page.screenshot(path=str(artifacts / "browser-final-sheet.png"), full_page=True)

    # nothing but the server was ever asked for anything
    assert pages_seen and all(urlparse(u).hostname == "127.0.0.1" for u in pages_seen), pages_seen


def test_page_weight_and_no_third_party(server, phone):
    """The game page with htmx, CSS and JS stays under 40 KB on the wire, all from the server."""
    import urllib.request

    # a game in play, made through the JSON API
    body = b'{"players": ["Paul", "Thomas", "Marie"], "first_dealer": 0, "preset": "plus_minus_one"}'
    req = urllib.request.Request(server + "/api/games", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        import json

        game_id = json.load(resp)["key"]

    requests = []
    phone.on("request", lambda r: requests.append(r))
    phone.goto(f"{server}/games/{game_id}", wait_until="load")
    phone.wait_for_load_state("networkidle")
    expect()(phone.locator("#round-title")).to_have_text("Round 1 of 20")

    assert requests, "no request recorded"
    off = [r.url for r in requests if urlparse(r.url).hostname != "127.0.0.1"]
    assert not off, f"requests leaving the server: {off}"

    total = 0
    lines = []
    for r in requests:
        resp = r.response()
        assert resp is not None, r.url
        sizes = r.sizes()
        wire = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        total += wire
        enc = resp.header_value("content-encoding")
        lines.append(f"{wire:7d} {enc or '-':5} {resp.status} {r.url}")
        path = urlparse(r.url).path
        if path.endswith((".js", ".css")) or path.startswith("/games/"):
            assert enc in ("br", "gzip", "zstd", "deflate"), f"not compressed: {r.url}"
    print("\n".join(lines), f"\n{total} bytes in {len(requests)} requests")
    assert total < 40 * 1024, "\n".join(lines)
