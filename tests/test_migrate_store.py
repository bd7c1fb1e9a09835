"""``scribe migrate-store``: a laptop's games, made through the API (finished games, sealed
bids, player links claimed by a phone, a deleted game, a group's renames), moved into
another store and opened there through the app: the same sheets, the same links with the
same tokens, the same statistics; run twice, nothing doubles; refused cleanly."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from conftest import call

from scribe import create_app
from scribe.cli import main

NAMES = ["Anna", "Bert", "Cleo"]


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path):
    """(URL given to --to, the app's config opening that store)."""
    if request.param == "sqlite":
        path = tmp_path / "hosted.sqlite3"
        return f"sqlite:///{path}", {"DATABASE": str(path)}
    url = request.getfixturevalue("pg_url")
    return url, {"DATABASE_URL": url}


def one_round(client, players, bids, tricks) -> str:
    """A one-round Wizard game played to its end: its key."""
    status, body = call(client, "post", "/api/games", {"players": players, "first_dealer": 0, "preset": "standard",
                                                        "rules": {"rounds": 1}})
    assert status == 201, body
    key = body["key"]
    for version, (player, bid) in enumerate(zip((1, 2, 0), bids)):
        assert call(client, "post", f"/api/games/{key}/bids", {"version": version, "player": player, "bid": bid})[0] == 200
    assert call(client, "post", f"/api/games/{key}/tricks", {"version": 3, "tricks": tricks})[0] == 200
    return key


def laptop_evening(app, tmp_path):
    """Games played on the laptop: (Scribe's client, a player's phone, what each link shows)."""
    scribe, phone = app.test_client(), app.test_client()
    keys = [one_round(scribe, NAMES, (0, 0, 1), [1, 0, 0]), one_round(scribe, NAMES, (1, 0, 0), [0, 1, 0]),
            one_round(scribe, ["Anna", "Bert", "Dora"], (0, 1, 0), [0, 0, 1])]
    # secret bids (W-B7): a player bids on their phone, sealed from the Scribe and the TV
    _status, body = call(scribe, "post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard",
                                                        "name": "Sealed", "rules": {"reveal": "secret"}})
    sealed = body["key"]
    links = call(scribe, "get", f"/api/games/{sealed}/links")[1]
    seat = links["players"][1]["token"] if isinstance(links["players"][1], dict) else links["players"][1]
    watch = links["watch"]["token"] if isinstance(links["watch"], dict) else links["watch"]
    assert call(phone, "post", f"/api/player/{seat}/bid", {"round": 1, "bid": 1})[0] == 200
    # a game played, undone, redone, then deleted (kept restorable)
    gone = one_round(scribe, NAMES, (0, 0, 0), [1, 0, 0])
    assert call(scribe, "post", f"/api/games/{gone}/undo", {})[0] == 200
    assert call(scribe, "post", f"/api/games/{gone}/redo", {})[0] == 200
    assert scribe.delete(f"/api/games/{gone}").status_code in (200, 204)
    assert call(scribe, "post", "/api/players/rename", {"name": "dora", "new_name": "Dorothée"})[0] == 200
    return scribe, phone, {"keys": keys, "sealed": sealed, "seat": seat, "watch": watch, "gone": gone}


def seen(scribe, phone, made) -> dict:
    """Everything the laptop's pages answer about its games, through its links."""
    out = {f"sheet {k}": call(scribe, "get", f"/api/games/{k}/sheet") for k in made["keys"] + [made["sealed"]]}
    out["watch"] = call(scribe, "get", f"/api/watch/{made['watch']}")
    out["seat"] = call(phone, "get", f"/api/player/{made['seat']}")
    out["stats"] = call(scribe, "get", "/api/stats")
    out["players"] = call(scribe, "get", "/api/players")
    out["list"] = [(g["name"], g["key"]) for g in call(scribe, "get", "/api/games")[1]["games"]]
    return out


def cookie_of(client) -> str:
    return client.get_cookie("session").value


def moved_to(config, key, tmp_path, *clients):
    """The target opened through the app under the laptop's secret key, and clients
    holding the laptop's browsers' cookies."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "hosted"), "SECRET_KEY": key, **config})
    out = []
    for client in clients:
        twin = app.test_client()
        twin.set_cookie("session", cookie_of(client))
        out.append(twin)
    return app, out


def migrate(capsys, source, url) -> tuple[int, list[str]]:
    capsys.readouterr()
    status = main(["migrate-store", str(source), "--to", url])
    return status, capsys.readouterr().out.splitlines()


def test_a_laptops_games_open_in_the_new_store_with_the_same_links_sheets_and_statistics(tmp_path, target, capsys):
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    scribe, phone, made = laptop_evening(laptop, tmp_path)
    before = seen(scribe, phone, made)
    assert before["watch"][1]["sheet"]["rounds"][0]["bids"][1] is None  # sealed from the TV
    assert before["seat"][1]["sheet"]["rounds"][0]["bids"][1] == 1  # not from its own phone
    assert before["stats"][0] == 200 and before["stats"][1]["groups"][0]["games"] == 3
    source = Path(laptop.config["DATABASE"])
    url, config = target

    status, report = migrate(capsys, source, url)
    assert status == 0, report
    assert sum(line.startswith("moved") for line in report) == 5, report
    assert all("its sheet and totals equal" in line for line in report if line.startswith("moved"))
    assert "5 games moved, 0 already there, 0 failed" in report[-2 if "secret key" in report[-1] else -1]

    _hosted, (scribe2, phone2) = moved_to(config, laptop.config["SECRET_KEY"], tmp_path, scribe, phone)
    assert seen(scribe2, phone2, made) == before  # same tokens, same sheets, same sealing, same statistics
    # the deleted game came along, still restorable with its Scribe's link
    assert call(scribe2, "post", f"/api/games/{made['gone']}/restore", {})[0] == 200
    # the table plays on there: the seated phone's next bid... and the Scribe's
    sheet = call(scribe2, "get", f"/api/games/{made['sealed']}/sheet")[1]
    assert call(scribe2, "post", f"/api/games/{made['sealed']}/bids",
                {"version": sheet["version"], "player": 2, "bid": 0})[0] == 200

    # run again: everything is checked and skipped, nothing doubles (the played-on game said so)
    status, again = migrate(capsys, source, url)
    assert status == 0, again
    assert sum(line.startswith("there") for line in again) == 5, again
    assert sum("played on there since (1 more entries)" in line for line in again) == 1, again
    hosted_list = call(scribe2, "get", "/api/games")[1]["games"]
    assert sorted(g["key"] for g in hosted_list) == sorted(made["keys"] + [made["sealed"], made["gone"]])


def test_the_laptops_file_is_not_changed(tmp_path, target, capsys):
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    one_round(laptop.test_client(), NAMES, (0, 0, 1), [1, 0, 0])
    source = Path(laptop.config["DATABASE"])
    with sqlite3.connect(source) as conn:
        conn.execute("pragma wal_checkpoint(truncate)")
    size, mtime = source.stat().st_size, source.stat().st_mtime_ns
    assert migrate(capsys, source, target[0])[0] == 0
    assert (source.stat().st_size, source.stat().st_mtime_ns) == (size, mtime)


def test_a_game_the_database_refuses_half_way_leaves_nothing_and_the_rest_moves(tmp_path, target, capsys,
                                                                                  monkeypatch):
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    client = laptop.test_client()
    first, second = one_round(client, NAMES, (0, 0, 1), [1, 0, 0]), one_round(client, NAMES, (1, 0, 0), [0, 1, 0])
    source = Path(laptop.config["DATABASE"])
    url, config = target
    from scribe.store import transfer

    write = transfer.write_rows
    broken = []

    def fail_in_the_links(conn, rows, *args, **kwargs):
        if "links" in rows and not broken:  # the first game: its game row and entries written, then a refusal
            broken.append(1)
            write(conn, {t: rows[t] for t in ("games", "entries")}, *args, **kwargs)
            raise RuntimeError("disk full")
        return write(conn, rows, *args, **kwargs)

    monkeypatch.setattr(transfer, "write_rows", fail_in_the_links)
    status, report = migrate(capsys, source, url)
    assert status == 1, report
    assert [line.split()[0] for line in report[1:3]] == ["FAILED", "moved"], report
    assert "disk full" in report[1] and "not moved" in report[1]
    hosted, (c2,) = moved_to(config, laptop.config["SECRET_KEY"], tmp_path, client)
    # nothing of the refused one (no game, no entry, no link), the other one whole
    assert sorted(call(c2, "get", f"/api/games/{k}/sheet")[0] for k in (first, second)) == [200, 404]
    assert _rows(hosted, "entries") == 4 and _rows(hosted, "links") == 1
    monkeypatch.setattr(transfer, "write_rows", write)
    status, report = migrate(capsys, source, url)  # the next run moves it
    assert status == 0 and [line.split()[0] for line in report[1:3]] == ["moved", "there"], report
    for key in (first, second):
        assert call(c2, "get", f"/api/games/{key}/sheet") == call(client, "get", f"/api/games/{key}/sheet")


def _rows(app, table) -> int:
    """How many rows ``table`` of the app's store holds."""
    from scribe.web.db import get_db

    with app.app_context():
        return get_db().execute(f"select count(*) from {table}").fetchone()[0]


@pytest.mark.parametrize("url, words, status", [
    ("http://example.org/db", "must be a PostgreSQL URL", 2),
    ("mysql://u:secret@h/db", "must be a PostgreSQL URL", 2),
    ("postgresql://nobody:secret@127.0.0.1:1/scribe",
     "cannot reach the database at 127.0.0.1:1 (connection refused). Check --to.", 3),
])
def test_a_wrong_or_unreachable_database_is_refused_with_status_2_or_3(tmp_path, capsys, url, words, status):
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    one_round(laptop.test_client(), NAMES, (0, 0, 1), [1, 0, 0])
    capsys.readouterr()
    assert main(["migrate-store", laptop.config["DATABASE"], "--to", url]) == status
    captured = capsys.readouterr()
    assert words in captured.err and "secret" not in captured.err, captured.err  # no password printed
    assert captured.out == ""


def test_a_missing_or_foreign_source_file_is_refused(tmp_path, capsys, target):
    assert main(["migrate-store", str(tmp_path / "nope.sqlite3"), "--to", target[0]]) == 2
    assert "there is no file" in capsys.readouterr().err
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    assert main(["migrate-store", str(tmp_path / "notes.txt"), "--to", target[0]]) == 2
    assert "not a SQLite database" in capsys.readouterr().err
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("create table notes (x)")
    other.commit()
    other.close()
    assert main(["migrate-store", str(tmp_path / "other.sqlite3"), "--to", target[0]]) == 2
    assert "not a Scribe database" in capsys.readouterr().err


def test_a_game_played_on_the_laptop_after_it_moved_is_reported_not_merged(tmp_path, target, capsys):
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    client = laptop.test_client()
    status, body = call(client, "post", "/api/games", {"players": NAMES, "first_dealer": 0, "preset": "standard"})
    key = body["key"]
    assert call(client, "post", f"/api/games/{key}/bids", {"version": 0, "player": 1, "bid": 0})[0] == 200
    source, (url, config) = Path(laptop.config["DATABASE"]), target
    assert migrate(capsys, source, url)[0] == 0
    assert call(client, "post", f"/api/games/{key}/bids", {"version": 1, "player": 2, "bid": 1})[0] == 200
    status, report = migrate(capsys, source, url)
    assert status == 1 and report[1].startswith("FAILED"), report
    assert "played on here after it moved (1 more entries here)" in report[1] and "scribe export" in report[1]
    _hosted, (c2,) = moved_to(config, laptop.config["SECRET_KEY"], tmp_path, client)
    assert call(c2, "get", f"/api/games/{key}/sheet")[1]["version"] == 1  # left as it was there


def test_the_command_runs_as_a_real_process(tmp_path, target):
    import os
    import subprocess
    import sys

    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    one_round(laptop.test_client(), NAMES, (0, 0, 1), [1, 0, 0])
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-m", "scribe.cli", "migrate-store", laptop.config["DATABASE"],
                           "--to", target[0]], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].startswith("moved") and "1 games moved" in done.stdout
    assert "instance/secret_key" in done.stdout or "secret_key" in done.stdout  # the reminder, with its path


def test_a_club_night_moves_with_its_tables_and_opens_there_by_the_same_links(tmp_path, target, capsys):
    """An evening (issue 36) on the laptop, its first partie played: moved, the organiser's and
    the hall's links open it there with the same ranking and note (the earlier one kept), its
    tables' Scribes play on; run again, nothing doubles."""
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    organiser = laptop.test_client()
    players = [f"P{i}" for i in range(8)]
    status, event = call(organiser, "post", "/api/events", {"name": "Jeudi", "game": "tarot", "format": "tarot_free",
                                                            "parties": 2, "deals": 2, "entrants": players})
    assert status == 201, event
    token, hall = event["links"]["organiser"]["token"], event["links"]["ranking"]["token"]
    status, started = call(organiser, "post", f"/api/events/{token}/parties", {"partie": 1, "version": event["version"]})
    assert status == 201, started
    garde = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49, "version": 0}
    for table in started["tables"]:
        assert call(organiser, "post", f"/api/games/{table['scribe']['key']}/actions/deal", garde)[0] == 200
    for note in ("salle des fêtes", "salle des fêtes, finale"):  # a note changed: both move
        assert call(organiser, "put", f"/api/events/{token}/note", {"note": note})[0] == 200
    before = call(organiser, "get", f"/api/events/{hall}/ranking")
    assert before[0] == 200 and {line["points"] for line in before[1]["ranking"]} == {198, -66}
    url, config = target

    status, report = migrate(capsys, Path(laptop.config["DATABASE"]), url)
    assert status == 0, report
    assert any(line.startswith("moved") and "club night 'Jeudi'" in line and "2 tables, 1 parties" in line
               for line in report), report
    assert "1 club nights moved, 0 already there, 0 failed" in report, report

    there = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "hosted"),
                        "SECRET_KEY": laptop.config["SECRET_KEY"], **config}).test_client()
    assert call(there, "get", f"/api/events/{hall}/ranking") == before
    shown = call(there, "get", f"/api/events/{token}")[1]
    assert shown["partie"] == 1 and len(shown["tables"]) == 2
    note = call(there, "get", f"/api/events/{hall}/note")[1]
    assert note["note"] == "salle des fêtes, finale" and [n["note"] for n in note["earlier"]] == ["salle des fêtes"]
    key = started["tables"][0]["scribe"]["key"]
    assert call(there, "post", f"/api/games/{key}/actions/deal", {**garde, "version": 1})[0] == 200

    status, again = migrate(capsys, Path(laptop.config["DATABASE"]), url)
    assert status == 0 and "0 club nights moved, 1 already there, 0 failed" in again, again


def test_a_tables_robot_hints_move_with_it(tmp_path, target, capsys):
    """The robot's hints for learners (issue 37) are a table setting on the game's row
    (m016, p009): a Belote table on the virtual deck with them on has them on there too."""
    laptop = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "laptop")})
    scribe = laptop.test_client()
    status, body = call(scribe, "post", "/api/games", {"game": "belote", "players": ["Ana", "Ben", "Cy", "Dee"],
                                                        "first_dealer": 0, "virtual_deck": True})
    assert status == 201, body
    on, off = body["key"], call(scribe, "post", "/api/games", {"game": "belote", "players": ["A", "B", "C", "D"],
                                                               "first_dealer": 0, "virtual_deck": True})[1]["key"]
    assert call(scribe, "put", f"/api/games/{on}/hints", {"hints": True})[1]["hints"] is True
    url, config = target
    status, report = migrate(capsys, Path(laptop.config["DATABASE"]), url)
    assert status == 0, report
    _hosted, (there,) = moved_to(config, laptop.config["SECRET_KEY"], tmp_path, scribe)
    assert call(there, "get", f"/api/games/{on}/hints") == (200, {"hints": True, "offered": True})
    assert call(there, "get", f"/api/games/{off}/hints") == (200, {"hints": False, "offered": True})
