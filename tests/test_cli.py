"""The `scribe` command's subcommands, as a user types them."""

import subprocess
import sys


def test_scribe_simulate_prints_scores_accuracy_and_speed():
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "simulate", "--players", "4", "--games", "5",
                          "--seed", "7"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "5 games" in out.stdout and "games/s" in out.stdout and "bids exact" in out.stdout
    again = subprocess.run([sys.executable, "-m", "scribe.cli", "simulate", "--players", "4", "--games", "5",
                            "--seed", "7"], capture_output=True, text=True, timeout=120)
    # the same seed plays the same games: every line but the timing is identical
    assert out.stdout.splitlines()[:-1] == again.stdout.splitlines()[:-1]


def test_scribe_simulate_refuses_bad_player_counts():
    out = subprocess.run([sys.executable, "-m", "scribe.cli", "simulate", "--players", "7", "--games", "1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and out.stderr.strip()
