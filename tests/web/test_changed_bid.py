"""A player changes their own sealed bid until the last bid is in, on their phone, and
nobody learns that they did (issue 32, item 9; W-B7, K-B1).

Each case plays two games alike but for one thing: in one, Ana taps 1 on her phone and
changes it to 0 before the last bid; in the other she taps 0 at once. Every other
viewer's outputs (the TV's page, JSON and stream; Ben's phone page, JSON and stream;
the Scribe's page, History, history JSON, entries.csv and PDF) read alike once versions
and entry numbers are masked, before the reveal and after it; the record keeps the
first bid without its value and is imported again as it was.
"""

from __future__ import annotations

import difflib
import io
import json
import re

import pypdf
import pytest
from table_driver import Table
from test_withdrawn_bid import CASES, TIMES  # the same three sealed games, the same dates masked
from web_helpers import HX, text

from scribe import record, service
from scribe.web.db import get_db

ANA, BEN, CY = range(3)  # first_dealer=2: Ana bids first, Cy deals and bids last

# versions and entry numbers: a change is one more entry, numbered, as any write is
COUNTERS = re.compile(r'("(?:version|seq|takes_back|brings_back|entries|count)": ?)\d+'
                      r'|((?:[?&]v=|^id: |data-version="|data-draft="\d+\.|name="version" value="|#|/entries/)\s?)\d+'
                      r'|(\bv)\d+\b|(Entry |entry |version |event: hello\ndata: |^<game>,)\d+', re.MULTILINE)
TAP_KEYS = re.compile(r'(name="idempotency_key" value=")[^"]*')


def _played(app, body: dict, changed: bool, last: bool) -> Table:
    """Ana bids on her phone (1, then 0 if ``changed``; else 0 at once), Ben on his; then
    (``last``) Cy bids 1 on the Scribe's phone: the last bid, the reveal."""
    t = Table(app, body, ways=("api",))
    t.claim(ANA)
    t.claim(BEN)
    if changed:
        assert t.bid(ANA, 1).status_code == 200
    else:
        assert t.bid(ANA, 0).status_code == 200
    assert t.bid(BEN, 0).status_code == 200
    if changed:
        resp = t.own_phone(ANA).post(f"/p/{t.tokens[ANA]}/rebid", data={"round": "1", "bid": "0"}, headers=HX)
        assert resp.status_code == 200, text(resp.get_data(as_text=True))[:400]
    if last:
        assert t.bid(CY, 1).status_code == 200
    return t


def _outputs(t: Table) -> dict[str, str]:
    k, ben, tok = t.key, t.own_phone(BEN), t.tokens[BEN]
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
        "TV fragment": (t.tv, f"/w/{t.watch}/sheet?v=0", HX),
        "TV JSON": (t.tv, f"/api/watch/{t.watch}", {}),
        "TV stream": (t.tv, f"/w/{t.watch}/events", {"Last-Event-ID": "0"}),
        "Ben's page": (ben, f"/p/{tok}", {}),
        "Ben's fragment": (ben, f"/p/{tok}/view?v=0", HX),
        "Ben's JSON": (ben, f"/api/player/{tok}", {}),
        "Ben's stream": (ben, f"/p/{tok}/events?v=0", {}),
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
    return out


def _masked(t: Table, body: str) -> str:
    for secret, name in sorted(t.masks, key=lambda m: -len(m[0])):
        body = body.replace(secret, name)
    body = TAP_KEYS.sub(r"\1<key>", re.sub(r"data:image/svg\+xml[^\"']*", "<qr>", body))
    body = COUNTERS.sub(lambda m: next(g for g in m.groups() if g is not None) + "<n>", body)
    return TIMES.sub("<time>", body)


def _alike(tables: list[Table]) -> None:
    seen = [_outputs(t) for t in tables]
    differ = [name for name in seen[0] if seen[0][name] != seen[1][name]]
    for name in differ:  # each difference shown, the first asserted
        print(name, "".join(list(difflib.unified_diff(seen[1][name].splitlines(True), seen[0][name].splitlines(True)))[:40]))
    assert not differ, f"{differ} tell the change apart"


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_a_changed_bid_reads_as_never_changed_before_and_after_the_reveal(app, case):
    tables = [_played(app, CASES[case], changed, last=False) for changed in (True, False)]
    changed = tables[0]
    own = changed.own_phone(ANA).get(f"/api/player/{changed.tokens[ANA]}").get_json()
    assert own["sheet"]["rounds"][0]["bids"][ANA] == 0  # Ana's phone shows her new bid
    _alike(tables)
    for t in tables:
        assert t.bid(CY, 1).status_code == 200
    _alike(tables)
    page = text(changed.scribe.get(f"/games/{changed.key}/history").get_data(as_text=True))
    assert "Ana bids 1" not in page and ("Ana bids 0" in page or changed.reveal == "secret"), page
    with app.app_context():
        assert service.load(get_db(), changed.id)[1].rows[0].bids == (0, 0, 1)


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_no_change_once_the_last_bid_is_in(app, case):
    """A stale page (the reveal came meanwhile): a clear refusal next to the bid, nothing recorded."""
    t = _played(app, CASES[case], changed=False, last=True)
    before = t.sheet()["version"]
    resp = t.own_phone(ANA).post(f"/p/{t.tokens[ANA]}/rebid", data={"round": "1", "bid": "1"}, headers=HX)
    assert resp.status_code == 422
    assert "Every bid is in: yours can no longer change." in text(resp.get_data(as_text=True))
    assert t.sheet()["version"] == before


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_the_phone_offers_the_change_until_the_last_bid(app, case):
    t = _played(app, CASES[case], changed=False, last=False)
    page = text(t.own_phone(ANA).get(f"/p/{t.tokens[ANA]}").get_data(as_text=True))
    assert "Change my bid" in page
    html = t.own_phone(ANA).get(f"/p/{t.tokens[ANA]}").get_data(as_text=True)
    assert 'aria-pressed="true">0<' in html  # her bid now, marked
    assert "Change my bid" not in text(t.tv.get(f"/w/{t.watch}").get_data(as_text=True))
    assert t.bid(CY, 1).status_code == 200
    assert "Change my bid" not in text(t.own_phone(ANA).get(f"/p/{t.tokens[ANA]}").get_data(as_text=True))


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_undo_after_a_change_takes_back_the_whole_bid(app, case):
    """The Scribe's undo takes back the last bid made (Ben's), then Ana's whole bid: never
    back to the 1 she first tapped (that would tell the table she changed it)."""
    tables = [_played(app, CASES[case], changed, last=False) for changed in (True, False)]
    for t in tables:
        assert t.undo().status_code == 200
        assert t.undo().status_code == 200
        with t.app.app_context():
            assert service.load(get_db(), t.id)[1].rows[0].bids == (None, None, None)
    _alike(tables)


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_the_record_keeps_the_first_bid_without_its_value_and_imports_again(app, case):
    t = _played(app, CASES[case], changed=True, last=True)
    assert t.tricks([1, 0, 0]).status_code == 200
    with app.app_context():
        rec = json.loads(json.dumps(record.export_record(get_db(), t.id)))
        bids = [e["data"] for e in rec["entries"] if e["kind"] == "bid" and e["data"]["player"] == ANA]
        assert bids[0]["bid"] is None and bids[1]["bid"] == 0  # the 1 first tapped is not in the record
        copy = record.import_record(get_db(), rec)
        assert service.load(get_db(), copy)[1].rows == service.load(get_db(), t.id)[1].rows
        assert record.export_record(get_db(), copy)["entries"] == rec["entries"]


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_only_the_seat_changes_its_bid_never_the_scribe(app, case):
    """A change is the player's own, on the phone holding their seat: the Scribe's phone
    (page or API) asking to change Ana's bid is refused in words, nothing recorded."""
    t = _played(app, CASES[case], changed=False, last=False)
    before = t.sheet()["version"]
    path = t.action_path("bids", "bid")
    resp = t.api_post(path, {"round": 1, "player": ANA, "bid": 1, "rebid": True})
    assert resp.status_code in (403, 409, 422), resp.status_code
    assert t.sheet()["version"] == before
    with app.app_context():
        assert service.load(get_db(), t.id)[1].rows[0].bids[ANA] == 0


@pytest.mark.parametrize("case", CASES)
def test_w_b7_k_b1_a_bid_changed_twice_round_trips_without_either_first_value(app, case):
    t = Table(app, CASES[case], ways=("api",))
    t.claim(ANA)
    for value, way in ((1, "bid"), (0, "rebid"), (1, "rebid")):
        resp = t.own_phone(ANA).post(f"/p/{t.tokens[ANA]}/{way}", data={"round": "1", "bid": str(value)}, headers=HX)
        assert resp.status_code == 200
    assert t.bid(BEN, 0).status_code == 200
    assert t.bid(CY, 1).status_code == 200
    assert t.tricks([1, 0, 0]).status_code == 200
    with app.app_context():
        rec = json.loads(json.dumps(record.export_record(get_db(), t.id)))
        assert [e["data"]["bid"] for e in rec["entries"] if e["kind"] == "bid" and e["data"]["player"] == ANA] == [
            None, None, 1]
        copy = record.import_record(get_db(), rec)
        assert service.load(get_db(), copy)[1].rows == service.load(get_db(), t.id)[1].rows
        assert record.export_record(get_db(), copy)["entries"] == rec["entries"]
