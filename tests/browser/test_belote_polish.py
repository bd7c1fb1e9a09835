"""Belote's deal form at 390x844 as a first-time table reads it: the card points typed
show the other side's, 162 minus them (B-S1), naming that side, in French as in English:
a bare "62" beside the box was read as the takers' own."""

from __future__ import annotations

import pytest

from .tables import api

pytestmark = pytest.mark.browser


def test_b_s1_the_other_sides_points_are_named(server, phone):
    from playwright.sync_api import expect

    page = phone
    key = api(server, "POST", "/api/games", {"game": "belote", "players": ["Ana", "Ben", "Cy", "Dee"],
                                             "first_dealer": 0, "variant": "belote"})["key"]
    page.goto(f"{server}/games/{key}")
    page.locator("fieldset.takers label.chip:has(input[value='0'])").tap()
    box = page.locator("fieldset.points input[name='points']")
    box.tap()
    box.press_sequentially("100")
    rest = page.locator("fieldset.points [data-rest]")
    expect(rest).to_have_text("The defence has 62 points.")
    page.locator("fieldset.points label.chip:has(input[value='defence'])").tap()  # the 100 are the defence's
    expect(rest).to_have_text("The takers have 62 points.")
    page.goto(f"{server}/lang/fr")
    page.goto(f"{server}/games/{key}")
    box = page.locator("fieldset.points input[name='points']")
    box.tap()
    box.press_sequentially("90")
    expect(page.locator("fieldset.points [data-rest]")).to_have_text("La défense a 72 points.")
