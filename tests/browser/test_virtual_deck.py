"""The virtual deck in two browsers: the Scribe deals on their phone, Thomas opens his own
link on his and sees exactly the hand the database recorded for his seat, nothing else,
marks a card played and watches his hand shrink."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

import pytest

from .conftest import PHONE
from .tables import play_out
from .test_table import api, expect

pytestmark = pytest.mark.browser
THOMAS = 1


def recorded_deal(tmp_path_factory, gid: str, number: int) -> dict:
    """The deal as the server's SQLite file holds it (the server runs in its own process)."""
    for path in tmp_path_factory.getbasetemp().glob("browser-instance*/*.sqlite3"):
        with sqlite3.connect(path) as db:
            rows = db.execute("select data from entries where game_id = ? and kind = 'deal' order by seq",
                              (gid,)).fetchall()
        deals = [json.loads(r[0]) for r in rows if json.loads(r[0])["round"] == number]
        if deals:
            return deals[-1]
    raise AssertionError("no deal recorded")


def test_the_scribe_deals_and_thomas_sees_and_plays_his_own_hand(server, contexts, artifacts, tmp_path_factory):
    x = expect()
    made = api(server, "POST", "/api/games", {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                              "preset": "standard", "rules": {"virtual_deck": True, "rounds": 3}})
    gid = made["key"]  # the Scribe's link; the log is kept under the game's own id
    # round 1 through the API, so that round 2 deals two cards each
    api(server, "POST", f"/api/games/{gid}/deal", {})
    if api(server, "GET", f"/api/games/{gid}/sheet")["rounds"][0]["trump"]["card"] == "wizard":
        api(server, "POST", f"/api/games/{gid}/trump", {"card": "wizard", "suit": "red"})
    for p in range(3):
        api(server, "POST", f"/api/games/{gid}/bids", {"player": p, "bid": 0})
    play_out(server, gid)

    scribe, thomas = contexts(**PHONE), contexts(**PHONE)
    scribe.goto(f"{server}/games/{gid}/links")
    thomas_url = scribe.locator("#link-1 .url a").get_attribute("href")
    thomas.goto(thomas_url)
    x(thomas.locator("#hand")).to_contain_text("The Scribe has not dealt this round yet.")

    # the Scribe deals: the turned card on the Scribe's phone, no hand
    scribe.goto(f"{server}/games/{gid}")
    scribe.get_by_role("button", name="Deal", exact=True).tap()
    x(scribe.locator("p.turned")).to_be_visible()
    assert scribe.locator("[data-card]").count() == 0
    dealt = recorded_deal(tmp_path_factory, made["id"], 2)
    x(scribe.locator("p.turned")).to_have_attribute("data-turned", dealt["turned"] or "")

    # Thomas's phone shows his two cards by itself (polling): exactly his, and nobody else's
    chips = thomas.locator("#hand button[data-card]")
    x(chips).to_have_count(2, timeout=15_000)
    shown = [chips.nth(i).get_attribute("data-card") for i in range(2)]
    assert Counter(shown) == Counter(dealt["hands"][THOMAS])
    content = thomas.content()
    others = [c for p, h in enumerate(dealt["hands"]) if p != THOMAS for c in h]
    for card in others:
        if card not in dealt["hands"][THOMAS]:
            assert f'data-card="{card}"' not in content and f'"{card}"' not in content
    x(chips.first).to_be_disabled()  # cards are marked once every bid is in

    # bids on the Scribe's phone (a turned Wizard first asks Marie, the dealer, for a suit)
    if scribe.locator("form.trump").count():
        scribe.locator("form.trump").get_by_role("button", name="red").tap()
    for _ in range(3):  # one bid a tap, each on the screen the last one left
        version = int(scribe.locator("#play").get_attribute("data-version"))
        scribe.locator("form.bid").get_by_role("button", name="0", exact=True).tap()
        x(scribe.locator("#play")).to_have_attribute("data-version", str(version + 1), timeout=15_000)
    x(scribe.locator("p.play-for")).to_be_visible()  # the cards are played before any trick is counted (W-R4)
    assert scribe.locator("form.tricks").count() == 0

    # Thomas marks a card played: his hand shrinks to one
    x(chips.first).to_be_enabled(timeout=15_000)
    first = chips.first.get_attribute("data-card")
    chips.first.tap()
    x(chips).to_have_count(1)
    x(thomas.locator("#hand .played")).to_be_visible()
    remaining = list(dealt["hands"][THOMAS])
    remaining.remove(first)
    assert [chips.first.get_attribute("data-card")] == remaining
    thomas.screenshot(path=str(artifacts / "virtual-deck-player.png"))
    scribe.screenshot(path=str(artifacts / "virtual-deck-scribe.png"))
