"""Issue 32, item 8, the TV: a virtual-deck round of 7 cards played trick by trick at a
table of four, watched on a 1920x1080 TV (Wizard, and Skull King with its long legend).
After every card: no bid box of the sheet hides under the column headings, the legend is
wholly on the screen, and the trick's heading names the trick whose cards are shown (the
trick just won keeps its own number until the next card is led: "Trick 3 of 7" over the
second trick's cards was read as the third trick)."""

from __future__ import annotations

import re
import urllib.request

import pytest

from .tables import api

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}}
NAMES = ["Ana", "Ben", "Cat", "Dario"]
CARDS = 7


def box(locator) -> dict:
    return locator.evaluate("e => { const r = e.getBoundingClientRect();"
                            " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and \
        a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def play_one(server: str, key: str, number: int) -> bool:
    """The next card of round ``number``, the first the rules allow, on the Scribe's phone
    passed round; False once every card is played."""
    play = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][number - 1]["play"]
    if play["finished"]:
        return False
    with urllib.request.urlopen(f"{server}/games/{key}/pass/{play['turn']}", timeout=10) as resp:
        page = resp.read().decode()
    card = re.search(r'name="card" value="([^"]+)"(?![^>]*disabled)', page).group(1)
    api(server, "POST", f"/api/games/{key}/actions/played", {"round": number, "player": play["turn"], "card": card})
    return True


def bid_boxes_clear_of_heads(tv, when: str) -> int:
    """Every bid box of a row seen below the sticky heads is clear of them (a row wholly
    under the heads, scrolled past, is not seen at all). Returns how many were checked."""
    heads = [box(th) for th in tv.locator("#sheet thead th").all()]
    bottom = max(h["bottom"] for h in heads)
    checked = 0
    for row in tv.locator("#sheet tbody tr").all():
        if box(row)["bottom"] <= bottom + 0.5:
            continue
        for bb in row.locator(".bidbox").all():
            if bb.is_visible():
                b = box(bb)
                assert not any(overlap(b, h) for h in heads), (when, b, heads[0])
                checked += 1
    return checked


def last_round_dealt(server: str, game: str) -> str:
    """Rounds 1 to 6 played out card by card, then their tricks as played (W-R4); round 7
    dealt and bid. Every bid 0, every step as the Scribe's phone would send it."""
    rules = {"virtual_deck": True, "rounds": list(range(1, CARDS + 1)) if game == "skull_king" else CARDS}
    body = {"game": game, "players": NAMES, "first_dealer": 0, "rules": rules}
    if game == "wizard":
        body["preset"] = "standard"
    key = api(server, "POST", "/api/games", body)["key"]
    for number in range(1, CARDS + 1):
        row = api(server, "POST", f"/api/games/{key}/actions/deal", {})["sheet"]["rounds"][number - 1]
        if row.get("trump") and row["trump"]["card"] == "wizard":
            api(server, "POST", f"/api/games/{key}/actions/trump", {"card": "wizard", "suit": "red"})
        for p in row["order"]:
            api(server, "POST", f"/api/games/{key}/actions/bid", {"round": number, "player": p, "bid": 0})
        if number < CARDS:
            while play_one(server, key, number):
                pass
            api(server, "POST", f"/api/games/{key}/actions/tricks", {"round": number})
    return key


def check_tv(tv, play: dict, when: str) -> None:
    # the trick heading: the number of the trick whose cards are on the screen
    done, trick = play["tricks"], play["trick"]
    heading = tv.locator("#trick-title").inner_text()
    if trick:
        shown = tv.locator("#trick ol.on-table:not(.last-trick) li")
        assert heading == f"Trick {len(done) + 1} of {CARDS}", (when, heading)
        assert [li.get_attribute("data-card") for li in shown.all()] == [c["card"] for c in trick], when
    else:
        shown = tv.locator("#trick ol.last-trick li")
        assert heading == f"Trick {len(done)} of {CARDS}", (when, heading)
        assert [li.get_attribute("data-card") for li in shown.all()] == [c["card"] for c in done[-1]["cards"]], when
    # the sheet: every bid box clear of the column headings (they stick to the top of its box)
    assert bid_boxes_clear_of_heads(tv, when) >= 4 * CARDS
    # the legend: wholly in the window and in the sheet's box, not scrolled or cut away
    wrap = box(tv.locator(".watch-sheet .sheet-wrap"))
    for legend in tv.locator(".watch-sheet .legend").all():
        b = box(legend)
        assert 0 <= b["top"] and b["bottom"] <= 1080 and b["right"] <= 1920, (when, b)
        assert wrap["top"] <= b["top"] and b["bottom"] <= wrap["bottom"] + 0.5, (when, b, wrap)


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_the_tv_keeps_bids_legend_and_trick_number_in_sight(server, contexts, artifacts, game):
    key = last_round_dealt(server, game)
    watch = api(server, "GET", f"/api/games/{key}/links")["watch"]["url"]
    tv = contexts(**TV)
    for played in range(1, 2 * len(NAMES) + 2):  # two tricks and the first card of the third
        play_one(server, key, CARDS)
        tv.goto(watch)
        tv.wait_for_timeout(100)  # watch.js brings the round in play to the middle of the sheet
        play = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][CARDS - 1]["play"]
        check_tv(tv, play, f"{game}, {played} cards played")
        if played == 2 * len(NAMES):
            tv.screenshot(path=str(artifacts / f"tv-{game}-trick-won.png"))


@pytest.mark.parametrize("upto", [14, 20])
def test_a_long_game_scrolled_to_the_round_in_play_hides_no_bid_box(server, contexts, upto):
    """Skull King at three, 30 rounds: the sheet scrolls to keep the round in play in the
    middle of its box; the row just under the heads is whole, its bid boxes not under them."""
    key = api(server, "POST", "/api/games", {"game": "skull_king", "players": ["Ana", "Ben", "Cat"],
                                              "first_dealer": 0, "rules": {"rounds": [1, 2, 3] * 10}})["key"]
    for number in range(1, upto):
        for p in range(3):
            api(server, "POST", f"/api/games/{key}/actions/bid", {"round": number, "player": (number + p) % 3, "bid": 0})
        tricks = [0, 0, 0]
        tricks[number % 3] = (number - 1) % 3 + 1
        api(server, "POST", f"/api/games/{key}/actions/tricks", {"round": number, "tricks": tricks})
    api(server, "POST", f"/api/games/{key}/actions/bid", {"round": upto, "player": upto % 3, "bid": 1})
    tv = contexts(**TV)
    tv.goto(api(server, "GET", f"/api/games/{key}/links")["watch"]["url"])
    tv.wait_for_timeout(200)
    scroller = tv.locator(".watch-sheet .sheet-scroll")
    assert scroller.evaluate("e => e.scrollTop") > 0  # it did scroll: 30 rows do not fit
    assert bid_boxes_clear_of_heads(tv, f"round {upto}") >= 3 * 5
    now = box(tv.locator("#sheet tr.now"))
    assert box(tv.locator("#sheet thead th").first)["bottom"] <= now["top"] and now["bottom"] <= 1080
