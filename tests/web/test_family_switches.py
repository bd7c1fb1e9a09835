"""The family's switches read once (bidding/setup.py, issue 33): what a table sets on Rikiki's
and Wizard's new games through the API and the form comes out on the sheet as it did when
each game read its own: a null hook is off (R-B2), a setting left empty keeps the preset's
(R-P1), an empty Wizard rounds is the whole game (W-R1), an unknown switch refused by name."""

from __future__ import annotations

import pytest

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def made(api, **body) -> dict:
    status, answer = api("post", "/api/games", {"players": NAMES, "first_dealer": 0, **body})
    assert status == 201, answer
    return answer["sheet"]


def test_r_b2_a_null_hook_is_off_whatever_the_preset(api):
    sheet = made(api, game="rikiki", preset="boerenbridge", rules={"hook_from": None})
    assert sheet["rules"]["hook_from"] is None and sheet["rules"]["preset"] == "custom"
    assert sheet["rules"]["blind"] is True and sheet["rules"]["scoring"] == "boerenbridge"  # the rest is the preset's


def test_r_p1_settings_left_empty_on_the_form_keep_the_preset(client, api):
    page = client.get("/games/new?game=rikiki").get_data(as_text=True)
    once = page.split('name="once" value="')[1].split('"')[0]
    answer = client.post("/games", data={"game": "rikiki", "players": NAMES, "dealer": "1", "preset": "boerenbridge",
                                         "schedule": "", "most": "", "hook_from": "", "scoring": "", "once": once})
    assert answer.status_code in (302, 303), answer.get_data(as_text=True)[:300]
    key = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    status, sheet = api("get", f"/api/games/{key}/sheet")
    assert status == 200 and sheet["rules"]["preset"] == "boerenbridge" and sheet["rules"]["hook_from"] == 4


def test_w_r1_an_empty_rounds_is_the_whole_game_and_the_canadian_switches_stay(api):
    sheet = made(api, game="wizard", preset="canadian", rules={"rounds": "", "zero_exception": None})
    assert len(sheet["rounds"]) == 15 and sheet["rules"]["preset"] == "canadian"
    assert sheet["rules"]["zero_exception"] is True and sheet["rules"]["jubilee"] == []


@pytest.mark.parametrize("game", ["rikiki", "wizard"])
def test_an_unknown_switch_is_refused_by_name(api, game):
    status, answer = api("post", "/api/games", {"game": game, "players": NAMES, "rules": {"jokers": True}})
    assert status in (400, 422) and "jokers" in str(answer), answer
