"""Simulation report and its command (scribe simulate)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scribe.engine.simulate import format_report, main, simulate
from scribe.rules.errors import RuleError


def _same(a, b):
    return replace(a, seconds=0) == replace(b, seconds=0)


def test_the_same_seed_gives_the_same_report():
    assert _same(simulate(4, 10, 3), simulate(4, 10, 3))
    assert not _same(simulate(4, 10, 3), simulate(4, 10, 4))


def test_report_fields():
    r = simulate(5, 8, 1, policy="heuristic")
    assert r.games == 8 and len(r.average_score) == 5 and len(r.wins) == 5
    assert abs(sum(r.wins) - 8) < 1e-9
    assert 0 <= r.bid_accuracy <= 1 and r.games_per_second > 0
    assert r.policies == ("heuristic",) * 5


def test_rule_options_reach_the_games():
    r = simulate(3, 4, 0, bid_rule="plus_minus_one", no_wizard_on_trump_lead=True)
    assert r.options["bid_rule"] == "plus_minus_one" and r.options["no_wizard_on_trump_lead"]
    with pytest.raises(RuleError, match="Unknown rule option"):
        simulate(3, 4, 0, colour="red")


def test_unicolore_simulation():
    r = simulate(4, 3, 0, unicolore=True)
    assert r.unicolore
    with pytest.raises(RuleError):
        simulate(5, 3, 0, unicolore=True)


def test_bad_arguments():
    with pytest.raises(RuleError):
        simulate(2, 3, 0)
    with pytest.raises(RuleError):
        simulate(4, 0, 0)
    with pytest.raises(RuleError):
        simulate(4, 1, 0, policy="random,random")
    with pytest.raises(RuleError):
        simulate(4, 1, 0, policy="genius")


def test_format_report():
    text = format_report(simulate(4, 5, 2, policy="heuristic,random,random,random"))
    lines = text.splitlines()
    assert lines[0] == "Wizard: 5 games, 4 players, seed 2"
    assert "heuristic" in lines[3] and "games/s" in lines[-1]


def test_the_command_runs_the_simulation(capsys):
    assert main(["--players", "3", "--games", "4", "--seed", "5", "--bid-rule", "plus_minus_one"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Wizard: 4 games, 3 players, seed 5")


def test_the_command_reports_bad_input(capsys):
    assert main(["--players", "9", "--games", "1"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err


def test_jobs_play_in_several_processes_and_the_report_is_the_same():
    one = simulate(4, 120, seed=7)
    two = simulate(4, 120, seed=7, jobs=2)
    assert two.jobs == 2 and replace(one, seconds=0, jobs=2) == replace(two, seconds=0)
    assert simulate(4, 3, seed=7, jobs=0).jobs == 1  # every core, but no more processes than blocks of games
    with pytest.raises(RuleError, match="Jobs: a number of processes"):
        simulate(4, 3, seed=7, jobs=-1)
