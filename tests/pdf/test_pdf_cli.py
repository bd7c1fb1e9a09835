"""``scribe pdf`` and ``scribe pad``: files written, errors on stderr, exit status."""

from __future__ import annotations

import subprocess
import sys

import pytest
from pdf_helpers import play, reader, text

from scribe import create_app
from scribe.cli import main


@pytest.fixture
def instance(tmp_path, monkeypatch):
    path = tmp_path / "instance"
    monkeypatch.setenv("SCRIBE_INSTANCE", str(path))
    return path


def test_scribe_pdf_writes_the_games_sheet(instance, tmp_path, capsys):
    app = create_app({"TESTING": True})  # reads SCRIBE_INSTANCE like the command
    game_id = play(app, ("Anna", "Bert", "Cleo"), rounds=2)
    out = tmp_path / "sheet.pdf"
    assert main(["pdf", game_id, "-o", str(out), "--paper", "letter"]) == 0
    data = out.read_bytes()
    assert "Anna" in text(data) and round(float(reader(data).pages[0].mediabox.height)) == 792


def test_scribe_pdf_prints_a_points_game_too(instance, tmp_path):
    """docs/commands: `scribe pdf` prints every game's sheet, a Skyjo game's as well."""
    from scribe import service
    from scribe.web.db import get_db

    app = create_app({"TESTING": True})
    with app.app_context():
        db = get_db()
        game_id = service.create(db, "points", "Sunday Skyjo", "en", players=["Anna", "Bert"], preset="skyjo")
        service.act(db, game_id, "round", {"points": [12, 40], "closer": 0})
    out = tmp_path / "skyjo.pdf"
    assert main(["pdf", game_id, "-o", str(out)]) == 0
    page = text(out.read_bytes())
    assert "Sunday Skyjo" in page and "Bert" in page and "40" in page


def test_scribe_pdf_unknown_game_fails_on_stderr(instance, tmp_path, capsys):
    assert main(["pdf", "nope", "-o", str(tmp_path / "x.pdf")]) != 0
    assert "no game 'nope'" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_scribe_pad_with_names_and_unicolore(instance, tmp_path):
    out = tmp_path / "pad.pdf"
    assert main(["pad", "--names", "Ann,Bob,Cy", "--unicolore", "--lang", "fr", "-o", str(out)]) == 0
    words = text(out.read_bytes())
    assert "3 joueurs · 12 manches" in words and words.splitlines()[-1].split() == ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("args, message", [
    (["--players", "2"], "3 to 6 players"),
    (["--players", "7"], "3 to 6 players"),
    (["--players", "5", "--unicolore"], "Unicolore is for 3 or 4 players"),
])
def test_scribe_pad_refuses_bad_options(instance, tmp_path, capsys, args, message):
    assert main(["pad", *args, "-o", str(tmp_path / "p.pdf")]) == 2
    assert message in capsys.readouterr().err


def test_unknown_paper_is_a_usage_error(instance, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["pad", "--players", "4", "--paper", "legal", "-o", str(tmp_path / "p.pdf")])
    assert exit_.value.code == 2


def test_the_installed_command_refuses_an_unknown_game_with_2(instance, tmp_path):
    run = subprocess.run([sys.executable, "-m", "scribe.cli", "pdf", "nope", "-o", str(tmp_path / "x.pdf")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "no game" in run.stderr


def _secret_game(app, thomas_bid: int) -> tuple[str, str]:
    """A secret-bid game (W-B7) where only Thomas has bid: (game id, the Scribe's key)."""
    from pdf_helpers import scribe_key

    from scribe import service
    from scribe.web.db import get_db

    with app.app_context():
        game_id = service.create(get_db(), "wizard", "Sealed", "en", players=["Anna", "Thomas", "Cleo"],
                                 first_dealer=2, preset="standard", reveal="secret", rounds=3)
        service.act(get_db(), game_id, "bid", {"round": 1, "player": 1, "bid": thomas_bid})
    return game_id, scribe_key(app, game_id)


def test_scribe_pdf_keeps_sealed_bids_sealed_like_the_web_pdf(instance, tmp_path):
    """The printed sheet from the command line is the Scribe's view too: twin games that
    differ only in Thomas's secret bid print the same text, and match the web's PDF."""
    app = create_app({"TESTING": True})
    printed = []
    for bid in (0, 1):
        game_id, key = _secret_game(app, bid)
        for given in (game_id, key, f"http://192.168.1.20:5000/games/{key}"):
            out = tmp_path / f"sealed-{bid}.pdf"
            assert main(["pdf", given, "-o", str(out)]) == 0, given
            printed.append(text(out.read_bytes()))
        web = app.test_client().get(f"/games/{key}/sheet.pdf")
        assert text(web.data) == printed[-1]
    assert len(set(printed)) == 1 and "Thomas" in printed[0]


def test_scribe_pad_for_every_game_it_prints(instance, tmp_path):
    """`scribe pad --game` takes every game the printer knows (PRINTS), points games too."""
    out = tmp_path / "points.pdf"
    assert main(["pad", "--game", "points", "--names", "Ana,Bo,Cy,Dee,Eli", "--rounds", "12", "-o", str(out)]) == 0
    words = text(out.read_bytes())
    assert words.splitlines()[-1].split() == ["Ana", "Bo", "Cy", "Dee", "Eli"] and "12" in words
    assert main(["pad", "--game", "points", "--unicolore", "-o", str(tmp_path / "no.pdf")]) == 2


def test_scribe_pdf_reads_postgresql_when_the_url_is_set(instance, tmp_path, monkeypatch, pg_url, capsys):
    """SCRIBE_DATABASE_URL: the command prints a game kept in PostgreSQL, and an unknown one
    names the database without its password."""
    from scribe.store import pg

    monkeypatch.setenv("SCRIBE_DATABASE_URL", pg_url)
    app = create_app({"TESTING": True})
    game_id = play(app, ("Anna", "Bert", "Cleo"), rounds=2)
    pg.close_pools()
    out = tmp_path / "sheet.pdf"
    assert main(["pdf", game_id, "-o", str(out)]) == 0
    assert "Anna" in text(out.read_bytes())
    assert not (instance / "scribe.sqlite3").exists()
    from urllib.parse import urlsplit

    user = urlsplit(pg_url).username  # trust authentication: a password is accepted and unused
    monkeypatch.setenv("SCRIBE_DATABASE_URL", pg_url.replace(f"//{user}@", f"//{user}:hush@"))
    assert main(["pdf", "nope", "-o", str(tmp_path / "x.pdf")]) != 0
    err = capsys.readouterr().err
    assert f"no game 'nope' in postgresql://{user}@" in err and "hush" not in err
