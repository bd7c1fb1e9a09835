"""A bid withdrawn before its reveal stays sealed for good (issue 31, item 3; W-B7, K-B1).

Found: Ana bids 1 on her phone, the Scribe undoes it, Ana bids 0, the others bid; once
the round was revealed the History page, the history JSON and entries.csv said "Ana
bids 1 (undone)", a bid the table never saw (the TV showed 0). At a real table a bid
changed before the reveal is never known: whoever did not enter it never learns it,
the Scribe included, on any output, before the reveal and after it.

Each case plays that sequence twice, the withdrawn bid 1 in one game and 0 in the
other, and reads every output of the Scribe and of the TV in both: they must be alike
(ids, tokens and times masked), and the withdrawn value must not be written anywhere.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pypdf
import pytest
from table_driver import Table
from web_helpers import HX, text

from scribe import record, service
from scribe.web.db import get_db

ANA, BEN, CY = range(3)  # first_dealer=2: Ana bids first, Cy deals

CASES = {
    "wizard-hidden": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
                      "rules": {"reveal": "hidden", "rounds": 2}},
    "wizard-secret": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
                      "rules": {"reveal": "secret", "rounds": 2}},
    "skull-king": {"game": "skull_king", "players": ["Ana", "Ben", "Cy"], "first_dealer": 2,
                   "rules": {"rounds": [1, 2]}},
}
TIMES = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"
                   r"|\d{1,2}/\d{1,2}/\d{2,4},?\s\d{1,2}:\d\d(\s?[AP]M)?|\b\d{1,2} \w+ \d{4}\b|\b[A-Z][a-z]+ \d{1,2}, \d{4}\b")


def _played(app, body: dict, withdrawn: int, reveal: bool) -> Table:
    """The issue's sequence: Ana's bid on her phone, undone by the Scribe, Ana bids 0
    again, Ben and Cy bid 0 on the Scribe's phone passed round; then (``reveal``) the
    round's tricks, which reveal every bid in every mode."""
    t = Table(app, body, ways=("api",))
    t.claim(ANA)
    assert t.bid(ANA, withdrawn).status_code == 200
    assert t.undo().status_code == 200
    for seat in (ANA, BEN):
        assert t.bid(seat, 0).status_code == 200
    if reveal:
        assert t.bid(CY, 0).status_code == 200
        assert t.tricks([1, 0, 0]).status_code == 200
    return t


def _outputs(t: Table, export: bool = True) -> dict[str, str]:
    """Everything the Scribe and the TV can read of the game, masked (``export``: and its
    record, once nothing is sealed)."""
    k = t.key
    reads = {
        "history page": (t.scribe, f"/games/{k}/history", {}),
        "history JSON": (t.scribe, f"/api/games/{k}/history", {}),
        "game JSON": (t.scribe, f"/api/games/{k}", {}),
        "entries.csv": (t.scribe, "/export/entries.csv", {}),
        "sheet page": (t.scribe, f"/games/{k}", {}),
        "sheet fragment": (t.scribe, f"/games/{k}", HX),
        "Scribe's stream": (t.scribe, f"/games/{k}/events?v=0", {}),
        "sheet PDF": (t.scribe, f"/games/{k}/sheet.pdf", {}),
        "TV page": (t.tv, f"/w/{t.watch}", {}),
        "TV JSON": (t.tv, f"/api/watch/{t.watch}", {}),
        "TV stream": (t.tv, f"/w/{t.watch}/events", {"Last-Event-ID": "0"}),
    }
    out = {}
    for name, (client, path, headers) in reads.items():
        resp = client.get(path, headers=headers)
        assert resp.status_code == 200, (name, resp.status_code)
        if resp.mimetype == "application/pdf":
            body = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(resp.data)).pages)
        else:
            body = resp.get_data(as_text=True)
        out[name] = _masked(t, body)
    if export:
        out["export"] = _masked(t, json.dumps(_export(t), ensure_ascii=False, indent=1))
    return out


def _masked(t: Table, body: str) -> str:
    for secret, name in sorted(t.masks, key=lambda m: -len(m[0])):
        body = body.replace(secret, name)
    return TIMES.sub("<time>", re.sub(r"data:image/svg\+xml[^\"']*", "<qr>", body))


def _export(t: Table) -> dict:
    """What ``scribe export`` writes of the game."""
    with t.app.app_context():
        return record.export_record(get_db(), t.id)


def _ana_first_bid(t: Table) -> dict:
    entries = t.scribe.get(f"/api/games/{t.key}/history").get_json()["entries"]
    return next(e for e in entries if e["kind"] == "bid")


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_a_bid_withdrawn_before_the_reveal_is_never_shown(app, case):
    tables = [_played(app, CASES[case], withdrawn, reveal=True) for withdrawn in (1, 0)]
    withdrawn = tables[0]
    first = _ana_first_bid(withdrawn)
    assert first["undone"] and first["sealed"] and first["data"]["bid"] is None, first
    page = text(withdrawn.scribe.get(f"/games/{withdrawn.key}/history").get_data(as_text=True))
    assert "Ana bids 1" not in page and "Ana bids 0" in page
    rows = list(csv.DictReader(io.StringIO(withdrawn.scribe.get("/export/entries.csv").get_data(as_text=True))))
    ana = [json.loads(r["data"]) for r in rows if r["kind"] == "bid" and json.loads(r["data"])["player"] == ANA]
    assert [d["bid"] for d in ana] == [None, 0]
    exported = [e["data"] for e in _export(withdrawn)["entries"] if e["kind"] == "bid"]
    assert exported[0] == {"round": 1, "player": ANA, "bid": None}
    # the twin whose withdrawn bid was 0 reads alike on every output
    seen = [_outputs(t) for t in tables]
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells the withdrawn bid apart"


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_a_withdrawn_bid_is_sealed_before_the_reveal_too(app, case):
    """Before the round is revealed, the export is refused (a bid is sealed) and every
    output reads alike; the withdrawn bid is then no reason to refuse it once revealed."""
    tables = [_played(app, CASES[case], withdrawn, reveal=False) for withdrawn in (1, 0)]
    with app.app_context(), pytest.raises(record.SealedError):
        record.export_record(get_db(), tables[0].id)
    for t in tables:
        assert t.bid(CY, 0).status_code == 200
    seen = [_outputs(t, export=t.reveal != "secret") for t in tables]  # secret: sealed until the tricks
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells the withdrawn bid apart"


@pytest.mark.parametrize("case", CASES)
def test_a_record_with_a_withdrawn_bid_moves_to_another_scribe(app, case):
    """``scribe import`` replays the record: the withdrawn bid, kept without its value,
    is taken as it stands (a stand-in the rules accept, never shown), the game the same."""
    t = _played(app, CASES[case], 1, reveal=True)
    rec = json.loads(json.dumps(_export(t)))
    with app.app_context():
        copy = record.import_record(get_db(), rec)
        assert service.load(get_db(), copy)[1].rows == service.load(get_db(), t.id)[1].rows
        assert record.export_record(get_db(), copy)["entries"] == rec["entries"]


def test_a_bid_without_its_value_is_refused_unless_it_was_withdrawn(app):
    """Only a bid taken back before its reveal may come without its value: one the round
    counted is refused, and nothing is imported."""
    t = _played(app, CASES["wizard-hidden"], 1, reveal=True)
    rec = _export(t)
    last = max(i for i, e in enumerate(rec["entries"]) if e["kind"] == "bid")
    rec["entries"][last]["data"]["bid"] = None
    with app.app_context(), pytest.raises(record.RuleError) as refused:
        record.import_record(get_db(), rec)
    assert refused.value.field == f"entries.{last}"


# A virtual-deck deal undone before any bid, dealt again, then played out: the undone deal's
# hands were never the table's (a deal is undone before any bid), so they stay sealed for good.
DEALT = {
    "wizard-deck": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
                    "rules": {"reveal": "hidden", "rounds": 2, "virtual_deck": True}},
    "wizard-open-deck": {"players": ["Ana", "Ben", "Cy"], "first_dealer": 2, "preset": "standard",
                         "rules": {"reveal": "open", "rounds": 2, "virtual_deck": True}},
    "skull-king-deck": {"game": "skull_king", "players": ["Ana", "Ben", "Cy"], "first_dealer": 2,
                        "rules": {"rounds": [1, 2], "virtual_deck": True}},
}


@pytest.fixture
def twin_deals(monkeypatch):
    """Deals from fixed seeds (so both twins deal alike); ``swap["on"]``: the next deal gives
    Ana's and Ben's hands to each other (the twins then differ in that deal's hands only,
    the card turned up, which the table saw, the same)."""
    import random

    from scribe.games import skull_king, wizard
    swap = {"on": False, "seed": 0}

    def dealer(drawn):
        def deal(sheet, data, rng):
            dealt = drawn(sheet, data, random.Random(swap["seed"]))
            if swap["on"]:
                hands = dealt["hands"]
                hands[ANA], hands[BEN] = hands[BEN], hands[ANA]
                swap["on"] = False
            return dealt
        return deal

    for game in (wizard, skull_king):
        monkeypatch.setitem(game.DRAWN, "deal", dealer(game.DRAWN["deal"]))
    return swap


def _dealt_again(app, body: dict, swap: dict, swapped: bool) -> Table:
    """Deal (Ana's and Ben's hands swapped in one twin), undo, shuffle again, deal, everyone bids 0
    on the Scribe's phone, the cards played out, the round scored as played."""
    t = Table(app, body, ways=("api",))
    swap.update(on=swapped, seed=3)
    assert t.deal().status_code == 200
    assert t.undo().status_code == 200
    assert t.shuffle().status_code == 200  # else the same cards are dealt again (issue 32)
    swap.update(on=False, seed=1)
    assert t.deal().status_code == 200
    for seat in (ANA, BEN, CY):
        assert t.bid(seat, 0).status_code == 200
    for _ in range(3):
        assert t.play().status_code == 200
    assert t.tricks(None).status_code == 200
    return t


@pytest.mark.parametrize("case", DEALT)
def test_w_r4_k_b1_a_deal_undone_before_the_bids_is_never_shown(app, twin_deals, case):
    tables = [_dealt_again(app, DEALT[case], twin_deals, swapped) for swapped in (False, True)]
    undone = next(e for e in tables[0].scribe.get(f"/api/games/{tables[0].key}/history").get_json()["entries"]
                  if e["kind"] == "deal")
    assert undone["undone"] and undone["data"]["hands"] == [None, None, None], undone
    seen = [_outputs(t) for t in tables]
    for name in seen[0]:
        assert seen[0][name] == seen[1][name], f"{name} tells the undone deal apart"


@pytest.mark.parametrize("case", DEALT)
def test_a_record_with_an_undone_deal_moves_to_another_scribe(app, twin_deals, case):
    """The record carries the undone deal without its hands (the card turned up kept: the
    table saw it); ``scribe import`` deals a stand-in in its place, sealed for good."""
    t = _dealt_again(app, DEALT[case], twin_deals, False)
    rec = json.loads(json.dumps(_export(t)))
    first = next(e for e in rec["entries"] if e["kind"] == "deal")
    assert first["data"]["hands"] == [None, None, None]
    with app.app_context():
        copy = record.import_record(get_db(), rec)
        assert service.load(get_db(), copy)[1].rows == service.load(get_db(), t.id)[1].rows
        assert record.export_record(get_db(), copy)["entries"] == rec["entries"]


def test_a_deal_without_its_hands_is_refused_unless_it_was_undone(app, twin_deals):
    """Only a deal undone before the bids may come without its hands: the one played is
    refused, and nothing is imported."""
    t = _dealt_again(app, DEALT["skull-king-deck"], twin_deals, False)
    rec = _export(t)
    last = max(i for i, e in enumerate(rec["entries"]) if e["kind"] == "deal")
    rec["entries"][last]["data"]["hands"] = [None, None, None]
    with app.app_context(), pytest.raises(record.RuleError) as refused:
        record.import_record(get_db(), rec)
    assert refused.value.field == f"entries.{last}"
