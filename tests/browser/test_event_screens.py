"""A club night's screens are pushed (issue 36), in real Chromium: the hall's TV (1920x1080)
and the organiser's laptop (1280x800) hold their board's stream; a deal entered at a table
and the next partie drawn reach both with no poll sent meanwhile. A TV whose browser has
no EventSource still follows, by its poll (the documented fallback)."""

from __future__ import annotations

import re

import pytest

from .tables import api

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
POLL = re.compile(r"/board\?v=\d+$")  # each board's poll
SIXTEEN = [f"P{i:02}" for i in range(16)]
GARDE = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49}  # the taker +198, each defender -66


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def test_the_tv_and_the_organiser_are_sent_each_deal_and_the_next_draw(server, contexts):
    x = expect()
    event = api(server, "POST", "/api/events", {"name": "Club du jeudi", "game": "tarot", "format": "tarot_free",
                                                "parties": 2, "deals": 1, "entrants": SIXTEEN})
    organiser, hall = event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]
    tables = api(server, "POST", f"/api/events/{organiser}/parties", {"partie": 1})["tables"]
    tv, desk, old_tv = contexts(**TV), contexts(**LAPTOP), contexts(**TV)
    old_tv.add_init_script("delete window.EventSource;")
    polls: list[str] = []
    for page in (tv, desk):
        page.on("request", lambda r: POLL.search(r.url) and polls.append(r.url))
    tv.goto(f"{server}/events/{hall}/tv")
    old_tv.goto(f"{server}/events/{hall}/tv")
    desk.goto(f"{server}/events/{organiser}")
    for page in (tv, desk):
        x(page.locator("html")).to_have_attribute("data-stream", "stream")
    polls.clear()

    for t in tables:  # each table's Scribe enters its deal
        api(server, "POST", f"/api/games/{t['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
        n, taker = t["table"], t["players"][0]
        for page, card in ((tv, f"#tv-table-{n}"), (old_tv, f"#tv-table-{n}"), (desk, f"#table-{n}")):
            x(page.locator(card).locator(".state")).to_have_text("finished")
            x(page.locator(card).locator("li").first).to_have_text(f"{taker} 198")
    x(tv.locator(".tv-standings tbody tr").first.locator("td.points")).to_have_text("198")
    x(desk.get_by_role("button", name="Draw the next partie (2)")).to_be_enabled()

    drawn = api(server, "POST", f"/api/events/{organiser}/parties", {"partie": 2})["tables"]
    for page in (tv, old_tv):
        x(page.locator(".tv-head")).to_contain_text("Partie 2 of 2")
        x(page.locator("#tv-table-1 li").first).to_have_text(f"{drawn[0]['players'][0]} 0")
    x(desk.locator("#partie h2")).to_have_text("Partie 2 of 2")
    api(server, "POST", f"/api/games/{drawn[0]['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
    for page in (tv, old_tv):
        x(page.locator("#tv-table-1 li").first).to_have_text(f"{drawn[0]['players'][0]} 198")
    assert polls == [], f"a pushed screen polled: {polls}"
    for page in (tv, desk):
        x(page.locator("html")).to_have_attribute("data-stream", "stream")
    x(old_tv.locator("html")).not_to_have_attribute("data-stream", "stream")  # it polled, and kept up
