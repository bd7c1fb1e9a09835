"""Belote's and Coinche's virtual deck through the JSON API (issue 34): a whole deal dealt,
spoken and played with four seat links, the Scribe's one tap recording what the cards
say. Each seat's JSON holds its own hand only; the Scribe's and a watcher's none, nor the
history's; a seat out of turn is refused next to its field. Every answer is checked
against /api/openapi.json (tests/conftest.py)."""

from __future__ import annotations

import json
import random

import pytest

from scribe import service, sharing
from scribe.store import links, load_log
from scribe.web.db import get_db

FOUR = ["Ana", "Ben", "Cy", "Dee"]


@pytest.fixture
def seeded(monkeypatch):
    """Deals drawn from a seeded rng instead of the OS's source."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(34))


def new(app, api, variant: str) -> tuple[str, list[str], str]:
    """A game on the virtual deck (made as the API's create does: the new-game form's and the
    API's option are the screens', tests/web/test_belote_deck_pages.py), its links."""
    with app.app_context():
        key = sharing.new_game(get_db(), app.config["SECRET_KEY"], "belote", None, "en", players=FOUR,
                               first_dealer=0, variant=variant, virtual_deck=True).key
    _status, made = api("get", f"/api/games/{key}/links")
    return key, [p["token"] for p in made["players"]], made["watch"]["token"]


def deal_entry(app, key) -> dict:
    with app.app_context():
        gid = links.find(get_db(), key)[0].game_id
        deals = [e for e in load_log(get_db(), gid) if e.kind == "deal"]
    return deals[-1].data


def dealt(app, key) -> list[list[str]]:
    return deal_entry(app, key)["hands"]


def holds(body, cards) -> list[str]:
    """The cards of ``cards`` that an answer names (as JSON strings)."""
    text = json.dumps(body)
    return [c for c in cards if f'"{c}"' in text]


def _rest(cards: list[str]) -> list[str]:
    from scribe.rules.cards.standard import PACK_32
    return [c for c in PACK_32 if c not in cards]


def play_deal(app, api, key, tokens, watch, variant):
    hands = dealt(app, key)
    turned = deal_entry(app, key).get("turned")
    everyone = [c for h in hands for c in h]
    # each seat reads its own hand, and none of the others'
    for seat, token in enumerate(tokens):
        status, body = api("get", f"/api/player/{token}")
        assert status == 200, body
        assert body["cards"]["current"]["hand"] == hands[seat]
        others = [c for p, h in enumerate(hands) if p != seat for c in h]
        assert holds(body, others) == []
    for path in (f"/api/games/{key}", f"/api/games/{key}/sheet", f"/api/games/{key}/history", f"/api/watch/{watch}"):
        status, body = api("get", path)
        assert status == 200 and holds(body, everyone) == [], path  # the Scribe and a watcher: no hand

    # speaking, in turn from the dealer's right (seat 3); the Scribe calls for seats with no phone
    status, body = api("post", f"/api/games/{key}/actions/call", {"player": 0, "call": "pass"})
    assert status == 422 and body["field"] == "call", body
    first = [{"call": "take"}] if variant == "belote" else [{"call": "bid", "amount": 80, "trump": "H"}]
    calls = first + [{"call": "pass"}] * (0 if variant == "belote" else 3)
    for seat, said in zip((3, 2, 1, 0), calls):
        status, body = api("post", f"/api/games/{key}/actions/call", {"player": seat, **said})
        assert status == 200, body

    # playing: each seat on its own link, in turn (Belote: the hands completed by the taking)
    hands = [api("get", f"/api/player/{token}")[1]["cards"]["current"]["hand"] for token in tokens]
    assert sorted(c for h in hands for c in h) == sorted(everyone + ([] if variant == "coinche" else [
        c for c in _rest(everyone)]))
    rounds = 0
    while True:
        turns = [(seat, api("get", f"/api/player/{token}")[1]["cards"]["current"]) for seat, token in enumerate(tokens)]
        mine = [(seat, now) for seat, now in turns if now["my_turn"]]
        if not mine:
            break
        seat, now = mine[0]
        other = (seat + 1) % 4
        wrong = turns[other][1]["hand"]
        if wrong:  # a seat tapping out of turn: refused next to the card, nothing played
            status, body = api("post", f"/api/player/{tokens[other]}/played", {"card": wrong[0]})
            assert status in (409, 422) and body["field"] == "card", body
        status, body = api("post", f"/api/player/{tokens[seat]}/played", {"card": now["legal"][0]})
        assert status == 200, body
        rest = [c for p, h in enumerate(hands) if p != seat for c in h]
        assert holds(body["cards"], rest) == []
        rounds += 1
    assert rounds == 32
    status, body = api("post", f"/api/games/{key}/actions/result", {"takers": 0, "points": 100})
    assert status == 422 and body["field"] == "round"  # typed while the deal's cards are on the phones
    status, body = api("post", f"/api/games/{key}/actions/result", {})
    assert status == 200, body
    row = body["sheet"]["rounds"][0]
    assert row["takers"] == 1 and row["trump"] == ("H" if variant == "coinche" else turned[-1])
    assert sum(row["result"]["card"]) in (162, 252, 250)


def test_a_whole_coinche_deal_through_the_api_with_four_seat_links(app, api, seeded):
    key, tokens, watch = new(app, api, "coinche")
    status, body = api("post", f"/api/games/{key}/actions/deal", {})
    assert status == 200, body
    assert [len(h) for h in dealt(app, key)] == [8, 8, 8, 8]
    play_deal(app, api, key, tokens, watch, "coinche")


def test_a_whole_belote_deal_through_the_api_with_four_seat_links(app, api, seeded):
    key, tokens, watch = new(app, api, "belote")
    status, body = api("post", f"/api/games/{key}/actions/deal", {})
    assert status == 200, body
    assert [len(h) for h in dealt(app, key)] == [5, 5, 5, 5]  # B-D1: five each until someone takes
    api("post", f"/api/games/{key}/actions/call", {"player": 3, "call": "take"})
    status, body = api("get", f"/api/player/{tokens[3]}")
    assert len(body["cards"]["current"]["hand"]) == 8  # B-D2: the rest dealt once taken
    status, body = api("post", f"/api/games/{key}/undo", {})
    assert status == 200, body  # the call taken back...
    status, body = api("post", f"/api/games/{key}/undo", {})
    assert status == 422 and body["field"] == "undo"  # ...not the deal: someone spoke on it
    play_deal(app, api, key, tokens, watch, "belote")


def test_the_deal_and_a_call_need_the_virtual_deck(api):
    status, body = api("post", "/api/games", {"game": "belote", "players": FOUR})
    key = body["key"]
    status, body = api("post", f"/api/games/{key}/actions/deal", {})
    assert status == 422 and body["field"] == "deal"
    status, body = api("post", f"/api/games/{key}/actions/call", {"player": 3, "call": "take"})
    assert status == 422 and body["field"] == "call"


def test_a_record_is_refused_mid_deal_and_once_recorded_imports_to_the_same_sheet(app, api, seeded):
    """``scribe export`` while a deal is on the phones: refused (the hands are sealed); once
    the Scribe has recorded it, every hand is the table's and the record replays: the deal,
    the calls, every card and the result, to the same sheet."""
    from scribe import record

    key, tokens, _watch = new(app, api, "coinche")
    api("post", f"/api/games/{key}/actions/deal", {})
    with app.app_context():
        gid = links.find(get_db(), key)[0].game_id
        with pytest.raises(record.SealedError):
            record.export_record(get_db(), gid)
    api("post", f"/api/games/{key}/actions/call", {"player": 3, "call": "bid", "amount": 80, "trump": "C"})
    for seat in (2, 1, 0):
        api("post", f"/api/games/{key}/actions/call", {"player": seat, "call": "pass"})
    while True:
        nows = [api("get", f"/api/player/{token}")[1]["cards"]["current"] for token in tokens]
        turn = next((seat for seat, now in enumerate(nows) if now["my_turn"]), None)
        if turn is None:
            break
        assert api("post", f"/api/player/{tokens[turn]}/played", {"card": nows[turn]["legal"][-1]})[0] == 200
    assert api("post", f"/api/games/{key}/actions/result", {})[0] == 200
    with app.app_context():
        db = get_db()
        copy = record.import_record(db, json.loads(json.dumps(record.export_record(db, gid))))
        assert service.load(db, copy)[1] == service.load(db, gid)[1]
