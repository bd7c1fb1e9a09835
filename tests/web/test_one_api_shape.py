"""One API shape for every game (issue 33): every entry is POST /api/games/KEY/actions/KIND,
its body's schema made from the game's definition (its ``schema`` part's ``ACTIONS``) and
held to it; "deal" means Scribe shuffles and deals; a choice is a kind of its own that
records what its older path recorded; the older paths stay as documented aliases; the
Scribe reads each seat it plays for as that seat's own view shows it."""

from __future__ import annotations

import json

import pytest

from scribe.games import GAMES, part
from scribe.store import links, load_log
from scribe.web.db import get_db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]


def _players(game: str) -> list[str]:
    low, high = GAMES[game].seats
    return NAMES[:min(max(low, 4), high)]


def _entries(app, key: str) -> list[tuple[str, dict]]:
    """The game's log as stored: (kind, data) of each entry."""
    with app.app_context():
        game_id = links.find(get_db(), key)[0].game_id
        return [(e.kind, dict(e.data)) for e in load_log(get_db(), game_id)]


@pytest.fixture
def document(client):
    return client.get("/api/openapi.json").get_json()


# --------------------------------------------------------------------------- every kind, from the registry


def test_every_games_every_kind_is_an_action_with_its_body_in_the_document(document):
    """For every registered game: each kind its pages post (web ``ACTIONS``) and each entry
    kind its rules record (but a correction, which keeps its path) is reachable as
    /actions/KIND, documented with that game's own body schema."""
    for game, rules in GAMES.items():
        actions = part(game, "schema").ACTIONS
        assert set(part(game, "web").ACTIONS) <= set(actions), game
        recorded = {named.recorded(kind) for kind, named in actions.items()}
        assert set(rules.KINDS) - {"correction"} <= recorded, game
        for kind in actions:
            post = document["paths"][f"/api/games/{{key}}/actions/{kind}"]["post"]
            schema = post["requestBody"]["content"]["application/json"]["schema"]
            variants = schema.get("anyOf", [schema])
            mine = [v for v in variants if v.get("title") == f"{game} {kind}"]
            assert mine and mine[0]["properties"], (game, kind)
            assert game in post["summary"]


def test_undo_and_redo_answer_as_actions_too(api, new_game):
    key = new_game()
    assert api("post", f"/api/games/{key}/actions/bid", {"player": 0, "bid": 1})[0] == 200
    status, body = api("post", f"/api/games/{key}/actions/undo", {})
    assert status == 200 and body["sheet"]["rounds"][0]["bids"][0] is None
    status, body = api("post", f"/api/games/{key}/actions/redo", {})
    assert status == 200 and body["sheet"]["rounds"][0]["bids"][0] == 1


def _cases() -> list:
    return list(_each_case())


def _each_case():
    for game in GAMES:
        for kind, named in part(game, "schema").ACTIONS.items():
            checked = [name for name, prop in named.body.items() if "type" in prop or "enum" in prop]
            yield pytest.param(game, kind, checked[0] if checked else None, id=f"{game}-{kind}")


def _bad_value(prop: dict):
    kinds = prop.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return "no such value" if "object" in kinds else {"no": "such value"}


@pytest.mark.parametrize(("game", "kind", "field"), _cases())
def test_a_body_its_schema_does_not_take_is_refused_naming_the_field(api, game, kind, field):
    """Whatever state the game is in, a value of a type (or out of the enum) the body's
    schema does not take is a 422 naming that field, and nothing is recorded."""
    if field is None:  # a kind whose body holds nothing to get wrong (Tarot's redeal, end)
        assert not part(game, "schema").ACTIONS[kind].body
        return
    status, made = api("post", "/api/games", {"game": game, "players": _players(game)})
    assert status == 201, made
    key = made["key"]
    prop = part(game, "schema").ACTIONS[kind].body[field]
    status, body = api("post", f"/api/games/{key}/actions/{kind}", {field: _bad_value(prop)})
    assert status == 422 and body["field"] == field and body["error"], body
    assert api("get", f"/api/games/{key}")[1]["sheet"]["version"] == 0


def test_a_kind_another_game_takes_is_no_action_of_this_one(client, api):
    key = api("post", "/api/games", {"game": "points", "players": ["Ana", "Ben"]})[1]["key"]
    assert client.post(f"/api/games/{key}/actions/tigress", json={"player": 0, "as": "pirate"}).status_code == 404


# --------------------------------------------------------------------------- the older paths, aliases


def test_wizards_older_paths_are_deprecated_aliases_naming_their_action(document):
    for path, (kind, _summary, _body) in part("wizard", "schema").PATHS.items():
        post = document["paths"][f"/api/games/{{key}}/{path}"]["post"]
        assert post["deprecated"] is True and f"/actions/{kind}" in post["description"], path
        assert not document["paths"][f"/api/games/{{key}}/actions/{kind}"]["post"].get("deprecated")


def test_an_older_path_and_its_action_record_the_same_entry(app, api, new_game):
    old, new = new_game(), new_game()
    assert api("post", f"/api/games/{old}/bids", {"player": 0, "bid": 1})[0] == 200
    assert api("post", f"/api/games/{new}/actions/bid", {"player": 0, "bid": 1})[0] == 200
    assert _entries(app, old) == _entries(app, new) == [("bid", {"round": 1, "player": 0, "bid": 1})]


# --------------------------------------------------------------------------- "deal" means one thing

TAROT_DEAL = {"taker": 0, "contract": "garde", "bouts": 2, "attack_points": 49}


def test_a_tarot_deal_played_is_a_result_and_deal_its_deprecated_alias(app, api, document):
    """Tarot's "deal" recorded a deal played at the table, where Wizard's and Skull King's
    mean Scribe shuffles and deals: the played deal is now "result"; "deal" still takes it
    (deprecated), and the entry stored is the same "deal" entry as ever, so old logs
    replay unchanged."""
    keys = [api("post", "/api/games", {"game": "tarot", "players": NAMES[:4], "first_dealer": 0})[1]["key"]
            for _ in range(2)]
    answers = [api("post", f"/api/games/{key}/actions/{kind}", TAROT_DEAL) for key, kind in zip(keys, ("result", "deal"))]
    assert [status for status, _ in answers] == [200, 200]
    assert answers[0][1]["sheet"] == answers[1][1]["sheet"]
    assert _entries(app, keys[0]) == _entries(app, keys[1]) and _entries(app, keys[0])[0][0] == "deal"
    deal = document["paths"]["/api/games/{key}/actions/deal"]["post"]["requestBody"]["content"]["application/json"]
    tarot = [v for v in deal["schema"]["anyOf"] if v["title"] == "tarot deal"]
    assert tarot[0]["deprecated"] is True and "actions/result" in tarot[0]["description"]
    assert next(v for v in deal["schema"]["anyOf"] if v["title"] == "wizard deal").get("deprecated") is None


# --------------------------------------------------------------------------- a choice is a kind of its own


@pytest.fixture
def rigged(monkeypatch):
    """The deal the service draws, fixed: rigged(game, hands, **more)."""

    def use(game: str, hands, **more):
        monkeypatch.setattr(GAMES[game].__class__, "DRAWN", {"deal": lambda sheet, data, rng: {
            "round": sheet.current.number, "hands": hands, **more}})

    return use


def _juggler_game(api, rigged) -> str:
    """A Wizard game with the Juggler (W-J4), the Scribe playing every seat: round 2 ends
    its first trick with the Juggler's, so play waits for each seat's pass."""
    _status, made = api("post", "/api/games", {"players": NAMES[:3], "first_dealer": 0, "preset": "standard",
                                               "rules": {"virtual_deck": True, "jubilee": ["juggler"], "rounds": 3}})
    key = made["key"]
    rigged("wizard", [["R1"], ["R2"], ["R3"]], turned="B3")
    assert api("post", f"/api/games/{key}/actions/deal", {"round": 1})[0] == 200
    for p in (1, 2, 0):
        assert api("post", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})[0] == 200
    for seat, card in ((1, "R2"), (2, "R3"), (0, "R1")):
        assert api("post", f"/api/games/{key}/actions/played", {"player": seat, "card": card})[0] == 200
    assert api("post", f"/api/games/{key}/actions/tricks", {"round": 1})[0] == 200
    rigged("wizard", [["R1", "B7"], ["R2", "W"], ["JU", "G5"]], turned="B3")
    assert api("post", f"/api/games/{key}/actions/deal", {"round": 2})[0] == 200
    for p in (2, 0, 1):
        assert api("post", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})[0] == 200
    for seat, card in ((2, "JUG"), (0, "R1")):
        assert api("post", f"/api/games/{key}/actions/played", {"player": seat, "card": card})[0] == 200
    return key


def test_w_j4_the_jugglers_pass_is_its_own_kind_recording_what_played_did(app, api, rigged):
    one, two = _juggler_game(api, rigged), _juggler_game(api, rigged)
    # the trick is not over: no card is to be passed, and nothing is recorded
    status, body = api("post", f"/api/games/{one}/actions/pass", {"player": 1, "card": "W"})
    assert status == 422 and body["field"] == "kind" and "Juggler" in body["error"]
    for key in (one, two):
        assert api("post", f"/api/games/{key}/actions/played", {"player": 1, "card": "R2"})[0] == 200
    assert api("get", f"/api/games/{one}")[1]["sheet"]["rounds"][1]["play"]["waiting"] == "pass"
    assert api("post", f"/api/games/{one}/actions/pass", {"player": 1, "card": "W"})[0] == 200
    assert api("post", f"/api/games/{two}/actions/played", {"player": 1, "card": "W"})[0] == 200
    entries = _entries(app, one)
    assert entries == _entries(app, two)
    assert entries[-1] == ("played", {"round": 2, "player": 1, "card": "W", "pass": True})
    status, body = api("post", f"/api/games/{one}/actions/pass", {"player": 1, "card": "W"})  # passed already
    assert status == 422 and body["field"] == "card"


def _tigress_game(api, rigged) -> str:
    """Skull King on the virtual deck, one card each: Ana (seat 0) leads with the Tigress."""
    status, made = api("post", "/api/games", {"game": "skull_king", "players": NAMES[:3], "first_dealer": 2,
                                              "rules": {"virtual_deck": True}})
    assert status == 201, made
    key = made["key"]
    rigged("skull_king", [["TI"], ["G3"], ["Y5"]])
    assert api("post", f"/api/games/{key}/actions/deal", {"round": 1})[0] == 200
    assert api("post", f"/api/games/{key}/actions/bids", {"bids": [1, 0, 0]})[0] == 200
    assert api("get", f"/api/games/{key}")[1]["sheet"]["rounds"][0]["play"]["turn"] == 0
    return key


@pytest.mark.parametrize(("choice", "code"), [("pirate", "TP"), ("escape", "TE")])
def test_the_tigress_is_its_own_kind_recording_what_played_did(app, api, rigged, choice, code):
    one, two = _tigress_game(api, rigged), _tigress_game(api, rigged)
    status, body = api("post", f"/api/games/{one}/actions/tigress", {"player": 0, "as": "ship"})
    assert status == 422 and body["field"] == "as" and "not one this field takes" in body["error"]
    status, body = api("post", f"/api/games/{one}/actions/tigress", {"player": 0})
    assert status == 422 and body["field"] == "as" and "missing" in body["error"]
    status, body = api("post", f"/api/games/{one}/actions/tigress", {"player": 1, "as": choice})
    assert status == 422 and body["error"]  # not Ben's turn, nor his card
    assert api("post", f"/api/games/{one}/actions/tigress", {"player": 0, "as": choice})[0] == 200
    assert api("post", f"/api/games/{two}/actions/played", {"player": 0, "card": code})[0] == 200
    entries = _entries(app, one)
    assert entries == _entries(app, two) and entries[-1] == ("played", {"round": 1, "player": 0, "card": code})


# --------------------------------------------------------------------------- the seats the Scribe plays


def test_the_scribe_reads_each_seat_it_plays_for_never_a_phones(app, client, api, monkeypatch):
    """GET /api/games/KEY/seats/N: a seat whose cards the Scribe plays (no phone holds them),
    as that seat's own view shows it: hand, whose turn, the legal cards. A seat whose phone
    plays is a 409 with nothing of its hand, and the Scribe may not play for it; the game's
    own JSON holds no hand."""
    status, made = api("post", "/api/games", {"players": NAMES[:3], "first_dealer": 2, "preset": "standard",
                                              "rules": {"virtual_deck": True, "rounds": 3}})
    key = made["key"]
    ben = client.get(f"/api/games/{key}/links").get_json()["players"][1]["token"]
    phone = app.test_client()
    assert phone.get(f"/api/player/{ben}").status_code == 200  # Ben's phone holds his seat
    monkeypatch.setattr(GAMES["wizard"].__class__, "DRAWN", {"deal": lambda sheet, data, rng: {
        "round": sheet.current.number, "hands": [["R1"], ["G7"], ["Y2"]], "turned": "B3"}})
    assert api("get", f"/api/games/{key}/seats/0")[1]["cards"]["current"] is None  # nothing dealt yet
    assert api("post", f"/api/games/{key}/actions/deal", {"round": 1})[0] == 200
    for p in (0, 1, 2):
        assert api("post", f"/api/games/{key}/actions/bid", {"player": p, "bid": 0})[0] == 200
    assert api("get", f"/api/games/{key}")[1]["sheet"]["rounds"][0]["play"]["turn"] == 0
    ana, cleo = (api("get", f"/api/games/{key}/seats/{p}")[1]["cards"]["current"] for p in (0, 2))
    assert ana["hand"] == ["R1"] and ana["my_turn"] is True and ana["legal"] == ["R1"]
    assert cleo["hand"] == ["Y2"] and cleo["my_turn"] is False and cleo["legal"] == []
    status, body = api("get", f"/api/games/{key}/seats/1")
    assert status == 409 and body["field"] == "player" and "G7" not in json.dumps(body)
    assert "G7" not in client.get(f"/api/games/{key}").get_data(as_text=True)  # Ben's hand: his phone's only
    assert api("get", f"/api/games/{key}/seats/3")[0] == 422
    assert api("post", f"/api/games/{key}/actions/played", {"player": 0, "card": "R1"})[0] == 200
    assert phone.post(f"/api/player/{ben}/played", json={"card": "G7"}).status_code == 200
    ana, cleo = (api("get", f"/api/games/{key}/seats/{p}")[1]["cards"]["current"] for p in (0, 2))
    assert cleo["my_turn"] is True and cleo["legal"] == ["Y2"]
    assert ana["my_turn"] is False and ana["hand"] == []
    assert api("post", f"/api/games/{key}/actions/played", {"player": 1, "card": "G7"})[1]["field"] == "card"
