"""The write path kept short (issue 21): what a bid no longer does must not change what
anyone is answered. A cookie-less API client is sent no cookie, yet a seat held on a
phone stays that phone's (W-B7)."""

from __future__ import annotations

from conftest import app_config

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last


def _made(client, **rules):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard", "rules": rules}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["key"]


def test_a_cookie_less_api_clients_bids_are_recorded_and_send_it_no_cookie(app):
    maker = app.test_client()
    key = _made(maker)
    bare = app.test_client(use_cookies=False)  # a script holding the Scribe's key, nothing else
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "bid": 1, "version": 0})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["sheet"]["rounds"][0]["bids"][PAUL] == 1
    assert "Set-Cookie" not in resp.headers
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "bid": 0, "version": 1})
    assert resp.status_code == 200 and "Set-Cookie" not in resp.headers
    assert maker.get(f"/api/games/{key}/sheet").get_json()["rounds"][0]["bids"][:2] == [1, 0]


def test_a_cookie_less_scribe_still_cannot_bid_for_a_seat_held_on_its_own_phone(app):
    """Hidden bids (W-B7): a seat claimed on a phone bids there, whoever sends the Scribe's
    key without a cookie; a seat with no phone is bid for as before."""
    maker = app.test_client()
    key = _made(maker, reveal="hidden")
    tokens = [p["token"] for p in maker.get(f"/api/games/{key}/links").get_json()["players"]]
    thomas = app.test_client()
    assert thomas.get(f"/api/player/{tokens[THOMAS]}").status_code == 200  # claims his seat
    bare = app.test_client(use_cookies=False)
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "player": THOMAS, "bid": 1})
    assert resp.status_code == 422, resp.get_json()
    assert "Thomas holds their seat on their own phone" in resp.get_json()["error"]
    resp = bare.post(f"/api/games/{key}/bids", json={"round": 1, "player": PAUL, "bid": 1})
    assert resp.status_code == 200 and "Set-Cookie" not in resp.headers


# --------------------------------------------------------------------------- kept row JSON


def _fresh(get):
    """``get()`` again with every remembered sheet forgotten: replayed anew, each
    row's JSON made anew."""
    from scribe import service

    service.sheets.clear()
    return get()


def _same_as_fresh(readers: dict, step: str) -> dict:
    """Each reader's answer now, then after forgetting: equal, field for field."""
    seen = {}
    for who, get in readers.items():
        kept = get()
        assert kept == _fresh(get), f"{who} after {step}"
        seen[who] = kept
    return seen


def test_w_b4_rows_kept_between_answers_equal_fresh_ones_through_a_correction_undo_and_redo(app):
    """Leader rule (W-B4): a correction of round 1 makes A's recorded bid of round 2 one A
    may not make; an undo takes that back and a redo brings it again. After each step the
    Scribe's and the watch link's sheet, in English and in French, equal the sheet worked
    out afresh; and the flag comes and goes with the correction."""
    scribe = app.test_client()
    key = scribe.post("/api/games", json={"players": ["A", "B", "C"], "first_dealer": 2,
                                          "preset": "leader"}).get_json()["key"]
    watch = scribe.get(f"/api/games/{key}/links").get_json()["watch"]["token"]
    tv, french = app.test_client(), app.test_client()
    french.set_cookie("lang", "fr")
    readers = {"scribe": lambda: scribe.get(f"/api/games/{key}/sheet").get_json(),
               "watch": lambda: tv.get(f"/api/watch/{watch}").get_json()["sheet"],
               "scribe in French": lambda: french.get(f"/api/games/{key}/sheet").get_json()}

    def act(path, body):
        resp = scribe.post(f"/api/games/{key}/{path}", json=body)
        assert resp.status_code == 200, resp.get_json()
        return _same_as_fresh(readers, f"{path} {body}")

    for bids, tricks in (((1, 0, 0), [0, 0, 1]), ((1, 1, 0), [0, 1, 1])):
        for bid in bids:
            act("bids", {"bid": bid})
        act("tricks", {"tricks": tricks})
    act("bids", {"bid": 0})
    seen = act("rounds/1/correction", {"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    assert seen["scribe"]["rounds"][1]["broken_bid"]["player"] == 0
    assert "no longer allowed" in seen["scribe"]["rounds"][1]["broken_bid"]["message"]
    assert "plus permis" in seen["scribe in French"]["rounds"][1]["broken_bid"]["message"]
    seen = act("undo", {})
    assert all(r["broken_bid"] is None for r in seen["scribe"]["rounds"])
    seen = act("redo", {})
    assert seen["watch"]["rounds"][1]["broken_bid"]["player"] == 0
    act("bids", {"bid": 1})


def test_each_phone_is_answered_its_own_rows_when_rows_are_kept_and_equal_to_fresh_ones(app):
    """Hidden bids (W-B7) entered on two phones: each phone's sheet shows its own bid and
    seals the other's, the watch link seals both, the Scribe's seals those two as well
    (a bid entered on a phone), whatever was answered to whom before; the last bid reveals
    them all, for good, an undo included; and each answer equals the sheet worked out
    afresh for that reader."""
    scribe = app.test_client()
    key = scribe.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                          "preset": "standard", "rules": {"reveal": "hidden"}}).get_json()["key"]
    links = scribe.get(f"/api/games/{key}/links").get_json()
    paul, thomas, tv = app.test_client(), app.test_client(), app.test_client()
    tokens = [p["token"] for p in links["players"]]
    readers = {"paul": lambda: paul.get(f"/api/player/{tokens[PAUL]}").get_json()["sheet"],
               "thomas": lambda: thomas.get(f"/api/player/{tokens[THOMAS]}").get_json()["sheet"],
               "watch": lambda: tv.get(f"/api/watch/{links['watch']['token']}").get_json()["sheet"],
               "scribe": lambda: scribe.get(f"/api/games/{key}/sheet").get_json()}
    _same_as_fresh(readers, "the start")  # each phone claims its seat
    assert paul.post(f"/api/player/{tokens[PAUL]}/bid", json={"round": 1, "bid": 1}).status_code == 200
    assert thomas.post(f"/api/player/{tokens[THOMAS]}/bid", json={"round": 1, "bid": 0}).status_code == 200
    seen = _same_as_fresh(readers, "two bids on phones")
    assert seen["paul"]["rounds"][0]["bids"] == [1, None, None]
    assert seen["paul"]["rounds"][0]["sealed"] == [False, True, False]
    assert seen["thomas"]["rounds"][0]["bids"] == [None, 0, None]
    assert seen["thomas"]["rounds"][0]["sealed"] == [True, False, False]
    assert seen["watch"]["rounds"][0]["sealed"] == seen["scribe"]["rounds"][0]["sealed"] == [True, True, False]
    resp = scribe.post(f"/api/games/{key}/bids", json={"round": 1, "player": MARIE, "bid": 1})
    assert resp.status_code == 200, resp.get_json()
    seen = _same_as_fresh(readers, "the last bid: revealed")
    for who in readers:
        assert seen[who]["rounds"][0]["bids"] == [1, 0, 1], who
    resp = scribe.post(f"/api/games/{key}/undo", json={})
    assert resp.status_code == 200, resp.get_json()
    seen = _same_as_fresh(readers, "the last bid undone")
    for who in readers:  # a reveal is public and for good
        assert seen[who]["rounds"][0]["bids"] == [1, 0, None], who


# --------------------------------------------------------------------------- the session cookie


def test_a_cookie_is_read_signed_and_refused_by_its_own_apps_key_only(request, tmp_path):
    """The session's serializer is kept per secret key (``web/cookies.py``): two apps
    with two keys on one database in one process each take their own cookie (the phone
    holding a seat opens it again) and not the other's (a stranger's phone: refused), and
    a request with no cookie is sent none."""
    from scribe import create_app

    # one database (a SQLite file, or PostgreSQL's with SCRIBE_TEST_BACKEND): only the key tells them apart
    shared = {"DATABASE": str(tmp_path / "shared.sqlite3"), **app_config(request, tmp_path / "one")}
    one = create_app({**shared, "SECRET_KEY": "one" * 8})
    two = create_app({**shared, "INSTANCE_PATH": str(tmp_path / "two"), "SECRET_KEY": "two" * 8})
    scribe = one.test_client()
    key = _made(scribe)
    paul = scribe.get(f"/api/games/{key}/links").get_json()["players"][PAUL]["token"]
    ana = one.test_client()
    assert ana.get(f"/api/player/{paul}").status_code == 200  # her phone claims Paul's seat
    cookie = ana.get_cookie("session").value
    elsewhere = two.test_client()
    elsewhere.set_cookie("session", cookie)  # app one's cookie shown to app two: not its signature
    assert elsewhere.get(f"/api/player/{paul}").status_code == 403
    again = one.test_client()
    again.set_cookie("session", cookie)  # the same cookie on app one: her phone
    assert again.get(f"/api/player/{paul}").status_code == 200
    resp = one.test_client(use_cookies=False).get(f"/api/games/{key}/sheet")
    assert resp.status_code == 200 and "Set-Cookie" not in resp.headers


def test_json_answers_keep_number_keys_and_big_integers(app):
    """orjson is tried without its number-keys option first (half the time on a sheet):
    a dict keyed by numbers and an integer past 64 bits still come out as before."""
    import json

    with app.test_request_context():
        plain = app.json.response(sheet={"rounds": [{"bids": [1, None]}]}).get_data()
        keyed = app.json.response(seats={0: "Ana", 1: "Ben"}).get_data()
        big = app.json.response(n=2**70).get_data()
        assert json.loads(app.json.dumps({2: [3]})) == {"2": [3]}
    assert json.loads(plain) == {"sheet": {"rounds": [{"bids": [1, None]}]}}
    assert json.loads(keyed) == {"seats": {"0": "Ana", "1": "Ben"}}
    assert json.loads(big) == {"n": 2**70}
