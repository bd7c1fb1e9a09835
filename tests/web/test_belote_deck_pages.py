"""Belote and Coinche on the virtual deck through the pages (issue 34): the new game's
checkbox; the Scribe's page in each phase (not dealt: Deal the cards and the hand-entry
form; speaking: the turned card, the calls, the call buttons for a seat with no phone;
playing: the trick and "Play for"; played: one tap records the deal; void: one tap for
the next deal); each phone's own hand and its call buttons in turn (B-D1, B-D2,
C-A1..C-A4); the TV's contract and trick; belote and rebelote said (B-P3). Refusals: a
4xx with the message next to its field, nothing saved. The deal's shuffle is seeded; the
rules are the real ones."""

from __future__ import annotations

import random
import re

import pytest
from test_belote_pages import create
from web_helpers import HX, errors, form, forms, game_page, has_form, is_fragment, submit, text

from scribe import service

FOUR = ["Ana", "Ben", "Cy", "Dee"]  # Ana deals: Dee speaks and leads first (the dealer's right)
ANA, BEN, CY, DEE = range(4)
SEED = 2  # Ben takes the turned Queen of hearts (third to speak) and holds the King: belote and rebelote


@pytest.fixture
def seeded(monkeypatch):
    """The service's random source made a seeded one: the same deal every run."""
    monkeypatch.setattr(service, "make_rng", lambda: random.Random(SEED))


def deck_game(client, **extra) -> tuple[str, list[str], str]:
    gid = create(client, virtual_deck="on", **extra)
    links = client.get(f"/api/games/{gid}/links").get_json()
    return gid, [p["token"] for p in links["players"]], links["watch"]["token"]


def phones(app, tokens):
    """One test client per seat, each claiming its seat by opening its link."""
    out = []
    for token in tokens:
        c = app.test_client()
        assert c.get(f"/p/{token}").status_code == 200
        out.append(c)
    return out


def table(client, gid) -> dict:
    return client.get(f"/api/games/{gid}/sheet").get_json()["table"]


def version_of(client, gid) -> int:
    return client.get(f"/api/games/{gid}/sheet").get_json()["version"]


def deal(client, gid) -> str:
    resp = submit(client, game_page(client, gid), "/deal", headers=HX)
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    return resp.get_data(as_text=True)


def call(phone, token, expect=200, **fields) -> str:
    view = phone.get(f"/p/{token}").get_data(as_text=True)
    resp = submit(phone, view, "/call", headers=HX, **fields)
    assert resp.status_code == expect, (resp.status_code, errors(resp.get_data(as_text=True)))
    return resp.get_data(as_text=True)


def play_out(client, gid, seat_clients, tokens) -> list[str]:
    """Every card played on the phones in turn, each the first the phone shows enabled."""
    said = []
    while (t := table(client, gid))["phase"] == "playing":
        p = t["player"]
        view = seat_clients[p].get(f"/p/{tokens[p]}").get_data(as_text=True)
        card = form(view, "/played").enabled("card")[0]
        resp = submit(seat_clients[p], view, "/played", headers=HX, card=card)
        assert resp.status_code == 200, errors(resp.get_data(as_text=True))
        said += re.findall(r'<p class="said"[^>]*>(.*?)</p>', resp.get_data(as_text=True))
    return said


def test_the_new_game_form_asks_for_the_virtual_deck(client, api):
    body = client.get("/games/new?game=belote").get_data(as_text=True)
    assert 'name="virtual_deck"' in body and "Deal on the phones (virtual deck)" in text(body)
    on, off = deck_game(client)[0], create(client)
    assert "Deal the cards" in text(game_page(client, on)) and "Deal the cards" not in text(game_page(client, off))
    status, made = api("post", "/api/games", {"game": "belote", "players": FOUR, "first_dealer": 0,
                                              "virtual_deck": True})
    assert status == 201 and api("get", f"/api/games/{made['key']}/sheet")[1]["table"] is None
    status, refused = api("post", "/api/games", {"game": "belote", "players": FOUR, "virtual_deck": "yes please"})
    assert status == 422 and refused["field"] == "virtual_deck"


def test_the_links_page_says_each_seat_plays_its_own_cards_there(client):
    gid, _tokens, _w = deck_game(client)
    assert "Ana sees their own cards on their own phone, and speaks and plays there." in text(
        game_page(client, gid, "/links"))
    assert "Ana follows the score on their own phone." in text(game_page(client, create(client), "/links"))


def test_not_dealt_the_page_offers_the_deal_and_still_the_hand_entry(client):
    gid, _tokens, _w = deck_game(client)
    body = game_page(client, gid)
    assert has_form(body, "/deal") and has_form(body, "/result")
    assert "Played with real cards? Record the deal by hand" in text(body)
    typed = client.post(f"/games/{gid}/result", data={"version": "0", "takers": "0", "points": "200",
                                                       "counted": "takers"}, headers=HX)
    assert typed.status_code == 422 and "points" in errors(typed.get_data(as_text=True))
    assert '<details class="more by-hand" open>' in typed.get_data(as_text=True)  # the refusal in sight
    ok = client.post(f"/games/{gid}/result", data={"version": "0", "takers": "0", "points": "100",
                                                    "counted": "takers"}, headers=HX)
    assert ok.status_code == 200 and client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]["points"] == 100


def test_speaking_the_scribe_sees_the_turned_card_and_taps_for_a_seat_with_no_phone(client, seeded):
    gid, _tokens, _w = deck_game(client)
    body = deal(client, gid)
    t = table(client, gid)
    assert t["phase"] == "speaking" and t["speaker"] == DEE and t["hands"] == [None] * 4
    assert "Turned up: Queen of hearts" in text(body) and f'data-card="{t["turned"]}"' in body
    assert not has_form(body, "/result")  # the cards are on the phones: no hand entry
    assert "Dee speaks" in text(body)
    resp = submit(client, body, "/call", headers=HX, call="pass")
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    after = resp.get_data(as_text=True)
    assert is_fragment(after)  # the tap answers the page's #play, not a whole page
    assert "Dee passes" in text(after) and "Cy speaks" in text(after)


def test_each_phone_sees_its_own_five_cards_and_speaks_only_in_turn(app, client, seeded):
    gid, tokens, watch = deck_game(client)
    seats = phones(app, tokens)
    deal(client, gid)
    t = table(client, gid)
    for p, phone in enumerate(seats):
        view = phone.get(f"/p/{tokens[p]}").get_data(as_text=True)
        mine = phone.get(f"/api/player/{tokens[p]}").get_json()["sheet"]["table"]["hands"]
        assert [h is not None for h in mine] == [q == p for q in range(4)] and len(mine[p]) == 5
        assert all(f'data-card="{c}"' in view for c in mine[p])
        assert has_form(view, "/call") == (p == DEE)
    tv = client.get(f"/w/{watch}").get_data(as_text=True)
    assert f'data-card="{t["turned"]}"' in tv and "Dee to speak" in text(tv)
    # the Scribe may not speak for a seat on its phone; Cy may not speak before Dee
    scribe = game_page(client, gid)
    assert not has_form(scribe, "/call") and "Dee speaks on their own phone." in text(scribe)
    before = version_of(client, gid)
    refused = client.post(f"/games/{gid}/call", data={"version": before, "round": "1", "player": "3", "call": "pass"},
                          headers=HX)
    assert refused.status_code == 422
    assert errors(refused.get_data(as_text=True))["call"] == "Dee holds their seat on their own phone: they speak there."
    out = seats[CY].post(f"/p/{tokens[CY]}/call", data={"round": "1", "call": "take"}, headers=HX)
    assert out.status_code == 422 and errors(out.get_data(as_text=True))["call"] == "It is not your turn to speak."
    bad = seats[DEE].post(f"/p/{tokens[DEE]}/call", data={"round": "1", "call": "maybe"}, headers=HX)
    assert bad.status_code == 422 and errors(bad.get_data(as_text=True))["call"] == "Take or pass."
    api_out = seats[CY].post(f"/api/player/{tokens[CY]}/call", json={"round": 1, "call": "take"})
    assert api_out.status_code == 422 and api_out.get_json()["field"] == "call"
    other = seats[CY].post(f"/p/{tokens[CY]}/call", data={"round": "1", "call": "take", "player": "3"}, headers=HX)
    assert other.status_code == 403
    assert version_of(client, gid) == before  # nothing saved
    # the call routes take only a seat's own link: a watch token or a wrong one is a 404
    for token in (watch, "x" * 22):
        assert client.post(f"/p/{token}/call", data={"call": "pass"}).status_code == 404
        assert client.post(f"/api/player/{token}/call", json={"call": "pass"}).status_code == 404
    # a revoked one: 410 (test_table's token-route inventory, for the two call routes)
    assert client.post(f"/api/games/{gid}/links", json={"link": DEE, "op": "revoke"}).status_code == 200
    assert seats[DEE].post(f"/p/{tokens[DEE]}/call", data={"round": "1", "call": "pass"}).status_code == 410
    assert seats[DEE].post(f"/api/player/{tokens[DEE]}/call", json={"round": 1, "call": "pass"}).status_code == 410
    assert version_of(client, gid) == before


def test_a_belote_deal_taken_played_on_the_phones_and_recorded_in_one_tap(app, client, seeded):
    gid, tokens, watch = deck_game(client)
    seats = phones(app, tokens)
    deal(client, gid)
    view = call(seats[DEE], tokens[DEE], call="take")
    t = table(client, gid)
    assert t["phase"] == "playing" and t["contract"]["taker"] == DEE and t["player"] == DEE
    assert "Dee takes" in text(view)
    hand = seats[DEE].get(f"/api/player/{tokens[DEE]}").get_json()["cards"]["current"]["hand"]
    assert len(hand) == 8
    scribe = game_page(client, gid)
    assert "Dee plays on their own phone." in text(scribe) and "Dee takes," in text(scribe)
    # a result typed by hand while the cards are on the phones, or before the last card: refused
    before = version_of(client, gid)
    typed = client.post(f"/games/{gid}/result", data={"version": before, "takers": "0", "points": "90",
                                                       "counted": "takers"}, headers=HX)
    assert typed.status_code == 422
    assert errors(typed.get_data(as_text=True))["round"] == ("The cards of this deal are on the phones: play the "
                                                             "last trick, or undo the deal.")
    early = client.post(f"/games/{gid}/result", data={"version": before}, headers=HX)
    assert early.status_code == 422 and "round" in errors(early.get_data(as_text=True))
    assert version_of(client, gid) == before
    first = seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)
    assert len(form(first, "/played").enabled("card")) == 8  # the lead: any card
    tv = client.get(f"/w/{watch}").get_data(as_text=True)
    assert "Dee takes," in text(tv)
    play_out(client, gid, seats, tokens)
    t = table(client, gid)
    assert t["phase"] == "played" and sum(t["outcome"]["points"]) == 162
    scribe = game_page(client, gid)
    record = [f for f in forms(scribe) if f.action.endswith("/result")]
    assert len(record) == 1 and "Record deal 1" in text(scribe)
    assert re.search(r'<p class="preview"', scribe)
    resp = submit(client, scribe, "/result", headers=HX)
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    sheet = client.get(f"/api/games/{gid}/sheet").get_json()
    row = sheet["rounds"][0]
    assert row["takers"] == 1 and sheet["table"] is None and sum(sheet["team_totals"]) >= 162
    assert has_form(resp.get_data(as_text=True), "/deal")  # the next deal waits for its cards


def test_everyone_passed_twice_one_tap_for_the_next_deal(client, seeded):
    gid, _tokens, _w = deck_game(client)
    body = deal(client, gid)
    for _ in range(8):
        resp = submit(client, body, "/call", headers=HX, call="pass")
        assert resp.status_code == 200, errors(resp.get_data(as_text=True))
        body = resp.get_data(as_text=True)
    assert table(client, gid)["phase"] == "void"
    history = text(game_page(client, gid, "/history"))
    assert "Deal 1: Scribe dealt the cards, turned up: Queen of hearts" in history and "Deal 1: Dee passes" in history
    assert "Everyone passed: next deal" in text(body) and not has_form(body, "/call")
    resp = submit(client, body, "/result", headers=HX)
    assert resp.status_code == 200
    sheet = client.get(f"/api/games/{gid}/sheet").get_json()
    assert sheet["rounds"][0]["passed"] and sheet["table"] is None


def test_the_second_round_names_a_suit(client, seeded):
    gid, _tokens, _w = deck_game(client)
    body = deal(client, gid)
    for _ in range(4):
        body = submit(client, body, "/call", headers=HX, call="pass").get_data(as_text=True)
    turned = table(client, gid)["turned"][-1]
    buttons = form(body, "/call").enabled("suit")
    assert sorted(buttons) == sorted("SHDC")  # FFB: any suit, the turned one too
    others = [s for s in buttons if s != turned]
    resp = submit(client, body, "/call", headers=HX, suit=others[0])
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    assert table(client, gid)["contract"]["trump"] == others[0]


def test_a_phone_passed_round_plays_for_a_seat_with_no_phone(client, seeded):
    gid, _tokens, _w = deck_game(client)
    body = deal(client, gid)
    body = submit(client, body, "/call", headers=HX, call="take").get_data(as_text=True)
    link = re.search(r'href="([^"]*/pass/3[^"]*)"', body)
    assert link and "Play for Dee (pass the phone)" in text(body)
    page = client.get(link.group(1).replace("&amp;", "&")).get_data(as_text=True)
    cards = form(page, "/played").enabled("card")
    assert len(cards) == 8 and "Dee’s cards" in text(page)
    resp = submit(client, page, "/played", headers=HX, card=cards[0])
    assert resp.status_code == 200 and table(client, gid)["trick"] == [{"player": DEE, "card": cards[0]}]


def test_coinche_the_auction_on_the_phones_with_a_coinche(app, client, seeded):
    gid, tokens, watch = deck_game(client, preset="ffb_coinche", shown="ffb_coinche", end="2000")
    seats = phones(app, tokens)
    deal(client, gid)
    mine = seats[DEE].get(f"/api/player/{tokens[DEE]}").get_json()["sheet"]["table"]["hands"][DEE]
    assert len(mine) == 8
    view = seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)
    bid_form = next(f for f in forms(view) if f.action.endswith("/call") and "amount" in f.radios)
    assert "80" in bid_form.radios["amount"] and "H" in bid_form.radios["trump"]
    missing = seats[DEE].post(f"/p/{tokens[DEE]}/call", data={"round": "1", "call": "bid", "amount": "90"},
                              headers=HX)
    assert missing.status_code == 422 and errors(missing.get_data(as_text=True))
    call(seats[DEE], tokens[DEE], call="bid", amount="90", trump="H")
    view = seats[CY].get(f"/p/{tokens[CY]}").get_data(as_text=True)
    assert "coinche" in [b for f in forms(view) for b in f.enabled("call")]
    call(seats[CY], tokens[CY], call="coinche")
    t = table(client, gid)
    assert t["bid"]["level"] == 1
    ben = seats[BEN].get(f"/p/{tokens[BEN]}").get_data(as_text=True)  # C-A2: coinched, no more bids
    assert not any("amount" in f.radios for f in forms(ben))
    assert "surcoinche" in [b for f in forms(ben) for b in f.enabled("call")]
    tv = text(client.get(f"/w/{watch}").get_data(as_text=True))
    assert "90 hearts, coinché" in tv


def test_in_french_the_phone_says_prendre_passer_and_the_tv_the_contract(app, client, seeded):
    gid, tokens, watch = deck_game(client)
    seats = phones(app, tokens)
    for c in (client, *seats):
        c.get("/lang/fr")
    deal(client, gid)
    view = text(seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True))
    assert "À vous de parler : regardez vos cartes." in view and "une fois l’atout choisi" in view and "Prendre" in view and "Passer" in view
    assert "Carte retournée : Dame de cœur" in view and "À Dee de parler" in view
    call(seats[DEE], tokens[DEE], call="pass")
    call(seats[CY], tokens[CY], call="pass")
    call(seats[BEN], tokens[BEN], call="take")
    tv = text(client.get(f"/w/{watch}").get_data(as_text=True))
    assert "Ben prend, atout cœur" in tv and "À Ben de jouer" not in tv  # Dee leads
    scribe = text(game_page(client, gid))
    assert "Dee joue sur son propre téléphone." in scribe and "Dee passe" not in scribe  # calls shown while speaking
    said = play_out(client, gid, seats, tokens)
    assert said[0] == "Ben : Belote !" and "Ben : Rebelote !" in said  # B-P3, said as each card is played
    scribe = text(game_page(client, gid))
    assert "Enregistrer la donne 1" in scribe and "Dix de der :" in scribe
    assert "Ben : Belote ! Ben : Rebelote !" in scribe


def test_the_annonces_come_with_the_one_tap_when_the_table_plays_them(app, client, seeded):
    gid, tokens, _w = deck_game(client, annonces="on")
    seats = phones(app, tokens)
    deal(client, gid)
    call(seats[DEE], tokens[DEE], call="pass")
    call(seats[CY], tokens[CY], call="pass")
    call(seats[BEN], tokens[BEN], call="take")
    play_out(client, gid, seats, tokens)
    scribe = game_page(client, gid)
    record = form(scribe, "/result")
    assert record.radios["annonces_team"] == ["", "0", "1"]  # B-P4: the cards do not say what was announced
    resp = submit(client, scribe, "/result", headers=HX, annonces_team="1", combo__tierce="1")
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    row = client.get(f"/api/games/{gid}/sheet").get_json()["rounds"][0]
    assert row["annonces"] == {"team": 1, "combos": ["tierce"]} and row["takers"] == 1


def test_a_card_taken_back_on_the_phone_until_the_next_one(app, client, seeded):
    gid, tokens, _w = deck_game(client)
    seats = phones(app, tokens)
    deal(client, gid)
    call(seats[DEE], tokens[DEE], call="take")
    view = seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)
    card = form(view, "/played").enabled("card")[0]
    after = submit(seats[DEE], view, "/played", headers=HX, card=card).get_data(as_text=True)
    back = submit(seats[DEE], after, "/take_back", headers=HX)
    assert back.status_code == 200 and table(client, gid)["trick"] == []
    assert f'data-card="{card}"' in back.get_data(as_text=True)  # in the hand again
    view = seats[DEE].get(f"/p/{tokens[DEE]}").get_data(as_text=True)
    submit(seats[DEE], view, "/played", headers=HX, card=card)
    cy = seats[CY].get(f"/p/{tokens[CY]}").get_data(as_text=True)
    submit(seats[CY], cy, "/played", headers=HX, card=form(cy, "/played").enabled("card")[0])
    late = seats[DEE].post(f"/p/{tokens[DEE]}/take_back", data={"round": "1"}, headers=HX)
    assert late.status_code == 422
    assert errors(late.get_data(as_text=True))["card"].startswith("Too late: Cy has played since.")
