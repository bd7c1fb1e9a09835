"""Skull King through the pages, as the Scribe taps it: the setup form (K-R1, K-S1..K-S4,
K-T1), bids hidden and revealed at once (K-B1) on a passed phone or all at once, the round's
result with its bonuses in few taps (K-S2, K-S3) and destroyed tricks (K-T1), corrections,
undo, the sheet with the house rule shown, the end (K-E1) and the rematch, French.
Refusals: 422 with the message next to the field and nothing saved."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, errors, form, game_id_from, sheet_totals, submit, text

FOUR = ["Ana", "Ben", "Cy", "Dee"]
SEATS = 8


def setup_data(names=FOUR, dealer="0", **extra):
    return {"game": "skull_king", "players": list(names) + [""] * (SEATS - len(names)), "dealer": dealer,
            "scoring": "skull_king", "max_cards": "", "rounds": "", "name": "", **extra}


def create(client, names=FOUR, dealer="0", **extra) -> str:
    resp = client.post("/games", data=setup_data(names, dealer, **extra))
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    return game_id_from(resp.headers["Location"])


def page(client, gid: str, path: str = "") -> str:
    resp = client.get(f"/games/{gid}{path}")
    assert resp.status_code == 200, resp.status_code
    return resp.get_data(as_text=True)


def version(client, gid) -> int:
    return int(re.search(r'data-version="(\d+)"', page(client, gid)).group(1))


def sheet(api, gid: str) -> dict:
    return api("get", f"/api/games/{gid}/sheet")[1]


def all_bids(client, gid, bids, htmx=False):
    """Yo-ho-ho! every bid at once, as the table shows them."""
    fields = {f"bids__{p}": str(b) for p, b in enumerate(bids)}
    return submit(client, page(client, gid), "/bids", headers=HX if htmx else None, **fields)


def result(client, gid, tricks, htmx=False, **fields):
    """The round's result: a tap per player's tricks, then the bonus taps."""
    taps = {f"tricks__{p}": str(t) for p, t in enumerate(tricks) if t is not None}
    return submit(client, page(client, gid), "/tricks", headers=HX if htmx else None, **taps, **fields)


# --------------------------------------------------------------------------- setup


def test_start_page_offers_skull_king_and_its_form(client):
    assert "/games/new?game=skull_king" in client.get("/").get_data(as_text=True)
    body = client.get("/games/new?game=skull_king").get_data(as_text=True)
    assert 'name="game" value="skull_king"' in body and body.count('name="players"') == 8
    for option in ("scoring", "cannonball", "bonus_on_miss", "kraken", "white_whale", "loot", "max_cards", "rounds",
                   "virtual_deck"):
        assert f'name="{option}"' in body, option


def test_k_r1_eight_players_are_capped_by_the_deck_and_the_deal_moves_left(client, api):
    gid = create(client, FOUR + ["Eve", "Flo", "Gus", "Hal"], dealer="2")
    s = sheet(api, gid)
    assert [r["cards"] for r in s["rounds"]] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert [r["dealer"] for r in s["rounds"][:3]] == [2, 3, 4]
    assert "Dealer: Cy · Dee leads" in text(page(client, gid))


def test_k_r1_a_cap_or_a_chosen_list_of_rounds(client, api):
    capped = create(client, FOUR + ["Eve", "Flo", "Gus"], max_cards="6")
    assert [r["cards"] for r in sheet(api, capped)["rounds"]][-5:] == [6, 6, 6, 6, 6]
    chosen = create(client, rounds="5, 5 5")
    assert [r["cards"] for r in sheet(api, chosen)["rounds"]] == [5, 5, 5]
    assert "rounds: 5 5 5" in text(page(client, chosen))


@pytest.mark.parametrize("names, extra, field, words", [
    (["Ana"], {}, "players", "2 to 8 players"),
    (FOUR + ["Eve", "Flo", "Gus", "Hal", "Ivo"], {}, "players", "2 to 8 players"),
    (FOUR, {"cannonball": "on"}, "cannonball", "option of Rascal"),
    (FOUR, {"scoring": "rascal", "bonus_on_miss": "on"}, "bonus_on_miss", "house rule of Skull King"),
    (FOUR, {"max_cards": "20"}, "max_cards", "1 to 17 cards"),
    (FOUR, {"rounds": "3 x"}, "rounds", "whole number"),
    (FOUR, {"rounds": "3", "max_cards": "2"}, "max_cards", "not both"),
    (FOUR, {"scoring": "poker"}, "scoring", "Unknown scoring"),
])
def test_setup_refusals_next_to_the_field(client, names, extra, field, words):
    resp = client.post("/games", data=setup_data(names, **extra))
    assert resp.status_code == 422
    body = resp.get_data(as_text=True)
    assert words in errors(body).get(field, ""), errors(body)
    assert 'name="game" value="skull_king"' in body  # the same form, filled in again


# --------------------------------------------------------------------------- bids (K-B1)


def test_k_b1_bids_passed_round_stay_hidden_until_the_last_then_revealed(client, api):
    gid = create(client)
    body = page(client, gid)
    assert "Pass the phone to Ben" in text(body)  # Ben, at the dealer's left, leads
    passed = client.get(f"/games/{gid}/pass/1").get_data(as_text=True)
    f = form(passed, "/bid")
    assert f.enabled("bid") == ["0", "1"]  # no bid forbidden (no ±1 rule in Skull King)
    for p, bid in ((1, "1"), (2, "0"), (3, "0")):
        resp = submit(client, client.get(f"/games/{gid}/pass/{p}").get_data(as_text=True), "/bid", bid=bid)
        assert resp.status_code == 303
    s = sheet(api, gid)
    assert s["rounds"][0]["bids"] == [None, None, None, None] and s["rounds"][0]["sealed"] == [False, True, True, True]
    assert "✓" in page(client, gid) and "Pass the phone to Ana" in text(page(client, gid))
    submit(client, client.get(f"/games/{gid}/pass/0").get_data(as_text=True), "/bid", bid="0")
    assert sheet(api, gid)["rounds"][0]["bids"] == [0, 1, 0, 0]  # Yo-ho-ho! all at once
    assert "Yo-ho-ho! Every bid is revealed." in text(page(client, gid))


def test_k_b1_a_seat_with_a_bid_has_nothing_to_enter_on_a_passed_phone(client):
    gid = create(client)
    submit(client, client.get(f"/games/{gid}/pass/1").get_data(as_text=True), "/bid", bid="1")
    resp = client.get(f"/games/{gid}/pass/1")
    assert resp.status_code == 409 and "Ben has no bid to enter now." in errors(resp.get_data(as_text=True))["bid"]
    assert client.get(f"/games/{gid}/pass/9").status_code == 404


def test_yo_ho_ho_every_bid_at_once_and_a_bid_above_the_cards_refused(client, api):
    gid = create(client, rounds="3 3")
    before = version(client, gid)
    forged = {**form(page(client, gid), "/bids").hidden, "bids.0": "1", "bids.1": "4", "bids.2": "0", "bids.3": "0"}
    resp = client.post(f"/games/{gid}/bids", data=forged, headers=HX)
    assert resp.status_code == 422
    assert "0 to 3, the cards dealt" in errors(resp.get_data(as_text=True))["bids.1"]
    assert version(client, gid) == before  # nothing saved
    assert all_bids(client, gid, [1, 2, 0, 0]).status_code == 303
    assert sheet(api, gid)["rounds"][0]["bids"] == [1, 2, 0, 0]


# --------------------------------------------------------------------------- the result


def test_k_s1_k_s2_everyone_made_it_in_one_tap_with_a_bonus(client, api):
    gid = create(client, rounds="2 2")
    all_bids(client, gid, [1, 1, 0, 0])
    resp = submit(client, page(client, gid), "/tricks", made="bids", black14="1")
    assert resp.status_code == 303
    row = sheet(api, gid)["rounds"][0]
    assert row["tricks"] == [1, 1, 0, 0] and row["bonuses"][1] == {"black14": 1}
    assert row["points"] == [20, 40, 20, 20] and row["earned"] == [0, 20, 0, 0]
    assert sheet_totals(page(client, gid))[1] == [20, 40, 20, 20]


def test_k_s2_bonuses_count_only_on_an_exact_bid(client, api):
    gid = create(client, rounds="2 2")
    all_bids(client, gid, [2, 0, 0, 0])  # Ana bids 2 and takes 1 with a Mermaid captured by her Pirate
    assert result(client, gid, [1, 1, 0, 0], bonus__0__mermaids="1", bonus__1__fourteens="1").status_code == 303
    row = sheet(api, gid)["rounds"][0]
    assert row["points"] == [-10, -20, 20, 20] and row["earned"] == [0, 0, 0, 0]
    assert row["bonuses"][0] == {"mermaids": 1}  # recorded, not counted


def test_the_house_rule_counts_them_and_is_shown_on_the_sheet(client, api):
    gid = create(client, rounds="2 2", bonus_on_miss="on")
    assert "House rule: bonuses count on a missed bid too" in text(page(client, gid))
    all_bids(client, gid, [2, 0, 0, 0])
    result(client, gid, [1, 1, 0, 0], bonus__0__mermaids="1")
    assert sheet(api, gid)["rounds"][0]["points"][0] == -10 + 20


def test_k_t1_k_s3_a_kraken_trick_and_a_loot_alliance(client, api):
    gid = create(client, rounds="3 3", kraken="on", loot="on")
    all_bids(client, gid, [1, 1, 0, 0])
    body = page(client, gid)
    assert 'name="destroyed"' in body and 'name="loot.0.by"' in body
    resp = result(client, gid, [1, 1, 0, 0], destroyed="1", loot__0__by="2", loot__0__to="1")
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    row = sheet(api, gid)["rounds"][0]
    assert row["destroyed"] == 1 and row["loot"] == [[2, 1]]
    # Cy's Loot went to Ben; both bids exact: +20 each (K-S3)
    assert row["points"] == [20, 40, 30 + 20, 30]


@pytest.mark.parametrize("rules, tricks, fields, field, words", [
    ({"kraken": "on"}, [2, 1, 0, 0], {"destroyed": "1"}, "tricks", "add up to 3, but 2 were won"),
    ({}, [2, 0, 0, 0], {}, "tricks", "add up to 2, but 3 were played"),
    ({}, [3, 0, 0, 0], {"bonus__1__mermaids": "1"}, "bonuses.1", "Ben took no trick"),
    ({}, [2, 1, 0, 0], {"bonus__0__fourteens": "3", "bonus__1__fourteens": "1"}, "bonuses.0.fourteens",
     "only three yellow, purple and green 14s"),
    ({}, [3, 0, 0, 0], {"skull_king": "1"}, "bonuses.1", "Ben took no trick"),
    ({"loot": "on"}, [3, 0, 0, 0], {"loot__0__by": "0", "loot__0__to": "1"}, "loot.0", "captured no Loot"),
    ({}, [3, 0, 0, 0], {"black14": "9"}, "bonuses", "no such player"),
])
def test_k_t1_k_s2_bad_results_refused_next_to_the_field_nothing_saved(client, rules, tricks, fields, field, words):
    gid = create(client, rounds="3 3", **rules)
    all_bids(client, gid, [3, 0, 0, 0])
    before = version(client, gid)
    resp = result(client, gid, tricks, htmx=True, **fields)
    assert resp.status_code == 422
    shown = errors(resp.get_data(as_text=True))
    assert words in shown.get(field, ""), shown
    assert version(client, gid) == before


def test_k_s2_two_black_14s_and_a_skull_king_captured_twice_refused(api, client):
    gid = create(client, rounds="3 3")
    key = gid
    api("post", f"/api/games/{key}/actions/bids", {"bids": [1, 1, 1, 0]})
    status, body = api("post", f"/api/games/{key}/actions/tricks", {
        "tricks": [1, 1, 1, 0], "bonuses": [{"black14": 1}, {"black14": 1}, {}, {}]})
    assert status == 422 and "only one black 14" in body["error"] and body["field"].endswith(".black14")
    status, body = api("post", f"/api/games/{key}/actions/tricks", {
        "tricks": [1, 1, 1, 0], "bonuses": [{"skull_king": 1}, {"skull_king": 1}, {}, {}]})
    assert status == 422 and "only one Skull King" in body["error"]
    assert sheet(api, key)["version"] == 1


def test_k_s4_rascal_and_the_cannonball(client, api):
    gid = create(client, rounds="2 2", scoring="rascal", cannonball="on")
    all_bids(client, gid, [2, 0, 0, 0])
    assert 'name="cannonball.0"' in page(client, gid)
    result(client, gid, [1, 1, 0, 0], cannonball__0="on")
    # K-S4: Ana off by one with the Cannonball: 0; Ben off by one: half of 20; the others exact: 20
    assert sheet(api, gid)["rounds"][0]["points"] == [0, 10, 20, 20]


# --------------------------------------------------------------------------- corrections, undo, the end


def test_a_correction_changes_a_bonus_and_later_totals_follow(client, api):
    gid = create(client, rounds="2 2")
    all_bids(client, gid, [1, 1, 0, 0])
    result(client, gid, [1, 1, 0, 0])
    all_bids(client, gid, [2, 0, 0, 0])
    result(client, gid, [2, 0, 0, 0])
    assert sheet(api, gid)["totals"] == [60, 40, 40, 40]
    corr = page(client, gid, "/rounds/1")
    assert 'name="bonus.0.fourteens"' in corr and 'name="bids.0"' in corr
    f = form(corr, "/rounds/1")
    data = {**f.hidden, **f.checked, "black14": "0", "bonus.1.fourteens": "2"}
    resp = client.post(f"/games/{gid}/rounds/1", data=data)
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    s = sheet(api, gid)
    assert s["rounds"][0]["corrected"] and s["rounds"][0]["points"] == [40, 40, 20, 20]
    assert s["totals"] == [80, 60, 40, 40]
    history = client.get(f"/games/{gid}/history").get_data(as_text=True)
    assert "Round 1 corrected" in text(history) and "black 14" in text(history)
    # a bad correction: a capture for Cy, who took no trick; nothing saved
    data = {**f.hidden, **f.checked, "bonus.2.pirates": "1"}
    resp = client.post(f"/games/{gid}/rounds/1", data={**data, "version": str(s["version"])})
    assert resp.status_code == 422 and "Cy took no trick" in errors(resp.get_data(as_text=True))["bonuses.2"]
    assert sheet(api, gid)["version"] == s["version"]


def test_k_e1_undo_takes_back_the_result_and_the_end_offers_a_rematch(client, api):
    gid = create(client, rounds="1", dealer="3")
    all_bids(client, gid, [0, 1, 0, 0])
    result(client, gid, [0, 1, 0, 0])
    body = page(client, gid)
    assert "Ben wins!" in text(body)
    submit(client, body, "/undo")
    assert sheet(api, gid)["phase"] == "tricks"
    result(client, gid, [0, 1, 0, 0])
    resp = client.post(f"/games/{gid}/rematch")
    assert resp.status_code == 303
    nxt = game_id_from(resp.headers["Location"])
    s = sheet(api, nxt)
    assert s["players"] == FOUR and s["first_dealer"] == 0 and s["rules"]["rounds"] == [1]


def test_the_story_counts_bids_made_and_bonus_points(client):
    gid = create(client, rounds="2 2")
    all_bids(client, gid, [1, 1, 0, 0])
    result(client, gid, [1, 1, 0, 0], black14="0")
    body = text(page(client, gid))
    assert "Bonus points earned" in body


def test_french_pages(client):
    client.get("/lang/fr")
    gid = create(client, rounds="2 2")
    body = text(page(client, gid))
    assert "Manche 1 sur 2" in body and "Passez le téléphone à Ben" in body and "Décompte du Skull King" in body
    assert "Nouvelle partie de Skull King" in text(client.get("/games/new?game=skull_king").get_data(as_text=True))
