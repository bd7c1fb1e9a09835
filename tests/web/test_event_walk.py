"""No club night's route answers 500, whatever the evening's state and whoever asks (issue 36).

The event's routes are not a game's states (tests/web/test_state_walk.py walks those): an
evening of French Tarot in free deals, 8 players at two tables, 2 parties of 2 deals, is
walked through its states (made; partie 1 drawn; deals entered at table 1 only; partie 1
over; partie 2 drawn; all over), and at each one every GET route of the events' blueprints
(the page, its htmx fragment, the board's poll and stream with the version shown stale and
current, the PDFs, the CSV, the JSON) is opened with every link there is: the organiser's,
the ranking link (the hall's TV), a table's Scribe's link, a table's watch and seat links,
a table's revoked watch link and a forged token. Each link gets its own routes' answers
(200, or 204 for a poll of the version it shows) and 404 everywhere else; the ranking
link's answers never carry the organiser's token nor any table's. A concours of five teams
(one sits out each partie) is walked at its draw too.

``EVENT_ROUTES`` (the endpoints walked here) counts as walked in test_state_walk, so an
event route added and not walked here fails there. The event's write routes get the same
check test_table makes of a game's: any other kind's token, a forged one, "" or 5000
characters: 404 (405), and the evening unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import app_db, app_rows
from web_helpers import HX

from scribe.store.db import writing

EIGHT = ["Zoé", "<b>Ben</b>", "Ωmega & Co", "李小龍", "Jean-Christophe Lefèvre-Dupont", "🎲 Dé", "Gus", "Hé"]
GARDE = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49}
FORGED = "A" * 22

# Who may open each GET route of the events: "organiser", "ranking" or "both" (the JSON's reads).
WHO = {
    "events.organiser": "organiser", "events.board": "organiser", "event_live.organiser_events": "organiser",
    "event_paper.ranking_pdf": "organiser", "event_paper.results_csv": "organiser",
    "events_api.ratings": "organiser", "events_api.table": "organiser",
    "events.tv": "ranking", "events.tv_board": "ranking", "event_live.tv_events": "ranking",
    "events_api.show": "both", "events_api.version": "both", "events_api.ranking": "both",
    "event_notes.api_read": "both",
}
EVENT_ROUTES = set(WHO)  # events.new shows no event: test_state_walk's STATELESS opens it


@dataclass
class Evening:
    organiser: str
    ranking: str
    tables: list[dict]  # the organiser's view of the partie in play's tables, with their Scribes' keys
    stopped: str = ""  # a ranking link revoked

    def version(self, client) -> int:
        return client.get(f"/api/events/{self.organiser}/version").get_json()["version"]


def _paths(token: str, version: int, parties: int) -> list[tuple[str, str, dict]]:
    """(endpoint, path, headers) of every GET route of an event, for ``token``."""
    e, a = f"/events/{token}", f"/api/events/{token}"
    out = [("events.organiser", e, {}), ("events.organiser", e, HX), ("events.tv", f"{e}/tv", {}),
           ("events.tv", f"{e}/tv", HX), ("event_paper.results_csv", f"{e}/results.csv", {}),
           ("event_paper.ranking_pdf", f"{e}/ranking.pdf", {}),
           *(("event_paper.ranking_pdf", f"{e}/ranking.pdf?partie={p}", {}) for p in range(1, parties + 1)),
           ("events_api.show", a, {}), ("events_api.version", f"{a}/version", {}),
           ("events_api.ranking", f"{a}/ranking", {}), ("events_api.ratings", f"{a}/ratings", {}),
           ("event_notes.api_read", f"{a}/note", {}),
           *(("events_api.table", f"{a}/tables/{p}/{n}", {}) for p in range(1, parties + 1) for n in (1, 2, 3))]
    for v in sorted({0, version}):  # stale, then current
        out += [("events.board", f"{e}/board?v={v}", HX), ("events.tv_board", f"{e}/tv/board?v={v}", HX),
                ("event_live.organiser_events", f"{e}/events?v={v}", {}),
                ("event_live.tv_events", f"{e}/tv/events?v={v}", {})]
    return out


def _expected(endpoint: str, kind: str, path: str, version: int, drawn: int, over: set[int], parties: int) -> set[int]:
    """The answers ``kind``'s link must get at ``path`` now."""
    if kind not in ("organiser", "ranking") or WHO[endpoint] not in (kind, "both"):
        return {404}
    if endpoint in ("events.board", "events.tv_board") and path.endswith(f"?v={version}"):
        return {204}  # the version the page shows is current: nothing to swap
    if endpoint == "event_paper.ranking_pdf":
        asked = path.partition("?partie=")[2]
        printable = int(asked) in over if asked else over == set(range(1, parties + 1))
        return {200} if printable else {409}
    if endpoint == "events_api.table":
        p, n = (int(x) for x in path.rsplit("/", 2)[-2:])
        return {200} if p <= drawn and n <= 2 else {422}  # two tables a partie: a third is none
    return {200}


def _links(client, evening: Evening) -> dict[str, str]:
    """Every kind of token there is: the event's two, a table's three, a revoked one, a forged one."""
    first = evening.tables[0]["scribe"]["key"] if evening.tables else None
    out = {"organiser": evening.organiser, "ranking": evening.ranking, "forged": FORGED,
           **({"a revoked ranking link": evening.stopped} if evening.stopped else {})}
    if first:
        links = client.get(f"/api/games/{first}/links").get_json()
        out.update({"table's Scribe": first, "table's watch": links["watch"]["token"],
                    "table's seat": links["players"][1]["token"]})
        if len(evening.tables) > 1:
            other = evening.tables[1]["scribe"]["key"]
            old = client.get(f"/api/games/{other}/links").get_json()["watch"]["token"]
            client.post(f"/api/games/{other}/links", json={"link": "watch", "op": "reissue"})
            out["a replaced watch link"] = old
    return out


def _secrets(client, evening: Evening, links: dict[str, str]) -> set[str]:
    """The tokens the ranking link must never be shown: the organiser's, every table's links."""
    out = {evening.organiser, *(v for k, v in links.items() if k.startswith("table"))}
    for t in evening.tables:
        key = t["scribe"]["key"]
        now = client.get(f"/api/games/{key}/links").get_json()
        out |= {key, now["watch"]["token"], *(p["token"] for p in now["players"] if p)}
    return out


def _revoke_ranking_link(app, evening: Evening) -> None:
    """The hall's TV's link stopped (no page does it yet: the store's row, as the serve test does)."""
    with app_db(app) as db, writing(db):
        db.execute("update event_links set revoked_at = '2026-11-29T20:00:00Z' where kind = 'ranking'")
    evening.stopped, evening.ranking = evening.ranking, ""


def walk(app, client, evening: Evening, state: str, drawn: int, over: set[int], parties: int,
         opened: set[str]) -> None:
    """Every GET route with every link, at this state of the evening."""
    links = _links(client, evening)
    secrets = _secrets(client, evening, links)
    version = evening.version(client)
    adapter = app.url_map.bind("localhost")
    wrong = []
    links["the event's id"] = app_rows(app, "select id from events")[0][0]  # an id is no link
    for kind, token in links.items():
        if not token:
            continue
        for endpoint, path, headers in _paths(token, version, parties):
            assert adapter.match(path.partition("?")[0])[0] == endpoint, path
            resp = client.get(path, headers=headers)
            opened.add(endpoint)
            want = _expected(endpoint, kind, path, version, drawn, over, parties)
            if resp.status_code not in want:
                wrong.append(f"{state} · {kind} · {'htmx ' if headers else ''}{path}: {resp.status_code}, "
                             f"not {sorted(want)}")
            if kind == "ranking":
                body = resp.get_data()
                leaked = [s for s in secrets if s.encode() in body]
                assert not leaked, f"{state}: {path} shows the ranking link a token it must not hold"
            if resp.status_code == 200 and endpoint == "event_paper.ranking_pdf":
                assert resp.get_data().startswith(b"%PDF"), path
    assert not wrong, "\n".join(wrong)


def _deal(client, key: str) -> None:
    version = client.get(f"/api/games/{key}").get_json()["sheet"]["version"]
    resp = client.post(f"/api/games/{key}/actions/deal", json={**GARDE, "version": version})
    assert resp.status_code == 200, resp.get_json()


def _draw(client, evening: Evening, partie: int) -> None:
    resp = client.post(f"/api/events/{evening.organiser}/parties", json={"partie": partie})
    assert resp.status_code == 201, resp.get_json()
    evening.tables = client.get(f"/api/events/{evening.organiser}").get_json()["tables"]


def _make(client, **body) -> Evening:
    resp = client.post("/api/events", json={"name": "Club du jeudi <i>soir</i>", "game": "tarot",
                                             "format": "tarot_free", "parties": 2, "deals": 2, "entrants": EIGHT,
                                             **body})
    assert resp.status_code == 201, resp.get_json()
    made = resp.get_json()
    return Evening(made["links"]["organiser"]["token"], made["links"]["ranking"]["token"], [])


def test_no_event_route_answers_500_or_to_another_link_in_any_state(app, client):
    opened: set[str] = set()
    evening = _make(client)
    walk(app, client, evening, "made", 0, set(), 2, opened)
    _draw(client, evening, 1)
    assert [len(t["players"]) for t in evening.tables] == [4, 4]
    walk(app, client, evening, "partie 1 drawn", 1, set(), 2, opened)
    first, second = (t["scribe"]["key"] for t in evening.tables)
    _deal(client, first)
    _deal(client, first)
    walk(app, client, evening, "table 1 over, table 2 not begun", 1, set(), 2, opened)
    _deal(client, second)
    _deal(client, second)
    walk(app, client, evening, "partie 1 over", 1, {1}, 2, opened)
    _draw(client, evening, 2)
    walk(app, client, evening, "partie 2 drawn", 2, {1}, 2, opened)
    assert [t["partie"] for t in evening.tables] == [2, 2]  # the partie in play's tables
    for t in evening.tables:
        _deal(client, t["scribe"]["key"])
        _deal(client, t["scribe"]["key"])
    walk(app, client, evening, "all over", 2, {1, 2}, 2, opened)
    _revoke_ranking_link(app, evening)
    walk(app, client, evening, "all over, the hall's link revoked", 2, {1, 2}, 2, opened)
    assert opened == set(WHO)


def test_a_concours_with_a_bye_at_its_draw(app, client):
    opened: set[str] = set()
    teams = ["Anne & Bruno", "Chloé et David", "Emma, Félix", "Gaëlle & Hugo", "Inès & Jules"]
    resp = client.post("/api/events", json={
        "name": "Concours", "game": "belote", "format": "concours", "parties": 2, "deals": 2, "entrants": teams,
        "teams": [["Anne", "Bruno"], ["Chloé", "David"], ["Emma", "Félix"], ["Gaëlle", "Hugo"], ["Inès", "Jules"]],
        "settings": {"ranking": "wins_then_points", "byes": True, "table_min": 2, "table_max": 2,
                     "table_preferred": 2}})
    assert resp.status_code == 201, resp.get_json()
    made = resp.get_json()
    evening = Evening(made["links"]["organiser"]["token"], made["links"]["ranking"]["token"], [])
    _draw(client, evening, 1)
    assert len(evening.tables) == 2 and len(client.get(f"/api/events/{evening.ranking}").get_json()["byes"]) == 1
    walk(app, client, evening, "concours drawn, one team out", 1, set(), 2, opened)
    assert opened == set(WHO)


@pytest.mark.parametrize("fmt", [None, "tarot_free", "concours", "any", "chess", "x" * 300])
def test_the_new_evening_form_for_each_format(client, fmt):
    resp = client.get("/events/new" if fmt is None else f"/events/new?format={fmt}")
    assert resp.status_code == 200 and b"<form" in resp.get_data()


# --------------------------------------------------------------------------- the writes


def _write_routes(app) -> set[str]:
    return {r.rule for r in app.url_map.iter_rules() if r.methods & {"POST", "PUT", "PATCH", "DELETE"}
            and "<token>" in r.rule and r.rule.startswith(("/events/", "/api/events/"))}


def test_event_write_routes_take_only_the_organisers_link(app, client):
    """Every write route under an event's token, with another kind's token (the ranking
    link, a table's Scribe's, watch or seat link), a forged one, "" or 5000 characters:
    404 (or 405), and the evening unchanged."""
    routes = _write_routes(app)
    assert routes == {"/events/<token>/draw", "/events/<token>/arrive", "/events/<token>/withdraw",
                      "/events/<token>/note", "/api/events/<token>/parties", "/api/events/<token>/arrivals",
                      "/api/events/<token>/withdrawals", "/api/events/<token>/note"}
    puts = {r.rule for r in app.url_map.iter_rules() if "PUT" in r.methods}
    evening = _make(client)
    _draw(client, evening, 1)
    links = _links(client, evening)
    before = client.get(f"/api/events/{evening.organiser}").get_json()
    body = {"partie": 2, "name": "Ida", "players": ["Ida"], "version": before["version"], "note": "x", "after": 0}
    for rule in sorted(routes):
        for kind, token in [*links.items(), ("empty", ""), ("too long", "a" * 5000)]:
            if kind == "organiser":
                continue
            path = rule.replace("<token>", token)
            send = client.put if rule in puts else client.post
            resp = send(path, json=body) if rule.startswith("/api/") else \
                client.post(path, data={k: str(v) for k, v in body.items() if k != "players"})
            assert resp.status_code in (404, 405), (kind, rule, resp.status_code)
    after = client.get(f"/api/events/{evening.organiser}").get_json()
    assert (after["version"], after["partie"], after["next"]) == (before["version"], 1, before["next"])
