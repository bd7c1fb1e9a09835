"""Where names meet words (issue 32 item 8): no French "de Amélie" (d'Amélie, or a form
that needs no article), no gendered noun standing for a player ("Sofía, el repartidor"),
one word per idea in French ("pari" for a bid, as Gigamic's French Wizard rules say;
"paquet virtuel"), and Tarot's contract names kept for Tarot.

Names are known only at run time, so each catalog's messages are filled with names that
start with a vowel, accented or not, as the pages would fill them; then real pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from web_helpers import text

CATALOGS = Path(__file__).resolve().parents[2] / "scribe" / "translations"
PERSON = ("name", "player", "names", "dealer", "taker", "who", "winner", "changed", "opponent", "partner")
HOLE = re.compile(r"%\((\w+)\)s")
NAMES = ("Amélie", "Éric", "Ines", "Hugo")


def messages(lang: str):
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        for m in read_po(f, locale=lang):
            if m.id:
                for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    yield (m.id[0] if isinstance(m.id, tuple) else m.id), s, m.locations


def filled(s: str, name: str) -> str:
    """The message as a page shows it: a player's name in every hole for a person."""
    return HOLE.sub(lambda h: name if h.group(1) in PERSON else "7", s)


def test_french_never_writes_de_before_a_name_starting_with_a_vowel():
    bad = {mid: filled(s, n) for mid, s, _ in messages("fr") for n in NAMES
           if re.search(r"\b(de|que|le|la|ce) (Amélie|Éric|Ines|Hugo)\b", filled(s, n))}
    assert not bad, bad


@pytest.mark.parametrize("lang, nouns", [
    ("fr", "donneur|donneuse|joueur|gagnant|preneur"), ("es", "repartidor|jugador|ganador"),
    ("it", "mazziere|giocatore|vincitore"), ("de", "Geber|Spieler|Sieger"), ("nl", "gever|speler|winnaar")])
def test_no_gendered_noun_stands_for_a_named_player(lang, nouns):
    """"Sofía, el repartidor": a name given a gender by a noun beside it (or "Sieger: Anna")."""
    person = r"%\((?:" + "|".join(PERSON) + r")(?:_\w+)?\)s"  # not %(players)s, a count
    beside = re.compile(rf"{person},? (?:\w+ )?(?:{nouns})\b|\b(?:{nouns})\w*: {person}", re.IGNORECASE)
    bad = {mid: s for mid, s, _ in messages(lang) if beside.search(s)}
    assert not bad, bad


def test_french_one_word_per_idea():
    """A bid is a "pari" (Gigamic's French rules), never an "annonce" or a "mise"; the
    virtual deck is a "paquet virtuel"; "Prise" is Tarot's contract and nothing else."""
    bid_noun = re.compile(r"\b(?:l’|l'|d’|d'|une |un |son |sa |votre |toute |tout |les |des |ses |vos )(?:annonces?|mises?)\b")
    said = [(mid, s) for mid, s, _ in messages("fr") if bid_noun.search(s) and "chelem" not in s.lower()]
    assert not said, said
    assert not [s for _mid, s, _ in messages("fr") if "jeu virtuel" in s]
    prise = [(mid, s) for mid, s, where in messages("fr") if re.search(r"\bPrise\b", s)
             and "Prise" not in mid and not any("tarot" in path for path, _ in where)]
    assert not prise, prise


def test_french_pages_with_names_that_start_with_a_vowel(client, api):
    """The links page, a player's page and a Tarot game, in French, for Amélie and Éric."""
    _status, body = api("post", "/api/games", {"players": ["Amélie", "Éric", "Hugo"], "first_dealer": 0,
                                              "preset": "standard", "rules": {"reveal": "hidden", "virtual_deck": True}})
    key = body["key"]
    links = client.get(f"/api/games/{key}/links").get_json()
    fr = {"Accept-Language": "fr"}
    pages = [client.get(f"/games/{key}/links", headers=fr), client.get(f"/p/{links['players'][0]['token']}", headers=fr)]
    tarot = api("post", "/api/games", {"game": "tarot", "players": ["Amélie", "Éric", "Hugo", "Ines"],
                                       "first_dealer": 0})[1]["key"]
    api("post", f"/api/games/{tarot}/actions/deal", {"version": 0, "taker": 0, "contract": "prise", "bouts": 1,
                                                    "attack_points": 40})
    pages += [client.get(f"/games/{tarot}", headers=fr), client.get(f"/games/{tarot}/history", headers=fr)]
    words = " ".join(text(p.get_data(as_text=True)) for p in pages)
    assert all(p.status_code == 200 for p in pages)
    assert "Lien pour Amélie" in words and "Lien pour Éric" in words
    assert not re.search(r"\b(de|que|le|la) (Amélie|Éric|Ines|Hugo)\b", words), \
        re.findall(r".{30}\b(?:de|que|le|la) (?:Amélie|Éric|Ines|Hugo)\b.{10}", words)
    assert "Amélie seul" not in words
