"""The sheet cache of service.py never serves anything a fresh replay would not."""

from __future__ import annotations

from scribe import group, service, store
from scribe.games import GAMES, wizard
from scribe.store import stories


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


def test_a_create_answers_its_new_game_without_replaying_it_and_as_a_replay_would(client, monkeypatch):
    """The create's answer shows the empty sheet the create made (cached), not read back
    and replayed; it equals a fresh replay of the stored game."""
    replays = []
    real = wizard.replay
    monkeypatch.setattr(GAMES["wizard"], "replay", lambda setup, log: replays.append(len(log)) or real(setup, log))
    made = client.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                           "preset": "standard"})
    assert made.status_code == 201 and replays == [0]  # the create's own, for its summary
    service.sheets.clear()
    assert client.get(f"/api/games/{made.get_json()['key']}").get_json()["sheet"] == made.get_json()["sheet"]
    assert replays == [0, 0]  # read back once the cache was cleared


def test_a_write_behind_the_cache_is_seen(tmp_path):
    """Another process appending moves the version: the cache misses and replays."""
    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "wizard", None, "en", players=["Paul", "Thomas", "Marie"], first_dealer=2)
    sheet = service.act(db, gid, "bid", {"bid": 0})
    store.append_entry(db, gid, sheet.version, "bid", {"round": 1, "player": 1, "bid": 1})
    assert service.load(db, gid)[1].rows[0].bids == (0, 1, None)


def test_one_tap_reads_its_game_once_page_and_api(client, monkeypatch):
    """A Scribe's tap used to read its game four times, then its link and its row apart;
    now its link and its game's row in one SELECT, and the log not at all (the replay the
    act caches is what the answer shows)."""
    from scribe.store import links

    made = client.post("/api/games", json={"players": ["Paul", "Thomas", "Marie"], "first_dealer": 2,
                                           "preset": "standard"}).get_json()
    key = made["key"]
    client.get(f"/games/{key}")  # the page as the Scribe has it before tapping
    reads = {"link and game": 0, "link": 0, "game": 0, "log": 0}
    once = {"link and game": 1, "link": 0, "game": 0, "log": 0}

    def counted(module, attr, name):
        real = getattr(module, attr)

        def read(*args, **kwargs):
            reads[name] += 1
            return real(*args, **kwargs)
        monkeypatch.setattr(module, attr, read)

    counted(links, "find_with_game", "link and game")
    counted(links, "find", "link")
    counted(store, "get_game", "game")
    counted(store, "load_log", "log")
    page = client.post(f"/games/{key}/bid", data={"bid": "0", "version": "0"}, headers={"HX-Request": "true"})
    assert page.status_code == 200 and "Thomas" in page.get_data(as_text=True)
    assert reads == once
    reads.update(dict.fromkeys(reads, 0))
    answer = client.post(f"/api/games/{key}/bids", json={"bid": 1, "version": 1})
    assert answer.status_code == 200 and answer.get_json()["version"] == 2
    assert reads == once
    assert answer.get_json()["sheet"]["rounds"][0]["bids"][:2] == [0, 1]


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
        got = [service.group_statistics(db, {g.id: g.version for g in finished}, aliases or {}, f, dict) for _ in range(2)]
        service.statistics_cache.clear()
        assert got[0] == got[1] == service.group_statistics(db, {g.id: g.version for g in finished}, aliases or {}, f, dict)
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


def _saved_scores(db, gid):
    return [t for (t,) in db.execute("select score from story_players where game_id = ? order by seat", [gid])]


def test_only_a_finished_game_tells_and_saves_its_story(tmp_path, monkeypatch):
    """The statistics read finished games' stories only: rounds scored before the end tell
    no story and save none; the round that ends the game saves the story a fresh replay
    tells; an undo that reopens it saves nothing (the rows, at the old version, are not
    read), the redo that ends it again saves it again."""

    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "points", None, "en", preset="custom", players=["Ana", "Ben"], rounds=3)
    rules = GAMES["points"]
    told = []
    real = rules.story
    monkeypatch.setattr(rules, "story", lambda sheet: told.append(sheet.version) or real(sheet))
    for points in ([10, 5], [3, 8]):
        service.act(db, gid, "round", {"points": points, "closer": None})
    assert told == [] and stories.versions(db, [gid]) == {}
    sheet = service.act(db, gid, "round", {"points": [-2, 7], "closer": None})
    assert sheet.phase == "finished" and told == [3]
    assert stories.versions(db, [gid]) == {gid: 3} and _saved_scores(db, gid) == [11, 20]
    sheet = service.act(db, gid, "undo", {})
    assert sheet.phase != "finished" and told == [3] and stories.versions(db, [gid]) == {gid: 3}
    sheet = service.act(db, gid, "redo", {})
    assert told == [3, 5] and stories.versions(db, [gid]) == {gid: 5} and _saved_scores(db, gid) == [11, 20]


def test_the_story_saved_when_a_wizard_game_ends_is_a_fresh_ones(tmp_path):
    """A whole game of Wizard: bids and tricks save no story until the last round's
    tricks, which save the one a fresh replay tells (totals, bids tried and made)."""
    db = store.open_db(tmp_path / "db.sqlite3")
    gid = service.create(db, "wizard", None, "en", players=["Paul", "Thomas", "Marie"], first_dealer=2,
                         preset="standard")
    sheet = service.load(db, gid)[1]
    while sheet.phase != "finished":
        row = sheet.current
        if sheet.phase == "bidding":
            sheet = service.act(db, gid, "bid", {"bid": 0 if row.next_bidder != row.dealer else 1})
        else:
            sheet = service.act(db, gid, "tricks", {"tricks": [row.cards if p == row.dealer else 0 for p in range(3)]})
        assert stories.versions(db, [gid]) == ({gid: sheet.version} if sheet.phase == "finished" else {})
    want, _log = fresh(db, gid)
    assert _saved_scores(db, gid) == list(want.totals)
    bids = db.execute("select seat, bid, tried, made from story_bids where game_id = ? order by seat, bid", [gid])
    told = GAMES["wizard"].story(want)
    assert bids.fetchall() == [(line.player, b.bid, b.tried, b.made) for line in told.lines for b in line.bids]
