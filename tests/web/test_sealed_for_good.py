"""A reveal is public and for good (issue "Sealed stays sealed", W-B7, W-R4).

Holes found at a real table, each reproduced here: typed tricks ending a virtual-deck
round before its cards were played (every hand in the History and the CSV, then Undo
sealed them again and the round went on on the same deal); typed tricks, read, undo on
secret bids; a sealed bid entered on the Scribe's phone read back through that seat's
never-claimed link. No viewer, the Scribe included, sees a sealed value before the whole
table does, and once the table has seen it no entry seals it again.
"""

from __future__ import annotations

import csv
import io
import json
import random
import re

import pytest
from web_helpers import text

from scribe import service

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last


@pytest.fixture
def phone(app):
    """Another browser on the same server: its own cookies."""
    return lambda: app.test_client()


@pytest.fixture
def seeded(monkeypatch):
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(7))


def _game(client, reveal="secret", virtual_deck=False):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
            "rules": {"reveal": reveal, "virtual_deck": virtual_deck}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    key = resp.get_json()["key"]
    links = client.get(f"/api/games/{key}/links").get_json()
    return key, [p["token"] for p in links["players"]], links["watch"]["token"]


def _bid(client, key, player, bid):
    resp = client.post(f"/api/games/{key}/bids", json={"player": player, "bid": bid})
    assert resp.status_code == 200, resp.get_json()


def _bids(sheet):
    """Round 1's bids as a viewer's JSON gives them: a value, None, or "sealed"."""
    row = sheet["rounds"][0]
    return ["sealed" if s else b for b, s in zip(row["bids"], row["sealed"])]


def _scribe_bids(client, key):
    return _bids(client.get(f"/api/games/{key}/sheet").get_json())


def _history_bids(client, key):
    """The values of the bid entries of round 1 as the Scribe's History JSON gives them."""
    entries = client.get(f"/api/games/{key}/history").get_json()["entries"]
    return ["sealed" if e["sealed"] else e["data"]["bid"] for e in entries
            if e["kind"] == "bid" and e["data"]["round"] == 1 and not e["undone"]]


def _csv_rows(client):
    return list(csv.DictReader(io.StringIO(client.get("/export/entries.csv").get_data(as_text=True))))


# --------------------------------------------------------------------------- the virtual deck


def _dealt_and_bid(client, key):
    assert client.post(f"/api/games/{key}/deal", json={"round": 1}).status_code == 200
    for p, b in ((PAUL, 0), (THOMAS, 1), (MARIE, 0)):
        _bid(client, key, p, b)


def test_w_r4_typed_tricks_are_refused_until_the_virtual_decks_cards_are_played(client, seeded):
    """Found: tricks typed before the first card completed the round, so the History and
    /export/entries.csv showed every hand; Undo then sealed them again on the same deal."""
    key, _players, _watch = _game(client, reveal="open", virtual_deck=True)
    _dealt_and_bid(client, key)
    before = client.get(f"/api/games/{key}/history").get_json()
    resp = client.post(f"/api/games/{key}/tricks", json={"tricks": [0, 1, 0]})
    assert resp.status_code == 422 and resp.get_json()["field"] == "tricks"
    assert "played" in resp.get_json()["error"]
    assert client.get(f"/api/games/{key}/history").get_json() == before  # nothing saved
    deals = [r for r in _csv_rows(client) if r["kind"] == "deal"]
    assert deals and all(json.loads(r["data"])["hands"] == [None, None, None] for r in deals)
    page = text(client.get(f"/games/{key}").get_data(as_text=True))
    assert "Record the tricks" not in page  # the form that would end the round is not offered


def test_w_r4_a_played_out_rounds_hands_stay_public_after_its_tricks_are_undone(client, seeded):
    key, _players, _watch = _game(client, reveal="open", virtual_deck=True)
    _dealt_and_bid(client, key)
    sheet = client.get(f"/api/games/{key}/sheet").get_json()
    order = [PAUL, THOMAS, MARIE]
    for _ in range(1):  # one card each: round 1 deals one card
        for p in order:
            hand = client.get(f"/api/games/{key}/history").get_json()  # the Scribe never sees the hand
            assert hand
            resp = client.post(f"/api/games/{key}/actions/played", json={"round": 1, "player": p, "card": _only_card(client, key, p)})
            assert resp.status_code == 200, resp.get_json()
    assert client.post(f"/api/games/{key}/tricks", json={}).status_code == 200
    dealt = next(e for e in client.get(f"/api/games/{key}/history").get_json()["entries"] if e["kind"] == "deal")
    assert all(h is not None for h in dealt["data"]["hands"])  # scored: every hand for review
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    again = next(e for e in client.get(f"/api/games/{key}/history").get_json()["entries"] if e["kind"] == "deal")
    assert again["data"]["hands"] == dealt["data"]["hands"], "an undo sealed the hands again"
    assert sheet["version"] < client.get(f"/api/games/{key}/sheet").get_json()["version"]


def _only_card(client, key, player):
    """The card a seat with no phone plays: the Scribe's pass-the-phone page shows its hand."""
    page = client.get(f"/games/{key}/pass/{player}").get_data(as_text=True)
    cards = re.findall(r'name="card" value="([^"]+)"', page)
    assert len(cards) == 1, page
    return cards[0]


# --------------------------------------------------------------------------- sealed bids


def test_w_b7_secret_bids_revealed_by_typed_tricks_stay_revealed_after_undo(client, phone):
    """Found: type the tricks, read every secret bid, undo: sealed again, with only an
    undone entry as a trace. Now the reveal is public (the TV shows it too) and for good."""
    key, _players, watch = _game(client, reveal="secret")
    for p, b in ((PAUL, 0), (THOMAS, 1), (MARIE, 1)):
        _bid(client, key, p, b)
    assert _scribe_bids(client, key) == ["sealed"] * 3
    assert client.post(f"/api/games/{key}/tricks", json={"tricks": [0, 1, 0]}).status_code == 200
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    assert _scribe_bids(client, key) == [0, 1, 1]
    assert _history_bids(client, key) == [0, 1, 1]
    tv = phone()
    assert _bids(tv.get(f"/api/watch/{watch}").get_json()["sheet"]) == [0, 1, 1]
    assert "sealed" not in [r["data"] for r in _csv_rows(client) if r["kind"] == "bid"]


def test_w_b7_hidden_bids_revealed_by_the_last_bid_stay_revealed_after_it_is_undone(client, phone):
    key, _players, watch = _game(client, reveal="hidden")
    for p, b in ((PAUL, 0), (THOMAS, 1)):
        _bid(client, key, p, b)
    assert _scribe_bids(client, key) == ["sealed", "sealed", None]
    _bid(client, key, MARIE, 0)
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    assert _scribe_bids(client, key) == [0, 1, None]
    assert _bids(phone().get(f"/api/watch/{watch}").get_json()["sheet"]) == [0, 1, None]
    assert client.post(f"/api/games/{key}/redo", json={}).status_code == 200
    assert _scribe_bids(client, key) == [0, 1, 0]


def test_w_b7_a_bid_never_revealed_stays_sealed_through_undo_and_redo(client):
    key, _players, _watch = _game(client, reveal="secret")
    _bid(client, key, PAUL, 1)
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    assert client.post(f"/api/games/{key}/redo", json={}).status_code == 200
    assert _scribe_bids(client, key) == ["sealed", None, None]
    assert _history_bids(client, key) == ["sealed"]


@pytest.mark.parametrize("who", ["the Scribe's phone", "another phone"])
def test_w_b7_a_bid_entered_on_the_scribes_phone_is_not_read_back_through_the_seats_link(client, phone, who):
    """Found: a sealed bid entered on the Scribe's phone for a seat without a phone could be
    read back by opening that seat's never-claimed player link (the Scribe holds it)."""
    key, players, _watch = _game(client, reveal="secret")
    _bid(client, key, THOMAS, 1)  # Thomas has no phone: the Scribe's phone was passed to him
    reader = client if who == "the Scribe's phone" else phone()
    page = reader.get(f"/p/{players[THOMAS]}")
    assert page.status_code == 200
    assert _bids(reader.get(f"/api/player/{players[THOMAS]}").get_json()["sheet"])[THOMAS] == "sealed"
    assert "Your bid is in, sealed" in text(page.get_data(as_text=True))
    # the whole table sees it once revealed
    for p, b in ((PAUL, 0), (MARIE, 0)):
        _bid(client, key, p, b)
    assert client.post(f"/api/games/{key}/tricks", json={"tricks": [0, 1, 0]}).status_code == 200
    assert _bids(reader.get(f"/api/player/{players[THOMAS]}").get_json()["sheet"]) == [0, 1, 0]


def test_w_b7_a_seat_claimed_first_sees_its_own_bid_entered_on_its_phone(client, phone):
    _key, players, _watch = _game(client, reveal="secret")
    thomas = phone()
    assert thomas.get(f"/p/{players[THOMAS]}").status_code == 200  # claims the seat
    assert thomas.post(f"/api/player/{players[THOMAS]}/bid", json={"bid": 1}).status_code == 200
    assert _bids(thomas.get(f"/api/player/{players[THOMAS]}").get_json()["sheet"])[THOMAS] == 1
