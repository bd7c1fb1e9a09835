"""The store on a real SQLite file and on PostgreSQL (``backend``, tests/store/conftest.py):
schema from migrations, restarts keep games, a stale append saves nothing, writers racing
on one version land one entry, unguessable ids."""

from __future__ import annotations

import re
import threading

import pytest

from scribe import create_app, store
from scribe.store.games import new_id
from scribe.store.migrations import migrations

from .racing import race

SETUP = {"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2, "rules": {}, "edition": "gigamic"}


def test_migrations_build_the_schema_from_an_empty_file(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    assert not path.exists()
    db = store.open_db(path)
    assert {"games", "entries", "_sqlite_migrations"} <= set(db.table_names())
    assert {c.name for c in db["games"].columns} >= {
        "id", "game", "name", "setup", "lang", "version", "summary", "created_at", "updated_at", "deleted_at"}
    assert {c.name for c in db["entries"].columns} == {"game_id", "seq", "kind", "data", "at"}
    assert db["entries"].pks == ["game_id", "seq"]
    applied = [r["name"] for r in db["_sqlite_migrations"].rows_where("migration_set = ?", ["scribe"])]
    assert applied == [m.name for m in migrations._migrations] and "m001_games_and_entries" in applied
    assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
    db.conn.close()
    # opening again applies nothing twice
    db = store.open_db(path)
    assert [r["name"] for r in db["_sqlite_migrations"].rows_where("migration_set = ?", ["scribe"])] == applied
    db.conn.close()


def test_postgresql_migrations_build_the_schema_once_and_record_each_step(pg_url):
    from scribe.store import pg_schema

    db = store.open_db(pg_url)
    applied = pg_schema.applied(db)
    assert applied == [name for name, _sql in pg_schema.STEPS] and "p001_tables" in applied
    columns = {r[0] for r in db.execute(
        "select column_name from information_schema.columns where table_name = 'games'").fetchall()}
    assert columns >= {"id", "game", "name", "setup", "lang", "version", "summary", "created_at", "updated_at",
                       "deleted_at", "made_from", "made_with"}
    pk = db.execute("select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid "
                    "and a.attnum = any(i.indkey) where i.indrelid = 'entries'::regclass and i.indisprimary "
                    "order by a.attname").fetchall()
    assert [r[0] for r in pk] == ["game_id", "seq"]
    store.close(db)
    db = store.open_db(pg_url)  # opening again applies nothing twice
    assert pg_schema.applied(db) == applied
    assert db.execute("select count(*) from scribe_migrations").fetchone()[0] == len(applied)
    store.close(db)


def test_a_game_and_its_entries_survive_reopening_the_database(backend):
    path = backend.where
    db = store.open_db(path)
    gid = store.create_game(db, "wizard", "Friday", SETUP, "en", {"phase": "bidding"})
    store.append_entry(db, gid, 0, "bid", {"round": 1, "player": 0, "bid": 0})
    store.append_entry(db, gid, 1, "bid", {"round": 1, "player": 1, "bid": 1})
    store.close(db)

    db = store.open_db(path)
    game = store.get_game(db, gid)
    assert game.name == "Friday" and game.version == 2 and game.setup == SETUP
    log = store.load_log(db, gid)
    assert [(e.seq, e.kind, dict(e.data)) for e in log] == [
        (1, "bid", {"round": 1, "player": 0, "bid": 0}), (2, "bid", {"round": 1, "player": 1, "bid": 1})]
    assert [g.id for g in store.list_games(db)] == [gid]
    store.close(db)


def test_a_new_app_on_the_same_instance_keeps_the_games(tmp_path):
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")}
    client = create_app(config).test_client()
    resp = client.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                           "preset": "plus_minus_one", "name": "Kept"})
    gid = resp.get_json()["key"]
    for value in (0, 1, 1):
        assert client.post(f"/api/games/{gid}/bids", json={"bid": value}).status_code == 200
    assert client.post(f"/api/games/{gid}/tricks", json={"tricks": [0, 0, 1]}).status_code == 200
    key = (tmp_path / "instance" / "secret_key").read_text()

    restarted = create_app(config).test_client()  # a restart: a new app, the same files
    body = restarted.get(f"/api/games/{gid}").get_json()
    assert body["name"] == "Kept" and body["sheet"]["totals"] == [20, -10, 30] and body["sheet"]["version"] == 4
    assert len(restarted.get(f"/api/games/{gid}/history").get_json()["entries"]) == 4
    assert "Kept" in restarted.get("/").get_data(as_text=True)
    assert (tmp_path / "instance" / "secret_key").read_text() == key  # sessions survive too


def test_append_with_a_stale_version_raises_and_saves_nothing(db):
    gid = store.create_game(db, "wizard", "G", SETUP)
    store.append_entry(db, gid, 0, "bid", {"round": 1, "player": 0, "bid": 0}, {"phase": "bidding"})
    before = store.get_game(db, gid)
    for stale in (0, 5):  # behind (a double tap) and ahead
        with pytest.raises(store.StaleError) as info:
            store.append_entry(db, gid, stale, "bid", {"round": 1, "player": 1, "bid": 1}, {"phase": "x"})
        assert info.value.current == 1
    after = store.get_game(db, gid)
    assert after.version == 1 and after.summary == before.summary == {"phase": "bidding"}
    assert [e.seq for e in store.load_log(db, gid)] == [1]
    assert db.execute("select count(*) from entries").fetchone()[0] == 1


def test_two_connections_at_the_same_version_only_one_lands(backend):
    a, b = backend.open(), backend.open()
    gid = store.create_game(a, "wizard", "G", SETUP)
    store.append_entry(a, gid, 0, "bid", {"round": 1, "player": 0, "bid": 0})
    with pytest.raises(store.StaleError):
        store.append_entry(b, gid, 0, "bid", {"round": 1, "player": 0, "bid": 1})
    assert [dict(e.data)["bid"] for e in store.load_log(b, gid)] == [0]
    store.close(a), store.close(b)


def test_entries_need_an_existing_game(db):
    with pytest.raises((store.StaleError, *store.db.INTEGRITY)):
        store.append_entry(db, "no-such-game", 0, "bid", {"bid": 0})
    assert db.execute("select count(*) from entries").fetchone()[0] == 0


def test_ids_carry_at_least_128_random_bits():
    ids = [new_id() for _ in range(20000)]
    assert all(len(i) == 22 and re.fullmatch(r"[A-Za-z0-9_-]{22}", i) for i in ids)  # 22 * 6 = 132 bits
    assert len(set(ids)) == len(ids)
    # every position varies: no counter or timestamp prefix
    assert all(len({i[k] for i in ids[:2000]}) > 30 for k in range(21))


def test_game_ids_from_the_store_are_distinct(db):
    ids = {store.create_game(db, "wizard", "G", SETUP) for _ in range(300)}
    assert len(ids) == 300 and all(len(i) == 22 for i in ids)


def test_rename_delete_restore_and_lookups(db):
    gid = store.create_game(db, "wizard", "G", SETUP)
    store.rename_game(db, gid, "H")
    assert store.get_game(db, gid).name == "H"
    store.delete_game(db, gid)
    assert store.get_game(db, gid).deleted_at and store.list_games(db) == []
    assert [g.id for g in store.list_games(db, deleted=True)] == [gid]
    store.restore_game(db, gid)
    assert store.get_game(db, gid).deleted_at is None and [g.id for g in store.list_games(db)] == [gid]
    assert store.get_game(db, "nope") is None and store.get_game(db, "x" * 1000) is None
    assert store.get_game(db, ["x"]) is None


def test_no_id_or_link_starts_with_a_dash_a_command_line_would_take_it_for_an_option(db):
    """``scribe pdf KEY``: argparse reads "-abc" as an option; about one draw in 64 began so."""
    from scribe.store import links

    made = [new_id() for _ in range(3000)]
    gid = store.create_game(db, "wizard", "x", SETUP, "en")
    made += [links.token_of("key", links.issue(db, "key", gid, links.WATCH)) for _ in range(1000)]
    assert not [m for m in made if m.startswith("-")]
    assert {m[0] for m in made} >= {"_", "A", "z", "0"}  # the rest of the alphabet still drawn


def test_threads_racing_to_append_land_one_entry_per_version_each_committed_at_once(backend):
    """Four threads, each on its own connection as the server's are, append to one game
    as fast as they can, retrying when another got the version first: the log is 1..40
    without a gap or a double, every append was committed when it returned (no
    transaction left open), and the game's version is the last entry's."""
    db = backend.open()
    gid = store.create_game(db, "wizard", "G", SETUP)
    open_after: list[str] = []

    def writer(name: str) -> None:
        conn = backend.open()
        landed = 0
        while landed < 10:
            version = store.get_game(conn, gid).version
            try:
                store.append_entry(conn, gid, version, "bid", {"by": name}, {"phase": name})
            except store.StaleError:
                continue
            landed += 1
            if store.db.in_transaction(conn):
                open_after.append(name)
        store.close(conn)

    threads = [threading.Thread(target=writer, args=(f"w{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    log = store.load_log(db, gid)
    assert [e.seq for e in log] == list(range(1, 41)) and not open_after
    assert sorted(e.data["by"] for e in log) == sorted(f"w{i}" for i in range(4) for _ in range(10))
    game = store.get_game(db, gid)
    assert game.version == 40 and game.summary == {"phase": log[-1].data["by"]}


def test_threads_appending_at_the_same_version_one_wins_the_others_are_stale(backend):
    """Eight writers, each on its own connection, released at once with the version they
    all read: exactly one entry lands, every other writer is told StaleError with the
    version it lost to, and nothing is duplicated or half-saved (the game's version, its
    summary and its log agree), on each backend."""
    db = backend.open()
    gid = store.create_game(db, "wizard", "G", SETUP)
    store.append_entry(db, gid, 0, "bid", {"round": 1, "player": 0, "bid": 0}, {"phase": "first"})
    for round_no in range(5):  # several rounds: a race lost once by luck proves little
        version = store.get_game(db, gid).version
        jobs = [lambda conn, i=i, n=round_no: store.append_entry(conn, gid, version, "bid", {"by": i, "round": n},
                                                                 {"phase": f"w{i}"}) for i in range(8)]
        outcomes = ["landed" if outcome == "ok" else err.current
                    for outcome, err in race(backend.where, jobs, (store.StaleError,))]
        assert outcomes.count("landed") == 1 and outcomes.count(version + 1) == 7, outcomes
        winner = outcomes.index("landed")
        log = store.load_log(db, gid)
        assert [e.seq for e in log] == list(range(1, version + 2))
        assert dict(log[-1].data) == {"by": winner, "round": round_no}
        game = store.get_game(db, gid)
        assert game.version == version + 1 and game.summary == {"phase": f"w{winner}"}
    assert db.execute("select count(*) from entries where game_id = ?", [gid]).fetchone()[0] == 6


def test_servers_starting_at_once_on_an_empty_postgresql_apply_the_schema_once(pg_url):
    """Several processes start together (gunicorn's workers, two nodes): one applies the
    steps under the advisory lock, the others wait and find them applied."""
    from scribe.store import pg_schema

    barrier, failures = threading.Barrier(5), []

    def start() -> None:
        try:
            barrier.wait()
            store.close(store.open_db(pg_url))
        except Exception as err:  # noqa: BLE001  (any failure is the finding)
            failures.append(err)

    threads = [threading.Thread(target=start) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    db = store.open_db(pg_url, migrate=False)
    assert failures == [] and pg_schema.applied(db) == [name for name, _sql in pg_schema.STEPS]
    store.close(db)
