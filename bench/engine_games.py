"""Benchmark: whole random-play 4-player Wizard games per second on one core.

    python bench/engine_games.py [--seconds 3] [--players 4] [--profile]

The engine is measured twice in the same run: as is (random players take the
engine's fast path: hands split by suit, the winner settled card by card), and as
a baseline through the engine's general loop (the same random players seen as any
policy: a call per decision, legal cards filtered from the hand, the winner
function per trick), which is how every game was played before issue 12. The two
are measured in alternating slices so that a load change hits both alike. Games
per second are given against wall time and against this process's CPU time (the
latter is steadier on a shared machine).

Target (issue 12): 3x mvelax/wizard-python's random players per core. Measured
side by side on this machine (bench/README.md) they play 527-589 whole 4-player
games/s, so the target is about 1,700 games/s of CPU.

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

from scribe.engine import RandomPolicy, make_rng, play_game

TARGET = 1700
MVELAX = (527, 589)  # mvelax/wizard-python's random 4-player games/s here (bench/README.md)
IDLE_CALL_NS = 40.0


def call_cost_ns() -> float:
    """CPU nanoseconds per call of a 4-argument Python function: context for the figures.

    About 40 ns on an idle core of a recent x86 server with CPython 3.11; more
    means the core, its caches or its sibling thread are shared right now.
    """
    timer = timeit.Timer("f(1, 2, 3, 4)", "def f(a, b, c, d): return a", timer=time.process_time)
    return min(timer.repeat(repeat=5, number=200_000)) / 200_000 * 1e9


class AnyPolicy(RandomPolicy):
    """The same random player, seen by the engine as any policy: its general loop."""

    __slots__ = ()


def play_for(seconds: float, players: int, policy: type, seed: int) -> tuple[int, float, float]:
    """Play whole games for ``seconds``; return (games, wall seconds, CPU seconds)."""
    rng = make_rng(seed)
    policies = [policy(rng) for _ in range(players)]
    games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    end = wall0 + seconds
    while time.perf_counter() < end:
        play_game(players, policies, rng)
        games += 1
    return games, time.perf_counter() - wall0, time.process_time() - cpu0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="total time per variant")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--slices", type=int, default=6, help="alternating slices per variant")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of 300 games")
    args = parser.parse_args(argv)

    play_for(0.3, args.players, RandomPolicy, 0)  # warm-up
    totals = {"engine": [0, 0.0, 0.0], "baseline": [0, 0.0, 0.0]}
    for i in range(args.slices):
        for name, policy in (("engine", RandomPolicy), ("baseline", AnyPolicy)):
            got = play_for(args.seconds / args.slices, args.players, policy, seed=i)
            totals[name] = [a + b for a, b in zip(totals[name], got)]

    print(f"Whole random-play {args.players}-player games, Python {sys.version.split()[0]}")
    call_ns = call_cost_ns()
    print(f"machine: a Python call costs {call_ns:.0f} ns of CPU now (~{IDLE_CALL_NS:.0f} on an idle core)")
    print(f"{'':<34}{'games':>8}{'games/s wall':>14}{'games/s CPU':>13}")
    rates = {}
    for name, label in (("engine", "engine"), ("baseline", "baseline (the general loop)")):
        games, wall, cpu = totals[name]
        rates[name] = (games / wall, games / cpu)
        print(f"{label:<34}{games:>8}{games / wall:>14,.0f}{games / cpu:>13,.0f}")
    ratio_wall = rates["engine"][0] / rates["baseline"][0]
    ratio_cpu = rates["engine"][1] / rates["baseline"][1]
    print(f"{'ratio engine / baseline':<34}{'':>8}{ratio_wall:>14.2f}{ratio_cpu:>13.2f}")
    verdict = "meets" if rates["engine"][1] > TARGET else "misses"
    print(f"target > {TARGET:,} games/s (CPU), 3x mvelax/wizard-python's {MVELAX[0]}-{MVELAX[1]}: {verdict}"
          f" ({rates['engine'][1] / MVELAX[1]:.1f}x-{rates['engine'][1] / MVELAX[0]:.1f}x)")

    if args.profile:
        rng = make_rng(0)
        policies = [RandomPolicy(rng) for _ in range(args.players)]
        profile = cProfile.Profile()
        profile.runcall(lambda: [play_game(args.players, policies, rng) for _ in range(300)])
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
