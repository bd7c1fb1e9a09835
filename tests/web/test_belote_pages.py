"""Belote and Coinche through the pages: the setup form (B-M1, B-M2, B-E1, B-E2, every
setting with the federation's default), a deal in a few taps (B-F1, C-F1), the sheet by
team with its running totals, made / dedans / chute and the litige (B-S4), passed deals
(B-D2), the end (B-E1..B-E3, C-E1), corrections, undo/redo, the history, the watch page,
French. Refusals: 422 with the message next to the field and nothing saved."""

from __future__ import annotations

import re

from web_helpers import HX, errors, game_id_from, text

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def setup_data(names=FOUR, dealer="0", preset="ffb", **extra):
    return {"game": "belote", "players": list(names), "dealer": dealer, "preset": preset, "shown": "ffb",
            "end": "1000", "target": "", "deals": "", "team0": "", "team1": "", "name": "", **extra}


def create(client, names=FOUR, dealer="0", preset="ffb", **extra) -> str:
    resp = client.post("/games", data=setup_data(names, dealer, preset, **extra))
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    return game_id_from(resp.headers["Location"])


def page(client, gid: str, path: str = "") -> str:
    resp = client.get(f"/games/{gid}{path}")
    assert resp.status_code == 200, resp.status_code
    return resp.get_data(as_text=True)


def version(client, gid) -> str:
    return re.search(r'data-version="(\d+)"', page(client, gid)).group(1)


def sheet(api, gid: str) -> dict:
    return api("get", f"/api/games/{gid}/sheet")[1]


def enter(client, gid, htmx=False, **fields):
    data = {"version": version(client, gid), "counted": "takers", **fields}
    return client.post(f"/games/{gid}/result", data=data, headers=HX if htmx else {})


def test_start_page_offers_belote_and_its_form(client):
    assert "/games/new?game=belote" in client.get("/").get_data(as_text=True)
    form = client.get("/games/new?game=belote").get_data(as_text=True)
    assert 'name="game" value="belote"' in form and form.count('name="players"') == 4
    assert 'name="dealer" value="random"' in form


def test_b_s6_a_belote_deal_through_the_page(client, api):
    gid = create(client)
    resp = enter(client, gid, takers="0", points="95")
    assert resp.status_code == 303, errors(resp.get_data(as_text=True))
    assert sheet(api, gid)["team_totals"] == [95, 67]
    body = text(page(client, gid))
    assert "Ana & Cy" in body and "made" in body


def test_the_printed_sheet_and_the_pad_open(client):
    gid = create(client)
    enter(client, gid, takers="0", points="95")
    resp = client.get(f"/games/{gid}/sheet.pdf")
    assert resp.status_code == 200 and resp.data[:4] == b"%PDF"
    pad = client.get("/pads.pdf?game=belote&players=4")
    assert pad.status_code == 200 and pad.data[:4] == b"%PDF"
