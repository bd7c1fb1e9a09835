"""The virtual deck's table flow on real phones (390x844, Chromium; issue 32): no bid
buttons before the deal, a passed phone that never shows a hand again once played from,
the round's words following the table, tricks tapped kept across a reload, and a deal
taken back dealt again alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import PHONE
from .tables import api, links
from .test_table import expect

pytestmark = pytest.mark.browser
SHOTS = Path("/work/wt/shots/vdeck-flow")
PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals


def shot(page, name: str) -> None:
    """A screenshot for the note (outside the repository); none where that folder is missing."""
    if SHOTS.parent.is_dir():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def new_game(server: str, game: str = "wizard", **rules) -> str:
    if game == "skull_king":
        body = {"game": "skull_king", "players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                "rules": {"rounds": [1, 2, 3], "virtual_deck": True, **rules}}
    else:
        body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
                "rules": {"rounds": 3, "virtual_deck": True, "reveal": "hidden", **rules}}
    return api(server, "POST", "/api/games", body)["key"]


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_a_phone_waits_for_the_deal_before_its_bid_buttons(server, contexts, game):
    x = expect()
    key = new_game(server, game)
    paul = contexts(**PHONE)
    paul.goto(links(server, key)["players"][PAUL]["url"])
    x(paul.locator(".awaits-deal")).to_have_text("Waiting for the Scribe to deal the cards.")
    assert paul.locator("form.bid button").count() == 0
    shot(paul, f"waiting-for-the-deal-{game}")
    api(server, "POST", f"/api/games/{key}/actions/deal", {})
    if game == "wizard" and api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["trump"] == {
            "card": "wizard", "suit": None}:
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    x(paul.locator("form.bid button").first).to_be_visible(timeout=15_000)  # pushed to the phone, no reload
    x(paul.locator(".awaits-deal")).to_have_count(0)


TV = {"viewport": {"width": 1920, "height": 1080}}


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_the_round_says_scribe_deals_and_no_hidden_bids_sentence_after_an_undo(server, contexts, game):
    """The TV and the Scribe's phone: "Deal 1 card each" is for real cards (Scribe deals the
    virtual deck); bids shown, then one taken back, are not "hidden until the last one"."""
    x = expect()
    key = new_game(server, game)
    scribe, tv = contexts(**PHONE), contexts(**TV)
    tv.goto(links(server, key)["watch"]["url"])
    scribe.goto(f"{server}/games/{key}")
    x(tv.locator("p.deal .cards")).to_have_text("1 card each, dealt by Scribe")
    api(server, "POST", f"/api/games/{key}/actions/deal", {})
    if game == "wizard" and api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0]["trump"] == {
            "card": "wizard", "suit": None}:
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    for p in (PAUL, THOMAS, MARIE):
        api(server, "POST", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})
    api(server, "POST", f"/api/games/{key}/undo", {})
    x(tv.locator(".bidlist li").nth(0)).to_contain_text("0", timeout=15_000)  # Paul's bid, shown for good
    scribe.reload()
    for page in (tv, scribe):
        x(page.locator("body")).not_to_contain_text("hidden until the last one is in")
        x(page.locator("body")).not_to_contain_text("revealed at once when the last one is in")
    shot(scribe, f"bids-shown-after-an-undo-{game}")


def dealt_and_bid(server: str, key: str) -> None:
    """The round dealt (a turned Wizard's suit named) and every seat's bid 0 in: cards in play."""
    api(server, "POST", f"/api/games/{key}/actions/deal", {})
    if api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0].get("trump") == {"card": "wizard", "suit": None}:
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    for p in (PAUL, THOMAS, MARIE):
        api(server, "POST", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})


def play_first(page) -> None:
    """Tap the hand's first playable card; a card played in one of several forms (K-T1's
    Tigress) is tapped open first, then played in its first form."""
    card = page.locator("form.cards button[data-card]:not([disabled]):visible, "
                        "form.cards details.card-choice > summary").first
    if card.evaluate("e => e.tagName") == "SUMMARY":
        card.tap()
        card = card.locator("xpath=..").locator("button[data-card]").first
    card.tap()


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_a_passed_phone_reloaded_or_back_never_shows_the_hand_played_from(server, contexts, game):
    x = expect()
    key = new_game(server, game, **({"rounds": 3, "reveal": "open"} if game == "wizard" else {}))
    dealt_and_bid(server, key)
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("link", name="Play for Paul (pass the phone)").tap()
    hand = scribe.locator("form.cards [data-card], form.cards [data-held]")
    x(hand.first).to_be_visible()
    play_first(scribe)
    x(scribe.get_by_role("link", name="Play for Thomas (pass the phone)")).to_be_visible()
    scribe.reload()  # on /pass/0 still: Paul's hand is not shown again
    x(scribe.get_by_role("link", name="Play for Thomas (pass the phone)")).to_be_visible()
    x(hand).to_have_count(0)
    assert "/pass/" not in scribe.url
    shot(scribe, f"pass-reloaded-{game}")

    scribe.get_by_role("link", name="Play for Thomas (pass the phone)").tap()
    x(hand.first).to_be_visible()
    play_first(scribe)
    x(scribe.get_by_role("link", name="Play for Marie (pass the phone)")).to_be_visible()
    scribe.go_back()  # Paul's page, or Thomas's: neither hand
    x(scribe.locator(".play-for")).to_be_visible()
    x(hand).to_have_count(0)  # waits out a navigation still under way, as a person would
    scribe.go_back()
    x(scribe.locator(".play-for")).to_be_visible()
    x(hand).to_have_count(0)


def test_a_hand_beside_the_bid_buttons_is_not_struck_through(server, contexts):
    """During the bids the passed phone shows the player's hand to bid on: none of it is
    played, so none of it is drawn struck through (only a card refused on their turn is)."""
    x = expect()
    key = new_game(server, "wizard")
    api(server, "POST", f"/api/games/{key}/actions/deal", {})
    if api(server, "GET", f"/api/games/{key}/sheet")["rounds"][0].get("trump") == {"card": "wizard", "suit": None}:
        api(server, "POST", f"/api/games/{key}/trump", {"card": "wizard", "suit": "red"})
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    scribe.get_by_role("link", name="I am Paul: show my bid buttons").tap()
    card = scribe.locator("form.cards button[data-card]").first
    x(card).to_be_visible()
    assert card.evaluate("b => getComputedStyle(b).textDecorationLine") == "none"
    shot(scribe, "hand-beside-bid-buttons")


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_tricks_tapped_survive_a_reload_but_never_a_newer_record(server, contexts, game):
    """Real cards: the Scribe taps some tricks, the phone reloads (a lock screen, a slip of the
    thumb): the taps are still there. Once something newer is recorded, they are not."""
    x = expect()
    key = new_game(server, game, virtual_deck=False, **({"reveal": "open", "rounds": 3} if game == "wizard" else {}))
    for p in (PAUL, THOMAS, MARIE):
        api(server, "POST", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})
    scribe = contexts(**PHONE)
    scribe.goto(f"{server}/games/{key}")
    paul_one = scribe.locator('form.tricks input[name="tricks.0"][value="1"]')
    scribe.locator('form.tricks label:has(input[name="tricks.0"][value="1"])').tap()
    x(paul_one).to_be_checked()
    scribe.reload()
    x(paul_one).to_be_checked()
    x(scribe.locator('form.tricks input[name="tricks.1"][value="0"]')).to_be_checked()  # filled in again
    shot(scribe, f"tricks-kept-after-reload-{game}")

    api(server, "POST", f"/api/games/{key}/undo", {})  # newer than the draft: Marie's bid again
    api(server, "POST", f"/api/games/{key}/actions/bid", {"player": MARIE, "bid": 0})
    scribe.reload()
    x(scribe.locator("form.tricks")).to_be_visible()
    x(paul_one).not_to_be_checked()


@pytest.mark.parametrize("game", ["wizard", "skull_king"])
def test_a_deal_taken_back_is_dealt_again_alike_and_a_shuffle_is_told(server, contexts, game):
    """The Scribe deals, takes the deal back, deals again: Thomas's phone shows the same
    cards. A new deal needs "Shuffle again", which Thomas's phone and the TV are told of."""
    x = expect()
    key = new_game(server, game, **({"rounds": [3, 3]} if game == "skull_king" else {"rounds": 3}))
    scribe, thomas, tv = contexts(**PHONE), contexts(**PHONE), contexts(**TV)
    urls = links(server, key)
    thomas.goto(urls["players"][THOMAS]["url"])
    tv.goto(urls["watch"]["url"])
    scribe.goto(f"{server}/games/{key}")
    mine = thomas.locator("#hand button[data-card]")

    def held() -> list[str]:
        x(mine.first).to_be_visible(timeout=15_000)
        return sorted(mine.nth(i).get_attribute("data-card") for i in range(mine.count()))

    scribe.get_by_role("button", name="Deal", exact=True).tap()
    first = held()
    for _ in range(2):
        scribe.locator("button.undo-btn").tap()
        x(scribe.get_by_role("button", name="Shuffle again")).to_be_visible()
        x(mine).to_have_count(0, timeout=15_000)
        scribe.get_by_role("button", name="Deal", exact=True).tap()
        assert held() == first
    scribe.locator("button.undo-btn").tap()
    shot(scribe, f"deal-taken-back-{game}")
    scribe.get_by_role("button", name="Shuffle again").tap()
    for page in (scribe, thomas, tv):
        x(page.locator(".reshuffled")).to_have_text("Scribe shuffled the cards again", timeout=15_000)
    x(scribe.get_by_role("button", name="Shuffle again")).to_have_count(0)
    x(scribe.locator(".undo .last")).to_contain_text("Scribe shuffled the cards again")
    scribe.get_by_role("button", name="Deal", exact=True).tap()
    held()
    shot(thomas, f"shuffled-again-player-{game}")
