"""A screen is sent what changed (issue 35), in real Chromium: the Scribe's phone and a
seat's phone (390x844) and the TV follow a Wizard game on the virtual deck through their
streams; bids and cards come to them as ``parts`` events (the rows, the trick, the hand
that changed), and after every tap each page reads exactly as its fragment fetched fresh.
On a points game each round scored adds a row to the sheet: it comes alone, after the
last row."""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE
from .tables import api, links
from .test_table import expect

pytestmark = pytest.mark.browser
TV = {"viewport": {"width": 1920, "height": 1080}}

# Each event a page's stream delivers, by name (window.__events), before live.js sees it.
COUNT_EVENTS = """
window.__events = [];
const add = EventSource.prototype.addEventListener;
EventSource.prototype.addEventListener = function (name, listener, options) {
  return add.call(this, name, function (e) {
    window.__events.push(name === "parts" && JSON.parse(e.data).after.length ? "parts+after" : name);
    return listener.call(this, e);
  }, options);
};
"""

# The root as the page shows it and as the fragment fetched fresh parses, both serialised
# by the browser; the classes htmx sets for a moment while it swaps, and the tabindex
# scribe.js gives a heading it moves the focus to, are left out.
SAME_AS_FRESH = """async ([root, path]) => {
  const resp = await fetch(path, {headers: {"HX-Request": "true"}});
  const t = document.createElement("template");
  t.innerHTML = await resp.text();
  const clean = (el) => {
    const c = el.cloneNode(true);
    c.querySelectorAll("[tabindex='-1']").forEach((e) => e.removeAttribute("tabindex"));
    [c, ...c.querySelectorAll("[class]")].forEach((e) => {
      e.classList.remove("htmx-added", "htmx-settling", "htmx-swapping", "htmx-request");
      if (!e.getAttribute("class")) { e.removeAttribute("class"); }
    });
    return c.outerHTML.replace(/>\\s+</g, "><").trim();
  };
  return [clean(document.querySelector(root)), clean(t.content.querySelector(root))];
}"""


def _version(server: str, key: str) -> int:
    return api(server, "GET", f"/api/games/{key}/sheet")["version"]


def test_bids_and_cards_come_in_parts_and_each_page_reads_as_its_fresh_fragment(server, contexts):
    x = expect()
    names = ["Paul", "Thomas", "Marie"]
    key = api(server, "POST", "/api/games", {"players": names, "first_dealer": 2, "preset": "standard",
                                             "rules": {"virtual_deck": True, "reveal": "hidden"}})["key"]
    urls = links(server, key)
    seats = []
    for p in range(3):
        seat = contexts(**PHONE)
        seat.add_init_script(COUNT_EVENTS)
        seat.goto(urls["players"][p]["url"])
        seats.append(seat)
    tv = contexts(**TV)
    tv.add_init_script(COUNT_EVENTS)
    tv.goto(urls["watch"]["url"])
    scribe = contexts(**PHONE)
    scribe.add_init_script(COUNT_EVENTS)
    scribe.goto(f"{server}/games/{key}")
    refused: list[str] = []  # what the page's Content-Security-Policy refused while the parts came in
    for page in (scribe, tv, *seats):
        page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))
    pages = [(scribe, "#play", f"/games/{key}/poll"), (tv, "#watch", re.sub(r"^https?://[^/]+", "", urls["watch"]["url"]) + "/sheet"),
             *[(s, "#view", re.sub(r"^https?://[^/]+", "", urls["players"][p]["url"]) + "/view") for p, s in enumerate(seats)]]
    for page, _root, _path in pages[1:]:  # (the Scribe's page follows the game once it is dealt)
        x(page.locator("html")).to_have_attribute("data-stream", "stream")

    def tap(button) -> None:  # a tap, then its entry recorded
        before = _version(server, key)
        button.tap()
        for _ in range(100):
            if _version(server, key) > before:
                return
            scribe.wait_for_timeout(100)
        raise AssertionError("the tap was not recorded")

    def all_read_as_fresh(step: str) -> None:
        _read_as_fresh(pages, _version(server, key), step)

    tap(scribe.get_by_role("button", name="Deal", exact=True))
    if api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["trump"] == {"card": "wizard", "suit": None}:
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    x(scribe.locator("html")).to_have_attribute("data-stream", "stream")
    all_read_as_fresh("the deal")
    for p in (0, 1, 2):  # first_dealer 2: Paul bids first
        tap(seats[p].locator("form.bid").get_by_role("button", name="0", exact=True))
        all_read_as_fresh(f"{names[p]}'s bid")
    for _ in range(3):  # the round's one trick, a card on each phone
        turn = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["play"]["turn"]
        tap(seats[turn].locator("#hand button[data-card]:enabled").first)
        all_read_as_fresh(f"{names[turn]}'s card")
    for page, root, _path in pages:
        events = page.evaluate("window.__events")
        assert events.count("parts") >= 3, (root, events)  # the bids and cards came in parts
    # htmx settles an element swapped by id with the old one's attributes: an empty style it
    # copied broke the page's Content-Security-Policy (no inline style) on every part
    assert refused == []


def test_a_round_scored_comes_as_its_row_added_after_the_last(server, contexts):
    x = expect()
    key = api(server, "POST", "/api/games", {"game": "points", "players": ["Ann", "Bo", "Cy"], "preset": "skyjo"})["key"]
    watch = links(server, key)["watch"]["url"]
    tv = contexts(**TV)
    tv.add_init_script(COUNT_EVENTS)
    tv.goto(watch)
    x(tv.locator("html")).to_have_attribute("data-stream", "stream")
    pages = [(tv, "#watch", re.sub(r"^https?://[^/]+", "", watch) + "/sheet")]
    for n, points in enumerate(([5, 10, 20], [7, 0, 12], [3, 4, 5], [1, 2, 3]), start=1):
        api(server, "POST", f"/api/games/{key}/actions/round", {"points": points, "closer": 0})
        _read_as_fresh(pages, _version(server, key), f"round {n}")
    assert tv.evaluate("window.__events").count("parts+after") >= 2


def _read_as_fresh(pages: list, version: int, step: str) -> None:
    """Each page shows ``version``, and reads as its fragment fetched fresh."""
    for page, root, path in pages:
        expect()(page.locator(root)).to_have_attribute("data-version", str(version), timeout=10_000)
        page.wait_for_timeout(60)  # htmx's settle (20 ms) done
        shown, fresh = page.evaluate(SAME_AS_FRESH, [root, path])
        assert shown == fresh, f"after {step}, {path} differs from its fresh fragment:\n{_first_difference(shown, fresh)}"


def _first_difference(a: str, b: str) -> str:
    at = next((i for i, (ca, cb) in enumerate(zip(a, b)) if ca != cb), min(len(a), len(b)))
    return f"  shown: …{a[max(0, at - 150):at + 150]}…\n  fresh: …{b[max(0, at - 150):at + 150]}…"
