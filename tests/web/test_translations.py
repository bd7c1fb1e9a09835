"""The catalogs of every language Scribe speaks: complete, compiled, well-formed, and served.

Every string the code marks for translation (``_``, ``gettext``, ``ngettext``,
``pgettext``, ``lazy_gettext``, ``N_`` and the templates' ``_()``/``ngettext()``) is
extracted here from the current sources into a temporary template, so in any of the
languages a new string without a translation fails, and so does a fuzzy one or a stale
one (in the catalog but no longer in the code). English is the source language: the
msgids are its text, so it has no catalog. To fix a failure, follow docs/development.md,
"Translations".
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from scribe.config import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scribe" / "translations"
SOURCE = "en"
CATALOGS = [lang for lang in LANGUAGES if lang != SOURCE]

# A %-format conversion: %(name)s, %s, %5.2f, %r ... and the escaped %%.
PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[a-zA-Z%]")


def _key(message) -> tuple[str | None, str]:
    """The msgid alone (the singular for a plural message), with its context."""
    return message.context, message.id[0] if isinstance(message.id, tuple) else message.id


def _forms(value) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


@pytest.fixture(scope="module")
def pot(tmp_path_factory):
    """The template extracted now, exactly as docs/development.md says to."""
    out = tmp_path_factory.mktemp("i18n") / "messages.pot"
    CommandLineInterface().run([
        "pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), "-k", "N_", "-k", "lazy_gettext",
        "-o", str(out), str(ROOT),
    ])
    with out.open("rb") as f:
        return read_po(f)


_READ: dict[str, Catalog] = {}


def _po(lang: str) -> Catalog:
    if lang not in _READ:
        path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
        assert path.exists(), f"no catalog for {lang}: pybabel init -i /tmp/messages.pot -d scribe/translations -l {lang}"
        with path.open("rb") as f:
            _READ[lang] = read_po(f, locale=lang)
    return _READ[lang]


@pytest.fixture(params=CATALOGS)
def lang(request):
    return request.param


@pytest.fixture
def po(lang):
    return _po(lang)


def test_six_languages_five_catalogs():
    assert set(LANGUAGES) == {"de", "en", "es", "fr", "it", "nl"}
    assert sorted(p.name for p in TRANSLATIONS.iterdir() if (p / "LC_MESSAGES" / "messages.po").exists()) == CATALOGS


def test_extraction_finds_strings_of_every_kind(pot):
    """The config itself works: Python, lazy, N_ rules templates, Jinja, plurals, contexts."""
    ids = {_key(m) for m in pot if m.id}
    for expected in ("Undo", "Standard rules", "Please give a whole number.", "New game of Wizard"):
        assert (None, expected) in ids
    plurals = {m.id for m in pot if isinstance(m.id, tuple)}
    assert ("%(num)s round", "%(num)s rounds") in plurals  # formatting.py, Python ngettext
    assert ("Deal %(num)s card each", "Deal %(num)s cards each") in plurals  # a template
    assert ("Wizard card", "Jester") in ids and ("Skull King card", "Escape") in ids  # pgettext


def test_every_extracted_message_is_translated(pot, po, lang):
    problems = []
    for m in pot:
        if not m.id:
            continue
        t = po.get(m.id, context=m.context)
        if t is None:
            problems.append(f"missing from messages.po: {_key(m)!r}")
        elif t.fuzzy:
            problems.append(f"fuzzy: {_key(m)!r}")
        elif isinstance(m.id, tuple) != isinstance(t.id, tuple) or (isinstance(m.id, tuple) and m.id != t.id):
            problems.append(f"singular/plural differs from the code: {_key(m)!r}")
        elif not all(s.strip() for s in _forms(t.string)) or len(_forms(t.string)) != (po.num_plurals if isinstance(t.id, tuple) else 1):
            problems.append(f"not translated: {_key(m)!r}")
    assert not problems, (f"Update the {lang} catalog (docs/development.md, Translations): {len(problems)} entries\n"
                          + "\n".join(problems[:40]))


def test_catalog_holds_nothing_stale(pot, po, lang):
    """Every entry of the catalog is still in the code (a stale one is a translation nobody
    reads, and often the old wording of a string that changed), and none is kept obsolete."""
    fresh = {_key(m) for m in pot if m.id}
    stale = sorted(str(_key(m)) for m in po if m.id and _key(m) not in fresh)
    assert not stale and not po.obsolete, f"{lang}: stale {stale[:20]}, obsolete {list(po.obsolete)[:20]}"


def test_catalog_has_no_fuzzy_or_empty_entries(po, lang):
    assert po.plural_forms == Catalog(locale=Locale.parse(lang)).plural_forms
    bad = [_key(m) for m in po if m.id and (m.fuzzy or not all(s.strip() for s in _forms(m.string)))]
    assert not bad, f"{lang}: {len(bad)} fuzzy or empty, e.g. {bad[:20]}"


def _as_dict(catalog) -> dict:
    """(context, msgid) -> msgstr, plurals as tuples (read_mo gives lists)."""
    freeze = lambda v: tuple(v) if isinstance(v, (list, tuple)) else v
    return {(m.context, freeze(m.id)): freeze(m.string) for m in catalog if m.id}


def test_committed_mo_is_the_compiled_po(po, lang):
    buf = io.BytesIO()
    write_mo(buf, po)
    buf.seek(0)
    fresh = _as_dict(read_mo(buf))
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo").open("rb") as f:
        committed = _as_dict(read_mo(f))
    stale = sorted(str(k) for k in fresh.keys() ^ committed.keys())
    changed = sorted(str(k) for k in fresh.keys() & committed.keys() if fresh[k] != committed[k])
    assert not stale and not changed, (
        f"{lang}: messages.mo is not the compiled messages.po: run pybabel compile -d scribe/translations\n"
        f"added/removed: {stale[:10]}\nchanged: {changed[:10]}"
    )


def test_placeholders_are_the_same_in_every_language(po, lang):
    problems = []
    for m in po:
        if not m.id:
            continue
        sources = m.id if isinstance(m.id, tuple) else (m.id,)
        for i, text in enumerate(_forms(m.string)):
            if not text:
                continue  # untranslated: the test above says so
            source = sources[min(i, len(sources) - 1)]
            want, got = set(PLACEHOLDER.findall(source)), set(PLACEHOLDER.findall(text))
            if want != got:
                problems.append(f"{source!r}: {sorted(want)} but {lang} has {sorted(got)}")
                continue
            names = re.findall(r"%\((\w+)\)", source)
            if names:  # the translation must format with the same parameters the code passes
                try:
                    text % {n: 1 for n in names}
                except (KeyError, ValueError, TypeError) as exc:
                    problems.append(f"{text!r} does not format: {exc!r}")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------ served in French


FR = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.8"}


def test_new_game_page_in_french_and_english(client):
    fr = client.get("/games/new", headers=FR)
    assert fr.status_code == 200
    assert '<html lang="fr">' in fr.text
    assert "Nouvelle partie de Wizard" in fr.text
    assert "Joueurs, dans l’ordre de la table" in fr.text
    assert "Plus ou moins 1" in fr.text
    assert "New game of Wizard" not in fr.text

    en = client.get("/games/new", headers=EN)
    assert '<html lang="en">' in en.text
    assert "New game of Wizard" in en.text
    assert "Nouvelle partie" not in en.text


def test_play_page_in_french_and_english(client, new_game):
    game_id = new_game()  # Paul, Thomas, Marie; Marie deals round 1 under ±1
    fr = client.get(f"/games/{game_id}", headers=FR)
    assert fr.status_code == 200
    assert "Manche 1 sur 20" in fr.text
    assert "Distribuez 1 carte à chacun" in fr.text  # the French singular
    assert "Marie donne" in fr.text  # no "Donneur" for Marie (issue 32: no gendered noun for a player)
    assert "Paul parie en premier" in fr.text
    assert "Feuille de scores" in fr.text
    assert "Round 1 of 20" not in fr.text

    en = client.get(f"/games/{game_id}", headers=EN)
    assert "Round 1 of 20" in en.text
    assert "Deal 1 card each" in en.text
    assert "Dealer: Marie" in en.text
    assert "Manche" not in en.text


def test_api_refusal_in_french_and_english(client, api, new_game):
    game_id = new_game()
    for bid in (0, 0):  # Paul, Thomas: Marie, last, may not make the bids total 1 (±1)
        assert api("post", f"/api/games/{game_id}/bids", {"bid": bid})[0] == 200
    url = f"/api/games/{game_id}/bids"

    fr = client.post(url, json={"bid": 1}, headers=FR)
    assert fr.status_code == 422
    assert fr.get_json()["field"] == "bid"
    assert "Marie ne peut pas parier 1" in fr.get_json()["error"]
    assert "Plus ou moins 1" in fr.get_json()["error"]

    en = client.post(url, json={"bid": 1}, headers=EN)
    assert en.status_code == 422
    assert "Marie may not bid 1 (±1 rule)" in en.get_json()["error"]

    page = client.get(f"/games/{game_id}", headers=FR)  # the greyed-out bid says why, in French
    assert "ne peut pas parier 1" in page.text


def test_unknown_game_in_french(client):
    resp = client.get("/api/games/nope", headers=FR)
    assert resp.status_code == 404
    assert resp.get_json()["error"] == "Cette partie n’existe pas."


def test_language_cookie_beats_the_browser(client):
    client.set_cookie("lang", "fr")
    assert "Nouvelle partie de Wizard" in client.get("/games/new", headers=EN).text
    client.set_cookie("lang", "en")
    assert "New game of Wizard" in client.get("/games/new", headers=FR).text


def test_default_is_english(client):
    assert "New game of Wizard" in client.get("/games/new", headers={"Accept-Language": "pt"}).text
