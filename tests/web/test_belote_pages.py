"""Belote and Coinche through the pages: the setup form (B-M1, B-M2, B-E1, B-E2, every
setting with the federation's default), a deal in a few taps (B-F1, C-F1), the sheet by
team with its running totals, made / dedans / chute and the litige (B-S4), passed deals
(B-D2), the end (B-E1..B-E3, C-E1), corrections, undo/redo, the history, the watch page,
French. Refusals: 422 with the message next to the field and nothing saved."""

from __future__ import annotations

import re

import pytest
from web_helpers import HX, created, errors, game_id_from, game_page, page_version, text

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def setup_data(names=FOUR, dealer="0", preset="ffb", **extra):
    return {"game": "belote", "players": list(names), "dealer": dealer, "preset": preset, "shown": "ffb",
            "end": "1000", "target": "", "deals": "", "team0": "", "team1": "", "name": "", **extra}


def create(client, names=FOUR, dealer="0", preset="ffb", **extra) -> str:
    return created(client, setup_data(names, dealer, preset, **extra))


page, version = game_page, page_version


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


# --------------------------------------------------------------------------- the new game


def test_every_setting_is_on_the_form_with_the_federations_choice_checked(client):
    form = client.get("/games/new?game=belote").get_data(as_text=True)
    assert re.search(r'name="preset" value="ffb" checked', form)
    for preset in ("ffb", "ffb_coinche", "ffb_contree", "pagat"):
        assert f'name="preset" value="{preset}"' in form
    for name, value in (("capot", "252"), ("annonces", "off"), ("tie", "litige"), ("rounding", "none"),
                        ("undertrump", "on"), ("surcoinche", "4"), ("beat_defence", "on"), ("multiply", "all"),
                        ("belote_kept", "on"), ("mode", "made"), ("lost_capot", "full"), ("second_round", "any")):
        select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', form, re.DOTALL)
        assert select, name
        assert re.search(rf'<option value="{value}" selected', select.group(1)), (name, value)
    assert 'name="ceiling"' in form and 'name="generale"' in form
    assert re.search(r'name="end" value="1000" checked', form)
    words = text(form)
    assert "litige: the takers’ points are held for the next deal" in words and "Coinche only:" in words


def test_a_preset_tapped_without_the_script_gives_its_own_settings(client, api):
    """The page's script refills the settings when a preset is tapped; without it the form
    still says the FFB's Belote values (``shown``), and the preset chosen wins but for what
    was changed by hand. The usual target follows the variant."""
    gid = create(client, preset="pagat", capot="252", rounding="down", tie="litige")
    s = sheet(api, gid)
    assert s["variant"] == "coinche" and s["target"] == 2000
    assert s["settings"]["capot"] == 250 and s["settings"]["generale"] == 1000  # Pagat's
    assert s["settings"]["rounding"] == "down"  # changed by hand


def test_settings_sent_as_shown_are_taken_as_they_are(client, api):
    data = setup_data(preset="ffb_contree", shown="ffb_contree", end="2000", annonces="on", multiply="all")
    resp = client.post("/games", data=data)
    assert resp.status_code == 303
    s = sheet(api, game_id_from(resp.headers["Location"]))
    assert s["settings"]["annonces"] and s["settings"]["multiply"] == "all" and not s["settings"]["belote_kept"]


@pytest.mark.parametrize("names, extra, field, words", [
    (["Ana", "Ben", "Cy", ""], {}, "players.3", ""),
    (["Ana", "Ben", "Cy", "ana"], {}, "players.3", "tell them apart"),
    (FOUR, {"end": "other", "target": "20"}, "target", "100 to 10000"),
    (FOUR, {"end": "deals", "deals": "x"}, "deals", "whole number"),
    (FOUR, {"team0": "Nous"}, "names", "both teams"),
    (FOUR, {"preset": "ffb_coinche", "shown": "ffb_coinche", "end": "2000", "ceiling": "250"}, "ceiling", "100 to 240"),
    (FOUR, {"rounding": "sideways"}, "rounding", "one of"),
])
def test_setup_refusals_next_to_the_field(client, names, extra, field, words):
    resp = client.post("/games", data=setup_data(names, **extra))
    assert resp.status_code == 422
    shown = errors(resp.get_data(as_text=True))
    assert field in shown and words in shown[field], shown


def test_team_names_and_the_first_dealer_drawn(client, api):
    gid = create(client, dealer="random", team0="Nous", team1="Eux")
    s = sheet(api, gid)
    assert s["teams"] == ["Nous", "Eux"] and 0 <= s["first_dealer"] < 4
    body = text(page(client, gid))
    assert "Nous" in body and "Eux" in body and f"{FOUR[s['first_dealer']]} deals" in body


# --------------------------------------------------------------------------- deals


def test_who_deals_and_speaks_first_the_deal_passing_to_the_right(client, api):
    gid = create(client, dealer="2")
    assert "Cy deals · Ben speaks first" in text(page(client, gid))
    enter(client, gid, takers="1", points="100")
    assert "Ben deals · Ana speaks first" in text(page(client, gid))


def test_the_defences_points_are_162_minus(client, api):
    gid = create(client)
    enter(client, gid, takers="1", points="67", counted="defence")
    assert sheet(api, gid)["team_totals"] == [67, 95]


def test_b_s3_dedans_and_the_belote_kept_on_the_sheet(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="70", belote="0")
    assert sheet(api, gid)["team_totals"] == [20, 162]
    words = text(page(client, gid))
    assert "Ana & Cy took · 70 points of 162 · dedans · belote and rebelote: Ana & Cy" in words


def test_b_s4_the_litige_on_the_sheet_and_who_gets_it(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="81")
    words = text(page(client, gid))
    assert "litige · 81 points held for the next deal" in words
    assert "81 points held by the litige go to the next deal’s winner." in words
    enter(client, gid, takers="1", points="100")
    words = text(page(client, gid))
    assert "Ben & Dee get the 81 points held" in words and sheet(api, gid)["team_totals"] == [62, 81 + 100 + 81]


def test_a_capot_in_three_taps(client, api):
    gid = create(client)
    resp = client.post(f"/games/{gid}/result", data={"version": "0", "takers": "1", "capot": "1", "counted": "takers"})
    assert resp.status_code == 303
    assert sheet(api, gid)["team_totals"] == [0, 252] and "capot by Ben & Dee · made" in text(page(client, gid))


def test_everyone_passed_in_one_tap(client, api):
    gid = create(client)
    v = version(client, gid)
    assert client.post(f"/games/{gid}/result", data={"version": v, "takers": "passed"}).status_code == 303
    s = sheet(api, gid)
    assert s["rounds"][0]["passed"] and s["dealer"] == 3
    words = text(page(client, gid))
    assert "passed: the next player deals" in words and "Deal 1" in words and "Dee deals" in words


def test_a_coinche_deal_in_four_taps_and_a_chute(client, api):
    gid = create(client, preset="ffb_coinche", shown="ffb_coinche", end="2000")
    form = page(client, gid)
    assert 'name="contract" value="80"' in form and 'name="level" value="0" checked' in form
    assert 'name="trump"' not in form  # a suit changes nothing: asked only where SA and TA are played
    enter(client, gid, takers="0", contract="110", points="113")
    enter(client, gid, takers="1", contract="90", points="89")
    enter(client, gid, takers="0", amount="200", points="120", level="1")
    s = sheet(api, gid)
    assert [r["team_points"] for r in s["rounds"]] == [[220, 50], [250, 0], [0, 2 * (160 + 200)]]
    words = text(page(client, gid))
    assert "Ben & Dee: 90 · 89 points of 162 · chute" in words and "Ana & Cy: 200, coinché" in words


def test_sans_atout_asked_where_played(client, api):
    gid = create(client, preset="pagat", shown="pagat", end="2000")
    form = page(client, gid)
    assert 'name="trump" value="SA"' in form and 'name="contract" value="generale"' in form
    enter(client, gid, takers="0", contract="100", trump="SA", points="120")
    assert sheet(api, gid)["rounds"][0]["trump"] == "SA"
    assert "100 sans atout" in text(page(client, gid))


def test_c_a4_belotes_at_tout_atout_counted_per_team(client, api):
    gid = create(client, preset="pagat", shown="pagat", end="2000")
    enter(client, gid, takers="0", contract="100", trump="TA", points="120", **{"belote.0": "2", "belote.1": "1"})
    assert sheet(api, gid)["rounds"][0]["belotes"] == [2, 1]
    form = page(client, gid, "/rounds/1")
    assert '<option value="2" selected>' in form and '<option value="1" selected>' in form
    assert "2 belotes: Ana & Cy" in text(page(client, gid))


@pytest.mark.parametrize("fields, field, words", [
    ({"takers": ""}, "takers", "Tap the team that took"),
    ({"points": "161"}, "points", "No set of tricks makes 161 points."),
    ({"points": "200"}, "points", "0 to 162"),
    ({"points": ""}, "points", "or capot"),
    ({"capot": "0"}, "points", "every trick went to one team"),
])
def test_bad_deal_is_422_next_to_its_field_and_nothing_saved(client, api, fields, field, words):
    gid = create(client)
    resp = enter(client, gid, htmx=True, **{"takers": "0", "points": "95", **fields})
    assert resp.status_code == 422
    body = resp.get_data(as_text=True)
    shown = errors(body)
    assert words in shown[field], shown
    assert sheet(api, gid)["version"] == 0
    if fields.get("points"):
        assert f'value="{fields["points"]}"' in body  # what was typed comes back


def test_a_coinche_amount_refused_next_to_the_contract(client, api):
    gid = create(client, preset="ffb_coinche", shown="ffb_coinche", end="2000")
    resp = enter(client, gid, htmx=True, takers="0", amount="85", points="95")
    assert resp.status_code == 422 and "multiple of 10" in errors(resp.get_data(as_text=True))["contract"]
    assert 'value="85"' in resp.get_data(as_text=True) and sheet(api, gid)["version"] == 0


def test_stale_page_is_409_and_nothing_saved(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="95")
    resp = client.post(f"/games/{gid}/result", data={"version": "0", "takers": "0", "points": "95"})
    assert resp.status_code == 409 and "version" in errors(resp.get_data(as_text=True))
    assert sheet(api, gid)["version"] == 1


# --------------------------------------------------------------------------- the end, corrections, history


def test_b_e1_the_end_then_play_again(client, api):
    gid = create(client, end="501")
    for _ in range(4):
        enter(client, gid, takers="0", points="152")
    body = text(page(client, gid))
    assert "Game over" in body and "Winner: Ana & Cy" in body and "Play again" in body
    assert "Dee deals first." in body  # the next game's first dealer: one seat on, to the right
    resp = enter(client, gid, takers="0", points="100")
    assert resp.status_code == 422 and "over" in errors(resp.get_data(as_text=True))["round"]
    again = client.post(f"/games/{gid}/rematch")
    new = game_id_from(again.headers["Location"])
    assert sheet(api, new)["first_dealer"] == 3 and sheet(api, new)["target"] == 501


def test_b_e3_a_team_at_the_target_on_its_belote_alone_must_take_a_trick(client, api):
    gid = create(client, end="500")
    for takers, points in (("1", "152"), ("1", "152"), ("1", "152"), ("0", "120")):
        enter(client, gid, takers=takers, points=points)
    assert sheet(api, gid)["team_totals"] == [150, 498]
    enter(client, gid, takers="1", points="60", belote="1")  # dedans: only their belote, 20, takes them to 518
    s = sheet(api, gid)
    assert s["team_totals"] == [312, 518] and s["blocked"] == [False, True] and not s["finished"]
    assert "at the target on its belote alone: must take a trick to win" in text(page(client, gid))
    enter(client, gid, takers="0", points="100")  # Ben & Dee take tricks: 62
    s = sheet(api, gid)
    assert s["finished"] and s["winning_team"] == 1 and s["team_totals"] == [412, 580]


def test_correction_page_and_its_refusals(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="95", belote="1")
    enter(client, gid, takers="1", points="100")
    form = page(client, gid, "/rounds/1")
    assert 'name="takers" value="0" checked' in form and 'value="95"' in form
    assert 'name="belote" value="1" checked' in form and 'name="takers" value="passed"' in form
    v = version(client, gid)
    bad = client.post(f"/games/{gid}/rounds/1", data={"version": v, "takers": "0", "points": "170",
                                                      "counted": "takers"})
    assert bad.status_code == 422 and "0 to 162" in errors(bad.get_data(as_text=True))["points"]
    ok = client.post(f"/games/{gid}/rounds/1", data={"version": v, "takers": "0", "points": "81",
                                                     "counted": "takers"})
    assert ok.status_code == 303
    s = sheet(api, gid)
    assert s["rounds"][0]["corrected"] and s["rounds"][0]["team_points"] == [0, 81]
    assert s["rounds"][1]["awarded"] == [0, 81] and s["team_totals"] == [62, 81 + 100 + 81]
    assert client.get(f"/games/{gid}/rounds/3").status_code == 404
    passed = client.post(f"/games/{gid}/rounds/2", data={"version": version(client, gid), "takers": "passed"})
    assert passed.status_code == 303 and sheet(api, gid)["rounds"][1]["passed"] and sheet(api, gid)["held"] == 81


def test_undo_redo_and_history_words(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="95", belote="0")
    body = text(page(client, gid))
    assert "Last entry: Deal 1: Ana & Cy took · 95 points of 162 · made · belote and rebelote: Ana & Cy" in body
    assert client.post(f"/games/{gid}/undo", data={"version": version(client, gid)}).status_code == 303
    assert sheet(api, gid)["rounds"] == []
    assert client.post(f"/games/{gid}/redo", data={"version": version(client, gid)}).status_code == 303
    history = text(page(client, gid, "/history"))
    assert "Undo of #1 (Deal 1: Ana & Cy took" in history and "Redo of #1" in history


def test_watch_page_shows_the_teams(client, api):
    gid = create(client)
    enter(client, gid, takers="0", points="81")
    watch = api("get", f"/api/games/{gid}/links")[1]["watch"]["url"]
    body = text(client.get(watch.split("localhost")[-1]).get_data(as_text=True))
    assert "Deal 2" in body and "Dee deals" in body and "Ana & Cy 0" in body and "Ben & Dee 81" in body
    assert "81 points held by the litige" in body


def test_french_first(client, api):
    client.get("/lang/fr")
    form = text(client.get("/games/new?game=belote").get_data(as_text=True))
    assert "Nouvelle partie de Belote ou de Coinche" in form and "Contrée (FFB)" in form
    gid = create(client, preset="ffb_coinche", shown="ffb_coinche", end="2000")
    body = text(page(client, gid))
    for word in ("Qui a pris ?", "Coinché ×2", "Surcoinché ×4", "Belote et rebelote", "dix de der", "Capot",
                 "Tout le monde passe"):
        assert word in body, word
    enter(client, gid, takers="1", contract="90", points="89", belote="0")
    body = text(page(client, gid))
    assert "Ben & Dee : 90 · 89 points sur 162 · chute · belote et rebelote : Ana & Cy" in body



def test_the_games_list_names_belote_or_coinche(client, api):
    create(client)
    gid = create(client, preset="ffb_contree", shown="ffb_contree", end="2000")
    kinds = re.findall(r'<span class="game-kind">([^<]*)</span>', client.get("/").get_data(as_text=True))
    assert sorted(kinds) == ["Belote", "Coinche"], kinds
    for _ in range(8):
        enter(client, gid, takers="0", contract="160", points="162")
    again = game_id_from(client.post(f"/games/{gid}/rematch").headers["Location"])
    assert sheet(api, again)["variant"] == "coinche"
    kinds = re.findall(r'<span class="game-kind">([^<]*)</span>', client.get("/").get_data(as_text=True))
    assert sorted(kinds) == ["Belote", "Coinche", "Coinche"], kinds


def test_b_s4_litige_points_held_when_the_game_ends_are_lost(client, api):
    gid = create(client, end="other", target="200")
    enter(client, gid, takers="0", points="152")  # 152 and 10
    enter(client, gid, takers="1", points="81")  # Ana & Cy 233: over; Ben & Dee's 81 held, lost
    s = sheet(api, gid)
    assert s["finished"] and s["held"] == 81
    words = text(page(client, gid))
    assert "81 points held by the litige are lost: the game is over." in words
    assert "go to the next deal’s winner" not in words
