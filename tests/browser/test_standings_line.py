"""Issue 32, item 4: the standings pinned at the top of the Scribe's page, at 390x844 with
six players of 12-character names, light and dark: every player's name and total is on
the screen (nothing cut, nothing scrolled away sideways), the line still pinned while the
page scrolls. Two and a half players were visible before, with no sign of the rest."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api

pytestmark = pytest.mark.browser

SIX = ["Alexandrine1", "Bartholomew2", "Christopher3", "Dominique4xx", "Evangeline55", "Florentina66"]


def box(locator) -> dict:
    return locator.evaluate("e => { const r = e.getBoundingClientRect();"
                            " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_six_long_names_and_their_totals_all_in_sight_at_390(server, browser, artifacts, theme):
    key = api(server, "POST", "/api/games", {"players": SIX, "first_dealer": 0, "preset": "standard",
                                              "rules": {"rounds": 3}})["key"]
    for p in range(6):
        api(server, "POST", f"/api/games/{key}/bids", {"player": (p + 1) % 6, "bid": 0})
    api(server, "POST", f"/api/games/{key}/tricks", {"tricks": [1, 0, 0, 0, 0, 0]})
    ctx = browser.new_context(**PHONE, color_scheme=theme)
    ctx.add_init_script(f"localStorage.setItem('scribe-theme', '{theme}')")
    try:
        page = ctx.new_page()
        page.goto(f"{server}/games/{key}")
        bar = page.locator("#play > .scorebar")
        items = bar.locator(".standings li")
        assert items.count() == 6
        sheet = api(server, "GET", f"/api/games/{key}/sheet")
        totals = {s["name"]: s["total"] for s in sheet["standings"]}
        for scrolled in (False, True):
            if scrolled:  # the line stays pinned, whole, while the round is read below it
                page.mouse.wheel(0, 600)
                page.wait_for_timeout(300)
            for li in items.all():
                name, total = li.locator(".name"), li.locator(".score b")
                assert name.inner_text() in SIX
                assert total.inner_text() == str(totals[name.inner_text()])
                for part in (name, total):
                    b = box(part)
                    assert 0 <= b["left"] and b["right"] <= 390 and 0 <= b["top"] and b["bottom"] <= 844, \
                        (name.inner_text(), part.inner_text(), b)
                # the whole name: not cut by an ellipsis
                assert name.evaluate("e => e.scrollWidth <= e.clientWidth"), name.inner_text()
            assert bar.evaluate("e => e.getBoundingClientRect().top") >= 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.mouse.wheel(0, -2000)
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts / f"standings-six-390-{theme}.png"))
    finally:
        ctx.close()
