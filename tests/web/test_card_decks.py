"""Card codes unambiguous across decks (issue 33). A code may name two cards in two games'
decks (``B7``: Wizard's blue 7, Skull King's black 7; ``WW``: the Werewolf, the White
Whale), so every JSON that carries codes names the deck they are in (the sheet, a seat's
``cards``, the history), and docs/cards.md and its French page have one table per deck:
every code that deck deals or plays, a code another game's deck also writes flagged.
Every answer is checked against /api/openapi.json (tests/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scribe.games import GAMES
from scribe.games.skull_king import cards as sk_cards
from scribe.rules.cards.faces import wizard_deck
from scribe.rules.cards.standard import PACK_32, PACK_52

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = {"en": (DOCS / "cards.md", "Deck"), "fr": (DOCS / "fr" / "cartes.md", "Paquet")}
NAMES = ["Ana", "Ben", "Cy", "Dee"]

# every code each deck deals or plays, read from the decks themselves (not from the page)
CODES = {
    "wizard": set(wizard_deck(jubilee_cards=False)),
    "wizard-jubilee": set(wizard_deck(jubilee_cards=True)),  # the six, and the Cloud's and Juggler's played forms
    "skull-king": {str(c) for c in sk_cards.deck(kraken=True, white_whale=True, loot=True)} | {"TP", "TE"},
    "standard-52": set(PACK_52),
    "standard-32": set(PACK_32),
}
GAME_OF = {"wizard": "wizard", "wizard-jubilee": "wizard", "skull-king": "skull_king", "standard-52": "rikiki",
           "standard-32": "rikiki"}


def tables(lang: str) -> dict[str, list[tuple[str, str]]]:
    """The page's tables, by deck: each row's code and its last column (the flag)."""
    path, word = PAGES[lang]
    out: dict[str, list[tuple[str, str]]] = {}
    for section in re.split(r"^## ", path.read_text(), flags=re.MULTILINE)[1:]:
        heading = re.fullmatch(rf"{word} `([a-z0-9-]+)`", section.splitlines()[0])
        if heading:
            out[heading.group(1)] = [(m.group(1), m.group(2)) for m in
                                     re.finditer(r"^\| `([^`]+)` \|[^|\n]*\|([^|\n]*)\|$", section, re.MULTILINE)]
    return out


def test_every_deck_a_game_deals_has_its_table_on_both_pages():
    named = {deck for game in GAMES.values() for deck in game.decks}
    assert named == set(CODES)  # the games' decks, as the registry says them
    assert all(deck in GAMES[game].decks for deck, game in GAME_OF.items())
    for lang in PAGES:
        assert set(tables(lang)) == set(CODES), lang


@pytest.mark.parametrize("lang", list(PAGES))
@pytest.mark.parametrize("deck", list(CODES))
def test_each_decks_table_lists_every_code_it_deals_once_and_flags_those_another_game_writes(deck, lang):
    rows = tables(lang)[deck]
    codes = [code for code, _flag in rows]
    assert len(codes) == len(set(codes)) and set(codes) == CODES[deck]
    elsewhere = {code for other, held in CODES.items() if GAME_OF[other] != GAME_OF[deck] for code in held}
    flagged = {code for code, flag in rows if "⚠" in flag}
    assert flagged == CODES[deck] & elsewhere
    assert ("B7" in flagged) == (not deck.startswith("standard"))  # blue in one, black in the other
    for code, flag in rows:  # the flag names the other deck(s), by the name the JSON says
        for other in re.findall(r"⚠ `([a-z0-9-]+)`", flag):
            assert GAME_OF[other] != GAME_OF[deck] and code in CODES[other]


def test_the_api_document_points_each_card_field_at_its_decks_table(client):
    doc = client.get("/api/openapi.json").get_json()
    for game in ("wizard", "skull_king", "rikiki"):
        sheet = doc["components"]["schemas"][f"{''.join(w.capitalize() for w in game.split('_'))}Sheet"]
        assert sheet["properties"]["deck"]["enum"] == list(GAMES[game].decks) and "deck" in sheet["required"]
    played = doc["paths"]["/api/games/{key}/actions/played"]["post"]["requestBody"]["content"]["application/json"]
    for body in played["schema"]["anyOf"]:
        game = body["title"].split()[0]
        for deck in GAMES[game].decks:
            assert f"docs/cards.md#deck-{deck}" in body["properties"]["card"]["description"], game
    assert "deck" in doc["components"]["schemas"]["Cards"]["properties"]
    assert "deck" not in doc["components"]["schemas"]["ZibiSheet"]["properties"]  # no cards dealt


@pytest.mark.parametrize(("game", "rules", "deck"), [
    ("wizard", {"virtual_deck": True}, "wizard"),
    ("wizard", {"virtual_deck": True, "jubilee": ["cloud", "juggler", "bomb"]}, "wizard-jubilee"),
    ("skull_king", {"virtual_deck": True, "kraken": True, "white_whale": True}, "skull-king"),
    ("rikiki", {"virtual_deck": True}, "standard-52"),
    ("rikiki", {"virtual_deck": True, "pack": 32}, "standard-32"),
])
def test_the_sheet_a_seats_cards_and_the_history_name_the_deck_their_codes_are_in(api, game, rules, deck):
    status, made = api("post", "/api/games", {"game": game, "players": NAMES, "first_dealer": 0, "rules": rules})
    assert status == 201, made
    key = made["key"]
    assert made["sheet"]["deck"] == deck
    status, dealt = api("post", f"/api/games/{key}/actions/deal", {"round": 1})
    assert status == 200 and dealt["sheet"]["deck"] == deck, dealt
    token = api("get", f"/api/games/{key}/links")[1]["players"][1]["token"]
    status, seat = api("get", f"/api/player/{token}")
    assert status == 200 and seat["sheet"]["deck"] == seat["cards"]["deck"] == deck
    hand = seat["cards"]["current"]["hand"]
    table = {code for code, _flag in tables("en")[deck]}
    assert hand and set(hand) <= table  # read in the table the JSON names
    status, history = api("get", f"/api/games/{key}/history")
    assert status == 200 and history["deck"] == deck and any(e["kind"] == "deal" for e in history["entries"])


def test_a_game_without_a_deck_names_none_and_a_table_without_the_virtual_deck_names_its_own(api):
    status, made = api("post", "/api/games", {"game": "zibi", "players": NAMES})
    assert status == 201 and "deck" not in made["sheet"], made
    assert "deck" not in api("get", f"/api/games/{made['key']}/history")[1]
    status, made = api("post", "/api/games", {"game": "wizard", "players": NAMES, "first_dealer": 0})
    assert status == 201 and made["sheet"]["deck"] == "wizard"  # the trump entry's card is a Wizard code too
    token = api("get", f"/api/games/{made['key']}/links")[1]["players"][0]["token"]
    assert api("get", f"/api/player/{token}")[1]["cards"] == {"virtual_deck": False}


def test_belote_on_the_virtual_deck_names_the_32_card_pack_and_so_does_its_score_pad(api):
    """Belote and Coinche deal standard-32's codes on the virtual deck (issue 34); a score
    pad names the pack its table plays with too, and has no hand to show."""
    status, made = api("post", "/api/games", {"game": "belote", "players": NAMES, "first_dealer": 0,
                                             "virtual_deck": True})
    assert status == 201 and made["sheet"]["deck"] == "standard-32", made
    key = made["key"]
    assert api("post", f"/api/games/{key}/actions/deal", {})[0] == 200
    token = api("get", f"/api/games/{key}/links")[1]["players"][3]["token"]  # the dealer's right: speaks first
    status, seat = api("get", f"/api/player/{token}")
    assert status == 200 and seat["sheet"]["deck"] == seat["cards"]["deck"] == "standard-32"
    assert set(seat["cards"]["current"]["hand"]) <= {code for code, _flag in tables("en")["standard-32"]}
    assert api("get", f"/api/games/{key}/history")[1]["deck"] == "standard-32"
    status, pad = api("post", "/api/games", {"game": "belote", "players": NAMES, "first_dealer": 0})
    assert status == 201 and pad["sheet"]["deck"] == "standard-32", pad
    token = api("get", f"/api/games/{pad['key']}/links")[1]["players"][0]["token"]
    assert api("get", f"/api/player/{token}")[1]["cards"] == {"virtual_deck": False}
