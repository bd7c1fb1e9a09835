"""Issue 10: a correction that makes a later recorded bid illegal (W-B4) is accepted and
flagged on the page, the correction form and the JSON; a later correction that leaves
that bid alone is never refused for it. And W-R3: a turned-up Wizard's suit before bids,
through the API."""

from __future__ import annotations

from web_helpers import errors, game_id_from, submit, text

ABC = ["A", "B", "C"]
FLAG = ("A's bid of 0 in round 2 is no longer allowed after a correction of an earlier round: "
        "A led the score sheet before it. The round stays scored as played; correct round 2 too "
        "if a bid was written down wrong.")


def page(client, url: str) -> str:
    resp = client.get(url)
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def play_issue_rounds_by_form(client) -> str:
    """Leader preset, A B C, C deals: round 1 bids 1 0 0 tricks 0 0 1; round 2 B1 C1 A0, tricks 0 1 1."""
    resp = client.post("/games", data={"players": ABC + [""] * 3, "dealer": "2", "preset": "leader",
                                       "edition": "gigamic"})
    url = f"/games/{game_id_from(resp.headers['Location'])}"
    for bids, tricks in ((("1", "0", "0"), ("0", "0", "1")), (("1", "1", "0"), ("0", "1", "1"))):
        for bid in bids:  # in bidding order
            assert submit(client, page(client, url), "/bid", bid=bid).status_code == 303
        fields = {f"tricks__{p}": t for p, t in enumerate(tricks)}
        assert submit(client, page(client, url), "/tricks", **fields).status_code == 303
    return url.rsplit("/", 1)[1]


def test_w_b4_correction_flags_the_later_round_on_the_page_and_its_form(client, api):
    gid = play_issue_rounds_by_form(client)
    url = f"/games/{gid}"
    assert api("get", f"/api/games/{gid}/sheet")[1]["totals"] == [10, 50, 20]
    assert "no longer allowed" not in text(page(client, url))

    fix = page(client, f"{url}/rounds/1")
    resp = submit(client, fix, "/rounds/1", bids__0="1", bids__1="0", bids__2="0",
                  tricks__0="1", tricks__1="0", tricks__2="0")
    assert resp.status_code == 303  # accepted: the cards were played on A's 0
    html = page(client, url)
    assert FLAG in text(html)
    assert '<tr id="round-2" class="done broken">' in html  # the row itself carries the sign
    assert f'href="/games/{gid}/rounds/2"' in html

    # round 2's own correction form says it too, and a tricks-only fix goes through
    form2 = page(client, f"{url}/rounds/2")
    assert FLAG in text(form2)
    resp = submit(client, form2, "/rounds/2", bids__0="0", bids__1="1", bids__2="1",
                  tricks__0="1", tricks__1="1", tricks__2="0")
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    sheet = api("get", f"/api/games/{gid}/sheet")[1]
    assert sheet["rounds"][1]["tricks"] == [1, 1, 0] and sheet["rounds"][1]["broken_bid"]["player"] == 0

    # typing the forbidden bid itself is still refused, next to A's bid, nothing saved
    before = sheet["version"]
    resp = submit(client, page(client, f"{url}/rounds/2"), "/rounds/2", bids__0="1", bids__1="0", bids__2="1",
                  tricks__0="1", tricks__1="1", tricks__2="0")
    assert resp.status_code == 422
    assert "A leads the score sheet and may not bid 1" in errors(resp.get_data(as_text=True))["bids.0"]
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == before


def play_issue_rounds_by_api(api, new_game, **options) -> tuple[str, dict]:
    """The same two rounds through the API; answers the game's key and the last answer."""
    gid = new_game(players=ABC, first_dealer=2, preset="leader", **options)
    for bids, tricks in (((1, 0, 0), [0, 0, 1]), ((1, 1, 0), [0, 1, 1])):
        for bid in bids:
            assert api("post", f"/api/games/{gid}/bids", {"bid": bid})[0] == 200
        status, body = api("post", f"/api/games/{gid}/tricks", {"tricks": tricks})
        assert status == 200
    return gid, body


def test_w_b4_correction_flag_in_the_json(api, new_game):
    gid, body = play_issue_rounds_by_api(api, new_game)
    assert [r["broken_bid"] for r in body["sheet"]["rounds"][:2]] == [None, None]

    status, body = api("post", f"/api/games/{gid}/rounds/1/correction", {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert status == 200
    rounds = body["sheet"]["rounds"]
    assert rounds[0]["broken_bid"] is None
    assert rounds[1]["broken_bid"] == {"player": 0, "value": 0, "rule": "W-B4", "message": FLAG}
    assert rounds[1]["bids"] == [0, 1, 1] and body["sheet"]["totals"] == [50, 50, 50]

    status, body = api("post", f"/api/games/{gid}/rounds/2/correction", {"bids": [0, 1, 1], "tricks": [1, 1, 0]})
    assert status == 200 and body["sheet"]["rounds"][1]["broken_bid"]["value"] == 0

    status, body = api("post", f"/api/games/{gid}/undo", {})
    status, body = api("post", f"/api/games/{gid}/undo", {})
    assert status == 200 and body["sheet"]["rounds"][1]["broken_bid"] is None


def test_w_b4_flag_in_french(client, api, new_game):
    gid, _ = play_issue_rounds_by_api(api, new_game, lang="fr")
    api("post", f"/api/games/{gid}/rounds/1/correction", {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    client.set_cookie("lang", "fr")
    html = page(client, f"/games/{gid}")
    assert "Le pari de 0 fait par A à la manche 2 n’est plus permis" in text(html)


def test_w_r3_api_refuses_bids_until_the_dealer_names_the_suit(api, new_game):
    gid = new_game()  # Marie deals
    assert api("post", f"/api/games/{gid}/trump", {"card": "wizard"})[0] == 200
    before = api("get", f"/api/games/{gid}/sheet")[1]["version"]
    status, body = api("post", f"/api/games/{gid}/bids", {"bid": 0})
    assert status == 422 and body["field"] == "bid"
    assert body["error"] == "A Wizard was turned up: Marie, the dealer, names the trump suit before anyone bids."
    assert api("get", f"/api/games/{gid}/sheet")[1]["version"] == before
    assert api("post", f"/api/games/{gid}/trump", {"card": "wizard", "suit": "red"})[0] == 200
    status, body = api("post", f"/api/games/{gid}/bids", {"bid": 0})
    assert status == 200 and body["sheet"]["rounds"][0]["bids"] == [0, None, None]
