"""A Skyjo game on a phone-sized headless Chromium (390x844): created from the form, two
rounds with a closer's doubling (P-S1) and a negative score typed through the minus chip,
a correction that undoes a doubling, then a third round that takes a total past 100: game over, lowest wins (P-2,
P-3). The expected numbers are worked out here, not read from the app.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def p_s1(points, closer):
    """P-S1 again, so the test does not trust the app's arithmetic."""
    mine = points[closer]
    lowest = all(mine < p for i, p in enumerate(points) if i != closer)
    return [2 * p if i == closer and p > 0 and not lowest else p for i, p in enumerate(points)]


def fill_round(page, points, closer):
    """Type each player's points (a negative one through the − chip: a phone pad has no
    "-") and tap who closed."""
    for p, value in enumerate(points):
        box = page.get_by_role("textbox", name=NAMES[p], exact=True)
        box.fill("")
        box.press_sequentially(str(abs(value)))
        chip = page.locator(f"label.chip:has(input[name='neg.{p}'])")
        if (value < 0) != page.locator(f"input[name='neg.{p}']").is_checked():
            chip.tap()
    page.locator("fieldset.closer label.chip", has_text=NAMES[closer]).tap()


def totals(page):
    return [int(page.locator(f"#sheet tfoot td[data-total='{p}']").inner_text()) for p in range(len(NAMES))]


def test_skyjo_on_a_phone(server, phone, artifacts):
    page, x = phone, expect()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    page.get_by_role("link", name="New points game").tap()
    x(page.get_by_role("heading", name="New points game")).to_be_visible()
    x(page.locator("input[name='preset'][value='skyjo']")).to_be_checked()
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.get_by_role("button", name="Start the game").tap()
    x(page.locator("#round-title")).to_have_text("Round 1")
    x(page.locator("p.deal")).to_contain_text("ends at 100 points")

    rounds = [([10, 4, 12], 0), ([5, -3, 2], 2)]
    for number, (points, closer) in enumerate(rounds, start=1):
        fill_round(page, points, closer)
        page.get_by_role("button", name=f"Record round {number}").tap()
        x(page.locator("#round-title")).to_have_text(f"Round {number + 1}")
    assert p_s1(*rounds[0]) == [20, 4, 12] and p_s1(*rounds[1]) == [5, -3, 4]  # both closers doubled
    x(page.locator("#sheet tr#round-1 td[data-player='0'] .pts")).to_have_text("10 ×2 = 20 ◆")
    x(page.locator("#sheet tr#round-2 td[data-player='1'] .pts")).to_have_text("-3")
    assert totals(page) == [25, 1, 16]

    # --- correct round 1: Ben had 14, not 4; Ana's 10 is now strictly the lowest, so no
    # longer doubled (P-S1 is judged again), and later totals follow
    page.locator("#sheet tr#round-1 th a").tap()
    x(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    box = page.get_by_role("textbox", name="Ben", exact=True)
    box.fill("")
    box.press_sequentially("14")
    page.get_by_role("button", name="Save the correction").tap()
    x(page.locator("#round-title")).to_have_text("Round 3")
    assert p_s1([10, 14, 12], 0) == [10, 14, 12]
    assert totals(page) == [15, 11, 16]

    # --- round 3 takes Ana past 100: game over, the lowest total wins (P-2, P-3)
    fill_round(page, [90, 10, 1], 2)  # Cy closes strictly lowest: not doubled
    page.get_by_role("button", name="Record round 3").tap()
    x(page.locator("#round-title")).to_have_text("Game over")
    assert totals(page) == [105, 21, 17]
    x(page.locator("p.winners")).to_have_text("Winner: Cy")
    x(page.locator("ol.standings li").first).to_contain_text("Cy")
    x(page.get_by_role("button", name="Record round 4")).to_have_count(0)

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "points-skyjo.png"), full_page=True)
    assert errors == []
