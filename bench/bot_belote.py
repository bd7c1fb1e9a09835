"""Benchmark: how strong the Belote and Coinche bot is (issue 37), on duplicate deals.

    python bench/bot_belote.py [--variant belote|coinche] [--levels easy,medium,hard] [--seconds 60] [--deals N] [--seed 1] [--rivals plain|easy|medium|hard]

One team of bots (``scribe.bots.belote.decide`` at a level) against one team of the
simple heuristic (the same hand count for the calls, no noise, and
``belote_search.heuristic``'s plain card: lead a master, give points to a partner who
holds the trick, win cheaply, throw the least). Each deal is played twice through the
virtual deck's checks, the bots on seats 0 and 2 and then on seats 1 and 3, so the same
hands go to each side and the luck of the cards cancels (``--rivals easy|medium|hard``:
the other team is the bot at that level, the bot against itself at another budget). Per
level it prints:

- contracts made as taker: the bots' (made / taken, with a 95 % Wilson interval) and the
  rivals' on the same deals;
- the points per deal difference: the bots' deal scores less the rivals' over both
  plays of a deal, per deal, with a 95 % interval (normal, over deals: the two plays of a
  deal are not independent, so a deal is the unit);
- decisions per CPU second and the slowest move in wall time (what a table would wait
  for; it grows with the load, printed in the first line).

Levels run one after the other, each within ``--seconds`` and ``--deals`` (a deal under
way is finished).
Not a test: pytest never collects it, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scribe.bots.belote import LEVELS, PLAIN, decide, decision
from scribe.bots.belote_search import played_result
from scribe.bots.belote_table import play_deal
from scribe.games.belote import deck
from scribe.games.belote.setup import make_setup

FOUR = ["A", "B", "C", "D"]


class Timed:
    """The bot at a level, every decision timed: CPU seconds in total, the slowest in wall time."""

    def __init__(self, level: str, seed: int) -> None:
        self.level, self.seed = level, seed
        self.decisions, self.cpu, self.slowest = 0, 0.0, 0.0

    def __call__(self, view, seat):
        wall, cpu = time.perf_counter(), time.process_time()
        out = decide(view, seat, self.level, self.seed)
        self.cpu += time.process_time() - cpu
        self.slowest = max(self.slowest, time.perf_counter() - wall)
        self.decisions += 1
        return out


def heuristic(view, seat):
    """The simple heuristic: the hand's count for the calls, the plain card, no search."""
    return decision(view, seat, PLAIN, 0)


def wilson(k: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def run_level(variant: str, level: str, seconds: float, seed: int, deals: int, rivals: str = "plain") -> dict:
    bot = Timed(level, seed)
    rival = heuristic if rivals == "plain" else Timed(rivals, seed + 1)
    taken = {"bots": [0, 0], "heuristic": [0, 0]}  # made, taken
    diffs: list[int] = []
    start = time.perf_counter()
    number = 0
    while time.perf_counter() - start < seconds and number < deals:
        s = make_setup(FOUR, first_dealer=number % 4, variant=variant, virtual_deck=True)
        drawn = deck.draw(s, 1, random.Random(seed * 100_003 + number))
        diff = 0
        for bots_team in (0, 1):
            players = [bot if p % 2 == bots_team else rival for p in range(4)]
            table = play_deal(s, drawn, players)
            if table.phase != "played":
                continue
            result = played_result(table, s.settings)
            diff += result.scores[bots_team] - result.scores[1 - bots_team]
            side = "bots" if result.takers == bots_team else "heuristic"
            taken[side][1] += 1
            taken[side][0] += result.outcome == "made"
        diffs.append(diff)
        number += 1
    return {"deals": number, "taken": taken, "diffs": diffs, "bot": bot}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="belote", choices=("belote", "coinche"))
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=10_000, help="at most this many deals per level")
    ap.add_argument("--rivals", default="plain", choices=("plain", *LEVELS),
                    help="the other team: the simple heuristic (plain) or the bot at a level")
    args = ap.parse_args()
    print(f"# bot_belote {args.variant}, {args.seconds:.0f} s per level, seed {args.seed}, "
          f"rivals {args.rivals}, load average {os.getloadavg()[0]:.2f}")
    print("| level | deals (plays) | bots made as taker | 95 % CI | rivals made | 95 % CI "
          "| points/deal (bots - rivals) | 95 % CI | decisions/s CPU | slowest move |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for level in args.levels.split(","):
        r = run_level(args.variant, level, args.seconds, args.seed, args.deals, args.rivals)
        (bm, bt), (hm, ht) = r["taken"]["bots"], r["taken"]["heuristic"]
        blo, bhi = wilson(bm, bt)
        hlo, hhi = wilson(hm, ht)
        d = r["diffs"]
        mean = statistics.fmean(d) if d else 0.0
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else float("nan")
        bot = r["bot"]
        rate = bot.decisions / bot.cpu if bot.cpu else float("nan")
        print(f"| {level} ({LEVELS[level].worlds} worlds) | {r['deals']} ({2 * r['deals']}) "
              f"| {bm}/{bt} = {100 * bm / max(bt, 1):.0f} % | {100 * blo:.0f}-{100 * bhi:.0f} % "
              f"| {hm}/{ht} = {100 * hm / max(ht, 1):.0f} % | {100 * hlo:.0f}-{100 * hhi:.0f} % "
              f"| {mean:+.1f} | {mean - half:+.1f} to {mean + half:+.1f} "
              f"| {rate:.0f} | {bot.slowest:.2f} s |", flush=True)
    print(f"# load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
