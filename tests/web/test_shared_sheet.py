"""The score sheet rendered once for every screen showing it alike (issue 35,
scribe/web/shared_sheet.py), and never one screen's sheet on another's: a seat's own
sealed bid, the Scribe's correction links, a reader's language stay on their own."""

from __future__ import annotations

import re

import pytest
from table_driver import Table

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie deals and bids last


@pytest.fixture
def phone(app):
    """Another browser on the same server: its own cookies."""
    return lambda: app.test_client()


def _game(client, reveal="open"):
    body = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "preset": "standard", "rules": {"reveal": reveal}}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    key = resp.get_json()["key"]
    links = client.get(f"/api/games/{key}/links").get_json()
    return key, [p["token"] for p in links["players"]], links["watch"]["token"]


def _sheet(html: str) -> str:
    """The score sheet's own part of a page or fragment."""
    found = re.search(r'<section class="card sheet-wrap".*?</section>', html, re.DOTALL)
    assert found, html[:300]
    return found.group(0)


def _kept(app):
    return app.jinja_env.template_class.kept


def test_the_tv_and_a_phone_watching_share_one_render_of_the_sheet(app, client, phone):
    key, _tokens, watch = _game(client)
    assert client.post(f"/api/games/{key}/bids", json={"player": PAUL, "bid": 1}).status_code == 200
    tv, other = phone(), phone()
    first = tv.get(f"/w/{watch}/sheet").get_data(as_text=True)
    hits = _kept(app).hits
    second = other.get(f"/w/{watch}/sheet").get_data(as_text=True)
    assert _sheet(second) == _sheet(first)
    assert _kept(app).hits == hits + 1  # the second screen's sheet was not rendered again


def test_a_seats_own_sealed_bid_stays_on_its_own_sheet(client, phone):
    key, tokens, watch = _game(client, reveal="hidden")
    paul, thomas = phone(), phone()
    assert paul.get(f"/p/{tokens[PAUL]}").status_code == 200
    assert thomas.get(f"/p/{tokens[THOMAS]}").status_code == 200
    assert paul.post(f"/p/{tokens[PAUL]}/bid", data={"round": "1", "bid": "1"}).status_code == 303
    own = _sheet(paul.get(f"/p/{tokens[PAUL]}/view").get_data(as_text=True))  # rendered first, and kept
    assert re.search(r'data-player="0">.*?<span class="bidbox">1</span>', own, re.DOTALL)
    for html in (thomas.get(f"/p/{tokens[THOMAS]}/view").get_data(as_text=True),
                 phone().get(f"/w/{watch}/sheet").get_data(as_text=True),
                 client.get(f"/games/{key}").get_data(as_text=True)):
        cell = re.search(r'data-player="0">.*?</td>', _sheet(html), re.DOTALL).group(0)
        assert "bidbox sealed" in cell and '<span class="bidbox">1' not in cell


def test_the_scribes_sheet_keeps_its_correction_links_after_the_tvs(client, phone):
    key, _tokens, watch = _game(client)
    for p, bid in ((PAUL, 1), (THOMAS, 0), (MARIE, 0)):
        assert client.post(f"/api/games/{key}/bids", json={"player": p, "bid": bid}).status_code == 200
    tv = _sheet(phone().get(f"/w/{watch}/sheet").get_data(as_text=True))  # read-only, rendered first
    assert "/rounds/1" not in tv
    assert f"/games/{key}/rounds/1" in _sheet(client.get(f"/games/{key}").get_data(as_text=True))


def test_each_reader_has_the_sheet_in_their_own_language(client, phone):
    _key, _tokens, watch = _game(client)
    french, english = phone(), phone()
    french.set_cookie("lang", "fr")
    english.set_cookie("lang", "en")
    assert 'aria-label="Feuille de scores"' in _sheet(french.get(f"/w/{watch}/sheet").get_data(as_text=True))
    assert 'aria-label="Score sheet"' in _sheet(english.get(f"/w/{watch}/sheet").get_data(as_text=True))


@pytest.mark.parametrize("body", [
    {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
     "rules": {"virtual_deck": True, "reveal": "hidden"}},
    {"game": "skull_king", "players": ["Ana", "Ben", "Cy"], "first_dealer": 0, "rules": {"virtual_deck": True}},
], ids=["wizard", "skull_king"])
def test_the_seats_and_the_tv_share_the_sheet_each_as_if_rendered_for_it_alone(app, body):
    """Each seat holds its own hand, so no two seats' views are equal; their score table
    shows none of it (``table_key``): one render serves them all and the TV, and each
    reads exactly what a render for it alone gives, while bids are sealed and after."""
    t = Table(app, body, ways=("api",))
    for seat in range(t.n):
        t.claim(seat)
    t.deal()
    screens = [(t.tv, f"/w/{t.watch}/sheet")] + [(t.holders[s], f"/p/{t.tokens[s]}/view") for s in range(t.n)]

    def each_alike() -> int:
        """Each screen's sheet is what a render for it alone gives; how many were served again."""
        hits = _kept(app).hits
        shown = [_sheet(c.get(p).get_data(as_text=True)) for c, p in screens]
        served = _kept(app).hits - hits
        for (client, path), html in zip(screens, shown):
            _kept(app).clear()  # rendered for this screen alone
            assert _sheet(client.get(path).get_data(as_text=True)) == html, path
        return served

    sheet = t.sheet()
    if sheet["rounds"][0].get("trump") == {"card": "wizard", "suit": None}:  # W-R2: named before the bids
        assert t.trump("wizard", "red").status_code == 200
    order = sheet["rounds"][0]["order"]
    assert t.bid(order[0], 0).status_code == 200
    assert each_alike() == len(screens) - 2  # a bid sealed from all but its own seat: its sheet is its own
    for seat in order[1:]:
        t.bid(seat, 0 if seat != order[-1] or t.sheet().get("forbidden_bid") != 0 else 1)
    t.play()
    assert each_alike() == len(screens) - 1  # bids revealed: one render for the TV and the seats


def test_where_a_kept_text_is_rendered_follows_the_language_the_request_and_the_game(app):
    """``place`` is worked out once per request, and again when what it says moves."""
    from flask import g
    from flask_babel import force_locale

    from scribe.web.shared_sheet import place

    with app.test_request_context("/w/x/sheet", base_url="http://tv.example", headers={"Accept-Language": "de"}):
        first = place()
        assert first[0] == "de" and first[2] == "http://tv.example/" and place() is first
        with force_locale("it"):
            assert place()[0] == "it"
        assert place() == first
        g.scribe_key = "k1"
        assert place()[4] == "k1"
        with app.test_request_context("/w/y/sheet", base_url="http://other.example/root"):
            inner = place()
            assert inner[2:4] == ("http://other.example/", "/root")
        assert place()[2] == "http://tv.example/"
    with pytest.raises(RuntimeError):
        place()


def test_an_import_sees_the_globals_of_the_template_importing_it(app):
    """An imported template's module is the one kept unless the importing template has
    globals it lacks (``SharedSheet._get_default_module``, as Jinja answers it)."""
    from jinja2 import DictLoader

    env = app.jinja_env.overlay(loader=DictLoader({
        "m.html": "{% macro who() %}{{ whom | default('nobody') }}{% endmacro %}",
        "page.html": '{% from "m.html" import who %}[{{ who() }}]'}))
    env.template_class = app.jinja_env.template_class
    assert env.get_template("page.html").render() == "[nobody]"
    own = env.get_template("page.html", globals={"whom": "the TV"})  # (Jinja adds them to the template kept)
    assert own.render() == "[the TV]"
    assert env.get_template("m.html").module.who() == "nobody"  # its own module, kept, is unchanged
