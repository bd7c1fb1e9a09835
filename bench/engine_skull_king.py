"""Benchmark: Skull King's engine against Wizard's, whole games on one core, same run.

    python bench/engine_skull_king.py [--seconds 6] [--players 4] [--slices 6]

Four variants are measured in alternating slices (so that a change of load on the
machine hits them alike): Wizard's engine with random players (its fast path) and with
heuristic players, and Skull King's with random and heuristic players (the basic deck,
and random players with the Kraken, the White Whale and both Loot cards). Skull King
plays on the family's play engine, over its definition (legal cards, winner, tally),
where Wizard's random games take a loop written for Wizard's cards alone.

The games differ in length (Wizard: 60 / players rounds of 1..r cards; Skull King: 10
rounds of 1..10), so the figures are given per whole game and per card played, each
with its ratio to Wizard's engine with the same players. CPU time of this process is
the steadier figure on a shared machine; the load average is printed for context.

Not a test: pytest never collects it, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scribe.engine import HeuristicPolicy, RandomPolicy, make_rng, play_game
from scribe.engine.skull_king import (
    SkullKingHeuristic,
    SkullKingRandom,
    play_skull_king_game,
    skull_king_setup,
)

Game = Callable[[int], int]  # play one game from this seed offset; return the cards played


def wizard(players: int, heuristic: bool) -> Callable[[object], int]:
    def play(rng: object) -> int:
        policies = [HeuristicPolicy()] * players if heuristic else [RandomPolicy(rng) for _ in range(players)]  # type: ignore[arg-type]
        g = play_game(players, policies, rng)  # type: ignore[arg-type]
        return sum(r.cards for r in g.rounds) * players
    return play


def skull_king(players: int, heuristic: bool, **rules: bool) -> Callable[[object], int]:
    setup = skull_king_setup(players, **rules)

    def play(rng: object) -> int:
        policies = [SkullKingHeuristic()] * players if heuristic else [SkullKingRandom(rng) for _ in range(players)]  # type: ignore[arg-type]
        g = play_skull_king_game(players, policies, rng, setup=setup)  # type: ignore[arg-type]
        return sum(r.cards for r in g.rounds) * players
    return play


def play_for(seconds: float, game: Callable[[object], int], seed: int) -> tuple[int, int, float, float]:
    """Play whole games for ``seconds``: (games, cards, wall seconds, CPU seconds)."""
    rng = make_rng(seed)
    games = cards = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    end = wall0 + seconds
    while time.perf_counter() < end:
        cards += game(rng)
        games += 1
    return games, cards, time.perf_counter() - wall0, time.process_time() - cpu0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="total time per variant")
    parser.add_argument("--players", type=int, default=4, help="3 to 6 (Wizard's range)")
    parser.add_argument("--slices", type=int, default=6, help="alternating slices per variant")
    args = parser.parse_args(argv)
    n = args.players
    variants = {
        "wizard random": (wizard(n, False), "wizard random"),
        "wizard heuristic": (wizard(n, True), "wizard heuristic"),
        "skull king random": (skull_king(n, False), "wizard random"),
        "skull king random, all 4 advanced": (skull_king(n, False, kraken=True, white_whale=True, loot=True),
                                              "wizard random"),
        "skull king heuristic": (skull_king(n, True), "wizard heuristic"),
    }
    for game, _base in variants.values():  # warm-up
        play_for(0.1, game, 0)
    load = os.getloadavg()
    totals = {name: [0, 0, 0.0, 0.0] for name in variants}
    for i in range(args.slices):
        for name, (game, _base) in variants.items():
            got = play_for(args.seconds / args.slices, game, seed=i)
            totals[name] = [a + b for a, b in zip(totals[name], got)]
    load_after = os.getloadavg()

    print(f"Whole {n}-player games, Python {sys.version.split()[0]}, {os.cpu_count()} cores; load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} before, {load_after[0]:.2f} {load_after[1]:.2f} "
          f"{load_after[2]:.2f} after")
    print(f"{'':<36}{'games':>7}{'games/s CPU':>13}{'cards/s CPU':>13}{'games/s wall':>14}"
          f"{'ratio/game':>12}{'ratio/card':>12}")
    rate = {name: (g / cpu, c / cpu, g / wall) for name, (g, c, wall, cpu) in totals.items()}
    for name, (_game, base) in variants.items():
        g_cpu, c_cpu, g_wall = rate[name]
        print(f"{name:<36}{totals[name][0]:>7}{g_cpu:>13,.0f}{c_cpu:>13,.0f}{g_wall:>14,.0f}"
              f"{g_cpu / rate[base][0]:>12.2f}{c_cpu / rate[base][1]:>12.2f}")
    print("ratios: against Wizard's engine with the same players (CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
