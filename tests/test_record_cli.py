"""``scribe backup``, ``scribe export`` and ``scribe import`` as a user types them: real
SQLite files under SCRIBE_INSTANCE, exit status 0, 2 or 3 (scribe/climain.py), messages on stderr."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from scribe import create_app, service, sharing, store
from scribe.cli import main
from scribe.store import open_db, pg
from scribe.web.serialize import sheet_json

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def instance(tmp_path, monkeypatch):
    path = tmp_path / "instance"
    monkeypatch.setenv("SCRIBE_INSTANCE", str(path))
    return path


@pytest.fixture
def served(instance):
    """The app the commands read (same SCRIBE_INSTANCE), with its API client."""
    app = create_app({"TESTING": True})
    return app, app.test_client()


def created(client, **body) -> tuple[str, str]:
    """(the handle its API paths take, its id in the store): the commands take the id."""
    data = client.post("/api/games", json=body).get_json()
    return data.get("key", data["id"]), data["id"]


def play_wizard(client) -> str:
    """A round of Wizard, an undo and a redo; returns the game's id."""
    handle, gid = created(client, players=["Anna", "Bert", "Cleo"], first_dealer=0, name="Tuesday")
    for path, body in [("trump", {"card": "red"}), ("bids", {"bid": 1}), ("bids", {"bid": 0}), ("bids", {"bid": 1}),
                       ("tricks", {"tricks": [1, 0, None]}), ("undo", {}), ("redo", {})]:
        assert client.post(f"/api/games/{handle}/{path}", json=body).status_code == 200
    return gid


def game_id_of(app, key):
    """The game a Scribe's key opens, read from the app's database (file or PostgreSQL)."""
    db = open_db(store.target(app.config), migrate=False)
    try:
        return sharing.game_id_of(db, key)
    finally:
        store.close(db)


def web_sheet(app, game_id):
    """The sheet's JSON as the Scribe's page and API give it, read from the app's database."""
    db = open_db(store.target(app.config), migrate=False)
    service.sheets.clear()  # read from this database, not from a replay cached in this process
    try:
        with app.test_request_context():
            return sheet_json(sharing.viewer_sheet(service.load(db, game_id)[1]))
    finally:
        store.close(db)



@contextlib.contextmanager
def writing_on(db, gid):
    """A thread appending to Witty Zibi game ``gid`` through ``db`` (a damage and a heal at a
    time) for as long as the block runs, already under way when it starts; yields the list
    it grows (2 per pair written). The database is closed at the end."""
    stop, written = threading.Event(), []

    def write():
        while not stop.is_set():
            player = len(written) % 4
            service.act(db, gid, "damage", {"player": player, "amount": 10})
            service.act(db, gid, "heal", {"player": player})
            written.append(2)

    thread = threading.Thread(target=write)
    thread.start()
    try:
        while len(written) < 5:  # the writer is under way before the first copy
            stop.wait(0.01)
        yield written
    finally:
        stop.set()
        thread.join()
        store.close(db)

def test_backup_copies_every_game_into_a_database_that_opens(served, tmp_path, capsys):
    app, client = served
    gid = play_wizard(client)
    out = tmp_path / "copy.sqlite3"
    assert main(["backup", str(out)]) == 0
    assert "backed up" in capsys.readouterr().err
    copy = sqlite3.connect(out)
    assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
    assert copy.execute("select name, version from games where id = ?", [gid]).fetchone() == ("Tuesday", 7)
    copy.close()
    # and the copy is a Scribe instance of its own: the game opens there with its sheet
    other = tmp_path / "other"
    other.mkdir()
    (other / "scribe.sqlite3").write_bytes(out.read_bytes())
    restored = create_app({"TESTING": True, "INSTANCE_PATH": str(other)})
    assert web_sheet(restored, gid) == web_sheet(app, gid) and web_sheet(app, gid)["version"] == 7


def test_backup_refuses_to_overwrite_unless_forced(served, tmp_path, capsys):
    out = tmp_path / "copy.sqlite3"
    out.write_text("precious")
    assert main(["backup", str(out)]) == 2
    assert "exists" in capsys.readouterr().err and out.read_text() == "precious"
    assert main(["backup", str(out), "--force"]) == 0
    assert sqlite3.connect(out).execute("pragma integrity_check").fetchone()[0] == "ok"


def test_backup_into_a_missing_folder_is_refused(served, tmp_path, capsys):
    assert main(["backup", str(tmp_path / "nowhere" / "copy.sqlite3")]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert main(["backup", str(tmp_path)]) == 2  # a folder, not a file


def test_backup_while_the_server_writes_holds_a_consistent_prefix_of_the_log(served, tmp_path):
    """A thread keeps appending entries (as the server would) while backups run: each backup
    is a valid database whose game is at some version v with exactly entries 1..v."""
    app, client = served
    _handle, gid = created(client, game="zibi", players=["Ana", "Ben", "Cy", "Dee"])
    versions = []
    with writing_on(open_db(app.config["DATABASE"], migrate=False), gid) as written:
        for i in range(5):
            out = tmp_path / f"b{i}.sqlite3"
            assert main(["backup", str(out)]) == 0
            copy = sqlite3.connect(out)
            assert copy.execute("pragma integrity_check").fetchone()[0] == "ok"
            version = copy.execute("select version from games where id = ?", [gid]).fetchone()[0]
            seqs = [r[0] for r in copy.execute("select seq from entries where game_id = ? order by seq", [gid])]
            assert seqs == list(range(1, version + 1))
            copy.close()
            versions.append(version)
    assert versions[0] > 0 and versions == sorted(versions)
    assert sum(written) > versions[-1]  # the writer went on after the last copy was taken


def test_export_then_import_makes_a_second_game_with_the_same_sheet(served, tmp_path, capsys):
    app, client = served
    gid = play_wizard(client)
    out = tmp_path / "game.json"
    assert main(["export", gid, "-o", str(out)]) == 0
    rec = json.loads(out.read_text())
    assert rec["format"] == "scribe-game" and rec["game"] == "wizard" and len(rec["entries"]) == 7
    capsys.readouterr()
    assert main(["import", str(out)]) == 0
    key = capsys.readouterr().out.strip()
    new = game_id_of(app, key)
    assert new and new != gid
    assert web_sheet(app, new) == web_sheet(app, gid)
    assert client.get(f"/games/{key}").status_code == 200  # the printed key opens the game
    assert main(["export", key, "-o", str(tmp_path / "by-key.json")]) == 0  # a key names a game too
    assert main(["export", gid, "-o", str(out)]) == 2  # never over another file
    assert "exists" in capsys.readouterr().err


def test_export_to_stdout(served, capsys):
    _app, client = served
    gid = play_wizard(client)
    assert main(["export", gid]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Tuesday"


def test_export_refuses_unknown_games_and_sealed_bids(served, capsys):
    _app, client = served
    assert main(["export", "nope"]) == 2
    assert "no game 'nope'" in capsys.readouterr().err
    handle, gid = created(client, players=["Anna", "Bert", "Cleo"], first_dealer=0, rules={"reveal": "secret"})
    client.post(f"/api/games/{handle}/trump", json={"card": "red"})
    assert client.post(f"/api/games/{handle}/bids", json={"player": 1, "bid": 1}).status_code == 200
    assert main(["export", gid]) == 2
    captured = capsys.readouterr()
    assert "sealed" in captured.err and captured.out == ""


def test_export_writes_a_bid_withdrawn_before_its_reveal_without_its_value(served, tmp_path, capsys):
    """Issue 31: Bert's secret bid of 1, undone before the reveal and bid again as 0, is
    never known: scribe export writes its entry with "bid": null (the undo names it), and
    scribe import takes the record back, the game the same (W-B7)."""
    app, client = served
    handle, gid = created(client, players=["Anna", "Bert", "Cleo"], first_dealer=0, rules={"reveal": "secret"})
    for path, body in [("trump", {"card": "red"}), ("bids", {"player": 1, "bid": 1}), ("undo", {}),
                       ("bids", {"player": 1, "bid": 0}), ("bids", {"player": 2, "bid": 0}),
                       ("bids", {"player": 0, "bid": 0}), ("tricks", {"tricks": [1, 0, 0]})]:
        assert client.post(f"/api/games/{handle}/{path}", json=body).status_code == 200, path
    out = tmp_path / "game.json"
    assert main(["export", gid, "-o", str(out)]) == 0
    bids = [e["data"] for e in json.loads(out.read_text())["entries"] if e["kind"] == "bid"]
    assert [(d["player"], d["bid"]) for d in bids] == [(1, None), (1, 0), (2, 0), (0, 0)]
    capsys.readouterr()
    assert main(["import", str(out)]) == 0
    new = game_id_of(app, capsys.readouterr().out.strip())
    assert web_sheet(app, new) == web_sheet(app, gid)


def test_import_refuses_bad_files_and_saves_nothing(served, tmp_path, capsys):
    app, client = served
    gid = play_wizard(client)
    assert main(["export", gid, "-o", str(tmp_path / "good.json")]) == 0
    rec = json.loads((tmp_path / "good.json").read_text())
    rec["entries"][4]["data"]["tricks"] = [1, 1, 1]  # more tricks than cards (W-S2)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    truncated = tmp_path / "truncated.json"
    truncated.write_text((tmp_path / "good.json").read_text()[:300])
    db = open_db(app.config["DATABASE"], migrate=False)
    before = (db["games"].count, db["entries"].count)
    capsys.readouterr()
    for path, words in ((bad, "Entry 5 is refused by the rules"), (truncated, "not JSON"),
                        (tmp_path / "missing.json", "cannot read")):
        assert main(["import", str(path)]) == 2
        captured = capsys.readouterr()
        assert words in captured.err and captured.out == "", captured.err
    assert (db["games"].count, db["entries"].count) == before
    db.conn.close()


def test_the_commands_run_as_a_real_process(served, instance, tmp_path):
    app, client = served
    gid = play_wizard(client)
    env = {**os.environ, "SCRIBE_INSTANCE": str(instance), "PYTHONPATH": str(ROOT)}

    def scribe(*args, stdin=None):
        return subprocess.run([sys.executable, "-m", "scribe.cli", *args], capture_output=True, text=True,
                              env=env, input=stdin, timeout=120)

    exported = scribe("export", gid)
    assert exported.returncode == 0, exported.stderr
    imported = scribe("import", "-", stdin=exported.stdout)
    assert imported.returncode == 0, imported.stderr
    key = imported.stdout.strip()
    assert "/games/" + key in imported.stderr
    assert web_sheet(app, game_id_of(app, key)) == web_sheet(app, gid)
    backup = scribe("backup", str(tmp_path / "b.sqlite3"))
    assert backup.returncode == 0 and (tmp_path / "b.sqlite3").exists()
    again = scribe("backup", str(tmp_path / "b.sqlite3"))
    assert again.returncode == 2 and "exists" in again.stderr
    assert "backup" in scribe("--help").stdout


# --------------------------------------------------------------------------- both stores


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, instance, monkeypatch):
    """The app the commands read, on a SQLite file or (SCRIBE_DATABASE_URL) PostgreSQL."""
    if request.param == "postgresql":
        monkeypatch.setenv("SCRIBE_DATABASE_URL", request.getfixturevalue("pg_url"))
    app = create_app({"TESTING": True})
    yield app, app.test_client()
    pg.close_pools()


def test_export_then_import_on_either_store(any_store, tmp_path, capsys):
    app, client = any_store
    gid = play_wizard(client)
    out = tmp_path / "game.json"
    assert main(["export", gid, "-o", str(out)]) == 0
    assert len(json.loads(out.read_text())["entries"]) == 7
    capsys.readouterr()
    assert main(["import", str(out)]) == 0
    key = capsys.readouterr().out.strip()
    assert game_id_of(app, key) not in (None, gid) and web_sheet(app, game_id_of(app, key)) == web_sheet(app, gid)
    assert client.get(f"/api/games/{key}/sheet").status_code == 200  # the printed key opens it through the app
    assert main(["export", "nope"]) == 2 and "no game 'nope'" in capsys.readouterr().err


def test_a_game_exported_from_postgresql_imports_into_a_laptops_sqlite(tmp_path, monkeypatch, pg_url, capsys):
    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "hosted"))
    monkeypatch.setenv("SCRIBE_DATABASE_URL", pg_url)
    hosted = create_app({"TESTING": True})
    gid = play_wizard(hosted.test_client())
    assert main(["export", gid, "-o", str(tmp_path / "game.json")]) == 0
    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "laptop"))
    monkeypatch.delenv("SCRIBE_DATABASE_URL")
    capsys.readouterr()
    assert main(["import", str(tmp_path / "game.json")]) == 0
    laptop = create_app({"TESTING": True})
    assert web_sheet(laptop, game_id_of(laptop, capsys.readouterr().out.strip())) == web_sheet(hosted, gid)
    pg.close_pools()


def with_password(url: str, password: str) -> str:
    """The test cluster's URL with a password (its trust authentication ignores it)."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{parts.username}:{password}@{parts.hostname}:{parts.port}"))


def test_backup_on_postgresql_is_a_pg_dump_that_pg_restore_brings_back(instance, monkeypatch, pg_cluster, pg_url,
                                                                          tmp_path, capsys):
    url = with_password(pg_url, "s3cret")
    monkeypatch.setenv("SCRIBE_DATABASE_URL", url)
    app = create_app({"TESTING": True})
    gid = play_wizard(app.test_client())
    out = tmp_path / "scribe.dump"
    assert main(["backup", str(out)]) == 0
    err = capsys.readouterr().err
    assert "pg_dump" in err and "pg_restore" in err and "s3cret" not in err
    assert out.read_bytes()[:5] == b"PGDMP"  # pg_dump's custom archive
    assert main(["backup", str(out)]) == 2 and "exists" in capsys.readouterr().err  # never over a file
    # restored into an empty database, it is a Scribe database with the same game
    fresh = pg_cluster.fresh_database()
    done = subprocess.run(["pg_restore", "--no-owner", f"--dbname={fresh}", str(out)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    restored = create_app({"TESTING": True, "DATABASE_URL": fresh})
    assert web_sheet(restored, gid) == web_sheet(app, gid) and web_sheet(app, gid)["version"] == 7
    pg.close_pools()


def test_backup_on_postgresql_without_pg_dump_prints_the_command_to_run(instance, monkeypatch, pg_cluster, pg_url,
                                                                        tmp_path, capsys):
    import shlex

    from scribe import backups

    monkeypatch.setenv("SCRIBE_DATABASE_URL", with_password(pg_url, "s3cret"))
    gid = play_wizard(create_app({"TESTING": True}).test_client())
    monkeypatch.setattr(backups, "pg_dump", lambda: None)
    out = tmp_path / "scribe.dump"
    assert main(["backup", str(out)]) == 3  # a program missing here: unavailable
    captured = capsys.readouterr()
    assert "pg_dump" in captured.err and "not installed" in captured.err and not out.exists()
    assert "s3cret" not in captured.out + captured.err  # the password: PGPASSWORD or ~/.pgpass, never shown
    command = shlex.split(captured.out)
    assert command[0] == "pg_dump" and f"--file={out}" in command
    # the command is exact: run where pg_dump is (here, with the password given as it says), it makes the backup
    done = subprocess.run(command, env={**os.environ, "PGPASSWORD": "s3cret"}, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and out.read_bytes()[:5] == b"PGDMP", done.stderr
    fresh = pg_cluster.fresh_database()
    assert subprocess.run(["pg_restore", "--no-owner", f"--dbname={fresh}", str(out)], timeout=120).returncode == 0
    assert game_id_of(create_app({"TESTING": True, "DATABASE_URL": fresh}), gid) == gid
    pg.close_pools()


def test_commands_on_an_unreachable_postgresql_say_so_and_exit_3(instance, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("SCRIBE_DATABASE_URL", "postgresql://scribe:s3cret@127.0.0.1:1/scribe")
    monkeypatch.setenv("SCRIBE_DATABASE_TIMEOUT", "1")
    (tmp_path / "game.json").write_text("{}")
    for argv in (["export", "abc"], ["import", str(tmp_path / "game.json")], ["backup", str(tmp_path / "b.dump")]):
        assert main(argv) == 3, argv
        err = capsys.readouterr().err
        assert err == (f"scribe {argv[0]}: cannot reach the database at 127.0.0.1:1 (connection refused). "
                       "Check SCRIBE_DATABASE_URL.\n")
    assert not (tmp_path / "b.dump").exists()


def test_backup_on_postgresql_while_the_server_writes_holds_a_consistent_prefix_of_the_log(
        instance, monkeypatch, pg_cluster, pg_url, tmp_path):
    """As on SQLite: a thread keeps appending entries while pg_dump runs; each dump, restored,
    holds the game at some version v with exactly entries 1..v, the dumps in order."""
    monkeypatch.setenv("SCRIBE_DATABASE_URL", pg_url)
    app = create_app({"TESTING": True})
    _handle, gid = created(app.test_client(), game="zibi", players=["Ana", "Ben", "Cy", "Dee"])
    dumps = []
    with writing_on(open_db(pg_url, migrate=False), gid) as written:
        for i in range(3):
            dumps.append(tmp_path / f"b{i}.dump")
            assert main(["backup", str(dumps[-1])]) == 0
    versions = []
    for dump in dumps:
        fresh = pg_cluster.fresh_database()
        done = subprocess.run(["pg_restore", "--no-owner", f"--dbname={fresh}", str(dump)], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        copy = open_db(fresh, migrate=False)
        try:
            version = copy.execute("select version from games where id = ?", [gid]).fetchone()[0]
            seqs = [r[0] for r in copy.execute("select seq from entries where game_id = ? order by seq", [gid])]
        finally:
            store.close(copy)
        assert seqs == list(range(1, version + 1))
        versions.append(version)
    assert versions[0] > 0 and versions == sorted(versions)
    assert sum(written) > versions[-1]  # the writer went on after the last dump was taken
    pg.close_pools()
