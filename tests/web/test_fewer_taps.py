"""Fewer taps per round (issue 10): the tricks form keeps what was tapped after a
refusal, and "everyone made their bid" records each player's bid as their tricks in one
tap, as an ordinary tricks entry (W-S1, W-S2) that a correction or an undo takes back."""

from __future__ import annotations

import re

from test_play import bid, create_by_form, page, tap, version
from web_helpers import errors, form, sheet_totals, submit, text


def checked_tricks(html: str) -> dict[str, str]:
    """The tricks radios that come back ticked: {"tricks.0": "1", ...}."""
    return dict(re.findall(r'name="(tricks\.\d)" value="(\d+)" checked', html))


def round_two_bids_in(client, bids=(1, 0, 1)) -> str:
    """Round 1 played (Thomas, Marie, Paul bid 0), then round 2's bids in: 2 cards."""
    gid = create_by_form(client, dealer="0", preset="standard")  # Thomas, Marie, Paul bid first
    for _ in range(3):
        bid(client, gid, 0)
    tap(client, gid, "/tricks", tricks__0="1", tricks__1="0", tricks__2="0")
    for value in bids:  # round 2: Marie, Paul, Thomas
        bid(client, gid, value)
    return gid


def test_a_refused_tricks_form_keeps_every_tapped_value(client, api):
    gid = round_two_bids_in(client)
    before = version(api, gid)
    resp = submit(client, page(client, gid), "/tricks", tricks__0="2", tricks__1="1", tricks__2="1")
    body = resp.get_data(as_text=True)
    assert resp.status_code == 422
    assert "add up to 4" in errors(body)["tricks"]
    assert checked_tricks(body) == {"tricks.0": "2", "tricks.1": "1", "tricks.2": "1"}
    assert version(api, gid) == before


def test_everyone_made_it_records_the_bids_as_tricks_in_one_tap(client, api):
    gid = round_two_bids_in(client, bids=(1, 0, 1))  # Marie 1, Paul 0, Thomas 1: 2 = 2 cards
    html = page(client, gid)
    assert "Everyone made their bid" in text(html)
    assert form(html, "/tricks").button("made", "bids")
    after = submit(client, html, "/tricks", made="bids")
    assert after.status_code == 303
    html = page(client, gid)
    # W-S1: Paul 0 of 0 -> +20, Thomas 1 of 1 -> +30, Marie 1 of 1 -> +30, on top of round 1
    # (Paul 0 bid 1 taken: -10; Thomas 0/0: 20; Marie 0/0: 20)
    assert sheet_totals(html)[2] == [-10 + 20, 20 + 30, 20 + 30]
    _, sheet = api("get", f"/api/games/{gid}/sheet")
    assert sheet["rounds"][1]["tricks"] == [0, 1, 1]
    _, hist = api("get", f"/api/games/{gid}/history")
    assert hist["entries"][-1]["kind"] == "tricks"  # an ordinary entry: undo takes it back
    tap(client, gid, "/undo")
    _, sheet = api("get", f"/api/games/{gid}/sheet")
    assert sheet["rounds"][1]["tricks"] is None and sheet["phase"] == "tricks"


def test_everyone_made_it_is_offered_only_when_the_bids_total_the_cards(client, api):
    gid = round_two_bids_in(client, bids=(1, 0, 0))  # 1 for 2 tricks: someone must miss
    html = page(client, gid)
    assert "Everyone made their bid" not in text(html)
    before = version(api, gid)
    resp = submit(client, html, "/tricks", made="bids")  # posted anyway: the rules refuse (W-S2)
    assert resp.status_code == 422
    assert "add up to 1" in errors(resp.get_data(as_text=True))["tricks"]
    assert version(api, gid) == before
