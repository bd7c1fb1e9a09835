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


# The group itself, through click's runner (no subprocess): what --help and usage errors say.

COMMANDS = ("serve", "pdf", "pad", "backup", "export", "import", "migrate-store", "simulate")


def test_help_lists_every_command():
    from click.testing import CliRunner

    from scribe.cli import scribe

    result = CliRunner().invoke(scribe, ["--help"])
    assert result.exit_code == 0
    listed = result.output.split("Commands:", 1)[1].split()
    assert all(name in listed for name in COMMANDS), result.output


def test_serve_help_names_each_environment_variable():
    from click.testing import CliRunner

    from scribe.cli import scribe

    result = CliRunner().invoke(scribe, ["serve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    for name in ("HOST", "PORT", "THREADS", "WORKERS", "CONNECTION_LIMIT", "PUBLIC_URL"):
        assert f"env var: SCRIBE_{name}" in result.output, name


def test_an_unknown_option_is_a_usage_error_exit_2():
    from click.testing import CliRunner

    from scribe.cli import scribe

    result = CliRunner().invoke(scribe, ["pad", "--colour", "red"])
    assert result.exit_code == 2 and "No such option '--colour'" in result.output


def test_main_exits_2_on_a_usage_error_with_the_message_on_stderr(capsys):
    import pytest

    from scribe.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--colour", "red"])
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert "No such option '--colour'" in captured.err and captured.out == ""
    assert main(["--help"]) == 0 and "simulate" in capsys.readouterr().out


def test_the_apps_flask_cli_has_the_same_commands(app):
    """flaskr style: `flask --app scribe pad ...` runs the command the scribe group runs."""
    runner = app.test_cli_runner()
    result = runner.invoke(args=["simulate", "--players", "3", "--games", "2", "--seed", "1"])
    assert result.exit_code == 0 and "Wizard: 2 games, 3 players, seed 1" in result.output
    assert all(name in app.cli.commands for name in COMMANDS)
    refused = runner.invoke(args=["simulate", "--players", "7", "--games", "1"])
    assert refused.exit_code == 2 and "3 to 6 players" in refused.output  # the status survives click's standalone mode


def test_version_is_the_one_the_package_declares(capsys):
    """`scribe --version` prints the release; pyproject.toml reads it from scribe.__version__
    (no second copy to forget), so the wheel's name says the same (tests/serve/test_wheel.py)."""
    import re
    import tomllib
    from pathlib import Path

    from scribe import __version__
    from scribe.cli import main

    out = subprocess.run([sys.executable, "-m", "scribe.cli", "--version"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and out.stdout == f"scribe {__version__}\n", out.stderr
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert main(["--version"]) == 0 and capsys.readouterr().out == f"scribe {__version__}\n"
    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "scribe.__version__"}
