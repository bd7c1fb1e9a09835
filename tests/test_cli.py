"""The `scribe` command's subcommands, as a user types them."""

import io
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from scribe.climain import FAILED, OK, REFUSED, UNAVAILABLE


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


# --------------------------------------------------------------------------- exit statuses
# Every failure a stranger met at start-up (issue 30): each is one sentence on stderr, with
# its cause and what to do, and the exit status of scribe/climain.py's table. The commands
# run as typed, in subprocesses, on real files, ports and sockets.

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "s3cret-pw"


def command_env(tmp_path, **more: str) -> dict[str, str]:
    """This environment without any SCRIBE_* setting, an instance of the test's own, and ``more``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCRIBE_")}
    env.update({"SCRIBE_INSTANCE": str(tmp_path / "instance"), "PYTHONPATH": str(ROOT), **more})
    return env


def scribe_command(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scribe", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout)


def sentence(done: subprocess.CompletedProcess, command: str, status: int) -> str:
    """The one line ``scribe COMMAND`` said on stderr, checked: the exit status, no
    traceback, no tab, no password; what it said."""
    said = done.stderr.strip()
    assert done.returncode == status, (done.returncode, done.stderr)
    assert said.startswith(f"scribe {command}: ") and "\n" not in said, said
    assert "Traceback" not in said and "\t" not in said and "Errno" not in said and PASSWORD not in said, said
    return said


def closed_port() -> int:
    """A loopback port nothing listens on: connecting there is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


COMMANDS_ON_THE_DATABASE = {  # each command's arguments, the file FILE written in tmp_path
    "serve": ["--no-qr", "--host", "127.0.0.1"],
    "pdf": ["abc", "-o", "FILE"],
    "export": ["abc"],
    "import": ["FILE"],
    "backup": ["FILE"],
}


def _args(command: str, tmp_path) -> list[str]:
    made = tmp_path / "game.json"
    made.write_text("{}")
    return [str(made) if (a == "FILE" and command == "import") else str(tmp_path / "out") if a == "FILE" else a
            for a in [command, *COMMANDS_ON_THE_DATABASE[command]]]


@pytest.mark.parametrize("command", COMMANDS_ON_THE_DATABASE)
def test_an_unreachable_database_is_one_sentence_with_its_cause_exit_3(command, tmp_path):
    port = closed_port()
    env = command_env(tmp_path, SCRIBE_DATABASE_URL=f"postgresql://scribe:{PASSWORD}@127.0.0.1:{port}/scribe",
                      SCRIBE_PORT=str(closed_port()))
    said = sentence(scribe_command(*_args(command, tmp_path), env=env), command, UNAVAILABLE)
    assert said == (f"scribe {command}: cannot reach the database at 127.0.0.1:{port} (connection refused). "
                    "Check SCRIBE_DATABASE_URL.")
    assert not (tmp_path / "out").exists()


def test_a_database_that_refuses_says_the_servers_reason(tmp_path, pg_url):
    """A database that answers but refuses (no such database): its own words, exit 3."""
    from urllib.parse import urlsplit

    parts = urlsplit(pg_url)
    url = f"postgresql://{parts.username}:{PASSWORD}@{parts.hostname}:{parts.port}/no_such_database"
    said = sentence(scribe_command("export", "abc", env=command_env(tmp_path, SCRIBE_DATABASE_URL=url)), "export",
                    UNAVAILABLE)
    assert said == (f'scribe export: the database at {parts.hostname}:{parts.port} refused the connection '
                    '(database "no_such_database" does not exist). Check SCRIBE_DATABASE_URL.')


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_busy_port_says_which_and_how_to_choose_another_exit_3(tmp_path, workers):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = scribe_command("serve", "--no-qr", "--host", "127.0.0.1", "--workers", workers,
                              env=command_env(tmp_path, SCRIBE_PORT=str(port)))
    said = sentence(done, "serve", UNAVAILABLE)
    assert f"port {port} is already in use" in said
    assert f"SCRIBE_PORT={port + 1} make run" in said and f"--port {port + 1}" in said
    assert "Scribe is ready" not in done.stdout


@pytest.mark.parametrize("command", ["serve", "pdf", "export", "backup"])
def test_an_instance_folder_that_cannot_be_made_is_one_sentence_exit_3(command, tmp_path):
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    env = command_env(tmp_path, SCRIBE_INSTANCE=str(in_the_way / "instance"), SCRIBE_PORT=str(closed_port()))
    said = sentence(scribe_command(*_args(command, tmp_path), env=env), command, UNAVAILABLE)
    assert said == (f"scribe {command}: cannot write the instance folder {in_the_way / 'instance'} (not a directory); "
                    "the instance folder holds the database and the session key. Set SCRIBE_INSTANCE to a folder "
                    "this user can write.")


def test_a_database_file_that_cannot_be_opened_is_one_sentence_exit_3(tmp_path):
    """The instance folder is there, but SQLite cannot open its file (here a folder stands in its place)."""
    instance = tmp_path / "instance"
    (instance / "scribe.sqlite3").mkdir(parents=True)
    said = sentence(scribe_command("export", "abc", env=command_env(tmp_path, SCRIBE_SECRET_KEY="k")), "export",
                    UNAVAILABLE)
    assert said.startswith(f"scribe export: cannot write the database {instance / 'scribe.sqlite3'} (SQLite: ")
    assert said.endswith("Set SCRIBE_INSTANCE to a folder this user can write.")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_instance_folder_is_one_sentence_exit_3(tmp_path):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        said = sentence(scribe_command("export", "abc", env=command_env(tmp_path, SCRIBE_INSTANCE=str(folder))),
                        "export", UNAVAILABLE)
    finally:
        folder.chmod(0o700)
    assert f"cannot write the instance folder {folder} (permission denied)" in said


def test_an_unknown_game_is_refused_alike_by_pdf_and_export_exit_2(tmp_path):
    env = command_env(tmp_path)
    for command in (["pdf", "nope", "-o", str(tmp_path / "x.pdf")], ["export", "nope"]):
        said = sentence(scribe_command(*command, env=env), command[0], REFUSED)
        assert said == f"scribe {command[0]}: there is no game 'nope' in {tmp_path / 'instance' / 'scribe.sqlite3'}"
    assert not (tmp_path / "x.pdf").exists()


def test_export_counts_its_entries_in_english(tmp_path, monkeypatch, capsys):
    from scribe import create_app
    from scribe.cli import main

    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "instance"))
    client = create_app({"TESTING": True}).test_client()
    made = client.post("/api/games", json={"players": ["Anna", "Bert", "Cleo"], "first_dealer": 0}).get_json()
    key = made["key"]
    assert main(["export", key, "-o", str(tmp_path / "none.json")]) == OK
    assert capsys.readouterr().err.strip() == f"wrote {tmp_path / 'none.json'} (0 entries)"
    assert client.post(f"/api/games/{key}/trump", json={"card": "red"}).status_code == 200
    assert main(["export", key, "-o", str(tmp_path / "one.json")]) == OK
    assert capsys.readouterr().err.strip() == f"wrote {tmp_path / 'one.json'} (1 entry)"
    assert client.post(f"/api/games/{key}/bids", json={"bid": 1}).status_code == 200
    assert main(["export", key, "-o", str(tmp_path / "two.json")]) == OK
    assert capsys.readouterr().err.strip() == f"wrote {tmp_path / 'two.json'} (2 entries)"


def test_a_file_that_cannot_be_written_fails_with_1(tmp_path, monkeypatch, capsys):
    from scribe.cli import main

    monkeypatch.setenv("SCRIBE_INSTANCE", str(tmp_path / "instance"))
    assert main(["pad", "--players", "3", "-o", str(tmp_path / "no-folder" / "pad.pdf")]) == FAILED
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.parametrize("locale, lang, words", [
    ({"LANG": "fr_FR.UTF-8"}, "fr", "3 joueurs"),
    ({"LANG": "en_GB.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, "de", "3 Spieler"),
    ({"LANGUAGE": "ja:it", "LANG": "ja_JP.UTF-8"}, "it", "3 giocatori"),  # the first of the six that matches
    ({"LANG": "ja_JP.UTF-8"}, "en", "3 players"),  # none of the six: English
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en", "3 players"),  # C is English
])
def test_pad_speaks_the_machines_language_by_default(tmp_path, locale, lang, words):
    from pypdf import PdfReader

    env = {k: v for k, v in command_env(tmp_path).items() if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    out = tmp_path / "pad.pdf"
    done = scribe_command("pad", "--players", "3", "-o", str(out), env={**env, **locale})
    assert done.returncode == OK, done.stderr
    page = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert words in page, (lang, page[:200])


def test_pad_help_says_the_language_default():
    from click.testing import CliRunner

    from scribe.cli import scribe

    result = CliRunner().invoke(scribe, ["pad", "--help"], terminal_width=200)
    assert "default: this machine's language, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG" in result.output


def test_the_exit_statuses_documented_are_the_codes():
    """docs/commands.md's table of exit statuses names each status scribe/climain.py defines."""
    from scribe import climain

    doc = (ROOT / "docs" / "commands.md").read_text()
    section = doc.split("## Exit statuses", 1)[1].split("\n## ", 1)[0]
    rows = dict(re.findall(r"^\| (\d) \| \*\*(\w+)\*\* \|", section, re.MULTILINE))
    assert rows == {str(getattr(climain, name)): name.lower() for name in ("OK", "FAILED", "REFUSED", "UNAVAILABLE")}


def test_commands_md_names_every_option_of_every_command():
    """Each option `scribe COMMAND --help` lists is named in docs/commands.md (either of its forms)."""
    import click

    from scribe.cli import scribe

    doc = (ROOT / "docs" / "commands.md").read_text()
    missing = []
    for name, command in scribe.commands.items():
        for param in command.params:
            if isinstance(param, click.Option) and not any(
                    re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", doc) for form in param.opts):
                missing.append(f"scribe {name} {param.opts[-1]}")
    assert not missing, missing
