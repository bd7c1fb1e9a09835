"""The robot's hints for learners (issue 37): a table setting the Scribe turns on (the
new-game form, the game's settings page) and off, only on the virtual deck of a game a
robot plays, never at a club night's table; on a seat's own page, when it is that seat's
turn, what the robot would say or play from that seat's view only, and on no other page
(the other seats', the TV's, the Scribe's page and JSON). The hint is a legal move (B-D1,
B-D2, B-P1..B-P3); two deals that differ only in another seat's hand give the same hint;
a page shown again asks the robot nothing more. Refusals: a 4xx with the message next to
the switch, nothing saved. The deal's shuffle is seeded; the rules are the real ones."""

from __future__ import annotations

import random
import re

import pytest
from conftest import app_db, app_rows
from test_belote_deck_pages import deal, deck_game, phones, table, version_of
from test_belote_pages import create, setup_data
from web_helpers import HX, errors, form, game_page, submit, text

from scribe import hints, record, service
from scribe.games import GAMES
from scribe.games.belote import deck
from scribe.games.belote.setup import make_setup
from scribe.games.belote.sheet import replay
from scribe.store import links
from scribe.store.db import writing

SEED = 2  # Ana deals: Dee (seat 3) speaks first
DEE = 3
HINT = re.compile(r'<p class="robot-hint" id="robot-hint" role="note"((?: data-\w+="\w+")*)>(.*?)</p>', re.DOTALL)


@pytest.fixture
def seeded(monkeypatch):
    """The deal's shuffle and the hint's dice seeded: the same deal and hints every run."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SEED))
    monkeypatch.setattr(hints, "seed_of", lambda game_id: 1)


def game_id(app, key: str) -> str:
    with app_db(app) as db:
        return links.find(db, key)[0].game_id


def stored(app, key: str) -> int:
    return app_rows(app, "select hints from games where id = ?", game_id(app, key))[0][0]


def switch(client, key: str, value, expect: int) -> str:
    resp = client.post(f"/games/{key}/hints", data={} if value is None else {"hints": value})
    assert resp.status_code == expect, (resp.status_code, errors(resp.get_data(as_text=True)))
    return resp.get_data(as_text=True)


def hint_of(page: str) -> tuple[dict[str, str], str] | None:
    """The hint on a page: what its move names (its data-* attributes), and its words."""
    found = HINT.search(page)
    return None if found is None else (dict(re.findall(r'data-(\w+)="(\w+)"', found.group(1))), text(found.group(2)))


# ------------------------------------------------------------------ the switch


def test_the_scribe_turns_the_hints_on_and_off_on_the_settings_page(app, client):
    key, _tokens, _watch = deck_game(client)
    page = client.get(f"/games/{key}/settings").get_data(as_text=True)
    assert "The robot’s hints for learning" in page and stored(app, key) == 0
    assert 'value="off" checked' in page
    switch(client, key, "on", 303)
    assert stored(app, key) == 1
    assert 'value="on" checked' in client.get(f"/games/{key}/settings").get_data(as_text=True)
    switch(client, key, "on", 303)  # sent twice: still on, nothing else
    assert stored(app, key) == 1
    switch(client, key, "off", 303)
    assert stored(app, key) == 0


def test_the_new_game_form_turns_them_on_with_the_virtual_deck(app, client):
    form_page = client.get("/games/new?game=belote").get_data(as_text=True)
    assert 'name="hints"' in form_page
    key = create(client, virtual_deck="on", hints="on")
    assert stored(app, key) == 1
    assert stored(app, create(client, virtual_deck="on")) == 0


@pytest.mark.parametrize("value", ["maybe", "1", "ON", "on " * 40])
def test_a_switch_of_no_known_value_is_a_422_beside_it_and_changes_nothing(app, client, value):
    key, _tokens, _watch = deck_game(client)
    page = switch(client, key, value, 422)
    assert errors(page) == {"hints": "Turn the robot's hints on or off."}
    assert stored(app, key) == 0


def test_a_form_sending_no_switch_is_a_422_and_leaves_it_as_it_was(app, client):
    key, _tokens, _watch = deck_game(client)
    switch(client, key, "on", 303)
    assert errors(switch(client, key, None, 422)) == {"hints": "Turn the robot's hints on or off."}
    assert stored(app, key) == 1


def test_without_the_virtual_deck_there_is_no_switch_and_on_is_refused(app, client):
    key = create(client)
    assert 'id="hints-form"' not in client.get(f"/games/{key}/settings").get_data(as_text=True)
    page = switch(client, key, "on", 422)
    assert "virtual deck" in errors(page)["hints"]
    assert stored(app, key) == 0
    count = app_rows(app, "select count(*) from games")[0][0]
    resp = client.post("/games", data=setup_data(hints="on"))  # the new-game form: nothing made
    assert resp.status_code == 422 and "virtual deck" in errors(resp.get_data(as_text=True))["hints"]
    assert 'name="hints" checked' in resp.get_data(as_text=True)  # the form shown again as it was sent
    assert app_rows(app, "select count(*) from games")[0][0] == count


def test_another_link_than_the_scribes_cannot_switch(app, client):
    key, tokens, watch = deck_game(client)
    for other in (tokens[0], watch):
        assert client.post(f"/games/{other}/hints", data={"hints": "on"}).status_code == 404
    assert stored(app, key) == 0


def _at_a_club_night(app, client, key: str) -> None:
    """Make the game ``key`` one of a club night's tables (as the draw makes its games)."""
    resp = client.post("/events", data={
        "format": "tarot_free", "game": "tarot", "name": "Jeudi", "parties": "1", "deals": "4",
        "entrants": "\n".join(f"P{i}" for i in range(8)), "sent": "1", "ranking": "points",
        "draw": "fewest_meetings", "table_min": "4", "table_preferred": "4", "table_max": "5",
        "once": re.search(r'name="once" value="([^"]+)"', client.get("/events/new").get_data(as_text=True)).group(1)})
    assert resp.status_code == 303
    event_id = app_rows(app, "select id from events")[0][0]
    with app_db(app) as db, writing(db) as conn:
        conn.execute("insert into event_tables (event_id, partie, table_no, game_id, units) values (?, 1, 9, ?, '[]')",
                     [event_id, game_id(app, key)])


def test_a_club_nights_table_has_no_switch_and_is_refused_it(app, client, seeded):
    key, tokens, _watch = deck_game(client)
    switch(client, key, "on", 303)
    _at_a_club_night(app, client, key)
    assert 'id="hints-form"' not in client.get(f"/games/{key}/settings").get_data(as_text=True)
    page = switch(client, key, "on", 403)
    assert errors(page) == {"hints": "A club night's tables are played without the robot's hints."}
    resp = client.put(f"/api/games/{key}/hints", json={"hints": True})
    assert resp.status_code == 403 and resp.get_json()["field"] == "hints"
    assert client.get(f"/api/games/{key}/hints").get_json() == {"hints": False, "offered": False}
    deal(client, key)
    seats = phones(app, tokens)
    assert hint_of(seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)) is None  # never shown there


# ------------------------------------------------------------------ the hint


def _views(app, client, key, tokens, watch, seats) -> dict[str, str]:
    out = {f"seat {s}": seats[s].get(f"/p/{tokens[s]}").get_data(as_text=True) for s in range(4)}
    out["seat fragment"] = seats[DEE].get(f"/p/{tokens[DEE]}/view?v=0").get_data(as_text=True)
    out["tv"] = client.get(f"/w/{watch}").get_data(as_text=True)
    out["scribe"] = game_page(client, key)
    for path in (f"/api/games/{key}", f"/api/games/{key}/sheet", f"/api/watch/{watch}",
                 *(f"/api/player/{t}" for t in tokens)):
        out[path] = client.get(path).get_data(as_text=True)
    return out


@pytest.mark.parametrize("variant", ["belote", "coinche"])
def test_the_hint_shows_on_the_seat_whose_turn_it_is_and_nowhere_else(app, client, seeded, variant):
    key, tokens, watch = deck_game(client, variant=variant, preset="ffb" if variant == "belote" else "ffb_coinche")
    switch(client, key, "on", 303)
    deal(client, key)
    seats = phones(app, tokens)
    assert table(client, key)["speaker"] == DEE
    views = _views(app, client, key, tokens, watch, seats)
    for name, page in views.items():
        mine = name in ("seat 3", "seat fragment")
        assert ("robot-hint" in page) == mine, name
        assert ("The robot would" in page) == mine, name
    marks, said = hint_of(views["seat 3"])
    assert "call" in marks and said.startswith("The robot would say: ")
    switch(client, key, "off", 303)
    assert hint_of(seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)) is None


def test_every_hint_of_a_deal_is_a_legal_move_the_player_may_tap(app, client, seeded):
    """B-D1, B-D2: the call hinted is one the phone offers; B-P1..B-P3: the card hinted is
    one of its enabled cards. Each seat taps the hint, so the whole deal is the robot's."""
    key, tokens, _watch = deck_game(client)
    switch(client, key, "on", 303)
    deal(client, key)
    seats = phones(app, tokens)
    calls = cards = 0
    while (t := table(client, key))["phase"] in ("speaking", "playing"):
        seat = t["speaker"] if t["phase"] == "speaking" else t["player"]
        before = version_of(client, key)
        view = seats[seat].get(f"/p/{tokens[seat]}").get_data(as_text=True)
        marks, said = hint_of(view)
        if t["phase"] == "speaking":
            calls += 1
            assert said.startswith("The robot would say: ") and "card" not in marks
            resp = submit(seats[seat], view, "/call", headers=HX, **marks)  # refused if the rules refuse it
        else:
            cards += 1
            assert said.startswith("The robot would play: ") and marks["card"] in form(view, "/played").enabled("card")
            resp = submit(seats[seat], view, "/played", headers=HX, card=marks["card"])
        assert resp.status_code == 200, errors(resp.get_data(as_text=True))
        assert version_of(client, key) == before + 1  # recorded: the tap was the rules' own legal move
    assert calls >= 1 and cards == 32  # this deal is taken (the seed), so played out card by card


def test_a_page_shown_again_asks_the_robot_nothing_more(app, client, seeded, monkeypatch):
    """One decision per seat and version: a reload, a poll's fragment, the TV or the Scribe's
    page ask nothing of the search."""
    key, tokens, watch = deck_game(client)
    switch(client, key, "on", 303)
    deal(client, key)
    asked = []
    real = hints.decider("belote")
    monkeypatch.setattr(hints, "decider", lambda name: lambda view, seat, *a: asked.append(seat) or real(view, seat, *a))
    seats = phones(app, tokens)
    assert sorted(asked) == [0, 1, 2, 3]  # each seat's page asked once: only Dee's has a move
    first = seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)
    for _ in range(3):
        assert hint_of(seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)) == hint_of(first)
        seats[DEE].get(f"/p/{tokens[DEE]}/view?v=0")
    client.get(f"/w/{watch}")
    game_page(client, key)
    assert sorted(asked) == [0, 1, 2, 3]


def test_a_seats_new_link_made_after_the_deal_is_given_no_hint_read_from_the_hand_it_may_not_see(app, client,
                                                                                                 seeded):
    """W-R4's rule on the virtual deck: a link made after the deal does not show that deal's
    hand; the hint read from the old link's view is not shown to the new one either."""
    key, tokens, _watch = deck_game(client)
    switch(client, key, "on", 303)
    deal(client, key)
    seats = phones(app, tokens)
    assert hint_of(seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)) is not None
    resp = client.post(f"/games/{key}/links", data={"link": str(DEE), "op": "reissue", "confirm": "yes"})
    assert resp.status_code == 303
    new = client.get(f"/api/games/{key}/links").get_json()["players"][DEE]["token"]
    assert new != tokens[DEE]
    page = app.test_client().get(f"/p/{new}").get_data(as_text=True)
    assert "were dealt before this link was made" in page and hint_of(page) is None


# ------------------------------------------------------------------ the seat's view only


def _twin_deals(seed: int) -> tuple[dict, dict]:
    """A Belote deal, and its twin: two cards swapped between seats 0 and 1 (Dee's hand,
    the card turned and the stock the same)."""
    s = make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True)
    drawn = deck.draw(s, 1, random.Random(seed))
    twin = {**drawn, "hands": [list(h) for h in drawn["hands"]]}
    twin["hands"][0][0], twin["hands"][1][0] = drawn["hands"][1][0], drawn["hands"][0][0]
    return drawn, twin


@pytest.mark.parametrize("seed", range(6))
def test_twin_deals_differing_only_in_another_hand_give_the_same_hint(seed):
    s = make_setup(["Ana", "Ben", "Cy", "Dee"], virtual_deck=True)
    hinted = []
    for n, drawn in enumerate(_twin_deals(seed)):
        sheet = replay(s, [{"kind": "deal", "data": drawn}])
        view = GAMES["belote"].view(sheet, (), DEE)
        assert view.table.hands[0] is None  # Dee sees no other hand
        hinted.append(hints.hint(f"twin-{seed}-{n}", "belote", view, DEE, 7))
    assert hinted[0] is not None and hinted[0] == hinted[1]


# ------------------------------------------------------------------ the record


def test_the_record_carries_the_switch(app, client):
    key, _tokens, _watch = deck_game(client)
    with app_db(app) as db:
        assert "hints" not in record.export_record(db, game_id(app, key))
    switch(client, key, "on", 303)
    with app_db(app) as db:
        kept = record.export_record(db, game_id(app, key))
        assert kept["hints"] is True
        again = record.import_record(db, kept)
        assert app_rows(app, "select hints from games where id = ?", again) == [(1,)]
        with pytest.raises(record.RuleError) as refused:
            record.import_record(db, {**kept, "hints": "yes"})
        assert refused.value.field == "hints"


# ------------------------------------------------------------------ the bidding family


WIZARD = {"players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2, "preset": "standard",
          "rules": {"reveal": "hidden", "virtual_deck": True, "rounds": 3}}


@pytest.fixture
def wizard_robot(monkeypatch):
    """A stand-in for the Wizard robot (the robot seat brings the real one): it answers the
    move ``answer(view, seat)`` says, and keeps every view it was given."""
    seen: list[tuple[object, int]] = []
    robot = {"answer": lambda view, seat: ("bid", {"round": 1, "player": seat, "bid": 1})}

    def decide(view, seat, level, seed):
        assert level == "medium"
        seen.append((view, seat))
        return robot["answer"](view, seat)

    real = hints.decider
    monkeypatch.setattr(hints, "decider", lambda name: decide if name == "wizard" else real(name))
    robot["seen"] = seen
    return robot


def _wizard_table(client, app):
    made = client.post("/api/games", json=WIZARD).get_json()
    key = made["key"]
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    seats = phones(app, tokens)
    switch(client, key, "on", 303)
    resp = client.post(f"/api/games/{key}/actions/deal", json={"round": 1})
    assert resp.status_code == 200, resp.get_json()
    return key, tokens, seats


def test_a_wizard_table_with_a_robot_offers_the_switch_and_each_bidder_sees_its_own_bid_hint(app, client,
                                                                                            wizard_robot):
    assert 'name="hints"' in client.get("/games/new?game=wizard").get_data(as_text=True)
    key, tokens, seats = _wizard_table(client, app)
    for seat in range(3):  # hidden bids: every seat bids now, each on its own phone
        page = seats[seat].get(f"/p/{tokens[seat]}").get_data(as_text=True)
        assert hint_of(page) == ({"bid": "1"}, "The robot would bid: 1"), seat
    for view, seat in wizard_robot["seen"]:  # each decision read its own seat's view: no other hand
        hands = view.current.hands
        assert hands is not None and hands[seat] is not None
        assert all(h is None for p, h in enumerate(hands) if p != seat)
    watch = client.get(f"/api/games/{key}/links").get_json()["watch"]["token"]
    for page in (client.get(f"/w/{watch}"), game_page(client, key), client.get(f"/api/games/{key}"),
                 client.get(f"/api/watch/{watch}")):
        assert "The robot would" not in (page if isinstance(page, str) else page.get_data(as_text=True))


def test_a_wizard_card_and_trump_are_worded_as_the_game_words_them(app, client, wizard_robot):
    key, tokens, seats = _wizard_table(client, app)
    hand = {}

    def card(view, seat):
        hand[seat] = view.current.hands[seat][0]
        return "played", {"round": 1, "player": seat, "card": hand[seat]}

    wizard_robot["answer"] = card
    page = seats[0].get(f"/p/{tokens[0]}").get_data(as_text=True)
    with app.test_request_context():
        from scribe import formatting
        from scribe.web.hints import words
        with app_db(app) as db:
            setup = service.load(db, game_id(app, key))[1].setup
        assert hint_of(page) == ({"card": hand[0]}, f"The robot would play: {formatting.card(hand[0], setup)}")
        assert words(("trump", {"round": 1, "suit": "red"}), setup) == "The robot would name trump: red"


def test_a_robot_that_fails_or_says_what_has_no_words_gives_no_hint_and_the_page_stands(app, client, wizard_robot):
    _key, tokens, seats = _wizard_table(client, app)

    def broken(view, seat):
        raise RuntimeError("a robot's bug")

    wizard_robot["answer"] = broken
    resp = seats[0].get(f"/p/{tokens[0]}")
    assert resp.status_code == 200 and hint_of(resp.get_data(as_text=True)) is None
    wizard_robot["answer"] = lambda view, seat: ("played", {"round": 1, "player": seat, "card": "no such card"})
    resp = seats[1].get(f"/p/{tokens[1]}")
    assert resp.status_code == 200 and hint_of(resp.get_data(as_text=True)) is None


# ------------------------------------------------------------------ the API


def test_the_api_reads_and_turns_the_switch(app, client, api):
    key, tokens, _watch = deck_game(client)
    assert api("get", f"/api/games/{key}/hints") == (200, {"hints": False, "offered": True})
    assert api("put", f"/api/games/{key}/hints", {"hints": True}) == (200, {"hints": True, "offered": True})
    assert stored(app, key) == 1
    for bad in ({"hints": "maybe"}, {"hints": 1}, {"hints": None}, {}):
        status, body = api("put", f"/api/games/{key}/hints", bad)
        assert (status, body["field"]) == (422, "hints"), bad
    assert api("put", f"/api/games/{key}/hints", [True])[0] == 400
    assert api("get", f"/api/games/{tokens[0]}/hints")[0] == 404  # a seat's link is no Scribe's
    assert stored(app, key) == 1
    assert api("put", f"/api/games/{key}/hints", {"hints": False}) == (200, {"hints": False, "offered": True})
    plain = create(client)  # no virtual deck: not offered, refused
    assert api("get", f"/api/games/{plain}/hints") == (200, {"hints": False, "offered": False})
    status, body = api("put", f"/api/games/{plain}/hints", {"hints": True})
    assert status == 422 and "virtual deck" in body["error"]
