"""Many simulated games and a short report: ``scribe simulate --players N --games K --seed S``,
of Wizard (the default) or of Skull King (``--game skull_king``), between random, heuristic
and searching players (``--policy search``, or a level: ``easy``, ``medium``, ``hard``).

The command is :data:`command` (click); ``scribe.cli`` adds it to the ``scribe`` group.

>>> report = simulate(4, 20, seed=1)
>>> report.games, len(report.average_score), 0 <= report.bid_accuracy <= 1
(20, 4, True)
>>> report.average_score == simulate(4, 20, seed=1).average_score
True
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import click

from scribe.climain import StatusCommand, exit_status
from scribe.rules.cards import check_players, make_rng
from scribe.rules.errors import N_, RuleError

from .options import BID_RULES, PlayOptions
from .play import GameRecord, play_game
from .policies import HeuristicPolicy, RandomPolicy
from .search import SearchPolicy
from .skull_king import SkullKingHeuristic, SkullKingRandom, SkullKingSearch, play_skull_king_game, skull_king_setup
from .unicolore import play_unicolore_game
from .worlds import LEVELS

#: ``search`` is the searching player at its medium level; ``easy``, ``medium``, ``hard`` name a level.
SEARCH_NAMES = ("search", *LEVELS)
POLICY_NAMES = ("random", "heuristic", *SEARCH_NAMES)
GAMES = {"wizard": "Wizard", "skull_king": "Skull King"}  # the engine's games, by their registry name
#: Skull King's rule options the engine plays (the rules' setup options, K-S1..K-S4, K-T1).
SKULL_KING_OPTIONS = ("scoring", "bonus_on_miss", "kraken", "white_whale", "loot")


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """What :func:`simulate` measured. Everything but the timings is reproducible from the seed."""

    players: int
    games: int
    seed: int
    policies: tuple[str, ...]
    unicolore: bool
    options: dict[str, Any]
    average_score: tuple[float, ...]  # final total per seat, averaged over games
    bid_accuracy_by_seat: tuple[float, ...]  # share of rounds where the bid was exact
    bid_accuracy: float
    wins: tuple[float, ...]  # games won per seat, a tie split between the winners
    seconds: float
    jobs: int = 1  # processes the games were played in
    game: str = "wizard"

    @property
    def games_per_second(self) -> float:
        """Whole games played per second of wall time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def _policy_names(policy: str, players: int) -> tuple[str, ...]:
    names = tuple(p.strip().lower() for p in policy.split(","))
    if len(names) == 1:
        names *= players
    if len(names) != players or any(n not in POLICY_NAMES for n in names):
        raise RuleError(
            N_("Policies: one name for everyone, or one per seat, among %(names)s; not %(policy)r."),
            field="policy",
            names=", ".join(POLICY_NAMES),
            policy=policy,
        )
    return names


def _level(name: str) -> str | None:
    """The search level a policy name stands for, or None for a player that does not search."""
    if name not in SEARCH_NAMES:
        return None
    return "medium" if name == "search" else name


def _search_seed(seed: int, block: int, seat: int) -> int:
    """A searching seat's own dice: from the run's seed, its block and its seat, so that
    ``--jobs`` never changes a report and two searchers never share their dice."""
    return (seed * 1_000 + block) * 10 + seat


BLOCK = 50  # games per block: each block has its own seeded rng, so --jobs never changes a report


def _play_block(args: tuple) -> tuple[list[int], list[int], list[float], int]:
    """Play one block of games: (total score per seat, exact bids per seat, wins per seat, rounds)."""
    players, names, unicolore, options, seed, block, count, game_name = args
    rng = make_rng(seed) if block == 0 else random.Random(f"{seed}:{block}")  # block 0: as before --jobs
    levels = [_level(n) for n in names]
    if game_name == "skull_king":
        setups = [skull_king_setup(players, d, **options) for d in range(players)]
        policies: list[Any] = [
            SkullKingRandom(rng) if n == "random" else SkullKingHeuristic() if lv is None
            else SkullKingSearch(setups[0], _search_seed(seed, block, seat), lv)
            for seat, (n, lv) in enumerate(zip(names, levels))]

        def play(players: int, policies: Any, rng: random.Random, options: Any, first_dealer: int) -> Any:
            return play_skull_king_game(players, policies, rng, setup=setups[first_dealer])
    else:
        heuristic = HeuristicPolicy()
        policies = [RandomPolicy(rng) if n == "random" else heuristic if lv is None
                    else SearchPolicy.at(lv, _search_seed(seed, block, seat))
                    for seat, (n, lv) in enumerate(zip(names, levels))]
        play = play_unicolore_game if unicolore else play_game  # type: ignore[assignment]
    totals, exact, wins, rounds = [0] * players, [0] * players, [0.0] * players, 0
    for g in range(block * BLOCK, block * BLOCK + count):
        game: GameRecord = play(players, policies, rng, options, first_dealer=g % players)
        for i, t in enumerate(game.totals):
            totals[i] += t
        for w in game.winners:
            wins[w] += 1 / len(game.winners)
        for r in game.rounds:
            rounds += 1
            for i in range(players):
                exact[i] += r.bids[i] == r.won[i]
    return totals, exact, wins, rounds


def simulate(
    players: int,
    games: int,
    seed: int,
    *,
    policy: str = "random",
    unicolore: bool = False,
    jobs: int = 1,
    game: str = "wizard",
    **rule_options: Any,
) -> SimulationReport:
    """Play ``games`` whole games at ``players`` seats from ``seed`` and summarise them.

    ``policy`` is ``random``, ``heuristic`` or a searching player (``search``, or its level
    ``easy``, ``medium``, ``hard``: ``search``, ``skull_king.SkullKingSearch``) for everyone, or a comma-separated name
    per seat (``"heuristic,random,random"``). ``rule_options`` are the fields of
    :class:`~scribe.engine.options.PlayOptions` (``no_wizard_on_trump_lead=True``,
    ``bid_rule="plus_minus_one"``, ...). ``unicolore`` plays W-U1..W-U3 instead.
    ``jobs``: processes to play in (0: one per core); the report is the same for any.
    ``game``: ``wizard`` or ``skull_king``, whose ``rule_options`` are its setup's
    (``scoring="rascal"``, ``kraken=True``, ``white_whale=True``, ``loot=True``,
    ``bonus_on_miss=True``), played by 3 to 8 players.

    >>> simulate(5, 3, seed=1, game="skull_king", policy="heuristic", loot=True).options["loot"]
    True

    >>> r = simulate(3, 5, seed=2, policy="heuristic,random,random", bid_rule="plus_minus_one")
    >>> r.policies, r.options["bid_rule"]
    (('heuristic', 'random', 'random'), 'plus_minus_one')
    """
    if game not in GAMES:
        raise RuleError(N_("Unknown game %(game)r: the engine plays %(games)s."), field="game", game=game,
                        games=", ".join(GAMES))
    if game == "skull_king":
        if unicolore:
            raise RuleError(N_("%(option)s is not an option of %(game)s."), field="unicolore",
                            option="unicolore", game=GAMES[game])
        for name in rule_options:
            if name not in SKULL_KING_OPTIONS:
                raise RuleError(N_("%(option)s is not an option of %(game)s."), field=name, option=name,
                                game=GAMES[game])
        setup = skull_king_setup(players, **rule_options)  # refuses a table or a rule the game has not
        options: Any = {k: v for k, v in setup.rules.as_dict().items() if k in SKULL_KING_OPTIONS}
    else:
        check_players(players)
        for name in rule_options:
            if name in SKULL_KING_OPTIONS:
                raise RuleError(N_("%(option)s is not an option of %(game)s."), field=name, option=name,
                                game=GAMES[game])
        options = PlayOptions.from_kwargs(**rule_options)
    if not isinstance(games, int) or games < 1:
        raise RuleError(N_("Simulate at least one game, not %(games)s."), field="games", games=games)
    if not isinstance(jobs, int) or jobs < 0:
        raise RuleError(N_("Jobs: a number of processes, or 0 for every core; not %(jobs)s."), field="jobs", jobs=jobs)
    names = _policy_names(policy, players)
    blocks = [(players, names, unicolore, options, seed, b, min(BLOCK, games - b * BLOCK), game)
              for b in range((games + BLOCK - 1) // BLOCK)]
    jobs = min(jobs or os.cpu_count() or 1, len(blocks))
    start = time.perf_counter()
    if jobs == 1:
        tallies = list(map(_play_block, blocks))
    else:  # one process per core: Python runs one thread at a time per process
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            tallies = pool.map(_play_block, blocks)
    seconds = time.perf_counter() - start
    totals, exact, wins = ([sum(per_seat) for per_seat in zip(*(t[i] for t in tallies))] for i in range(3))
    rounds = sum(t[3] for t in tallies)

    return SimulationReport(
        players=players,
        games=games,
        seed=seed,
        policies=names,
        unicolore=unicolore,
        options=dict(options) if game == "skull_king" else {k: v for k, v in asdict(options).items() if k != "forbidden"},
        average_score=tuple(t / games for t in totals),
        bid_accuracy_by_seat=tuple(e / rounds for e in exact),
        bid_accuracy=sum(exact) / (rounds * players),
        wins=tuple(wins),
        seconds=seconds,
        jobs=jobs,
        game=game,
    )


def format_report(report: SimulationReport) -> str:
    """The report as a few lines of plain text for the terminal.

    >>> print(format_report(simulate(3, 2, seed=0)).splitlines()[0])
    Wizard: 2 games, 3 players, seed 0
    """
    variant = "Wizard Unicolore" if report.unicolore else GAMES[report.game]
    rules = ", ".join(f"{k}={v}" for k, v in report.options.items())
    lines = [
        f"{variant}: {report.games} games, {report.players} players, seed {report.seed}",
        f"rules: {rules}",
        f"{'seat':<5}{'policy':<11}{'avg score':>10}{'bids exact':>12}{'wins':>9}",
    ]
    for i in range(report.players):
        lines.append(
            f"{i:<5}{report.policies[i]:<11}{report.average_score[i]:>10.1f}"
            f"{report.bid_accuracy_by_seat[i]:>12.1%}{report.wins[i]:>9.1f}"
        )
    lines.append(f"{'all':<16}{'':>10}{report.bid_accuracy:>12.1%}")
    per_core = f", {report.games_per_second / report.jobs:,.0f} per process ({report.jobs} processes)" if report.jobs > 1 else ""
    lines.append(
        f"{report.games} games in {report.seconds:.2f} s: {report.games_per_second:,.0f} games/s{per_core}"
    )
    return "\n".join(lines)


@click.command("simulate", cls=StatusCommand)
@click.option("--game", type=click.Choice(tuple(GAMES)), default="wizard", show_default=True,
              help="the game the engine plays")
@click.option("--players", type=int, default=4, show_default=True,
              help="3 to 6 (Unicolore: 3 or 4; Skull King: 3 to 8)")
@click.option("--games", type=int, default=1000, show_default=True, help="whole games to play")
@click.option("--seed", type=int, default=0, show_default=True, help="the same seed replays the same games")
@click.option("--policy", default="random", show_default=True,
              help="random, heuristic, or search (the searching player; by level: easy, medium, hard) for every "
                   "seat, or one per seat: hard,heuristic,heuristic,heuristic")
# The help says each rule in words; its clause in docs/rules.md is named here only:
# --bid-rule W-B2/W-B3, --no-wizard-on-trump-lead W-P6 and --dealer-blind W-R3 (both from
# review 002), --unicolore W-U1..W-U3.
@click.option("--bid-rule", type=click.Choice(BID_RULES), default="none", show_default=True,
              help="none (or free): any bid; plus_minus_one (or never_even): the last bidder may not make "
                   "the bids total the cards dealt")
@click.option("--no-wizard-on-trump-lead", is_flag=True,
              help="when trump is led, a Wizard may be played only by a player with no other card, and then "
                   "counts as a Jester")
@click.option("--dealer-blind", is_flag=True,
              help="after a turned Wizard, the dealer names trump without looking at their hand")
@click.option("--unicolore", is_flag=True, help="Wizard Unicolore: one suit per player, no trump; 3 or 4 players")
@click.option("--scoring", type=click.Choice(("skull_king", "rascal")), default=None,
              help="Skull King: the rule book's scoring (default) or Rascal's")
@click.option("--kraken", is_flag=True, help="Skull King: the Kraken in the deck")
@click.option("--white-whale", is_flag=True, help="Skull King: the White Whale in the deck")
@click.option("--loot", is_flag=True, help="Skull King: the two Loot cards in the deck")
@click.option("--jobs", type=int, default=1, show_default=True,
              help="processes to play in; 0: one per core (the report is the same for any)")
def command(game: str, players: int, games: int, seed: int, policy: str, bid_rule: str,
            no_wizard_on_trump_lead: bool, dealer_blind: bool, unicolore: bool, scoring: str | None,
            kraken: bool, white_whale: bool, loot: bool, jobs: int) -> int:
    """Play games between engine players and print a report.

    The report: average scores, bid accuracy and games per second.
    Options the rules refuse (7 players at Wizard, an unknown policy, an option of the
    other game) say why and exit 2.
    """
    # Only the options given are passed: the other game's then refuses them by name.
    given = {"bid_rule": bid_rule if bid_rule != "none" else None,
             "no_wizard_on_trump_lead": no_wizard_on_trump_lead or None,
             "dealer_sees_hand": False if dealer_blind else None,
             "scoring": scoring, "kraken": kraken or None, "white_whale": white_whale or None, "loot": loot or None}
    rules = {k: v for k, v in given.items() if v is not None}
    try:
        report = simulate(players, games, seed, policy=policy, unicolore=unicolore, jobs=jobs, game=game, **rules)
    except RuleError as e:
        print(f"scribe simulate: {e.message}", file=sys.stderr)
        return 2
    print(format_report(report))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m scribe.engine.simulate``: the same command without the scribe CLI.

    >>> main(["--players", "3", "--games", "2", "--seed", "9", "--no-wizard-on-trump-lead"])  # doctest: +ELLIPSIS
    Wizard: 2 games, 3 players, seed 9
    rules: ...no_wizard_on_trump_lead=True...
    0
    """
    return exit_status(command, argv, "scribe simulate")


if __name__ == "__main__":
    sys.exit(main())
