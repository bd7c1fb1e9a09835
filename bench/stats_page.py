"""The group's statistics for 1,000 finished games against reading those games' rows.

Records ``--games`` finished games on a temp SQLite file through the service (half
one-round Wizard games of 3 to 6 players, half one-round custom points games of 2 to 8
whose points, from -50 to 400, stand for the final scores of long games: few repeat),
then times, in the same run and best of ``--repeat``:

- baseline: reading the games' rows (one select of those ids, each row parsed into a
  ``GameRow``: what the start page does for the games it lists);
- statistics worked out anew: the same rows, then what ``/stats`` and ``/api/stats`` do
  with them after any change to the group's games (each game type's tallies read in one
  query at the games' versions, then counted: standings, head to head, bids by size);
- statistics again: the same rows, then the answer remembered for those games at those
  versions (``service.statistics_cache``), as when the page is opened again.

The three are timed in turn on each repeat. Prints them and the ratios to the baseline;
the target (<= 1.5x) is checked on both, and the exit status is 1 above it. Stdlib and
the app only.

    python bench/stats_page.py [--games 1000] [--repeat 7] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scribe import group, service  # noqa: E402
from scribe.store import GameRow, open_db  # noqa: E402

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal")
TARGET = 1.5


def record(db, rng: random.Random, i: int) -> str:
    if i % 2:
        n = rng.randint(3, 6)
        game_id = service.create(db, "wizard", None, "en", players=list(NAMES[:n]), first_dealer=0,
                                 preset="standard", rounds=1)
        sheet = service.load(db, game_id)[1]
        for p in sheet.current.order:
            service.act(db, game_id, "bid", {"player": p, "bid": rng.randint(0, 1)})
        winner = rng.randrange(n)
        service.act(db, game_id, "tricks", {"tricks": [int(p == winner) for p in range(n)]})
        return game_id
    n = rng.randint(2, 8)
    game_id = service.create(db, "points", None, "en", players=list(NAMES[:n]), preset="custom", rounds=1)
    service.act(db, game_id, "round", {"points": [rng.randint(-50, 400) for _ in range(n)], "closer": None})
    return game_id


def read_rows(db, ids: list[str]) -> list[GameRow]:
    cur = db.execute("select * from games where id in (select value from json_each(?))", [json.dumps(ids)])
    cols = [c[0] for c in cur.description]
    return [GameRow.from_row(dict(zip(cols, row))) for row in cur.fetchall()]


def statistics(db, ids: list[str]) -> list[dict]:
    games = read_rows(db, ids)
    finished = [g for g in games if g.summary.get("phase") == "finished"]
    return service.group_statistics(db, finished, {}, group.Filters(),
                                    lambda: group.players_of([g.summary["players"] for g in finished], {}))


def cold(db, ids: list[str]) -> list[dict]:
    """The statistics worked out anew, as after any change to the group's games."""
    service.statistics_cache.clear()
    return statistics(db, ids)


def best(fns, repeat: int) -> list[float]:
    """The best time of each of ``fns``, taken in turn ``repeat`` times: a load that
    comes and goes on the machine falls on all of them alike."""
    times = [[] for _ in fns]
    for _ in range(repeat):
        for fn, spent in zip(fns, times):
            start = time.perf_counter()
            fn()
            spent.append(time.perf_counter() - start)
    return [min(t) for t in times]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = open_db(Path(tmp) / "bench.sqlite3")
        start = time.perf_counter()
        ids = [record(db, rng, i) for i in range(args.games)]
        print(f"recorded {len(ids)} finished games in {time.perf_counter() - start:.1f} s")
        groups = statistics(db, ids)
        assert sum(g["games"] for g in groups) == args.games, "every game counted"
        rows, anew, again = best([lambda: read_rows(db, ids), lambda: cold(db, ids), lambda: statistics(db, ids)],
                                 args.repeat)
    print(f"reading the games' rows: {rows * 1000:.1f} ms")
    for label, spent in (("statistics worked out anew (the same rows, the tallies read and counted)", anew),
                         ("statistics again, no game changed (the same rows, then the remembered answer)", again)):
        print(f"{label}: {spent * 1000:.1f} ms, ratio {spent / rows:.2f}x (target <= {TARGET}x): "
              f"{'ok' if spent / rows <= TARGET else 'OVER'}")
    return 0 if max(anew, again) / rows <= TARGET else 1

if __name__ == "__main__":
    sys.exit(main())
