"""A game is one package, reached through the registry only (issue 33): read from the source
with ``ast`` (nothing of a game is imported to check it), with the game names read from
the registry, so a game registered later is held to the same rules with no edit here.

(a) no module of a game's package imports another game's package;
(b) a family package (under scribe/games/, not a game: ``bidding``) imports no game;
(c) code outside scribe/games/ names no game: no import of ``scribe.games.<game>`` and no
    string literal equal to a registered game's name, but for the offenders listed below,
    each with its reason. The list may only shrink: an offender cleaned must leave it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scribe.games import GAMES

SCRIBE = Path(__file__).resolve().parent.parent / "scribe"
GAMES_DIR = SCRIBE / "games"
NAMES = frozenset(GAMES)


def _module(path: Path) -> str:
    parts = list(path.relative_to(SCRIBE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, text: str | None = None) -> set[str]:
    """Every module ``path`` imports, by full name (relative imports resolved), with each
    name a ``from`` import brings (``from ..games import wizard`` imports scribe.games.wizard)."""
    here = _module(path).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text() if text is None else text, str(path))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
    return out


def _games_named(modules: set[str]) -> set[str]:
    """The registered games whose package (or a module in it) is among ``modules``."""
    return {m.split(".")[2] for m in modules
            if m.startswith("scribe.games.") and m.split(".")[2] in NAMES}


def _packages() -> list[Path]:
    return sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


GAME_PACKAGES = [p for p in _packages() if p.name in NAMES]
FAMILY_PACKAGES = [p for p in _packages() if p.name not in NAMES]


def test_the_packages_are_found_from_the_registry():
    assert {p.name for p in GAME_PACKAGES} == NAMES
    assert "bidding" in {p.name for p in FAMILY_PACKAGES}


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_games_package_imports_no_other_games_package(package):
    """(a) A game builds on the rules and its family, never on another game."""
    found = {f"{path.relative_to(SCRIBE.parent)}: {sorted(named)}"
             for path in sorted(package.rglob("*.py"))
             if (named := _games_named(_imports(path)) - {package.name})}
    assert not found, "a game imports another game's package:\n" + "\n".join(sorted(found))


@pytest.mark.parametrize("package", FAMILY_PACKAGES, ids=lambda p: p.name)
def test_a_family_package_imports_no_game(package):
    """(b) A family (bids and tricks) is what its games share: it never reaches one of them."""
    found = {f"{path.relative_to(SCRIBE.parent)}: {sorted(named)}"
             for path in sorted(package.rglob("*.py")) if (named := _games_named(_imports(path)))}
    assert not found, "a family imports a game's package:\n" + "\n".join(sorted(found))


# (path under scribe/, game named) -> why it may, for now. Only shrinks: a line here that
# no longer names its game fails the test below until it is taken out.
ALLOWED = {
    ("engine/play.py", "wizard"): "simulated players play Wizard's deck and score with its rules (W-S1)",
    ("engine/skull_king.py", "skull_king"): "simulated players of Skull King play its cards and scoring",
    ("engine/rikiki.py", "rikiki"): "simulated and searching players of Rikiki play its deals, hook and scoring",
    ("engine/search.py", "wizard"): "the searching Wizard player scores its playouts with Wizard's rules (W-S1)",
    ("engine/simulate.py", "wizard"): "the simulation's game option, by its registry name",
    ("engine/simulate.py", "skull_king"): "the simulation's game option, by its registry name",
    ("printing.py", "wizard"): "a blank pad's default game when none is named",
    ("rules/cards/faces.py", "wizard"): "Wizard's card faces are a face style of the shared card faces",
    ("store/migrations.py", "points"): "a column named points (a round's points), not the game",
    ("web/stats.py", "points"): "a CSV column named points (a round's points), not the game",
    ("events/definition.py", "points"): "a club night ranked by points (E-R1), not the game",
    ("events/ranking.py", "points"): "the points tie-break (E-R4), not the game",
    ("web/event_words.py", "points"): "the words of the points ranking and tie-break (E-R1, E-R4), not the game",
    ("web/events_api.py", "points"): "a ranking line's points in the JSON, not the game",
    ("web/events_openapi.py", "points"): "a ranking line's points in the JSON schema, not the game",
    ("bots/belote.py", "belote"): "a Belote seat's bot decides by Belote's own rules (issue 37)",
    ("bots/belote_hand.py", "belote"): "a Belote hand counted at Belote's trumps and auction (issue 37)",
    ("bots/belote_search.py", "belote"): "Belote's legal cards and scoring played out by the bot's search (issue 37)",
    ("bots/belote_table.py", "belote"): "a Belote deal played out through Belote's own checks (issue 37)",
    ("bots/skull_king.py", "skull_king"): "a Skull King seat's robot reads the game's own card codes (issue 37)",
    ("bots/__init__.py", "wizard"): "the robots' registry: a game's name -> its robot's module (issue 37)",
    ("bots/__init__.py", "skull_king"): "the robots' registry: a game's name -> its robot's module (issue 37)",
    ("bots/__init__.py", "rikiki"): "the robots' registry: a game's name -> its robot's module (issue 37)",
    ("bots/__init__.py", "belote"): "the robots' registry: a game's name -> its robot's module (issue 37)",
}


def _named_outside() -> set[tuple[str, str]]:
    """(path, game) for every module outside scribe/games/ that imports a game's package or
    holds a string literal equal to a game's name (a docstring's words are no such literal)."""
    found = set()
    for path in sorted(SCRIBE.rglob("*.py")):
        if path.is_relative_to(GAMES_DIR):
            continue
        rel = path.relative_to(SCRIBE).as_posix()
        found.update((rel, g) for g in _games_named(_imports(path)))
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in NAMES:
                found.add((rel, node.value))
    return found


def test_code_outside_the_games_names_no_game():
    """(c) Outside scribe/games/ a game is reached through the registry only."""
    found = _named_outside()
    new = sorted(found - set(ALLOWED))
    assert not new, "code outside scribe/games/ names a game (use the registry):\n" + "\n".join(
        f"  {path}: {game}" for path, game in new)


def test_the_list_of_offenders_is_true():
    """An offender cleaned leaves the list, so it stays a true account that only shrinks."""
    cleaned = sorted(set(ALLOWED) - _named_outside())
    assert not cleaned, "these no longer name their game: take them out of ALLOWED:\n" + "\n".join(
        f"  {path}: {game}" for path, game in cleaned)


def test_the_checks_see_an_offender():
    """The reader catches what it is for: a relative import of a game, a full one, and a
    ``from`` import of the game itself, as if written in scribe/web/."""
    where = SCRIBE / "web" / "sample.py"  # never written: its source is given
    for source in ("from ..games.wizard import sheet", "import scribe.games.tarot.scoring",
                   "from ..games import zibi"):
        assert _games_named(_imports(where, source)), source
    assert not _games_named(_imports(where, "from ..games import GAMES, part"))
