"""Belote's and Coinche's rule ids (B-*, C-*) as docs/rules.md explains them: every id the
code and the templates cite is on the rules page, each once, and the pages a player reads
name the game without an id (tests/test_docs.py holds the other games' ids; its pattern
does not take these two letters in)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ID = re.compile(r"\b[BC]-[A-Z]{1,2}\d+\b")


def _explained() -> list[str]:
    return re.findall(r"^- \*\*([BC]-[A-Z]{1,2}\d+)\*\*", (ROOT / "docs" / "rules.md").read_text(), re.MULTILINE)


def test_every_belote_and_coinche_id_the_code_cites_is_explained_once_on_the_rules_page():
    explained = _explained()
    assert len(explained) == len(set(explained)), "an id explained twice"
    code = [*(ROOT / "scribe" / "games" / "belote").rglob("*.py"), *(ROOT / "scribe" / "templates").rglob("*.html")]
    cited = {m for path in code for m in ID.findall(path.read_text())}
    assert {"B-S6", "C-S8", "B-E3", "C-F2"} <= cited, "the rules cite their ids"
    assert cited <= set(explained), sorted(cited - set(explained))


def test_the_rules_page_has_both_games_in_full():
    explained = set(_explained())
    belote = {f"B-{s}" for s in ("M1", "M2", "D1", "D2", "P1", "P2", "P3", "P4", "S1", "S2", "S3", "S4", "S5", "S6",
                                 "E1", "E2", "E3", "F1", "F2")}
    coinche = {f"C-{s}" for s in ("A1", "A2", "A3", "A4", "K1", "K2", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8",
                                  "E1", "F1", "F2")}
    assert belote | coinche == explained
    rules = (ROOT / "docs" / "rules.md").read_text()
    assert "](rules-belote-notes.md)" in rules and rules.count("[B]") >= 2


def test_the_guides_and_the_front_pages_name_belote_and_coinche_in_plain_words():
    pages = {"docs/guide.md": "### Belote and Coinche", "docs/fr/guide.md": "### Belote et coinche",
             "README.md": "**Belote**", "README.fr.md": "**Belote**"}
    for name, heading in pages.items():
        text = (ROOT / name).read_text()
        assert heading in text, name
        assert not ID.findall(text), f"{name} speaks in rule ids"
    for name in ("docs/guide.md", "docs/fr/guide.md"):
        text = (ROOT / name).read_text()
        section = text[text.index("### Belote"):]
        section = section[:section.index("\n#", 1)]
        for word in ("litige", "capot", "coinche"):
            assert word in section.lower(), (name, word)
