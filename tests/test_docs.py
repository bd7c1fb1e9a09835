"""The READMEs and docs/, in English and in French, say only what is true, where a test can
hold it: both front pages open with the two commands, every link lands on a page (and a
heading) that exists, the rule ids stay on the rules page and cover every id the code cites,
the commands, make targets, settings and API paths the pages name are the ones the code
has, the French guide tells the whole evening and names the buttons as the French catalog
does, and each screenshot is a phone's. Behaviour the guide describes is tested where it is
built (tests/browser/test_polish.py, tests/pdf/test_pdf_cli.py...)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
README_FR = ROOT / "README.fr.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
FR_DOCS = sorted((ROOT / "docs" / "fr").glob("*.md"))
PAGES = [README, README_FR, *DOCS, *FR_DOCS, ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md"]
# what a player or an operator reads (rules.md, development.md and adding-a-game.md are the
# developers' pages, where rule ids belong)
USER_PAGES = [README, README_FR, *FR_DOCS, ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md",
              *(ROOT / "docs" / name for name in ("guide.md", "privacy.md", "hosting.md", "commands.md", "api.md",
                                                  "troubleshooting.md"))]
RULE_ID = re.compile(r"\b[WZPTR]-(?:[A-Z]{1,2}\d+|\d+)\b")  # Rikiki's R-* too (issue 33)
ANY_RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{0,2}\d+\b")  # every game's, Skull King's K-* too
LINK = re.compile(r"\]\(([^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+\.png)\)")
# the make targets the team's docs name (issue 30): run and test, and the ones added with it
TARGETS = {"run", "test", "check", "lint", "test-latest", "lock", "wheel"}


def _rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _opens_with_the_two_commands(text: str) -> None:
    first_block = re.search(r"```sh\n(.*?)```", text, re.DOTALL).group(1).splitlines()
    assert [line.split("#")[0].strip() for line in first_block] == ["make run", "make test"]
    assert text.index("```sh") < text.index("\n## "), "the commands come before any section"


def test_the_readme_opens_with_the_two_commands_and_stays_a_front_page():
    text = README.read_text()
    _opens_with_the_two_commands(text)
    assert len(text.splitlines()) <= 45, "a front page, not the manual"
    assert "](README.fr.md)" in "\n".join(text.splitlines()[:5]), "the French front page, linked at the top"
    for target in ("run", "test"):  # what the Makefile runs under those names
        assert re.search(rf"^{target}:", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert "port 5000" in text and "SCRIBE_PORT=" in text and "Ctrl-C" in text


def test_the_port_the_pages_name_is_the_commands_default():
    from scribe.cli import serve

    port = next(p for p in serve.params if p.name == "port")
    assert port.default == 5000 and port.envvar == "SCRIBE_PORT"


def test_the_french_front_page_opens_with_the_same_two_commands_and_links_back():
    text = README_FR.read_text()
    _opens_with_the_two_commands(text)
    assert len(text.splitlines()) <= 60, "a front page, not the manual"
    assert "](README.md)" in "\n".join(text.splitlines()[:5])
    assert "port 5000" in text and "SCRIBE_PORT=" in text and "Ctrl-C" in text
    for page in ("docs/fr/guide.md", "docs/fr/depannage.md"):
        assert f"]({page})" in text, page


def _is_phone_screenshot(shot: Path) -> None:
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{shot.name} is not a PNG"
    assert len(data) < 150 * 1024, f"{shot.name}: {len(data)} bytes"
    width, height = struct.unpack(">II", data[16:24])
    assert width == 390 and height > 600, (shot.name, width, height)  # a phone's screen


def test_the_screenshot_is_a_small_png_the_readme_shows():
    _is_phone_screenshot(ROOT / "docs" / "screenshot.png")
    assert "](docs/screenshot.png)" in README.read_text()


def test_every_screenshot_a_page_shows_is_a_small_phone_png():
    shown = {(page.parent / target).resolve() for page in PAGES for target in IMAGE.findall(page.read_text())}
    french = {p for p in shown if p.parent == ROOT / "docs" / "fr"}
    assert len(french) >= 4, "the French pages show the French screens"
    for target in ("README.fr.md", "docs/fr/guide.md"):
        assert IMAGE.search((ROOT / target).read_text()), f"{target} shows no screenshot"
    for shot in shown:
        assert shot.exists(), shot
        _is_phone_screenshot(shot)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: accented letters stay, punctuation (the French
    apostrophe, a no-break space) goes.

    >>> _slug("Avant l’arrivée des invités"), _slug("L’écran s’éteint"), _slug("Next week's rematch")
    ('avant-larrivée-des-invités', 'lécran-séteint', 'next-weeks-rematch')
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_every_link_lands_on_a_page_and_heading_that_exist(page):
    for target in LINK.findall(page.read_text()):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        assert dest.exists(), f"{page.name}: {target}"
        if anchor:
            headings = re.findall(r"^#+ (.+)$", dest.read_text(), re.MULTILINE)
            assert anchor in {_slug(h) for h in headings}, f"{page.name}: {target}"


def test_rule_ids_stay_on_the_rules_page_which_explains_every_one_the_code_cites():
    assert len(USER_PAGES) >= 12
    for page in USER_PAGES:
        found = ANY_RULE_ID.findall(page.read_text())
        assert not found, f"{_rel(page)} speaks in rule ids: {found}"
    rules = (ROOT / "docs" / "rules.md").read_text()
    explained = set(re.findall(r"^- \*\*([WZPTR]-[A-Z0-9]+)\*\*", rules, re.MULTILINE))
    code = [path for path in (ROOT / "scribe").rglob("*.py") if "/games/" in str(path) or "/rules/" in str(path)]
    code += sorted((ROOT / "scribe" / "templates").rglob("*.html"))  # a template's comment cites one too (R-B3)
    cited = {m for path in code for m in RULE_ID.findall(path.read_text())}
    cited = {c for c in cited if not c.startswith("W-J")}  # the Jubilee cards are not played yet (nor Skull King's K-*)
    assert cited and cited <= explained, sorted(cited - explained)
    for book in ("[A]", "[C]", "[G]", "[R]", "[Z]", "[S]", "[6]", "[T]", "[O]"):  # each rule book named, and cited
        assert rules.count(book) >= 2, book


def test_the_commands_the_pages_name_are_the_scribe_commands():
    from scribe.cli import main, scribe as cli  # noqa: F401  (main registers the other modules' commands)

    named = set()
    for page in PAGES:
        named |= set(re.findall(r"`scribe ([a-z][a-z-]*)", page.read_text()))
    assert named and named <= set(cli.commands), sorted(named - set(cli.commands))
    listed = set(re.findall(r"`scribe ([a-z][a-z-]*)", (ROOT / "docs" / "commands.md").read_text()))
    assert listed == set(cli.commands), "docs/commands.md names every command"


def _code(text: str) -> str:
    """The code a page shows: its fenced blocks and inline code spans."""
    fence = r"^[ \t]*```[a-z]*\n(.*?)^[ \t]*```"
    blocks = re.findall(fence, text, re.DOTALL | re.MULTILINE)
    rest = re.sub(fence, "", text, flags=re.DOTALL | re.MULTILINE)
    return "\n".join(blocks + re.findall(r"`([^`\n]+)`", rest))


def test_the_make_targets_the_pages_name_are_the_makefiles():
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    named = {}
    for page in PAGES:
        for target in re.findall(r"(?:^|[\s;&(])make ([a-z][\w-]*)", _code(page.read_text()), re.MULTILINE):
            named.setdefault(target, _rel(page))
    assert {"run", "test", "check", "lint", "test-latest"} <= set(named), sorted(named)
    assert TARGETS <= targets, f"the Makefile lacks {sorted(TARGETS - targets)}"
    unknown = {t: page for t, page in named.items() if t not in targets}
    assert not unknown, f"pages name make targets the Makefile has not: {unknown}"


def test_the_guide_tells_the_evening_in_both_languages():
    evening = {
        "docs/guide.md": ["Before the guests arrive", "The first game", "The phones and the TV", "A correction",
                          "The end and the printed sheet", "Next week's rematch",
                          "Renaming, deleting and restoring a game", "Wizard", "Skull King", "Witty Zibi",
                          "French Tarot"],
        "docs/fr/guide.md": ["Avant l’arrivée des invités", "La première partie", "Les téléphones et la télé",
                             "Une correction", "La fin et la feuille imprimée", "La revanche, la semaine suivante",
                             "Renommer, supprimer, restaurer une partie", "Wizard", "Skull King", "Witty Zibi",
                             "Tarot", "Jeux à points"],
    }
    for name, sections in evening.items():
        headings = re.findall(r"^#+ (.+)$", (ROOT / name).read_text(), re.MULTILINE)
        positions = [headings.index(h) if h in headings else -1 for h in sections]
        assert -1 not in positions, (name, [h for h, p in zip(sections, positions) if p < 0])
        assert positions == sorted(positions), f"{name}: the evening is told in order"
    for name in ("guide.md", "privacy.md"):  # the watch page is pushed each entry, not a 2-second poll
        text = (ROOT / "docs" / name).read_text()
        assert "pushed" in text and "updating itself every 2 seconds" not in text, name


def test_troubleshooting_covers_the_same_ground_in_both_languages():
    english = re.findall(r"^## (.+)$", (ROOT / "docs" / "troubleshooting.md").read_text(), re.MULTILINE)
    french = re.findall(r"^## (.+)$", (ROOT / "docs" / "fr" / "depannage.md").read_text(), re.MULTILINE)
    assert english[:5] == ["The phone cannot reach the laptop", "The screen goes dark", "Scribe on the home screen",
                           "Upgrading", "Backing up and restoring"]
    assert len(french) == len(english) >= 5
    for name in ("troubleshooting.md", "fr/depannage.md"):
        text = (ROOT / "docs" / name).read_text()
        for what in ("sudo ufw allow 5000/tcp", "SCRIBE_PORT=", "SCRIBE_HOST=", "git pull", "make run",
                     "scribe backup", "hostname -I", "secret_key"):
            assert what in text, (name, what)


def _french_labels() -> set[str]:
    """Every French msgstr as a page shows it (placeholders as …), and its label part (before
    " : " or " ("), compared without case."""
    from babel.messages.pofile import read_po

    with (ROOT / "scribe" / "translations" / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f)
    labels = set()
    for message in catalog:
        for text in message.string if isinstance(message.string, (list, tuple)) else [message.string]:
            if text:
                shown = _plain(re.sub(r"%\(\w+\)s", "…", text)).casefold()
                labels |= {shown, re.split(r" : | \(", shown)[0]}
    return labels


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u202f", " ")).strip()


def test_the_french_guide_names_the_buttons_as_the_french_pages_do():
    # bold in the French guide is a label on the screen: Scribe's own, as its catalog has it,
    # or the phone's and the keyboard's
    not_scribes = {"ctrl-c", "fr", "de", "ajouter à l’écran d’accueil", "sur l’écran d’accueil",
                   "−"}  # the points form's minus chip is a sign, not a word
    labels = _french_labels()
    bold = [_plain(b) for b in re.findall(r"\*\*(.+?)\*\*", (ROOT / "docs" / "fr" / "guide.md").read_text(), re.DOTALL)]
    assert len(bold) >= 60
    wrong = [b for b in bold if b.casefold() not in labels | not_scribes]
    assert not wrong, f"not as the French pages say it: {wrong}"


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
    listed = re.findall(r"^\| `(?:[A-Z, ]+ )?(/api/[^`]+)`", text, re.MULTILINE)
    assert len(listed) >= 15
    for raw in listed:
        first = raw.split(",")[0].strip()
        path = re.sub(r"KEY", "{key}", re.sub(r"TOKEN", "{token}", re.sub(r"/N/", "/{number}/", first)))
        path = path.replace("KIND", "{kind}")
        assert path in paths, raw
