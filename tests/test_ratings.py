"""The ladders (scribe/ratings.py): a fixed set of Wizard games rated through the module
equals OpenSkill's own computation done here step by step (model.rate with the ranks),
an incremental replay equals a fresh one, and the rivals count who finished ahead."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from scribe import ratings
from scribe.ratings import Ladder, Result

WIZARD = ("wizard", "")
# six Wizard games of 3 to 5 players, in the order they finished, ranks from their final
# standings (1 the best; a tie shares a rank, as Wizard's W-S3 shares a win)
GAMES = [
    ("g1", "2026-03-01T20:00:00+00:00", {"Ana": 1, "Ben": 2, "Cy": 3}),
    ("g2", "2026-03-01T21:00:00+00:00", {"Ana": 2, "Ben": 1, "Cy": 2, "Dee": 4}),
    ("g3", "2026-03-08T20:00:00+00:00", {"Cy": 1, "Dee": 1, "Eve": 3, "Ana": 4, "Ben": 5}),
    ("g4", "2026-03-08T21:30:00+00:00", {"Eve": 1, "Ana": 2, "Ben": 3}),
    ("g5", "2026-03-15T20:00:00+00:00", {"Ben": 1, "Cy": 2, "Dee": 3, "Eve": 3}),
    ("g6", "2026-03-15T22:00:00+00:00", {"Ana": 1, "Ben": 1, "Cy": 1, "Dee": 4, "Eve": 5}),
]


def result(game_id, at, ranks, kind=WIZARD):
    return Result(game_id, kind, at, tuple((name.casefold(), name, rank) for name, rank in ranks.items()))


def openskill_by_hand():
    """OpenSkill's Plackett-Luce model fed the same games, one model.rate per game."""
    model = PlackettLuce()
    held = {}
    for _id, _at, ranks in GAMES:
        names = list(ranks)
        teams = [[held.get(name) or model.rating(name=name.casefold())] for name in names]
        rated = model.rate(teams, ranks=[ranks[name] for name in names])
        held.update({name: team[0] for name, team in zip(names, rated)})
    return held


def test_six_wizard_games_rate_as_openskill_computes_them():
    ladder = ratings.ladders(result(*g) for g in GAMES)
    expected = openskill_by_hand()
    for name, rating in expected.items():
        got = ladder.rating(WIZARD, name.casefold())
        assert (got.mu, got.sigma) == pytest.approx((rating.mu, rating.sigma), abs=1e-12), name
    rows = ladder.json()[0]["ladder"]
    # shown: 4 x ordinal (mu - 3 sigma), rounded, the best first
    assert [(r["name"], r["rating"]) for r in rows] == sorted(
        ((n, round(4 * (r.mu - 3 * r.sigma))) for n, r in expected.items()), key=lambda x: -x[1])
    assert {r["name"]: r["games"] for r in rows} == {"Ana": 5, "Ben": 6, "Cy": 5, "Dee": 4, "Eve": 4}


def test_an_incremental_replay_equals_a_fresh_one():
    fresh = ratings.ladders(result(*g) for g in reversed(GAMES))  # handed in any order: sorted by finish
    step = Ladder()
    for g in GAMES:
        step.add(result(*g))
    assert step.json() == fresh.json()
    shuffled = [result(*g) for g in GAMES]
    random.Random(36).shuffle(shuffled)
    assert ratings.ladders(shuffled).json() == fresh.json()


def test_a_game_older_than_the_last_one_added_is_refused():
    step = Ladder()
    step.add(result(*GAMES[1]))
    with pytest.raises(ValueError):
        step.add(result(*GAMES[0]))


def test_each_game_type_has_its_own_rating():
    skull = ("skull_king", "")
    ladder = ratings.ladders([result(*GAMES[0]), result("s1", "2026-03-02T20:00:00+00:00", {"Cy": 1, "Ana": 2}, skull)])
    kinds = {(k["game"], k["variant"]): k for k in ladder.json()}
    assert set(kinds) == {WIZARD, skull}
    assert [r["name"] for r in kinds[skull]["ladder"]] == ["Cy", "Ana"]
    assert kinds[skull]["games"] == 1 and kinds[WIZARD]["games"] == 1


def test_trend_is_the_change_over_the_last_five_games():
    ladder = ratings.ladders(result(*g) for g in GAMES)
    ben = next(r for r in ladder.json()[0]["ladder"] if r["name"] == "Ben")
    # Ben played all six: his trend is his rating now less his rating after his first game
    after_first = ratings.ladders([result(*GAMES[0])]).json()[0]["ladder"]
    first = next(r["rating"] for r in after_first if r["name"] == "Ben")
    assert ben["trend"] == ben["rating"] - first and len(ben["recent"]) == 5
    eve = next(r for r in ladder.json()[0]["ladder"] if r["name"] == "Eve")
    assert eve["trend"] == eve["rating"]  # four games: a newcomer's trend counts from 0


def test_rivals_count_who_finished_ahead():
    rivals = ratings.ladders(result(*g) for g in GAMES).json()[0]["rivals"]
    ana_ben = next(r for r in rivals if r["player"] == "Ana" and r["opponent"] == "Ben")
    # g1 ahead, g2 behind, g3 ahead (4 vs 5), g4 ahead, g6 level
    assert (ana_ben["games"], ana_ben["ahead"], ana_ben["behind"], ana_ben["level"]) == (5, 3, 1, 1)
    ben_ana = next(r for r in rivals if r["player"] == "Ben" and r["opponent"] == "Ana")
    assert (ben_ana["ahead"], ben_ana["behind"], ben_ana["level"]) == (1, 3, 1)


def test_the_ladders_and_the_export_import_no_flask_and_no_sql():
    for module in ("ratings.py", "bgstats.py"):
        tree = ast.parse((Path(ratings.__file__).parent / module).read_text(encoding="utf-8"))
        imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {"flask", "flask_babel", "sqlite3", "sqlite_utils", "psycopg"}, module
