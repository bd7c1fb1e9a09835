"""The README and docs/ say only what is true, where a test can hold it: the README opens
with the two commands, every link lands on a page (and a heading) that exists, the rule
ids stay on the rules page and cover every id the code cites, and the commands, settings
and API paths the pages name are the ones the code has. Behaviour the guide describes
is tested where it is built (tests/browser/test_polish.py, tests/pdf/test_pdf_cli.py...)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
USER_PAGES = ("guide.md", "privacy.md", "hosting.md", "commands.md", "api.md")
RULE_ID = re.compile(r"\b[WZPT]-(?:[A-Z]{1,2}\d+|\d+)\b")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readme_opens_with_the_two_commands_and_stays_a_front_page():
    text = README.read_text()
    first_block = re.search(r"```sh\n(.*?)```", text, re.S).group(1).splitlines()
    assert [line.split("#")[0].strip() for line in first_block] == ["make run", "make test"]
    assert text.index("```sh") < text.index("\n## "), "the commands come before any section"
    assert len(text.splitlines()) <= 45, "a front page, not the manual"
    for target in ("run", "test"):  # what the Makefile runs under those names
        assert re.search(rf"^{target}:", (ROOT / "Makefile").read_text(), re.M)
    assert "port 5000" in text and "SCRIBE_PORT=" in text and "Ctrl-C" in text


def test_the_port_the_pages_name_is_the_commands_default():
    from scribe.cli import serve

    port = next(p for p in serve.params if p.name == "port")
    assert port.default == 5000 and port.envvar == "SCRIBE_PORT"


def test_the_screenshot_is_a_small_png_the_readme_shows():
    shot = ROOT / "docs" / "screenshot.png"
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 150 * 1024
    width, height = struct.unpack(">II", data[16:24])
    assert width == 390 and height > 600  # a phone's screen
    assert "](docs/screenshot.png)" in README.read_text()


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_lands_on_a_page_and_heading_that_exist(page):
    for target in LINK.findall(page.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{page.name}: {target}"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", dest.read_text(), re.M)
            assert anchor in {_slug(h) for h in headings}, f"{page.name}: {target}"


def test_rule_ids_stay_on_the_rules_page_which_explains_every_one_the_code_cites():
    for name in USER_PAGES:
        found = RULE_ID.findall((ROOT / "docs" / name).read_text())
        assert not found, f"docs/{name} speaks in rule ids: {found}"
    assert not RULE_ID.findall(README.read_text())
    rules = (ROOT / "docs" / "rules.md").read_text()
    explained = set(re.findall(r"^- \*\*([WZPT]-[A-Z0-9]+)\*\*", rules, re.M))
    cited = {m for path in (ROOT / "scribe").rglob("*.py") if "/games/" in str(path) or "/rules/" in str(path)
             for m in RULE_ID.findall(path.read_text())}
    cited = {c for c in cited if not c.startswith("W-J")}  # the Jubilee cards are not played yet (nor Skull King's K-*)
    assert cited and cited <= explained, sorted(cited - explained)
    for book in ("[A]", "[C]", "[G]", "[R]", "[Z]", "[S]", "[6]", "[T]"):  # each rule book named, and cited
        assert rules.count(book) >= 2, book


def test_the_commands_the_pages_name_are_the_scribe_commands():
    from scribe.cli import main, scribe as cli  # noqa: F401  (main registers the other modules' commands)

    named = set()
    for page in (README, *DOCS):
        named |= set(re.findall(r"`scribe ([a-z][a-z-]*)", page.read_text()))
    assert named and named <= set(cli.commands), sorted(named - set(cli.commands))
    listed = set(re.findall(r"`scribe ([a-z][a-z-]*)", (ROOT / "docs" / "commands.md").read_text()))
    assert listed == set(cli.commands), "docs/commands.md names every command"


def test_every_setting_the_hosting_page_names_is_read_by_the_code():
    from scribe import ENVIRONMENT

    hosting = (ROOT / "docs" / "hosting.md").read_text()
    code = "\n".join(p.read_text() for p in (ROOT / "scribe").rglob("*.py"))
    for name in set(re.findall(r"SCRIBE_([A-Z_]+)", hosting)) - {"<NAME>"}:
        assert name in ENVIRONMENT or f"SCRIBE_{name}" in code, name


def test_the_api_page_maps_paths_the_openapi_document_has():
    from scribe import create_app
    from scribe.web.openapi import openapi_document

    with create_app({"TESTING": True}).app_context():
        paths = set(openapi_document()["paths"])
    text = (ROOT / "docs" / "api.md").read_text()
    listed = re.findall(r"^\| `(?:[A-Z, ]+ )?(/api/[^`]+)`", text, re.M)
    assert len(listed) >= 15
    for raw in listed:
        first = raw.split(",")[0].strip()
        path = re.sub(r"KEY", "{key}", re.sub(r"TOKEN", "{token}", re.sub(r"/N/", "/{number}/", first)))
        path = path.replace("KIND", "{kind}")
        assert path in paths, raw
