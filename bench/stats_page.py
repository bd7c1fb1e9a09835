"""The group's statistics page for 1,000 finished games against reading those games' rows.

One browser (a Flask test client, so one group) makes ``--games`` games through the API
on a temp SQLite file: half Wizard games of 3 to 6 players, half custom points games of
2 to 8; each is then played to its end through the service (one round: bids and tricks,
or points from -50 to 400 standing for the final scores of long games, so few repeat).
Then it times, in the same run and best of ``--repeat``, taken in turn on each repeat:

- baseline: reading the games' rows (one select of those ids, each row parsed into a
  ``GameRow``, what the start page does for each game it lists);
- ``GET /api/stats`` worked out anew, as after any change to the group's games (the
  remembered answers forgotten first): the group's finished games read, each game
  type's tallies read in one query and counted;
- ``GET /stats``, the page, worked out anew, then again with no game changed (the answer
  remembered for those games at those versions, only the page made).

Each request is the whole of it: the session cookie read, the group found, the page or
JSON made. Prints the times and the ratios to the baseline; the target (<= 1.5x) is
checked on all three, and the exit status is 1 above it. The app and the stdlib only.

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

from scribe import create_app, service
from scribe.store import GameRow, links, open_db

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal")
TARGET = 1.5


def record(client, db, rng: random.Random, i: int) -> str:
    """A game made by the browser (its group holds it), played to its end; its id."""
    n = rng.randint(3, 6) if i % 2 else rng.randint(2, 8)
    options = ({"game": "wizard", "first_dealer": 0, "preset": "standard", "rules": {"rounds": 1}} if i % 2 else
               {"game": "points", "preset": "custom", "rounds": 1})
    made = client.post("/api/games", json={**options, "players": list(NAMES[:n])})
    assert made.status_code == 201, made.get_json()
    game_id = links.find(db, made.get_json()["key"])[0].game_id
    if i % 2:
        for p in service.load(db, game_id)[1].current.order:
            service.act(db, game_id, "bid", {"player": p, "bid": rng.randint(0, 1)})
        winner = rng.randrange(n)
        service.act(db, game_id, "tricks", {"tricks": [int(p == winner) for p in range(n)]})
    else:
        service.act(db, game_id, "round", {"points": [rng.randint(-50, 400) for _ in range(n)], "closer": None})
    return game_id


def read_rows(db, ids: list[str]) -> list[GameRow]:
    cur = db.execute("select * from games where id in (select value from json_each(?))", [json.dumps(ids)])
    cols = [c[0] for c in cur.description]
    return [GameRow.from_row(dict(zip(cols, row))) for row in cur.fetchall()]


def get(client, path: str, anew: bool) -> str:
    if anew:
        service.statistics_cache.clear()
    answer = client.get(path)
    assert answer.status_code == 200, answer.status
    return answer.get_data(as_text=True)


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
        app = create_app({"TESTING": True, "INSTANCE_PATH": tmp, "RATELIMIT_ENABLED": False})  # one browser, 1,000 games
        client = app.test_client()
        db = open_db(Path(tmp) / "scribe.sqlite3")
        start = time.perf_counter()
        ids = [record(client, db, rng, i) for i in range(args.games)]
        print(f"recorded {len(ids)} finished games in {time.perf_counter() - start:.1f} s")
        counted = json.loads(get(client, "/api/stats", anew=True))["groups"]
        assert sum(g["games"] for g in counted) == args.games, "every game counted"
        rows, api, page, again = best([lambda: read_rows(db, ids), lambda: get(client, "/api/stats", anew=True),
                                       lambda: get(client, "/stats", anew=True),
                                       lambda: get(client, "/stats", anew=False)], args.repeat)
    print(f"reading the games' rows: {rows * 1000:.1f} ms")
    over = False
    for label, spent in (("GET /api/stats worked out anew", api), ("GET /stats worked out anew", page),
                         ("GET /stats again, no game changed", again)):
        over |= spent / rows > TARGET
        print(f"{label}: {spent * 1000:.1f} ms, ratio {spent / rows:.2f}x (target <= {TARGET}x): "
              f"{'ok' if spent / rows <= TARGET else 'OVER'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
