"""The whole table through the pages and the API: links and their QR codes, what each
link may do and see (W-B7 hidden and secret bids), polling, revoking and re-issuing."""

from __future__ import annotations

import re

import pytest
from conftest import app_dump, app_rows
from web_helpers import HX, errors, form, text

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last
WRITE = {"POST", "PATCH", "DELETE", "PUT"}


@pytest.fixture
def table(client, new_game):
    """A game and its links: table(reveal) -> dict(id, watch, players=[tokens])."""

    def make(reveal="hidden", preset="plus_minus_one", **extra):
        gid = new_game(preset=preset, rules={"reveal": reveal}, **extra)
        links = client.get(f"/api/games/{gid}/links").get_json()
        return {"key": gid, "watch": links["watch"]["token"], "players": [p["token"] for p in links["players"]]}

    return make


def sheet_of(client, gid):
    return client.get(f"/api/games/{gid}/sheet").get_json()


def player_bid(client, token, value, round_no=1, **extra):
    return client.post(f"/p/{token}/bid", data={"round": str(round_no), "bid": str(value), **extra})


def all_bid(client, t, bids=(0, 0, 0)):
    for p in (PAUL, THOMAS, MARIE):
        assert player_bid(client, t["players"][p], bids[p]).status_code == 303


# --------------------------------------------------------------------------- links


def test_links_page_shows_a_qr_code_per_link_with_the_security_headers(client, table):
    t = table()
    resp = client.get(f"/games/{t['key']}/links")
    page = resp.get_data(as_text=True)
    assert resp.status_code == 200
    assert page.count('src="data:image/svg+xml') == 1 + 3 + 1  # watch, three players, the Scribe
    for token in [t["watch"], *t["players"]]:
        assert token in page and len(token) >= 22  # 22 url-safe characters: 128 bits or more
    assert "<script>" not in page and " style=" not in page
    assert resp.headers["Referrer-Policy"] == "no-referrer"
    assert "unsafe-inline" not in resp.headers["Content-Security-Policy"]
    assert f'/games/{t["key"]}/links' in client.get(f"/games/{t['key']}").get_data(as_text=True)


def test_only_a_hash_of_each_token_is_stored(app, client, table):
    t = table()
    dump = app_dump(app)
    for token in [t["key"], t["watch"], *t["players"]]:
        assert token not in dump
    assert app_rows(app, "select count(*) from links where revoked_at is null") == [(5,)]  # Scribe, watch, 3 seats


def test_new_pages_keep_the_security_headers(client, table):
    t = table()
    paths = [f"/w/{t['watch']}", f"/w/{t['watch']}/sheet", f"/p/{t['players'][0]}", f"/p/{t['players'][0]}/view",
             f"/games/{t['key']}/links", f"/games/{t['key']}/pass/0", f"/api/watch/{t['watch']}", "/w/nope-nope-nope-nope"]
    for path in paths:
        resp = client.get(path)
        assert resp.headers["Referrer-Policy"] == "no-referrer", path
        assert resp.headers["X-Frame-Options"] == "DENY", path
        assert "frame-ancestors 'none'" in resp.headers["Content-Security-Policy"], path
        assert resp.headers["Cache-Control"] == "no-store", path


def test_watch_and_player_pages_never_carry_the_game_id(client, table):
    t = table("open")
    client.post(f"/api/games/{t['key']}/bids", json={"bid": 0})
    for path in (f"/w/{t['watch']}", f"/w/{t['watch']}/sheet", f"/p/{t['players'][1]}", f"/p/{t['players'][1]}/view",
                 f"/api/watch/{t['watch']}", f"/api/player/{t['players'][1]}"):
        body = client.get(path).get_data(as_text=True)
        assert t["key"] not in body, path


# --------------------------------------------------------------------------- permissions


def _write_routes(app):
    return [(r.rule, sorted(r.methods & WRITE)) for r in app.url_map.iter_rules() if r.methods & WRITE]


def _fill(rule: str, key: str, token: str) -> str:
    path = rule.replace("<key>", key).replace("<token>", token)
    path = re.sub(r"<int:[^>]+>", "1", path)
    return re.sub(r"<[^>]+>", "bid", path)


def test_every_write_route_refuses_watch_and_player_tokens_in_place_of_the_game(app, client, table):
    """A watch or player token is no game id: every write route answers 404, nothing saved."""
    t = table()
    routes = _write_routes(app)
    assert len(routes) >= 20
    for kind, token in (("watch", t["watch"]), ("player", t["players"][PAUL])):
        for rule, methods in routes:
            if "<key>" not in rule:
                continue
            for method in methods:
                path = _fill(rule, token, token)
                body = {"bid": "0", "round": "1", "version": "0", "link": "watch", "op": "reissue",
                        "name": "x", "confirm": "yes"}
                resp = client.open(path, method=method, **({"json": body} if "/api/" in path else {"data": body}))
                assert resp.status_code == 404, (kind, method, path, resp.status_code)
    assert sheet_of(client, t["key"])["version"] == 0
    assert client.get(f"/games/{t['key']}").status_code == 200  # not moved, not deleted


def test_a_watch_link_cannot_enter_anything(client, table):
    t = table()
    w = t["watch"]
    assert client.post(f"/p/{w}/bid", data={"round": "1", "bid": "0"}).status_code == 404
    assert client.post(f"/api/player/{w}/bid", json={"round": 1, "bid": 0}).status_code == 404
    assert client.post(f"/w/{w}", data={"bid": "0"}).status_code == 405
    assert client.post(f"/w/{w}/sheet", data={"bid": "0"}).status_code == 405
    assert sheet_of(client, t["key"])["version"] == 0


def test_token_routes_take_only_their_own_kind(app, client, table):
    """Every write route under a game's token: the other kind's token, a wrong one: 404; a
    revoked one: 410 (an event's token routes: tests/web/test_event_walk.py)."""
    t = table()
    token_routes = [(rule, m) for rule, m in _write_routes(app) if "<token>" in rule
                    and not rule.startswith(("/events/", "/api/events/"))]
    assert {r for r, _ in token_routes} == {"/p/<token>/bid", "/api/player/<token>/bid", "/p/<token>/claim",
                                            "/p/<token>/rebid", "/api/player/<token>/rebid",  # a sealed bid changed
                                            "/p/<token>/played", "/api/player/<token>/played",  # virtual deck
                                            "/p/<token>/take_back", "/api/player/<token>/take_back",
                                            "/p/<token>/trump",  # the dealer names a turned Wizard's suit
                                            "/p/<token>/call", "/api/player/<token>/call",  # Belote's taking, Coinche's auction
                                            "/p/<token>/move"}  # the seat moved to another browser of its player
    client.post(f"/api/games/{t['key']}/links", json={"link": 1, "op": "revoke"})
    for rule, _methods in token_routes:
        for token in (t["watch"], "x" * 22, t["players"][THOMAS], "", "a" * 5000):
            path = _fill(rule, "", token)
            resp = client.post(path, json={"round": 1, "bid": 0}) if "/api/" in rule else \
                client.post(path, data={"round": "1", "bid": "0"})
            expected = (410,) if token == t["players"][THOMAS] and "/claim" not in rule else (404, 405, 410)
            assert resp.status_code in expected, (path, resp.status_code)
    assert sheet_of(client, t["key"])["version"] == 0


def test_a_player_link_enters_only_its_own_bid(client, table):
    t = table()
    resp = player_bid(client, t["players"][PAUL], 1, player=str(THOMAS))
    assert resp.status_code == 403 and "Paul" in text(resp.get_data(as_text=True))
    status = client.post(f"/api/player/{t['players'][PAUL]}/bid", json={"round": 1, "bid": 1, "player": THOMAS})
    assert status.status_code == 403
    assert player_bid(client, t["players"][PAUL], 1).status_code == 303
    bids = client.get(f"/api/player/{t['players'][PAUL]}").get_json()["sheet"]["rounds"][0]["bids"]
    assert bids == [1, None, None]


def test_a_player_link_of_one_game_never_touches_another(client, table):
    a, b = table(), table()
    assert player_bid(client, a["players"][THOMAS], 1).status_code == 303
    assert sheet_of(client, b["key"])["version"] == 0
    assert client.get(f"/api/player/{a['players'][THOMAS]}").get_json()["sheet"]["version"] == 1


def test_player_bid_refusals_are_clear_4xx(client, table):
    t = table()
    assert player_bid(client, t["players"][PAUL], 0).status_code == 303
    resp = player_bid(client, t["players"][PAUL], 1)  # twice
    assert resp.status_code == 422 and "already bid" in text(resp.get_data(as_text=True))
    resp = player_bid(client, t["players"][THOMAS], 9)
    assert resp.status_code == 422 and "0 to 1" in text(resp.get_data(as_text=True))
    resp = player_bid(client, t["players"][MARIE], 0)  # the last seat before Thomas (W-B7 reading)
    assert resp.status_code == 422 and "bids last" in text(resp.get_data(as_text=True))
    resp = player_bid(client, t["players"][THOMAS], 0, round_no=2)
    assert resp.status_code == 422
    assert player_bid(client, t["players"][THOMAS], 0).status_code == 303
    resp = player_bid(client, t["players"][MARIE], 1, player="x")
    assert resp.status_code == 403
    resp = player_bid(client, t["players"][MARIE], 1)  # 0 + 0 + 1 = 1 card: ±1 rule
    assert resp.status_code == 422 and "may not bid 1" in text(resp.get_data(as_text=True))
    assert player_bid(client, t["players"][MARIE], 0).status_code == 303
    resp = player_bid(client, t["players"][PAUL], 1)  # after the reveal
    assert resp.status_code == 422 and "All bids are in" in text(resp.get_data(as_text=True))
    for garbage in ({"round": "x", "bid": "1"}, {"round": "1", "bid": "one"}, {}):
        assert client.post(f"/p/{t['players'][PAUL]}/bid", data=garbage).status_code in (422,)
    assert sheet_of(client, t["key"])["version"] == 3


def test_a_player_link_in_open_mode_cannot_bid_and_a_zibi_player_link_has_no_bid(client, table, api):
    t = table("open")
    assert player_bid(client, t["players"][PAUL], 0).status_code == 403
    _status, body = api("post", "/api/games", {"game": "zibi", "players": ["A", "B", "C", "D"]})
    links = client.get(f"/api/games/{body['key']}/links").get_json()
    assert player_bid(client, links["players"][0]["token"], 0).status_code == 404
    assert client.get(f"/p/{links['players'][0]['token']}").status_code == 200


def test_cross_site_player_bid_is_refused(client, table):
    t = table()
    resp = client.post(f"/p/{t['players'][PAUL]}/bid", data={"round": "1", "bid": "0"},
                       headers={"Origin": "http://evil.example"})
    assert resp.status_code == 403
    assert sheet_of(client, t["key"])["version"] == 0


# --------------------------------------------------------------------------- sealed bids (W-B7)


def _views(client, t):
    """Everything a viewer other than Thomas can fetch, with tokens and ids masked."""
    gid = t["key"]
    public_id = client.get(f"/api/games/{gid}").get_json()["id"]  # no capability, but differs per game
    paths = [f"/games/{gid}", f"/games/{gid}/history", f"/w/{t['watch']}", f"/w/{t['watch']}/sheet",
             f"/p/{t['players'][PAUL]}", f"/p/{t['players'][MARIE]}/view", f"/games/{gid}/pass/{PAUL}",
             f"/api/games/{gid}", f"/api/games/{gid}/sheet", f"/api/games/{gid}/history",
             f"/api/watch/{t['watch']}", f"/api/player/{t['players'][PAUL]}"]
    out = {}
    for i, path in enumerate(paths):
        resp = client.get(path, headers=HX if i == 0 else {})
        assert resp.status_code == 200, path
        body = resp.get_data(as_text=True)
        for secret in [gid, public_id, t["watch"], *t["players"]]:
            body = body.replace(secret, "TOKEN")
        out[i] = re.sub(r'"at": ?"[^"]*"|\d+/\d+/\d+,? [\d:]+ ?[AP]?M?|\d{4}-\d\d-\d\dT[\d:+]+', "AT", body)
    return out


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_a_sealed_bid_leaves_no_trace_for_anyone_else(client, table, mode):
    """Two games alike but for Thomas's sealed bid: every page and API answer that anyone
    but Thomas can fetch is the same byte for byte: the value is in none of them."""
    games = [table(mode, preset="standard", players=("Paul", "Thomas", "Marie", "Anna"), first_dealer=3)
             for _ in range(2)]
    for t, value in zip(games, (0, 1)):  # round 1 played, round 2: Thomas bids 0 or 1 of 2 cards
        for p in (PAUL, THOMAS, MARIE, 3):
            assert player_bid(client, t["players"][p], 0).status_code == 303
        client.post(f"/api/games/{t['key']}/tricks", json={"round": 1, "tricks": [1, 0, 0, 0]})
        assert player_bid(client, t["players"][THOMAS], value, round_no=2).status_code == 303
    a, b = _views(client, games[0]), _views(client, games[1])
    for k in a:
        assert a[k] == b[k], f"view {k} tells the sealed bid apart"
    mine = [client.get(f"/api/player/{t['players'][THOMAS]}").get_json()["sheet"]["rounds"][1]["bids"][THOMAS]
            for t in games]
    assert mine == [0, 1]  # Thomas sees his own


def test_hidden_bids_are_revealed_at_once_to_everyone(client, table):
    t = table()
    player_bid(client, t["players"][THOMAS], 1)
    watch = client.get(f"/api/watch/{t['watch']}").get_json()["sheet"]["rounds"][0]
    assert watch["bids"] == [None, None, None] and watch["sealed"] == [False, True, False]
    assert watch["bid_total"] is None
    player_bid(client, t["players"][PAUL], 1)
    player_bid(client, t["players"][MARIE], 1)
    for path in (f"/api/watch/{t['watch']}", f"/api/games/{t['key']}", f"/api/player/{t['players'][PAUL]}"):
        body = client.get(path).get_json()
        row = body["sheet"]["rounds"][0]
        assert row["bids"] == [1, 1, 1] and not any(row["sealed"]), path
    assert "Thomas bids 1" in text(client.get(f"/games/{t['key']}/history").get_data(as_text=True))


def test_secret_bids_stay_sealed_until_the_tricks_then_score_together(client, table):
    t = table("secret", preset="standard")
    all_bid(client, t, (0, 1, 0))
    sheet = sheet_of(client, t["key"])
    assert sheet["phase"] == "tricks" and sheet["rounds"][0]["bids"] == [None] * 3
    page = client.get(f"/games/{t['key']}").get_data(as_text=True)
    assert "bid sealed" in page and "Record the tricks" in page
    resp = client.get(f"/games/{t['key']}/rounds/1")
    assert resp.status_code == 409 and "sealed" in text(resp.get_data(as_text=True))
    resp = client.post(f"/api/games/{t['key']}/rounds/1/correction", json={"bids": [1, 0, 0]})
    assert resp.status_code == 422
    client.post(f"/api/games/{t['key']}/tricks", json={"round": 1, "tricks": [0, 1, 0]})
    row = sheet_of(client, t["key"])["rounds"][0]
    assert row["bids"] == [0, 1, 0] and row["totals"] == [20, 30, 20]


def test_undo_of_a_sealed_bid_does_not_tell_it(client, table):
    t = table()
    player_bid(client, t["players"][THOMAS], 1)
    page = client.get(f"/games/{t['key']}").get_data(as_text=True)
    assert "Thomas bids (sealed)" in page and "Thomas bids 1" not in page
    v = sheet_of(client, t["key"])["version"]
    assert client.post(f"/api/games/{t['key']}/undo", json={"version": v}).status_code == 200
    page = client.get(f"/games/{t['key']}").get_data(as_text=True)
    assert "Thomas bids (sealed)" in page  # the redo button's title


# --------------------------------------------------------------------------- the Scribe's phone passed round


def test_pass_the_phone_shows_one_players_buttons_and_hides_the_bid(client, table):
    t = table()
    page = client.get(f"/games/{t['key']}").get_data(as_text=True)
    assert "Pass the phone to Paul" in text(page) and 'action="/games/' not in page.split("sealedbids")[1].split("</div>")[0]
    frag = client.get(f"/games/{t['key']}/pass/{PAUL}", headers=HX).get_data(as_text=True)
    assert "Paul bids" in text(frag)
    resp = client.post(f"/games/{t['key']}/bid", data={"round": "1", "player": "0", "bid": "1", "version": "0"}, headers=HX)
    assert resp.status_code == 200
    assert "Pass the phone to Thomas" in text(resp.get_data(as_text=True))
    # Thomas bids on his own phone meanwhile: the Scribe's older page is not refused for it
    player_bid(client, t["players"][THOMAS], 0)
    resp = client.post(f"/games/{t['key']}/bid", data={"round": "1", "player": "2", "bid": "1", "version": "1"}, headers=HX)
    assert resp.status_code == 200, errors(resp.get_data(as_text=True))
    assert sheet_of(client, t["key"])["rounds"][0]["bids"] == [1, 0, 1]  # revealed: 1 + 0 + 1 = 2, not 1


def test_pass_the_phone_to_the_last_seat_shows_the_forbidden_bid_only_then(client, table):
    t = table()
    player_bid(client, t["players"][PAUL], 0)
    player_bid(client, t["players"][THOMAS], 0)
    page = text(client.get(f"/games/{t['key']}").get_data(as_text=True))
    assert "Pass the phone to Marie" in page and "may not bid" not in page
    frag = client.get(f"/games/{t['key']}/pass/{MARIE}", headers=HX).get_data(as_text=True)
    assert "may not bid 1" in text(frag) and "disabled" in frag
    resp = client.get(f"/games/{t['key']}/pass/{PAUL}", headers=HX)
    assert resp.status_code == 409 and "no bid to enter" in text(resp.get_data(as_text=True))
    assert client.get(f"/games/{t['key']}/pass/7").status_code == 404


def test_pass_is_only_for_hidden_and_secret_bids(client, table):
    t = table("open")
    assert client.get(f"/games/{t['key']}/pass/0").status_code == 404


@pytest.mark.parametrize("reveal, preset, claimed", [
    ("secret", "standard", (1, 2, 3)),  # as found at a table: every seat still to bid on its own phone
    ("hidden", "standard", (1, 2, 3)),
    ("hidden", "plus_minus_one", (1, 2)),  # the last seat (3) waits for the others (W-B7): nobody to pass to
])
def test_the_scribes_page_follows_when_no_seat_left_to_bid_can_take_the_phone(app, client, new_game, reveal,
                                                                              preset, claimed):
    """4 players, Ana bids first: the seats still to bid hold their own phones; the Scribe's
    phone, passed to Ana, takes her bid. The answer to the tap, the page, its fragment and
    its poll show the round (no 500), say who bids on their own phones and pass the phone
    to nobody; the bid is recorded once."""
    names = ["Ana", "Ben", "Cy", "Dee"]
    key = new_game(players=names, first_dealer=3, preset=preset, rules={"reveal": reveal})
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    for seat in claimed:
        assert app.test_client().get(f"/p/{tokens[seat]}").status_code == 200  # claimed on its own phone
    assert client.get(f"/games/{key}/pass/0", headers=HX).status_code == 200
    tap = client.post(f"/games/{key}/bid", data={"round": "1", "player": "0", "bid": "0", "version": "0"}, headers=HX)
    assert tap.status_code == 200, text(tap.get_data(as_text=True))[:300]
    own = ", ".join(names[s] for s in claimed)
    for resp in (tap, client.get(f"/games/{key}"), client.get(f"/games/{key}", headers=HX),
                 client.get(f"/games/{key}/poll?v=0", headers=HX)):
        shown = text(resp.get_data(as_text=True))
        assert resp.status_code == 200 and f"Bidding on their own phones: {own}." in shown
        assert "Pass the phone to" not in shown and "show my bid buttons" not in shown
    assert client.get(f"/games/{key}/poll?v=1", headers=HX).status_code == 204
    assert sheet_of(client, key)["version"] == 1 and sheet_of(client, key)["rounds"][0]["sealed"] == [True, False, False, False]


@pytest.mark.parametrize("game, body", [
    ("points", {"players": ["Ana", "Ben"], "preset": "skyjo"}), ("points", {"players": ["Ana", "Ben"], "preset": "six"}),
    ("points", {"players": ["Ana", "Ben"], "preset": "custom", "rounds": 3}), ("zibi", {"players": ["A", "B", "C", "D"]}),
    ("tarot", {"players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0}),
])
def test_pass_the_phone_on_a_game_without_it_is_a_plain_404(client, game, body):
    """Points games, Witty Zibi and Tarot pass no phone round: /pass/N is a 404 page in words, page and fragment."""
    key = client.post("/api/games", json={"game": game, **body}).get_json()["key"]
    for seat in (0, 1, 9):
        for headers in ({}, HX):
            resp = client.get(f"/games/{key}/pass/{seat}", headers=headers)
            assert resp.status_code == 404 and "no such game or page" in text(resp.get_data(as_text=True))


# --------------------------------------------------------------------------- polling


def test_watch_poll_answers_204_while_nothing_changed_then_the_fresh_sheet(client, table):
    t = table("open")
    frag = f"/w/{t['watch']}/sheet"
    page = client.get(f"/w/{t['watch']}").get_data(as_text=True)
    assert f'hx-get="{frag}?v=0"' in page and 'hx-trigger="every 2s"' in page
    assert client.get(frag + "?v=0").status_code == 204
    client.post(f"/api/games/{t['key']}/bids", json={"bid": 1})
    resp = client.get(frag + "?v=0")
    assert resp.status_code == 200 and f"{frag}?v=1" in resp.get_data(as_text=True)
    assert client.get(frag + "?v=1").status_code == 204
    # a viewer coming back after a dropped connection, with any version or none: the sheet now
    for stale in ("", "?v=", "?v=-1", "?v=99999999999", "?v=abc"):
        assert client.get(frag + stale).status_code == 200


def test_player_poll_and_the_scribes_poll(client, table):
    t = table()
    view = f"/p/{t['players'][PAUL]}/view"
    assert client.get(view + "?v=0").status_code == 204
    assert client.get(f"/games/{t['key']}/poll?v=0").status_code == 204
    player_bid(client, t["players"][THOMAS], 1)
    assert client.get(view + "?v=0").status_code == 200
    resp = client.get(f"/games/{t['key']}/poll?v=0", headers=HX)
    assert resp.status_code == 200 and resp.get_data(as_text=True).lstrip().startswith('<div id="play"')
    assert client.get("/games/nope/poll?v=0").status_code == 404


def test_watch_link_works_for_witty_zibi(client, api):
    _status, body = api("post", "/api/games", {"game": "zibi", "players": ["A", "B", "C", "D"]})
    gid = body["key"]
    token = client.get(f"/api/games/{gid}/links").get_json()["watch"]["token"]
    page = client.get(f"/w/{token}").get_data(as_text=True)
    assert 'id="sheet"' in page and "No round played yet" in page and gid not in page
    api("post", f"/api/games/{gid}/rounds/1/correction", {})  # refused: no round yet
    resp = client.post(f"/api/games/{gid}/actions/result", json={"clans": ["A", "A", "B", "B"],
                                                                  "eliminated": [False, False, True, True]})
    assert resp.status_code == 200
    frag = client.get(f"/w/{token}/sheet?v=0").get_data(as_text=True)
    assert 'id="round-1"' in frag and "/rounds/1" not in frag  # no correction link for a watcher
    assert client.get(f"/api/watch/{token}").get_json()["sheet"]["rounds"][0]["winner"] == "A"


# --------------------------------------------------------------------------- revoke and re-issue


def test_revoke_and_reissue_a_watch_and_a_player_link(client, table):
    t = table()
    gid = t["key"]
    resp = client.post(f"/games/{gid}/links", data={"link": "watch", "op": "revoke", "confirm": "yes"})
    assert resp.status_code == 303
    gone = client.get(f"/w/{t['watch']}")
    assert gone.status_code == 410 and "stopped this link" in text(gone.get_data(as_text=True))
    poll = client.get(f"/w/{t['watch']}/sheet?v=0", headers=HX)  # a polling TV reloads and says why
    assert poll.status_code == 410 and poll.headers["HX-Refresh"] == "true"
    page = client.get(f"/games/{gid}/links").get_data(as_text=True)
    assert "Revoked" in page and page.count("data:image/svg+xml") == 4  # not silently re-made
    client.post(f"/games/{gid}/links", data={"link": "watch", "op": "reissue", "confirm": "yes"})
    new = client.get(f"/api/games/{gid}/links").get_json()["watch"]["token"]
    assert new != t["watch"] and client.get(f"/w/{new}").status_code == 200
    client.post(f"/games/{gid}/links", data={"link": "1", "op": "reissue", "confirm": "yes"})
    old = player_bid(client, t["players"][THOMAS], 0)
    assert old.status_code == 410 and "new link" in text(old.get_data(as_text=True))
    thomas = client.get(f"/api/games/{gid}/links").get_json()["players"][THOMAS]["token"]
    assert player_bid(client, thomas, 0).status_code == 303
    for bad in ({"link": "9", "op": "revoke"}, {"link": "scribe", "op": "revoke"}, {"link": "watch", "op": "x"}, {}):
        resp = client.post(f"/games/{gid}/links", data=bad)
        assert resp.status_code == 422, bad
    assert client.post(f"/api/games/{gid}/links", json={"link": 7, "op": "reissue"}).status_code == 422


def test_reissuing_the_scribes_link_moves_the_game_and_rewrites_no_entry(app, client, table):
    t = table()
    player_bid(client, t["players"][THOMAS], 1)
    entries = "select game_id, seq, kind, data, at from entries order by seq"
    before = app_rows(app, entries)
    resp = client.post(f"/games/{t['key']}/links", data={"link": "scribe", "op": "reissue", "confirm": "yes"})
    assert resp.status_code == 303
    new = re.search(r"/games/([^/]+)/links", resp.headers["Location"]).group(1)
    assert new != t["key"]
    old = client.get(f"/games/{t['key']}")
    assert old.status_code == 410 and "replaced" in text(old.get_data(as_text=True))
    assert client.get(f"/api/games/{t['key']}").status_code == 410
    assert client.post(f"/games/{t['key']}/bid", data={"bid": "0"}).status_code == 410
    assert app_rows(app, entries) == before
    moved = client.get(f"/api/games/{new}").get_json()
    assert moved["sheet"]["version"] == 1 and moved["sheet"]["rounds"][0]["sealed"][THOMAS]  # entries followed
    assert client.get(f"/w/{t['watch']}").status_code == 200  # watch and player links follow the game
    assert player_bid(client, t["players"][PAUL], 0).status_code == 303
    assert client.get(f"/api/games/{new}/history").get_json()["entries"][-1]["seq"] == 2


def test_a_deleted_game_closes_its_links(client, table):
    t = table()
    client.delete(f"/api/games/{t['key']}")
    assert client.get(f"/w/{t['watch']}").status_code == 404
    assert player_bid(client, t["players"][PAUL], 0).status_code == 404


def test_new_game_form_offers_hidden_and_secret_bids(client):
    page = client.get("/games/new").get_data(as_text=True)
    assert 'name="reveal" value="hidden"' in page and 'name="reveal" value="secret"' in page
    resp = client.post("/games", data={"players": ["Paul", "Thomas", "Marie", "", "", ""], "dealer": "2",
                                       "preset": "plus_minus_one", "edition": "gigamic", "reveal": "secret"})
    assert resp.status_code == 303
    gid = resp.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/games/{gid}").get_json()["sheet"]["rules"]["reveal"] == "secret"
    resp = client.post("/games", data={"players": ["Paul", "Thomas", "Marie"], "reveal": "shouted"})
    assert resp.status_code == 422 and errors(resp.get_data(as_text=True)).get("reveal")


def test_the_printed_sheet_keeps_sealed_bids_sealed(client, table):
    pypdf = pytest.importorskip("pypdf")
    import io

    t = table("secret", preset="standard")
    all_bid(client, t, (0, 1, 0))
    row = next(line for line in pypdf.PdfReader(io.BytesIO(client.get(f"/games/{t['key']}/sheet.pdf").data))
               .pages[0].extract_text().splitlines() if line.startswith("1 1 "))
    assert not re.search(r"\d", row[4:].replace("D", "")), row  # ticks, no bid value
    client.post(f"/api/games/{t['key']}/tricks", json={"round": 1, "tricks": [0, 1, 0]})
    text_after = pypdf.PdfReader(io.BytesIO(client.get(f"/games/{t['key']}/sheet.pdf").data)).pages[0].extract_text()
    assert "30" in text_after  # revealed and scored together


def test_links_seen_on_the_laptop_itself_use_its_lan_address(app, client, new_game):
    """Opened at 127.0.0.1 on the laptop, the QR codes must still point where a phone can go."""
    gid = new_game()
    app.config["LAN_ADDRESS"] = "192.168.1.20"
    page = client.get(f"/games/{gid}/links", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "http://192.168.1.20:5000/w/" in page and "http://192.168.1.20:5000/p/" in page
    assert "127.0.0.1" not in page
    body = client.get(f"/api/games/{gid}/links", base_url="http://localhost:5000").get_json()
    assert body["watch"]["url"].startswith("http://192.168.1.20:5000/w/")
    # reached through the LAN address already, or served on loopback only: left as it is
    page = client.get(f"/games/{gid}/links", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert "http://192.168.1.20:5000/w/" in page
    app.config["LAN_ADDRESS"] = None
    page = client.get(f"/games/{gid}/links", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "http://127.0.0.1:5000/w/" in page


def test_new_link_and_revoke_ask_first_and_change_nothing_until_confirmed(client, table):
    """Issue 10: "New link" and "Revoke" stop a link someone holds: a confirm page first
    (a plain form, no JS needed), and nothing changes until its button is tapped."""
    t = table()
    gid = t["key"]
    for which, op, words in (("watch", "revoke", "Revoke the watch link?"),
                             ("1", "reissue", "Replace Thomas’s link?"),
                             ("scribe", "reissue", "Replace the Scribe’s link?")):
        resp = client.post(f"/games/{gid}/links", data={"link": which, "op": op})
        body = resp.get_data(as_text=True)
        assert resp.status_code == 200 and words in text(body), which
        confirm = form(body, "/links")
        tap_key = confirm.hidden.pop("idempotency_key")  # issue 31: sent twice, done once
        assert confirm.hidden == {"link": which, "op": op, "confirm": "yes"} and len(tap_key) >= 16
        assert "Cancel" in text(body)
    links = client.get(f"/api/games/{gid}/links").get_json()
    assert links["watch"]["token"] == t["watch"] and links["players"][THOMAS]["token"] == t["players"][THOMAS]
    assert client.get(f"/w/{t['watch']}").status_code == 200 and client.get(f"/games/{gid}").status_code == 200
    resp = client.post(f"/games/{gid}/links", data={"link": "watch", "op": "revoke", "confirm": "yes"})
    assert resp.status_code == 303 and client.get(f"/w/{t['watch']}").status_code == 410
    resp = client.post(f"/games/{gid}/links", data={"link": "watch", "op": "reissue"})  # nothing to lose: no question
    assert resp.status_code == 303
