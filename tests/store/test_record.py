"""A game's whole record (scribe/record.py): exported, imported as a new game that replays
to the same sheet, refused whole when anything in it is wrong, and never given while a bid
or a hand is sealed (W-B7, the virtual deck). Real SQLite files, games played through the API."""

from __future__ import annotations

import copy
import json
from typing import NamedTuple

import pytest
from conftest import app_db

from scribe import record, service, sharing, store
from scribe.games import GAMES
from scribe.rules.errors import RuleError
from scribe.web.serialize import sheet_json


class Made(NamedTuple):
    """A game made through the API: the handle its API paths take, and its id in the store
    (the same today; the Scribe's link may become a token of its own)."""

    api: str
    id: str


def make(api, **body) -> Made:
    status, data = api("post", "/api/games", body)
    assert status == 201, data
    return Made(data.get("key", data["id"]), data["id"])


@pytest.fixture
def db(app):
    with app_db(app) as db:
        yield db


def count(db, table: str) -> int:
    return db.execute(f"select count(*) from {table}").fetchone()[0]


def post(api, path, body):
    status, data = api("post", path, body)
    assert status == 200, (path, data)
    return data


@pytest.fixture
def wizard_game(api):
    """Two rounds of Wizard with a trump, bids, tricks, a correction, an undo and a redo."""
    made = make(api, players=["Paul", "Thomas", "Marie"], first_dealer=2, preset="plus_minus_one", name="Friday")
    g = f"/api/games/{made.api}"
    post(api, f"{g}/trump", {"round": 1, "card": "red"})
    for bid in (0, 1, 1):
        post(api, f"{g}/bids", {"bid": bid})
    post(api, f"{g}/tricks", {"tricks": [0, None, 1]})
    post(api, f"{g}/trump", {"round": 2, "card": "wizard", "suit": "green"})
    for bid in (1, 0, 2):
        post(api, f"{g}/bids", {"bid": bid})
    post(api, f"{g}/undo", {})
    post(api, f"{g}/redo", {})
    post(api, f"{g}/tricks", {"tricks": [1, 0, 1]})
    post(api, f"{g}/rounds/1/correction", {"bids": [1, 1, 1], "tricks": [0, 0, 1]})
    post(api, f"{g}/undo", {})  # the correction taken back, then a bid of round 3
    post(api, f"{g}/trump", {"round": 3, "card": "jester"})
    post(api, f"{g}/bids", {"bid": 2})
    return made.id


@pytest.fixture
def zibi_game(api):
    made = make(api, game="zibi", players=["Ana", "Ben", "Cy", "Dee", "Eve"], name="Zibi night", lang="fr")
    gid = made.api
    act = f"/api/games/{gid}/actions"
    post(api, f"{act}/damage", {"player": 0, "amount": 30})
    post(api, f"{act}/heal", {"player": 0})
    post(api, f"{act}/result", {"clans": list("AABBC"), "eliminated": [True, True, False, False, False]})
    post(api, f"/api/games/{gid}/rounds/1/correction", {"clans": list("ABABC"), "eliminated": [True, False, True, False, False]})
    post(api, f"{act}/result", {"clans": list("AABBC"), "eliminated": [True, False, True, True, True]})
    post(api, f"/api/games/{gid}/undo", {})
    post(api, f"/api/games/{gid}/redo", {})
    post(api, f"{act}/damage", {"player": 2, "amount": 20})
    post(api, f"/api/games/{gid}/undo", {})
    return made.id


def web_sheet(app, db, game_id):
    """The sheet's JSON as the Scribe's page and API give it."""
    with app.test_request_context():
        _game, sheet, _log = service.load(db, game_id)
        return sheet_json(sharing.viewer_sheet(sheet))


@pytest.mark.parametrize("which", ["wizard_game", "zibi_game"])
def test_an_imported_game_replays_to_the_same_sheet(request, app, api, db, which):
    gid = request.getfixturevalue(which)
    rec = record.export_record(db, gid)
    assert rec["format"] == "scribe-game" and rec["version"] == 1
    assert [e["seq"] for e in rec["entries"]] == list(range(1, len(rec["entries"]) + 1))
    assert {"undo", "redo", "correction"} <= {e["kind"] for e in rec["entries"]}
    games_before = count(db, "games")
    new = record.import_record(db, json.loads(json.dumps(rec)))  # through JSON, as a file would
    assert new != gid and count(db, "games") == games_before + 1
    original, old_sheet, old_log = service.load(db, gid)
    imported, new_sheet, new_log = service.load(db, new)
    rules = GAMES[original.game]
    setup = rules.Setup.from_dict(imported.setup)
    assert rules.replay(setup, new_log) == rules.replay(rules.Setup.from_dict(original.setup), old_log) == old_sheet
    assert new_sheet == old_sheet
    assert [(e.seq, e.kind, dict(e.data), e.at) for e in new_log] == [(e.seq, e.kind, dict(e.data), e.at) for e in old_log]
    assert (imported.name, imported.lang, imported.created_at) == (original.name, original.lang, original.created_at)
    # what a user sees: the same sheet JSON and the same games-list summary
    assert web_sheet(app, db, new) == web_sheet(app, db, gid)
    assert imported.summary == original.summary
    assert record.export_record(db, new)["entries"] == rec["entries"]


def test_an_imported_game_takes_further_actions(db, wizard_game):
    new = record.import_record(db, record.export_record(db, wizard_game))
    sheet = service.act(db, new, "bid", {"bid": 1})
    assert sheet.version == service.load(db, wizard_game)[1].version + 1


def refused(db, rec, field, words=""):
    before = (count(db, "games"), count(db, "entries"))
    with pytest.raises(RuleError) as info:
        record.import_record(db, rec)
    assert info.value.field == field, (info.value.field, info.value.message)
    assert words in info.value.message, info.value.message
    assert (count(db, "games"), count(db, "entries")) == before  # nothing saved
    return info.value


def edited(rec, change):
    rec = copy.deepcopy(rec)
    change(rec)
    return rec


def test_a_hand_edited_record_is_refused_whole(db, wizard_game):
    rec = record.export_record(db, wizard_game)
    bids = [i for i, e in enumerate(rec["entries"]) if e["kind"] == "bid"]
    tricks = next(i for i, e in enumerate(rec["entries"]) if e["kind"] == "tricks")

    def cheat(r):  # round 1's tricks no longer add up to the cards dealt (W-S2)
        r["entries"][tricks]["data"]["tricks"] = [1, 1, 1]
    err = refused(db, edited(rec, cheat), f"entries.{tricks}", "refused by the rules")
    assert f"Entry {tricks + 1}" in err.message

    def bid_too_high(r):  # W-B1: a bid is 0 to the round's cards
        r["entries"][bids[0]]["data"]["bid"] = 5
    refused(db, edited(rec, bid_too_high), f"entries.{bids[0]}", "refused by the rules")

    def gap(r):
        r["entries"][3]["seq"] = 9
    refused(db, edited(rec, gap), "entries.3", "no gap")
    refused(db, edited(rec, lambda r: r["entries"].pop(2)), "entries.2", "no gap")
    refused(db, edited(rec, lambda r: r["entries"][1].update(kind="cheat")), "entries.1", "unknown kind")
    refused(db, edited(rec, lambda r: r["entries"][1].update(extra=1)), "entries.1", "not an entry")
    refused(db, edited(rec, lambda r: r["entries"][1].update(data=[1])), "entries.1", "not an entry")
    refused(db, edited(rec, lambda r: r["entries"][1].update(at="yesterday")), "entries.1", "not an entry")
    refused(db, edited(rec, lambda r: r["entries"][1]["data"].update(round={"x": 1})), "entries.1")
    undo = next(i for i, e in enumerate(rec["entries"]) if e["kind"] == "undo")
    refused(db, edited(rec, lambda r: r["entries"][undo]["data"].update(seq=1)), f"entries.{undo}")


def undo_data(rec) -> list[tuple[int, str, dict]]:
    return [(e["seq"], e["kind"], e["data"]) for e in rec["entries"] if e["kind"] in ("undo", "redo")]


def test_undo_and_redo_entries_name_the_entry_they_take_back_or_bring_back(db, wizard_game):
    # the fixture: round 2's last bid (#9) undone and redone, the correction (#13) undone
    rec = record.export_record(db, wizard_game)
    assert undo_data(rec) == [(10, "undo", {"takes_back": 9}), (11, "redo", {"brings_back": 9}),
                              (14, "undo", {"takes_back": 13})]
    assert [rec["entries"][i - 1]["kind"] for i in (9, 13)] == ["bid", "correction"]


def test_a_chain_of_undo_undo_redo_redo_is_recorded_by_service_act(db, api):
    gid = make(api, players=["Paul", "Thomas", "Marie"], first_dealer=2).id
    for bid in (0, 1):
        service.act(db, gid, "bid", {"bid": bid})
    for kind in ("undo", "undo", "redo", "undo", "redo", "redo"):
        service.act(db, gid, kind, {"takes_back": 99})  # what a client sends is not what is recorded
    log = service.load(db, gid)[2]
    assert [(e.kind, dict(e.data)) for e in log[2:]] == [
        ("undo", {"takes_back": 2}), ("undo", {"takes_back": 1}), ("redo", {"brings_back": 1}),
        ("undo", {"takes_back": 1}), ("redo", {"brings_back": 1}), ("redo", {"brings_back": 2})]
    assert service.load(db, gid)[1].rows[0].bids == (0, 1, None)


def test_an_old_record_with_empty_undo_data_imports_and_replays_the_same(db, wizard_game):
    """Records made before undo named its target hold {}: still read, and kept as written."""
    rec = record.export_record(db, wizard_game)
    old = edited(rec, lambda r: [e.update(data={}) for e in r["entries"] if e["kind"] in ("undo", "redo")])
    new = record.import_record(db, old)
    assert service.load(db, new)[1] == service.load(db, wizard_game)[1]
    assert [d for _, _, d in undo_data(record.export_record(db, new))] == [{}, {}, {}]


def test_a_record_whose_undo_or_redo_names_the_wrong_entry_is_refused(db, wizard_game):
    rec = record.export_record(db, wizard_game)
    i = {seq: seq - 1 for seq, _, _ in undo_data(rec)}  # list index of each undo/redo by seq

    def names(seq, data):
        return edited(rec, lambda r: r["entries"][i[seq]].update(data=data))
    err = refused(db, names(14, {"takes_back": 12}), f"entries.{i[14]}", "refused by the rules")
    assert "Entry 14" in err.message and "takes back entry #12, but the entry it takes back is #13" in err.message
    refused(db, names(11, {"brings_back": 8}), f"entries.{i[11]}", "brings back entry #8, but the entry it brings back is #9")
    refused(db, names(10, {"brings_back": 9}), f"entries.{i[10]}", "holds only")
    refused(db, names(10, {"takes_back": True}), f"entries.{i[10]}", "holds only")
    refused(db, names(10, {"takes_back": 9, "bid": 1}), f"entries.{i[10]}", "holds only")


def test_a_truncated_record_is_refused_or_is_an_earlier_moment_of_the_game(db, wizard_game):
    rec = record.export_record(db, wizard_game)
    text = json.dumps(rec)
    with pytest.raises(RuleError) as info:
        record.read_record(text[: len(text) // 2])
    assert info.value.field == "format" and "not JSON" in info.value.message
    # a record cut between entries is a game as it stood then: it replays, seqs still 1..N
    short = edited(rec, lambda r: r["entries"].__delitem__(slice(5, None)))
    assert service.load(db, record.import_record(db, short))[1].version == 5


@pytest.mark.parametrize("change, field", [
    (lambda r: r.update(format="other"), "format"),
    (lambda r: r.update(version=2), "version"),
    (lambda r: r.update(version=True), "version"),
    (lambda r: r.update(game="chess"), "game"),
    (lambda r: r.update(game=["wizard"]), "game"),
    (lambda r: r.update(lang="pt"), "lang"),
    (lambda r: r.update(created_at="soon"), "created_at"),
    (lambda r: r.update(name="x" * 61), "name"),
    (lambda r: r.update(entries={}), "entries"),
    (lambda r: r.update(setup=[]), "setup"),
    (lambda r: r["setup"].update(colour="blue"), "setup.colour"),
    (lambda r: r["setup"].update(players=["Ann", "Ann", "Cy"]), "setup.players.1"),
    (lambda r: r["setup"].update(players=["Ann", "B\u200bob", "Bob"]), "setup.players.2"),
    (lambda r: r["setup"].update(first_dealer=7), "setup.first_dealer"),
    (lambda r: r["setup"]["rules"].update(reveal="shouted"), "setup.reveal"),
    (lambda r: r.pop("setup"), "setup"),
])
def test_a_record_with_a_bad_header_or_setup_is_refused(db, wizard_game, change, field):
    refused(db, edited(record.export_record(db, wizard_game), change), field)


def test_a_record_not_of_this_app_is_refused(db):
    for rec in (None, [], "scribe-game", {"format": "scribe-game"}, {}):
        refused(db, rec, "format" if not isinstance(rec, dict) or not rec else "version")


def test_names_are_cleaned_on_the_way_in(db, wizard_game):
    rec = edited(record.export_record(db, wizard_game),
                 lambda r: (r["setup"].update(players=["\u202ePaul", "Tho\u200bmas", "Marie"]),
                            r.update(name="Fri\x00day")))
    game, sheet, _ = service.load(db, record.import_record(db, rec))
    assert sheet.setup.players == ("Paul", "Thomas", "Marie") and game.name == "Friday"


# ----------------------------------------------------------------------------- sealed (W-B7)

def three(api, **rules) -> Made:
    return make(api, players=["Paul", "Thomas", "Marie"], first_dealer=2, preset="standard", rules=rules)


def test_hidden_bids_are_never_exported_until_revealed(api, db):
    made = three(api, reveal="hidden")
    gid = made.api
    post(api, f"/api/games/{gid}/trump", {"round": 1, "card": "red"})
    post(api, f"/api/games/{gid}/bids", {"player": 1, "bid": 1})
    _game, sheet, log = service.load(db, made.id)
    assert record.sealed_now(sheet, log)
    with pytest.raises(record.SealedError) as info:
        record.export_record(db, made.id)
    assert "sealed" in info.value.message
    post(api, f"/api/games/{gid}/bids", {"player": 0, "bid": 0})
    post(api, f"/api/games/{gid}/bids", {"player": 2, "bid": 0})  # the last: all revealed
    rec = record.export_record(db, made.id)
    assert [e["data"]["bid"] for e in rec["entries"] if e["kind"] == "bid"] == [1, 0, 0]


def test_secret_bids_stay_sealed_until_the_tricks_are_in(api, db):
    made = three(api, reveal="secret")
    gid = made.api
    post(api, f"/api/games/{gid}/trump", {"round": 1, "card": "red"})
    for player, bid in ((0, 0), (1, 1), (2, 0)):
        post(api, f"/api/games/{gid}/bids", {"player": player, "bid": bid})
    with pytest.raises(record.SealedError):
        record.export_record(db, made.id)
    post(api, f"/api/games/{gid}/tricks", {"tricks": [0, 1, 0]})
    assert len(record.export_record(db, made.id)["entries"]) == 5


def test_dealt_hands_are_never_exported_before_the_round_is_scored(api, db):
    made = three(api, virtual_deck=True)
    gid = made.api
    post(api, f"/api/games/{gid}/deal", {"round": 1})
    api("post", f"/api/games/{gid}/trump", {"card": "wizard", "suit": "red"})  # only if a Wizard was turned
    with pytest.raises(record.SealedError):
        record.export_record(db, made.id)
    for bid in (0, 1, 0):
        post(api, f"/api/games/{gid}/bids", {"bid": bid})
    hands = next(e for e in store.load_log(db, made.id) if e.kind == "deal").data["hands"]
    while (turn := api("get", f"/api/games/{gid}/sheet")[1]["rounds"][0]["play"]["turn"]) is not None:
        post(api, f"/api/games/{gid}/actions/played", {"round": 1, "player": turn, "card": hands[turn][0]})
    with pytest.raises(record.SealedError):  # every card played, the round not scored yet
        record.export_record(db, made.id)
    post(api, f"/api/games/{gid}/tricks", {})  # the tricks as played (typed ones wait for the last card, W-R4)
    rec = record.export_record(db, made.id)  # round 1 scored: its hands are open to review
    deal = next(e for e in rec["entries"] if e["kind"] == "deal")
    assert all(len(h) == 1 for h in deal["data"]["hands"])
    new = record.import_record(db, rec)
    assert service.load(db, new)[1] == service.load(db, made.id)[1]
    # a forged deal (a card thrice) is refused by the rules of the deck; a number card,
    # since three Wizards or Jesters would be a fair deal (4 of each, W-M1)
    forged = edited(rec, lambda r: next(e for e in r["entries"] if e["kind"] == "deal")["data"].update(
        hands=[["R7"]] * 3))
    refused(db, forged, f"entries.{rec['entries'].index(deal)}", "refused by the rules")


def test_a_game_without_anything_sealed_is_exported_at_any_time(api, db):
    made = three(api)
    _game, sheet, log = service.load(db, made.id)
    assert not record.sealed_now(sheet, log)
    assert record.export_record(db, made.id)["entries"] == []


def test_unknown_and_deleted_games_are_not_found(api, db):
    with pytest.raises(service.NotFound):
        record.export_record(db, "nope")
    made = three(api)
    assert api("delete", f"/api/games/{made.api}")[0] == 204
    with pytest.raises(service.NotFound):
        record.export_record(db, made.id)
    assert count(db, "games") == 1
