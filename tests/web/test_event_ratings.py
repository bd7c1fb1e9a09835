"""An evening's own ladder (issue 36), on both stores: its finished tables, every partie's,
rate their players; each rating worked out here with openskill's own Plackett-Luce model
over the tables' final standings (never Scribe's code), shown on the organiser's page, in
the final ranking's PDF and in the JSON, to the organiser's link only. Once the organiser
opens the evening, its finished tables count in that browser's statistics and ladders.

The entries' clock is stepped a minute per write (``store.games.now``, as test_ladders.py
does), so the group's ladder, which rates games in the order they finished, meets the
evening's, which rates them partie by partie."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pytest
from conftest import step_clock
from openskill.models import PlackettLuce
from test_event_pages import create, deal, draw, page, tables

START = datetime(2026, 6, 4, 20, 0, tzinfo=UTC)
HEADING = "The evening’s ratings"


@pytest.fixture(autouse=True)
def _clock(monkeypatch):
    step_clock(monkeypatch, START)


def caller(client):
    """The JSON API through one browser: api("post", path, body) -> (status, json)."""
    def call(method, path, body=None):
        resp = getattr(client, method)(path, **({"json": body} if body is not None else {}))
        return resp.status_code, resp.get_json()
    return call


class Expected:
    """The evening's ratings worked out here: each finished table's players ranked by
    their final totals (Tarot: the highest first, equal totals share a rank), rated with
    openskill's PlackettLuce, partie by partie."""

    def __init__(self):
        self.model = PlackettLuce()
        self.ratings: dict[str, object] = {}
        self.games: dict[str, int] = {}

    def table(self, players: list[str], totals: list[int]) -> None:
        ranks = [1 + sum(other > mine for other in totals) for mine in totals]
        before = [[self.ratings.get(n) or self.model.rating(name=n)] for n in players]
        for name, (after,) in zip(players, self.model.rate(before, ranks=ranks)):
            self.ratings[name] = after
            self.games[name] = self.games.get(name, 0) + 1

    def figures(self) -> dict[str, tuple[int, int]]:
        """name -> (the figure a player reads, 4 x ordinal rounded; their tables)."""
        return {n: (round(4 * r.ordinal()), self.games[n]) for n, r in self.ratings.items()}


def play_table(phones, table: dict, deals: int, seed: int) -> list[int]:
    """``deals`` deals at a table's Scribe (its own phone, not the organiser's browser);
    each seat's total."""
    totals = [0, 0, 0, 0]
    for d in range(deals):
        got = deal(phones, table["key"], (d + seed) % 4, 35 + 9 * ((table["number"] * 3 + d + seed) % 5))
        totals = [a + b for a, b in zip(totals, got)]
    return totals


def shown_ladder(html: str) -> dict[str, int]:
    """name -> rating, from the organiser's page's section of the evening's ratings."""
    section = re.search(r'<section class="card" id="ratings">(.*?)</section>', html, re.DOTALL)
    assert section, "no ratings on the page"
    return {n: int(r) for n, r in re.findall(r'<tr data-name="([^"]+)" data-rating="(-?\d+)">', section.group(1))}


def test_the_evenings_ratings_are_openskills_own_over_its_finished_tables(either_app):
    from pypdf import PdfReader

    organiser, phones = either_app.test_client(), caller(either_app.test_client())
    org = create(organiser)
    token = org.split("/")[-1]
    assert draw(organiser, org, 1).status_code == 303
    assert 'id="ratings"' not in page(organiser, org)  # nothing finished: nothing rated
    status, body = caller(organiser)("get", f"/api/events/{token}/ratings")
    assert status == 200 and body["ratings"] == []
    expected, at_play = Expected(), {}
    for partie in (1, 2, 3):
        if partie > 1:
            assert draw(organiser, org, partie).status_code == 303
        for t in tables(page(organiser, org)):
            if partie == 3 and t["number"] > 2:  # two tables still at play: not rated
                at_play[t["number"]] = play_table(phones, t, 2 if t["number"] == 3 else 0, partie)
                continue
            expected.table(t["players"], play_table(phones, t, 4, partie))
    want = expected.figures()
    assert len(want) == 16 and {g for _r, g in want.values()} == {2, 3}

    status, body = caller(organiser)("get", f"/api/events/{token}/ratings")
    assert status == 200 and len(body["ratings"]) == 1
    ladder = body["ratings"][0]
    assert (ladder["game"], ladder["games"]) == ("tarot", 10)  # 4 + 4 + 2 tables finished
    assert {r["name"]: (r["rating"], r["games"]) for r in ladder["ladder"]} == want
    for r in ladder["ladder"]:
        assert r["mu"] == pytest.approx(expected.ratings[r["name"]].mu, abs=1e-4)
        assert r["sigma"] == pytest.approx(expected.ratings[r["name"]].sigma, abs=1e-4)
    assert [r["rating"] for r in ladder["ladder"]] == sorted((r for r, _g in want.values()), reverse=True)
    assert [r["place"] for r in ladder["ladder"]] == list(range(1, 17))

    html = page(organiser, org)
    assert HEADING in html and shown_ladder(html) == {n: r for n, (r, _g) in want.items()}

    # the last two tables finish: the final ranking's PDF ends on the whole evening's ratings
    assert organiser.get(f"{org}/ranking.pdf").status_code == 409  # not final yet
    for t in tables(page(organiser, org))[2:]:
        before = at_play[t["number"]]
        rest = play_table(phones, t, 4 - (2 if t["number"] == 3 else 0), 5)
        expected.table(t["players"], [a + b for a, b in zip(before, rest)])
    want = expected.figures()
    assert {g for _r, g in want.values()} == {3}
    resp = organiser.get(f"{org}/ranking.pdf")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text = "\n".join(p.extract_text(extraction_mode="layout") for p in PdfReader(io.BytesIO(resp.data)).pages)
    assert HEADING in text and "OpenSkill" not in text.split(HEADING)[0]
    rows = [" ".join(line.split()) for line in text.split(HEADING, 1)[1].splitlines()]
    printed = {m[2]: (int(m[3]), int(m[4])) for line in rows
               if (m := re.fullmatch(r"(\d+) (Joueur \d+) (-?\d+) (\d+)", line))}
    assert printed == want, text


def test_a_ranking_link_sees_no_ratings_and_a_wrong_link_opens_none(client, app):
    phones = caller(app.test_client())
    org = create(client)
    token = org.split("/")[-1]
    draw(client, org, 1)
    html = page(client, org)
    for t in tables(html):
        play_table(phones, t, 4, 0)
    tv = re.search(r'<a href="http://localhost(/events/[^"]+/tv)"', page(client, org)).group(1)
    hall = tv.split("/")[-2]
    assert 'id="ratings"' in page(client, org)
    french = client.get(org, headers={"Accept-Language": "fr-FR,fr;q=0.9"}).get_data(as_text=True)
    assert "Les notes de la soirée" in french and HEADING not in french
    screen = app.test_client().get(tv).get_data(as_text=True)
    assert HEADING not in screen and 'id="ratings"' not in screen and "data-rating" not in screen
    api = caller(client)
    keys = [t["key"] for t in tables(html)]
    for wrong in [hall, keys[0], "AAAAAAAAAAAAAAAAAAAAAA", "x" * 300]:
        status, body = api("get", f"/api/events/{wrong}/ratings")
        assert status == 404 and body == {"error": "There is no such event.", "field": "token"}, wrong
    assert api("get", f"/api/events/{token}/ratings")[0] == 200


def test_the_organisers_statistics_count_the_evenings_finished_tables(either_app):
    organiser, phones = either_app.test_client(), caller(either_app.test_client())
    mine = caller(organiser)
    org = create(organiser)
    token = org.split("/")[-1]
    draw(organiser, org, 1)
    html = page(organiser, org)
    shown = re.search(r'<div id="board" data-version="(\d+)"', html).group(1)
    tv = re.search(r'<a href="http://localhost(/events/[^"]+/tv)"', html).group(1)
    expected = Expected()
    for t in tables(html):
        expected.table(t["players"], play_table(phones, t, 4, 1))
    # the organiser's laptop has not looked since: its statistics know nothing yet
    assert mine("get", "/api/ladders")[1]["ladders"] == []
    tv_browser = either_app.test_client()
    assert tv_browser.get(tv).status_code == 200
    board = organiser.get(f"{org}/board?v={shown}")  # the page's poll sees the tables finished
    assert board.status_code == 200
    status, body = mine("get", "/api/ladders")
    assert status == 200 and len(body["ladders"]) == 1
    tarot = body["ladders"][0]
    assert tarot["games"] == 4
    assert {r["name"]: (r["rating"], r["games"]) for r in tarot["ladder"]} == expected.figures()
    _s, stats = mine("get", "/api/stats")
    assert sum(g["games"] for g in stats["groups"]) == 4
    # the evening's own ladder and the group's agree on the same tables
    evening = mine("get", f"/api/events/{token}/ratings")[1]["ratings"][0]["ladder"]
    assert {r["name"]: r["rating"] for r in evening} == {r["name"]: r["rating"] for r in tarot["ladder"]}
    # the hall's screen's browser and a stranger hold none of them
    assert caller(tv_browser)("get", "/api/ladders")[1]["ladders"] == []
    assert caller(either_app.test_client())("get", "/api/ladders")[1]["ladders"] == []
    # looking again writes nothing new: the group already holds each table's link
    organiser.get(org)
    assert mine("get", "/api/ladders")[1]["ladders"][0]["games"] == 4
