"""The virtual deck at the table, through the pages and the API: the Scribe deals, each
player sees only their own hand on their link, marks cards played; bad input is a 4xx."""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import same_database
from web_helpers import HX, errors, form, forms, has_form, submit, text

from scribe import create_app, service
from scribe.engine import card_label
from scribe.store import links, load_log
from scribe.web.db import get_db

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals


@pytest.fixture
def seeded(monkeypatch):
    """Deals drawn from a seeded rng instead of the OS's source: seeded(seed)."""

    def use(seed: int):
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))

    return use


@pytest.fixture
def vd(client, new_game):
    """A virtual-deck game and its player tokens."""

    def make(**rules):
        gid = new_game(preset="standard", rules={"virtual_deck": True, **rules})
        links = client.get(f"/api/games/{gid}/links").get_json()
        return gid, [p["token"] for p in links["players"]]

    return make


def game_id(app, key):
    """The game's own id behind its Scribe's link (the id opens nothing: the log is kept by it)."""
    with app.app_context():
        return links.find(get_db(), key)[0].game_id


def recorded_deal(app, gid, number=1):
    with app.app_context():
        deals = [e for e in load_log(get_db(), game_id(app, gid)) if e.kind == "deal" and e.data["round"] == number]
    assert deals, "no deal recorded"
    return deals[-1].data


def deal(client, gid):
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    return submit(client, page, "/deal")


def shown_cards(page: str) -> list[str]:
    """The chips of the player's hand (the trick on the table shows played cards too)."""
    return re.findall(r'<button[^>]*data-card="([^"]+)"', page)


def labels(cards) -> list[str]:
    return [card_label(c, "gigamic", "en") for c in cards]


def absent(page: str, cards, body_json=None) -> None:
    """None of ``cards`` is on the page (chip, label) nor in the JSON."""
    words = text(page)
    for c, label in zip(cards, labels(cards)):
        assert f'data-card="{c}"' not in page and f'value="{c}"' not in page
        if c not in ("W", "J"):  # the edition's Wizard and Jester names are on every page (rules line)
            assert not re.search(rf"(?<![\w]){re.escape(label)}(?!\d)", words), label
        if body_json is not None:
            assert f'"{c}"' not in json.dumps(body_json), c


def bid_all(client, gid, bids=(0, 0, 0)):
    for p in (PAUL, THOMAS, MARIE):
        assert client.post(f"/api/games/{gid}/bids", json={"player": p, "bid": bids[p]}).status_code == 200


def test_the_new_game_form_offers_a_virtual_deck_and_stores_it(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="virtual_deck"' in page and "Virtual deck" in page
    resp = client.post("/games", data={"players": ["Paul", "Thomas", "Marie", "", "", ""], "dealer": "0",
                                       "preset": "standard", "reveal": "open", "virtual_deck": "on"})
    assert resp.status_code == 303
    gid = resp.headers["Location"].rsplit("/", 1)[-1]
    sheet = client.get(f"/api/games/{gid}/sheet").get_json()
    assert sheet["rules"]["virtual_deck"] is True
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert form(page, "/deal") and "virtual deck" in text(page)
    assert not any(f.action.endswith("/bid") for f in forms(page))  # deal first


def test_the_deal_is_recorded_and_each_player_sees_only_their_own_hand(app, client, vd, seeded):
    seeded(11)
    gid, tokens = vd(rounds=3)
    assert deal(client, gid).status_code == 303
    dealt = recorded_deal(app, gid)
    assert [len(h) for h in dealt["hands"]] == [1, 1, 1] and dealt["turned"]
    scribe_page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'data-turned="{dealt["turned"]}"' in scribe_page
    assert "Turned up: " + card_label(dealt["turned"], "gigamic", "en") in text(scribe_page)
    scribe_json = client.get(f"/api/games/{gid}").get_json()
    history = client.get(f"/api/games/{gid}/history").get_json()
    for hand in dealt["hands"]:  # the Scribe sees no hand, not in the page, the API or the history
        absent(scribe_page, hand, scribe_json)
        absent("", hand, history)
    for seat, token in enumerate(tokens):
        page = client.get(f"/p/{token}").get_data(as_text=True)
        body = client.get(f"/api/player/{token}").get_json()
        assert shown_cards(page) == dealt["hands"][seat]
        polled = client.get(f"/p/{token}/view?v=0")  # what a phone that was already open fetches
        assert polled.status_code == 200 and shown_cards(polled.get_data(as_text=True)) == dealt["hands"][seat]
        assert body["cards"]["current"]["hand"] == dealt["hands"][seat]
        for other, hand in enumerate(dealt["hands"]):
            if other != seat:
                absent(page, hand, body)
    watch = client.get(f"/api/games/{gid}/links").get_json()["watch"]["token"]
    for hand in dealt["hands"]:
        absent(client.get(f"/w/{watch}").get_data(as_text=True), hand, client.get(f"/api/watch/{watch}").get_json())


def test_players_play_their_cards_in_turn_and_the_scribe_confirms_the_tricks(app, client, vd, seeded):
    seeded(5)
    gid, tokens = vd()
    deal(client, gid)
    client.post(f"/api/games/{gid}/deal", json={})  # refused: already dealt
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    if has_form(page, "/trump"):  # a turned Wizard: the dealer names the suit first
        submit(client, page, "/trump", suit="red")
    bid_all(client, gid, (1, 0, 0))
    hands = recorded_deal(app, gid)["hands"]
    for seat in (PAUL, THOMAS, MARIE):  # W-P1: Marie deals, Paul leads; one card each
        page = client.get(f"/p/{tokens[seat]}").get_data(as_text=True)
        assert "Your turn" in text(page)
        resp = submit(client, page, "/played", card=hands[seat][0])
        assert resp.status_code == 303
    page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    assert shown_cards(page) == [] and "You have played all your cards." in text(page)
    assert "Played: " + labels(hands[PAUL])[0] in text(page)
    with app.app_context():
        played = [e.data for e in load_log(get_db(), game_id(app, gid)) if e.kind == "played"]
    assert played == [{"round": 1, "player": p, "card": hands[p][0]} for p in (PAUL, THOMAS, MARIE)]
    # every card is played: the Scribe's form is filled in from the trick, one tap confirms it
    sheet = client.get(f"/api/games/{gid}/sheet").get_json()
    won = sheet["rounds"][0]["play"]["won"]
    assert sum(won) == 1 and sheet["rounds"][0]["play"]["finished"]
    scribe_page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Confirm the tricks" in text(scribe_page)
    filled = form(scribe_page, "/tricks").checked
    assert filled == {f"tricks.{p}": str(w) for p, w in enumerate(won)}
    resp = submit(client, scribe_page, "/tricks", **{k.replace(".", "__"): v for k, v in filled.items()})
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    assert client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]["tricks"] == won
    # the dealt hand can be reviewed once the round is scored: the player's page, the Scribe's history
    seeded(6)
    client.post(f"/api/games/{gid}/deal", json={})
    body = client.get(f"/api/player/{tokens[PAUL]}").get_json()["cards"]
    assert body["past"] == [{"round": 1, "dealt": hands[PAUL]}] and len(body["current"]["hand"]) == 2
    history = text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    assert "Paul: " + labels(hands[PAUL])[0] in history and "Paul plays " + labels(hands[PAUL])[0] in history


def test_the_api_marks_a_card_and_answers_the_players_own_cards(app, client, vd, seeded):
    seeded(9)
    gid, tokens = vd(reveal="hidden")
    client.post(f"/api/games/{gid}/deal", json={})
    # seed 9 turns up a Wizard: the dealer names the suit before anyone bids (W-R3)
    assert client.post(f"/api/player/{tokens[0]}/bid", json={"bid": 0}).status_code == 422
    assert client.post(f"/api/games/{gid}/trump", json={"card": "wizard", "suit": "red"}).status_code == 200
    for p, token in enumerate(tokens):
        assert client.post(f"/api/player/{token}/bid", json={"bid": 0}).status_code == 200
    hands = recorded_deal(app, gid)["hands"]
    resp = client.post(f"/api/player/{tokens[PAUL]}/played", json={"round": 1, "card": hands[PAUL][0].lower()})
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert body["cards"]["current"] == {"round": 1, "hand": [], "played": hands[PAUL], "dealt": hands[PAUL],
                                        "can_mark": True, "hidden": False, "my_turn": False, "legal": [],
                                        "why": None, "can_take_back": True}
    assert body["sheet"]["rounds"][0]["play"]["trick"] == [{"player": PAUL, "card": hands[PAUL][0]}]
    absent("", hands[THOMAS] + hands[MARIE], body)


@pytest.mark.parametrize("card, field, status, message", [
    ("Z9", "card", 422, "is not a card"),
    ("R" * 5000, "card", 422, "Write a card"),
    ("", "card", 422, "Choose a card"),
])
def test_bad_cards_are_refused_next_to_the_field(app, client, vd, seeded, card, field, status, message):
    seeded(3)
    gid, tokens = vd()
    deal(client, gid)
    client.post(f"/api/games/{gid}/trump", json={"card": "wizard", "suit": "red"})  # harmless if not a Wizard
    bid_all(client, gid)
    page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    resp = submit(client, page, "/played", headers=HX, card=card)
    assert resp.status_code == status
    assert message in errors(resp.get_data(as_text=True))[field]
    api = client.post(f"/api/player/{tokens[PAUL]}/played", json={"card": card})
    assert api.status_code == status and api.get_json()["field"] == field and message in api.get_json()["error"]


def test_other_players_cards_other_links_and_scored_rounds_are_refused(app, client, vd, seeded, new_game):
    seeded(4)
    gid, tokens = vd()
    deal(client, gid)
    hands = recorded_deal(app, gid)["hands"]
    page = client.get(f"/p/{tokens[PAUL]}").get_data(as_text=True)
    # before the bids: the cards are shown but not yet to be marked
    assert 'disabled' in page.split('<form class="cards')[1].split("</form>")[0]
    resp = client.post(f"/p/{tokens[PAUL]}/played", data={"round": "1", "card": hands[PAUL][0]}, headers=HX)
    assert resp.status_code == 422 and "once every bid is in" in errors(resp.get_data(as_text=True))["card"]
    client.post(f"/api/games/{gid}/trump", json={"card": "wizard", "suit": "red"})
    bid_all(client, gid)
    for card, msg in ((hands[THOMAS][0], "not in your hand"),):
        resp = client.post(f"/p/{tokens[PAUL]}/played", data={"round": "1", "card": card}, headers=HX)
        assert resp.status_code == 422 and msg in errors(resp.get_data(as_text=True))["card"]
    # a player's link marks only that player's cards
    resp = client.post(f"/p/{tokens[PAUL]}/played", data={"card": hands[THOMAS][0], "player": str(THOMAS)}, headers=HX)
    assert resp.status_code == 403 and "Paul" in errors(resp.get_data(as_text=True))["player"]
    # a link of another game, a wrong token, a watch token: 404
    other = new_game(rules={"virtual_deck": True})
    other_token = client.get(f"/api/games/{other}/links").get_json()["players"][0]["token"]
    resp = client.post(f"/p/{other_token}/played", data={"card": hands[PAUL][0]})
    assert resp.status_code == 422  # that game is not dealt: its own round, its own refusal
    watch = client.get(f"/api/games/{gid}/links").get_json()["watch"]["token"]
    for token in (watch, "x" * 22):
        assert client.post(f"/p/{token}/played", data={"card": hands[PAUL][0]}).status_code == 404
        assert client.post(f"/api/player/{token}/played", json={"card": hands[PAUL][0]}).status_code == 404
    with app.app_context():
        assert not [e for e in load_log(get_db(), game_id(app, gid)) if e.kind == "played"]
    # typed tricks would end the round before its cards are played, showing every hand (W-R4)
    resp = client.post(f"/api/games/{gid}/tricks", json={"tricks": [1, 0, None]})
    assert resp.status_code == 422 and resp.get_json()["field"] == "tricks"
    for seat in (PAUL, THOMAS, MARIE):  # W-P1: one card each, Paul leads
        assert client.post(f"/api/player/{tokens[seat]}/played", json={"round": 1, "card": hands[seat][0]}).status_code == 200
    assert client.post(f"/api/games/{gid}/tricks", json={}).status_code == 200  # the tricks as played
    # once the round is scored, its cards can no longer be marked
    resp = client.post(f"/p/{tokens[PAUL]}/played", data={"round": "1", "card": hands[PAUL][0]}, headers=HX)
    assert resp.status_code == 422 and "Round 1 is scored" in errors(resp.get_data(as_text=True))["card"]
    resp = client.post(f"/p/{tokens[PAUL]}/played", data={"round": "x", "card": "W"}, headers=HX)
    assert resp.status_code == 422
    with app.app_context():
        assert len([e for e in load_log(get_db(), game_id(app, gid)) if e.kind == "played"]) == 3


def test_a_game_without_virtual_deck_refuses_deals_and_cards(client, new_game):
    gid = new_game()
    token = client.get(f"/api/games/{gid}/links").get_json()["players"][0]["token"]
    resp = client.post(f"/api/games/{gid}/deal", json={})
    assert resp.status_code == 422 and resp.get_json()["field"] == "deal"
    resp = client.post(f"/p/{token}/played", data={"card": "W"}, headers=HX)
    assert resp.status_code == 422 and "no virtual deck" in errors(resp.get_data(as_text=True))["card"]


def test_the_client_never_chooses_the_cards(app, client, vd):
    gid, _tokens = vd()
    mine = {"hands": [["W"], ["W"], ["W"]], "turned": "W"}
    assert client.post(f"/api/games/{gid}/actions/deal", json=mine).status_code == 200
    assert recorded_deal(app, gid)["hands"] != mine["hands"] or recorded_deal(app, gid)["turned"] != "W"


def test_a_turned_wizard_asks_the_dealer_for_the_suit(app, client, vd, seeded):
    from scribe.engine import WIZARD, deal as engine_deal

    seed = next(s for s in range(2000) if engine_deal(3, 1, random.Random(s)).turned is WIZARD)
    seeded(seed)
    gid, _tokens = vd()
    deal(client, gid)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Marie picks the trump suit" in text(page)
    assert client.post(f"/api/games/{gid}/trump", json={"card": "red"}).status_code == 422
    assert submit(client, page, "/trump", suit="green").status_code == 303
    assert client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]["trump"] == {"card": "wizard", "suit": "green"}


@pytest.mark.parametrize("seed", [9, 5])  # 9 turns up a Wizard
def test_undo_takes_back_a_deal_only_before_any_bid(app, client, vd, seeded, seed):
    seeded(seed)
    gid, _tokens = vd()
    client.post(f"/api/games/{gid}/deal", json={})
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200
    assert not client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]["dealt"]
    client.post(f"/api/games/{gid}/deal", json={})
    # a turned Wizard gets its suit before any bid (W-R3); refused when the card was not one
    named = client.post(f"/api/games/{gid}/trump", json={"card": "wizard", "suit": "red"}).status_code == 200
    assert client.post(f"/api/games/{gid}/bids", json={"player": PAUL, "bid": 0}).status_code == 200
    assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200  # the bid
    assert named == (seed == 9)
    if named:
        assert client.post(f"/api/games/{gid}/undo", json={}).status_code == 200  # the named suit
    resp = client.post(f"/api/games/{gid}/undo", json={})
    assert resp.status_code == 422 and resp.get_json()["field"] == "undo"
    assert client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]["dealt"]


def test_a_restart_keeps_the_deal(app, client, vd):
    gid, tokens = vd()
    client.post(f"/api/games/{gid}/deal", json={})
    before = [client.get(f"/api/player/{t}").get_json()["cards"] for t in tokens]
    service.sheets.clear()  # a new process: nothing cached
    again = create_app(same_database(app)).test_client()
    again.set_cookie("session", client.get_cookie("session").value)  # the same phones: claims hold
    after = [again.get(f"/api/player/{t}").get_json()["cards"] for t in tokens]
    assert after == before and all(c["current"]["hand"] for c in after)
    assert shown_cards(again.get(f"/p/{tokens[MARIE]}").get_data(as_text=True)) == before[MARIE]["current"]["hand"]
