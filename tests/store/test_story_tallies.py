"""The group's statistics read from each finished game's tally (migration m006), checked
against values worked out by hand in each test: a real SQLite file and PostgreSQL
(``db``, on each backend), games recorded through the service."""

from __future__ import annotations

import pytest

from scribe import group, service, store
from scribe.rules.errors import RuleError
from scribe.store import migrations


def points(db, players, scores, wins="lowest"):
    """A one-round custom points game: its round's points are its final scores."""
    game_id = service.create(db, "points", None, "en", players=list(players), preset="custom", rounds=1, wins=wins)
    service.act(db, game_id, "round", {"points": list(scores), "closer": None})
    return game_id


def statistics(db, ids, aliases=None, f=group.Filters()):
    service.statistics_cache.clear()  # worked out anew from the tallies
    games = [store.get_game(db, i) for i in ids]
    return service.group_statistics(db, {g.id: g.version for g in games}, aliases or {}, f, dict)


def row(groups, name, players=3):
    [kind] = [g for g in groups if g["players"] == players]
    return next(p for p in kind["standings"] if p["name"].casefold() == name.casefold())


def test_p3_wins_average_best_and_head_to_head_from_the_tallies(db):
    ids = [points(db, ("Ana", "Ben", "Cy"), (10, 30, 20)),  # lowest wins (P-3): Ana
           points(db, ("ana", "Ben", "Cy"), (5, 5, 9)),  # Ana and Ben tie: both win
           points(db, ("Ben", "Ana", "Cy"), (40, 12, 12))]  # Ana and Cy tie
    out = statistics(db, ids)
    ana = row(out, "Ana")
    assert (ana["games"], ana["wins"], ana["average"], ana["best"]) == (3, 3, 9.0, 5)
    ben = row(out, "Ben")
    assert (ben["games"], ben["wins"], ben["average"], ben["best"]) == (3, 1, 25.0, 5)
    assert sum(p["wins"] for p in out[0]["standings"]) == 3 + 2  # games plus ties
    pairs = {(h["player"].casefold(), h["opponent"].casefold()): (h["ahead"], h["behind"], h["level"])
             for h in out[0]["head_to_head"]}
    assert pairs[("ana", "ben")] == (2, 0, 1) and pairs[("ben", "ana")] == (0, 2, 1)
    assert pairs[("ana", "cy")] == (2, 0, 1) and pairs[("cy", "ben")] == (2, 1, 0)


def test_custom_games_won_by_the_lowest_and_by_the_highest_total_are_two_kinds(db):
    """P-3: a custom game's best score is its lowest or its highest total, as it was won;
    the two never mix in one line (a best of 10 and one of 60 cannot be ranked)."""
    ids = [points(db, ("Ana", "Ben", "Cy"), (10, 30, 20)), points(db, ("Ana", "Ben", "Cy"), (50, 45, 60), "highest"),
           points(db, ("Ana", "Ben", "Cy"), (70, 45, 60), "highest")]
    lowest, highest = statistics(db, ids)
    assert (lowest["variant"], lowest["games"], highest["variant"], highest["games"]) == ("custom", 1, "custom-highest", 2)
    assert [(p["name"], p["best"]) for p in lowest["standings"]] == [("Ana", 10), ("Ben", 30), ("Cy", 20)]
    assert [(p["name"], p["wins"], p["best"], p["average"]) for p in highest["standings"]] == [
        ("Ana", 1, 70, 60.0), ("Cy", 1, 60, 60.0), ("Ben", 0, 45, 45.0)]


def test_filters_merges_and_a_player_with_no_game_read_from_the_tallies(db):
    ids = [points(db, ("Ana", "Ben", "Cy"), (10, 30, 20)), points(db, ("Ana", "Bob", "Cy"), (5, 1, 9)),
           points(db, ("Ana", "Dee"), (1, 2))]
    assert [g["players"] for g in statistics(db, ids, f=group.Filters(players=2))] == [2]
    assert row(statistics(db, ids, f=group.Filters(player="bob")), "Ana")["games"] == 1
    merged = statistics(db, ids, {"bob": "Ben"})
    assert (row(merged, "Ben")["games"], row(merged, "Ben")["wins"]) == (2, 1)
    assert all(h["player"] != h["opponent"] for g in merged for h in g["head_to_head"])
    with pytest.raises(RuleError) as refused:
        statistics(db, ids, f=group.Filters(player="Zoe"))
    assert refused.value.field == "player"


def test_a_database_from_before_the_tallies_counts_the_same_after_the_upgrade(tmp_path):
    """Story rows written before m006 have no tally: the upgrade marks them behind, and
    the first statistics rewrite them from the log (the rows are a cache, never the record)."""
    path = tmp_path / "old.sqlite3"
    db = store.open_db(path, migrate=False)
    migrations.migrations.apply(db, stop_before="m006_story_tallies")
    ids = [points(db, ("Ana", "Ben"), (3, 8)), points(db, ("Ben", "Ana"), (1, 9))]
    with db.conn:  # the rows the code of that time wrote (nine columns, no tally)
        for game_id in ids:
            db.conn.execute("insert or replace into story_games values (?, 1, 'points', 'custom', 2, 1, 1, 1, '')",
                            [game_id])
    db.conn.close()
    db = store.open_db(path)
    assert db.execute("select count(*) from story_games where version = -1").fetchone()[0] == 2
    out = statistics(db, ids)
    assert (row(out, "Ana", 2)["wins"], row(out, "Ben", 2)["wins"], row(out, "Ana", 2)["average"]) == (1, 1, 6.0)
    assert db.execute("select count(*) from story_games where version = 1 and tally_scores is not null").fetchone()[0] == 2
