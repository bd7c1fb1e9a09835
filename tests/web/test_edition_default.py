"""W-M2: the edition (the card names) defaults to the game's language, and the new-game
form shows it: an English game says Jester, a French one Fou (issue 10)."""

from __future__ import annotations

import re

from web_helpers import game_id_from, text

NAMES = ["Paul", "Thomas", "Marie"]


def selected_edition(html: str) -> str:
    select = re.search(r'<select name="edition">(.*?)</select>', html, re.DOTALL).group(1)
    return re.search(r'<option value="(\w+)" selected>', select).group(1)


def test_w_m2_the_form_shows_the_edition_of_the_page_language(client):
    html = client.get("/games/new").get_data(as_text=True)
    assert selected_edition(html) == "english"
    more = re.search(r'<details class="more".*?</details>', html, re.DOTALL).group(0)
    assert 'name="edition"' not in more  # in sight, not folded away under More options
    client.set_cookie("lang", "fr")
    assert selected_edition(client.get("/games/new").get_data(as_text=True)) == "gigamic"


def test_w_m2_an_english_game_names_the_jester(client, api):
    resp = client.post("/games", data={"players": NAMES + [""] * 3, "dealer": "2", "preset": "standard"})
    gid = game_id_from(resp.headers["Location"])
    sheet = api("get", f"/api/games/{gid}/sheet")[1]
    assert sheet["edition"] == "english" and sheet["card_names"] == {"wizard": "Wizard", "jester": "Jester"}
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Jester: no trump" in text(page) and "Fou" not in text(page)


def test_w_m2_a_french_game_names_the_fou(client, api):
    client.set_cookie("lang", "fr")
    resp = client.post("/games", data={"players": NAMES + [""] * 3, "dealer": "2", "preset": "standard"})
    gid = game_id_from(resp.headers["Location"])
    assert api("get", f"/api/games/{gid}/sheet")[1]["card_names"] == {"wizard": "Wizard", "jester": "Fou"}


def test_w_m2_api_default_follows_the_games_lang_and_an_explicit_edition_wins(api):
    for body, names in (({"lang": "en"}, ("english", "Jester")), ({"lang": "fr"}, ("gigamic", "Fou")),
                        ({"lang": "en", "edition": "amigo"}, ("amigo", "Naze")),
                        ({"lang": "fr", "edition": "english"}, ("english", "Jester"))):
        status, game = api("post", "/api/games", {"players": NAMES, "preset": "standard", **body})
        assert status == 201, game
        assert (game["sheet"]["edition"], game["sheet"]["card_names"]["jester"]) == names, body
    status, body = api("post", "/api/games", {"players": NAMES, "edition": ""})
    assert status == 422 and body["field"] == "edition"  # a blank edition is refused, not defaulted
