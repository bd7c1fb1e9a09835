"""docs/adding-a-game.md, held to its word: a game is its package, its templates and one
line in the registry. A copy of Scribe gets a seventh game, "toy" (the points package and
templates copied under a new name), and one registry line, and nothing else; the copy's app must then offer it everywhere the games
are read from the registry: the OpenAPI document, the pads (page, PDF, ``scribe pad``)
and the new-game form, and make a toy game through the API."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHECK = textwrap.dedent('''
    import json, sys
    from scribe import create_app
    from scribe.cli import main

    app = create_app({"TESTING": True, "DATABASE": sys.argv[1]})
    c = app.test_client()
    doc = c.get("/api/openapi.json").get_json()
    assert "toy" in json.dumps(doc["components"]["schemas"]), "toy missing from the OpenAPI document"
    pads = c.get("/pads?game=toy")
    assert pads.status_code == 200 and 'name="rounds"' in pads.get_data(as_text=True)
    assert 'href="/pads?game=toy"' in c.get("/pads").get_data(as_text=True)
    pdf = c.get("/pads.pdf?game=toy&players=3&rounds=7")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF"), pdf.status_code
    assert "toy-pad-3-7-rounds" in pdf.headers["Content-Disposition"]
    assert c.get("/pads.pdf?game=toy&players=3&unicolore=on").status_code == 200  # not its option: ignored
    assert main(["pad", "--game", "toy", "--players", "4", "-o", sys.argv[2]]) == 0
    new = c.get("/games/new?game=toy")
    assert new.status_code == 200 and 'value="toy"' in new.get_data(as_text=True), new.status_code
    made = c.post("/api/games", json={"game": "toy", "players": ["Ann", "Bob", "Cy"], "preset": "skyjo"})
    assert made.status_code == 201 and made.get_json()["game"] == "toy", made.get_data(as_text=True)
    print("toy ok")
''')


def test_a_game_is_its_package_and_one_registry_line(tmp_path):
    copy = tmp_path / "scribe-copy"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "scribe", copy / "scribe", ignore=ignore)
    # the new game's package: points' own, renamed (its name, its setup's and sheet's GAME)
    toy = copy / "scribe" / "games" / "toy"
    shutil.copytree(ROOT / "scribe" / "games" / "points", toy, ignore=ignore)
    for name in ("game.py", "setup.py", "sheet.py"):
        path = toy / name
        path.write_text(re.sub(r'(name = |GAME: ClassVar\[str\] = |declare\()"points"', r'\1"toy"', path.read_text()))
    # its templates: points' own, renamed
    shutil.copytree(copy / "scribe" / "templates" / "points", copy / "scribe" / "templates" / "toy")
    for path in (copy / "scribe" / "templates" / "toy").glob("*.html"):
        path.write_text(path.read_text().replace('"points/', '"toy/').replace('name="game" value="points"',
                                                                            'name="game" value="toy"'))
    web = toy / "web.py"
    web.write_text(web.read_text().replace('TEMPLATES = "points"', 'TEMPLATES = "toy"').replace('"points/', '"toy/'))
    # the one line in the registry
    registry = copy / "scribe" / "games" / "__init__.py"
    text = registry.read_text()
    text = text.replace("from .zibi.game import GAME as ZIBI\n",
                        "from .zibi.game import GAME as ZIBI\nfrom .toy.game import GAME as TOY\n")
    text = text.replace("SKULL_KING)}", "SKULL_KING, TOY)}")
    assert "TOY)}" in text, "the registry's line changed shape: update this test"
    registry.write_text(text)

    changed = [p.relative_to(copy).as_posix() for p in (copy / "scribe").rglob("*.py")
               if not (ROOT / p.relative_to(copy)).exists() or (ROOT / p.relative_to(copy)).read_bytes() != p.read_bytes()]
    assert sorted(p for p in changed if not p.startswith("scribe/games/toy/")) == ["scribe/games/__init__.py"]

    out = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path / "db.sqlite"), str(tmp_path / "pad.pdf")],
                         cwd=copy, capture_output=True, text=True, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "HOME": str(tmp_path),
                              "SCRIBE_INSTANCE": str(tmp_path / "instance")})
    assert out.returncode == 0 and "toy ok" in out.stdout, out.stderr[-3000:]
    assert (tmp_path / "pad.pdf").read_bytes().startswith(b"%PDF")


def test_the_shared_script_and_style_name_no_games_form():
    """static/scribe.js acts on the data attributes a game's templates set (data-next,
    data-sum-to...), never on a game's form classes or fields; a game's own look is in its
    own stylesheet (Witty Zibi's clans: static/zibi.css), not in the one every page loads."""
    js = (ROOT / "scribe" / "static" / "scribe.js").read_text()
    selectors = re.findall(r"\"[^\"\n]*\"|'[^'\n]*'", js)  # the string literals: where selectors are
    assert not [s for s in selectors if re.search(r"form\.[a-z]|\.trickrow|name=.destroyed", s)]
    css = (ROOT / "scribe" / "static" / "scribe.css").read_text()
    assert "clan-" not in css and ".zrow" not in css
    assert "clan-A" in (ROOT / "scribe" / "static" / "zibi.css").read_text()
