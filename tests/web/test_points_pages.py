"""Points-per-round games through the pages: the setup form and its refusals (P-S1..P-S3),
a round's points with Skyjo's closer (P-1, P-S1), the end (P-2, P-3), corrections,
undo/redo, the games list, the history and the watch page. Refusals: 422 with the message
next to the field and nothing saved; a stale page: 409."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, errors, game_id_from, is_fragment, sheet_totals, text

THREE = ["Ana", "Ben", "Cy"]
SEATS = 12


def setup_data(names=THREE, preset="skyjo", **extra):
    return {"game": "points", "players": list(names) + [""] * (SEATS - len(names)), "preset": preset,
            "target": "", "rounds": "", "wins": "lowest", "title": "", "name": "", **extra}


def create(client, names=THREE, preset="skyjo", **extra) -> str:
    resp = client.post("/games", data=setup_data(names, preset, **extra))
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


def enter(client, gid, points, closer=None, htmx=False, neg=(), **extra):
    data = {"version": version(client, gid), **{f"points.{p}": str(v) for p, v in enumerate(points)}, **extra}
    if closer is not None:
        data["closer"] = str(closer)
    data.update({f"neg.{p}": "on" for p in neg})
    return client.post(f"/games/{gid}/round", data=data, headers=HX if htmx else {})


# --------------------------------------------------------------------------- setup


def test_start_page_offers_a_points_game(client):
    home = client.get("/").get_data(as_text=True)
    assert "/games/new?game=points" in home
    form = client.get("/games/new?game=points").get_data(as_text=True)
    assert 'name="preset" value="skyjo"' in form and 'name="double_always"' in form and 'name="rounds"' in form


def test_create_skyjo_opens_its_page(client, api):
    gid = create(client)
    body = text(page(client, gid))
    assert "Round 1" in body and "Who closed the round?" in body and "ends at 100 points" in body
    assert sheet(api, gid)["preset"] == "skyjo"


@pytest.mark.parametrize("names, preset, extra, field, words", [
    (["Ana"], "skyjo", {}, "players", "2 to 8"),
    (["Ana", "ana"], "skyjo", {}, "players.1", "tell them apart"),
    (["Ana", "Ben"], "custom", {}, "target", "target score or a number of rounds"),
    (["Ana", "Ben"], "custom", {"target": "x"}, "target", "whole number"),
    (["Ana", "Ben"], "custom", {"rounds": "500"}, "rounds", "1 to 200"),
    (["Ana", "Ben"], "poker", {}, "preset", "Choose a game"),
])
def test_p_s_setup_refusals_next_to_the_field(client, names, preset, extra, field, words):
    resp = client.post("/games", data=setup_data(names, preset, **extra))
    assert resp.status_code == 422
    shown = errors(resp.get_data(as_text=True))
    assert words in shown[field], shown
    assert "Games in progress" not in client.get("/").get_data(as_text=True)  # nothing saved


def test_p_s1_skyjo_closer_doubled_and_negative_points_from_the_minus_chip(client, api):
    gid = create(client)
    assert enter(client, gid, [10, 4, 12], closer=0).status_code == 303
    assert enter(client, gid, [5, 3, 8], closer=2, neg=(1,)).status_code == 303
    s = sheet(api, gid)
    assert [r["counted"] for r in s["rounds"]] == [[20, 4, 12], [5, -3, 16]]
    assert sheet_totals(page(client, gid))[2] == [25, 1, 28]
    assert "×2 = 20" in text(page(client, gid))


def test_htmx_entry_answers_the_fragment(client):
    gid = create(client, preset="six")
    resp = enter(client, gid, [1, 2, 3], htmx=True)
    assert resp.status_code == 200 and is_fragment(resp.get_data(as_text=True))
    assert "Round 2" in text(resp.get_data(as_text=True))


@pytest.mark.parametrize("points, closer, field, words", [
    (["1.5", 2, 3], 0, "points.0", "whole number"),
    ([1, "abc", 3], 0, "points.1", "whole number"),
    ([1, 2, 10001], 0, "points.2", "At most 10000"),
    ([1, "", 3], 0, "points.1", "Ben's points are missing"),
    ([1, 2, 3], None, "closer", "Tap who closed"),
    ([1, 2, 3], 7, "closer", "one of the players"),
])
def test_p_1_bad_round_is_422_next_to_its_field_and_nothing_saved(client, api, points, closer, field, words):
    gid = create(client)
    resp = enter(client, gid, points, closer)
    assert resp.status_code == 422
    body = resp.get_data(as_text=True)
    assert words in errors(body)[field], errors(body)
    assert f'value="{points[0]}"' in body  # what was typed comes back
    assert sheet(api, gid)["version"] == 0


def test_p_s2_six_refuses_a_closer_and_negative_heads(client, api):
    gid = create(client, preset="six")
    assert "no closer" in errors(enter(client, gid, [1, 2, 3], closer=0).get_data(as_text=True))["closer"]
    assert "never negative" in errors(enter(client, gid, [1, 2, 3], neg=(2,)).get_data(as_text=True))["points.2"]
    assert sheet(api, gid)["version"] == 0


def test_stale_page_is_409_and_nothing_saved(client, api):
    gid = create(client)
    enter(client, gid, [1, 2, 3], closer=0)
    resp = client.post(f"/games/{gid}/round", data={"version": "0", "points.0": "1", "points.1": "2",
                                                     "points.2": "3", "closer": "0"})
    assert resp.status_code == 409 and "version" in errors(resp.get_data(as_text=True))
    assert sheet(api, gid)["version"] == 1


def test_p_2_p_3_game_over_shows_the_winner_and_refuses_another_round(client, api):
    gid = create(client)
    enter(client, gid, [60, 10, 20], closer=1)
    enter(client, gid, [45, 10, 20], closer=1)
    body = text(page(client, gid))
    assert "Game over Winner: Ben 1 Ben 20" in body  # the final standings in the card that says so
    final = page(client, gid).split('id="round-title"')[1].split("undo")[0]
    assert f'action="/games/{gid}/round"' not in final and f'action="/games/{gid}/rematch"' in final
    resp = enter(client, gid, [1, 2, 3], closer=0)
    assert resp.status_code == 422 and "over" in errors(resp.get_data(as_text=True))["round"]
    assert sheet(api, gid)["version"] == 2
    home = text(client.get("/").get_data(as_text=True))
    assert "Finished" in home and "won by Ben" in home


def test_correction_page_and_its_refusals(client, api):
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    form = page(client, gid, "/rounds/1")
    assert 'value="10"' in form and 'name="closer" value="0" checked' in form
    v = version(client, gid)
    bad = client.post(f"/games/{gid}/rounds/1", data={"version": v, "points.0": "x", "points.1": "4",
                                                     "points.2": "12", "closer": "0"})
    assert bad.status_code == 422 and "whole number" in errors(bad.get_data(as_text=True))["points.0"]
    same = client.post(f"/games/{gid}/rounds/1", data={"version": v, "points.0": "10", "points.1": "4",
                                                      "points.2": "12", "closer": "0"})
    assert same.status_code == 303 and sheet(api, gid)["version"] == int(v)  # what is recorded: nothing to record
    ok = client.post(f"/games/{gid}/rounds/1", data={"version": v, "points.0": "3", "points.1": "4",
                                                    "points.2": "12", "closer": "0"})
    assert ok.status_code == 303
    assert sheet(api, gid)["totals"] == [3, 4, 12]
    assert client.get(f"/games/{gid}/rounds/2").status_code == 404
    stale = client.post(f"/games/{gid}/rounds/1", data={"version": v, "points.0": "5", "points.1": "4",
                                                       "points.2": "12", "closer": "0"})
    assert stale.status_code == 409


def test_undo_redo_with_words(client, api):
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    body = text(page(client, gid))
    assert "Last entry: Round 1: Ana 10, Ben 4, Cy 12 · closed by Ana" in body
    assert client.post(f"/games/{gid}/undo", data={"version": version(client, gid)}).status_code == 303
    assert sheet(api, gid)["rounds"] == []
    assert client.post(f"/games/{gid}/redo", data={"version": version(client, gid)}).status_code == 303
    assert sheet(api, gid)["totals"] == [20, 4, 12]


def test_entry_text_words_for_the_history(app, client):
    from scribe.games import GAMES
    from scribe.games.points import make_setup
    from scribe.games.points.web import entry_text
    from scribe.rules.log import Entry

    with app.test_request_context("/"):
        e = Entry(2, "correction", {"round": 1, "points": [3, -4], "closer": None})
        assert entry_text(e, make_setup(["A&B", "Cy"], "six")) == "Round 1 corrected: A&B 3, Cy -4"
        assert GAMES["points"].Setup.GAME == "points"


def test_watch_page_shows_the_sheet(client, api):
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    watch = api("get", f"/api/games/{gid}/links")[1]["watch"]["url"]
    body = text(client.get(watch.split("localhost")[-1]).get_data(as_text=True))
    assert "Round 2" in body and "Ana" in body and "20" in body


def test_history_page_in_words(client):
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    client.post(f"/games/{gid}/undo", data={"version": version(client, gid)})
    history = text(page(client, gid, "/history"))
    assert "Round 1: Ana 10, Ben 4, Cy 12 · closed by Ana" in history
    assert "Undo of #1 (Round 1: Ana 10, Ben 4, Cy 12 · closed by Ana)" in history


def test_pages_in_french(client):
    fr = {"Accept-Language": "fr-FR,fr;q=0.9"}
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    body = text(client.get(f"/games/{gid}", headers=fr).get_data(as_text=True))
    assert "Qui a fini la manche ?" in body and "Manche 1 : Ana 10, Ben 4, Cy 12 · finie par Ana" in body
    assert "fin à 100 points" in body
    resp = client.post(f"/games/{gid}/round", headers=fr, data={"version": "1", "points.0": "x", "points.1": "1",
                                                                 "points.2": "2", "closer": "0"})
    assert resp.status_code == 422 and errors(resp.get_data(as_text=True))["points.0"] == "Donnez un nombre entier."


def test_games_list_links_settings_and_a_players_page(client, api):
    gid = create(client)
    enter(client, gid, [10, 4, 12], closer=0)
    home = text(client.get("/").get_data(as_text=True))
    assert "Round 2 · leading: Ben" in home
    assert "Ana" in text(page(client, gid, "/links")) and "Rename" in text(page(client, gid, "/settings"))
    seat = api("get", f"/api/games/{gid}/links")[1]["players"][1]["url"]
    other = client.application.test_client()  # another phone opens Ben's link
    body = text(other.get(seat.split("localhost")[-1]).get_data(as_text=True))
    assert "Round 2" in body and "Ben" in body
