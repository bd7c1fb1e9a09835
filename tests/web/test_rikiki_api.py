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
    if preset == "oh_hell":  # the statistics, the story, the exports and Play again know the game
        for path in ("/stats", "/api/stats", f"/games/{key}/history", "/export/games.csv", "/export/rounds.csv"):
            assert api("get", path)[0] in (200, None), path
        status, again = api("post", f"/api/games/{key}/rematch", {})
        assert status == 201 and again["sheet"]["rules"]["preset"] == "oh_hell", again


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
    # a value of the wrong type, as a hand-written client sends one: refused, never a 500
    ({"preset": ["oh_hell"]}, "preset"), ({"preset": 3}, "preset"), ({"rules": {"pack": [52]}}, "pack"),
    ({"rules": {"hook_from": "x"}}, "hook_from"), ({"rules": {"schedule": "list", "cards": {"a": 1}}}, "cards"),
    ({"rules": {"scoring": ["oh_hell"]}}, "scoring"), ({"rules": {"reveal": 1}}, "reveal"),
    ({"rules": {"custom": "ten"}}, "custom"), ({"first_dealer": [0]}, "first_dealer"),
])
def test_bad_setups_are_refused_next_to_their_field(api, body, field):
    status, answer = api("post", "/api/games", {"game": "rikiki", "players": NAMES[:4], **body})
    assert status == 422 and answer["field"] == field, answer


def test_a_correction_and_an_undo_through_the_api(api):
    key, _sheet = new(api, NAMES[:3], preset="nomination_whist", rules={"schedule": "list", "cards": [2]})
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


def test_a_blank_pad_in_french(client):
    pads = client.get("/pads", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Rikiki" in pads
    pad = client.get("/pads.pdf?game=rikiki&players=5&names=Zoé", headers={"Accept-Language": "fr"})
    assert pad.status_code == 200 and pad.data.startswith(b"%PDF")
    refused = client.get("/pads.pdf?game=rikiki&players=8", headers={"Accept-Language": "fr"})
    assert refused.status_code == 422


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


@pytest.mark.parametrize("trump", ["turned", "spades"])
def test_a_whole_game_on_the_virtual_deck_from_each_seats_link(client, trump):
    """R-M1, R-R2, R-T1 with the standard pack: Scribe deals, each seat plays from its own
    link (following suit when it can), the tricks fill in from the cards played."""
    made = client.post("/api/games", json={"game": "rikiki", "players": NAMES[:4], "first_dealer": 3,
                                           "preset": "rikiki", "rules": {"schedule": "list", "cards": [1, 3, 13],
                                                                         "every_card": True, "trump": trump,
                                                                         "virtual_deck": True, "reveal": "hidden"}})
    assert made.status_code == 201, made.get_json()
    key = made.get_json()["key"]
    links = client.get(f"/api/games/{key}/links").get_json()
    tokens = [p["token"] for p in links["players"]]
    screens = [f"/games/{key}", f"/w/{links['watch']['token']}", f"/p/{tokens[0]}", f"/games/{key}/history"]
    rng = random.Random(trump)
    for number in (1, 2, 3):
        dealt = client.post(f"/api/games/{key}/actions/deal", json={"round": number}).get_json()["sheet"]
        row = dealt["rounds"][number - 1]
        assert row["dealt"] and (row["turned"] is None) == (trump == "spades" or number == 3)  # 13 each: no card left
        assert row["trump"] == ({"card": "spades", "suit": "spades"} if trump == "spades" else
                                None if number == 3 else {"card": row["trump"]["suit"], "suit": row["trump"]["suit"]})
        seen = {}
        for seat in row["order"]:  # the dealer bids last (R-R2)
            token = tokens[seat]
            mine = client.get(f"/api/player/{token}").get_json()
            hand = mine["cards"]["current"]["hand"]
            assert len(hand) == row["cards"] and not set(hand) & set(seen)
            seen.update(dict.fromkeys(hand, seat))
            bid = client.post(f"/api/player/{token}/bid", json={"round": number, "bid": 0})
            if bid.status_code == 422:  # the dealer, hooked: the rule's words next to the bid
                assert bid.get_json()["field"] == "bid"
                bid = client.post(f"/api/player/{token}/bid", json={"round": number, "bid": 1})
            assert bid.status_code == 200, bid.get_json()
        assert len(seen) == 4 * row["cards"] and (row["turned"] or "") not in seen
        for _trick in range(row["cards"]):
            for _seat in range(4):
                turn = client.get(f"/api/games/{key}/sheet").get_json()["rounds"][number - 1]["play"]["turn"]
                cards = client.get(f"/api/player/{tokens[turn]}").get_json()["cards"]["current"]
                assert cards["my_turn"] and cards["legal"]
                illegal = sorted(set(cards["hand"]) - set(cards["legal"]))
                if illegal:  # a card of another suit while holding the led one
                    refused = client.post(f"/api/player/{tokens[turn]}/played", json={"round": number, "card": illegal[0]})
                    assert refused.status_code == 422 and refused.get_json()["error"].startswith("You must follow")
                played = client.post(f"/api/player/{tokens[turn]}/played",
                                     json={"round": number, "card": rng.choice(cards["legal"])})
                assert played.status_code == 200, played.get_json()
            for screen in screens:  # every screen, in French, as the trick is taken
                assert client.get(screen, headers={"Accept-Language": "fr"}).status_code == 200, screen
        play = client.get(f"/api/games/{key}/sheet").get_json()["rounds"][number - 1]["play"]
        assert play["finished"] and sum(play["won"]) == row["cards"]
        for t in play["tricks"]:  # R-T1: the trump wins, else the highest of the led suit, ace high
            suit = (row["trump"] or {}).get("suit")
            letter = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}.get(suit)
            led = t["cards"][0]["card"][-1]
            wins = letter if any(c["card"][-1] == letter for c in t["cards"]) else led
            ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
            best = max((c for c in t["cards"] if c["card"][-1] == wins), key=lambda c: ranks.index(c["card"][:-1]))
            assert t["winner"] == best["player"]
        scored = client.post(f"/api/games/{key}/actions/tricks", json={"round": number}).get_json()["sheet"]
        assert scored["rounds"][number - 1]["tricks"] == play["won"]
    assert scored["finished"]


def test_r_b3_the_blind_round_is_said_on_the_scribes_page_in_its_one_card_round_only(client, api):
    """R-B3 (Boerenbridge's preset): the one-card round's bids are made card on the forehead;
    the Scribe's page reminds the table while that round is bid, and says nothing of it in a
    round of more cards or once the bids are in."""
    key, _sheet = new(api, NAMES[:3], preset="boerenbridge", rules={"schedule": "list", "cards": [2, 1]})
    fr = {"Accept-Language": "fr"}
    reminder = "Manche à l’aveugle : chacun tient sa carte sur le front"

    def page() -> str:
        return client.get(f"/games/{key}", headers=fr).get_data(as_text=True).replace("\u00a0", " ")

    assert reminder not in page()  # two cards: not blind
    for p, bid in ((1, 0), (2, 0), (0, 1)):
        api("post", f"/api/games/{key}/actions/bid", {"round": 1, "player": p, "bid": bid})
    api("post", f"/api/games/{key}/actions/tricks", {"round": 1, "tricks": [1, 1, 0]})
    assert reminder in page()  # the one-card round, being bid
    for p, bid in ((2, 0), (0, 0), (1, 0)):
        status, body = api("post", f"/api/games/{key}/actions/bid", {"round": 2, "player": p, "bid": bid})
        assert status == 200, body
    assert reminder not in page()  # the bids are in: the cards are played
    other, _sheet = new(api, NAMES[:3], preset="oh_hell", rules={"schedule": "list", "cards": [1]})
    assert reminder not in client.get(f"/games/{other}", headers=fr).get_data(as_text=True)  # Oh Hell!: not blind
