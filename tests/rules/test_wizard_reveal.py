"""W-B7: hidden and secret bids. Any order, the last seat last when a restriction may
bind it, and a pure redaction (``sealed``) that never lets a sealed value through."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings, strategies as st
from rules_helpers import Game

from scribe.games.wizard import SEALED, replay, revealed, sealed, sealed_entry
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry, verify_redo, verify_undo

PAUL, THOMAS, MARIE = range(3)  # first_dealer=2: Paul bids first, Marie (dealer) last


def game(mode="hidden", preset="plus_minus_one", **kw) -> Game:
    return Game(first_dealer=2, preset=preset, reveal=mode, **kw)


def refused(g: Game, **raw) -> RuleError:
    with pytest.raises(RuleError) as info:
        g.bid(**raw)
    return info.value


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_w_b7_bids_in_any_order_but_the_restricted_last_seat_last(mode):
    g = game(mode)
    g.bid(1, player=THOMAS)  # before Paul, who bids first in open mode
    err = refused(g, bid=0, player=MARIE)
    assert err.field == "bid" and "bids last" in err.message
    g.bid(0, player=PAUL)
    err = refused(g, bid=0, player=MARIE)  # 0 + 1 + 0 = 1 card: the ±1 rule (W-B3) binds on entry
    assert "may not bid 0" in err.message
    g.bid(1, player=MARIE)
    assert g.sheet.current.bids == (0, 1, 1)


def test_w_b7_without_restriction_the_dealer_may_bid_first():
    g = game("hidden", preset="standard")
    g.bid(1, player=MARIE)
    g.bid(0, player=THOMAS)
    assert g.sheet.current.bids == (None, 0, 1)


def test_w_b7_leader_restriction_makes_only_the_leader_wait():
    g = game("hidden", preset="leader")
    for p, b in ((PAUL, 1), (THOMAS, 0), (MARIE, 0)):
        g.bid(b, player=p)
    g.tricks([1, 0, 0])  # Paul leads strictly (30, 20, 20); round 2: Paul deals, bids last
    assert g.sheet.current.order[-1] == PAUL
    assert "bids last" in refused(g, bid=0, player=PAUL).message
    g.bid(0, player=THOMAS)
    g.bid(1, player=MARIE)
    with pytest.raises(RuleError, match="may not bid 1"):
        g.bid(1, player=PAUL)  # W-B4: 0 + 1 + 1 = 2 cards


def test_w_b7_open_mode_keeps_the_turn():
    g = game("open")
    assert "turn" in refused(g, bid=0, player=THOMAS).message


def test_w_b7_a_bid_twice_and_a_bid_after_the_reveal_are_refused():
    g = game("hidden", preset="standard")
    g.bid(0, player=PAUL)
    assert "already bid" in refused(g, bid=1, player=PAUL).message
    g.bid(0, player=THOMAS)
    g.bid(0, player=MARIE)
    assert "All bids are in" in refused(g, bid=1, player=PAUL).message


def test_w_b7_hidden_reveals_all_at_once_when_the_last_bid_is_in():
    g = game("hidden")
    g.bid(1, player=THOMAS)
    view = sealed(g.sheet)
    assert view.rows[0].bids == (None, SEALED, None) and view.rows[0].sealed == (THOMAS,)
    assert sealed(g.sheet, viewer=THOMAS).rows[0].bids == (None, 1, None)
    assert sealed(g.sheet, viewer=PAUL).rows[0].bids == (None, SEALED, None)
    g.bid(1, player=PAUL)
    g.bid(1, player=MARIE)
    assert sealed(g.sheet).rows[0].bids == (1, 1, 1)  # revealed to everyone, the Scribe too


def test_w_b7_secret_stays_sealed_through_the_tricks_then_scores_together():
    g = game("secret", preset="standard")
    for p, b in ((PAUL, 0), (THOMAS, 1), (MARIE, 0)):
        g.bid(b, player=p)
    assert g.sheet.phase == "tricks"
    assert sealed(g.sheet).rows[0].bids == (SEALED,) * 3
    assert sealed(g.sheet, viewer=MARIE).rows[0].bids == (SEALED, SEALED, 0)
    g.tricks([0, 1, 0])
    row = sealed(g.sheet).rows[0]
    assert row.bids == (0, 1, 0) and row.totals == (20, 30, 20)


def test_w_b7_secret_round_cannot_be_corrected_while_sealed():
    g = game("secret", preset="standard")
    for p in (PAUL, THOMAS, MARIE):
        g.bid(0, player=p)
    with pytest.raises(RuleError, match="sealed"):
        g.do("correction", round=1, bids=[1, 0, 0])


def test_w_b7_forbidden_bid_only_for_its_bidder():
    """The forbidden value tells the sum of the sealed bids: only the last seat gets it."""
    g = game("hidden")
    g.bid(0, player=PAUL)
    g.bid(0, player=THOMAS)
    assert g.sheet.forbidden().value == 1
    assert sealed(g.sheet).forbidden() is None
    assert sealed(g.sheet, viewer=PAUL).forbidden() is None
    assert sealed(g.sheet, viewer=MARIE).forbidden().value == 1


def test_w_b7_entries_are_sealed_like_the_sheet():
    g = game("secret", preset="standard")
    g.bid(1, player=THOMAS)
    g.undo()
    g.bid(0, player=THOMAS)
    sheet = g.sheet
    for e in g.log:
        shown = sealed_entry(sheet, e)
        if e.kind == "bid":
            assert shown.data["bid"] is SEALED
            assert sealed_entry(sheet, e, viewer=THOMAS).data["bid"] == e.data["bid"]
    g.bid(0, player=PAUL)
    g.bid(0, player=MARIE)
    g.tricks([0, 0, 1])
    assert [sealed_entry(g.sheet, e).data.get("bid") for e in g.log if e.kind == "bid"] == [1, 0, 0, 0]


def test_w_b7_open_mode_is_never_redacted():
    g = game("open")
    g.bid(0)
    sheet = g.sheet
    assert sealed(sheet) is sheet
    assert revealed(g.sheet, g.sheet.rows[0])


def test_sealed_sheet_cannot_be_used_to_verify():
    g = game("hidden")
    with pytest.raises(ValueError):
        from scribe.games.wizard import verify

        verify(sealed(g.sheet), "bid", {"bid": 0, "player": 0})


@settings(max_examples=60, deadline=None)
@given(mode=st.sampled_from(["hidden", "secret"]), bids=st.lists(st.integers(0, 1), min_size=3, max_size=3),
       order=st.permutations([PAUL, THOMAS]), steps=st.integers(0, 3), viewer=st.sampled_from([None, 0, 1, 2]))
def test_w_b7_property_no_sealed_value_reaches_a_viewer(mode, bids, order, steps, viewer):
    """Whatever was entered, a viewer's sheet holds a bid value only if revealed or their own."""
    g = game(mode, preset="standard")
    for p in (list(order) + [MARIE])[:steps]:
        g.bid(bids[p], player=p)
    full = g.sheet
    view = sealed(full, viewer)
    for r_full, r_view in zip(full.rows, view.rows):
        for p, (b_full, b_view) in enumerate(zip(r_full.bids, r_view.bids)):
            if b_full is None:
                assert b_view is None
            elif revealed(full, r_full) or p == viewer:
                assert b_view == b_full
            else:
                assert b_view is SEALED
    for e in g.log:
        data = sealed_entry(full, e, viewer).data
        if e.kind == "bid" and not revealed(full, full.rows[0]) and e.data["player"] != viewer:
            assert data["bid"] is SEALED


def test_entry_kinds_other_than_bids_pass_through():
    g = game("hidden")
    e = Entry(1, "trump", {"round": 1, "card": "red", "suit": "red"})
    assert sealed_entry(g.sheet, e) is e


# --------------------------------------------------------------------------- a reveal is for good

_ACTIONS = st.lists(st.tuples(st.sampled_from(["bid", "bid", "bid", "tricks", "undo", "redo", "correction"]),
                              st.integers(0, 2), st.integers(0, 2)), max_size=16)


@settings(max_examples=150, deadline=None)
@given(mode=st.sampled_from(["hidden", "secret"]), actions=_ACTIONS, viewer=st.sampled_from([None, 0, 1, 2]))
@example(mode="hidden", actions=[("bid", 0, 0)] * 3 + [("undo", 0, 0)], viewer=None)  # the last bid read, taken back
@example(mode="secret", actions=[("bid", 0, 0)] * 3 + [("tricks", 0, 0), ("undo", 0, 0)], viewer=1)  # typed, read, undone
@example(mode="secret", actions=[("bid", 0, 0)] * 3 + [("tricks", 0, 0), ("undo", 0, 0), ("undo", 0, 0), ("redo", 0, 0)],
         viewer=2)
def test_w_b7_property_a_reveal_is_for_good(mode, actions, viewer):
    """Whatever was entered and taken back, a round's bids are shown to every viewer now
    exactly when some earlier point of the log revealed them (a fresh replay of each
    prefix says when), or when they are the viewer's own."""
    g = game(mode, preset="standard")
    for kind, a, b in actions:
        row = g.sheet.current
        if row is None or row.number != 1:
            break
        unbid = [p for p in range(3) if row.bids[p] is None] or [0]
        raw = {"bid": {"bid": a % 2, "player": unbid[b % len(unbid)]},
               "tricks": {"tricks": [1 if p == a else 0 for p in range(3)]},
               "correction": {"round": 1, "bids": [a % 2, b % 2, 0], "tricks": [1, 0, 0]},
               "undo": {}, "redo": {}}[kind]
        try:
            if kind in ("undo", "redo"):
                (verify_undo if kind == "undo" else verify_redo)(g.log)
                g._record(kind, {})
            else:
                g.do(kind, **raw)
        except RuleError:
            continue
    ever = any(_revealed_now(replay(g.setup, g.log[:k]), mode) for k in range(len(g.log) + 1))
    view = sealed(g.sheet, viewer, g.log)
    for p, (full_bid, seen) in enumerate(zip(g.sheet.rows[0].bids, view.rows[0].bids)):
        if full_bid is not None:
            assert seen == (full_bid if ever or p == viewer else SEALED), (p, g.log)
    for e in g.log:
        if e.kind == "bid" and e.data["player"] != viewer:
            assert (sealed_entry(g.sheet, e, viewer).data["bid"] is SEALED) == (not ever)


def _revealed_now(sheet, mode) -> bool:
    """The oracle, from W-B7 alone: hidden bids show once all are in, secret ones once
    the round's tricks are in."""
    row = sheet.rows[0]
    return row.complete or (mode == "hidden" and all(b is not None for b in row.bids))
