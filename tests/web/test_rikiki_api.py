"""Rikiki / Oh Hell through the JSON API and its pages: random games of every preset score as
the digest says (R-S2, R-S3, worked out here afresh), the hook refused next to its field
(R-B2), bad setups refused (R-M1, R-F2), the new-game page in French (R-P1). Every answer
is checked against /api/openapi.json (tests/conftest.py)."""

from __future__ import annotations

import random

import pytest

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus"]
# R-S2's (B, P, M, Q) and R-S3, written out again here: the test's own reading of the digest
LINEAR = {"oh_hell": (10, 1, 0, 0), "nomination_whist": (10, 1, 1, 0), "boerenbridge": (10, 2, 0, 2),
          "ascenseur": (2, 1, 0, 1), "basic_5": (5, 1, 1, 0), "boerenbridge_5": (5, 1, 0, 1)}
PRESETS = {"oh_hell": "oh_hell", "nomination_whist": "nomination_whist", "boerenbridge": "boerenbridge",
           "rikiki": "ascenseur"}


def expected(scoring: str, bid: int, took: int) -> int:
    if scoring == "squares":
        return 10 + bid * bid if bid == took else -((bid - took) ** 2)
    base, per, missed, off = LINEAR[scoring]
    return base + per * took if bid == took else missed * took - off * abs(bid - took)


def new(api, players, **body) -> tuple[str, dict]:
    status, made = api("post", "/api/games", {"game": "rikiki", "players": players, "first_dealer": 0, **body})
    assert status == 201, made
    return made["key"], made["sheet"]


def play_round(api, key, sheet, rng) -> tuple[list[int], list[int], dict]:
    """Random bids in turn (the dealer's hooked bid refused first, when there is one), random tricks."""
    row = sheet["rounds"][sheet["current_round"] - 1]
    cards, bids = row["cards"], [0] * len(sheet["players"])
    for player in row["order"]:
        forbidden = sheet["forbidden_bid"]
        if forbidden is not None:  # R-B2: refused with its reason, next to the bid
            assert forbidden["player"] == player == row["dealer"]
            status, body = api("post", f"/api/games/{key}/actions/bid",
                               {"round": row["number"], "player": player, "bid": forbidden["value"]})
            assert status == 422 and body["field"] == "bid" and "R-B2" not in body["error"], body
        bid = rng.choice([b for b in range(cards + 1) if forbidden is None or b != forbidden["value"]])
        status, body = api("post", f"/api/games/{key}/actions/bid", {"round": row["number"], "player": player, "bid": bid})
        assert status == 200, body
        bids[player], sheet = bid, body["sheet"]
    cuts = sorted(rng.randint(0, cards) for _ in range(len(bids) - 1))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards])]
    status, body = api("post", f"/api/games/{key}/actions/tricks", {"round": row["number"], "tricks": tricks})
    assert status == 200, body
    return bids, tricks, body["sheet"]


@pytest.mark.parametrize("preset", [*PRESETS, "squares", "custom"])
def test_random_games_of_every_preset_score_as_the_digest_says(api, preset):
    rng = random.Random(preset)
    n = rng.randint(3, 7)
    body = {"preset": preset} if preset in PRESETS else {"rules": {"scoring": preset, "schedule": "up", "most": 5}}
    if preset == "custom":
        body["rules"]["custom"] = [5, 3, 1, 4]
    if preset == "boerenbridge":
        body["preset"], body["rules"] = "boerenbridge", {"schedule": "up_down", "most": 4}  # a shorter night
    key, sheet = new(api, NAMES[:n], **body)
    scoring = PRESETS.get(preset, preset)
    totals = [0] * n
    while not sheet["finished"]:
        bids, tricks, sheet = play_round(api, key, sheet, rng)
        for p in range(n):
            totals[p] += (5 + 3 * tricks[p] if bids[p] == tricks[p] else tricks[p] - 4 * abs(bids[p] - tricks[p])) \
                if preset == "custom" else expected(scoring, bids[p], tricks[p])
        assert sheet["totals"] == totals
    assert sheet["winners"] == [p for p in range(n) if totals[p] == max(totals)]


def test_r_b2_the_hook_from_4_cards_and_its_refusal_in_words(api, client):
    key, sheet = new(api, NAMES[:4], preset="oh_hell", rules={"schedule": "list", "cards": [3, 5], "hook_from": 4},
                     lang="fr")
    for p, bid in ((1, 1), (2, 1), (3, 1), (0, 0)):  # 3 cards: no hook, the bids may total 3
        status, body = api("post", f"/api/games/{key}/actions/bid", {"round": 1, "player": p, "bid": bid})
        assert status == 200, body
    api("post", f"/api/games/{key}/actions/tricks", {"round": 1, "tricks": [0, 1, 1, 1]})
    for p, bid in ((2, 2), (3, 0), (0, 1)):
        api("post", f"/api/games/{key}/actions/bid", {"round": 2, "player": p, "bid": bid})
    resp = client.post(f"/api/games/{key}/actions/bid", json={"round": 2, "player": 1, "bid": 2},
                       headers={"Accept-Language": "fr"})
    body = resp.get_json()
    assert resp.status_code == 422 and body["field"] == "bid"
    assert body["error"] == "Les paris feraient 5 au total, autant que de plis\u00a0: Ben, qui donne, ne peut pas parier 2."
    _s, sheet = api("get", f"/api/games/{key}/sheet")
    assert sheet["rounds"][1]["bids"] == [1, None, 2, 0]  # nothing half-saved


@pytest.mark.parametrize(("body", "field"), [
    ({"players": NAMES[:2]}, "players"), ({"players": NAMES + ["Hal"]}, "players"),
    ({"rules": {"most": 13}}, "most"), ({"rules": {"schedule": "list", "cards": [1, 2, 40]}}, "cards"),
    ({"rules": {"pack": 40}}, "pack"), ({"rules": {"scoring": "custom"}}, "custom"),
    ({"rules": {"trump": "hearts"}}, "trump"), ({"rules": {"wizards": True}}, "rules.wizards"),
    ({"preset": "bridge"}, "preset"),
])
def test_bad_setups_are_refused_next_to_their_field(api, body, field):
    status, answer = api("post", "/api/games", {"game": "rikiki", "players": NAMES[:4], **body})
    assert status == 422 and answer["field"] == field, answer


def test_a_correction_and_an_undo_through_the_api(api):
    key, sheet = new(api, NAMES[:3], preset="nomination_whist", rules={"schedule": "list", "cards": [2]})
    for p, bid in ((1, 1), (2, 0), (0, 0)):
        api("post", f"/api/games/{key}/actions/bid", {"round": 1, "player": p, "bid": bid})
    status, body = api("post", f"/api/games/{key}/actions/tricks", {"round": 1, "tricks": [0, 1, 1]})
    assert body["sheet"]["totals"] == [10, 11, 1]
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"bids": [0, 1, 0], "tricks": [0, 2, 0]})
    assert status == 200 and body["sheet"]["totals"] == [10, 2, 10]
    status, body = api("post", f"/api/games/{key}/rounds/1/correction", {"bids": [0, 1, 1], "tricks": [0, 2, 0]})
    assert status == 422 and body["field"] == "bids.2", body  # Cy's change hooks Ana, the dealer: 0 + 1 + 1 = 2
    status, body = api("post", f"/api/games/{key}/undo", {})
    assert status == 200 and body["sheet"]["totals"] == [10, 11, 1]


def test_the_new_game_page_offers_rikiki_and_its_presets_in_french(client):
    start = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Nouvelle partie de Rikiki" in start
    page = client.get("/games/new?game=rikiki", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    for words in ("Nouvelle partie de Rikiki", "Oh Hell!", "Nomination Whist", "Boerenbridge", "Rikiki / Ascenseur",
                  "montée et descente", "la manche à une carte se parie à l’aveugle", "comme les règles"):
        assert words in page, words
    assert 'value="rikiki"' in page


def test_the_form_makes_a_game_and_refuses_bad_input_next_to_the_field(client):
    form = {"game": "rikiki", "players": ["Ana", "Ben", "Cy", "", "", "", ""], "dealer": "0", "preset": "boerenbridge",
            "most": "30", "lang": "fr"}
    refused = client.post("/games", data=form, headers={"Accept-Language": "fr"})
    assert refused.status_code == 422
    assert "À 3 joueurs avec 52 cartes, une manche distribue de 1 à 17 cartes chacun." in refused.get_data(as_text=True)
    made = client.post("/games", data={**form, "most": ""}, headers={"Accept-Language": "fr"})
    assert made.status_code in (302, 303)
    page = client.get(made.headers["Location"], headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Rikiki · Boerenbridge" in page and "Manche à l’aveugle" in page  # R-P1 shown, R-B3's reminder
    assert client.get(made.headers["Location"].split("?")[0] + "/sheet.pdf").status_code == 200
