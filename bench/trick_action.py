"""A card played through the API next to a bid entry, in the same run (issue 12).

    python bench/trick_action.py [--games 3] [--players 4] [--seed 1]

In process (Flask's test client, a real SQLite file in a temp folder): whole virtual-deck
games of Wizard, every round dealt by the Scribe, each bid entered by the Scribe
(``POST /api/games/KEY/bids``), then every card played from its player's link
(``POST /api/player/TOKEN/played``, a random legal card), then the tricks confirmed.
Each request is timed; the two kinds alternate round after round, so a load change hits
both alike. A request costs more as the game's log grows (each write replays it), and a
late round has many more cards than bids, so the ratio is taken round by round (the
median card of a round against the median bid of the same round) and its median over
the rounds is the figure. Target: a trick action within 1.2x a bid entry's time.

Not a test: pytest never collects it, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scribe import create_app

TARGET = 1.2
NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]


def timed(times: list, call, number: int = 0):
    start = time.perf_counter()
    resp = call()
    times.append((number, time.perf_counter() - start))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def play_game(client, players: int, rng: random.Random, bids: list, plays: list) -> None:
    made = client.post("/api/games", json={"players": NAMES[:players], "first_dealer": 0, "preset": "standard",
                                           "rules": {"virtual_deck": True}}).get_json()
    key = made["key"]
    tokens = [p["token"] for p in client.get(f"/api/games/{key}/links").get_json()["players"]]
    for t in tokens:
        client.get(f"/api/player/{t}")  # this client holds every seat
    sheet = made["sheet"]
    while not sheet["finished"]:
        sheet = client.post(f"/api/games/{key}/deal", json={}).get_json()["sheet"]
        row = sheet["rounds"][sheet["current_round"] - 1]
        if row["trump"] and row["trump"]["card"] == "wizard":
            sheet = client.post(f"/api/games/{key}/trump", json={"card": "wizard", "suit": "red"}).get_json()["sheet"]
        for p in row["order"]:
            sheet = timed(bids, lambda: client.post(f"/api/games/{key}/bids", json={"player": p, "bid": 0}),
                          row["number"])["sheet"]
        play = sheet["rounds"][row["number"] - 1]["play"]
        legal = None
        while not play["finished"]:
            seat = play["turn"]
            if legal is None or legal[0] != seat:
                legal = (seat, client.get(f"/api/player/{tokens[seat]}").get_json()["cards"]["current"]["legal"])
            body = timed(plays, lambda: client.post(f"/api/player/{tokens[seat]}/played",
                                                    json={"card": rng.choice(legal[1])}), row["number"])
            play, legal = body["sheet"]["rounds"][row["number"] - 1]["play"], None
        sheet = client.post(f"/api/games/{key}/tricks", json={}).get_json()["sheet"]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "INSTANCE_PATH": tmp, "RATELIMIT_ENABLED": False})
        client = app.test_client()
        rng = random.Random(args.seed)
        bids: list[float] = []
        plays: list[float] = []
        for _ in range(args.games):
            play_game(client, args.players, rng, bids, plays)

    def p90(xs: list[float]) -> float:
        return sorted(xs)[int(0.9 * (len(xs) - 1))]

    print(f"{args.games} whole {args.players}-player virtual-deck games, in process, Python {sys.version.split()[0]}")
    print(f"{'':<28}{'requests':>9}{'median ms':>11}{'p90 ms':>9}")
    for label, timed_ in (("bid entry (Scribe)", bids), ("card played (player link)", plays)):
        xs = [t for _n, t in timed_]
        print(f"{label:<28}{len(xs):>9}{statistics.median(xs) * 1000:>11.2f}{p90(xs) * 1000:>9.2f}")
    rounds = sorted({n for n, _t in bids})
    per_round = [statistics.median([t for n, t in plays if n == r]) / statistics.median([t for n, t in bids if n == r])
                 for r in rounds]
    ratio = statistics.median(per_round)
    print(f"ratio card / bid, round by round: median {ratio:.2f}x (rounds' range {min(per_round):.2f}x-"
          f"{max(per_round):.2f}x), target <= {TARGET}x: {'meets' if ratio <= TARGET else 'misses'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
