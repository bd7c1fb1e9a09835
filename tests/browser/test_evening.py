"""A whole evening at the table (issue 10), in a real Chromium: the TV keeps the round in
play and the totals in view at 1280x720 and 1920x1080 and ends on the scores; every
table fits a 390 px phone, at 100% and 200% text; and the taps a Wizard round takes.

Games are set up through the JSON API (the browser context's own request client, so it
shares the context's cookies); what is checked is what a person sees."""

from __future__ import annotations

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

LONG6 = ("Jean-Baptiste", "Guillaume", "Marie-Christine", "Anne-Sophie", "Pierre-Louis", "Bernadette")
LONG9 = LONG6 + ("Christophe", "Dominique", "Emmanuelle")


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def api(page, server: str, method: str, path: str, body=None) -> dict:
    resp = getattr(page.request, method)(server + path, data=body) if body is not None else \
        getattr(page.request, method)(server + path)
    assert resp.ok, (path, resp.status, resp.text())
    return resp.json()


def new_wizard(page, server, names, rounds=None) -> str:
    body = {"players": list(names), "first_dealer": 0, "preset": "standard"}
    if rounds:
        body["rules"] = {"rounds": rounds}
    return api(page, server, "post", "/api/games", body)["key"]


def play_wizard_rounds(page, server, key, upto: int) -> dict:
    """Rounds until ``upto`` is the round in play (or the game is over): in round r the
    player r % n takes every trick and bids it, one other bids 1 and misses (W-S1)."""
    sheet = api(page, server, "get", f"/api/games/{key}/sheet")
    while sheet["current_round"] is not None and sheet["current_round"] < upto:
        row = sheet["rounds"][sheet["current_round"] - 1]
        n, cards, r = len(sheet["players"]), row["cards"], row["number"]
        tricks = [0] * n
        tricks[r % n] = cards
        bids = list(tricks)
        bids[(r + 1) % n] = 1
        for p in row["order"]:
            api(page, server, "post", f"/api/games/{key}/bids", {"player": p, "bid": bids[p]})
        sheet = api(page, server, "post", f"/api/games/{key}/tricks", {"round": r, "tricks": tricks})["sheet"]
    return sheet


def inside(page, locator) -> bool:
    """The element's box lies wholly inside the window (getBoundingClientRect)."""
    return locator.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0; }")


def page_width(page) -> int:
    return page.evaluate("document.scrollingElement.scrollWidth")


# ------------------------------------------------------------------ 1. the TV


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("names, late", [(LONG6[:3], 15), (LONG6, 8)], ids=["3x20", "6x10"])
def test_the_tv_keeps_the_round_in_play_and_the_totals_in_view(server, browser, contexts, artifacts,
                                                                size, names, late):
    scribe = contexts(**PHONE)
    key = new_wizard(scribe, server, names)
    play_wizard_rounds(scribe, server, key, late)
    watch = api(scribe, server, "get", f"/api/games/{key}/links")["watch"]["token"]
    tv = contexts(viewport={"width": size[0], "height": size[1]})
    tv.goto(f"{server}/w/{watch}")
    x = expect()
    now = tv.locator(f"#sheet tr#round-{late}.now")
    x(now).to_be_visible()
    tv.wait_for_timeout(300)  # watch.js scrolls the sheet's box once loaded
    tv.screenshot(path=str(artifacts / f"evening-tv-{len(names)}p-{size[1]}-round-{late}.png"))
    assert inside(tv, now), "the round in play is off screen"
    assert inside(tv, tv.locator("#sheet tfoot tr.totals")), "the totals are off screen"
    for li in tv.locator("#standings li").all():  # the standings beside the sheet, each one
        assert inside(tv, li)
    assert tv.evaluate("document.scrollingElement.scrollHeight") <= size[1], "the page itself scrolls"

    final = play_wizard_rounds(scribe, server, key, 99)  # the rest of the game: the TV follows by itself
    x(tv.locator(".watch h1").first).to_have_text("Final standings", timeout=15_000)
    last = len(final["rounds"])
    tv.wait_for_timeout(300)
    assert inside(tv, tv.locator(f"#sheet tr#round-{last}")) and inside(tv, tv.locator("#sheet tfoot tr.totals"))
    items = tv.locator("#standings li")
    x(items).to_have_count(len(names))
    for s, li in zip(final["standings"], items.all()):  # each player's score, best first
        x(li.locator(".name")).to_have_text(s["name"])
        x(li.locator("b")).to_have_text(str(s["total"]))
        assert inside(tv, li)
    winner = final["standings"][0]
    x(tv.locator(".watch .winners")).to_contain_text(f"{winner['name']} wins! ({winner['total']})")
    tv.screenshot(path=str(artifacts / f"evening-tv-{len(names)}p-{size[1]}-final.png"))


# ------------------------------------------------------------------ 2. a phone


def check_phone_fits(page, sheet_names) -> None:
    """No sideways scrolling of the page; initials in the heads with their key; the round
    column stays put when the sheet itself scrolls sideways."""
    x = expect()
    assert page_width(page) <= 390, page_width(page)
    heads = page.locator("#sheet thead th.pname")
    x(heads).to_have_count(len(sheet_names))
    for h in heads.all():
        x(h.locator("abbr.short")).to_be_visible()
        x(h.locator(".full")).to_be_hidden()
    key = page.locator(".names-key")
    x(key).to_be_visible()
    for name in sheet_names:
        x(key).to_contain_text(name)
    wrap = page.locator(".sheet-wrap").first
    first_rno = page.locator("#sheet tbody .rno").first
    left = first_rno.evaluate("e => e.getBoundingClientRect().left")
    wrap.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(50)
    assert abs(first_rno.evaluate("e => e.getBoundingClientRect().left") - left) < 1, "the round column scrolled away"
    wrap.evaluate("e => { e.scrollLeft = 0; }")


@pytest.mark.parametrize("text_size", ["100%", "200%"])
def test_six_wizard_players_with_long_names_fit_a_phone(server, contexts, artifacts, text_size):
    page = contexts(**PHONE)
    key = new_wizard(page, server, LONG6)
    play_wizard_rounds(page, server, key, 4)
    api(page, server, "post", f"/api/games/{key}/bids", {"player": 4, "bid": 1})
    page.goto(f"{server}/games/{key}")
    page.evaluate(f"document.documentElement.style.fontSize = '{text_size}'")
    check_phone_fits(page, LONG6)
    expect()(page.locator("#standings li")).to_have_count(6)  # the score in sight, at the top
    assert inside(page, page.locator("#standings"))
    page.screenshot(path=str(artifacts / f"evening-phone-wizard-6-{text_size[:-1]}.png"), full_page=True)
    # the tricks form and the watch page at that width too
    for _ in range(5):
        who = page.locator("form.bid h2.who").inner_text()
        page.locator("form.bid").get_by_role("button", name="0", exact=True).tap()
        expect()(page.locator("#play h2.who").first).not_to_have_text(who)
    expect()(page.locator("form.tricks")).to_be_visible()
    assert page_width(page) <= 390
    watch = api(page, server, "get", f"/api/games/{key}/links")["watch"]["token"]
    page.goto(f"{server}/w/{watch}")
    page.evaluate(f"document.documentElement.style.fontSize = '{text_size}'")
    check_phone_fits(page, LONG6)


@pytest.mark.parametrize("text_size", ["100%", "200%"])
def test_nine_witty_zibi_players_fit_a_phone(server, contexts, artifacts, text_size):
    page = contexts(**PHONE)
    key = api(page, server, "post", "/api/games", {"game": "zibi", "players": list(LONG9), "mode": "three"})["key"]
    for clans, out in (("AAABBBCCC", [True] * 3 + [False] * 3 + [True] * 3),
                       ("ABCABCABC", [True, False, True] * 3)):
        api(page, server, "post", f"/api/games/{key}/actions/result", {"clans": list(clans), "eliminated": out})
    page.goto(f"{server}/games/{key}")
    page.evaluate(f"document.documentElement.style.fontSize = '{text_size}'")
    check_phone_fits(page, LONG9)
    expect()(page.locator("#standings li")).to_have_count(9)
    page.screenshot(path=str(artifacts / f"evening-phone-zibi-9-{text_size[:-1]}.png"), full_page=True)


# ------------------------------------------------------------------ 3. taps per round


def test_taps_for_a_six_player_wizard_round(server, contexts):
    """From the first bid to the recorded tricks, counted tap by tap: a round where every
    bid is made (one tap for the tricks), and one where two players miss (the tricks of
    the players who took some, the others get 0 by themselves, then Record)."""
    page = contexts(**PHONE)
    x = expect()
    key = new_wizard(page, server, LONG6)
    play_wizard_rounds(page, server, key, 3)  # round 3: 3 cards each
    page.goto(f"{server}/games/{key}")
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    def bids(values) -> None:
        for value in values:
            form = page.locator("form.bid")
            who = form.locator("h2.who").inner_text()
            tap(form.get_by_role("button", name=str(value), exact=True))
            x(page.locator("form.bid h2.who, form.tricks h2.who").first).not_to_have_text(who)

    # round 3, in bidding order: the bids total the 3 cards and everyone makes them
    bids([1, 0, 1, 0, 1, 0])
    tap(page.get_by_role("button", name="Everyone made their bid"))
    x(page.locator("#round-title")).to_have_text("Round 4 of 10")
    made_round = taps
    sheet = api(page, server, "get", f"/api/games/{key}/sheet")
    row3 = sheet["rounds"][2]
    assert row3["tricks"] == row3["bids"] and all(p == 20 + 10 * t for p, t in zip(row3["points"], row3["tricks"]))

    # round 4 (4 cards): two bid 1, the others 0; the first two bidders take 3 and 1 tricks
    taps = 0
    order = sheet["rounds"][3]["order"]
    bids([1, 1, 0, 0, 0, 0])
    x(page.get_by_role("button", name="Everyone made their bid")).to_have_count(0)  # 2 bid for 4 tricks
    rows = page.locator("form.tricks fieldset.trickrow")
    tap(rows.nth(0).get_by_text("3", exact=True))
    tap(rows.nth(1).get_by_text("1", exact=True))
    for i in range(2, 6):  # every trick given out: the others are set to 0, shown as filled in
        x(rows.nth(i).locator("input:checked")).to_have_value("0")
    tap(page.get_by_role("button", name="Record the tricks"))
    x(page.locator("#round-title")).to_have_text("Round 5 of 10")
    missed_round = taps
    row4 = api(page, server, "get", f"/api/games/{key}/sheet")["rounds"][3]
    want = [0] * 6
    want[order[0]], want[order[1]] = 3, 1
    assert row4["tricks"] == want
    print(f"\ntaps for a 6-player Wizard round, bids to recorded tricks: {made_round} when every bid is made, "
          f"{missed_round} when two miss")
    assert made_round == 7 and missed_round == 9
