"""Coinche on the Scribe's phone, a headless Chromium at 390x844: the FFB coinche preset
tapped on the new-game form (its settings and its usual 2000 filled in by the page), then
a game to its target with a coinche, a litige, a capot bid and made, and a correction;
the taps of an ordinary deal counted and printed. The expected scores are worked out here
by the federation's formulas (C-S1..C-S7), not read from the app."""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy", "Dee")
TEAMS = ("Ana & Cy", "Ben & Dee")


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def up(points: int) -> int:
    """C-S7: to the nearest ten, 5 up."""
    return (points + 5) // 10 * 10


def made(contract: int, points: int) -> tuple[int, int]:
    """C-S1, uncoinched and made: the takers their points and the contract, the defence
    what it took (162 in all, the dix de der with them)."""
    return up(points + contract), up(162 - points)


def chip(page, fieldset: str, value: str):
    return page.locator(f"fieldset.{fieldset} label.chip:has(input[value='{value}'])").first


def totals(page) -> list[int]:
    return [int(re.sub(r"\D", "", page.locator(f"#sheet tfoot td[data-total='{t}']").inner_text())) for t in (0, 1)]


def record(page, number: int, takers: int, contract: str, points: int | None = None, level: str = "0",
           capot: str | None = None) -> None:
    chip(page, "takers", str(takers)).tap()
    chip(page, "contract", contract).tap()
    if level != "0":
        chip(page, "level", level).tap()
    if capot is not None:
        chip(page, "points", capot).tap()
    else:
        box = page.locator("fieldset.points input[name='points']")
        box.tap()
        box.press_sequentially(str(points))
    page.get_by_role("button", name=f"Record deal {number}").tap()
    expect()(page.locator("#round-title")).to_contain_text(f"Deal {number + 1}")


def test_a_coinche_game_to_its_target_on_the_scribes_phone(server, phone, artifacts):
    page, x = phone, expect()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    page.get_by_role("link", name="New game of Belote or Coinche").tap()
    x(page.get_by_role("heading", name="New game of Belote or Coinche")).to_be_visible()
    x(page.locator("input[name='end'][value='1000']")).to_be_checked()  # Belote's usual target first
    page.locator("fieldset.presets label.chip", has_text="Coinche (FFB)").tap()
    x(page.locator("input[name='end'][value='2000']")).to_be_checked()  # Coinche's, filled in by the page
    x(page.locator("select[name='rounding']")).to_have_value("up")  # C-S7: FFB coinche rounds
    x(page.locator("select[name='annonces']")).to_have_value("on")  # C-K2: annonces played
    x(page.locator("select[name='multiply']")).to_be_visible()  # the Coinche-only settings in sight
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.locator("label.chip.dealer").first.tap()  # Ana deals first
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.get_by_role("button", name="Start the game").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 1")
    x(page.locator("p.deal")).to_have_text("Ana deals · Dee speaks first")  # the deal passes to the right
    page.screenshot(path=str(artifacts / "coinche-deal-form.png"), full_page=True)

    # deal 1: Ana & Cy bid 110 and count 113 (the page shows the defence's 49)
    chip(page, "takers", "0").tap()
    chip(page, "contract", "110").tap()
    box = page.locator("fieldset.points input[name='points']")
    box.tap()
    box.press_sequentially("113")
    x(page.locator("fieldset.points [data-rest]")).to_contain_text("49")
    page.get_by_role("button", name="Record deal 1").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 2")
    d1 = made(110, 113)
    assert d1 == (220, 50)
    assert totals(page) == list(d1)
    x(page.locator("p.deal")).to_have_text("Dee deals · Cy speaks first")

    # deal 2: Ben & Dee bid 100, Ana coinches, they make 70: chute, (160 + 100) x 2 to the defence (C-S3)
    record(page, 2, 1, "100", 70, level="1")
    d2 = (2 * (160 + 100), 0)
    x(page.locator("#round-2 + tr .deal-text")).to_contain_text("Ben & Dee: 100, coinché · 70 points of 162 · chute")

    # deal 3: Ben & Dee bid 80 and count 81, 81 each: a litige (C-S6): the defence its 81 (80
    # rounded), the takers' 81 held for the next deal's winner
    record(page, 3, 1, "80", 81)
    d3 = (up(81), 0)
    x(page.locator("p.held")).to_contain_text("81 points held by the litige go to the next deal’s winner.")

    # deal 4: Ana & Cy bid capot and take every trick: 250 + 252 (C-S1), and the 81 held
    record(page, 4, 0, "capot", capot="0")
    d4 = (up(250 + 252) + up(81), 0)
    assert d4 == (580, 0)
    x(page.locator("#round-4 + tr .deal-text")).to_contain_text("Ana & Cy get the 80 points held")
    assert totals(page) == [sum(d[t] for d in (d1, d2, d3, d4)) for t in (0, 1)]

    # the correction: deal 1's takers had 120, not 113
    page.locator("#sheet tr#round-1 th a").tap()
    x(page.get_by_role("heading", name="Correct deal 1")).to_be_visible()
    x(page.locator("input[name='takers'][value='0']")).to_be_checked()
    x(page.locator("input[name='contract'][value='110']")).to_be_checked()
    x(page.locator("input[name='points']")).to_have_value("113")
    page.locator("input[name='points']").fill("120")
    page.get_by_role("button", name="Save the correction").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 5")
    d1 = made(110, 120)
    assert d1 == (230, 40)
    x(page.locator("#round-1")).to_have_class(re.compile(r"\bcorrected\b"))
    assert totals(page) == [sum(d[t] for d in (d1, d2, d3, d4)) for t in (0, 1)]

    # deals 5 and 6 take Ana & Cy past 2000 (C-E1 as B-E1)
    record(page, 5, 0, "160", 162)
    d5 = made(160, 162)
    chip(page, "takers", "0").tap()
    chip(page, "contract", "140").tap()
    page.locator("fieldset.points input[name='points']").fill("140")
    page.get_by_role("button", name="Record deal 6").tap()
    d6 = made(140, 140)
    x(page.locator("#round-title")).to_have_text("Game over")
    want = [sum(d[t] for d in (d1, d2, d3, d4, d5, d6)) for t in (0, 1)]
    assert want == [2010, 60]
    assert totals(page) == want
    x(page.locator("p.winners")).to_have_text("Winner: Ana & Cy")
    x(page.locator(".round.final .standings li").first).to_contain_text("Ana & Cy 2,010")

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "coinche-game.png"), full_page=True)
    assert errors == []


def test_taps_for_an_ordinary_coinche_and_belote_deal(server, contexts):
    """Coinche: the takers' team, the amount, one tap into the points (then the number
    pad), Record. Belote: the takers' team, the points, Record."""
    page = contexts(**PHONE)
    x = expect()
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    counted = {}
    for variant, fields in (("coinche", (("takers", "1"), ("contract", "90"))), ("belote", (("takers", "1"),))):
        resp = page.request.post(server + "/api/games", data={"game": "belote", "players": list(NAMES),
                                                              "first_dealer": 0, "variant": variant})
        key = resp.json()["key"]
        page.goto(f"{server}/games/{key}")
        taps = 0
        for fieldset, value in fields:
            tap(chip(page, fieldset, value))
        box = page.locator("fieldset.points input[name='points']")
        tap(box)
        box.press_sequentially("97")
        tap(page.get_by_role("button", name="Record deal 1"))
        x(page.locator("#round-title")).to_contain_text("Deal 2")
        row = page.request.get(f"{server}/api/games/{key}/sheet").json()["rounds"][0]
        assert (row["takers"], row["points"]) == (1, 97)
        counted[variant] = taps
    print(f"\ntaps for an ordinary deal: Coinche {counted['coinche']}, Belote {counted['belote']} "
          "(and the digits of the takers' points)")
    assert counted == {"coinche": 4, "belote": 3}


@pytest.mark.parametrize("theme", ("light", "dark"))
def test_belote_pages_read_by_axe_with_big_enough_targets(server, browser, theme):
    from .tables import api
    from .test_accessibility import SMALL_TARGETS, _axe, _themed

    key = api(server, "POST", "/api/games", {"game": "belote", "players": list(NAMES), "first_dealer": 0,
                                             "preset": "pagat"})["key"]
    api(server, "POST", f"/api/games/{key}/actions/result", {"takers": 0, "contract": 110, "points": 81})
    context = _themed(browser, theme)
    try:
        page = context.new_page()
        report = {}
        for name, path in {"new": "/games/new?game=belote", "game": f"/games/{key}",
                           "correction": f"/games/{key}/rounds/1", "pads": "/pads?game=belote"}.items():
            page.goto(server + path)
            for summary in page.locator("details summary").all():
                summary.click()
            found = _axe(page) + page.evaluate(SMALL_TARGETS)
            if found:
                report[name] = found
        assert not report, report
    finally:
        context.close()
