"""Benchmark: whole random-play 4-player Wizard games per second on one core.

    python bench/engine_games.py [--seconds 3] [--players 4] [--profile]

The engine's loop is measured twice in the same run: as is, and as a baseline
with trick resolution replaced by a constant (the leader always wins), so the
printed ratio says what the trick rules cost, whatever the machine. The two are
measured in alternating slices so that a load change hits both alike. Games per
second are given against wall time and against this process's CPU time (the
latter is steadier on a shared machine). Target: > 2,000 games/s.

Not a test: pytest never collects it, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
import timeit
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scribe.engine import Card, RandomPolicy, Suit, make_rng, play_game  # noqa: E402
from scribe.engine.tricks import winner_unchecked  # noqa: E402
from scribe.engine.view import Winner  # noqa: E402

TARGET = 2000
IDLE_CALL_NS = 40.0


def call_cost_ns() -> float:
    """CPU nanoseconds per call of a 4-argument Python function: context for the figures.

    About 40 ns on an idle core of a recent x86 server with CPython 3.11; more
    means the core, its caches or its sibling thread are shared right now.
    """
    timer = timeit.Timer("f(1, 2, 3, 4)", "def f(a, b, c, d): return a", timer=time.process_time)
    return min(timer.repeat(repeat=5, number=200_000)) / 200_000 * 1e9


def constant_winner(cards: Sequence[Card], trump: Suit | None, p6: bool) -> int:
    """The baseline's trick resolution: the leader takes every trick."""
    return 0


def play_for(seconds: float, players: int, winner: Winner, seed: int) -> tuple[int, float, float]:
    """Play whole games for ``seconds``; return (games, wall seconds, CPU seconds)."""
    rng = make_rng(seed)
    policies = [RandomPolicy(rng) for _ in range(players)]
    games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    end = wall0 + seconds
    while time.perf_counter() < end:
        play_game(players, policies, rng, winner=winner)
        games += 1
    return games, time.perf_counter() - wall0, time.process_time() - cpu0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="total time per variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--slices", type=int, default=6, help="alternating slices per variant")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of 300 games")
    args = parser.parse_args(argv)

    play_for(0.3, args.players, winner_unchecked, 0)  # warm-up
    totals = {"engine": [0, 0.0, 0.0], "baseline": [0, 0.0, 0.0]}
    for i in range(args.slices):
        for name, winner in (("engine", winner_unchecked), ("baseline", constant_winner)):
            got = play_for(args.seconds / args.slices, args.players, winner, seed=i)
            totals[name] = [a + b for a, b in zip(totals[name], got)]

    print(f"Whole random-play {args.players}-player games, Python {sys.version.split()[0]}")
    call_ns = call_cost_ns()
    print(f"machine: a Python call costs {call_ns:.0f} ns of CPU now (~{IDLE_CALL_NS:.0f} on an idle core)")
    print(f"{'':<34}{'games':>8}{'games/s wall':>14}{'games/s CPU':>13}")
    rates = {}
    for name, label in (("engine", "engine"), ("baseline", "baseline (trick winner = constant)")):
        games, wall, cpu = totals[name]
        rates[name] = (games / wall, games / cpu)
        print(f"{label:<34}{games:>8}{games / wall:>14,.0f}{games / cpu:>13,.0f}")
    ratio_wall = rates["engine"][0] / rates["baseline"][0]
    ratio_cpu = rates["engine"][1] / rates["baseline"][1]
    print(f"{'ratio engine / baseline':<34}{'':>8}{ratio_wall:>14.2f}{ratio_cpu:>13.2f}")
    verdict = "meets" if rates["engine"][1] > TARGET else "misses"
    print(f"target > {TARGET:,} games/s (CPU): {verdict}")

    if args.profile:
        rng = make_rng(0)
        policies = [RandomPolicy(rng) for _ in range(args.players)]
        profile = cProfile.Profile()
        profile.runcall(lambda: [play_game(args.players, policies, rng) for _ in range(300)])
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
