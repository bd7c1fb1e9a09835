"""W-B7, K-B1: a player changes their own sealed bid until the last bid is in, and
nobody learns that they did: the change takes the first bid's place (in the undo
stack too), every viewer's log shows one bid, the record keeps the first without its
value."""

from __future__ import annotations

import pytest
import skull_helpers
from rules_helpers import Game

from scribe.games import GAMES
from scribe.games.bidding.rules import without_rebids
from scribe.games.wizard import SEALED
from scribe.rules.errors import RuleError

PAUL, THOMAS, MARIE = range(3)  # round 3: Marie deals and bids last


def wizard(mode="hidden", preset="plus_minus_one") -> Game:
    g = Game(first_dealer=0, preset=preset, reveal=mode)
    g.round([0, 0, 0], [1, 0, 0])
    g.round([0, 0, 0], [1, 1, 0])  # round 3 next: three cards each
    return g


def masked(log):
    """What a viewer reads, entry numbers left out."""
    return [(e.kind, dict(e.data)) for e in log]


def views(g, log=None):
    rules = GAMES["wizard"] if isinstance(g, Game) else GAMES["skull_king"]
    log = g.log if log is None else log
    return {seat: masked(rules.view_log(g.sheet, log, seat)) for seat in (None, 0, 1, 2)}


@pytest.mark.parametrize("mode", ["hidden", "secret"])
def test_w_b7_a_sealed_bid_changes_until_the_last_is_in(mode):
    g = wizard(mode)
    g.bid(2, player=PAUL)
    g.bid(1, player=THOMAS)
    g.bid(0, player=PAUL, rebid=True)
    assert g.sheet.current.bids[PAUL] == 0
    with pytest.raises(RuleError, match="already bid"):  # a second bid without asking to change it
        g.bid(1, player=PAUL)
    g.bid(0, player=PAUL, rebid=True)  # the same again (a record's stand-in may be it): nothing to see
    g.bid(1, player=MARIE)  # 0 + 1 + 1 = 2 of 3: allowed
    with pytest.raises(RuleError, match="no longer change"):
        g.bid(1, player=PAUL, rebid=True)
    assert g.sheet.current.bids == (0, 1, 1)


def test_w_b7_open_bids_never_change_on_a_phone():
    g = wizard("open")
    g.bid(1, player=PAUL)
    with pytest.raises(RuleError, match="already bid"):
        g.bid(0, player=PAUL, rebid=True)


def test_w_b3_the_last_seat_is_still_refused_the_forbidden_bid_after_a_change():
    g = wizard("hidden")
    g.bid(2, player=PAUL)
    g.bid(0, player=THOMAS)
    g.bid(1, player=PAUL, rebid=True)  # a change is never the forbidden bid: Paul is not last
    with pytest.raises(RuleError, match="may not bid 2"):  # 3 - (1 + 0): the changed bid counts
        g.bid(2, player=MARIE)
    g.bid(3, player=MARIE)


def test_w_b7_a_change_reads_as_the_first_bid_to_everyone():
    changed, plain = wizard(), wizard()
    changed.bid(2, player=PAUL)
    changed.bid(1, player=THOMAS)
    changed.bid(1, player=PAUL, rebid=True)
    plain.bid(1, player=PAUL)
    plain.bid(1, player=THOMAS)
    assert views(changed) == views(plain)
    for g in (changed, plain):
        g.bid(0, player=MARIE)
    assert views(changed) == views(plain)  # after the reveal too
    seat_view = GAMES["wizard"].view_log(changed.sheet, changed.log, None)
    assert [e.data.get("bid") for e in seat_view[-3:]] == [1, 1, 0]


def test_w_b7_undo_after_a_change_takes_back_the_whole_bid_as_if_never_changed():
    changed, plain = wizard(), wizard()
    changed.bid(2, player=PAUL)
    changed.bid(1, player=THOMAS)
    changed.bid(1, player=PAUL, rebid=True)
    plain.bid(1, player=PAUL)
    plain.bid(1, player=THOMAS)
    for g in (changed, plain):
        assert g.undo().data["player"] == THOMAS  # the last bid made, not the change
        assert g.undo().data["player"] == PAUL
        assert g.sheet.current.bids[PAUL] is None  # the whole bid: not back to the 2 first tapped
    assert views(changed) == views(plain)
    for g in (changed, plain):
        g.redo()
        assert g.sheet.current.bids[PAUL] == 1
        assert g.sheet.can_redo
    assert views(changed) == views(plain)


def test_w_b7_a_change_keeps_what_could_be_redone():
    changed, plain = wizard(), wizard()
    for g in (changed, plain):
        g.bid(2, player=PAUL)
        g.bid(1, player=THOMAS)
        g.undo()
    changed.bid(1, player=PAUL, rebid=True)
    assert changed.sheet.can_redo and plain.sheet.can_redo
    assert [e.kind for e in GAMES["wizard"].view_log(changed.sheet, changed.log, THOMAS)][-3:] == ["bid", "bid", "undo"]


def test_w_b7_the_first_bid_stays_sealed_for_good_and_the_record_keeps_it_without_value():
    g = wizard()
    g.bid(2, player=PAUL)
    g.bid(0, player=PAUL, rebid=True)
    g.bid(1, player=THOMAS)
    g.bid(0, player=MARIE)
    first = g.log[-4]
    rules = GAMES["wizard"]
    assert rules.withdrawn(g.sheet, g.log) == {first.seq}
    assert rules.view_entry(g.sheet, first, None, withdrawn={first.seq}).data["bid"] is SEALED


def test_k_b1_a_skull_king_bid_changes_until_the_last_is_in():
    changed, plain = skull_helpers.Game(), skull_helpers.Game()
    changed.do("bid", round=1, player=0, bid=1)
    changed.do("bid", round=1, player=1, bid=0)
    changed.do("bid", round=1, player=0, bid=0, rebid=True)
    plain.do("bid", round=1, player=0, bid=0)
    plain.do("bid", round=1, player=1, bid=0)
    assert views(changed) == views(plain)
    for g in (changed, plain):
        g.do("bid", round=1, player=2, bid=1)
    assert views(changed) == views(plain)
    assert changed.sheet.rows[0].bids == (0, 0, 1)
    with pytest.raises(RuleError, match="no longer change"):
        changed.do("bid", round=1, player=0, bid=1, rebid=True)


def test_without_rebids_leaves_a_log_without_changes_alone():
    g = wizard()
    g.bid(1, player=PAUL)
    viewed = list(g.log)
    assert without_rebids(g.log, viewed) is viewed
