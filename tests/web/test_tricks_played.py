"""The virtual deck played trick by trick through the pages and the API (W-P1..W-P6): only
the seat whose turn it is plays, only a legal card, the trick is in sight on every screen,
the Scribe confirms the tricks played in one tap, a player takes back a mis-tapped card;
every bad input is a clear 4xx with nothing recorded, and a round of random legal cards
played through the API always ends with the engine's winners."""

from __future__ import annotations

import random
import re
import threading

import pytest
from conftest import same_database
from hypothesis import HealthCheck, given, settings, strategies as st
from web_helpers import HX, errors, form, submit, text

from scribe import create_app, service
from scribe.engine import trick_winner
from scribe.store import links, load_log
from scribe.web.db import get_db

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Marie deals round 1, Paul leads
NAMES = ("Paul", "Thomas", "Marie")
SUIT = {"blue": "B", "green": "G", "red": "R", "yellow": "Y"}


@pytest.fixture
def seeded(monkeypatch):
    def use(seed: int):
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    return use


class Round:
    """A virtual-deck game through the API, dealt and bid up to the first card."""

    def __init__(self, app, client, new_game, rounds=None, **rules):
        self.app, self.client = app, client
        self.key = new_game(preset="standard", rules={"virtual_deck": True, **({"rounds": rounds} if rounds else {}),
                                                      **rules})
        self.tokens = [p["token"] for p in client.get(f"/api/games/{self.key}/links").get_json()["players"]]
        for t in self.tokens:  # this client holds every seat, as a table of phones would, one each
            client.get(f"/api/player/{t}")

    def deal_and_bid(self):
        c, key = self.client, self.key
        assert c.post(f"/api/games/{key}/deal", json={}).status_code == 200
        row = self.row
        if row["trump"] and row["trump"]["card"] == "wizard":
            assert c.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"}).status_code == 200
        for p in self.row["order"]:
            assert c.post(f"/api/games/{key}/bids", json={"player": p, "bid": 0}).status_code == 200
        return self

    @property
    def sheet(self):
        return self.client.get(f"/api/games/{self.key}/sheet").get_json()

    @property
    def row(self):
        s = self.sheet
        return s["rounds"][(s["current_round"] or s["round_count"]) - 1]

    def cards(self, seat):
        return self.client.get(f"/api/player/{self.tokens[seat]}").get_json()["cards"]["current"]

    def play(self, seat, card, **extra):
        return self.client.post(f"/api/player/{self.tokens[seat]}/played", json={"card": card, **extra})

    def play_out(self):
        """Each turn the first card the rules allow, then the tricks as played: typed tricks
        wait for the last card (W-R4)."""
        while not self.row["play"]["finished"]:
            seat = self.row["play"]["turn"]
            assert self.play(seat, self.cards(seat)["legal"][0]).status_code == 200
        assert self.client.post(f"/api/games/{self.key}/tricks", json={}).status_code == 200

    def entries(self, kind):
        with self.app.app_context():
            gid = links.find(get_db(), self.key)[0].game_id
            return [e.data for e in load_log(get_db(), gid) if e.kind == kind]


@pytest.fixture
def table(app, client, new_game):
    return lambda **kw: Round(app, client, new_game, **kw)


def test_w_p1_only_the_seat_whose_turn_it_is_plays_and_the_winner_leads(table, seeded):
    seeded(21)
    t = table(rounds=3)
    t.deal_and_bid()
    assert t.row["play"]["turn"] == PAUL and t.cards(PAUL)["my_turn"] and not t.cards(THOMAS)["my_turn"]
    thomas = t.cards(THOMAS)["hand"][0]
    resp = t.play(THOMAS, thomas)
    assert resp.status_code == 422 and resp.get_json() == {"error": "It is Paul's turn to play, not Thomas's.",
                                                            "field": "card"}
    page = t.client.post(f"/p/{t.tokens[THOMAS]}/played", data={"card": thomas}, headers=HX)
    assert page.status_code == 422 and "It is Paul's turn" in errors(page.get_data(as_text=True))["card"]
    assert t.entries("played") == []
    for seat in (PAUL, THOMAS, MARIE):
        assert t.play(seat, t.cards(seat)["legal"][0]).status_code == 200
    play = t.row["play"]
    cards = [c["card"] for c in play["tricks"][0]["cards"]]
    winner = trick_winner(cards, SUIT.get((t.row["trump"] or {}).get("suit") or ""))
    assert play["tricks"][0]["winner"] == winner and play["won"][winner] == 1
    assert play["turn"] is None and play["finished"]  # round 1: one card each


def test_a_card_not_in_the_hand_or_not_following_suit_is_refused_with_the_reason(table, seeded):
    for seed in range(200):  # a deal where Thomas holds the led suit and another plain suit
        seeded(seed)
        t = table(rounds=5)
        for _ in range(4):
            t.deal_and_bid().play_out()
        t.deal_and_bid()
        lead = next(c for c in t.cards(t.row["play"]["turn"])["hand"] if c[0] in "BGRY")
        leader = t.row["play"]["turn"]
        nxt = (leader + 1) % 3
        hand = t.cards(nxt)["hand"]
        off = [c for c in hand if c[0] in "BGRY" and c[0] != lead[0]]
        if any(c[0] == lead[0] for c in hand) and off:
            break
    assert t.play(leader, lead).status_code == 200
    mine = t.cards(nxt)
    assert mine["my_turn"] and off[0] not in mine["legal"] and mine["why"].startswith("You must follow")
    page = t.client.get(f"/p/{t.tokens[nxt]}").get_data(as_text=True)
    assert f'data-card="{off[0]}" disabled' in page and mine["why"] in text(page)
    resp = t.play(nxt, off[0])
    assert resp.status_code == 422 and resp.get_json()["error"] == mine["why"]
    other = next(c for c in t.cards(leader)["hand"])
    resp = t.play(nxt, other)
    assert resp.status_code == 422 and "not in your hand" in resp.get_json()["error"]
    assert [e["card"] for e in t.entries("played") if e["round"] == 5] == [lead]


def test_a_player_takes_back_a_mis_tapped_card_until_the_next_card(table, seeded):
    seeded(8)
    t = table(rounds=3)
    t.deal_and_bid()
    first = t.cards(PAUL)["hand"][0]
    t.play(PAUL, first)
    page = t.client.get(f"/p/{t.tokens[PAUL]}").get_data(as_text=True)
    assert "Take back" in text(page)
    resp = submit(t.client, page, "/take_back", headers=HX)
    assert resp.status_code == 200 and first in t.cards(PAUL)["hand"] and t.row["play"]["trick"] == []
    t.play(PAUL, first)
    t.play(THOMAS, t.cards(THOMAS)["legal"][0])
    resp = t.client.post(f"/api/player/{t.tokens[PAUL]}/take_back", json={})
    assert resp.status_code == 422 and resp.get_json()["error"].startswith("Too late: Thomas has played since")
    assert [e["card"] for e in t.entries("take_back")] == [first] and len(t.entries("played")) == 3


def test_a_second_tap_against_an_older_table_is_a_409_and_nothing_is_played_twice(table, seeded):
    seeded(3)
    t = table(rounds=3)
    t.deal_and_bid()
    page = t.client.get(f"/p/{t.tokens[PAUL]}").get_data(as_text=True)
    f = form(page, "/played")
    a, b = f.enabled("card")[:2] if len(f.enabled("card")) > 1 else (f.enabled("card")[0],) * 2
    assert submit(t.client, page, "/played", headers=HX, card=a).status_code == 200
    resp = submit(t.client, page, "/played", headers=HX, card=b)  # the same screen, tapped again
    assert resp.status_code == 409 and "moved on" in errors(resp.get_data(as_text=True))["version"]
    assert [e["card"] for e in t.entries("played")] == [a]


def test_two_phones_tapping_for_one_turn_at_once_play_one_card(app, table, seeded):
    seeded(4)
    t = table(rounds=3)
    t.deal_and_bid()
    hand = t.cards(PAUL)["legal"]
    version = t.sheet["version"]
    answers = []
    # the seat's phone tapped twice at once: both requests carry its cookie and the version its screen showed
    cookie = t.client.get_cookie("session").value

    def tap_with_cookie(card):
        c = app.test_client()
        c.set_cookie("session", cookie)
        answers.append(c.post(f"/api/player/{t.tokens[PAUL]}/played", json={"card": card, "version": version}).status_code)

    threads = [threading.Thread(target=tap_with_cookie, args=(c,)) for c in (hand[0], hand[-1])]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(answers) == [200, 409]
    assert len(t.entries("played")) == 1


def test_after_the_last_card_nothing_more_is_played_and_the_scribe_confirms_or_corrects(table, seeded):
    seeded(13)
    t = table(rounds=3)
    t.deal_and_bid()  # one card each
    for _ in range(3):
        seat = t.row["play"]["turn"]
        t.play(seat, t.cards(seat)["legal"][0])
    won = t.row["play"]["won"]
    resp = t.play(PAUL, "W")
    assert resp.status_code == 422 and "Every card of this round is played" in resp.get_json()["error"]
    wrong = [1 - w for w in won[:2]] + [won[2]]
    if sum(wrong) != 1:
        wrong = [0, 0, 1] if won != [0, 0, 1] else [1, 0, 0]
    resp = t.client.post(f"/api/games/{t.key}/tricks", json={"tricks": wrong})
    assert resp.status_code == 200  # a correction of what was played, kept on record
    assert t.entries("tricks") == [{"round": 1, "tricks": wrong, "played": won}]
    history = text(t.client.get(f"/games/{t.key}/history").get_data(as_text=True))
    assert "as played:" in history
    resp = t.play(PAUL, "W", round=1)
    assert resp.status_code == 422 and "Round 1 is scored" in resp.get_json()["error"]


def test_the_scribe_plays_for_a_seat_with_no_phone_and_not_for_one_held_on_a_phone(app, seeded):
    seeded(30)
    scribe = app.test_client()  # the Scribe's phone, and Thomas's: two clients, two cookies
    made = scribe.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                           "preset": "standard", "rules": {"virtual_deck": True}}).get_json()
    key = made["key"]
    tokens = [p["token"] for p in scribe.get(f"/api/games/{key}/links").get_json()["players"]]
    thomas_phone = app.test_client()
    thomas_phone.get(f"/api/player/{tokens[THOMAS]}")  # Thomas claims his seat on his own phone
    scribe.post(f"/api/games/{key}/deal", json={})
    sheet = scribe.get(f"/api/games/{key}/sheet").get_json()
    if sheet["rounds"][0]["trump"]["card"] == "wizard":
        scribe.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"})
    for p in (PAUL, THOMAS, MARIE):
        scribe.post(f"/api/games/{key}/bids", json={"player": p, "bid": 0})
    game_page = scribe.get(f"/games/{key}").get_data(as_text=True)
    assert "Play for Paul (pass the phone)" in text(game_page)
    passed = scribe.get(f"/games/{key}/pass/{PAUL}").get_data(as_text=True)
    assert "Paul’s cards" in text(passed)
    card = form(passed, "/played").enabled("card")[0]
    resp = submit(scribe, passed, "/played", headers=HX, card=card)
    assert resp.status_code == 200 and "Thomas plays on their own phone." in text(resp.get_data(as_text=True))
    assert scribe.get(f"/games/{key}/pass/{THOMAS}").status_code == 409
    resp = scribe.post(f"/api/games/{key}/actions/played", json={"player": THOMAS, "card": "W"})
    assert resp.status_code == 422 and "Thomas holds their seat on their own phone" in resp.get_json()["error"]
    assert scribe.get(f"/api/games/{key}/sheet").get_json()["rounds"][0]["play"]["trick"] == [
        {"player": PAUL, "card": card}]


def test_the_trick_is_on_the_tv_and_every_phone_and_survives_a_restart(app, client, table, seeded):
    seeded(17)
    t = table(rounds=3)
    t.deal_and_bid()
    card = t.cards(PAUL)["legal"][0]
    t.play(PAUL, card)
    watch = client.get(f"/api/games/{t.key}/links").get_json()["watch"]["token"]
    for url in (f"/w/{watch}", f"/p/{t.tokens[THOMAS]}", f"/p/{t.tokens[MARIE]}", f"/games/{t.key}"):
        page = client.get(url).get_data(as_text=True)
        assert f'<li class="winning" data-player="{PAUL}" data-card="{card}"' in page, url
        assert "Thomas to play" in text(page)
    before = client.get(f"/api/player/{t.tokens[THOMAS]}").get_json()
    service.sheets.clear()  # a new process: nothing cached
    again = create_app(same_database(app)).test_client()
    again.set_cookie("session", client.get_cookie("session").value)
    assert again.get(f"/api/player/{t.tokens[THOMAS]}").get_json() == before
    assert before["cards"]["current"]["my_turn"]


def test_the_trick_just_won_stays_in_sight_until_the_next_card_is_led(client, table, seeded):
    """Round 2 deals two cards each: once the first trick is taken, every screen still shows
    its three cards in the order played and who took it, until its winner leads again."""
    seeded(5)
    t = table(rounds=3)
    t.deal_and_bid()
    for _ in range(3):  # round 1: one trick, confirmed as played
        seat = t.row["play"]["turn"]
        t.play(seat, t.cards(seat)["legal"][0])
    assert client.post(f"/api/games/{t.key}/tricks", json={"tricks": t.row["play"]["won"]}).status_code == 200
    t.deal_and_bid()
    played = []
    for _ in range(3):
        seat = t.row["play"]["turn"]
        played.append((seat, t.cards(seat)["legal"][0]))
        assert t.play(*played[-1]).status_code == 200
    winner = t.row["play"]["tricks"][0]["winner"]
    watch = client.get(f"/api/games/{t.key}/links").get_json()["watch"]["token"]
    for url in (f"/w/{watch}", f"/p/{t.tokens[THOMAS]}", f"/games/{t.key}"):
        page = client.get(url).get_data(as_text=True)
        shown = page[page.index('class="on-table last-trick'):]
        shown = shown[:shown.index("</ol>")]
        assert [(int(p), c) for p, c in re.findall(r'data-player="(\d)" data-card="([^"]+)"', shown)] == played, url
        assert f'<li class="won-it" data-player="{winner}"' in shown and "took it" in text(shown), url
        assert f"{NAMES[winner]} won the trick." in text(page), url
    assert t.play(winner, t.cards(winner)["legal"][0]).status_code == 200  # the next trick is led
    assert "last-trick" not in client.get(f"/games/{t.key}").get_data(as_text=True)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), number=st.integers(1, 4), p6=st.booleans())
def test_a_round_of_random_legal_cards_through_the_api_ends_with_the_engines_winners(
        app, client, new_game, monkeypatch, seed, number, p6):
    """W-S2, W-P4: the tricks total the cards dealt and each goes to trick_winner's seat."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    rng = random.Random(seed)
    t = Round(app, client, new_game, rounds=number, no_wizard_on_trump_lead=p6)
    for _ in range(number - 1):
        t.deal_and_bid().play_out()
    t.deal_and_bid()
    while not t.row["play"]["finished"]:
        seat = t.row["play"]["turn"]
        assert t.play(seat, rng.choice(t.cards(seat)["legal"])).status_code == 200
    row = t.row
    suit = SUIT.get((row["trump"] or {}).get("suit") or "")
    for trick in row["play"]["tricks"]:
        cards = [c["card"] for c in trick["cards"]]
        assert trick["cards"][trick_winner(cards, suit, no_wizard_on_trump_lead=p6)]["player"] == trick["winner"]
    assert sum(row["play"]["won"]) == row["cards"] == number
    assert client.post(f"/api/games/{t.key}/tricks", json={}).status_code == 200
    assert t.sheet["rounds"][number - 1]["tricks"] == row["play"]["won"]
