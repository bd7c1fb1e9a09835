"""Wizard's Jubilee cards through the pages, the API and the PDF (W-J1..W-J6): picked on
the new-game form and shown with the rules; the Bomb's trick and the Cloud's change on
the score sheet; bad input refused next to its field with a 4xx, nothing half-saved."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, errors, form, submit, text

from scribe import service
from scribe.store import load_log
from scribe.web.db import get_db

ABC = ["Anna", "Ben", "Chloé"]


def make(client, jubilee, **extra):
    """A game made through the new-game form (the Dragon and the Fairy are one box)."""
    resp = client.post("/games", data={"players": ABC + [""] * 3, "dealer": "2", "preset": "standard",
                                       "jubilee": jubilee, **extra})
    assert resp.status_code in (302, 303), resp.get_data(as_text=True)[:500]
    return re.search(r"/games/([A-Za-z0-9_-]+)", resp.headers["Location"]).group(1)


def page(client, key):
    return client.get(f"/games/{key}").get_data(as_text=True)


def log_size(app, client, key):
    with app.app_context():
        from scribe.store import links

        return len(load_log(get_db(), links.find(get_db(), key)[0].game_id))


def bid_all(client, key, bids):
    for b in bids:
        resp = submit(client, page(client, key), "/bid", bid=str(b))
        assert resp.status_code in (200, 303), resp.status_code


def test_w_j6_the_form_offers_the_six_cards_never_ticked_by_default(client):
    html = client.get("/games/new").get_data(as_text=True)
    boxes = re.findall(r'<input type="checkbox" name="jubilee" value="(\w+)" ?>', html)
    assert boxes == ["dragon_fairy", "bomb", "cloud", "juggler", "werewolf"]


def test_w_j6_the_picked_cards_are_shown_under_the_sheet_and_in_the_api(client, api):
    key = make(client, ["dragon_fairy", "cloud"])
    assert "Jubilee cards: Dragon, Fairy, Cloud" in text(page(client, key))
    status, body = api("get", f"/api/games/{key}")
    assert status == 200 and body["sheet"]["rules"]["jubilee"] == ["dragon", "fairy", "cloud"]
    plain = make(client, [])
    assert "Jubilee" not in text(page(client, plain))


def test_w_j6_the_french_page_says_it_in_french(client):
    key = make(client, ["bomb", "werewolf"])
    html = client.get(f"/games/{key}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Cartes Jubilé : Bombe, Loup-garou" in text(html)  # text() reads the no-break space as a space


def test_w_j6_unknown_or_lonely_cards_are_refused_on_the_form_and_the_api(client, api):
    resp = client.post("/games", data={"players": ABC + [""] * 3, "dealer": "2", "jubilee": ["phoenix"]})
    assert resp.status_code == 422 and "jubilee" in errors(resp.get_data(as_text=True))
    status, body = api("post", "/api/games", {"players": ABC, "rules": {"jubilee": ["dragon"]}})
    assert status == 422 and body["field"] == "jubilee" and "Dragon and the Fairy" in body["error"]
    status, body = api("post", "/api/games", {"players": ABC, "rules": {"jubilee": "bomb", "unicolore": True}})
    assert status == 422 and body["field"] == "jubilee"


def test_w_j2_the_bomb_on_the_tricks_form_totals_one_fewer_and_marks_the_sheet(client):
    key = make(client, ["bomb"])
    bid_all(client, key, [0, 1, 0])  # round 1: one card each, the Bomb took the only trick
    resp = submit(client, page(client, key), "/tricks", HX, destroyed="1", **{"tricks.0": "0", "tricks.1": "0",
                                                                              "tricks.2": "0"})
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    row = re.search(r'<tr id="round-1".*?</tr>', html, re.DOTALL).group(0)
    assert 'class="bomb"' in row and "−1" in row
    assert re.findall(r'<span class="total">\s*(-?\d+)', row) == ["20", "-10", "20"]
    assert "nobody won the Bomb’s trick" in html


def test_w_j2_tricks_above_the_cards_minus_the_bomb_refused_next_to_the_field_nothing_saved(app, client):
    key = make(client, ["bomb"])
    bid_all(client, key, [0, 1, 0])
    before = log_size(app, client, key)
    resp = submit(client, page(client, key), "/tricks", HX, destroyed="1", **{"tricks.0": "0", "tricks.1": "1",
                                                                              "tricks.2": "0"})
    assert resp.status_code == 422
    errs = errors(resp.get_data(as_text=True))
    assert list(errs) in (["tricks.1"], ["tricks"]) and log_size(app, client, key) == before
    assert "Bomb" in " ".join(errs.values()) or "0 to 0" in " ".join(errs.values())


def test_w_j6_a_bomb_in_a_game_without_it_is_a_422_next_to_the_field(app, client, api):
    key = make(client, ["cloud"])
    bid_all(client, key, [0, 1, 0])
    before = log_size(app, client, key)
    status, body = api("post", f"/api/games/{key}/tricks", {"tricks": [0, 0, 0], "destroyed": 1})
    assert status == 422 and body["field"] == "destroyed" and "Bomb is not among" in body["error"]
    resp = submit(client, page(client, key), "/tricks", HX, destroyed="1", **{"tricks.0": "0", "tricks.1": "0",
                                                                              "tricks.2": "0"})
    assert resp.status_code == 422 and "destroyed" in errors(resp.get_data(as_text=True))
    assert log_size(app, client, key) == before


def test_w_j3_the_cloud_change_is_scored_and_shown_beside_the_original_bid(client):
    key = make(client, ["cloud"])
    bid_all(client, key, [1, 0, 0])  # round 1: Anna bid 1 then won the Cloud's trick: -1
    resp = submit(client, page(client, key), "/tricks", HX, **{"tricks.0": "1", "tricks.1": "0", "tricks.2": "0",
                                                              "cloud.player": "0", "cloud.change": "-1"})
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    row = re.search(r'<tr id="round-1".*?</tr>', html, re.DOTALL).group(0)
    assert re.search(r'<span class="bidbox">1<span class="cloud"[^>]*>→0</span>', row)
    assert re.findall(r'<span class="total">\s*(-?\d+)', row) == ["-10", "20", "20"]


def test_w_j3_a_cloud_change_on_a_player_without_a_trick_is_a_422_next_to_the_field(app, client):
    key = make(client, ["cloud"])
    bid_all(client, key, [1, 0, 0])
    before = log_size(app, client, key)
    resp = submit(client, page(client, key), "/tricks", HX, **{"tricks.0": "1", "tricks.1": "0", "tricks.2": "0",
                                                              "cloud.player": "1", "cloud.change": "+1"})
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert errors(html) == {"cloud.player": "Ben took no trick, so did not win the Cloud's trick."}
    assert 'name="cloud.player" value="1" checked' in html  # what was tapped stays tapped
    assert log_size(app, client, key) == before


@pytest.mark.parametrize("body, field", [
    ({"tricks": [1, 0, 0], "cloud": {"player": 0, "change": 3}}, "cloud.change"),
    ({"tricks": [1, 0, 0], "cloud": {"player": "x", "change": 1}}, "cloud.player"),
    ({"tricks": [1, 0, 0], "cloud": [0, 1]}, "cloud.player"),
    ({"tricks": [1, 0, 0], "destroyed": "boom"}, "destroyed"),
    ({"tricks": [1, 0, 0], "destroyed": [1]}, "destroyed"),
])
def test_w_j_bad_api_input_is_a_422_never_a_500(client, api, body, field):
    key = make(client, ["cloud", "bomb"])
    bid_all(client, key, [1, 0, 0])
    status, answer = api("post", f"/api/games/{key}/tricks", body)
    assert status == 422 and answer["field"] == field


def test_w_j5_the_werewolf_trump_tapped_on_the_sheet(client):
    key = make(client, ["werewolf"])
    f = form(page(client, key), "/trump")
    assert {"werewolf:blue", "werewolf:none"} <= {b.get("value") for b in f.buttons}
    assert "card" not in {b.get("value") for b in f.buttons if b.get("value") == "dragon"}
    resp = submit(client, page(client, key), "/trump", HX, card="werewolf:none")
    assert resp.status_code == 200 and "Trump: no trump (named for the Werewolf)" in text(resp.get_data(as_text=True))
    resp = submit(client, page(client, key), "/trump", HX, card="dragon")
    assert resp.status_code == 422 and "Dragon is not among" in errors(resp.get_data(as_text=True))["trump"]


def test_w_j3_a_correction_of_a_jubilee_round_keeps_its_cloud_and_bomb(client):
    key = make(client, ["cloud", "bomb"])
    bid_all(client, key, [1, 0, 0])
    submit(client, page(client, key), "/tricks", HX, destroyed="1", **{"tricks.0": "0", "tricks.1": "0",
                                                                      "tricks.2": "0"})
    edit = client.get(f"/games/{key}/rounds/1").get_data(as_text=True)
    assert re.search(r'name="destroyed" value="1" checked', edit)  # as recorded
    assert 'name="cloud.player" value="" checked' in edit
    ticked = {"destroyed": "1", "tricks.0": "0", "tricks.1": "0", "tricks.2": "0"}
    bad = submit(client, edit, "/rounds/1", **{"bids.0": "1", "bids.1": "0", "bids.2": "0", **ticked,
                                               "cloud.player": "2", "cloud.change": "+1"})
    assert bad.status_code == 422  # Chloé took no trick: not the Cloud's winner, said next to the field
    assert "cloud.player" in errors(bad.get_data(as_text=True))
    resp = submit(client, edit, "/rounds/1", **{"bids.0": "0", "bids.1": "0", "bids.2": "0", **ticked})
    assert resp.status_code in (200, 303), resp.get_data(as_text=True)[:300]
    html = page(client, key)
    row = re.search(r'<tr id="round-1".*?</tr>', html, re.DOTALL).group(0)
    assert 'class="bomb"' in row and re.findall(r'<span class="total">\s*(-?\d+)', row) == ["20", "20", "20"]


# ----------------------------------------------------------------- the virtual deck


@pytest.fixture
def rigged(monkeypatch):
    """The deal the service draws, fixed: the test says which cards each seat gets."""
    from scribe.games.wizard.game import GAME

    def use(hands, turned):
        monkeypatch.setattr(GAME.__class__, "DRAWN",
                            {"deal": lambda sheet, data, rng: {"round": sheet.current.number, "hands": hands,
                                                               "turned": turned}})

    return use


def test_w_j3_w_j2_virtual_deck_cloud_and_bomb_played_on_the_phones(client, api, rigged):
    status, body = api("post", "/api/games", {"players": ABC, "first_dealer": 2, "preset": "standard",
                                             "rules": {"virtual_deck": True, "jubilee": ["cloud", "bomb"],
                                                       "rounds": 2}})
    key = body["key"]
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    rigged([["CL"], ["R1"], ["B2"]], "Y3")
    assert api("post", f"/api/games/{key}/deal", {"round": 1})[0] == 200
    for p, b in enumerate([0, 1, 0]):
        assert api("post", f"/api/games/{key}/bids", {"player": p, "bid": b})[0] == 200
    hand = client.get(f"/p/{tokens[0]}").get_data(as_text=True)
    values = re.findall(r'name="card" value="(CL\w)"', hand)
    assert values == ["CLB", "CLG", "CLR", "CLY"]  # W-J3: the Cloud, once per suit it may take
    assert client.post(f"/p/{tokens[0]}/played", data={"round": "1", "card": "CLB"}).status_code in (200, 303)
    client.post(f"/p/{tokens[1]}/played", data={"round": "1", "card": "R1"})
    client.post(f"/p/{tokens[2]}/played", data={"round": "1", "card": "B2"})
    html = page(client, key)
    assert "Anna won the Cloud’s trick: their bid changes by" in text(html)
    resp = submit(client, html, "/cloud", HX, change="-1")
    assert resp.status_code == 422 and "cloud.change" in errors(resp.get_data(as_text=True))
    status, answer = api("post", f"/api/games/{key}/cloud", {"round": 1, "player": 1, "change": 1})
    assert status == 422 and answer["field"] == "cloud" and "did not win the Cloud's trick" in answer["error"]
    resp = submit(client, page(client, key), "/cloud", HX, change="+1")
    assert resp.status_code == 200
    assert client.post(f"/p/{tokens[0]}/played", data={"round": "1", "card": "+1"}).status_code == 422  # once
    assert api("post", f"/api/games/{key}/tricks", {"round": 1})[0] == 200  # the tricks as played
    status, body = api("get", f"/api/games/{key}")
    r1 = body["sheet"]["rounds"][0]
    assert r1["bids"] == [0, 1, 0] and r1["scored_bids"] == [1, 1, 0] and r1["points"] == [30, -10, 20]
    # round 2: the Bomb destroys the first trick; its would-be winner leads the next
    rigged([["W", "R3"], ["BO", "R5"], ["R9", "R2"]], "G1")
    api("post", f"/api/games/{key}/deal", {"round": 2})
    for p, b in zip((1, 2, 0), (1, 0, 1)):
        api("post", f"/api/games/{key}/bids", {"player": p, "bid": b})
    assert api("get", f"/api/games/{key}")[1]["sheet"]["rounds"][1]["play"]["turn"] == 1  # W-P1
    for seat, card in ((1, "BO"), (2, "R9"), (0, "W")):
        assert client.post(f"/p/{tokens[seat]}/played", data={"round": "2", "card": card}).status_code in (200, 303)
    play = api("get", f"/api/games/{key}")[1]["sheet"]["rounds"][1]["play"]
    assert play["destroyed"] == 1 and play["tricks"][0]["winner"] is None and play["turn"] == 0
    assert "Nobody won the trick (the Bomb): Anna leads the next." in text(page(client, key))
    for seat, card in ((0, "R3"), (1, "R5"), (2, "R2")):
        client.post(f"/p/{tokens[seat]}/played", data={"round": "2", "card": card})
    assert api("post", f"/api/games/{key}/tricks", {"round": 2})[0] == 200
    r2 = api("get", f"/api/games/{key}")[1]["sheet"]["rounds"][1]
    assert r2["tricks"] == [0, 1, 0] and r2["destroyed"] == 1 and r2["points"] == [-10, 30, 20]


def test_w_j4_virtual_deck_the_jugglers_pass_is_sealed_from_the_third_phone(client, api, rigged):
    _status, body = api("post", "/api/games", {"players": ABC, "first_dealer": 0, "preset": "standard",
                                             "rules": {"virtual_deck": True, "jubilee": ["juggler"], "rounds": 3}})
    key = body["key"]
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    rigged([["R1"], ["R2"], ["R3"]], "B3")  # round 1, plain
    api("post", f"/api/games/{key}/deal", {"round": 1})
    for p in (1, 2, 0):
        api("post", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    for seat, card in ((1, "R2"), (2, "R3"), (0, "R1")):
        client.post(f"/p/{tokens[seat]}/played", data={"round": "1", "card": card})
    assert api("post", f"/api/games/{key}/tricks", {"round": 1})[0] == 200
    rigged([["R1", "B7"], ["R2", "W"], ["JU", "G5"]], "B3")  # round 2: Chloé leads the Juggler
    api("post", f"/api/games/{key}/deal", {"round": 2})
    for p in (2, 0, 1):
        api("post", f"/api/games/{key}/bids", {"player": p, "bid": 0})
    for seat, card in ((2, "JUG"), (0, "R1"), (1, "R2")):
        resp = client.post(f"/p/{tokens[seat]}/played", data={"round": "2", "card": card})
        assert resp.status_code in (200, 303), errors(resp.get_data(as_text=True))
    mine = client.get(f"/p/{tokens[1]}").get_data(as_text=True)
    assert "The Juggler: tap the card you pass to Chloé." in text(mine)
    assert "The Juggler’s trick is over: every player passes one card to the left." in text(page(client, key))
    client.post(f"/p/{tokens[1]}/played", data={"round": "2", "card": "W"})
    client.post(f"/p/{tokens[2]}/played", data={"round": "2", "card": "G5"})
    # Anna (seat 0) got Chloé's G5; Ben passed his Wizard and has not received Anna's card yet
    anna = client.get(f"/api/player/{tokens[0]}").get_json()
    assert sorted(anna["cards"]["current"]["hand"]) == ["B7", "G5"]
    ben = client.get(f"/api/player/{tokens[1]}").get_json()
    assert ben["cards"]["current"]["hand"] == []
    history = text(client.get(f"/games/{key}/history").get_data(as_text=True))
    assert "Ben passes a card to Chloé" in history and "passes Wizard" not in history  # sealed from the Scribe
    resp = client.post(f"/p/{tokens[1]}/played", data={"round": "2", "card": "B7"})  # not his to pass
    assert resp.status_code == 422 and "card" in errors(resp.get_data(as_text=True))


def test_w_j4_twins_differing_only_in_the_card_passed_read_alike_to_who_may_not_know_it(app, monkeypatch):
    """The twin differential (issue 18) for the Juggler's pass (W-J4): two games alike but
    for the card Ben holds and passes to Chloé read byte for byte alike to the Scribe, the
    TV and Anna's phone (neither passer nor receiver), page, fragments, JSON, history, PDF."""
    from table_driver import Table
    from test_twin_differential import SCRIBE, TV, answer, views

    from scribe.games.wizard.game import GAME

    hands = {}
    monkeypatch.setattr(GAME.__class__, "DRAWN", {"deal": lambda sheet, data, rng: {
        "round": sheet.current.number, **hands[sheet.current.number]}})
    pair = []
    for secret in ("B7", "Y8"):
        t = Table(app, {"players": ABC, "first_dealer": 0, "preset": "standard",
                        "rules": {"virtual_deck": True, "jubilee": ["juggler"], "rounds": 2}})
        for seat in range(3):
            t.claim(seat)
        hands[1] = {"hands": [["R1"], ["R2"], ["R3"]], "turned": "B3"}
        hands[2] = {"hands": [["R4", "B5"], ["R6", secret], ["JU", "G5"]], "turned": "Y3"}
        for number, order, plays in ((1, (1, 2, 0), ((1, "R2"), (2, "R3"), (0, "R1"))),
                                     (2, (2, 0, 1), ((2, "JUG"), (0, "R4"), (1, "R6")))):
            assert t.deal("api").status_code == 200
            for seat in order:
                assert t.bid(seat, 0, "api").status_code == 200
            for seat, card in plays:
                assert t.seat_act(seat, "played", {"round": number, "card": card}, "form").status_code == 303
            if number == 1:
                assert t.tricks(None, "api").status_code == 200
        for seat, card in ((1, secret), (2, "G5"), (0, "B5")):  # W-J4: each to the left, Ben's the secret
            assert t.seat_act(seat, "played", {"round": 2, "card": card}, "hx").status_code == 200
        pair.append(t)
    a, b = pair
    labels = [{id(t.scribe): "scribe", id(t.tv): "tv", **{id(c): f"phone{s}" for s, c in t.holders.items()}}
              for t in pair]
    seen = [views(t, labels[i], pdf=True) for i, t in enumerate(pair)]
    anna = next(k for k in seen[0] if k[:2] == ("seat", 0))
    compared = 0
    for viewer in (SCRIBE, TV, anna):
        for (ca, path_a, h), (cb, path_b, _h) in zip(seen[0][viewer], seen[1][viewer]):
            got_a, got_b = answer(a, ca.get(path_a, headers=h)), answer(b, cb.get(path_b, headers=h))
            assert got_a == got_b, (viewer, path_a)
            compared += 1
    assert compared >= 25  # every output of the three viewers
    # the receiver does see it: the twins differ on Chloé's phone
    chloe = next(k for k in seen[0] if k[:2] == ("seat", 2))
    (ca, pa, h), (cb, pb, _h) = seen[0][chloe][2], seen[1][chloe][2]
    assert answer(a, ca.get(pa, headers=h)) != answer(b, cb.get(pb, headers=h))


def test_w_j6_play_again_keeps_the_jubilee_cards(client, api):
    key = make(client, ["dragon_fairy", "juggler"], rounds="1")
    bid_all(client, key, [0, 1, 0])
    submit(client, page(client, key), "/tricks", HX, **{"tricks.0": "0", "tricks.1": "1", "tricks.2": "0"})
    resp = client.post(f"/games/{key}/rematch")
    assert resp.status_code in (302, 303)
    again = re.search(r"/games/([A-Za-z0-9_-]+)", resp.headers["Location"]).group(1)
    assert again != key
    assert api("get", f"/api/games/{again}")[1]["sheet"]["rules"]["jubilee"] == ["dragon", "fairy", "juggler"]


def test_w_j3_the_story_counts_a_bid_made_on_the_bid_after_the_cloud(client):
    key = make(client, ["cloud"], rounds="1")
    bid_all(client, key, [0, 1, 0])  # Anna bid 0, won the Cloud's trick (+1) and took it: made
    resp = submit(client, page(client, key), "/tricks", HX, **{"tricks.0": "1", "tricks.1": "0", "tricks.2": "0",
                                                              "cloud.player": "0", "cloud.change": "+1"})
    assert resp.status_code == 200
    from scribe.games.wizard.story import story
    from scribe.store import links

    with client.application.app_context():
        _game, sheet, _log = service.load(get_db(), links.find(get_db(), key)[0].game_id)
    lines = {line.name: line for line in story(sheet).lines}
    made = {name: next((f.value, f.of) for f in line.facts if f.key == "bids_made") for name, line in lines.items()}
    assert made == {"Anna": (1, 1), "Ben": (0, 1), "Chloé": (1, 1)}
    assert [(b.bid, b.tried, b.made) for b in lines["Anna"].bids] == [(1, 1, 1)]  # by the bid scored
