"""The virtual deck's table flow (issue 32): nobody is offered a bid before the cards are
dealt (W-R4, K-B1), the round's words say what Scribe does with the cards, the words about
hidden bids follow what the table has seen, and a deal taken back is dealt again alike."""

from __future__ import annotations

import pytest
from web_helpers import has_form, text

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals

GAMES = {
    "wizard": {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
               "rules": {"reveal": "hidden", "rounds": 3, "virtual_deck": True}},
    "skull_king": {"game": "skull_king", "players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                   "rules": {"rounds": [1, 2, 3], "virtual_deck": True}},
}


@pytest.fixture
def table(client):
    """A virtual-deck game: (its Scribe key, the players' tokens)."""

    def make(game: str, **rules):
        body = {**GAMES[game], "rules": {**GAMES[game]["rules"], **rules}}
        made = client.post("/api/games", json=body)
        assert made.status_code == 201, made.get_json()
        key = made.get_json()["key"]
        tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
        return key, tokens

    return make


@pytest.mark.parametrize("game", GAMES)
def test_w_r4_k_b1_no_bid_buttons_on_a_phone_before_the_deal(client, table, game):
    key, tokens = table(game)
    page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    assert not has_form(page, "/bid")
    assert "Waiting for the Scribe to deal the cards." in text(page)
    seat = client.get(f"/api/player/{tokens[PAUL]}").get_json()
    assert seat["bidding"] == {"open": False, "waits": False, "awaits_deal": True}

    assert client.post(f"/api/games/{key}/actions/deal", json={}).status_code == 200
    page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    if client.get(f"/api/games/{key}/sheet").get_json()["rounds"][0].get("trump", {}) == {"card": "wizard", "suit": None}:
        client.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"})
        page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    assert has_form(page, "/bid") and "Waiting for the Scribe to deal" not in page
    assert client.get(f"/api/player/{tokens[PAUL]}").get_json()["bidding"]["open"] is True


def test_the_tv_says_scribe_deals_with_the_virtual_deck(client, table):
    """"Deal 3 cards each" is for a table dealing real cards: with the virtual deck the
    players' phones and the TV say that Scribe deals them."""
    key, tokens = table("skull_king")
    watch = client.get(f"/api/games/{key}/links").get_json()["watch"]["token"]
    for url in (f"/w/{watch}", f"/p/{tokens[PAUL]}"):
        words = text(client.get(url).get_data(as_text=True))
        assert "1 card each, dealt by Scribe" in words and "Deal 1 card each" not in words


HIDDEN_UNTIL_LAST = "Bids are hidden until the last one is in"


@pytest.mark.parametrize("game", GAMES)
def test_w_b7_k_b1_no_hidden_bids_sentence_beside_bids_shown_after_an_undo(client, table, game):
    key, tokens = table(game)
    watch = client.get(f"/api/games/{key}/links").get_json()["watch"]["token"]
    assert client.post(f"/api/games/{key}/actions/deal", json={}).status_code == 200
    if client.get(f"/api/games/{key}/sheet").get_json()["rounds"][0].get("trump") == {"card": "wizard", "suit": None}:
        client.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"})
    pages = (f"/games/{key}", f"/w/{watch}", f"/p/{tokens[PAUL]}")
    for p in (PAUL, THOMAS, MARIE):
        assert client.post(f"/api/games/{key}/actions/bid", json={"player": p, "bid": 0}).status_code == 200
        if p == PAUL:  # one bid in, sealed: the TV says so
            assert HIDDEN_UNTIL_LAST in text(client.get(pages[1]).get_data(as_text=True))
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200  # Marie's bid: the others stay shown
    for url in pages:
        words = text(client.get(url).get_data(as_text=True))
        assert HIDDEN_UNTIL_LAST not in words, url
        assert "All are revealed at once when the last one is in" not in words, url
    marie = text(client.get(f"/p/{tokens[MARIE]}").get_data(as_text=True))  # her bid to make again
    assert "the bids were shown: everyone sees it" in marie and "nobody else sees it" not in marie


@pytest.mark.parametrize("game", GAMES)
def test_a_pass_link_once_its_hand_was_played_from_goes_back_to_the_game(client, table, game):
    key, _tokens = table(game, **({"reveal": "open"} if game == "wizard" else {}))
    client.post(f"/api/games/{key}/actions/deal", json={})
    if client.get(f"/api/games/{key}/sheet").get_json()["rounds"][0].get("trump") == {"card": "wizard", "suit": None}:
        client.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"})
    for p in (PAUL, THOMAS, MARIE):
        assert client.post(f"/api/games/{key}/actions/bid", json={"player": p, "bid": 0}).status_code == 200
    v = client.get(f"/api/games/{key}/sheet").get_json()["version"]
    page = client.get(f"/games/{key}/pass/{PAUL}?v={v}").get_data(as_text=True)
    card = form_card(page)
    assert client.post(f"/api/games/{key}/actions/played", json={"player": PAUL, "card": card}).status_code == 200
    again = client.get(f"/games/{key}/pass/{PAUL}?v={v}")  # reloaded, or Back: the phone is Thomas's now
    assert again.status_code == 303 and again.headers["Location"].endswith(f"/games/{key}")
    assert client.get(f"/games/{key}/pass/{PAUL}?v={v + 1}").status_code == 200  # a fresh link: his take-back


def form_card(page: str) -> str:
    import re

    return re.search(r'name="card" value="([^"]+)"(?![^>]*disabled)', page).group(1)


@pytest.fixture
def fresh_shuffles(monkeypatch):
    """Every draw from another seed: a deal dealt afresh is (almost surely) another deal."""
    import itertools
    import random

    from scribe import service

    seeds = itertools.count(11)
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(next(seeds)))


def hands(client, tokens) -> list[list[str]]:
    return [client.get(f"/api/player/{t}").get_json()["cards"]["current"]["dealt"] for t in tokens]


@pytest.mark.parametrize("game", GAMES)
def test_w_r4_k_r1_an_undone_deal_dealt_again_gives_the_same_hands(client, table, fresh_shuffles, game):
    key, tokens = table(game, rounds=[3, 3] if game == "skull_king" else 3)
    assert client.post(f"/api/games/{key}/actions/deal", json={}).status_code == 200
    first = hands(client, tokens)
    for _ in range(2):  # undo, deal: the same cards every time
        assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
        page = client.get(f"/games/{key}").get_data(as_text=True)
        assert has_form(page, "/shuffle") and "Deal gives the same cards again" in text(page)
        assert client.post(f"/api/games/{key}/actions/deal", json={}).status_code == 200
        assert hands(client, tokens) == first

    # Shuffle again: a new deal, and every screen says so; the history too
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    page = client.get(f"/games/{key}").get_data(as_text=True)
    from web_helpers import submit

    assert submit(client, page, "/shuffle").status_code == 303
    page = client.get(f"/games/{key}").get_data(as_text=True)
    assert not has_form(page, "/shuffle") and has_form(page, "/deal")
    assert client.post(f"/api/games/{key}/actions/deal", json={}).status_code == 200
    assert hands(client, tokens) != first
    watch = client.get(f"/api/games/{key}/links").get_json()["watch"]["token"]
    for url in (f"/games/{key}", f"/w/{watch}", f"/p/{tokens[PAUL]}"):
        assert "Scribe shuffled the cards again" in text(client.get(url).get_data(as_text=True)), url
    history = text(client.get(f"/games/{key}/history").get_data(as_text=True))
    assert "Round 1: Scribe shuffled the cards again" in history
    assert client.post(f"/api/games/{key}/actions/shuffle", json={}).status_code == 422  # dealt: too late
