"""Issue 19, the words: what each page says is true of the moment it is said in. A refused
correction names the bid that was changed; Witty Zibi's "Un tout seul" refuses the lone
player's elimination for what it is (Z-S2); a virtual-deck round is not dealt by hand."""

from __future__ import annotations

import re

from web_helpers import submit, text


def near(page: str, field: str) -> str:
    """The message shown next to ``field`` (its data-field paragraph)."""
    found = re.search(rf'<p class="err" role="alert" data-field="{re.escape(field)}">(.*?)</p>', page, re.DOTALL)
    assert found, f"no message next to {field}"
    return text(found.group(1))


def test_a_refused_correction_names_the_bid_that_was_changed(client, api, new_game):
    """±1 (W-B3), Paul Thomas Marie, Marie deals so Paul bids first and Marie last. Round 1
    recorded 1 / 0 / 1 (even is fine for the tricks entered); correcting Thomas's 0 to 1...
    is fine; correcting Paul's bid so that Marie's recorded 1 makes the bids even is
    refused next to Paul's bid, naming Paul and what it does to Marie's."""
    key = new_game(first_dealer=2, preset="plus_minus_one")
    for player, bid in ((0, 0), (1, 0), (2, 0)):
        assert api("post", f"/api/games/{key}/bids", {"player": player, "bid": bid})[0] == 200
    assert api("post", f"/api/games/{key}/tricks", {"tricks": [1, 0, 0]})[0] == 200
    form = client.get(f"/games/{key}/rounds/1").get_data(as_text=True)
    resp = submit(client, form, "/rounds/1", bids__0="1", bids__1="0", bids__2="0", tricks__0="1", tricks__1="0",
                  tricks__2="0")
    assert resp.status_code == 422
    said = near(resp.get_data(as_text=True), "bids.0")
    assert said == ("With Paul's bid of 1 the bids would total 1, the number of tricks: Marie, bidding last, "
                    "may not have bid 0 (±1 rule).")
    assert 'data-field="bids.2"' not in resp.get_data(as_text=True)
    # Marie's own bid changed into the forbidden one: said of Marie, as before
    resp = submit(client, form, "/rounds/1", bids__0="0", bids__1="0", bids__2="1", tricks__0="1", tricks__1="0",
                  tricks__2="0")
    assert resp.status_code == 422 and "Marie may not bid 1" in near(resp.get_data(as_text=True), "bids.2")


def test_un_tout_seul_lone_player_out_is_refused_for_what_it_is(client):
    """Z-S2: the lone player's elimination does not end the round; the refusal says so
    and names them, rather than "no clan is all out"."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    resp = client.post("/games", data={"game": "zibi", "players": names + [""] * 4, "mode": "alone", "name": ""})
    assert resp.status_code == 303
    url = resp.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    data = {"version": version, **{f"clan.{p}": c for p, c in enumerate("AABBC")}, "out.4": "on"}
    resp = client.post(url.rstrip("/") + "/result", data=data)
    assert resp.status_code == 422
    said = near(resp.get_data(as_text=True), "eliminated")
    assert said.startswith("Eve plays alone and is out, but in Un tout seul that does not end the round")
    assert "No clan is all out" not in said
    client.get("/lang/fr")
    resp = client.post(url.rstrip("/") + "/result", data=data)
    assert near(resp.get_data(as_text=True), "eliminated").startswith("Eve joue en solo")


def test_a_virtual_deck_round_is_dealt_by_scribe_not_by_hand(client, api, new_game):
    key = new_game(preset="standard", rules={"virtual_deck": True, "rounds": 3})
    page = text(client.get(f"/games/{key}").get_data(as_text=True))
    assert "1 card each, dealt by Scribe" in page and "Deal 1 card each" not in page
    watch = api("get", f"/api/games/{key}/links")[1]["watch"]["token"]
    assert "1 card each, dealt by Scribe" in text(client.get(f"/w/{watch}").get_data(as_text=True))
    plain = new_game(preset="standard", rules={"rounds": 3})
    assert "Deal 1 card each" in text(client.get(f"/games/{plain}").get_data(as_text=True))


def test_the_statistics_write_numbers_the_readers_way_and_escape_names(client, api):
    """A player's card: the average with one decimal as French writes it (Babel), names
    as typed and escaped, never markup."""
    for tricks in ([1, 0, 0], [0, 1, 0]):
        _status, made = api("post", "/api/games", {"players": ["<i>Zed</i>", "Ben", "Cy"], "first_dealer": 0,
                                                 "preset": "standard", "rules": {"rounds": 1}})
        key = made["key"]
        for player in (1, 2, 0):
            api("post", f"/api/games/{key}/bids", {"player": player, "bid": 0})
        assert api("post", f"/api/games/{key}/tricks", {"tricks": tricks})[0] == 200
    page = client.get("/stats").get_data(as_text=True)
    assert "<i>Zed" not in page and "&lt;i&gt;Zed&lt;/i&gt;" in page
    assert "against &lt;i&gt;Zed&lt;/i&gt;: 1 ahead, 0 behind, 1 level" in page  # Cy: ahead of Zed's -10, then level at 20
    zed = re.search(r'class="stats-player" data-name="&lt;i&gt;Zed&lt;/i&gt;">(.*?)</li>\s*<li', page, re.DOTALL).group(1)
    assert re.search(r'class="sp-average">5\.0<', zed) and "1 of 2 won" in text(zed)
    client.get("/lang/fr")
    page = client.get("/stats").get_data(as_text=True)
    zed = re.search(r'class="stats-player" data-name="&lt;i&gt;Zed&lt;/i&gt;">(.*?)</li>\s*<li', page, re.DOTALL).group(1)
    assert re.search(r'class="sp-average">5,0<', zed) and "50\u00a0%" in zed
