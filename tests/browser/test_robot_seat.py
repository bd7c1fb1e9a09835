"""Two friends and a robot play Wizard (issue 37), at 390x844 in real Chromium: Anna and
Bruno on their phones, Chloé's seat handed to a robot on the links page, the TV open.
Bids are hidden (W-B7): each person bids on their own phone; the robot bids, and plays
its cards (W-P1..W-P6), by itself a moment after its turn, through the same service as a
phone. Each of its moves shows on every screen (both phones, the TV, the Scribe's page)
without a reload; the round's tricks as played are recorded in one tap on the Scribe's
page, and every screen shows the points. The robot's badge is on every screen, and the
links page offers no phone link for its seat. Fails, never skips, when CI is set.

The app is served on a real HTTP server in this process, the deal seeded; the robot's
pause is the real runner's, set short (SCRIBE_BOT_PAUSE_MS)."""

from __future__ import annotations

import pytest

from .conftest import PHONE
from .tables import api, serving

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bruno", "Chloé"]
ANNA, BRUNO, CHLOE = range(3)
ROBOT = CHLOE
PAUSE_MS = 300


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


@pytest.fixture
def robot_server(tmp_path, monkeypatch):
    with serving(tmp_path, monkeypatch, seed=5, bot_pause_ms=PAUSE_MS) as url:
        yield url


def _row(server: str, key: str) -> dict:
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    return sheet["rounds"][sheet["current_round"] - 1]


def _wait(page, server: str, key: str, changed, what: str) -> dict:
    """The round once ``changed(row)`` holds (the robot's move landed), polled as a table waits."""
    for _ in range(150):
        row = _row(server, key)
        if changed(row):
            return row
        page.wait_for_timeout(100)
    raise AssertionError(f"the robot never {what}")


def test_two_phones_and_a_robot_play_a_wizard_round_with_the_tv_open(robot_server, contexts):
    x, server = expect(), robot_server
    key = api(server, "POST", "/api/games", {"players": NAMES, "first_dealer": ANNA, "preset": "standard",
                                             "rules": {"virtual_deck": True, "reveal": "hidden", "rounds": 2}})["key"]
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}/links")
    seat = scribe.locator(f"#robot-{ROBOT}")
    seat.locator("select[name=level]").select_option("medium")
    seat.get_by_role("button", name="Hand the seat to a robot").tap()
    x(scribe.locator(f"#robot-{ROBOT} .badge.robot")).to_be_visible(timeout=15_000)
    x(scribe.locator(f"#link-{ROBOT}")).to_have_count(0)  # a robot's seat needs no phone
    assert api(server, "GET", f"/api/games/{key}/sheet")["robots"] == {str(ROBOT): "medium"}
    urls = [scribe.locator(f"#link-{p} .url a").get_attribute("href") for p in (ANNA, BRUNO)]
    watch = scribe.locator("#link-watch .url a").get_attribute("href")
    phones = [contexts(**PHONE) for _ in urls]
    for phone, url in zip(phones, urls):
        phone.goto(url)
    tv = contexts(**PHONE)
    tv.goto(watch)
    scribe.goto(f"{server}/games/{key}")
    screens = {"Scribe": scribe, "TV": tv, "Anna": phones[ANNA], "Bruno": phones[BRUNO]}
    for where, page in screens.items():  # the robot's badge by Chloé's name on every screen
        x(page.locator("th .badge.robot").first, where).to_have_text("robot", timeout=15_000)

    scribe.get_by_role("button", name="Deal").first.tap()
    for phone in phones:
        x(phone.locator("#hand [data-card], #hand [data-held]")).to_have_count(1, timeout=15_000)

    # Bruno bids first (Anna deals, W-B1), then Chloé's robot, then Anna: each person on their phone
    for bidder in (BRUNO, ROBOT, ANNA):
        if bidder == ROBOT:
            _wait(scribe, server, key, lambda row: row["sealed"][ROBOT] or row["bids"][ROBOT] is not None, "bid")
            continue
        button = phones[bidder].locator("form.bid button:enabled").first
        x(button).to_be_visible(timeout=15_000)
        button.tap()
        x(phones[bidder].locator(".mybid")).to_be_visible(timeout=15_000)
    row = _wait(scribe, server, key, lambda row: row["play"] is not None and not all(row["sealed"]), "showed its bid")
    robot_bid = row["bids"][ROBOT]
    assert robot_bid in (0, 1)  # a legal bid of a one-card round
    for where, page in screens.items():  # the bids revealed together: the robot's in its cell
        x(page.locator("#sheet tbody tr").first.locator(f"td[data-player='{ROBOT}']"), where).to_contain_text(
            str(robot_bid), timeout=15_000)

    # the play: a person taps the card their phone lights; the robot plays by itself
    for _ in range(3):
        row = _row(server, key)
        if row["play"]["finished"]:
            break
        turn = row["play"]["turn"]
        played = len(row["play"]["trick"]) + sum(len(t["cards"]) for t in row["play"]["tricks"])
        if turn == ROBOT:
            row = _wait(scribe, server, key, lambda r: len(r["play"]["trick"]) + sum(
                len(t["cards"]) for t in r["play"]["tricks"]) > played, "played")
            card = next(c["card"] for t in [*row["play"]["tricks"], {"cards": row["play"]["trick"]}]
                        for c in t["cards"] if c["player"] == ROBOT)
            for where, page in screens.items():  # its card on the table of every screen
                x(page.locator(f"[data-card='{card}']").first, where).to_be_visible(timeout=15_000)
            continue
        phone = phones[turn]
        x(phone.locator("#hand .your-turn")).to_be_visible(timeout=15_000)
        phone.locator("#hand button[data-card]:enabled, #hand summary[data-held]").first.tap()
        x(phone.locator("#hand button[data-card]")).to_have_count(0, timeout=15_000)
    assert _row(server, key)["play"]["finished"] or _wait(scribe, server, key, lambda r: r["play"]["finished"], "ended")

    record = scribe.locator("form.tricks button[type=submit]").first
    x(record).to_be_visible(timeout=15_000)
    record.tap()
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    for _ in range(100):
        if sheet["rounds"][0]["complete"]:
            break
        scribe.wait_for_timeout(100)
        sheet = api(server, "GET", f"/api/games/{key}/sheet")
    first = sheet["rounds"][0]
    assert first["complete"] and sum(first["tricks"]) == 1
    for where, page in screens.items():  # the points pushed to every screen, the robot's too
        for seat, points in enumerate(first["totals"]):
            x(page.locator("#sheet tbody tr").first.locator(f"td[data-player='{seat}']"), where).to_contain_text(
                str(points), timeout=15_000)
