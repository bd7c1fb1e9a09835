"""Private games in real browsers at a phone's size: a link is the only permission.

A stranger's phone lists no game; Paul's link is claimed by the first phone that opens
it; a second phone is told so; the Scribe sees "Claimed" and releases the seat, and
Paul's phone, polling, says so by itself and takes the seat back with one tap."""

from __future__ import annotations

import json

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.browser


def expect():
    from playwright.sync_api import expect as _expect

    return _expect


def test_a_claimed_seat_across_three_phones_and_a_stranger(server, contexts, artifacts):
    x = expect()
    scribe, pauls, second, stranger = (contexts(**PHONE) for _ in range(4))

    # the Scribe starts a game on their phone
    scribe.goto(f"{server}/games/new")
    names = scribe.locator("input[name='players']")
    for i, name in enumerate(("Paul", "Thomas", "Marie")):
        names.nth(i).fill(name)
    scribe.get_by_role("button", name="Start the game").tap()
    x(scribe.get_by_text("Dealer:").first).to_be_visible()
    key = scribe.url.rstrip("/").rsplit("/", 1)[-1]

    # a stranger's phone on the same server sees no game, and cannot list it through the API
    stranger.goto(server + "/")
    x(stranger.get_by_text("No games on this phone yet")).to_be_visible()
    assert json.loads(stranger.evaluate("fetch('/api/games').then(r => r.text())")) == {"games": []}

    # Paul's link, from the links page: his phone claims the seat
    scribe.get_by_role("link", name="Links & QR codes").tap()
    paul_url = scribe.locator("#link-0 .url a").get_attribute("href")
    pauls.goto(paul_url)
    x(pauls.get_by_role("heading", name="Paul’s view")).to_be_visible()

    # a second phone opening Paul's link is told plainly
    second.goto(paul_url)
    x(second.get_by_role("heading", name="Seat taken")).to_be_visible()
    x(second.get_by_text("already open on another phone")).to_be_visible()

    # the Scribe sees it claimed and releases it; Paul's phone (polling) says so by itself
    scribe.reload()
    card = scribe.locator("#link-0")
    x(card.get_by_text("Claimed")).to_be_visible()
    card.get_by_role("button", name="Release").tap()
    x(scribe.locator("#link-0").get_by_text("Claimed")).to_have_count(0)
    x(pauls.get_by_role("heading", name="Seat released")).to_be_visible(timeout=15_000)
    pauls.screenshot(path=str(artifacts / "browser-seat-released.png"))

    # one tap takes it back; the second phone still may not
    pauls.get_by_role("button", name="Take my seat back on this phone").tap()
    x(pauls.get_by_role("heading", name="Paul’s view")).to_be_visible()
    second.reload()
    x(second.get_by_role("heading", name="Seat taken")).to_be_visible()

    # the Scribe's own list has the game; opening its key from the stranger's phone is possible
    # only with the link, which the stranger never saw
    scribe.goto(server + "/")
    x(scribe.locator("ul.games a")).to_have_count(1)
    assert key not in stranger.content()
