"""The games list, the setup form and its refusals, rename, delete/restore, history."""

from __future__ import annotations

import pytest
from web_helpers import errors, game_id_from, text

GOOD = {"players": ["Paul", "Thomas", "Marie", "", "", ""], "dealer": "2", "preset": "plus_minus_one",
        "edition": "gigamic", "rounds": "", "name": ""}


def games_count(api) -> int:
    return len(api("get", "/api/games")[1]["games"])


def test_index_without_games_invites_to_start_one(client):
    resp = client.get("/")
    t = text(resp.get_data(as_text=True))
    assert resp.status_code == 200 and "No games on this phone yet" in t and "New game of Wizard" in t


def test_new_game_form_offers_six_seats_the_presets_and_the_editions(client):
    html = client.get("/games/new").get_data(as_text=True)
    assert html.count('name="players"') == 6
    for preset in ("standard", "plus_minus_one", "leader", "canadian"):
        assert f'name="preset" value="{preset}"' in html
    assert "Zarbi / Naze" in html and "Wizard / Fou" in html
    assert 'name="dealer" value="random"' in html


def test_creating_a_game_by_form_opens_it_and_lists_it(client, api):
    resp = client.post("/games", data={**GOOD, "name": "Friday night"})
    assert resp.status_code == 303
    gid = game_id_from(resp.headers["Location"])
    game = text(client.get(resp.headers["Location"]).get_data(as_text=True))
    assert "Round 1 of 20" in game and "Dealer: Marie" in game and "±1 rule" in game
    listing = text(client.get("/").get_data(as_text=True))
    assert "Games in progress" in listing and "Friday night" in listing and "Round 1 of 20" in listing
    sheet = api("get", f"/api/games/{gid}")[1]
    assert sheet["name"] == "Friday night" and sheet["sheet"]["players"] == ["Paul", "Thomas", "Marie"]


def test_blank_rows_are_skipped_and_the_dealer_follows_its_row(client, api):
    data = {**GOOD, "players": ["Anna", "", "Emilie", "Arnaud", "", ""], "dealer": "3"}
    resp = client.post("/games", data=data)
    assert resp.status_code == 303
    sheet = api("get", f"/api/games/{game_id_from(resp.headers['Location'])}/sheet")[1]
    assert sheet["players"] == ["Anna", "Emilie", "Arnaud"] and sheet["first_dealer"] == 2


def test_form_options_unicolore_rounds_edition_and_ties(client, api):
    data = {**GOOD, "players": ["A", "B", "C", "D", "", ""], "dealer": "0", "unicolore": "on",
            "edition": "amigo", "rounds": "5"}
    resp = client.post("/games", data=data)
    assert resp.status_code == 303
    gid = game_id_from(resp.headers["Location"])
    t = text(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Round 1 of 5" in t and "Deal 4 cards each" in t and "No trump this round." in t
    assert "Unicolore" in t and "Zarbi / Naze" in t
    data = {**GOOD, "preset": "leader", "leader_ties": "on"}
    resp = client.post("/games", data=data)
    assert resp.status_code == 303
    sheet = api("get", f"/api/games/{game_id_from(resp.headers['Location'])}/sheet")[1]
    assert sheet["rules"]["leader_ties"] is True and sheet["rules"]["last_bid"] == "leader_never_even"


@pytest.mark.parametrize("change, field, words", [
    ({"players": ["Paul", "Thomas", "", "", "", ""]}, "players", "3 to 6 players; you named 2"),
    ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "players", "you named 7"),
    ({"players": ["Paul", "paul", "Marie", "", "", ""]}, "players.1", "Two players are called paul"),
    ({"players": ["Paul", "Thomas", "M" * 200, "", "", ""]}, "players.2", "at most 30 characters"),
    ({"players": ["Paul", "", "Marie", "M" * 31, "", ""], "dealer": "0"}, "players.3", "at most 30"),
    ({"dealer": "5"}, "first_dealer", "one of the players"),
    ({"dealer": "abc"}, "first_dealer", "one of the players"),
    ({"dealer": "²"}, "first_dealer", "one of the players"),
    ({"dealer": "9" * 5000}, "first_dealer", "one of the players"),
    ({"preset": "bogus"}, "preset", "Unknown rule set"),
    ({"edition": "bogus"}, "edition", "Unknown edition"),
    ({"rounds": "abc"}, "rounds", "whole number"),
    ({"rounds": "1.5"}, "rounds", "whole number"),
    ({"rounds": "-1"}, "rounds", "1 to 20 rounds"),
    ({"rounds": "0"}, "rounds", "1 to 20 rounds"),
    ({"rounds": str(10**30)}, "rounds", "1 to 20 rounds"),
    ({"unicolore": "on", "players": list("ABCDE") + [""]}, "unicolore", "3 or 4 players"),
    ({"leader_ties": "on", "preset": "standard"}, "leader_ties", "leader restriction"),
    ({"name": "N" * 200}, "name", "at most 60 characters"),
])
def test_bad_setup_is_refused_next_to_its_field_and_nothing_created(client, api, change, field, words):
    resp = client.post("/games", data={**GOOD, **change})
    body = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert words in errors(body).get(field, ""), errors(body)
    assert "New game of Wizard" in text(body)  # the form again, with what was typed
    assert games_count(api) == 0


def test_the_refused_form_keeps_what_was_typed(client):
    body = client.post("/games", data={**GOOD, "players": ["Paul", "Thomas", "", "", "", ""],
                                       "rounds": "7", "name": "Us"}).get_data(as_text=True)
    assert 'value="Paul"' in body and 'value="Thomas"' in body and 'value="7"' in body and 'value="Us"' in body


def test_html_in_names_is_shown_as_text_never_run(client, api):
    evil = "<script>alert(1)</script>"
    resp = client.post("/games", data={**GOOD, "players": ["<b>Bo</b>", "Thomas", "Marie", "", "", ""],
                                       "name": evil})
    # a 30-character limit does not stop a short tag: it must come back escaped
    assert resp.status_code == 303
    gid = game_id_from(resp.headers["Location"])
    for path in (f"/games/{gid}", "/", f"/games/{gid}/settings", f"/games/{gid}/history"):
        body = client.get(path).get_data(as_text=True)
        assert evil not in body and "<b>Bo</b>" not in body, path
    body = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "&lt;b&gt;Bo&lt;/b&gt;" in body and "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    # and in a refused form, what was typed is escaped too
    body = client.post("/games", data={**GOOD, "players": [evil, evil, "", "", "", ""]}).get_data(as_text=True)
    assert evil not in body and "&lt;script&gt;" in body


def test_rename_from_the_settings_page(client, api, new_game):
    gid = new_game()
    settings = client.get(f"/games/{gid}/settings")
    assert settings.status_code == 200 and "Rename" in text(settings.get_data(as_text=True))
    resp = client.post(f"/games/{gid}/rename", data={"name": "  Sunday   game "})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/games/{gid}")
    assert "Sunday game" in text(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Sunday game" in text(client.get("/").get_data(as_text=True))

    resp = client.post(f"/games/{gid}/rename", data={"name": "x" * 200})
    assert resp.status_code == 422
    assert "at most 60 characters" in errors(resp.get_data(as_text=True))["name"]
    assert api("get", f"/api/games/{gid}")[1]["name"] == "Sunday game"


def test_delete_needs_the_box_ticked_then_the_game_is_gone_and_restorable(client, api, new_game):
    gid = new_game()
    resp = client.post(f"/games/{gid}/delete", data={})
    assert resp.status_code == 422
    assert "Tick the box" in errors(resp.get_data(as_text=True))["confirm"]
    assert client.get(f"/games/{gid}").status_code == 200 and games_count(api) == 1

    resp = client.post(f"/games/{gid}/delete", data={"confirm": "yes"})
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/")
    listing = client.get("/").get_data(as_text=True)
    assert f'href="/games/{gid}"' in listing  # only in the "Deleted games" box, with its restore button
    assert "Deleted games" in text(listing) and f'action="/games/{gid}/restore"' in listing
    assert "Games in progress" not in text(listing)
    assert client.get(f"/games/{gid}").status_code == 404
    assert client.get(f"/games/{gid}/history").status_code == 404
    assert client.get(f"/games/{gid}/settings").status_code == 404
    assert games_count(api) == 0

    resp = client.post(f"/games/{gid}/restore")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/games/{gid}")
    assert client.get(f"/games/{gid}").status_code == 200
    assert "Games in progress" in text(client.get("/").get_data(as_text=True))


def test_history_page_lists_entries_newest_first(client, api, new_game):
    gid = new_game()
    assert "Nothing recorded yet." in text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    api("post", f"/api/games/{gid}/trump", {"card": "yellow"})
    api("post", f"/api/games/{gid}/bids", {"bid": 1})
    t = text(client.get(f"/games/{gid}/history").get_data(as_text=True))
    assert t.index("Round 1: Paul bids 1") < t.index("Round 1: trump yellow")


def test_unknown_games_are_404_on_every_page(client):
    for path in ("/games/nope", "/games/nope/settings", "/games/nope/history", "/games/nope/rounds/1"):
        resp = client.get(path)
        assert resp.status_code == 404, path
        assert "There is no such game or page" in text(resp.get_data(as_text=True))
    for path in ("/games/nope/rename", "/games/nope/delete", "/games/nope/restore"):
        assert client.post(path, data={"name": "x", "confirm": "yes"}).status_code == 404, path


def test_six_long_names_get_a_shortened_default_game_name(client):
    names = [f"{c * 12}{i}" for i, c in enumerate("abcdef")]
    resp = client.post("/games", data={"players": names, "dealer": "0", "preset": "standard"})
    assert resp.status_code == 303
    listing = client.get("/").get_data(as_text=True)
    assert "aaaaaaaaaaaa0 · bbbbbbbbbbbb1" in listing and "…" in listing


def test_times_are_shown_in_the_laptops_time_zone(tmp_path, monkeypatch):
    """A game started at 21:00 UTC in Paris (UTC+1 in November) reads 22:00 on the list."""
    from scribe import create_app

    monkeypatch.setenv("TZ", "Europe/Paris")
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "paris")})
    assert app.config["BABEL_DEFAULT_TIMEZONE"] == "Europe/Paris"
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        html = app.jinja_env.from_string("{{ '2026-11-21T21:00:00+00:00'|when }}").render()
    assert "22:00" in html
