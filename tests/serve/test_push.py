"""Push (issue 21) on a real ``scribe serve``: each change is sent to the streams that
follow the game as it happens, once; a stream dropped mid-round and opened again is sent
what it missed, once, and then follows on; a link the Scribe stops ends its stream; the
server stopping ends every stream at once."""

from __future__ import annotations

import json
import signal

from scribe.push.parts import apply

from .conftest import request
from .sse import Event, Stream

HX = {"Host": "localhost", "HX-Request": "true"}


def new_game(port: int) -> tuple[str, str]:
    """A 3-player Wizard game (open bids): its Scribe's key and its watch token."""
    status, _, body = request(port, "POST", "/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 0,
                                                          "rules": {"rounds": 3}}, headers={"Host": "localhost"})
    assert status == 201, body
    key = json.loads(body)["key"]
    _, _, links = request(port, "GET", f"/api/games/{key}/links", headers={"Host": "localhost"})
    return key, json.loads(links)["watch"]["token"]


def act(port: int, key: str, kind: str, data: dict) -> int:
    status, _, body = request(port, "POST", f"/api/games/{key}/actions/{kind}", data, headers={"Host": "localhost"})
    assert status == 200, body
    return json.loads(body)["version"]


def fragment(port: int, watch: str) -> str:
    """What the TV's poll answers now: the stream must send exactly this."""
    status, _, body = request(port, "GET", f"/w/{watch}/sheet", headers=HX)
    assert status == 200
    return "\n".join(body.decode().splitlines())


def shown(page: str, event: Event) -> str:
    """What a page showing ``page`` shows once ``event`` is applied, as static/live.js does."""
    if event.name == "sheet":
        return event.data
    assert event.name == "parts", event
    now = apply(page.encode(), event.data.encode())
    assert now is not None, f"parts for another page: {event.data[:200]}"
    return now.decode()


def test_each_entry_reaches_the_tv_once_and_a_dropped_stream_gets_what_it_missed(serve):
    server = serve("--host", "127.0.0.1")
    port = server.port
    key, watch = new_game(port)
    tv = Stream(port, f"/w/{watch}/events?v=0")
    assert tv.status == 200 and tv.headers["Content-Type"].startswith("text/event-stream")
    assert tv.next() == (None, "hello", "0")  # nothing to send: the page is current

    assert act(port, key, "bid", {"player": 1, "bid": 0}) == 1
    sent = tv.next()
    assert (sent.id, sent.name) == ("1", "sheet") and sent.data == fragment(port, watch)
    assert 'data-version="1"' in sent.data

    tv.close()  # the TV's Wi-Fi drops mid-round; two bids meanwhile
    act(port, key, "bid", {"player": 2, "bid": 1})
    assert act(port, key, "bid", {"player": 0, "bid": 0}) == 3
    again = Stream(port, f"/w/{watch}/events?v=0", headers={"Last-Event-ID": "1"})
    assert again.next() == (None, "hello", "3")
    missed = again.next()
    assert (missed.id, missed.name) == ("3", "sheet") and missed.data == fragment(port, watch)
    assert "Cy" in missed.data

    # on from there: the next event is the next entry, so nothing came twice
    other = Stream(port, f"/w/{watch}/events?v=3")  # a second TV, current: only hello
    assert other.next() == (None, "hello", "3")
    assert act(port, key, "tricks", {"round": 1, "tricks": [1, 0, 0]}) == 4
    for stream in (again, other):
        event = stream.next()
        assert (event.id, event.name) == ("4", "sheet") and event.data == fragment(port, watch)
    assert act(port, key, "bid", {"player": 2, "bid": 0}) == 5
    assert [again.next().id, other.next().id] == ["5", "5"]
    for stream in (again, other):
        stream.close()


def test_the_watchers_of_a_game_share_one_render_per_entry(serve):
    """Twenty TVs on one game: each entry rendered once for all of them (the access log
    holds one fragment render per entry, not twenty)."""
    server = serve("--host", "127.0.0.1")
    port = server.port
    key, watch = new_game(port)
    tvs = [Stream(port, f"/w/{watch}/events?v=0") for _ in range(20)]
    for tv in tvs:
        assert tv.next().name == "hello"
    before = server.log().count("GET /w/<token>/sheet 200")
    page = ""
    for version, player in enumerate((1, 2, 0), start=1):
        act(port, key, "bid", {"player": player, "bid": 0})
        events = {tv.next() for tv in tvs}
        assert len(events) == 1  # the same bytes for all twenty
        event = events.pop()
        assert event.id == str(version)
        page = shown(page, event)
        assert page == fragment(port, watch)
    log = server.wait_log(lambda log: log.count("GET /w/<token>/sheet 200") - before >= 6)
    renders = log.count("GET /w/<token>/sheet 200") - before
    assert renders == 3 + 3  # one render per entry for the twenty, and this test's own three reads
    for tv in tvs:
        tv.close()


def test_a_stopped_link_ends_its_stream_and_the_page_reloads(serve):
    server = serve("--host", "127.0.0.1")
    port = server.port
    key, watch = new_game(port)
    tv = Stream(port, f"/w/{watch}/events?v=0")
    assert tv.next().name == "hello"
    status, _, _ = request(port, "POST", f"/api/games/{key}/links", {"link": "watch", "op": "revoke"},
                           headers={"Host": "localhost"})
    assert status == 200
    act(port, key, "bid", {"player": 1, "bid": 0})
    assert tv.next() == (None, "reload", "")  # the page reloads and reads why (410)
    assert tv.next() is None
    assert Stream(port, f"/w/{watch}/events?v=0").status == 410


def test_sigterm_ends_the_streams_and_exits_0(serve):
    server = serve("--host", "127.0.0.1")
    _key, watch = new_game(server.port)
    tvs = [Stream(server.port, f"/w/{watch}/events?v=0") for _ in range(5)]
    for tv in tvs:
        assert tv.next().name == "hello"
    assert server.stop(signal.SIGTERM, timeout=8) == 0
    assert all(tv.next() is None for tv in tvs)  # ended, so EventSource opens the next server's
    assert "Scribe stopped." in server.log() and "Traceback" not in server.log()


def test_a_seat_released_is_told_on_its_stream_though_no_entry_is_made(serve):
    """Releasing a seat moves no version: the stream's group asks again as a poll would,
    and the phone is told to reload (it then reads 'Seat released')."""
    import http.cookiejar
    import urllib.request

    server = serve("--host", "127.0.0.1")
    port = server.port
    key, _watch = new_game(port)
    _, _, body = request(port, "GET", f"/api/games/{key}/links", headers={"Host": "localhost"})
    seat = json.loads(body)["players"][0]["token"]
    jar = http.cookiejar.CookieJar()
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with phone.open(urllib.request.Request(f"http://127.0.0.1:{port}/p/{seat}", headers={"Host": "localhost"})):
        pass  # the phone claims the seat
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    stream = Stream(port, f"/p/{seat}/events?v=0", headers={"Cookie": cookie})
    assert stream.next().name == "hello"
    assert Stream(port, f"/p/{seat}/events?v=0").status == 403  # another phone: refused
    status, _, _ = request(port, "POST", f"/api/games/{key}/links", {"link": "0", "op": "release"},
                           headers={"Host": "localhost"})
    assert status == 200
    assert stream.next() == (None, "reload", "")
    assert stream.next() is None


def test_play_again_moves_the_old_games_streams_at_once(serve):
    """Play again moves no version of the old game: its streams are told at once all the
    same, each with its holder's own link of the next game (issue 32, item 2), and end. The
    hub's recheck is set ten minutes away: only the rematch's own wake can tell them."""
    server = serve("--host", "127.0.0.1", env={"SCRIBE_PUSH_RECHECK_SECONDS": "600"})
    port = server.port
    status, _, body = request(port, "POST", "/api/games", {"players": ["Ann", "Bo", "Cy"], "first_dealer": 0,
                                                          "rules": {"rounds": 1}}, headers={"Host": "localhost"})
    key = json.loads(body)["key"]
    for p in (1, 2, 0):
        act(port, key, "bid", {"player": p, "bid": 0})
    version = act(port, key, "tricks", {"round": 1, "tricks": [1, 0, 0]})
    _, _, links = request(port, "GET", f"/api/games/{key}/links", headers={"Host": "localhost"})
    watch = json.loads(links)["watch"]["token"]
    tvs = [Stream(port, f"/w/{watch}/events?v={version}") for _ in range(2)]
    for tv in tvs:
        assert tv.next() == (None, "hello", str(version))
    status, _, body = request(port, "POST", f"/api/games/{key}/rematch", headers={"Host": "localhost"})
    assert status == 201
    _, _, links = request(port, "GET", f"/api/games/{json.loads(body)['key']}/links", headers={"Host": "localhost"})
    new_watch = json.loads(links)["watch"]["token"]
    for tv in tvs:
        assert tv.next(timeout=30) == (None, "follow", f"/w/{new_watch}")
        assert tv.next() is None


def test_a_link_stopped_in_another_process_ends_its_stream_at_once(serve):
    """On SQLite a link stopped moves no version, and may be stopped by another process (a
    second worker, ``scribe`` on the command line): the store's journal names its game, so
    the TV is told at once, not at the hub's recheck (set ten minutes away here)."""
    from scribe import store
    from scribe.store import links

    server = serve("--host", "127.0.0.1", env={"SCRIBE_PUSH_RECHECK_SECONDS": "600"})
    port = server.port
    _key, watch = new_game(port)
    tv = Stream(port, f"/w/{watch}/events?v=0")
    assert tv.next().name == "hello"
    db = store.open_db(server.instance / "scribe.sqlite3")
    try:
        game_id = links.find(db, watch)[0].game_id
        links.revoke(db, game_id, "watch")
    finally:
        store.close(db)
    assert tv.next(timeout=10) == (None, "reload", "")
    assert tv.next() is None


def test_a_screen_is_sent_what_changed_and_a_reconnect_still_misses_nothing(serve):
    """Issue 35: a stream whose page shows the version before is sent the parts that changed
    (a row, the round), far fewer bytes than the fragment, and its page then reads as the
    fragment does; a stream dropped and opened again is sent the whole fragment once, then
    parts again; a stream further behind than the group's last change is sent it whole."""
    server = serve("--host", "127.0.0.1")
    port = server.port
    key, watch = new_game(port)
    for player, bid in ((1, 0), (2, 1), (0, 0)):  # round 1 (its score brings the standings, the story)
        act(port, key, "bid", {"player": player, "bid": bid})
    assert act(port, key, "tricks", {"round": 1, "tricks": [1, 0, 0]}) == 4
    tv = Stream(port, f"/w/{watch}/events?v=0")
    assert tv.next() == (None, "hello", "4")
    page = tv.next().data  # the fragment at 4, whole: the page was opened at 0
    assert act(port, key, "bid", {"player": 2, "bid": 1}) == 5
    sent = tv.next()
    assert (sent.id, sent.name) == ("5", "parts")
    assert len(sent.data) * 2 < len(fragment(port, watch))  # (a 3-round sheet: the fragment is small)
    page = shown(page, sent)
    assert page == fragment(port, watch)

    tv.close()  # dropped; an entry meanwhile
    assert act(port, key, "bid", {"player": 0, "bid": 0}) == 6
    again = Stream(port, f"/w/{watch}/events?v=0", headers={"Last-Event-ID": "5"})
    assert again.next() == (None, "hello", "6")
    missed = again.next()
    assert (missed.id, missed.name) == ("6", "sheet") and missed.data == fragment(port, watch)
    page = missed.data
    other = Stream(port, f"/w/{watch}/events?v=6")  # a second TV, current
    assert other.next() == (None, "hello", "6")
    assert act(port, key, "bid", {"player": 1, "bid": 0}) == 7
    for stream in (again, other):
        event = stream.next()
        assert (event.id, event.name) == ("7", "parts")
    page = shown(page, event)
    assert page == fragment(port, watch)
    assert act(port, key, "tricks", {"round": 2, "tricks": [1, 1, 0]}) == 8
    event = again.next()
    assert (event.id, event.name) == ("8", "parts")  # nothing twice: 8 applies to 7
    assert shown(page, event) == fragment(port, watch)
    late = Stream(port, f"/w/{watch}/events?v=6", headers={"Last-Event-ID": "6"})  # behind the group's 7
    assert late.next() == (None, "hello", "8")
    assert late.next() == ("8", "sheet", fragment(port, watch))
    for stream in (again, other, late):
        stream.close()
