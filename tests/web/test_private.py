"""Private games (issue "Safe on any network"): a link is the only permission.

Nothing lists a game to a browser that holds no link to it; a game's id opens nothing;
the Scribe's link is a token like the others and a new one rewrites no entry; a player's
link is bound to the first phone that opens it, the Scribe's phone included, and a new
link or a released seat is no way to read a sealed bid (W-B7) or a dealt hand.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from conftest import app_dump
from web_helpers import HX, errors, text

from scribe import create_app
from scribe.store import links

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last


@pytest.fixture
def phone(app):
    """Another browser on the same server: its own cookies, no link but what it is given."""
    return lambda: app.test_client()


def _game(client, reveal="secret", **extra):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard",
            "rules": {"reveal": reveal, **extra.pop("rules", {})}, **extra}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    links = client.get(f"/api/games/{game['key']}/links").get_json()
    return {"key": game["key"], "id": game["id"], "watch": links["watch"]["token"],
            "players": [p["token"] for p in links["players"]]}


def _version(client, key):
    return client.get(f"/api/games/{key}/sheet").get_json()["version"]


# --------------------------------------------------------------------------- nothing lists a game


def test_a_fresh_browser_sees_no_game_on_the_page_or_in_the_api(client, phone):
    made = _game(client)
    made_by_form = client.post("/games", data={"players": ["Ana", "Bo", "Cy", "", "", ""], "dealer": "0",
                                               "preset": "standard", "edition": "gigamic", "name": "Friday at Ana's"})
    assert made_by_form.status_code == 303
    mine = client.get("/api/games").get_json()["games"]
    assert {g["key"] for g in mine} >= {made["key"]} and len(mine) == 2
    assert "Friday at Ana" in text(client.get("/").get_data(as_text=True))

    stranger = phone()
    page = text(stranger.get("/").get_data(as_text=True))
    assert "Friday at Ana" not in page and "Paul" not in page and "No games on this phone yet" in page
    assert stranger.get("/api/games").get_json() == {"games": []}


def test_the_games_id_opens_nothing(app, client):
    """The public id is in the Scribe's JSON; on every route it is a 404, and nothing changes."""
    t = _game(client)
    gid = t["id"]
    assert gid != t["key"]
    for path in (f"/games/{gid}", f"/games/{gid}/links", f"/games/{gid}/history", f"/games/{gid}/sheet.pdf",
                 f"/api/games/{gid}", f"/api/games/{gid}/links", f"/api/games/{gid}/history", f"/w/{gid}",
                 f"/p/{gid}", f"/api/player/{gid}", f"/api/watch/{gid}"):
        assert client.get(path).status_code == 404, path
    for path, body in ((f"/api/games/{gid}/links", {"link": "scribe", "op": "reissue"}),
                       (f"/api/games/{gid}/bids", {"player": 0, "bid": 0}), (f"/api/games/{gid}/undo", {})):
        assert client.post(path, json=body).status_code == 404, path
    assert client.post(f"/games/{gid}/delete", data={"confirm": "yes"}).status_code == 404
    assert _version(client, t["key"]) == 0 and client.get(f"/games/{t['key']}").status_code == 200


def test_a_watch_links_pages_lead_to_nothing_of_the_game_that_writes(app, client, phone):
    """A TV's watch link, followed two clicks deep, never reaches the Scribe's key, a
    player's token or a form that changes this game."""
    t = _game(client, reveal="open")
    tv = phone()
    secrets_ = [t["key"], t["id"], *t["players"]]
    seen, todo, posts = set(), [f"/w/{t['watch']}", f"/w/{t['watch']}/sheet", f"/api/watch/{t['watch']}"], set()
    for _depth in range(3):
        nxt = []
        for path in todo:
            if path in seen:
                continue
            seen.add(path)
            resp = tv.get(path)
            body = resp.get_data(as_text=True)
            for secret in secrets_:
                assert secret not in body, (path, "shows a capability it is not")
            urls = re.findall(r'(?:href|hx-get|src)="(/[^"]*)"', body)
            nxt += [u.replace("&amp;", "&") for u in urls if not u.startswith("/static/") and ".pdf" not in u]
            posts |= set(re.findall(r'(?:action|hx-post)="(/[^"]*)"', body))
        todo = nxt
    assert len(seen) > 4
    # open a link, start a new game or club night, print a blank pad or filter this phone's own
    # statistics (GET forms): nothing of this one
    assert posts <= {"/open", "/games", "/events", "/pads.pdf", "/stats"}, posts


# --------------------------------------------------------------------------- the Scribe's link


def test_the_scribes_link_is_stored_only_as_a_hash_and_a_new_one_moves_this_browser_too(app, client, phone):
    t = _game(client)
    dump = app_dump(app)
    assert t["key"] not in dump and len(t["key"]) >= 22
    resp = client.post(f"/api/games/{t['key']}/links", json={"link": "scribe", "op": "reissue"})
    new = resp.get_json()["key"]
    assert resp.status_code == 200 and new != t["key"] and resp.get_json()["scribe"].endswith(f"/games/{new}")
    assert [g["key"] for g in client.get("/api/games").get_json()["games"]] == [new]  # the list follows
    other = phone()  # someone who kept the old link
    gone = other.get(f"/games/{t['key']}")
    assert gone.status_code == 410 and "replaced" in text(gone.get_data(as_text=True))
    assert other.get(f"/api/games/{t['key']}").get_json()["field"] == "link"
    assert client.get(f"/games/{new}").status_code == 200


def test_a_game_made_before_scribe_links_keeps_its_old_address_until_a_new_one(instance_before_links):
    """Upgrading a database: the old address (the game's id) still opens it as the Scribe,
    until the Scribe issues a new link; no entry is rewritten."""
    instance, old = instance_before_links

    client = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)}).test_client()
    assert client.get(f"/games/{old}").status_code == 200
    assert client.get(f"/api/games/{old}/sheet").get_json()["version"] == 1
    new = client.post(f"/api/games/{old}/links", json={"link": "scribe", "op": "reissue"}).get_json()["key"]
    assert client.get(f"/games/{old}").status_code == 410
    assert client.get(f"/api/games/{new}/sheet").get_json()["rounds"][0]["bids"][PAUL] == 0
    entries = sqlite3.connect(instance / "scribe.sqlite3").execute("select game_id, seq from entries").fetchall()
    assert entries == [(old, 1)]


# --------------------------------------------------------------------------- claimed seats


def test_the_first_phone_claims_the_seat_and_no_other_opens_it_the_scribe_neither(client, phone):
    t = _game(client)
    scribe = phone()
    scribe.set_cookie("session", client.get_cookie("session").value)  # the Scribe's own browser...
    pauls, other = phone(), phone()  # ...is not Paul's phone
    paul = t["players"][PAUL]
    assert pauls.get(f"/p/{paul}").status_code == 200  # claimed now
    for who in (other, client):
        page = who.get(f"/p/{paul}")
        assert page.status_code == 403 and "already open on another phone" in text(page.get_data(as_text=True))
        poll = who.get(f"/p/{paul}/view?v=0", headers=HX)
        assert poll.status_code == 403 and poll.headers["HX-Refresh"] == "true"
        assert who.get(f"/api/player/{paul}").status_code == 403
        assert who.post(f"/p/{paul}/bid", data={"round": "1", "bid": "0"}).status_code == 403
        assert who.post(f"/api/player/{paul}/bid", json={"round": 1, "bid": 0}).status_code == 403
    assert _version(client, t["key"]) == 0
    assert pauls.post(f"/p/{paul}/bid", data={"round": "1", "bid": "1"}).status_code == 303
    assert pauls.get(f"/api/player/{paul}").get_json()["sheet"]["rounds"][0]["bids"][PAUL] == 1

    links = client.get(f"/api/games/{t['key']}/links").get_json()
    assert [p["claimed"] for p in links["players"]] == [True, False, False]
    page = client.get(f"/games/{t['key']}/links").get_data(as_text=True)
    assert page.count("Claimed") == 1 and 'value="release"' in page


def test_the_scribes_phone_cannot_enter_a_claimed_seats_sealed_bid(client, phone):
    t = _game(client, reveal="hidden")
    phone().get(f"/p/{t['players'][PAUL]}")
    resp = client.get(f"/games/{t['key']}/pass/{PAUL}", headers=HX)
    assert resp.status_code == 409 and "on their own phone" in text(resp.get_data(as_text=True))
    resp = client.post(f"/games/{t['key']}/bid", data={"player": str(PAUL), "round": "1", "bid": "0"}, headers=HX)
    assert resp.status_code == 422 and "on their own phone" in errors(resp.get_data(as_text=True))["bid"]
    resp = client.post(f"/api/games/{t['key']}/bids", json={"player": PAUL, "round": 1, "bid": 0})
    assert resp.status_code == 422 and resp.get_json()["field"] == "bid"
    assert _version(client, t["key"]) == 0
    # an unclaimed seat still bids on the passed phone, as before
    assert client.post(f"/api/games/{t['key']}/bids", json={"player": THOMAS, "round": 1, "bid": 0}).status_code == 200


def test_a_released_seat_is_said_plainly_and_taken_by_the_next_phone(client, phone):
    t = _game(client)
    paul = t["players"][PAUL]
    first, second = phone(), phone()
    assert first.get(f"/p/{paul}").status_code == 200
    assert client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "release"}).status_code == 303
    poll = first.get(f"/p/{paul}/view?v=0", headers=HX)
    assert poll.status_code == 403 and poll.headers["HX-Refresh"] == "true"
    page = first.get(f"/p/{paul}")
    assert page.status_code == 403 and "released this seat from this phone" in text(page.get_data(as_text=True))
    assert f'action="/p/{paul}/claim"' in page.get_data(as_text=True)
    assert second.get(f"/p/{paul}").status_code == 200  # the next phone takes it
    assert first.post(f"/p/{paul}/claim").status_code == 403  # too late: taken
    assert client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "release"}).status_code == 303
    assert first.post(f"/p/{paul}/claim").status_code == 303  # a deliberate tap takes it back
    assert first.get(f"/p/{paul}").status_code == 200 and second.get(f"/p/{paul}").status_code == 403
    for bad in ({"link": "watch", "op": "release"}, {"link": "9", "op": "release"}):
        assert client.post(f"/games/{t['key']}/links", data=bad).status_code == 422


@pytest.mark.parametrize("how", ["reissue", "release"])
def test_a_new_link_or_a_released_seat_does_not_read_a_bid_sealed_before_it(client, phone, how):
    """W-B7 secret: Paul's bid, in before the Scribe acts, stays sealed from the next phone
    on Paul's seat until the tricks are in; then everyone sees it."""
    t = _game(client)
    paul = t["players"][PAUL]
    pauls = phone()
    assert pauls.post(f"/p/{paul}/bid", data={"round": "1", "bid": "1"}).status_code == 303
    client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": how, "confirm": "yes"})
    link = client.get(f"/api/games/{t['key']}/links").get_json()["players"][PAUL]["token"]
    assert (link != paul) == (how == "reissue")
    peek = phone()
    page = peek.get(f"/p/{link}")
    shown = text(page.get_data(as_text=True))
    assert page.status_code == 200 and "Your bid this round" not in shown and "Your bid is in, sealed" in shown
    mine = peek.get(f"/api/player/{link}").get_json()["sheet"]["rounds"][0]
    assert mine["bids"][PAUL] is None and mine["sealed"][PAUL]
    for p in (THOMAS, MARIE):
        assert phone().post(f"/p/{t['players'][p]}/bid", data={"round": "1", "bid": "0"}).status_code == 303
    assert peek.get(f"/api/player/{link}").get_json()["sheet"]["rounds"][0]["sealed"][PAUL]  # secret: still
    client.post(f"/api/games/{t['key']}/tricks", json={"round": 1, "tricks": [1, 0, 0]})
    assert peek.get(f"/api/player/{link}").get_json()["sheet"]["rounds"][0]["bids"][PAUL] == 1  # revealed


def test_a_new_link_does_not_show_a_hand_dealt_before_it_until_the_round_is_scored(client, phone):
    t = _game(client, reveal="open", rules={"virtual_deck": True, "rounds": 3})
    paul = t["players"][PAUL]
    pauls = phone()
    client.post(f"/api/games/{t['key']}/deal", json={})
    dealt = pauls.get(f"/api/player/{paul}").get_json()["cards"]["current"]["hand"]
    assert len(dealt) == 1
    client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "reissue", "confirm": "yes"})
    link = client.get(f"/api/games/{t['key']}/links").get_json()["players"][PAUL]["token"]
    peek = phone()
    cards = peek.get(f"/api/player/{link}").get_json()["cards"]
    page = peek.get(f"/p/{link}").get_data(as_text=True)
    assert cards["current"]["hand"] == [] and f'data-card="{dealt[0]}"' not in page  # "J" is in tokens too
    assert "dealt before this link was made" in text(page) and "You have played all your cards" not in text(page)
    if client.get(f"/api/games/{t['key']}/sheet").get_json()["rounds"][0]["trump"]["card"] == "wizard":
        client.post(f"/api/games/{t['key']}/trump", json={"card": "wizard", "suit": "red"})  # W-R3: named first
    for p, bid in ((PAUL, 0), (THOMAS, 0), (MARIE, 0)):
        assert client.post(f"/api/games/{t['key']}/bids", json={"player": p, "bid": bid}).status_code == 200
    # Paul's new phone may not see the hand: he plays it on the Scribe's phone, passed to him (W-R4)
    assert "Play for Paul" in text(client.get(f"/games/{t['key']}").get_data(as_text=True))
    refused = peek.post(f"/api/player/{link}/played", json={"round": 1, "card": dealt[0]})
    assert refused.status_code == 403 and refused.get_json()["field"] == "card"
    for seat in (PAUL, THOMAS, MARIE):  # W-P1: Marie deals, Paul leads; one card each
        hand = re.findall(r'name="card" value="([^"]+)"', client.get(f"/games/{t['key']}/pass/{seat}").get_data(as_text=True))
        resp = client.post(f"/api/games/{t['key']}/actions/played", json={"round": 1, "player": seat, "card": hand[0]})
        assert resp.status_code == 200, resp.get_json()
    assert client.post(f"/api/games/{t['key']}/tricks", json={"round": 1}).status_code == 200
    past = peek.get(f"/api/player/{link}").get_json()["cards"]["past"]
    assert past == [{"round": 1, "dealt": dealt}]  # scored: the hand may be reviewed


def test_a_claimed_seats_sealed_bid_leaves_no_trace_for_any_other_holder(client, phone):
    """Twin games but for Paul's sealed bid (0 or 1), Paul's seat claimed on his phone:
    every answer to every other holder (the Scribe, another phone trying Paul's link,
    a new link of Paul's seat, the other seats, the TV) is the same, byte for byte."""
    views = []
    for value in (0, 1):
        t = _game(client)
        pauls = phone()
        assert pauls.post(f"/p/{t['players'][PAUL]}/bid", data={"round": "1", "bid": str(value)}).status_code == 303
        client.post(f"/games/{t['key']}/links", data={"link": "watch", "op": "reissue", "confirm": "yes"})  # any change of links
        links = client.get(f"/api/games/{t['key']}/links").get_json()
        watch = links["watch"]["token"]
        other, thomas, tv = phone(), phone(), phone()
        masks = [t["key"], t["id"], watch, *t["players"]]
        paths = [(client, f"/games/{t['key']}"), (client, f"/games/{t['key']}/history"),
                 (client, f"/api/games/{t['key']}"), (client, f"/api/games/{t['key']}/history"),
                 (client, f"/games/{t['key']}/links"), (client, f"/p/{t['players'][PAUL]}"),
                 (other, f"/p/{t['players'][PAUL]}"), (other, f"/api/player/{t['players'][PAUL]}"),
                 (thomas, f"/p/{t['players'][THOMAS]}"), (thomas, f"/api/player/{t['players'][THOMAS]}"),
                 (tv, f"/w/{watch}"), (tv, f"/api/watch/{watch}")]
        out = []
        for who, path in paths:
            body = who.get(path).get_data(as_text=True)
            for secret in masks:
                body = body.replace(secret, "TOKEN")
            body = re.sub(r'(name="idempotency_key" value=")[^"]*', r"\1X", body)  # a plain form's key: new each time
            out.append(re.sub(r'data:image/svg\+xml[^"]*|\d{4}-\d\d-\d\dT[\d:+]+|\d+/\d+/\d+,? [\d:]+ ?[AP]?M?', "X", body))
        views.append(out)
    for i, (a, b) in enumerate(zip(*views)):
        assert a == b, f"answer {i} tells Paul's sealed bid apart"


# --------------------------------------------------------------------------- open a game from its link


def test_open_a_game_from_a_pasted_link_or_code(client, phone):
    t = _game(client, reveal="open")
    friend = phone()
    for given, lands in ((f"http://192.168.1.20:5000/w/{t['watch']}", f"/w/{t['watch']}"),
                         (f"  https://scribe.example.org/p/{t['players'][THOMAS]}  ", f"/p/{t['players'][THOMAS]}"),
                         (t["watch"], f"/w/{t['watch']}"), (t["key"], f"/games/{t['key']}")):
        resp = friend.post("/open", data={"link": given})
        assert resp.status_code == 303 and resp.headers["Location"].endswith(lands), given
    assert friend.get(f"/games/{t['key']}").status_code == 200
    assert [g["key"] for g in friend.get("/api/games").get_json()["games"]] == [t["key"]]  # a Scribe's link: listed
    for bad in ("", "hello", "https://example.org/", "x" * 30, "https://example.org/games/short", "a" * 600):
        resp = friend.post("/open", data={"link": bad})
        assert resp.status_code == 422, bad
        assert "not a Scribe link" in errors(resp.get_data(as_text=True))["link"]


def test_the_scribes_page_passes_the_phone_only_to_seats_not_held_on_their_own_phones(client, phone):
    t = _game(client, reveal="hidden")
    page = text(client.get(f"/games/{t['key']}").get_data(as_text=True))
    assert "Pass the phone to Paul" in page and "Bidding on their own phones" not in page
    phone().get(f"/p/{t['players'][PAUL]}")
    phone().get(f"/p/{t['players'][MARIE]}")
    page = text(client.get(f"/games/{t['key']}").get_data(as_text=True))
    assert "Pass the phone to Thomas" in page and "Pass the phone to Paul" not in page
    assert "Bidding on their own phones: Paul, Marie." in page and "Or pass it to" not in page


def test_every_route_refuses_forged_revoked_and_other_kinds_of_links_and_changes_nothing(app, client, phone,
                                                                                        monkeypatch):
    """Every route with a link in its path, every method it takes, as page, fragment and
    API: a forged token, a revoked one, another kind's, another game's seat claimed by a
    phone, absurd ones: a clear 4xx, never a 500, and neither game moves."""
    # the claimed seat stays its phone's however long the walk takes (a loaded machine took
    # longer than the claim's wait, and the stranger rightly took the seat over)
    monkeypatch.setattr(links, "WAIT_SECONDS", 3600)
    a, b = _game(client), _game(client)
    revoked_watch = a["watch"]
    client.post(f"/api/games/{a['key']}/links", json={"link": "watch", "op": "reissue"})
    phone().get(f"/p/{b['players'][PAUL]}")  # b's Paul: claimed by some phone
    bad = {"forged": "Zm9yZ2VkLXRva2VuLTEyMw", "revoked": revoked_watch, "game id": a["id"],
           "watch for a key": b["watch"], "seat for a key": b["players"][THOMAS],
           "claimed seat": b["players"][PAUL], "too long": "a" * 300, "odd": "..%2F..%2F"}
    routes = [r for r in app.url_map.iter_rules() if "<key>" in r.rule or "<token>" in r.rule]
    assert len(routes) >= 30
    body = {"bid": "0", "round": "1", "version": "0", "link": "watch", "op": "reissue", "name": "x",
            "confirm": "yes", "card": "W", "player": "0", "tricks": ["1", "0", "0"]}
    stranger = phone()
    seen = 0
    for rule in routes:
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            for why, token in bad.items():
                seat_route = rule.rule.startswith(("/p/", "/api/player/"))
                watch_route = rule.rule.startswith(("/w/", "/api/watch/"))
                if (why == "seat for a key" and seat_route) or (why == "watch for a key" and watch_route):
                    continue  # a link on its own kind of route is its rightful use
                path = re.sub(r"<int:[^>]+>", "1", rule.rule.replace("<key>", token).replace("<token>", token))
                path = re.sub(r"<[^>]+>", "bid", path)
                for headers in ({}, HX):
                    kwargs = {"json": body} if path.startswith("/api/") and method != "GET" else \
                        {} if method == "GET" else {"data": body}
                    resp = stranger.open(path, method=method, headers=headers, **kwargs)
                    seen += 1
                    assert 400 <= resp.status_code < 500, (why, method, path, resp.status_code)
    assert seen > 500
    assert (_version(client, a["key"]), _version(client, b["key"])) == (0, 0)
    assert client.get(f"/api/games/{a['key']}/links").get_json()["watch"]["token"] != revoked_watch


def test_a_new_link_cannot_play_or_read_a_hand_dealt_before_it_through_the_api(client, phone):
    """The API's answer to a seat's own write is that seat's view with its link's horizon:
    a new link can neither read the earlier hand from it nor probe it card by card."""
    t = _game(client, reveal="open", rules={"virtual_deck": True, "rounds": 3})
    client.post(f"/api/games/{t['key']}/deal", json={})
    pauls = phone()
    dealt = pauls.get(f"/api/player/{t['players'][PAUL]}").get_json()["cards"]["current"]["hand"]
    if client.get(f"/api/games/{t['key']}/sheet").get_json()["rounds"][0]["trump"]["card"] == "wizard":
        client.post(f"/api/games/{t['key']}/trump", json={"card": "wizard", "suit": "red"})
    for p in (PAUL, THOMAS, MARIE):
        assert client.post(f"/api/games/{t['key']}/bids", json={"player": p, "bid": 0}).status_code == 200
    client.post(f"/games/{t['key']}/links", data={"link": str(PAUL), "op": "reissue", "confirm": "yes"})
    link = client.get(f"/api/games/{t['key']}/links").get_json()["players"][PAUL]["token"]
    before = client.get(f"/api/games/{t['key']}/sheet").get_json()["version"]
    peek = phone()
    assert peek.get(f"/api/player/{link}").get_json()["cards"]["current"]["hidden"] is True
    for tap in (lambda: peek.post(f"/api/player/{link}/played", json={"round": 1, "card": dealt[0]}),
                lambda: peek.post(f"/p/{link}/played", data={"round": "1", "card": dealt[0]})):
        resp = tap()
        assert resp.status_code == 403, resp.get_data(as_text=True)
        shown = resp.get_data(as_text=True)  # the Jester's J may be in a token: look for the quoted card
        assert f'"{dealt[0]}"' not in shown
    assert pauls.get(f"/api/player/{t['players'][PAUL]}").status_code == 410  # the old link is gone
    assert client.get(f"/api/games/{t['key']}/sheet").get_json()["version"] == before  # nothing played


def test_a_player_without_a_phone_bids_on_the_scribes_phone_seeing_their_own_hand(client, phone):
    """W-R4, W-B7: with the virtual deck and hidden bids, the Scribe's phone passed to Paul
    for his bid shows the card he was dealt beside his bid buttons (greyed: cards are played
    once every bid is in); it is the hand his own phone is given, and only one hand."""
    t = _game(client, reveal="hidden", rules={"virtual_deck": True, "rounds": 3})
    client.post(f"/api/games/{t['key']}/deal", json={})
    if client.get(f"/api/games/{t['key']}/sheet").get_json()["rounds"][0]["trump"]["card"] == "wizard":
        client.post(f"/api/games/{t['key']}/trump", json={"card": "wizard", "suit": "red"})  # W-R3: named first
    passed = client.get(f"/games/{t['key']}/pass/{PAUL}").get_data(as_text=True)
    shown = re.findall(r'data-card="([^"]+)"', passed)
    assert 'name="bid"' in passed and "Paul’s cards" in text(passed)
    assert all("disabled" in b for b in re.findall(r'<button[^>]*name="card"[^>]*>', passed))
    own = phone().get(f"/api/player/{t['players'][PAUL]}").get_json()["cards"]["current"]["hand"]
    assert shown == own and len(shown) == 1  # round 1: one card each, Paul's alone
