"""Issue 32, item 10: cards look and read like cards. A Skull King hand of eight on a
390x844 phone is a fan of faces (value and suit symbol at each corner), every card in
sight and tappable, found by its name; on the player's turn the cards the rules allow
stand up and the others are dimmed, the reason said in words (K-T1 follow suit); the
faces keep their contrast in the dark. On a 1920x1080 TV a Wizard trick shows each card
as a large face under its player's name. axe finds no serious violation on either page,
light or dark. The app is served in this process so the deal can be a known one."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest

from .conftest import PHONE
from .tables import api, serving
from .test_accessibility import _axe

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}}
NAMES = ["Anne", "Bart", "Cleo", "Dirk"]  # Anne deals, Bart leads, Cleo plays second
HANDS = [["G4", "G5", "Y6", "Y7", "P6", "P7", "B4", "B5"],
         ["G9", "Y1", "Y2", "P1", "P3", "B1", "B2", "PI"],
         ["G3", "G12", "Y5", "P14", "B7", "ES", "SK", "ME"],
         ["G1", "G2", "Y3", "Y4", "P4", "P5", "B3", "TI"]]
LEGAL, REFUSED = {"G3", "G12", "ES", "SK", "ME"}, {"Y5", "P14", "B7"}  # after Bart's green 9


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def _shot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"cards-{name}"))


@pytest.fixture
def dealing_server(tmp_path, monkeypatch):
    """The app on a loopback HTTP server whose Skull King deals are ``HANDS``."""
    with serving(tmp_path, monkeypatch, HANDS) as url:
        yield url


# the contrast of each enabled card's value and name against its face (WCAG's formula)
CONTRASTS = """() => {
  const lum = (c) => { const v = c.match(/[\\d.]+/g).slice(0, 3).map((x) => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; }); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  return [...document.querySelectorAll('#hand button[data-card]:enabled')].flatMap((b) => {
    const bg = lum(getComputedStyle(b).backgroundColor);
    return [...b.querySelectorAll('.ix b, .cap')].map((t) => { const l = lum(getComputedStyle(t).color);
      return [b.dataset.card, (Math.max(l, bg) + 0.05) / (Math.min(l, bg) + 0.05)]; });
  });
}"""


def test_a_skull_king_hand_of_eight_is_a_fan_of_faces_on_a_phone(dealing_server, browser, artifacts):
    x, server = expect(), dealing_server
    key = api(server, "POST", "/api/games", {"game": "skull_king", "players": NAMES, "first_dealer": 0,
                                              "rules": {"virtual_deck": True, "rounds": [8]}})["key"]
    api(server, "POST", f"/api/games/{key}/actions/deal", {"round": 1})
    api(server, "POST", f"/api/games/{key}/actions/bids", {"round": 1, "bids": [1, 1, 1, 1]})
    api(server, "POST", f"/api/games/{key}/actions/played", {"round": 1, "player": 1, "card": "G9"})
    context = browser.new_context(**PHONE, bypass_csp=True)  # bypass: axe is injected
    context.set_default_timeout(10_000)
    try:
        cleo = context.new_page()
        cleo.goto(api(server, "GET", f"/api/games/{key}/links")["players"][2]["url"])
        hand = cleo.locator("#hand button[data-card]")
        x(hand).to_have_count(8)
        # its stream or poll set up first, and no render in flight: a fragment swapped in while
        # the fan is measured would deal the buttons again under the measure
        x(cleo.locator("html")).to_have_attribute("data-stream", re.compile("stream|poll"))
        x(cleo.locator(".htmx-request")).to_have_count(0)
        cleo.locator("#hand").scroll_into_view_if_needed()
        # the page at rest: a button that just appeared takes no tap for half a second (scribe.css)
        cleo.evaluate("document.getAnimations().forEach((a) => a.finish())")

        # every card in sight, within the screen's width, and the one a tap on it reaches
        boxes = {}
        for card in hand.all():
            code = card.get_attribute("data-card")
            b = card.bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= 390 and b["height"] >= 90, (code, b)
            hit = card.evaluate("""(e) => { const r = e.getBoundingClientRect();
                const at = document.elementFromPoint(r.left + 22, r.top + r.height / 2);
                return at && at.closest('button') === e ? true : [r.top, at && at.outerHTML.slice(0, 80)]; }""")
            assert hit is True, f"{code} is covered where a thumb taps it: {hit}"
            boxes[code] = b
            # a face: the value and the suit's symbol at the corner, a picture, no bare word
            assert card.locator(".face .ix use").count() == 1 and card.locator(".face .art use").count() == 1, code
        for a, b in zip(list(boxes.values()), list(boxes.values())[1:]):
            if abs(a["y"] - b["y"]) < 40:  # same row: each card shows 44 px or more of itself
                assert b["x"] - a["x"] >= 44, (a, b)
            assert b["x"] - a["x"] < b["width"] or abs(a["y"] - b["y"]) >= 40  # overlapping, as a fan
        # found by the names the page wrote before the faces
        x(cleo.get_by_role("button", name="purple 14", exact=True)).to_be_disabled()
        x(cleo.get_by_role("button", name="Skull King", exact=True)).to_be_enabled()

        # the cards the rules allow stand up, the others are dimmed and say why in words
        for code in LEGAL:
            assert cleo.locator(f"#hand button[data-card='{code}']").is_enabled(), code
        low = {c: boxes[c]["y"] for c in REFUSED}
        for code in LEGAL:
            same_row = [y for c, y in low.items() if abs(y - boxes[code]["y"]) < 40]
            assert all(boxes[code]["y"] <= y - 8 for y in same_row), (code, boxes[code], low)
        for code in REFUSED:
            card = cleo.locator(f"#hand button[data-card='{code}']")
            x(card).to_be_disabled()
            x(card).to_have_attribute("aria-describedby", "hand-why")
            assert float(card.evaluate("(e) => getComputedStyle(e.querySelector('.face')).opacity")) <= 0.6, code
        x(cleo.locator("#hand-why")).to_have_text("You must follow green: you hold a green card.")
        assert not _axe(cleo), _axe(cleo)
        _shot(cleo, artifacts, "sk-hand-390-light.png")

        # the dark: the same faces, their values and names readable on the dark face
        cleo.evaluate("localStorage.setItem('scribe-theme', 'dark')")
        cleo.reload()
        x(hand).to_have_count(8)
        assert cleo.evaluate("document.documentElement.dataset.theme") == "dark"
        cleo.locator("#hand").scroll_into_view_if_needed()
        low_contrast = [(c, round(r, 2)) for c, r in cleo.evaluate(CONTRASTS) if r < 4.5]
        assert not low_contrast, low_contrast
        assert not _axe(cleo), _axe(cleo)
        _shot(cleo, artifacts, "sk-hand-390-dark.png")

        # a tap plays the card: it leaves the hand and lies on the table
        cleo.get_by_role("button", name="green 12", exact=True).tap()
        x(cleo.locator("#hand button[data-card='G12']")).to_have_count(0)
        x(cleo.locator("#trick li[data-card='G12'] [role=img]")).to_have_attribute("aria-label", "green 12")
    finally:
        context.close()


def test_a_wizard_trick_on_the_tv_is_a_face_under_each_name(server, browser, artifacts):
    """Four players, a round of one card, three cards played: the TV shows each card as a
    face at least 180 px tall directly under its player's name, readable across the room;
    axe finds nothing serious there, on the Scribe's page or on the phone passed round."""
    key = api(server, "POST", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                                    "rules": {"virtual_deck": True, "rounds": 1}})["key"]
    sheet = api(server, "POST", f"/api/games/{key}/deal", {})["sheet"]
    row = sheet["rounds"][0]
    if row["trump"] and row["trump"]["card"] == "wizard":
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    for p in row["order"]:
        api(server, "POST", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    played = []
    for _ in range(3):
        turn = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["play"]["turn"]
        with urllib.request.urlopen(f"{server}/games/{key}/pass/{turn}", timeout=10) as resp:
            page = resp.read().decode()
        card = re.search(r'name="card" value="([^"]+)"(?![^>]*disabled)', page).group(1)
        api(server, "POST", f"/api/games/{key}/actions/played", {"round": 1, "player": turn, "card": card})
        played.append((turn, card))
    watch = api(server, "GET", f"/api/games/{key}/links")["watch"]["url"]
    for theme in ("light", "dark"):
        context = browser.new_context(**TV, bypass_csp=True)
        context.add_init_script(f"localStorage.setItem('scribe-theme', '{theme}')")
        context.set_default_timeout(10_000)
        try:
            tv = context.new_page()
            tv.goto(watch)
            seats = tv.locator("#trick .on-table li")
            expect()(seats).to_have_count(3)
            for (player, card), li in zip(played, seats.all()):
                assert li.get_attribute("data-card") == card
                name, face = li.locator(".who"), li.locator("[role=img]")
                expect()(name).to_have_text(NAMES[player])
                assert face.get_attribute("aria-label")  # the card's name, for a screen reader
                n, f = name.bounding_box(), face.bounding_box()
                assert f["height"] >= 180 and f["width"] >= 120, f
                assert 0 <= f["y"] - (n["y"] + n["height"]) <= 24, (n, f)  # the name just above its card
                assert f["x"] <= n["x"] + n["width"] / 2 <= f["x"] + f["width"], (n, f)  # and over it
                assert float(name.evaluate("(e) => getComputedStyle(e).fontSize")[:-2]) >= 24
                assert f["y"] + f["height"] <= 1080
            assert not _axe(tv), _axe(tv)
            _shot(tv, artifacts, f"wizard-trick-tv-{theme}.png")
        finally:
            context.close()
        # the Scribe's page (the turned card, the trick) and the phone passed to the next player
        context = browser.new_context(**PHONE, bypass_csp=True)
        context.add_init_script(f"localStorage.setItem('scribe-theme', '{theme}')")
        context.set_default_timeout(10_000)
        try:
            page = context.new_page()
            turn = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["play"]["turn"]
            for path in (f"/games/{key}", f"/games/{key}/pass/{turn}"):
                page.goto(server + path)
                expect()(page.locator("#trick .on-table [role=img]")).to_have_count(3)
                assert not _axe(page), (path, _axe(page))
            expect()(page.locator("#pass button[data-card]")).to_have_count(1)
        finally:
            context.close()
