"""A one-round Wizard game on a phone (390x844): the story under the final standings,
"Play again" starts the next game with the same players and the deal one seat on, and
the start form offers the names played with, one tap each, in seating order."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy")


def test_rematch_on_a_phone(server, phone, artifacts):
    from playwright.sync_api import expect as x

    page = phone
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/games/new")
    for i, name in enumerate(NAMES):
        page.locator(f"#p{i}").fill(name)
    page.locator("label.chip.dealer:has(input[value='2'])").tap()  # Cy deals first
    page.locator("details.more summary").tap()
    page.locator("input[name='rounds']").fill("1")
    page.get_by_role("button", name="Start the game").tap()
    x(page.locator("p.deal")).to_contain_text("Dealer: Cy")
    for version in range(1, len(NAMES) + 1):  # Ana, Ben, Cy each bid 0, one tap once the last has landed
        page.locator("form.bid button[value='0']").tap()
        x(page.locator("#play")).to_have_attribute("data-version", str(version))
    page.locator(".trickrow[data-player='0'] label.chip:has(input[value='1'])").tap()
    page.locator(".trickrow[data-player='1'] label.chip:has(input[value='0'])").tap()
    page.get_by_role("button", name="Record the tricks").tap()
    x(page.locator("#round-title")).to_have_text("Final standings")
    x(page.locator("svg.race")).to_be_visible()
    x(page.locator("svg.race polyline")).to_have_count(3)
    first_url = page.url
    page.screenshot(path=str(artifacts / "rematch-finished-phone.png"), full_page=True)

    x(page.locator("form.rematch p.hint")).to_have_text("Ana deals first.")
    page.get_by_role("button", name="Play again: same players and rules").tap()
    x(page.locator("#round-title")).to_have_text("Round 1 of 1")
    assert page.url != first_url
    x(page.locator("p.deal")).to_contain_text("Dealer: Ana")
    x(page.locator("#sheet thead th")).to_contain_text(["#", "", *NAMES])

    page.goto(server + "/games/new")
    chips = page.locator("[data-remembered] button")
    x(chips).to_have_text(list(NAMES))
    for name in NAMES:
        chips.filter(has_text=name).tap()
    assert [page.locator(f"#p{i}").input_value() for i in range(4)] == [*NAMES, ""]
    page.screenshot(path=str(artifacts / "remembered-names-phone.png"), full_page=True)
    assert errors == []
