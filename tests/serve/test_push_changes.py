"""Where the push hub hears of changes (scribe/push/changes.py): a write in this process
wakes it at once; on PostgreSQL one LISTEN connection names the games, and a dropped one
is made again with every followed game read anew, so a notification lost meanwhile costs
nothing."""

from __future__ import annotations

import asyncio
import threading
import time

import psycopg
import pytest
import uvicorn

from scribe import create_app
from scribe.push.asgi import PushApp
from scribe.push.changes import PgChanges, source_for
from scribe.store.pg import CHANNEL

from .conftest import free_port
from .sse import Stream
from .test_push import act, fragment, new_game, shown


@pytest.fixture
def slow_tick_server(tmp_path):
    """scribe's ASGI app under uvicorn in a thread, its hub asking the database once an hour:
    whatever reaches a stream got there by the in-process wake."""
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "TESTING": False})
    app.config["ALLOWED_HOSTS"] = ["localhost"]
    push = PushApp(app, threads=4)
    push.hub.source.tick = 3600.0
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(push, host="127.0.0.1", port=port, lifespan="on", log_config=None,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield port
    push.close()
    server.should_exit = True
    thread.join(10)


def test_a_write_in_this_process_reaches_the_streams_without_waiting_for_a_tick(slow_tick_server):
    port = slow_tick_server
    key, watch = new_game(port)
    tv = Stream(port, f"/w/{watch}/events?v=0")
    assert tv.next() == (None, "hello", "0")
    page = ""
    for version, bid in enumerate(({"player": 1, "bid": 0}, {"player": 2, "bid": 1}), start=1):
        assert act(port, key, "bid", bid) == version
        sent = tv.next(timeout=20)  # the tick is an hour away: only the wake can bring it
        page = shown(page, sent)  # the first whole, the next in parts
        assert sent.id == str(version) and page == fragment(port, watch)
    tv.close()


def test_a_write_wakes_the_loop_only_while_a_stream_is_held(tmp_path):
    """With no stream held a write has nothing to tell: its thread does not wake the event
    loop (a cross-thread wake-up after every bid). Once a stream is held, it does."""
    from scribe.push.hub import Hub

    class Loop:
        def __init__(self):
            self.calls = []

        def call_soon_threadsafe(self, *args):
            self.calls.append(args)

    hub = Hub(lambda environ, start: [], str(tmp_path / "x.sqlite3"), None)
    hub._loop = loop = Loop()
    hub.wake()
    assert loop.calls == []
    member = hub.join({"game": "g1", "share": "s1", "path": "/w/t/sheet", "version": 0, "environ": {}})
    hub.wake()
    assert len(loop.calls) == 1
    hub.leave(member)
    hub.wake()
    assert len(loop.calls) == 1


def test_the_source_follows_the_database_url():
    assert type(source_for({"DATABASE": "x.sqlite3"})).__name__ == "SqliteChanges"
    assert isinstance(source_for({"DATABASE": "x", "DATABASE_URL": "postgresql://h/db"}), PgChanges)


def test_sqlite_names_only_the_followed_games_a_commit_changed(tmp_path):
    """Another process's commit moves ``data_version`` whatever it wrote: the games named are
    those the store's journal names since the last look (an entry appended, a rename, a link
    stopped), so 200 tables followed cost one small read per commit, not 200 versions read;
    a change that moves no version is named as touched, so its screens ask again at once."""
    from scribe import service, store
    from scribe.push.changes import SqliteChanges

    path = str(tmp_path / "x.sqlite3")
    db = store.open_db(path)
    games = [service.create(db, "wizard", None, "en", players=["Ann", "Bo", "Cy"], first_dealer=0)
             for _ in range(200)]
    source = SqliteChanges(path)

    async def look() -> None:
        await source.open(lambda: None)
        try:
            assert await source.moved(games, set()) == []  # the first look: nothing yet
            assert await source.moved(games, {games[5]}) == [games[5]]  # a new stream's game, at once
            service.act(db, games[7], "bid", {"player": 1, "bid": 0}, 0)
            service.act(db, games[199], "bid", {"player": 1, "bid": 0}, 0)
            assert sorted(await source.moved(games[:100], set())) == [games[7]]  # only followed ones
            assert await source.versions([games[7]]) == {games[7]: 1}
            assert await source.moved(games, set()) == []  # nothing since
            assert source.touched == set()
            store.rename_game(db, games[3], "Friday")
            assert await source.moved(games, set()) == [games[3]]
            assert source.touched == {games[3]}
            assert await source.moved(games, set()) == [] and source.touched == set()
        finally:
            await source.close()

    run_alone(look())
    store.close(db)


# ---------------------------------------------------------------- PostgreSQL's LISTEN


def run_alone(coroutine) -> None:
    """``asyncio.run`` in a thread of its own: the browser tests keep Playwright's loop
    running on the main thread for the whole session."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as one:
        one.submit(asyncio.run, coroutine).result()


def _table(url: str) -> None:
    """The two columns the hub reads (the store's own schema has them; made by hand here)."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("create table if not exists games (id text primary key, version integer not null)")
        conn.execute("insert into games values ('a', 1), ('b', 1), ('z', 1)")


def _write(url: str, game: str, version: int) -> None:
    """A write as the store makes one: the version moved and the game named, in one transaction."""
    with psycopg.connect(url) as conn:
        conn.execute("update games set version = %s where id = %s", (version, game))
        conn.execute("select pg_notify(%s, %s)", (CHANNEL, game))


async def _until(check, what: str, seconds: float = 20) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not check():
        assert asyncio.get_running_loop().time() < deadline, f"never: {what}"
        await asyncio.sleep(0.01)


def test_listen_names_the_games_written_and_only_those_followed(pg_url):
    _table(pg_url)

    async def scenario():
        pokes = asyncio.Event()
        source = PgChanges(pg_url)
        await source.open(pokes.set)
        try:
            await _until(lambda: source.connects == 1, "LISTEN")
            # just connected: every followed game is read (a change before LISTEN is not lost)
            assert sorted(await source.moved(["a", "b"], set())) == ["a", "b"]
            assert await source.versions(["a", "b"]) == {"a": 1, "b": 1}

            pokes.clear()
            await asyncio.to_thread(_write, pg_url, "a", 2)
            await asyncio.wait_for(pokes.wait(), 20)  # the hub is woken by the notification
            assert await source.moved(["a", "b"], set()) == ["a"]
            assert source.touched == {"a"}  # notified: changed for sure, version or not (a link revoked)
            assert await source.versions(["a"]) == {"a": 2}

            await asyncio.to_thread(_write, pg_url, "z", 2)  # a game nobody here follows
            await _until(lambda: "z" in source.heard, "z's notification")
            assert await source.moved(["a", "b"], set()) == []
            assert await source.moved(["a", "b"], {"b"}) == ["b"]  # a new stream's game is read at once
            assert source.touched == set()  # ...but it was not said to have changed
        finally:
            await source.close()

    run_alone(scenario())


def test_a_dropped_listen_connection_is_made_again_and_nothing_is_missed(pg_url):
    _table(pg_url)

    def drop_all() -> int:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            return len(conn.execute("select pg_terminate_backend(pid) from pg_stat_activity "
                                    "where application_name = 'scribe push' and datname = current_database()").fetchall())

    async def scenario():
        source = PgChanges(pg_url)
        source.backoff = (1.5,)  # down long enough for a write to fall in the gap
        await source.open(lambda: None)
        try:
            await _until(lambda: source.connects == 1, "LISTEN")
            await source.moved(["a", "b"], set())
            assert await source.versions(["a", "b"]) == {"a": 1, "b": 1}  # the reader connection is open too

            assert await asyncio.to_thread(drop_all) == 2  # PostgreSQL restarted, a proxy cut them (only this test's:
            # the cluster is shared, and another test's source may still be closing)
            await _until(lambda: source.listener is None, "the drop noticed")
            await asyncio.to_thread(_write, pg_url, "b", 5)  # its notification reaches nobody
            await _until(lambda: source.connects == 2, "LISTEN again")
            assert sorted(await source.moved(["a", "b"], set())) == ["a", "b"]  # so all are read again
            versions = await source.versions(["a", "b"])
            if not versions:  # the reader found its connection dropped: named again, read next time
                again = await source.moved(["a", "b"], set())
                assert sorted(again) == ["a", "b"]
                versions = await source.versions(again)
            assert versions == {"a": 1, "b": 5}

            await asyncio.to_thread(_write, pg_url, "a", 3)  # and it listens on
            await _until(lambda: "a" in source.heard, "a's notification after the reconnect")
        finally:
            await source.close()

    run_alone(scenario())


def test_a_rematch_is_notified_for_the_old_game(pg_url):
    """Play again moves no version of the old game: ``links.touch`` names it on the channel
    all the same, so every node's hub asks its screens again at once (issue 32, item 2)."""
    from scribe.store import links, open_db

    db = open_db(pg_url)

    async def scenario():
        pokes = asyncio.Event()
        source = PgChanges(pg_url)
        await source.open(pokes.set)
        try:
            await _until(lambda: source.connects == 1, "LISTEN")
            await source.moved(["old"], set())  # just connected: everything read once
            pokes.clear()
            await asyncio.to_thread(links.touch, db, "old")
            await asyncio.wait_for(pokes.wait(), 20)
            assert await source.moved(["old"], set()) == ["old"]
            assert source.touched == {"old"}  # asked again, though its version did not move
        finally:
            await source.close()

    try:
        run_alone(scenario())
    finally:
        db.close()
