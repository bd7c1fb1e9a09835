"""Properties of the group's statistics over random Wizard games recorded on a real
SQLite file and on PostgreSQL (service -> story rows -> statistics). The examples of one
test share its database: each asks only for its own games."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from scribe import group, service, store

NAMES = ("Ana", "Ben", "Cy")


def rounds(n: int):
    """Bids and tricks of each of n rounds (round r deals r cards; tricks sum to r, W-S2)."""
    def one(r: int):
        return st.tuples(st.lists(st.integers(0, r), min_size=3, max_size=3),
                         st.lists(st.integers(0, r), min_size=2, max_size=2).filter(lambda t: sum(t) <= r)
                         .map(lambda t: t + [r - sum(t)]))
    return st.tuples(*(one(r) for r in range(1, n + 1)))


def record(db, game):
    game_id = service.create(db, "wizard", None, "en", players=list(NAMES), first_dealer=0, preset="standard",
                             rounds=len(game))
    for bids, tricks in game:
        sheet = service.load(db, game_id)[1]
        for p in sheet.current.order:
            service.act(db, game_id, "bid", {"player": p, "bid": bids[p]})
        service.act(db, game_id, "tricks", {"tricks": tricks})
    return game_id


def statistics(db, ids):
    service.statistics_cache.clear()  # worked out from the story rows each time
    games = [store.get_game(db, i) for i in ids]
    return service.group_statistics(db, {g.id: g.version for g in games}, {}, group.Filters(), dict)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games=st.lists(rounds(2), min_size=1, max_size=4))
def test_wins_are_games_plus_ties_and_accuracy_between_0_and_1(db, games):
    ids = [record(db, g) for g in games]
    [out] = statistics(db, ids)
    ties = 0
    for game_id in ids:  # winners per game, read from the sheet itself
        ties += len(service.load(db, game_id)[1].winners) - 1
    assert sum(p["wins"] for p in out["standings"]) == out["games"] + ties == len(games) + ties
    for p in out["standings"]:
        assert 0 <= p["bids"]["accuracy"] <= 1
        assert all(0 <= b["accuracy"] <= 1 for b in p["bids"]["by_size"])
        assert 0 <= p["win_rate"] <= 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=rounds(2))
def test_a_correction_moves_the_statistics(db, game):
    game_id = record(db, [game[0], game[1]])
    before = statistics(db, [game_id])
    bids, tricks = game[1]
    flipped = [(b + 1) % 3 for b in bids]  # every bid of round 2 changed: its points change
    service.act(db, game_id, "correction", {"round": 2, "bids": flipped, "tricks": tricks})
    after = statistics(db, [game_id])
    assert before != after
    made = sum(1 for b, t in zip(flipped, tricks) if b == t) + sum(1 for b, t in zip(*game[0]) if b == t)
    assert sum(p["bids"]["made"] for p in after[0]["standings"]) == made
