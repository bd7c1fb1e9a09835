"""The history reads on its own: an undo or a redo says which entry it took back or brought
back, by number and in the words of that entry's own line, on the page (English, French)
and in GET /api/games/KEY/history; old records ({} undo data) read the same, and a sealed
bid (W-B7) stays sealed in the undo's line."""

from __future__ import annotations

import re

from conftest import app_db
from web_helpers import text

from scribe import service, store

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first


def history_page(client, key, lang="en") -> str:
    resp = client.get(f"/games/{key}/history", headers={"Accept-Language": lang})
    assert resp.status_code == 200
    return resp.get_data(as_text=True)


def history_api(api, key) -> list[dict]:
    status, body = api("get", f"/api/games/{key}/history")
    assert status == 200
    return body["entries"]


def bid_undo_undo_redo(api, key) -> None:
    """#1 Paul bids 0, #2 Thomas bids 1, #3 undo (#2), #4 undo (#1), #5 redo (#1)."""
    for value in (0, 1):
        assert api("post", f"/api/games/{key}/bids", {"bid": value})[0] == 200
    for kind in ("undo", "undo", "redo"):
        assert api("post", f"/api/games/{key}/{kind}", {})[0] == 200


def test_the_history_page_says_what_each_undo_and_redo_moved(client, api, new_game):
    key = new_game()
    bid_undo_undo_redo(api, key)
    page = text(history_page(client, key))
    assert "Undo of #2 (Round 1: Thomas bids 1)" in page
    assert "Undo of #1 (Round 1: Paul bids 0)" in page
    assert "Redo of #1 (Round 1: Paul bids 0)" in page
    # newest first, each line under its own number
    assert page.index("Redo of #1") < page.index("Undo of #1") < page.index("Undo of #2")


def test_the_history_page_says_it_in_french(client, api, new_game):
    key = new_game()
    bid_undo_undo_redo(api, key)
    page = text(history_page(client, key, lang="fr"))
    assert "Annulation de #2 (Manche 1 : Thomas parie 1)" in page
    assert "Rétablissement de #1 (Manche 1 : Paul parie 0)" in page
    assert "Undo" not in page and "Redo" not in page


def test_the_history_json_carries_the_seq_and_kind_of_what_moved(api, new_game):
    key = new_game()
    bid_undo_undo_redo(api, key)
    entries = history_api(api, key)
    assert [(e["kind"], e["data"], e.get("target")) for e in entries[2:]] == [
        ("undo", {"takes_back": 2}, {"seq": 2, "kind": "bid"}),
        ("undo", {"takes_back": 1}, {"seq": 1, "kind": "bid"}),
        ("redo", {"brings_back": 1}, {"seq": 1, "kind": "bid"}),
    ]
    assert "target" not in entries[0] and [e["undone"] for e in entries] == [False, True, False, False, False]


def test_an_old_game_with_empty_undo_data_reads_the_same(app, client, api, new_game):
    """Games recorded before undo named its target hold {}: the page and the JSON work the
    target out from the order, and read as a game played today."""
    today, old = new_game(), new_game()
    bid_undo_undo_redo(api, today)
    old_id = api("get", f"/api/games/{old}")[1]["id"]  # the store's id, not the Scribe's key
    with app_db(app) as db:
        for version, (kind, data) in enumerate([("bid", {"round": 1, "player": 0, "bid": 0}),
                                                ("bid", {"round": 1, "player": 1, "bid": 1}),
                                                ("undo", {}), ("undo", {}), ("redo", {})]):
            store.append_entry(db, old_id, version, kind, data)  # as an older Scribe wrote it
        assert [dict(e.data) for e in service.load(db, old_id)[2][2:]] == [{}, {}, {}]
    service.sheets.clear()
    today_id = api("get", f"/api/games/{today}")[1]["id"]
    assert masked(history_page(client, old), old, old_id) == masked(history_page(client, today), today, today_id)
    same = ("seq", "kind", "data", "undone", "sealed", "target")
    assert [{k: e.get(k) for k in same} for e in history_api(api, old)] == \
           [{k: e.get(k) for k in same} for e in history_api(api, today)]


def test_a_zibi_undo_reads_with_the_zibi_entry_it_took_back(client, api, new_game):
    key = new_game(game="zibi", players=("Ana", "Ben", "Cy", "Dee"), preset=None)
    assert api("post", f"/api/games/{key}/actions/damage", {"player": 0, "amount": 30})[0] == 200
    assert api("post", f"/api/games/{key}/undo", {})[0] == 200
    assert "Undo of #1 (Ana takes 30 damage)" in text(history_page(client, key))


# --------------------------------------------------------------------------- sealed bids (W-B7)


def masked(body: str, *secrets: str) -> str:
    """A page or a JSON answer with the game's tokens and ids and every time masked."""
    for secret in secrets:
        body = body.replace(secret, "TOKEN")
    return re.sub(r'"at": ?"[^"]*"|\d+/\d+/\d+,? [\d:]+ ?[AP]?M?|\d{4}-\d\d-\d\dT[\d:+.]+', "AT", body)


def secret_game_with_an_undone_bid(client, new_game, value: int) -> tuple[str, list[str]]:
    """A secret-bid game (W-B7): Paul bids ``value`` on his own phone, the Scribe undoes it."""
    key = new_game(preset="standard", rules={"reveal": "secret"})
    links = client.get(f"/api/games/{key}/links").get_json()
    tokens = [p["token"] for p in links["players"]]
    resp = client.post(f"/p/{tokens[PAUL]}/bid", data={"round": "1", "bid": str(value)})
    assert resp.status_code == 303
    assert client.post(f"/api/games/{key}/undo", json={}).status_code == 200
    public_id = client.get(f"/api/games/{key}").get_json()["id"]
    return key, [key, public_id, links["watch"]["token"], *tokens]


def test_an_undone_sealed_bid_is_named_by_number_and_kind_never_by_value(client, new_game):
    key, _ = secret_game_with_an_undone_bid(client, new_game, 1)
    page = text(history_page(client, key))
    assert "Undo of #1 (Round 1: Paul bids (sealed))" in page and "bids 1" not in page
    entries = client.get(f"/api/games/{key}/history").get_json()["entries"]
    assert entries[1]["data"] == {"takes_back": 1} and entries[1]["target"] == {"seq": 1, "kind": "bid"}
    assert entries[0]["data"]["bid"] is None and entries[0]["sealed"] is True


def test_twin_games_but_for_the_undone_sealed_bid_read_the_same(client, new_game):
    """Paul bids 0 in one game, 1 in the other, and the Scribe undoes it: the Scribe's
    history page and JSON are the same once ids, tokens and times are masked."""
    games = [secret_game_with_an_undone_bid(client, new_game, value) for value in (0, 1)]
    views = []
    for key, secrets in games:
        page = history_page(client, key)
        answer = client.get(f"/api/games/{key}/history").get_data(as_text=True)
        views.append((masked(page, *secrets), masked(answer, *secrets)))
    assert views[0] == views[1]
    assert "Undo of #1" in text(views[0][0]) and '"takes_back":1' in views[0][1].replace(" ", "")
