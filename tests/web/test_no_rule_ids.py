"""No rule id (W-P6, T-C1, K-S3 ...) and no "review 002" in any text a player or an
operator reads, in any of the six languages (issue 30): the ids name clauses of
docs/rules.md and stay there, in the code and in the tests.

Read here: every page, fragment, event stream, CSV, printed sheet and JSON answer of a
part of the state walk (tests/web/test_state_walk.py: its scenarios and driver, each
scenario here in one of the six languages), the refusals (4xx) its writes meet, the
greyed-out Wizard and its refusal under "no Wizard on a trump lead", the pages that show
no game; every ``scribe`` command's ``--help``; every entry of every catalog.

Not read: /api/openapi.json, the API's description for programmers, and the JSON field
``rule`` of a forbidden bid, a code for programs (both name the rules' clauses on purpose);
scripts and style sheets, whose comments only a developer reads (the words scripts show
come from the pages' ``data-*`` attributes, read here).
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import click
import pytest
import test_state_walk as walk
from babel.messages.pofile import read_po
from click.testing import CliRunner
from conftest import CheckedClient, app_config
from pypdf import PdfReader
from table_driver import Table

from scribe import create_app, service
from scribe.cli import scribe as scribe_cli
from scribe.config import LANGUAGES

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scribe" / "translations"

RULE_ID = re.compile(r"\b[A-Z]{1,2}-[A-Z]{0,2}\d+\b")
# "review 002" and its translations ("critique 002", "Review 002"...): a word, then a number
# written with leading zeros, as the sources of docs/rules.md are numbered.
REVIEW = re.compile(r"\b[^\W\d_]+ 00\d\b")


def leaks(text: str) -> list[str]:
    """Each rule id or "review 00N" in ``text``, with a few words around it."""
    out = []
    for pattern in (RULE_ID, REVIEW):
        for m in pattern.finditer(text):
            out.append(" ".join(text[max(0, m.start() - 60):m.end() + 30].split()))
    return out


def test_the_patterns_find_what_they_are_for():
    """The scan itself: it finds the ids as they were shown, and nothing in ordinary text."""
    assert leaks("W-P6 (review 002), with the virtual deck") and leaks("…une autre carte (W-P6).")
    assert len(leaks("W-P6 (critique 002), avec le jeu virtuel")) == 2
    assert leaks("W-U1..W-U3, 3 or 4 players") and leaks("(K-S2..K-S4)") and leaks("T-C1: x1, x2")
    assert leaks("Ronda 1 · P-2") and leaks("Skyjo (P-S1)")
    for fine in ("Round 12 of 20", "1 000 000 de manches", "Jean-Christophe Lefèvre-Dupont", "R14", "−10",
                 "2026-11-28", "B-side", "+20 pts", "Manche 3 sur 10 · Donneur : Zoé", "Partie n° 3"):
        assert not leaks(fine), fine


# --------------------------------------------------------------------------- what a reader reads


# Attributes whose words a person reads (tooltips, screen readers, what scripts show).
READ_ATTRIBUTES = {"title", "aria-label", "aria-description", "placeholder", "alt", "hx-confirm", "data-confirm",
                   "data-tapped", "data-copied", "data-not-copied", "data-lost"}


class _Words(HTMLParser):
    """The words of a page or fragment: its text and the attributes people read, without
    scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if value and (name in READ_ATTRIBUTES or (name == "value" and tag == "input"
                                                      and dict(attrs).get("type") in ("submit", "button"))):
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


_LINK = re.compile(r"\S*(?:://|/p/|/w/|/games/|/api/)\S*")  # links hold random tokens, not words


def _json_words(value: Any, key: str = "") -> list[str]:
    if isinstance(value, dict):
        return [w for k, v in value.items() if k != "rule" for w in _json_words(v, k)]
    if isinstance(value, list):
        return [w for v in value for w in _json_words(v, key)]
    return [value] if isinstance(value, str) else []


def words(resp) -> str:
    """What a person reads in an answer: a page's words, a PDF's text, a JSON answer's
    strings, a CSV or a stream as it is; links taken out."""
    body = resp.get_data()
    if resp.mimetype == "application/pdf":
        text = "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(body)).pages)
    elif resp.mimetype == "application/json":
        text = "\n".join(_json_words(json.loads(body or b"null")))
    else:
        text = body.decode("utf-8", "replace")
        if resp.mimetype in ("text/html", "text/event-stream"):
            parser = _Words()
            parser.feed(text)
            text = "\n".join(parser.parts)
    return _LINK.sub(" ", text)


class Reader:
    """Reads every answer the app gives a test client while it is on: what a person
    would read in it, kept when it shows a rule id."""

    def __init__(self) -> None:
        self.where = "?"
        self.found: dict[str, str] = {}  # what leaked -> where it was first seen
        self.read = 0
        self._seen: set[bytes] = set()

    def __call__(self, resp) -> None:
        request = resp.request
        if request.path == "/api/openapi.json" or resp.mimetype in ("text/css", "text/javascript"):
            return  # the API's description for programmers; scripts and styles (their comments)
        body = resp.get_data()
        digest = hashlib.blake2b(body + resp.mimetype.encode(), digest_size=16).digest()
        if digest in self._seen:
            return
        self._seen.add(digest)
        self.read += 1
        # the cheap look first: most answers hold nothing that looks like an id at all
        if resp.mimetype != "application/pdf" and not leaks(body.decode("utf-8", "replace")):
            return
        for leak in leaks(words(resp)):
            self.found.setdefault(leak, f"{self.where} · {request.method} {request.path} → {resp.status_code}")

    def report(self) -> str:
        return f"{len(self.found)} rule id(s) shown:\n" + "\n".join(
            f"  {leak!r}\n      at {where}" for leak, where in list(self.found.items())[:30])


@pytest.fixture(scope="module")
def scan_app(request, tmp_path_factory):
    return create_app(app_config(request, tmp_path_factory.mktemp("rule-ids") / "instance"))


@pytest.fixture
def reader(scan_app, monkeypatch):
    """Every client of ``scan_app`` (the Scribe's, the TV's, each phone's) has its answers
    read; ``reader.lang``: the language every one of them asks for."""
    seen = Reader()
    seen.lang = "en"

    class Reading(CheckedClient):
        def open(self, *args, **kwargs):
            self.environ_base["HTTP_ACCEPT_LANGUAGE"] = seen.lang
            resp = super().open(*args, **kwargs)
            seen(resp)
            return resp

    monkeypatch.setattr(scan_app, "test_client_class", Reading)
    return seen


# --------------------------------------------------------------------------- the state walk, in six languages

# A scenario of the walk per language (two for some): between them every game,
# sealed and open bids, the virtual deck with "no Wizard on a trump lead", ±1 and the
# leader's restriction (their refusals), Jubilee cards, Unicolore.
BY_NAME = {sc.name: sc for sc in walk.SCENARIOS}
WALKED = [
    ("fr", "wizard-plus_minus_one-open-vdeck-3p"),
    ("en", "wizard-leader-secret-table-3p"),
    ("de", "zibi-two-clans"),
    ("de", "unicolore-secret-table-4p"),
    ("es", "tarot-five-called-king"),
    ("es", "points-custom"),
    ("it", "skull-king-virtual-deck-kraken"),
    ("it", "points-skyjo"),
    ("nl", "wizard-jubilee-vdeck-3p"),
]


def test_the_walk_here_meets_every_game_and_language():
    assert {lang for lang, _ in WALKED} == set(LANGUAGES)
    games = {BY_NAME[name].body.get("game", "wizard") for _, name in WALKED}
    assert games == {"wizard", "zibi", "tarot", "points", "skull_king"}
    assert BY_NAME["wizard-plus_minus_one-open-vdeck-3p"].body["rules"].get("no_wizard_on_trump_lead")


# make check walks the French one (French first, and the refusals of the virtual deck); the
# others are marked slow: make test walks every one
@pytest.mark.parametrize(("lang", "name"), [pytest.param(*w, marks=() if w[0] == "fr" else pytest.mark.slow)
                                            for w in WALKED], ids=[f"{lang}-{name}" for lang, name in WALKED])
def test_no_rule_id_on_any_page_of_the_walk(scan_app, reader, monkeypatch, lang, name):
    """Every answer of the scenario's walk, every viewer, every step, every refusal."""
    base = BY_NAME[name]
    sc = replace(base, lang=lang)
    reader.lang = lang
    if sc.body.get("rules", {}).get("virtual_deck"):  # as the walk seeds it
        n, first = len(sc.body["players"]), 1 if not sc.body["rules"].get("unicolore") else 4
        seed = walk.seed_turning(n, first, wizard=sc.turn_wizard)
        monkeypatch.setattr(service, "make_rng", lambda: random.Random(seed))
    with walk.Walker(scan_app, sc.name, walk.SCENARIOS.index(base)) as w:

        class Where:  # the step and viewer of the walk, read at each answer
            def __str__(self) -> str:
                return f"{lang} · {sc.name} · {w.step} · {w.viewer}"

        reader.where = Where()
        t = Table(scan_app, {**sc.body, "lang": lang})
        walk.arrange(t, sc.arrangement)
        sc.script(t, w, sc)
    assert not w.problems, w.report()
    assert reader.read > 50  # the walk was read, not skipped
    assert not reader.found, reader.report()


# --------------------------------------------------------------------------- no Wizard on a trump lead


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_id_when_a_wizard_is_refused_on_a_trump_lead(scan_app, reader, monkeypatch, lang):
    """The virtual deck with "no Wizard on a trump lead": the greyed-out Wizard says why on
    the player's phone and on the passed phone, and playing it anyway is refused in words."""
    from scribe.games.wizard.game import GAME

    reader.lang = lang
    reader.where = f"{lang} · no Wizard on a trump lead"
    t = Table(scan_app, {"players": ["Ana", "Ben", "Cy"], "first_dealer": 0, "preset": "standard", "lang": lang,
                         "rules": {"virtual_deck": True, "no_wizard_on_trump_lead": True, "rounds": 2}})
    t.claim(0)  # Ana's phone, before her cards are dealt: her hand is on it
    # round 1: Ana deals, Ben leads; round 2: Ben deals, Cy leads trump (red), Ana holds the
    # Wizard and a green card
    hands = {1: [["R1"], ["G2"], ["B3"]], 2: [["W", "G5"], ["R7", "Y3"], ["R2", "B7"]]}
    monkeypatch.setattr(GAME.__class__, "DRAWN", {"deal": lambda sheet, data, rng: {
        "round": sheet.current.number, "hands": hands[sheet.current.number],
        "turned": {1: "Y9", 2: "R9"}[sheet.current.number]}})
    for number in (1, 2):
        walk.ok(t.deal())
        for seat in t.sheet()["rounds"][number - 1]["order"]:
            walk.ok(t.bid(seat, 0))
        if number == 1:
            for _ in range(3):
                walk.ok(t.play())
            walk.ok(t.tricks(None))
    assert t.sheet()["rounds"][1]["order"] == [2, 0, 1]
    walk.ok(t.play_card(2, "R2"))
    assert t.legal(0) == ["G5"]
    phone = t.holders[0].get(f"/p/{t.tokens[0]}")
    assert phone.status_code == 200 and 'class="why"' in phone.get_data(as_text=True)
    for way in ("hx", "form", "api"):
        refused = t.play_card(0, "W", way)
        assert refused.status_code == 422, refused.status_code
    refused = t.scribe_act("played", {"round": 2, "card": "W", "player": 0}, "api")
    assert 400 <= refused.status_code < 500
    assert reader.read > 10
    assert not reader.found, reader.report()


# --------------------------------------------------------------------------- the pages that show no game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rule_id_on_the_pages_without_a_game(scan_app, reader, lang):
    """The new-game forms of every game, the pads (printed in English and French only: a
    PDF takes long to make), the offline page, the health answer."""
    reader.lang = lang
    reader.where = f"{lang} · no game"
    client = scan_app.test_client()
    for endpoint, paths in walk.STATELESS.items():
        if endpoint == "i18n.switch" or (endpoint == "pdf.pad" and lang not in ("en", "fr")):
            continue  # i18n.switch: a language cookie, and this client stays in ``lang``
        for path in paths:
            assert client.get(path).status_code < 500, path
    assert "W-P6" not in client.get("/games/new?game=wizard").get_data(as_text=True)
    assert not reader.found, reader.report()


# --------------------------------------------------------------------------- the command line


def _commands(group: click.Command, path: tuple[str, ...] = ()):
    yield path, group
    for name, sub in getattr(group, "commands", {}).items():
        yield from _commands(sub, (*path, name))


COMMANDS = list(_commands(scribe_cli))


def test_every_command_is_read():
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"", "serve", "pdf", "pad", "simulate", "export", "import", "backup"} <= names


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(("scribe", *p)))
def test_no_rule_id_in_any_command_help(path):
    result = CliRunner().invoke(scribe_cli, [*path, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    assert not leaks(result.output), leaks(result.output)


# --------------------------------------------------------------------------- the catalogs


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_rule_id_in_any_catalog_entry(lang):
    """Every msgid (the English text) and every translation of the language's catalog."""
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    bad = []
    for m in catalog:
        if not m.id:
            continue
        texts = [*(m.id if isinstance(m.id, tuple) else (m.id,)), *(m.string if isinstance(m.string, tuple)
                                                                     else (m.string,))]
        bad += [leak for text in texts for leak in leaks(text)]
    assert not bad, f"{lang}: {len(bad)}\n" + "\n".join(bad)
