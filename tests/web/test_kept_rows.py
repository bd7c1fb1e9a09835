"""A score sheet's rows rendered once and kept (issue 35, scribe/web/kept_rows.py): a new
version's sheet renders the row that changed, and every screen still reads exactly the
sheet a render from nothing gives, after a correction, in each game, for each game's links."""

from __future__ import annotations

import re

import pytest
from table_driver import Table

from scribe.web.kept_rows import KeepRows

WIZARD = {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard"}


def _rows(app) -> KeepRows:
    return next(e for e in app.jinja_env.extensions.values() if isinstance(e, KeepRows))


def _sheet(html: str) -> str:
    found = re.search(r'<section class="card sheet-wrap".*?</section>', html, re.DOTALL)
    assert found, html[:300]
    return found.group(0)


def _fresh(app, client, path: str) -> str:
    """The sheet as a render from nothing gives it: no sheet, no row kept."""
    app.jinja_env.template_class.kept.clear()
    _rows(app).kept.clear()
    return _sheet(client.get(path).get_data(as_text=True))


def _round(t: Table) -> None:
    """The current round bid and scored on the Scribe's phone: the first bidder takes every
    trick (at Skull King as bid, with a 14 captured: a bonus that counts)."""
    sheet = t.sheet()
    row = sheet["rounds"][sheet["current_round"] - 1]
    first = row["order"][0]
    for k, seat in enumerate(row["order"]):
        bid = 1 if k == t.n - 1 and t.sheet().get("forbidden_bid") == 0 else 0
        assert t.bid(seat, row["cards"] if t.skull_king and seat == first else bid).status_code == 200
    tricks = [row["cards"] if p == first else 0 for p in range(t.n)]
    if t.skull_king:
        assert t.result(tricks, bonuses={first: {"black14": 1}}).status_code == 200
    else:
        assert t.tricks(tricks).status_code == 200


def _screens(t: Table) -> list[tuple[object, str]]:
    return [(t.scribe, f"/games/{t.key}"), (t.tv, f"/w/{t.watch}/sheet")]


def _each_as_fresh(app, t: Table) -> None:
    for client, path in _screens(t):
        kept = _sheet(client.get(path).get_data(as_text=True))
        assert kept == _fresh(app, client, path), path


def test_a_new_versions_sheet_renders_only_the_row_that_changed(app):
    t = Table(app, WIZARD, ways=("api",))
    for _ in range(3):
        _round(t)
    scribe = f"/games/{t.key}"
    t.scribe.get(scribe)
    rendered = _rows(app).kept.misses
    order = t.sheet()["rounds"][3]["order"]
    assert t.bid(order[0], 0).status_code == 200
    html = _sheet(t.scribe.get(scribe).get_data(as_text=True))
    assert _rows(app).kept.misses == rendered + 1  # round 4's row; the 3 scored and the rounds to come were kept
    assert html == _fresh(app, t.scribe, scribe)


def test_a_correction_shows_on_every_row_after_it(app):
    t = Table(app, WIZARD, ways=("api",))
    for _ in range(3):
        _round(t)
    _each_as_fresh(app, t)
    before = _sheet(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
    row = t.sheet()["rounds"][0]
    tricks = [1 if p == row["order"][1] else 0 for p in range(t.n)]
    assert t.correct(1, list(row["bids"]), tricks).status_code == 200
    after = _sheet(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
    totals = re.compile(r'<tr id="round-3".*?</tr>', re.DOTALL)
    assert totals.search(after).group(0) != totals.search(before).group(0)  # round 3's running totals moved
    _each_as_fresh(app, t)


@pytest.mark.parametrize("body", [
    {"game": "skull_king", "players": ["Ana", "Ben", "Cy"], "first_dealer": 0},
    {"game": "rikiki", "players": ["Ana", "Ben", "Cy"], "first_dealer": 0},
    {**WIZARD, "rules": {"reveal": "hidden"}},
], ids=["skull_king", "rikiki", "wizard_hidden"])
def test_each_games_rows_read_as_rendered_from_nothing(app, body):
    t = Table(app, body, ways=("api",))
    for _ in range(3):
        _round(t)
        _each_as_fresh(app, t)
    if t.skull_king:
        assert "bonus-mark" in _sheet(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))


def test_two_games_alike_keep_their_own_correction_links(app):
    first, second = Table(app, WIZARD, ways=("api",)), Table(app, WIZARD, ways=("api",))
    for t in (first, second):
        _round(t)
    for t in (first, second):
        html = _sheet(t.scribe.get(f"/games/{t.key}").get_data(as_text=True))
        assert f"/games/{t.key}/rounds/1" in html


def test_tarots_deals_are_kept_and_read_as_rendered_from_nothing(app):
    t = Table(app, {"game": "tarot", "players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 0}, ways=("api",))
    scribe = f"/games/{t.key}"
    for i in range(3):
        t.scribe.get(scribe)
        rendered = _rows(app).kept.misses
        form = {"taker": i, "contract": ("prise", "garde")[i % 2], "bouts": 2, "points": 41 + i}
        assert t.scribe_act("deal", form, "hx").status_code in (200, 303)
        t.scribe.get(scribe)
        assert _rows(app).kept.misses == rendered + 2  # the new deal's rows and the story it tells; those before were kept
        _each_as_fresh(app, t)


def _story(html: str) -> str:
    found = re.search(r'<section class="card story".*?</section>', html, re.DOTALL)
    assert found, html[:300]
    return found.group(0)


def test_the_story_renders_once_a_round_and_reads_as_rendered_from_nothing(app):
    """A bid moves no story: the TV and the Scribe's page show the one rendered when the round
    was scored, and it reads as a render from nothing; the next round scored tells it again."""
    from scribe.rules.story import Story

    def stories() -> int:
        return sum(1 for key in _rows(app).kept.items if isinstance(key[2], tuple) and isinstance(key[2][0], Story))

    t = Table(app, WIZARD, ways=("api",))
    _round(t)
    shown = [_story(client.get(path).get_data(as_text=True)) for client, path in _screens(t)]
    assert stories() == 2  # the Scribe's page and the TV's: each its own id
    row = t.sheet()["rounds"][1]
    for seat in row["order"][:2]:
        assert t.bid(seat, 0).status_code == 200
        assert [_story(client.get(path).get_data(as_text=True)) for client, path in _screens(t)] == shown
        assert stories() == 2
    for (client, path), kept in zip(_screens(t), shown):
        app.jinja_env.template_class.kept.clear()
        _rows(app).kept.clear()
        assert _story(client.get(path).get_data(as_text=True)) == kept, path
    _rows(app).kept.clear()
    for k, seat in enumerate(row["order"][2:], 2):  # round 2's last bid, then its tricks
        assert t.bid(seat, 1 if k == t.n - 1 and t.sheet().get("forbidden_bid") == 0 else 0).status_code == 200
    assert t.tricks([row["cards"] if p == row["order"][0] else 0 for p in range(t.n)]).status_code == 200
    told = [_story(client.get(path).get_data(as_text=True)) for client, path in _screens(t)]
    assert told != shown and stories() == 2  # round 2 scored: the story told again, on both screens


def test_a_cards_trick_renders_once_for_every_screen_as_rendered_from_nothing(app, monkeypatch):
    """The trick (table/_trick.html, kept under the row less its hands, the names, the setup)
    is rendered once after a card for the four seats and the TV (and once for the Scribe's
    page, whose URLs are its game's); each screen reads exactly as a render from nothing."""
    import random

    from scribe import service

    rng = random.Random(7)
    monkeypatch.setattr(service, "make_rng", lambda: rng)
    t = Table(app, {"players": ["Ana", "Ben", "Cy", "Dee"], "first_dealer": 3, "preset": "standard",
                    "rules": {"virtual_deck": True, "reveal": "hidden"}}, ways=("hx",))
    for seat in range(t.n):
        t.claim(seat)
    def dealt_and_bid() -> None:
        t.deal("api")
        row = t.sheet()["rounds"][t.sheet()["current_round"] - 1]
        if (row.get("trump") or {}).get("card") == "wizard" and row["trump"].get("suit") is None:
            assert t.trump("wizard", "red", "api").status_code == 200  # W-R3: the dealer names it
        for k, seat in enumerate(row["order"]):
            bid = 1 if k == t.n - 1 and t.sheet().get("forbidden_bid") == 0 else 0
            assert t.bid(seat, bid, "api").status_code == 200

    dealt_and_bid()  # round 1: a card each, one trick
    for _ in range(t.n):
        assert t.play("api").status_code == 200
    assert t.tricks(None, "api").status_code == 200
    dealt_and_bid()
    screens = [(t.scribe, f"/games/{t.key}"), (t.tv, f"/w/{t.watch}/sheet")]
    screens += [(t.holders[s], f"/p/{t.tokens[s]}/view") for s in range(t.n)]

    def tricks() -> int:
        return sum(1 for key in _rows(app).kept.items if key[0] == "table/_trick.html")

    for _ in range(3):  # three cards of round 2
        assert t.play("api").status_code == 200
        before = tricks()
        shown = [client.get(path, headers={"HX-Request": "true"}).get_data(as_text=True) for client, path in screens]
        assert all('id="trick"' in html for html in shown)
        assert tricks() == before + 2  # this card's trick: once for the TV and the four seats, once for the Scribe's page
        for (client, path), html in zip(screens, shown):
            app.jinja_env.template_class.kept.clear()
            _rows(app).kept.clear()
            assert client.get(path, headers={"HX-Request": "true"}).get_data(as_text=True) == html, path
