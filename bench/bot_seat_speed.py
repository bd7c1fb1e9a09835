"""Benchmark: how long a robot in a seat of the bids-and-tricks family takes to decide
(issue 37), per game and level, against the family's plain choice measured in the same run.

    python bench/bot_seat_speed.py [--deals 20] [--cards 6] [--players 4] [--seed 1]

For each game (Wizard, Skull King, Rikiki) it deals ``--deals`` rounds of ``--cards`` cards
to ``--players`` seats and asks the robot at seat 0 (its own view only, as the runner does)
for every decision of its seat while the others bid and play the plain choice, through the
rules' own checks. Per level it prints the decisions timed, the mean and the slowest in
milliseconds, and the mean's ratio to the plain choice's (``bots.simple``, the heuristic
of the family: no search). The slowest move is what a table waits for, on top of
``SCRIBE_BOT_PAUSE_MS``. Not a test: pytest never collects it, and no test asserts on time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from scribe.bots import decider, skull_king, wizard
from scribe.bots.family import dice, turn
from scribe.bots.simple import decide_simply
from scribe.games import GAMES
from scribe.rules.log import Entry

GAMES_TIMED = {  # the game, and its options for rounds of the wanted size
    "wizard": lambda cards: {},
    "skull_king": lambda cards: {"rounds": [cards]},
    "rikiki": lambda cards: {"schedule": "list", "cards": [cards]},
}
LEVELS = ("easy", "medium", "hard")


FORMS = {"wizard": wizard.play_form, "skull_king": skull_king.play_form}  # the Cloud's suit, the Tigress's role


def _plain(view: Any, seat: int, _level: str, seed: int) -> Any:
    t = turn(view, seat)
    form = FORMS.get(view.GAME, lambda c, _r: c)
    return None if t is None else decide_simply(view, t, dice(seed, seat, "plain", view), lambda c: False,
                                                lambda c: None, form)


def _round(game: str, players: int, cards: int, seed: int) -> Any:
    """A sheet at the deal of a round of ``cards`` cards (Wizard: its round ``cards``, the
    rounds before it scored on paper, no virtual deck needed for them)."""
    rules = GAMES[game]
    setup = rules.make_setup(players=[f"P{i}" for i in range(players)], virtual_deck=True,
                             **GAMES_TIMED[game](cards))
    log: list[Entry] = []
    sheet = rules.replay(setup, log)
    rng = random.Random(seed)
    while sheet.current.cards < cards:  # Wizard: rounds 1..cards-1 dealt and played by the plain choice
        sheet, log = _play_round(rules, sheet, log, rng, [_plain] * players, {})
    drawn = rules.DRAWN["deal"](sheet, {"round": sheet.current.number}, rng)
    entry = Entry(len(log) + 1, "deal", rules.verify(sheet, "deal", drawn))
    log.append(entry)
    return rules, rules.advance(sheet, entry, log[:-1]), log


def _play_round(rules: Any, sheet: Any, log: list, rng: random.Random, players: list[Callable], timed: dict
                ) -> tuple[Any, list]:
    """The round in play to its end; ``timed[seat]`` collects seat's decision times."""
    number = sheet.current.number
    for _ in range(500):
        row = sheet.current
        if row is None or row.number != number:
            return sheet, log
        if not row.dealt:
            kind, data = "deal", rules.DRAWN["deal"](sheet, {"round": number}, rng)
        else:
            move = None
            for seat, player in enumerate(players):
                view = rules.view(sheet, log, seat)
                start = time.perf_counter()
                move = player(view, seat, "x", seat + 1)
                if move is not None:
                    timed.setdefault(seat, []).append(time.perf_counter() - start)
                    break
            if move is None:  # every card played: the tricks as the cards gave them
                tally = sheet.setup.result_tally(row.play) if hasattr(sheet.setup, "result_tally") else {
                    "tricks": list(row.play.won)}
                move = ("tricks", {"round": number, **tally})
            kind, data = move
        entry = Entry(len(log) + 1, kind, rules.verify(sheet, kind, data))
        sheet = rules.advance(sheet, entry, log)
        log = [*log, entry]
    raise RuntimeError("the round never ended")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--cards", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.deals} deals of {args.cards} cards at {args.players} seats; robot at seat 0, its decisions timed")
    for game in GAMES_TIMED:
        decide = decider(game)
        rows = []
        for name, player in [("plain", _plain), *((lv, lambda v, s, _l, sd, lv=lv: decide(v, s, lv, sd))
                                                  for lv in LEVELS)]:
            times: list[float] = []
            for d in range(args.deals):
                rules, sheet, log = _round(game, args.players, args.cards, args.seed + d)
                timed: dict[int, list[float]] = {}
                _play_round(rules, sheet, log, random.Random(d), [player] + [_plain] * (args.players - 1), timed)
                times += timed.get(0, [])
            rows.append((name, len(times), statistics.mean(times) * 1000, max(times) * 1000))
        base = rows[0][2]
        print(f"\n{game}")
        print(f"  {'level':<7} {'moves':>6} {'mean ms':>9} {'slowest ms':>11} {'x plain':>8}")
        for name, n, mean, slowest in rows:
            print(f"  {name:<7} {n:>6} {mean:>9.2f} {slowest:>11.1f} {mean / base:>8.0f}")


if __name__ == "__main__":
    main()
