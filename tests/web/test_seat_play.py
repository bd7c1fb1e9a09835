"""Issue 32, item 9: the players' own phones at the table (W-R3, W-B7, K-B1)."""

from __future__ import annotations

import re

from table_driver import Table
from test_withdrawn_bid import DEALT, _masked, twin_deals  # noqa: F401 (twin_deals: a fixture used here)
from web_helpers import HX, text

ANNA, BRUNO, CHLOE = range(3)
WIZARD = {"players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2, "preset": "standard",
          "rules": {"reveal": "hidden"}}


def test_w_r3_only_the_dealer_names_a_turned_wizards_suit_on_their_phone(app):
    t = Table(app, WIZARD, ways=("hx",))
    for seat in (ANNA, CHLOE):
        t.claim(seat)
    assert t.trump("wizard").status_code == 200
    page = text(t.holders[ANNA].get(f"/p/{t.tokens[ANNA]}").get_data(as_text=True))
    assert "Chloé, the dealer, names the trump suit" in page and "you, the dealer" not in page
    refused = t.holders[ANNA].post(f"/p/{t.tokens[ANNA]}/trump", data={"round": "1", "suit": "red"}, headers=HX)
    assert refused.status_code == 422
    assert "Chloé names the trump suit" in text(refused.get_data(as_text=True))
    assert t.sheet()["rounds"][0]["trump"]["suit"] is None
    dealer = t.holders[CHLOE]
    assert "you, the dealer, name the trump suit" in text(dealer.get(f"/p/{t.tokens[CHLOE]}").get_data(as_text=True))
    bad = dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "purple"}, headers=HX)
    assert bad.status_code == 422 and "Choose one of the four suits." in text(bad.get_data(as_text=True))
    assert dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "red"}).status_code == 303
    t._sheet = None
    assert t.sheet()["rounds"][0]["trump"]["suit"] == "red"
    again = dealer.post(f"/p/{t.tokens[CHLOE]}/trump", data={"round": "1", "suit": "blue"}, headers=HX)
    assert again.status_code == 422 and "There is no trump suit to name now." in text(again.get_data(as_text=True))


# --------------------------------------------------------------------------- a seat moved


def _seat_game(client, reveal="secret"):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard", "rules": {"reveal": reveal}}
    key = client.post("/api/games", json=body).get_json()["key"]
    return key, [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]


def _page(who, token):
    resp = who.get(f"/p/{token}")
    return resp.status_code, text(resp.get_data(as_text=True))


MOVE_QUESTION = "This seat is open on another phone or browser. Use it here instead?"


def test_the_holder_of_a_seats_link_moves_the_seat_to_another_browser_after_the_question(app, client):
    """Found: a seat opened in a camera app's browser was locked against the same person's
    Chrome. The seat link is the permission: Chrome asks, then takes the seat; the camera
    app's browser says the seat moved, and its bid stays the seat's own."""
    key, tokens = _seat_game(client)
    paul = tokens[0]
    camera, chrome = app.test_client(), app.test_client()
    assert camera.get(f"/p/{paul}").status_code == 200
    assert camera.get(f"/p/{paul}/view?v=0", headers=HX).status_code in (200, 204)  # its cookie came back
    assert camera.post(f"/p/{paul}/bid", data={"round": "1", "bid": "1"}).status_code == 303
    status, page = _page(chrome, paul)
    assert status == 403 and MOVE_QUESTION in page and "Use my seat here" in page
    # the form without its confirmation moves nothing: the question again
    assert chrome.post(f"/p/{paul}/move").status_code == 403
    assert _page(camera, paul)[0] == 200
    moved = chrome.post(f"/p/{paul}/move", data={"confirm": "yes"})
    assert moved.status_code == 303 and moved.headers["Location"].endswith(f"/p/{paul}")
    status, page = _page(chrome, paul)
    assert status == 200 and "Your bid this round: 1" in page  # the seat's own bid, still its own
    status, page = _page(camera, paul)
    assert status == 403 and "Seat moved" in page and "moved to another phone or browser" in page
    poll = camera.get(f"/p/{paul}/view?v=0", headers=HX)
    assert poll.status_code == 403 and poll.headers.get("HX-Refresh") == "true"  # its page reloads and says so
    assert camera.post(f"/p/{paul}/bid", data={"round": "1", "bid": "0"}).status_code == 403
    assert [p["claimed"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]] == [True, False, False]
    # and back, the same way
    assert camera.post(f"/p/{paul}/move", data={"confirm": "yes"}).status_code == 303
    assert _page(camera, paul)[0] == 200 and _page(chrome, paul)[0] == 403


def test_a_claim_still_waiting_for_its_phone_is_not_moved(app, client):
    """The few seconds a claim waits for a phone whose answer may be lost (links.claim)
    hold against a move too: two phones racing for a new seat keep the first one's."""
    key, tokens = _seat_game(client)
    paul = tokens[0]
    first, racing = app.test_client(), app.test_client()
    assert first.get(f"/p/{paul}").status_code == 200  # pending: its cookie has not come back yet
    refused = racing.post(f"/p/{paul}/move", data={"confirm": "yes"})
    assert refused.status_code == 403 and "in a few seconds" in text(refused.get_data(as_text=True))
    assert 1 <= int(refused.headers["Retry-After"]) <= 10
    assert first.get(f"/p/{paul}").status_code == 200
    assert _page(racing, paul)[0] == 403
    # a revoked link moves nothing
    client.post(f"/api/games/{key}/links", json={"link": 1, "op": "revoke"})
    assert racing.post(f"/p/{tokens[1]}/move", data={"confirm": "yes"}).status_code == 410


# --------------------------------------------------------------------------- the Scribe who plays


def _cards(html: str, section: str = 'id="my-seat"') -> list[str]:
    """The cards a page's section offers (their ``data-card``), up to its end."""
    start = html.find(section)
    assert start >= 0, section
    part = html[start:html.find("</section>", start)]
    return re.findall(r'data-card="([^"]+)"', part) + re.findall(r'data-held="([^"]+)"', part)


SEAT_PLAY_SEED = 5


def test_the_scribe_who_plays_sees_their_own_hand_on_their_page_and_nowhere_else(app, twin_deals):  # noqa: F811
    """Anna keeps the score and plays: she says once that she is Anna; her page shows her
    hand and her bid buttons, one tap each. Her hand is her seat's view: the TV, Bruno's
    phone, the Scribe's JSON, another browser with the Scribe's link and this very page
    once passed round to Chloé (and until Anna shows it again) never have it.
    The deal is a fixed one whose card for Anna is a number card: a Wizard or a Jester has
    four copies, and Chloé's own one on her pass page would read as Anna's (CI drew that)."""
    twin_deals.update(seed=SEAT_PLAY_SEED)
    body = {"players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2, "preset": "standard",
            "rules": {"reveal": "hidden", "virtual_deck": True, "rounds": 3}}
    t = Table(app, body, ways=("hx",))
    scribe, k = t.scribe, t.key
    page = scribe.get(f"/games/{k}").get_data(as_text=True)
    assert "Do you play too?" in page
    assert scribe.post(f"/games/{k}/seat", data={"seat": "0"}).status_code == 303
    assert [p["claimed"] for p in scribe.get(f"/api/games/{k}/links").get_json()["players"]] == [True, False, False]
    bruno = t.claim(BRUNO)
    assert t.deal().status_code == 200
    page = scribe.get(f"/games/{k}").get_data(as_text=True)
    mine = _cards(page)
    assert len(mine) == 1 and "You play as Anna" in text(page)
    assert mine[0] not in ("W", "J"), f"seed {SEAT_PLAY_SEED} gives Anna {mine}: pick one that gives a number card"
    turned = t.sheet()["rounds"][0]["turned"]

    def leaks(html: str) -> list[str]:
        return [c for c in mine if f'"{c}"' in html and c != turned]

    others = {
        "TV page": t.tv.get(f"/w/{t.watch}"), "TV JSON": t.tv.get(f"/api/watch/{t.watch}"),
        "TV stream": t.tv.get(f"/w/{t.watch}/events", headers={"Last-Event-ID": "0"}),
        "Bruno's page": bruno.get(f"/p/{t.tokens[BRUNO]}"), "Bruno's JSON": bruno.get(f"/api/player/{t.tokens[BRUNO]}"),
        "Scribe's JSON": scribe.get(f"/api/games/{k}"), "Scribe's history": scribe.get(f"/games/{k}/history"),
        "history JSON": scribe.get(f"/api/games/{k}/history"),
        "another browser with the Scribe's link": app.test_client().get(f"/games/{k}"),
    }
    for name, resp in others.items():
        assert resp.status_code == 200, name
        assert not leaks(resp.get_data(as_text=True)), name
    # one tap: Anna's bid from her own page (the Scribe's write path, her seat named)
    assert scribe.post(f"/games/{k}/bid", data={"round": "1", "player": "0", "bid": "1", "version": "1"},
                       headers=HX).status_code == 200
    assert "Your bid this round: 1" in text(scribe.get(f"/games/{k}").get_data(as_text=True))
    # the phone passed to Chloé (no phone): her bid page, then the Scribe's page, hide Anna's hand
    passed = scribe.get(f"/games/{k}/pass/{CHLOE}", headers=HX)
    assert passed.headers.get("HX-Redirect", "").endswith(f"/games/{k}/pass/{CHLOE}")  # a page of its own
    for name, path, headers in (("pass page", f"/games/{k}/pass/{CHLOE}", {}), ("page", f"/games/{k}", {}),
                                ("fragment", f"/games/{k}", HX), ("poll", f"/games/{k}/poll?v=0", HX),
                                ("stream", f"/games/{k}/events?v=0", {})):
        html = scribe.get(path, headers=headers).get_data(as_text=True)
        assert not leaks(html) and "data-held" not in html, name
    after = scribe.post(f"/games/{k}/bid", data={"round": "1", "player": str(CHLOE), "bid": "0"}, headers=HX)
    assert after.status_code == 200 and not leaks(after.get_data(as_text=True))
    assert "Your cards are hidden" in text(after.get_data(as_text=True))
    # back with Anna: one deliberate tap shows her hand again
    assert scribe.post(f"/games/{k}/seat/show").status_code == 303
    assert _cards(scribe.get(f"/games/{k}").get_data(as_text=True)) == mine


def _scribe_playing_anna(app, body: dict, swap: dict, swapped: bool) -> Table:
    """The Scribe says they are Anna, Chloé opens her seat on her phone (Bruno has none);
    the deal (Anna's and Bruno's hands swapped in one twin, the card turned up the same)."""
    t = Table(app, body, ways=("hx",))
    assert t.scribe.post(f"/games/{t.key}/seat", data={"seat": "0"}).status_code == 303
    t.claim(CHLOE)
    swap.update(on=swapped, seed=3)
    assert t.deal().status_code == 200
    return t


def _everyone_elses(t: Table) -> dict[str, str]:
    """What every screen but the Scribe's own page shows (and that page once passed)."""
    k, chloe = t.key, t.holders[CHLOE]
    reads = {
        "TV page": (t.tv, f"/w/{t.watch}", {}), "TV JSON": (t.tv, f"/api/watch/{t.watch}", {}),
        "TV stream": (t.tv, f"/w/{t.watch}/events", {"Last-Event-ID": "0"}),
        "Chloé's page": (chloe, f"/p/{t.tokens[CHLOE]}", {}), "Chloé's JSON": (chloe, f"/api/player/{t.tokens[CHLOE]}", {}),
        "Scribe's JSON": (t.scribe, f"/api/games/{k}", {}), "history page": (t.scribe, f"/games/{k}/history", {}),
        "history JSON": (t.scribe, f"/api/games/{k}/history", {}),
        "entries.csv": (t.scribe, "/export/entries.csv", {}),
        "the Scribe's link in another browser": (t.phone(), f"/games/{k}", {}),
    }
    out = {}
    for name, (client, path, headers) in reads.items():
        resp = client.get(path, headers=headers)
        assert resp.status_code == 200, name
        out[name] = _masked(t, resp.get_data(as_text=True))
    t.scribe.get(f"/games/{k}/pass/{BRUNO}")  # the phone passed to Bruno: Anna's page hides her hand
    for name, path, headers in (("passed page", f"/games/{k}", {}), ("passed fragment", f"/games/{k}", HX),
                                ("passed stream", f"/games/{k}/events?v=0", {})):
        out[name] = _masked(t, t.scribe.get(path, headers=headers).get_data(as_text=True))
    return out


def test_the_scribes_own_hand_reads_alike_on_every_other_screen_in_twins(app, twin_deals):  # noqa: F811
    """Two games differing only in the hand dealt to Anna, the Scribe who plays: every
    other screen (the TV, Chloé's phone, the Scribe's JSON and history, the Scribe's link
    in another browser, and the Scribe's page once passed round) reads alike."""
    body = {**DEALT["wizard-deck"], "players": ["Anna", "Bruno", "Chloé"],
            "rules": {**DEALT["wizard-deck"]["rules"], "rounds": 3}}
    twins = [_scribe_playing_anna(app, body, twin_deals, swapped) for swapped in (False, True)]
    own = [_cards(t.scribe.get(f"/games/{t.key}").get_data(as_text=True)) for t in twins]
    assert own[0] != own[1] and all(len(h) == 1 for h in own)  # the twins differ in Anna's hand
    reads = [_everyone_elses(t) for t in twins]
    for name in reads[0]:
        assert reads[0][name] == reads[1][name], name
    # the Scribe's own page, shown again, does differ: the comparison sees a hand
    shown = [t.scribe.post(f"/games/{t.key}/seat/show") and _masked(t, t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
             for t in twins]
    assert shown[0] != shown[1]


def test_the_scribe_who_plays_skull_king_bids_from_their_own_page(app):
    """Skull King too (K-B1): the Scribe who is Anna sees her hand and bids in one tap."""
    body = {"game": "skull_king", "players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2,
            "rules": {"rounds": [2], "virtual_deck": True}}
    t = Table(app, body, ways=("hx",))
    assert t.scribe.post(f"/games/{t.key}/seat", data={"seat": "0"}).status_code == 303
    assert t.deal().status_code == 200
    page = t.scribe.get(f"/games/{t.key}").get_data(as_text=True)
    assert len(_cards(page)) == 2 and "You play as Anna" in text(page)
    resp = t.scribe.post(f"/games/{t.key}/bid", data={"round": "1", "player": "0", "bid": "2"}, headers=HX)
    assert resp.status_code == 200 and "Your bid this round: 2" in text(resp.get_data(as_text=True))
    assert t.sheet()["rounds"][0]["bids"][0] is None  # sealed from the Scribe's sheet until the reveal (K-B1)


def test_the_scribe_who_plays_is_not_told_they_bid_or_play_on_their_own_phone(app):
    """The Scribe seated as Anna bids and plays from their page: the page lists the others
    as bidding on their own phones, not Anna, and on Anna's turn says to tap a card."""
    body = {"game": "skull_king", "players": ["Anna", "Bruno", "Chloé"], "first_dealer": 2,
            "rules": {"rounds": [1], "virtual_deck": True}}
    t = Table(app, body, ways=("hx",))
    t.claim(1)
    assert t.scribe.post(f"/games/{t.key}/seat", data={"seat": "0"}).status_code == 303
    assert t.deal().status_code == 200
    page = text(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
    assert "Bidding on their own phones: Bruno." in page and "phones: Anna" not in page
    for seat in (0, 1, 2):
        t.bid(seat, 0)
    page = text(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))  # Anna leads (K-B1)
    assert "Anna plays on their own phone" not in page and "Your turn: tap the card you play." in page
