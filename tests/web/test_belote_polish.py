"""Belote and Coinche as a first-time French table reads them: the statistics name
Belote's one contract instead of showing "1", the chart's text counts deals, not rounds
(B-M1: Belote is played in deals), and the deal form names the side whose points it
works out (162 minus the points typed, B-S1)."""

from __future__ import annotations

from web_helpers import text

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def belote(api, deals, target=1000) -> str:
    status, body = api("post", "/api/games", {"game": "belote", "variant": "belote", "players": FOUR,
                                             "first_dealer": 0, "target": target})
    assert status == 201, body
    for deal in deals:
        status, answer = api("post", f"/api/games/{body['key']}/actions/result", deal)
        assert status == 200, answer
    return body["key"]


def test_b_s1_the_statistics_say_contracts_taken_not_a_number(api, client):
    # Ana & Cy take twice and make one (B-S2: 100 of 162 made; 70 dedans), then a capot ends it
    belote(api, ({"takers": 0, "points": 100}, {"takers": 0, "points": 70}, {"takers": 0, "capot": 0}), target=300)
    page = text(client.get("/stats").get_data(as_text=True))
    assert "Belote · 4 players · 1 game" in page
    assert "Taken: 2 of 3" in page and "1: 2 of 3" not in page
    client.get("/lang/fr")
    french = text(client.get("/stats").get_data(as_text=True))
    assert "Contrat pris : 2 sur 3" in french and "1 : 2 sur 3" not in french


def test_b_m1_the_charts_text_counts_deals(api, client):
    key = belote(api, ({"takers": 0, "points": 100}, {"takers": "passed"}, {"takers": 1, "points": 90}))
    body = text(client.get(f"/games/{key}").get_data(as_text=True))
    # Ana & Cy 100, then 72 defending (B-S1: 162 - 90); the passed deal is left out of the chart (B-D2)
    assert "Ana & Cy: 172 after 2 deals; Ben & Dee: 152 after 2 deals." in body
    assert "rounds" not in body[body.index("Ana & Cy: 172 after"):][:80]
    client.get("/lang/fr")
    french = text(client.get(f"/games/{key}").get_data(as_text=True))
    assert "Ana & Cy : 172 après 2 donnes" in french


def test_other_games_charts_still_count_rounds(api, client):
    status, made = api("post", "/api/games", {"game": "points", "preset": "custom", "rounds": 2, "wins": "highest",
                                             "players": ["Ana", "Ben"]})
    assert status == 201, made
    api("post", f"/api/games/{made['key']}/actions/round", {"points": [10, 30], "closer": None})
    body = text(client.get(f"/games/{made['key']}").get_data(as_text=True))
    assert "Ana: 10 after 1 round; Ben: 30 after 1 round." in body


def shown(fragment: str) -> str:
    """A fragment's text as a browser draws it: tags add no space (``text`` adds one)."""
    import html
    import re

    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def test_the_watch_and_a_players_screen_keep_the_two_teams_totals_apart(api, client):
    key = belote(api, ({"takers": 0, "points": 100},))
    links = api("get", f"/api/games/{key}/links")[1]
    for url in (links["watch"]["url"], links["players"][0]["url"]):
        page = client.get(url.split("localhost")[-1]).get_data(as_text=True)
        line = page[page.index('<p class="team-totals">'):]
        # it read "Ana & Cy 100Ben & Dee 62"
        assert shown(line[:line.index("</p>")]) == "Ana & Cy 100 · Ben & Dee 62"


def test_a_players_link_speaks_of_no_bids_at_belote(api, client):
    key = belote(api, ())
    page = text(client.get(f"/games/{key}/links").get_data(as_text=True))
    # Belote's contracts are said aloud: no bid to see or enter on a phone
    assert "Ana follows the score on their own phone." in page and "bid" not in page
    client.get("/lang/fr")
    french = text(client.get(f"/games/{key}/links").get_data(as_text=True))
    assert "Ana suit le score sur son propre téléphone." in french and "pari" not in french


def test_b_m1_the_draw_for_the_first_dealer_reads_as_french_tables_say_it(client):
    client.get("/lang/fr")
    form = text(client.get("/games/new?game=belote").get_data(as_text=True))
    # "la plus petite carte distribue" (the card deals out) read oddly: the player with it deals
    assert "Tirer le premier donneur au sort (la plus petite carte donne)" in form


def test_b_p3_a_capot_reads_without_elision_trouble_in_french(api, client):
    key = belote(api, ({"takers": 0, "capot": 0},))
    client.get("/lang/fr")
    page = text(client.get(f"/games/{key}").get_data(as_text=True))
    # "capot de Ana & Cy" wants "d'Ana", and "capot de Eux" "d'Eux": "par" needs neither
    assert "capot par Ana & Cy" in page and "capot de Ana" not in page
