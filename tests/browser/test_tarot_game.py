"""French Tarot on a phone-sized headless Chromium (390x844): a five-player game of five
deals made from the form, with a called King, a petit au bout, a poignée, everyone
passing once (not one of the five, T-C1) and a correction, to its end (T-E1); the taps an ordinary four-player deal
takes; and the Tarot pages read by axe-core with every tap target 44 px or more. The
expected numbers are worked out here by the federation's formula, not read from the app."""

from __future__ import annotations

import re
from math import ceil

import pytest

from .conftest import PHONE
from .tables import api
from .test_accessibility import SMALL_TARGETS, THEMES, _axe, _themed

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
MULTIPLIER = {"Prise": 1, "Garde": 2, "Garde sans": 4, "Garde contre": 6}
NEEDED = (56, 51, 41, 36)


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def fft(n, taker, partner, contract, bouts, points, petit=None, poignee=0):
    """The deal's points per seat, T-S1..T-S6 written again: (25 + the margin, a half point
    to the side that scores) x the contract, the petit's 10 x the contract to its side,
    the poignée to the side that won; each defender -A, the taker 2A and the partner A at
    five (4A alone)."""
    diff = points - NEEDED[bouts]
    sign = 1 if diff >= 0 else -1
    a = sign * (25 + ceil(abs(diff))) * MULTIPLIER[contract]
    a += {None: 0, "attack": 1, "defence": -1}[petit] * 10 * MULTIPLIER[contract] + sign * poignee
    out = [-a] * n
    out[taker] = 4 * a if partner is None else 2 * a
    if partner is not None:
        out[partner] = a
    return out


def tap_chip(page, fieldset: str, label: str):
    page.locator(f"{fieldset} label.chip", has_text=label).first.tap()


def fill_deal(page, taker, contract, partner, bouts, points, counted="the attack"):
    tap_chip(page, "fieldset.taker", NAMES[taker])
    value = contract.lower().replace(" ", "_")
    page.locator(f"fieldset.contract label.chip:has(input[value='{value}'])").tap()
    tap_chip(page, "fieldset.partner", "Alone" if partner is None else NAMES[partner])
    tap_chip(page, "fieldset.bouts", str(bouts))
    box = page.locator("fieldset.points input[name='points']")
    box.tap()
    box.fill(str(points))
    tap_chip(page, "fieldset.points", counted)


def totals(page):
    return [int(page.locator(f"#sheet tfoot td[data-total='{p}']").inner_text()) for p in range(len(NAMES))]


def test_a_five_player_game_of_five_deals_and_a_pass_on_a_phone(server, phone, artifacts):
    page, x = phone, expect()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    page.get_by_role("link", name="New game of French Tarot").tap()
    x(page.get_by_role("heading", name="New game of French Tarot")).to_be_visible()
    for i, name in enumerate(NAMES):
        box = page.get_by_role("textbox", name=str(i + 1), exact=True)
        box.tap()
        box.press_sequentially(name)
    page.locator("label.chip.dealer").first.tap()  # Ana deals first
    page.locator("input[name='deals']").fill("5")
    page.get_by_role("button", name="Start the game").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 1")
    x(page.locator("p.deal")).to_have_text("Ana deals · Eve speaks first")

    # deal 1: Ben takes a Garde and calls Dee's King; 49.5 points with 2 bouts; Ben shows
    # a simple poignée and takes the Petit in the last trick
    fill_deal(page, 1, "Garde", 3, 2, "49,5")
    page.locator("details.extras summary").tap()
    tap_chip(page, "fieldset.petit", "the attack")
    tap_chip(page, "fieldset.poignee[data-player='1']", "Simple")
    page.get_by_role("button", name="Record deal 1").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 2")
    d1 = fft(5, 1, 3, "Garde", 2, 49.5, petit="attack", poignee=20)
    assert d1 == [-108, 216, -108, 108, -108]
    x(page.locator("#round-1 .deal-text")).to_have_text(
        "Garde · Ben with Dee · 2 bouts, 49.5 points · made by 9 · Petit au bout: the attack · "
        "Poignée simple: Ben · Σ 0")
    assert totals(page) == d1

    # deal 2: everyone passed; Eve dealt, Dee deals the redeal, still deal 2 (T-C1)
    x(page.locator("p.deal")).to_have_text("Eve deals · Dee speaks first")
    page.get_by_role("button", name="Everyone passed: redeal").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 2")
    x(page.locator("p.deal")).to_have_text("Dee deals · Cy speaks first")
    x(page.locator("#round-2 .deal-text")).to_have_text("everyone passed: redeal · Σ 0")

    # deal 2 (the sheet's line 3): Cy alone in a Prise with 1 bout; the defence counted 45 (the attack 46)
    fill_deal(page, 2, "Prise", None, 1, 45, counted="the defence")
    page.get_by_role("button", name="Record deal 2").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 3")
    assert totals(page) == [a + b for a, b in zip(d1, fft(5, 2, None, "Prise", 1, 46))]

    # deals 3 to 5 (lines 4 to 6)
    d4 = fft(5, 4, 0, "Garde sans", 3, 40)
    d5 = fft(5, 0, 1, "Garde contre", 2, 38.5)
    d6 = fft(5, 3, 2, "Garde", 1, 60, petit="defence")
    fill_deal(page, 4, "Garde sans", 0, 3, 40)
    page.get_by_role("button", name="Record deal 3").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 4")

    # the correction: deal 3's 45 were the attack's own (55 then, with its one bout)
    page.locator("#sheet tr#round-3 th a").tap()
    x(page.get_by_role("heading", name="Correct deal 3")).to_be_visible()
    x(page.locator("input[name='taker'][value='2']")).to_be_checked()
    x(page.locator("input[name='points']")).to_have_value("46")
    box = page.locator("input[name='points']")
    box.fill("55")
    page.get_by_role("button", name="Save the correction").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 4")
    d3 = fft(5, 2, None, "Prise", 1, 55)
    x(page.locator("#round-3 .deal-text")).to_have_text("Prise · Cy alone · 1 bout, 55 points · made by 4 · Σ 0")
    assert totals(page) == [a + b + c for a, b, c in zip(d1, d3, d4)]

    fill_deal(page, 0, "Garde contre", 1, 2, "38.5")
    page.get_by_role("button", name="Record deal 4").tap()
    x(page.locator("#round-title")).to_contain_text("Deal 5")
    x(page.locator("#round-5 .deal-text")).to_contain_text("down by 3")
    fill_deal(page, 3, "Garde", 2, 1, 60)
    page.locator("details.extras summary").tap()
    tap_chip(page, "fieldset.petit", "the defence")
    page.get_by_role("button", name="Record deal 5").tap()

    # five deals agreed: the game is over, the highest total wins (T-E1)
    x(page.locator("#round-title")).to_have_text("Game over")
    want = [sum(d[p] for d in (d1, d3, d4, d5, d6)) for p in range(5)]
    assert want == [-405, -145, 108, 227, 215] and sum(want) == 0
    assert totals(page) == want
    x(page.locator("p.winners")).to_have_text("Winner: Dee")
    for number in range(1, 7):
        x(page.locator(f"#round-{number} .balance")).to_have_text("Σ 0")
    x(page.locator("#round-3")).to_have_class(re.compile(r"\bcorrected\b"))

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "tarot-five-players.png"), full_page=True)
    assert errors == []


def test_taps_for_an_ordinary_four_player_deal(server, contexts):
    """Taker, contract, bouts, points (one tap into the field, then the number pad), Record."""
    page = contexts(**PHONE)
    x = expect()
    resp = page.request.post(server + "/api/games", data={"game": "tarot", "players": list(NAMES[:4]),
                                                          "first_dealer": 0})
    key = resp.json()["key"]
    page.goto(f"{server}/games/{key}")
    taps = 0

    def tap(locator) -> None:
        nonlocal taps
        locator.tap()
        taps += 1

    tap(page.locator("fieldset.taker label.chip", has_text="Cy"))
    tap(page.locator("fieldset.contract label.chip").nth(1))  # Garde
    tap(page.locator("fieldset.bouts label.chip", has_text="2"))
    box = page.locator("input[name='points']")
    tap(box)
    box.press_sequentially("47")
    tap(page.get_by_role("button", name="Record deal 1"))
    x(page.locator("#round-title")).to_contain_text("Deal 2")
    row = page.request.get(f"{server}/api/games/{key}/sheet").json()["rounds"][0]
    assert (row["taker"], row["contract"], row["bouts"], row["attack_points"]) == (2, "garde", 2, 47)
    assert row["points"] == [-62, -62, 186, -62]  # made by 6: (25 + 6) x 2, the taker 3 x A
    print(f"\ntaps for an ordinary 4-player Tarot deal: {taps}")
    assert taps == 5


@pytest.mark.parametrize("theme", THEMES)
def test_tarot_pages_read_by_axe_with_big_enough_targets(server, browser, theme):
    key = api(server, "POST", "/api/games", {"game": "tarot", "players": list(NAMES), "first_dealer": 0})["key"]
    api(server, "POST", f"/api/games/{key}/actions/deal", {"version": 0, "taker": 1, "contract": "garde",
                                                          "partner": 3, "bouts": 2, "attack_points": 49.5})
    context = _themed(browser, theme)
    try:
        page = context.new_page()
        report = {}
        for name, path in {"new": "/games/new?game=tarot", "game": f"/games/{key}",
                           "correction": f"/games/{key}/rounds/1", "pads": "/pads?game=tarot"}.items():
            page.goto(server + path)
            if page.locator("details.extras summary").count():
                page.locator("details.extras summary").first.click()
            found = _axe(page) + page.evaluate(SMALL_TARGETS)
            if found:
                report[name] = found
        assert not report, report
    finally:
        context.close()
