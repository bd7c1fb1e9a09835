"""The sheet cache of service.py never serves anything a fresh replay would not."""

from __future__ import annotations

from scribe import service, store
from scribe.rules import wizard


def fresh(db, game_id):
    game = store.get_game(db, game_id)
    log = store.load_log(db, game_id)
    return wizard.replay(wizard.Setup.from_dict(game.setup), log), log


def test_cached_sheet_and_log_equal_a_fresh_replay(tmp_path):
    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "wizard", None, "en", players=["Paul", "Thomas", "Marie"], first_dealer=2,
                         preset="plus_minus_one")
    steps = [("bid", {"bid": 0}), ("bid", {"bid": 1}), ("undo", {}), ("redo", {}), ("bid", {"bid": 1}),
             ("tricks", {"tricks": [0, 0, 1]}), ("correction", {"round": 1, "bids": [1, 1, 1], "tricks": [1, 0, 0]})]
    for kind, data in steps:
        sheet = service.act(db, gid, kind, data)
        _game, loaded, log = service.load(db, gid)
        want_sheet, want_log = fresh(db, gid)
        assert sheet == loaded == want_sheet
        assert log == want_log  # with the stored time stamps, for the history
    service.sheets.clear()
    assert service.load(db, gid)[1] == sheet


def test_a_write_behind_the_cache_is_seen(tmp_path):
    """Another process appending moves the version: the cache misses and replays."""
    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "wizard", None, "en", players=["Paul", "Thomas", "Marie"], first_dealer=2)
    sheet = service.act(db, gid, "bid", {"bid": 0})
    store.append_entry(db, gid, sheet.version, "bid", {"round": 1, "player": 1, "bid": 1})
    assert service.load(db, gid)[1].rows[0].bids == (0, 1, None)
