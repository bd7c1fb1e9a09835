"""Screens follow the table (issue 32, items 2 and 3), in real Chromium: the Scribe's phone
(390x844), a phone per seat and the TV (1920x1080).

- Skull King on the virtual deck: the Scribe's own page is pushed, like the phones'. It
  holds its stream while the bids come in and while the cards are played, and a card
  played on a seat's phone reaches it through that stream, with no poll sent meanwhile.
- Play again: the three phones and the TV of the finished game land in the next one by
  themselves, each phone on its own player's seat, which shows that player's hand only.
"""

from __future__ import annotations

import re

import pytest

from .conftest import ARTIFACTS, PHONE
from .tables import api

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}}
POLL = re.compile(r"/(sheet|view|poll)\?v=\d+$")  # the 2-second poll of each page
SHOTS = str(ARTIFACTS)  # screenshots for the notes, with the other tests' own


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def _seats(server: str, key: str, contexts, names, polling: int | None = None) -> list:
    """A phone per seat on its link; ``polling``: that seat's browser has no EventSource,
    so its page polls (the documented fallback)."""
    links = api(server, "GET", f"/api/games/{key}/links")
    phones = []
    for p, name in enumerate(names):
        phone = contexts(**PHONE)
        if p == polling:
            phone.add_init_script("delete window.EventSource;")
        phone.goto(links["players"][p]["url"])
        expect()(phone.get_by_role("heading", name=f"{name}’s view")).to_be_visible()
        phones.append(phone)
    return phones


def test_skull_king_scribe_sees_a_card_played_on_a_phone_through_its_stream(server, contexts):
    x = expect()
    names = ["Anne", "Bart", "Cleo"]
    key = api(server, "POST", "/api/games", {"game": "skull_king", "players": names, "first_dealer": 0,
                                              "rules": {"virtual_deck": True, "rounds": [3]}})["key"]
    phones = _seats(server, key, contexts, names)
    scribe = contexts(**PHONE)
    polls: list[str] = []
    scribe.on("request", lambda r: POLL.search(r.url) and polls.append(r.url))
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("button", name="Deal", exact=True).tap()
    x(scribe.locator("form.deal")).to_have_count(0)
    # the bids come in on the phones: the Scribe's page holds its stream meanwhile
    x(scribe.locator("html")).to_have_attribute("data-stream", "stream")
    for phone in phones:
        x(phone.locator("#hand button[data-card]").first).to_be_visible()  # its own hand, dealt
        x(phone.locator("html")).to_have_attribute("data-stream", "stream")
        phone.locator("form.bid").get_by_role("button", name="1", exact=True).tap()
        x(phone.locator(".mybid")).to_have_text("Your bid this round: 1")
    x(scribe.locator("#trick")).to_be_visible()
    x(scribe.locator("html")).to_have_attribute("data-stream", "stream")
    for _ in range(3):  # one trick: each card reaches the Scribe's page through its stream
        seat = api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["play"]["turn"]
        button = phones[seat].locator("#hand button[data-card]:enabled").first
        x(button).to_be_visible()
        card = button.get_attribute("data-card")
        polls.clear()
        button.tap()
        x(scribe.locator(f'#trick li[data-card="{card}"][data-player="{seat}"]').first).to_be_visible(timeout=5000)
        assert polls == [], f"the Scribe's page polled: {polls}"  # it came through the stream


def test_play_again_moves_every_phone_and_the_tv_to_the_next_game(server, contexts):
    """A virtual-deck Wizard game played to its end; three phones on their seats and the
    TV watching. The Scribe taps Play again: within seconds each phone is in the next
    game, on its own player's seat (one phone without a stream: its poll leads it on), and
    the TV on its watch link; nobody scans again. The next round is dealt: each phone shows its own card, none of the others'."""
    from .tables import play_out

    x = expect()
    names = ["Paul", "Thomas", "Marie"]
    key = api(server, "POST", "/api/games", {"players": names, "first_dealer": 0, "preset": "standard",
                                              "rules": {"virtual_deck": True, "rounds": 1}})["key"]
    sheet = api(server, "POST", f"/api/games/{key}/deal", {})["sheet"]
    row = sheet["rounds"][0]
    if row["trump"] and row["trump"]["card"] == "wizard":
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    for p in row["order"]:
        api(server, "POST", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    play_out(server, key)

    phones = _seats(server, key, contexts, names, polling=2)  # Marie's browser polls: it follows too
    old = api(server, "GET", f"/api/games/{key}/links")
    tv = contexts(**TV)
    tv.goto(old["watch"]["url"])
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    x(scribe.locator("#round-title")).to_have_text("Final standings")
    for page in (*phones[:2], tv):
        x(page.locator("html")).to_have_attribute("data-stream", "stream")
    scribe.get_by_role("button", name="Play again: same players and rules").tap()
    x(scribe.locator("#round-title")).to_have_text("Round 1 of 1")
    new_key = scribe.url.rstrip("/").rsplit("/", 1)[-1]
    new = api(server, "GET", f"/api/games/{new_key}/links")
    x(tv).to_have_url(new["watch"]["url"], timeout=5000)
    for p, phone in enumerate(phones):
        x(phone).to_have_url(new["players"][p]["url"], timeout=5000)
        x(phone.get_by_role("heading", name=f"{names[p]}’s view")).to_be_visible()
    assert all(p["claimed"] for p in api(server, "GET", f"/api/games/{new_key}/links")["players"])

    scribe.get_by_role("button", name="Deal", exact=True).tap()  # the next game's first round
    hands = []
    for phone in phones:
        x(phone.locator("#hand button[data-card]")).to_have_count(1)
        hands.append(phone.locator("#hand button[data-card]").first.get_attribute("data-card"))
    for p, phone in enumerate(phones):  # each phone shows its own card only
        content = phone.content()
        assert not any(f'data-card="{c}"' in content for q, c in enumerate(hands) if q != p)
    for page, name in ((phones[1], "following-seat-phone.png"), (tv, "following-tv.png")):
        page.screenshot(path=f"{SHOTS}/{name}", full_page=True)
