"""The ladders on a phone-sized headless Chromium (390x844): after a few games played at one
table, the statistics page shows each game type's ladder that fits the screen's width, the
best rated first, each row with its trend; the rivals behind a tap; the game's note on its
page; and the BG Stats file downloads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def api(page, server: str, method: str, path: str, body=None) -> dict:
    resp = getattr(page.request, method)(server + path, data=body) if body is not None else \
        getattr(page.request, method)(server + path)
    assert resp.ok, (path, resp.status, resp.text())
    return resp.json()


GAMES = [  # one-round custom points games, the highest total wins
    {"Ana": 50, "Bénédicte-Alexandrine": 30, "Cy": 10},
    {"Ana": 60, "Bénédicte-Alexandrine": 20, "Cy": 40},
    {"Cy": 70, "Ana": 50, "Bénédicte-Alexandrine": 10, "Dee": 5},
]


def test_the_ladder_on_a_phone(server, contexts, artifacts):
    page, x = contexts(**PHONE), expect()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    keys = []
    for scores in GAMES:
        made = api(page, server, "post", "/api/games", {"game": "points", "preset": "custom", "rounds": 1,
                                                        "wins": "highest", "players": list(scores)})
        api(page, server, "post", f"/api/games/{made['key']}/actions/round",
            {"points": list(scores.values()), "closer": None})
        keys.append(made["key"])
    api(page, server, "put", f"/api/games/{keys[0]}/note", {"note": "chez Marie, anniversaire"})

    page.goto(f"{server}/stats")
    ladder = page.locator(".ladder[data-variant='custom-highest']")
    x(ladder).to_be_visible()
    rows = ladder.locator(".ladder-row")
    x(rows).to_have_count(4)
    x(rows.first).to_have_attribute("data-name", "Ana")  # two wins and a second place
    ratings = [int(r.get_attribute("data-rating")) for r in rows.all()]
    assert ratings == sorted(ratings, reverse=True)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    for row in rows.all():
        x(row.locator(".lr-trend")).to_be_visible()
        x(row.locator(".lr-spark")).to_be_visible()
        r = row.evaluate("e => e.getBoundingClientRect().toJSON()")
        assert r["right"] <= 390 and r["height"] < 90, (row.get_attribute("data-name"), r)
    rivals = ladder.locator(".rivals li[data-opponent]").first
    x(rivals).to_be_hidden()  # behind a tap
    ladder.locator(".rivals summary").tap()
    x(rivals).to_be_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "ladders-phone.png"), full_page=True)

    with page.expect_download() as got:
        page.get_by_role("link", name="Export to BG Stats").tap()
    data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert len(data["plays"]) == 3 and [p["comments"] for p in data["plays"]].count("chez Marie, anniversaire") == 1

    page.goto(f"{server}/games/{keys[0]}")
    x(page.locator("#game-note")).to_contain_text("chez Marie, anniversaire")
    assert not errors, errors
