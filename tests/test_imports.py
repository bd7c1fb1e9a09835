"""The shape of scribe's imports, read from the source with ``ast`` (nothing is imported).

Every import counts, at module level or inside a function: an import moved into a
function still makes a loop, it only hides it until run time. Importing ``a.b.c`` from
outside package ``a.b`` also runs ``a/b/__init__.py``, so it counts as importing ``a.b``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scribe"


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imported(name: str, tree: ast.AST) -> set[str]:
    """Every module ``name`` imports (scribe's by full name, others by top-level name)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                here = name.split(".") if _is_package(name) else name.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES)
    return out


def _graph() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """scribe's module -> the scribe modules it imports; and -> the outside packages it imports."""
    inner: dict[str, set[str]] = {}
    outer: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        targets = _imported(name, ast.parse(path.read_text(), str(path)))
        inner[name], outer[name] = set(), {t.split(".")[0] for t in targets if t.split(".")[0] != "scribe"}
        own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
        for target in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):  # the target and the packages run on the way to it
                step = ".".join(parts[:i])
                if step in MODULES and step not in own:
                    inner[name].add(step)
    return inner, outer


GRAPH, OUTSIDE = _graph()


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import loop as [a, b, ..., a], or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def _reach(start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in GRAPH[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_the_graph_is_read():
    """Guards the test itself: known edges are found, at module level and in functions."""
    assert "scribe.rules.cards" in GRAPH["scribe.engine"]
    assert "scribe.games.wizard" in GRAPH["scribe.engine.play"]
    assert "scribe.web" in GRAPH["scribe"]  # inside create_app
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycle_among_scribes_modules():
    cycle = _cycle(GRAPH)
    assert cycle is None, "import loop: " + " -> ".join(cycle or ())


@pytest.mark.parametrize("module", ["scribe.pdf", "scribe.pdf_cli"])
def test_printing_imports_nothing_from_the_web_layer(module):
    web = sorted(m for m in _reach(module) if m == "scribe.web" or m.startswith("scribe.web."))
    assert not web, f"{module} reaches the web layer: {web}"


def test_the_rules_import_no_flask_and_no_sql():
    rules = _reach("scribe.rules")
    assert all(m == "scribe.rules" or m.startswith("scribe.rules.") for m in rules), sorted(rules)
    banned = {m: OUTSIDE[m] & {"flask", "flask_babel", "sqlite3", "sqlite_utils"} for m in rules}
    assert not {m: b for m, b in banned.items() if b}


# --------------------------------------------------------------------------- a game is one package
# scribe/games/<game>/ holds the whole game; the layers above ask the registry for a part of
# it by name (scribe.games.part), so these edges are not imports: they are checked here.

GAME_PACKAGES = sorted(m for m in MODULES if m.count(".") == 2 and m.startswith("scribe.games.") and _is_package(m))
PARTS_WITH_WORDS = ("words", "web")  # parts that may use Flask-Babel (translations), nothing else of Flask


# Game packages whose pure rules land before their other parts: in no registry, so no page,
# API or PDF reaches them, and their rules are held to the same purity as every game's.
# Registering one means removing it from here (and giving it every part).
# (Skull King waited here, pure rules reached by nothing, until issue 20 registered it; a
# game whose rules land before its parts goes here again, with a test that nothing reaches it.)
NOT_YET_REGISTERED: set[str] = set()
# Packages under scribe/games/ that hold what a family of games shares (issue 20: Wizard and
# Skull King's bids-and-tricks family): not games, so in no registry, and pure rules.
FAMILIES = {"scribe.games.bidding"}


def test_every_registered_game_is_a_package_with_every_part():
    from scribe.games import GAMES, PARTS

    registered = sorted(f"scribe.games.{g}" for g in GAMES)
    assert sorted(set(GAME_PACKAGES) - NOT_YET_REGISTERED - FAMILIES) == registered
    assert not NOT_YET_REGISTERED & set(registered), "a registered game is still listed as not yet registered"
    for package in registered:
        missing = [p for p in PARTS if f"{package}.{p}" not in MODULES]
        assert not missing, f"{package} lacks {missing}"


@pytest.mark.parametrize("package", sorted(FAMILIES))
def test_a_family_is_pure_and_names_no_game(package):
    """A family's modules import no Flask, SQL or PDF and no game's package: a game builds
    on its family, never the other way round."""
    own = [m for m in MODULES if m == package or m.startswith(package + ".")]
    assert package in own and len(own) > 1, f"{package} is not a package"
    games = {f"scribe.games.{g}" for g in __import__("scribe.games", fromlist=["GAMES"]).GAMES}
    for module in own:
        reached = _reach(module)
        assert not {m for m in reached if m.rsplit(".", 1)[0] in games or m in games}, module
        banned = {m: OUTSIDE[m] & {"flask", "flask_babel", "sqlite3", "sqlite_utils", "weasyprint"} for m in reached}
        assert not {m: b for m, b in banned.items() if b}, module


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_games_rules_import_no_flask_and_no_sql(package):
    pure = [m for m in MODULES if (m == package or m.startswith(package + "."))
            and m.rsplit(".", 1)[-1] not in PARTS_WITH_WORDS]
    for module in pure:
        reached = _reach(module)
        banned = {m: OUTSIDE[m] & {"flask", "flask_babel", "sqlite3", "sqlite_utils", "weasyprint"} for m in reached}
        assert not {m: b for m, b in banned.items() if b}, module


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_no_part_of_a_game_reaches_the_web_layer(package):
    for module in (m for m in MODULES if m.startswith(package + ".")):
        web = sorted(m for m in _reach(module) if m == "scribe.web" or m.startswith("scribe.web."))
        assert not web, f"{module} reaches the web layer: {web}"
        assert not OUTSIDE[module] & {"flask", "sqlite3", "sqlite_utils"}, f"{module} uses Flask or SQL itself"


def test_shared_code_never_names_a_game():
    """Outside its package, a game is reached through the registry only. The engine is the
    exception by design: it plays Wizard's deck and scores with Wizard's rules (W-S1); so are
    the bots (issue 37): a game's bot plays by that game's own legal cards and scoring."""
    for name, targets in GRAPH.items():
        if name.startswith(("scribe.games.", "scribe.engine", "scribe.bots")) or name == "scribe.games":
            continue
        named = sorted(t for t in targets if t.startswith("scribe.games."))
        assert not named, f"{name} names {named}"


def test_the_events_rules_import_no_flask_no_sql_and_no_game():
    """Events over tables (issue 36): an event's draws and ranking are pure rules, and reach
    no game (a table is an ordinary game, reached through the service above)."""
    events = [m for m in MODULES if m == "scribe.events" or m.startswith("scribe.events.")]
    assert len(events) > 1
    for module in events:
        reached = _reach(module)
        assert all(m.startswith(("scribe.events", "scribe.rules")) for m in reached), sorted(reached)
        banned = {m: OUTSIDE[m] & {"flask", "flask_babel", "sqlite3", "sqlite_utils", "weasyprint"} for m in reached}
        assert not {m: b for m, b in banned.items() if b}, module
