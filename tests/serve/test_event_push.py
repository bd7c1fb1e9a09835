"""Issue 36 on a real ``scribe serve``: the hall's TV and the organiser's board are pushed as a
game's screens are. A deal entered at any table through its Scribe's link, the next partie
drawn, then a deal at one of the new partie's tables each reach the TV's stream and the
organiser's, and the page they make reads exactly as the board's poll answers; a write made
by another process (no hub of its own) gets there too; a wrong or revoked link opens no
stream, and a held one is told to reload. The hub's recheck is set ten minutes away: what
arrives came by the write's wake-up or the store's journal, never by a timer."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from scribe.push import many_games
from scribe.push.hub import Hub

from .conftest import request
from .sse import Stream
from .test_push import shown

SIXTEEN = [f"P{i:02}" for i in range(16)]
GARDE = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49}  # the taker +198, each defender -66
HOST = {"Host": "localhost"}
QUIET = {"SCRIBE_PUSH_RECHECK_SECONDS": "600"}


def api(port: int, method: str, path: str, body=None) -> tuple[int, dict]:
    status, _, raw = request(port, method, path, body, headers=HOST)
    return status, json.loads(raw) if raw else {}


def new_event(port: int) -> tuple[str, str, list[dict]]:
    """16 players, two parties of one deal, the first drawn: the organiser's token, the
    ranking link's token, the first partie's tables."""
    status, event = api(port, "POST", "/api/events", {"name": "Club du jeudi", "game": "tarot", "format": "tarot_free",
                                                     "parties": 2, "deals": 1, "entrants": SIXTEEN})
    assert status == 201, event
    organiser, hall = event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]
    status, started = api(port, "POST", f"/api/events/{organiser}/parties", {"partie": 1})
    assert status == 201, started
    return organiser, hall, started["tables"]


def deal(port: int, table: dict) -> None:
    status, body = api(port, "POST", f"/api/games/{table['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
    assert status == 200, body


def live_version(port: int, token: str) -> int:
    return api(port, "GET", f"/api/events/{token}/version")[1]["version"]


def board(port: int, path: str) -> str:
    """What the board's poll answers now: the stream's page must read exactly so."""
    status, _, body = request(port, "GET", path, headers={**HOST, "HX-Request": "true"})
    assert status == 200
    return "\n".join(body.decode().splitlines())


class Screen:
    """A page holding its board's stream, as the browser's live.js keeps it."""

    def __init__(self, port: int, stream_path: str, board_path: str, version: int):
        self.port, self.board_path = port, board_path
        self.page = board(port, board_path)
        self.stream = Stream(port, f"{stream_path}?v={version}")
        assert self.stream.status == 200
        assert self.stream.next() == (None, "hello", str(version))

    def follow(self, version: int) -> str:
        """The page once the stream brought it to ``version`` (a render may cover several
        writes, never go past what it shows); it reads as the poll's board does."""
        shows = -1
        while shows < version:
            event = self.stream.next(timeout=20)  # the recheck is ten minutes away
            assert event is not None and event.id is not None, event
            self.page = shown(self.page, event)
            shows = int(event.id)
            assert f'data-version="{shows}"' in self.page[:300]
        assert shows == version
        assert self.page == board(self.port, self.board_path)
        return self.page


def tv_table(page: str, number: int) -> str:
    found = re.search(rf'<article class="tv-table (\w+)" id="tv-table-{number}">(.*?)</article>', page, re.DOTALL)
    assert found, page
    return " ".join([found.group(1), *re.sub(r"<[^>]+>", " ", found.group(2)).split()])


def screens(port: int, organiser: str, hall: str) -> tuple[Screen, Screen]:
    version = live_version(port, hall)
    return (Screen(port, f"/events/{hall}/tv/events", f"/events/{hall}/tv/board", version),
            Screen(port, f"/events/{organiser}/events", f"/events/{organiser}/board", version))


def test_each_deal_and_the_next_partie_reach_the_tv_and_the_organiser(serve):
    port = serve("--host", "127.0.0.1", env=QUIET).port
    organiser, hall, tables = new_event(port)
    tv, desk = screens(port, organiser, hall)
    assert "waiting" in tv_table(tv.page, 3)

    deal(port, tables[2])  # table 3's Scribe enters its deal
    version = live_version(port, hall)
    taker = tables[2]["players"][0]
    assert f"{taker} 198" in tv_table(tv.follow(version), 3) and "finished" in tv_table(tv.page, 3)
    assert "waiting" in tv_table(tv.page, 1)
    desk.follow(version)

    for t in (tables[0], tables[1], tables[3]):
        deal(port, t)
    version = live_version(port, hall)
    for screen in (tv, desk):
        screen.follow(version)
    assert "Draw the next partie (2)" in desk.page

    status, started = api(port, "POST", f"/api/events/{organiser}/parties", {"partie": 2})
    assert status == 201, started
    version = live_version(port, hall)
    assert "Partie 2 of 2" in tv.follow(version)
    new = started["tables"][2]
    assert tv_table(tv.page, 3) == "waiting Table 3 waiting " + " 0 ".join(new["players"]) + " 0"
    desk.follow(version)

    deal(port, new)  # a table of the new partie: followed since the draw's render
    version = live_version(port, hall)
    assert f"{new['players'][0]} 198" in tv_table(tv.follow(version), 3)
    desk.follow(version)
    for screen in (tv, desk):
        screen.stream.close()


@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
def test_a_write_by_another_process_reaches_the_tv(serve, request, tmp_path, where):
    """Another process writes (a second worker, another node, ``scribe`` on the command
    line; here the test's own app, with no hub): SQLite's journal, or PostgreSQL's notice,
    names the table's game, and the event itself when a partie is drawn or a note written,
    so the server's TV hears of each at once."""
    from scribe import create_app

    env, config = dict(QUIET), {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other")}
    if where == "postgresql":
        url, key = request.getfixturevalue("pg_url"), "e5" * 32
        env.update(SCRIBE_DATABASE_URL=url, SCRIBE_SECRET_KEY=key)
        config.update(DATABASE_URL=url, SECRET_KEY=key)
    server = serve("--host", "127.0.0.1", env=env)
    if where == "sqlite":
        config["INSTANCE_PATH"] = str(server.instance)  # its file, its key
    port = server.port
    organiser, hall, tables = new_event(port)
    tv, _desk = screens(port, organiser, hall)
    other = create_app(config).test_client()

    def post(path: str, body: dict) -> dict:
        resp = other.post(path, json=body, headers=HOST)
        assert resp.status_code in (200, 201), resp.get_json()
        return resp.get_json()

    post(f"/api/games/{tables[2]['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
    assert "finished" in tv_table(tv.follow(live_version(port, hall)), 3)
    for t in (tables[0], tables[1], tables[3]):
        post(f"/api/games/{t['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
    tv.follow(live_version(port, hall))
    started = post(f"/api/events/{organiser}/parties", {"partie": 2})
    assert "Partie 2 of 2" in tv.follow(live_version(port, hall))
    post(f"/api/games/{started['tables'][0]['scribe']['key']}/actions/deal", {**GARDE, "version": 0})
    assert f"{started['tables'][0]['players'][0]} 198" in tv_table(tv.follow(live_version(port, hall)), 1)
    resp = other.put(f"/api/events/{organiser}/note", json={"note": "Finale & <dessert>"}, headers=HOST)
    assert resp.status_code == 200, resp.get_json()  # the evening's note: announced by its event too
    assert '<p class="tv-note">Finale &amp; &lt;dessert&gt;</p>' in tv.follow(live_version(port, hall))
    tv.stream.close()


def test_a_wrong_or_revoked_link_gets_no_stream(serve):
    from scribe import store

    server = serve("--host", "127.0.0.1", env=QUIET)
    port = server.port
    organiser, hall, tables = new_event(port)
    for path in (f"/events/{'x' * 22}/tv/events", f"/events/{organiser}/tv/events",  # the TV's is the ranking link's
                 f"/events/{hall}/events", f"/events/{tables[0]['scribe']['key']}/tv/events"):
        assert Stream(port, f"{path}?v=0").status == 404, path
    tv, _desk = screens(port, organiser, hall)
    db = store.open_db(server.instance / "scribe.sqlite3")
    try:  # the ranking link stopped (by another process: no version moves)
        db.execute("update event_links set revoked_at = '2026-11-29T20:00:00Z' where kind = 'ranking'")
        db.commit()
    finally:
        store.close(db)
    assert tv.stream.next(timeout=20) == (None, "reload", "")  # the page reloads and reads why (404)
    assert tv.stream.next() is None
    assert Stream(port, f"/events/{hall}/tv/events?v=0").status == 404


def test_a_board_is_followed_under_the_games_its_render_names_and_under_none_once_gone():
    """The hub's bookkeeping (push/many_games.py): an event's group is filed under the
    event and each table's game; a render naming a new partie's tables files it under them
    too and asks once more (an entry meanwhile is not lost); the last stream gone, the hub
    follows none of them."""
    class Source:  # nothing moves: only the bookkeeping is looked at
        tick, touched = 3600.0, set()

    def board(environ, start_response):  # the board is current: its poll's 204
        start_response("204 No Content", [])
        return [b""]

    async def run() -> None:
        hub = Hub(board, Source(), None)
        member = hub.join({"game": "ev", "share": "tv", "path": "/events/t/tv/board", "version": 4, "environ": {},
                           "follows": ["g1", "g2"]})
        group = member.group
        assert set(hub.games) == {"ev", "g1", "g2"} and hub.games["g1"] == {"tv": group}
        while group.busy:  # the render the join asked for (a change between the answer and the join)
            await asyncio.sleep(0.01)
        assert hub.renders == 1
        many_games.update(hub, group, [(b"x-scribe-follows", b"g1 g2 g3 g4")])  # partie 2 drawn
        assert set(hub.games) == {"ev", "g1", "g2", "g3", "g4"} and group.again
        group.again = False
        many_games.update(hub, group, [])  # a 204 names nothing: as before
        assert set(hub.games) == {"ev", "g1", "g2", "g3", "g4"} and not group.again
        hub.leave(member)
        assert hub.games == {} and hub.groups == {}

    # its own thread: in one pytest process the browser tests' Playwright keeps an event
    # loop running on this one, where asyncio.run refuses to start
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()
