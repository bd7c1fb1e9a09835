"""The done-when test of issue 37 for Belote: a deal at three phones and one robot with the
TV open (390x844, real Chromium). The game is made on the new-game form with Dee's seat
played by a robot (no name typed for it); Ana, Ben and Cy open their links on their
phones, the TV its own; the Scribe deals. The robot speaks first (Ana deals: the dealer's
right speaks, B-D1) and calls and plays by itself, a moment after its turn, through the
same service as a phone; each of its calls and cards shows on every screen (the three
phones, the TV and the Scribe's page) before the next person moves. The people take or
pass and play by tapping a card their phone shows enabled (B-P1). After the 32nd card
the Scribe records the deal in one tap and the sheet shows its points. The robot's
badge is on every screen; the Scribe's page says when it is the robot's turn. Fails,
never skips, when CI is set.

The app is served here on a real HTTP server in this process, the deal's shuffle seeded;
the robot's pause is the real runner's, set short (SCRIBE_BOT_PAUSE_MS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import PHONE
from .tables import api, serving

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cy"]
ANA, BEN, CY, DEE = range(4)
ROBOT = DEE
SEED = 2
PAUSE_MS = 700  # long enough to see the Scribe's page say it is the robot's turn
SHOTS = Path("/work/wt/shots")


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


@pytest.fixture
def robot_server(tmp_path, monkeypatch):
    """The app on a loopback HTTP server, its deals seeded, its robots pausing briefly."""
    with serving(tmp_path, monkeypatch, seed=SEED, bot_pause_ms=PAUSE_MS) as url:
        yield url


def _shot(page, path: Path) -> None:
    page.wait_for_timeout(600)
    page.screenshot(path=str(path), full_page=True)


def _fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the phone"


def _new_game(server, contexts):
    """The new-game form at a phone's size: three names, Ana deals, the cards on the
    phones, Dee's seat a robot (medium)."""
    x = expect()
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/new?game=belote")
    robot = scribe.locator("select[name='robot.3']")
    x(robot).to_be_hidden()  # offered with the cards on the phones only
    scribe.get_by_role("checkbox", name="Deal on the phones (virtual deck)").check()
    x(robot).to_be_visible()
    for i, name in enumerate(NAMES):
        scribe.locator("input[name=players]").nth(i).fill(name)
    scribe.locator("label.chip.dealer").nth(ANA).tap()
    robot.select_option("medium")
    _fits(scribe)
    scribe.get_by_role("button", name="Start the game").tap()
    x(scribe.get_by_role("button", name="Deal the cards")).to_be_visible(timeout=15_000)
    key = scribe.url.rstrip("/").rsplit("/games/", 1)[1].split("/")[0].split("?")[0]
    return scribe, key


def test_a_belote_deal_at_three_phones_and_a_robot_with_the_tv_open(robot_server, contexts, artifacts):
    x, server = expect(), robot_server
    shots = SHOTS if SHOTS.is_dir() else artifacts
    scribe, key = _new_game(server, contexts)
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    assert sheet["robots"] == {"3": "medium"} and sheet["players"][ROBOT] == "Robot 4"
    robot_name = sheet["players"][ROBOT]

    scribe.get_by_role("link", name="Links & QR codes").tap()
    urls = [scribe.locator(f"#link-{p} .url a").get_attribute("href") for p in (ANA, BEN, CY)]
    watch = scribe.locator("#link-watch .url a").get_attribute("href")
    x(scribe.locator("#robot-3 .badge.robot")).to_be_visible()
    phones = [contexts(**PHONE) for _ in NAMES]
    for phone, url, name in zip(phones, urls, NAMES):
        phone.goto(url)
        x(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
    tv = contexts(**PHONE)
    tv.goto(watch)
    scribe.goto(f"{server}/games/{key}")
    screens = {"Scribe": scribe, "TV": tv, **dict(zip(NAMES, phones))}

    scribe.get_by_role("button", name="Deal the cards").tap()
    for phone in phones:
        x(phone.locator("#hand button[data-card]")).to_have_count(5, timeout=15_000)
    for where, page in screens.items():  # the robot is shown as one by its name on every screen
        x(page.locator(f"[data-robot='{ROBOT}']").first).to_be_visible(timeout=15_000)
        assert page.locator(".badge.robot").first.inner_text().strip() == "robot", where

    # the robot speaks first (Ana deals): by itself, and every screen shows its call
    for _wait in range(100):
        table = api(server, "GET", f"/api/games/{key}/sheet")["table"]
        if table["calls"]:
            break
        scribe.wait_for_timeout(100)
    first = table["calls"][0]
    assert first["player"] == ROBOT
    for where, page in screens.items():
        x(page.locator(f"#deck .calls li[data-player='{ROBOT}'][data-call='{first['call']}']"),
          where).to_be_visible(timeout=15_000)
    robot_calls, robot_cards = 1, 0
    told_turn = False
    for _ in range(60):
        table = api(server, "GET", f"/api/games/{key}/sheet")["table"]
        if table["phase"] not in ("speaking", "playing"):
            break
        speaking = table["phase"] == "speaking"
        seat = table["speaker"] if speaking else table["player"]
        if seat == ROBOT:
            if not told_turn and not speaking:  # the Scribe's page: the robot's turn, no "Play for"
                told_turn = _shows(scribe.locator(".robot-turn").filter(has_text=robot_name), PAUSE_MS)
            # the robot moves by itself: nobody taps; the move lands and every screen shows it
            before = (len(table["calls"]), len(table["tricks"]), len(table["trick"]))
            for _wait in range(100):
                now = api(server, "GET", f"/api/games/{key}/sheet")["table"]
                if (len(now["calls"]), len(now["tricks"]), len(now["trick"])) != before:
                    break
                scribe.wait_for_timeout(100)
            else:
                raise AssertionError("the robot never moved")
            if speaking:
                robot_calls += 1
                word = now["calls"][-1]["call"]
                for where, page in screens.items():
                    x(page.locator(f"#deck .calls li[data-player='{ROBOT}'][data-call='{word}']").last,
                      where).to_be_visible(timeout=15_000)
            else:
                robot_cards += 1
                played = [c for p, c in _plays(now) if p == ROBOT][-1]
                for where, page in screens.items():
                    x(page.locator(f"#deck #trick li[data-player='{ROBOT}'][data-card='{played}']"),
                      where).to_be_visible(timeout=15_000)
                if robot_cards == 2:
                    _shot(tv, shots / "botbel-tv-robot-card.png")
            continue
        phone = phones[seat]
        if speaking:  # a person takes when asked (at the turned suit, or the first suit offered)
            button = phone.locator("#calls button[data-call='take']").first
            x(button).to_be_visible(timeout=15_000)
            if robot_calls == 1 and seat == CY:
                _fits(phone)
                _shot(phone, shots / "botbel-phone-after-robot-call.png")
            button.tap()
            x(phone.locator("#calls")).to_have_count(0, timeout=15_000)
        else:
            x(phone.locator("#hand form.cards.my-turn")).to_be_visible(timeout=15_000)
            card = phone.locator("#hand button[data-card]:enabled").first
            code = card.get_attribute("data-card")
            card.tap()
            x(phone.locator(f"#hand button[data-card='{code}']")).to_have_count(0, timeout=15_000)
    assert robot_calls >= 1 and robot_cards == 8
    assert told_turn, "the Scribe's page never said it was the robot's turn"

    record = scribe.get_by_role("button", name="Record deal 1")
    x(record).to_be_visible(timeout=15_000)
    _shot(scribe, shots / "botbel-scribe-played.png")
    record.tap()
    x(scribe.get_by_role("button", name="Deal the cards")).to_be_visible(timeout=15_000)
    sheet = api(server, "GET", f"/api/games/{key}/sheet")
    assert len(sheet["rounds"]) == 1 and sheet["rounds"][0]["takers"] in (0, 1)
    for team in (0, 1):
        x(scribe.locator(f"#sheet tr#round-1 td[data-team='{team}'] .total")).to_have_text(
            str(sheet["team_totals"][team]), timeout=15_000)
    _fits(tv)
    _shot(tv, shots / "botbel-tv-recorded.png")


def _shows(locator, timeout: int) -> bool:
    """Whether ``locator`` is visible within ``timeout`` ms (the robot may be quicker)."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        locator.wait_for(timeout=timeout)
    except Timeout:
        return False
    return True


def _plays(table: dict) -> list[tuple[int, str]]:
    """Every card played so far, tricks won then the trick on the table."""
    out = [(c["player"], c["card"]) for t in table["tricks"] for c in t["cards"]]
    return out + [(c["player"], c["card"]) for c in table["trick"]]
