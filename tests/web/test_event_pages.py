"""Club nights' pages (issue 36): a new evening from the start page, the organiser's page
(its tables, their QR codes and progress, the draw and its refusals, arrivals and
withdrawals), the hall's TV and what it may not show, the ranking PDFs and the CSV.
Every refusal is a 4xx with its message beside the field, and nothing half-saved."""

from __future__ import annotations

import csv
import io
import re
from itertools import combinations

import pytest
from conftest import app_rows
from web_helpers import forms, text

NAMES = [f"Joueur {i}" for i in range(1, 17)]
TAROT = {"format": "tarot_free", "game": "tarot", "name": "Donnes libres du jeudi", "parties": "3", "deals": "4",
         "entrants": "\n".join(NAMES), "sent": "1", "ranking": "points", "draw": "fewest_meetings",
         "table_min": "4", "table_preferred": "4", "table_max": "5", "zero_sum": "on"}


def create(client, **changed) -> str:
    """A new evening from the form; the organiser's page's path."""
    form = client.get("/events/new").get_data(as_text=True)
    once = re.search(r'name="once" value="([^"]+)"', form).group(1)
    resp = client.post("/events", data={**TAROT, "once": once, **changed})
    assert resp.status_code == 303, resp.get_data(as_text=True)[:2000]
    return resp.headers["Location"]


def page(client, path: str) -> str:
    resp = client.get(path)
    assert resp.status_code == 200, path
    return resp.get_data(as_text=True)


def version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def draw(client, org: str, partie: int):
    return client.post(f"{org}/draw", data={"partie": str(partie), "version": version(page(client, org))})


def tables(html: str) -> list[dict]:
    """Each table card: its number, state, players in seat order, Scribe's key."""
    out = []
    for m in re.finditer(r'<article class="table-card (\w+)" id="table-(\d+)">(.*?)</article>', html, re.DOTALL):
        state, number, body = m.groups()
        players = [text(p) for p in re.findall(r"<li><span>(.*?)</span>", body)]
        key = re.search(r'href="http://localhost/games/([^"/]+)"', body)
        label = text(re.search(r'<span class="state">(.*?)</span>', body).group(1))
        out.append({"number": int(number), "state": state, "label": label, "players": players,
                    "key": key and key.group(1), "body": body})
    return out


def deal(api, key: str, taker: int, points: int, contract: str = "garde") -> list[int]:
    """A four-player Tarot deal entered at a table's Scribe (its API); the points it gives
    each seat, worked out here (T-S1: (25 + the margin) x the contract, the taker 3 x, 1 bout
    needs 51)."""
    _s, sheet = api("get", f"/api/games/{key}/sheet")
    status, body = api("post", f"/api/games/{key}/actions/deal", {
        "version": sheet["version"], "taker": taker, "contract": contract, "bouts": 1, "attack_points": points})
    assert status == 200, body
    a = (25 + abs(points - 51)) * {"prise": 1, "garde": 2}[contract] * (1 if points >= 51 else -1)
    return [3 * a if seat == taker else -a for seat in range(4)]


def play_partie(client, api, org: str, seed: int = 0) -> dict[str, int]:
    """Every table of the partie in play enters its 4 deals; each player's partie score."""
    scores: dict[str, int] = {}
    for t in tables(page(client, org)):
        for d in range(4):
            got = deal(api, t["key"], (d + seed) % 4, 40 + 7 * ((t["number"] + d + seed) % 5))
            for name, v in zip(t["players"], got):
                scores[name] = scores.get(name, 0) + v
    return scores


# --------------------------------------------------------------------------- the form


def test_the_start_page_leads_to_a_new_club_night_with_its_settings_shown(client):
    start = page(client, "/")
    assert re.search(r'<a class="button" href="/events/new">New club night</a>', start)
    html = page(client, "/events/new")
    form = next(f for f in forms(html) if f.action == "/events")
    assert form.checked == {"ranking": "points", "draw": "fewest_meetings"}  # never a silent choice
    assert re.search(r'name="zero_sum" checked', html)
    assert [re.search(rf'name="{n}"[^>]*value="(\d+)"', html).group(1)
            for n in ("table_min", "table_preferred", "table_max")] == ["4", "4", "5"]
    assert "Game:</strong> French Tarot" in html and 'name="parties"' in html and 'value="5"' in html
    concours = page(client, "/events/new?format=concours")
    assert "Teams, one a line" in concours and re.search(r'value="wins_then_points" checked', concours)
    assert re.search(r'name="byes" checked', concours)


@pytest.mark.parametrize(("changed", "field", "message"), [
    ({"parties": "0"}, "parties", "Give a number of parties from 1 to 50."),
    ({"parties": "trois"}, "parties", "Give a number of parties from 1 to 50."),
    ({"deals": ""}, "deals", "Give either the deals of a partie or the score it is played to, not both."),
    ({"deals": "-2"}, "deals", "Give a number of deals from 1 to 99."),
    ({"entrants": "\n".join(NAMES[:11])}, "entrants", "11 players cannot be seated at tables of 4 to 5."),
    ({"entrants": "\n".join(NAMES + ["joueur 3"])}, "entrants", "joueur 3 is named twice: please tell them apart."),
    ({"entrants": ""}, "entrants", "Write at least 4 names, one a line."),
    ({"format": "poker"}, "format", "Choose the format of the evening."),
    ({"game": "wizard"}, "game", "Choose a game this format is played with."),
    ({"table_preferred": "6"}, "table_preferred", "The usual table size lies between the smallest and the largest."),
    ({"table_max": "9", "table_preferred": "4"}, "table_max", "This game is played by 3 to 6 players a table."),
    ({"format": "any", "game": "wizard", "table_min": "2"}, "table_min", "This game is played by 3 to 6 players a table."),
    ({"ranking": "elo"}, "ranking", "Choose how the players are ranked."),
    ({"name": "x" * 61}, "name", "A name is at most 60 characters."),
])
def test_a_refused_evening_says_why_beside_its_field_and_stores_nothing(app, client, changed, field, message):
    resp = client.post("/events", data={**TAROT, **changed})
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert re.search(rf'<p class="err" role="alert" data-field="{field}">{re.escape(message)}</p>', html), html[:3000]
    assert app_rows(app, "select count(*) from events") == [(0,)]
    if field != "entrants":
        assert "Joueur 16" in html  # what was typed comes back


def test_the_same_form_sent_twice_makes_one_evening(app, client):
    form = page(client, "/events/new")
    once = re.search(r'name="once" value="([^"]+)"', form).group(1)
    first = client.post("/events", data={**TAROT, "once": once})
    again = client.post("/events", data={**TAROT, "once": once})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]
    assert app_rows(app, "select count(*) from events") == [(1,)]


# --------------------------------------------------------------------------- the organiser's page


def test_the_organiser_keeps_their_link_and_draws_four_tables_of_four(client):
    org = create(client)
    html = page(client, org)
    assert "Your organiser’s link: keep it" in html and f"http://localhost{org}</a>" in html
    assert "Donnes libres du jeudi" in html and "French Tarot · Tarot, donnes libres · 3 parties of 4 deals" in html
    assert re.search(r'<details class="card linkcard keep" id="organiser-link" open>', html)  # open until a draw
    assert "No partie drawn yet" in html and "Draw partie 1" in html
    assert draw(client, org, 1).status_code == 303
    html = page(client, org)
    assert "Partie 1 of 3" in html
    ts = tables(html)
    assert [t["number"] for t in ts] == [1, 2, 3, 4] and all(len(t["players"]) == 4 for t in ts)
    assert sorted(p for t in ts for p in t["players"]) == sorted(NAMES)
    assert {t["label"] for t in ts} == {"waiting"}
    for t in ts:  # each table's Scribe's QR code and link: its game, its players in their seats
        assert 'class="qr big" src="data:image/svg+xml' in t["body"] and "Open the table (to fix an entry)" in t["body"]
        assert f'href="/games/{t["key"]}/sheet.pdf"' in t["body"]
        game = page(client, f"/games/{t['key']}")
        assert "Donnes libres du jeudi · 1." in game
    sheet = client.get(f"/api/games/{ts[0]['key']}/sheet").get_json()
    assert sheet["players"] == ts[0]["players"] and sheet["deals_to_play"] == 4


def test_progress_table_by_table_and_the_draw_refused_until_every_table_has_finished(client, api):
    org = create(client)
    draw(client, org, 1)
    ts = tables(page(client, org))
    deal(api, ts[0]["key"], 0, 60)
    for _ in range(4):
        deal(api, ts[1]["key"], 1, 45)
    html = page(client, org)
    assert [t["label"] for t in tables(html)] == ["deal 2 of 4", "finished", "waiting", "waiting"]
    button = re.search(r'<button type="submit" class="primary big"([^>]*)>\s*([^<]*?)\s*</button>', html)
    assert "disabled" in button.group(1) and button.group(2) == "Draw the next partie (2)"
    assert "Partie 1 goes on at table 1, 3, 4. The draw opens when every table has finished." in text(html)
    resp = draw(client, org, 2)
    assert resp.status_code == 422
    assert re.search(r'data-field="partie">Partie 1 goes on at table 1, 3, 4.</p>', resp.get_data(as_text=True))
    assert len(tables(page(client, org))) == 4 and "Partie 1 of 3" in page(client, org)


def test_a_draw_sent_twice_draws_once_and_a_stale_page_changes_nothing(client, api):
    org = create(client)
    stale = version(page(client, org))
    assert draw(client, org, 1).status_code == 303
    again = client.post(f"{org}/draw", data={"partie": "1", "version": stale})  # the double tap
    assert again.status_code == 303
    assert len(tables(page(client, org))) == 4 and "Partie 1 of 3" in page(client, org)
    resp = client.post(f"{org}/arrive", data={"name": "Zoé", "version": stale})
    assert resp.status_code == 409
    assert "The evening moved on since your page was shown" in resp.get_data(as_text=True)
    assert "Zoé" not in page(client, org)


def test_the_organiser_page_follows_the_tables_on_the_event_version(client, api):
    org = create(client)
    draw(client, org, 1)
    html = page(client, org)
    shown = re.search(r'<div id="board" data-version="(\d+)"', html).group(1)
    assert client.get(f"{org}/board?v={shown}").status_code == 204
    deal(api, tables(html)[2]["key"], 0, 70)
    moved = client.get(f"{org}/board?v={shown}", headers={"HX-Request": "true"})
    assert moved.status_code == 200
    assert [t["label"] for t in tables(moved.get_data(as_text=True))][2] == "deal 2 of 4"


def test_arrivals_and_withdrawals_between_parties(client, api):
    org = create(client)
    draw(client, org, 1)
    play_partie(client, api, org)
    html = page(client, org)
    resp = client.post(f"{org}/arrive", data={"name": "Joueur 3", "version": version(html)})
    assert resp.status_code == 422
    assert "Joueur 3 is already in the event." in resp.get_data(as_text=True)
    resp = client.post(f"{org}/withdraw", data={"name": "Personne", "version": version(html)})
    assert resp.status_code == 422 and "Personne is not playing partie 2." in resp.get_data(as_text=True)
    assert client.post(f"{org}/withdraw", data={"name": "Joueur 5", "version": version(html)}).status_code == 303
    arrival = {"name": "Zoé", "version": version(page(client, org))}
    assert client.post(f"{org}/arrive", data=arrival).status_code == 303
    again = client.post(f"{org}/arrive", data=arrival)  # the same form sent twice: once
    assert again.status_code == 409 and "The evening moved on since your page was shown" in again.get_data(as_text=True)
    assert re.findall(r"<option>(Zoé)</option>", page(client, org)) == ["Zoé"]
    draw(client, org, 2)
    seated = [p for t in tables(page(client, org)) for p in t["players"]]
    assert "Zoé" in seated and "Joueur 5" not in seated and len(seated) == 16
    ranking = re.search(r'<table class="ranking">.*?</table>', page(client, org), re.DOTALL).group(0)
    assert "Joueur 5" in ranking and "Zoé" in ranking  # what Joueur 5 scored stays ranked


def test_three_parties_meet_no_pair_twice_and_rank_on_the_sum_of_the_table_scores(client, api):
    org = create(client)
    met, want = set(), {}
    for partie in (1, 2, 3):
        assert draw(client, org, partie).status_code == 303
        for t in tables(page(client, org)):
            pairs = {frozenset(p) for p in combinations(t["players"], 2)}
            assert not pairs & met  # E-D2: 16 players, 3 parties at 4 tables meet nobody twice
            met |= pairs
        for name, v in play_partie(client, api, org, seed=partie).items():
            want[name] = want.get(name, 0) + v
    html = page(client, org)
    assert "Every partie is played: the ranking below is final." in html and "Draw the next" not in html
    rows = re.findall(r'<tr data-unit="([^"]+)"><td class="rank">(\d+)</td>.*?<td class="points">(-?\d+)</td>', html, re.DOTALL)
    assert {u: int(p) for u, _r, p in rows} == want and len(rows) == 16
    assert [int(p) for _u, _r, p in rows] == sorted(want.values(), reverse=True)  # best first
    assert [int(r) for _u, r, _p in rows] == [1 + sorted(want.values(), reverse=True).index(int(p))
                                              for _u, _r, p in rows]  # a tie shares its rank (E-R4)
    assert sum(int(p) for _u, _r, p in rows) == 0


def test_a_concours_of_five_teams_seats_two_teams_a_table_and_gives_one_a_bye(client):
    teams = ["Anne & Bruno", "Chloé et David", "Emma, Félix", "Gaëlle & Hugo", "Inès & Jules"]
    org = create(client, format="concours", game="belote", deals="12", entrants="\n".join(teams),
                 ranking="wins_then_points", draw="fewest_meetings", table_min="2", table_preferred="2",
                 table_max="2", byes="on", zero_sum="", tie_breaks="points_against")
    html = page(client, org)
    assert "Belote · Concours (teams of two) · 3 parties of 12 deals · 5 teams" in html
    assert "A team arrives (“Anne & Bruno”)" in html
    assert draw(client, org, 1).status_code == 303
    html = page(client, org)
    ts = tables(html)
    assert [len(t["players"]) for t in ts] == [2, 2]
    out = text(re.search(r"Sitting out this partie: ([^<]+)</p>", html).group(1))
    assert sorted([out, *(p for t in ts for p in t["players"])]) == sorted(teams)
    players = client.get(f"/api/games/{ts[0]['key']}/sheet").get_json()["players"]
    first, second = (re.split(r" & | et |, ", team) for team in ts[0]["players"])
    assert players == [first[0], second[0], first[1], second[1]]  # partners face each other
    assert "<th scope=\"col\">Won</th>" in html


# --------------------------------------------------------------------------- the hall's TV


def _ranking_link(html: str) -> str:
    return re.search(r'<section class="card linkcard" id="ranking-link">.*?<a href="http://localhost(/events/[^"]+/tv)"',
                     html, re.DOTALL).group(1)


def test_the_tv_reads_the_tables_and_the_ranking_and_nothing_it_may_not(client, api):
    org = create(client)
    draw(client, org, 1)
    html = page(client, org)
    tv = _ranking_link(html)
    keys = [t["key"] for t in tables(html)]
    screen = page(client, tv)
    assert "Partie 1 of 3" in screen and screen.count('class="tv-table waiting"') == 4
    assert all(name in screen for name in NAMES)
    for secret in [org.split("/")[-1], *keys]:  # no token but its own: nothing to edit with
        assert secret not in screen
    assert "<form" not in screen
    shown = re.search(r'<div id="tv" class="tv" data-version="(\d+)"', screen).group(1)
    assert re.search(rf'hx-get="{tv}/board\?v={shown}" hx-trigger="every 500ms"', screen)
    assert client.get(f"{tv}/board?v={shown}").status_code == 204
    deal(api, keys[0], 0, 60)
    moved = client.get(f"{tv}/board?v={shown}").get_data(as_text=True)
    assert re.search(r'id="tv-table-1">\s*<h2>Table 1 <span class="state">deal 2 of 4</span>', moved)
    # each link opens its own page only; an id or a made-up token opens nothing
    ranking_token, organiser_token = tv.split("/")[-2], org.split("/")[-1]
    assert client.get(f"/events/{ranking_token}").status_code == 404
    assert client.get(f"/events/{organiser_token}/tv").status_code == 404
    assert client.get("/events/AAAAAAAAAAAAAAAAAAAAAA/tv").status_code == 404
    assert client.get(f"/events/{ranking_token}/results.csv").status_code == 404
    assert client.get(f"/events/{ranking_token}/ranking.pdf").status_code == 404
    assert client.post(f"/events/{ranking_token}/draw", data={"partie": "2"}).status_code == 404


def test_no_link_of_an_evening_is_written_to_the_access_log(client, api, caplog):
    org = create(client)
    draw(client, org, 1)
    html = page(client, org)
    tv = _ranking_link(html)
    page(client, tv)
    client.get(f"{org}/board?v=0")
    tokens = [org.split("/")[-1], tv.split("/")[-2], *(t["key"] for t in tables(html))]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "GET /events/<token>/tv 200" in logged
    assert not [t for t in tokens if t in logged]


# --------------------------------------------------------------------------- paper


def test_the_ranking_pdf_after_each_partie_and_the_csv_of_every_result(client, api):
    from pypdf import PdfReader

    org = create(client)
    draw(client, org, 1)
    refused = client.get(f"{org}/ranking.pdf?partie=1")
    assert refused.status_code == 409
    assert "Partie 1 is still being played" in refused.get_data(as_text=True)
    assert client.get(f"{org}/ranking.pdf").status_code == 409  # no final ranking yet
    assert client.get(f"{org}/ranking.pdf?partie=7").status_code == 409
    scores = play_partie(client, api, org)
    html = page(client, org)
    assert f'href="{org}/ranking.pdf?partie=1"' in html and "Final ranking (PDF)" not in html
    resp = client.get(f"{org}/ranking.pdf?partie=1")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    body = "\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(io.BytesIO(resp.data)).pages)
    assert "Ranking after partie 1" in body and "Donnes libres du jeudi" in body
    lines = [" ".join(line.split()) for line in body.splitlines()]
    printed = [(m[1], int(m[2])) for line in lines if (m := re.fullmatch(r"\d+ (Joueur \d+) (-?\d+) (-?\d+)", line))]
    assert dict(printed) == scores and len(printed) == 16, body  # each player's partie 1 score
    assert [v for _n, v in printed] == sorted(scores.values(), reverse=True)  # in the ranking's order
    rows = list(csv.reader(io.StringIO(client.get(f"{org}/results.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["Partie", "Table", "Seat", "Name", "Score", "Deals played", "Finished"]
    assert len(rows) == 17 and {r[3]: int(r[4]) for r in rows[1:]} == scores
    assert {r[5] for r in rows[1:]} == {"4"} and {r[6] for r in rows[1:]} == {"yes"}


def test_the_organiser_reads_the_evening_in_french(client, api):
    fr = {"Accept-Language": "fr-FR,fr;q=0.9"}
    form = client.get("/events/new", headers=fr).get_data(as_text=True)
    assert "Nouvelle soirée de club" in form and "Réglages de ce format" in form and "Créer la soirée" in form
    refused = client.post("/events", data={**TAROT, "parties": "0"}, headers=fr).get_data(as_text=True)
    assert 'data-field="parties">Donnez un nombre de parties de 1 à 50.</p>' in refused
    org = create(client)
    html = client.get(org, headers=fr).get_data(as_text=True)
    assert "Votre lien d’organisateur : gardez-le" in html and "Tirer la partie 1" in html
    assert "Tarot · Tarot, donnes libres · 3 parties de 4 donnes · 16 joueurs" in html
    draw(client, org, 1)
    html = client.get(org, headers=fr).get_data(as_text=True)
    assert "Partie 1 sur 3" in html and "Tirer la partie suivante (2)" in html and "en attente" in html
    assert "Ouvrir la table (pour corriger une saisie)" in html and "Classement provisoire" in html
