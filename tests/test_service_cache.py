"""The sheet cache of service.py never serves anything a fresh replay would not."""

from __future__ import annotations

from scribe import group, service, store
from scribe.store import stories
from scribe.games import wizard


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


def test_one_tap_reads_its_game_once_page_and_api(client, monkeypatch):
    """A Scribe's tap used to read its game four times; now the row once and the log not
    at all (the replay the act caches is what the answer shows)."""
    made = client.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                           "preset": "standard"}).get_json()
    key = made["key"]
    client.get(f"/games/{key}")  # the page as the Scribe has it before tapping
    reads = {"game": 0, "log": 0}
    real_game, real_log = store.get_game, store.load_log

    def counted(name, real):
        def read(*args, **kwargs):
            reads[name] += 1
            return real(*args, **kwargs)
        return read

    monkeypatch.setattr(store, "get_game", counted("game", real_game))
    monkeypatch.setattr(store, "load_log", counted("log", real_log))
    page = client.post(f"/games/{key}/bid", data={"bid": "0", "version": "0"}, headers={"HX-Request": "true"})
    assert page.status_code == 200 and "Thomas" in page.get_data(as_text=True)
    assert reads == {"game": 1, "log": 0}
    reads.update(game=0, log=0)
    answer = client.post(f"/api/games/{key}/bids", json={"bid": 1, "version": 1})
    assert answer.status_code == 200 and answer.get_json()["version"] == 2
    assert reads == {"game": 1, "log": 0}


def _points_game(db, players, points):
    gid = service.create(db, "points", None, "en", players=list(players), preset="custom", rounds=1)
    service.act(db, gid, "round", {"points": list(points), "closer": None})
    return gid


def test_remembered_statistics_equal_fresh_ones_after_every_change(tmp_path):
    db = store.open_db(tmp_path / "db.sqlite3")
    ids = [_points_game(db, ("Ana", "Ben", "Cy"), (10, 30, 20)), _points_game(db, ("ana", "Bob", "Cy"), (5, 5, 9))]

    def answer(aliases=None, f=group.Filters()):
        """The statistics twice through the cache (the second a hit), and worked out anew."""
        finished = [g for g in (store.get_game(db, i) for i in ids) if not g.deleted_at]
        got = [service.group_statistics(db, {g.id: g.version for g in finished}, aliases or {}, f, lambda: {}) for _ in range(2)]
        service.statistics_cache.clear()
        assert got[0] == got[1] == service.group_statistics(db, {g.id: g.version for g in finished}, aliases or {}, f, lambda: {})
        return got[1]

    def ana(out):
        return next(p for p in out[0]["standings"] if p["name"].casefold() == "ana")

    # the lowest total wins (P-3, Custom's default), ties share the win
    assert (ana(answer())["games"], ana(answer())["wins"], ana(answer())["average"]) == (2, 2, 7.5)
    service.act(db, ids[0], "correction", {"round": 1, "points": [40, 30, 20], "closer": None})
    assert (ana(answer())["wins"], ana(answer())["average"]) == (1, 22.5)
    merged = answer({"bob": "Ben"})
    assert [p["name"] for p in merged[0]["standings"] if p["name"] in ("Ben", "Bob")] == ["Ben"]
    assert answer(f=group.Filters(player="Bob"))[0]["games"] == 1
    store.delete_game(db, ids[1])
    assert ana(answer())["games"] == 1
    ids.append(_points_game(db, ("Ana", "Dee"), (1, 2)))
    assert [g["players"] for g in answer()] == [2, 3]


def test_each_entry_tells_its_story_once(tmp_path, monkeypatch):
    """An act compares the story before and after it; the one before was told by the act
    before, so a game of n entries tells n stories (plus the empty game's), not 2n."""
    from scribe.games import GAMES

    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "points", None, "en", preset="skyjo", players=["Ana", "Ben"])
    rules = GAMES["points"]
    told = []
    real = rules.story
    monkeypatch.setattr(rules, "story", lambda sheet: told.append(sheet.version) or real(sheet))
    for points in ([10, 5], [3, 8], [-2, 7]):
        sheet = service.act(db, gid, "round", {"points": points, "closer": 0})
    assert sorted(told) == [0, 1, 2, 3]  # each version once: the one before came from the cache
    assert sheet.version == 3 and stories.versions(db, [gid]) == {gid: 3}  # every round changed it: saved


def test_bids_tell_no_story_and_the_story_saved_after_the_tricks_is_a_fresh_ones(tmp_path, monkeypatch):
    """A bid (``STORY_KEPT_BY``) keeps the story told before it: it is not told again,
    nor saved; the round's tricks tell and save the story a fresh replay tells, also when
    the remembered stories were lost in between (a restart)."""
    from scribe.games import GAMES

    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "wizard", None, "en", players=["Paul", "Thomas", "Marie"], first_dealer=2,
                         preset="standard")
    rules = GAMES["wizard"]
    told = []
    real = rules.story
    monkeypatch.setattr(rules, "story", lambda sheet: told.append(sheet.version) or real(sheet))
    for rnd, bids, tricks in ((1, (0, 1, 1), [0, 0, 1]), (2, (1, 0, 0), [2, 0, 0])):
        told.clear()
        for bid in bids:
            service.act(db, gid, "bid", {"bid": bid})
        assert told == []  # no bid told one
        if rnd == 2:
            service.told_stories.clear()
        sheet = service.act(db, gid, "tricks", {"tricks": tricks})
        want, _log = fresh(db, gid)
        assert stories.versions(db, [gid]) == {gid: sheet.version}
        saved = db.execute("select score from story_players where game_id = ? order by seat", [gid]).fetchall()
        assert [t for (t,) in saved] == list(want.totals)
        assert service._story(rules, gid, sheet) == real(want)
