"""Skull King with the virtual deck through the pages: the Scribe deals, each player sees
only their own hand on their link and plays it in turn (following suit, a Kraken's trick
won by nobody, a card taken back), and the round's result, worked out from the cards
(K-T1, K-S2), is confirmed in one tap; bad cards are a 4xx next to the hand, nothing
saved. The deal's randomness is replaced by a fixed deal; the rules are the real ones."""

from __future__ import annotations

import re

import pytest
from test_skull_king_pages import create, page
from web_helpers import HX, errors, submit, text

from scribe.games.skull_king import deck as sk_deck
from scribe.games.skull_king.cards import parse_card

ANA, BEN, CY, DEE = range(4)  # Ana deals, Ben leads
HANDS = [["ME", "G3"], ["G14", "PI"], ["G5", "B14"], ["Y1", "KR"]]


@pytest.fixture
def fixed_deal(monkeypatch):
    """The deal's shuffle replaced by these hands (what the service's random source drew)."""
    monkeypatch.setattr(sk_deck, "deal", lambda n, cards, deck, rng=None: tuple(
        tuple(parse_card(c) for c in h) for h in HANDS))


def vd_game(client, **extra) -> tuple[str, list[str]]:
    gid = create(client, virtual_deck="on", kraken="on", rounds="2", **extra)
    links = client.get(f"/api/games/{gid}/links").get_json()
    return gid, [p["token"] for p in links["players"]]


def play(client, token, card, expect=200):
    view = client.get(f"/p/{token}").get_data(as_text=True)
    resp = submit(client, view, "/played", headers=HX, card=card)
    assert resp.status_code == expect, errors(resp.get_data(as_text=True))
    return resp.get_data(as_text=True)


def dealt_and_bid(client, gid, bids=(0, 1, 0, 0)):
    body = page(client, gid)
    assert "Deal" in text(body) and submit(client, body, "/deal").status_code == 303
    fields = {f"bids__{p}": str(b) for p, b in enumerate(bids)}
    assert submit(client, page(client, gid), "/bids", **fields).status_code == 303


def test_the_form_offers_the_virtual_deck_and_two_players_are_refused_in_words(client):
    assert 'name="virtual_deck"' in client.get("/games/new?game=skull_king").get_data(as_text=True)
    resp = client.post("/games", data={"game": "skull_king", "players": ["Ana", "Ben"] + [""] * 6, "dealer": "0",
                                       "scoring": "skull_king", "virtual_deck": "on", "max_cards": "", "rounds": "",
                                       "name": ""})
    assert resp.status_code == 422 and "Graybeard" in errors(resp.get_data(as_text=True))["virtual_deck"]


def test_bids_wait_for_the_deal(client):
    gid, _tokens = vd_game(client)
    body = page(client, gid)
    assert 'action="/games/' in body and "/deal" in body
    resp = client.post(f"/games/{gid}/bids", data={"version": "0", "round": "1", **{f"bids.{p}": "0" for p in range(4)}},
                       headers=HX)
    assert resp.status_code == 422 and errors(resp.get_data(as_text=True))["bids"] == "Deal the cards first: tap Deal."


def test_each_phone_shows_only_its_own_hand(client, fixed_deal):
    gid, tokens = vd_game(client)
    dealt_and_bid(client, gid)
    for seat, token in enumerate(tokens):
        view = client.get(f"/p/{token}").get_data(as_text=True)
        for other, hand in enumerate(HANDS):
            for c in hand:
                shown = f'data-card="{c}"' in view
                assert shown == (other == seat), (seat, c)
    scribe = page(client, gid)
    assert not any(f'data-card="{c}"' in scribe for h in HANDS for c in h)


def test_a_round_played_on_four_phones_to_its_bonuses_confirmed_in_one_tap(client, fixed_deal):
    gid, tokens = vd_game(client)
    dealt_and_bid(client, gid)
    play(client, tokens[BEN], "G14")
    # Cy holds a green card: the black 14 is refused next to the hand, nothing recorded
    refused = play(client, tokens[CY], "B14", expect=422)
    assert errors(refused)["card"] == "You must follow green: you hold a green card."
    before = sheet_version = client.get(f"/api/games/{gid}/sheet").get_json()["version"]
    assert play(client, tokens[ANA], "G3", expect=422)  # out of turn
    assert client.get(f"/api/games/{gid}/sheet").get_json()["version"] == before == sheet_version
    play(client, tokens[CY], "G5")
    # the Kraken: nobody wins the trick; the would-be winner (Ben's green 14) leads
    play(client, tokens[DEE], "KR")
    after = play(client, tokens[ANA], "G3")
    assert "Nobody won the trick: it is destroyed. Ben leads." in text(after)
    play(client, tokens[BEN], "PI")
    play(client, tokens[CY], "B14")
    view = client.get(f"/p/{tokens[CY]}").get_data(as_text=True)  # Cy takes the black 14 back, plays it again
    assert submit(client, view, "/take_back", headers=HX).status_code == 200
    play(client, tokens[CY], "B14")
    play(client, tokens[DEE], "Y1")
    play(client, tokens[ANA], "ME")
    scribe = page(client, gid)
    assert "The round as played" in text(scribe) and "1 trick destroyed" in text(scribe)
    assert "black 14" in text(scribe) and "1 Mermaid taken" in text(scribe)
    assert submit(client, scribe, "/tricks").status_code == 303  # one tap: nobody typed a bonus
    row = client.get(f"/api/games/{gid}/sheet").get_json()
    rnd = row["rounds"][0]
    assert rnd["tricks"] == [0, 1, 0, 0] and rnd["destroyed"] == 1
    assert rnd["bonuses"][BEN] == {"black14": 1, "mermaids": 1}
    assert rnd["points"] == [20, 60, 20, 20]  # K-S1 + K-S2: Ben 20 for his bid, +20 +20


def test_a_tigress_without_her_choice_and_a_card_not_held_are_refused(client, monkeypatch):
    monkeypatch.setattr(sk_deck, "deal", lambda n, cards, deck, rng=None: tuple(
        tuple(parse_card(c) for c in h) for h in [["ES", "G3"], ["TI", "G4"], ["G5", "B14"], ["Y1", "Y2"]]))
    gid, tokens = vd_game(client)
    dealt_and_bid(client, gid)
    view = client.get(f"/p/{tokens[BEN]}").get_data(as_text=True)
    assert 'value="TP"' in view and 'value="TE"' in view  # her choice is two buttons
    for card, message in (("TI", "Say how the Tigress plays: as a Pirate or as an Escape."),
                          ("G5", "That card is not in your hand, or it was already marked played.")):
        resp = submit(client, view, "/played", headers=HX, card=card)
        assert resp.status_code == 422 and errors(resp.get_data(as_text=True))["card"] == message
    assert client.get(f"/api/games/{gid}/sheet").get_json()["version"] == 2
    play(client, tokens[BEN], "TP")
    assert "Tigress as a Pirate" in text(page(client, gid))


def test_the_scribe_plays_for_a_seat_with_no_phone_on_the_passed_phone(client, fixed_deal):
    gid = create(client, virtual_deck="on", kraken="on", rounds="2")
    dealt_and_bid(client, gid)
    body = page(client, gid)
    assert "Play for Ben (pass the phone)" in text(body)
    passed = client.get(f"/games/{gid}/pass/{BEN}").get_data(as_text=True)
    assert 'data-card="G14"' in passed and 'data-card="ME"' not in passed
    resp = submit(client, passed, "/played", headers=HX, card="G14")
    assert resp.status_code == 200 and "Play for Cy (pass the phone)" in text(resp.get_data(as_text=True))


def test_french_words_for_the_cards(client, fixed_deal):
    gid, tokens = vd_game(client)
    dealt_and_bid(client, gid)
    client.get("/lang/fr") if False else None
    view = client.get(f"/p/{tokens[ANA]}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Sirène" in text(view) and "vert 3" in text(view)


def test_a_player_without_a_phone_bids_on_the_scribes_phone_seeing_their_own_hand_only(client, fixed_deal):
    """K-B1 with the virtual deck: the Scribe's phone passed to Ben for his bid shows his
    dealt cards beside the bid buttons (greyed: cards are played once every bid is in), and
    nobody else's."""
    gid, _links = vd_game(client)
    body = page(client, gid)
    assert submit(client, body, "/deal").status_code == 303
    passed = client.get(f"/games/{gid}/pass/{BEN}").get_data(as_text=True)
    shown = re.findall(r'data-card="([^"]+)"', passed)
    assert sorted(shown) == sorted(HANDS[BEN])
    assert 'name="bid"' in passed and "Ben’s cards" in text(passed)
    assert all(b.count("disabled") for b in re.findall(r'<button[^>]*name="card"[^>]*>', passed))
