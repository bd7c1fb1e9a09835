"""The log and undo/redo over it (log.py), on plain entries and in a Wizard game."""

import pytest
from rules_helpers import Game

from scribe.games.wizard import replay
from scribe.rules.errors import RuleError
from scribe.rules.log import REDO, UNDO, Entry, named, resolve, targets, verify_named, verify_redo, verify_undo


def entries(*kinds: str) -> list[Entry]:
    return [Entry(i, k) for i, k in enumerate(kinds, start=1)]


def seqs(items) -> list[int]:
    return [e.seq for e in items]


# ------------------------------------------------------------------ resolve


def test_resolve_without_undo():
    r = resolve(entries("bid", "bid", "tricks"))
    assert seqs(r.active) == [1, 2, 3] and r.redoable == () and r.undone == frozenset()
    assert r.undo_target.seq == 3 and r.redo_target is None


def test_undo_takes_back_the_last_entry():
    r = resolve(entries("bid", "bid", UNDO))
    assert seqs(r.active) == [1] and r.undone == {2} and r.redo_target.seq == 2


def test_undo_twice_takes_back_two():
    r = resolve(entries("bid", "bid", UNDO, UNDO))
    assert r.active == () and r.undone == {1, 2}
    assert seqs(r.redoable) == [2, 1]  # redo brings back 1 first


def test_redo_brings_it_back():
    r = resolve(entries("bid", "bid", UNDO, REDO))
    assert seqs(r.active) == [1, 2] and r.undone == frozenset() and r.redo_target is None


def test_redo_in_reverse_order_of_undo():
    r = resolve(entries("a", "b", "c", UNDO, UNDO, REDO))
    assert seqs(r.active) == [1, 2] and seqs(r.redoable) == [3]


def test_new_entry_clears_redo():
    r = resolve(entries("bid", "bid", UNDO, "bid"))
    assert seqs(r.active) == [1, 4] and r.redo_target is None
    assert r.undone == {2}  # still in the log, never destroyed


def test_undo_of_an_undo_is_not_a_thing():
    # an undo always takes back the latest active entry, never an undo entry
    r = resolve(entries("a", UNDO, UNDO))
    assert r.active == () and r.undone == {1}


def test_undo_and_redo_with_nothing_to_do_are_ignored_in_replay():
    r = resolve(entries(UNDO, REDO, "a", REDO))
    assert seqs(r.active) == [3]


def test_resolve_accepts_any_iterable():
    log = entries("a", "b", UNDO)
    # regression: a generator used to come back with an empty ``undone``
    assert resolve(e for e in log) == resolve(log)
    assert resolve(tuple(log)) == resolve(log)


def test_verify_undo_and_redo_name_their_target():
    log = entries("a", "b")
    assert verify_undo(log).seq == 2
    log.append(Entry(3, UNDO))
    assert verify_redo(log).seq == 2 and verify_undo(log).seq == 1


def test_nothing_to_undo_refused():
    for log in ([], entries("a", UNDO)):
        with pytest.raises(RuleError) as info:
            verify_undo(log)
        assert info.value.field == "undo" and "undo" in info.value.message


def test_nothing_to_redo_refused():
    for log in ([], entries("a"), entries("a", UNDO, REDO), entries("a", UNDO, "b")):
        with pytest.raises(RuleError) as info:
            verify_redo(log)
        assert info.value.field == "redo" and "redo" in info.value.message


# ------------------------------------------------------------------ what an undo or a redo names


def test_targets_follow_a_chain_of_undo_undo_redo():
    log = entries("bid", "bid", UNDO, UNDO, REDO, REDO)
    assert {seq: e.seq for seq, e in targets(log).items()} == {3: 2, 4: 1, 5: 1, 6: 2}


def test_targets_skip_an_undo_with_nothing_to_take_back():
    # no page records one (verify_undo refuses), but replay ignores it: so do the names
    assert {seq: e.seq for seq, e in targets(entries(UNDO, "a", REDO, UNDO)).items()} == {4: 2}


def test_targets_after_a_new_entry_cleared_the_redo_stack():
    log = entries("a", "b", UNDO, "c", UNDO, REDO)
    assert {seq: e.seq for seq, e in targets(log).items()} == {3: 2, 5: 4, 6: 4}


def test_named_data_is_the_target_seq_only():
    bid = Entry(23, "bid", {"round": 1, "player": 0, "bid": 2})
    assert named(UNDO, bid) == {"takes_back": 23} and named(REDO, bid) == {"brings_back": 23}


def named_log(*kinds: str) -> list[Entry]:
    """A log recorded the way service.act records now: undo and redo name their target."""
    log: list[Entry] = []
    for kind in kinds:
        data = named(kind, (verify_undo if kind == UNDO else verify_redo)(log)) if kind in (UNDO, REDO) else {}
        log.append(Entry(len(log) + 1, kind, data))
    return log


def test_old_logs_without_names_resolve_as_the_named_ones():
    kinds = ("a", "b", UNDO, UNDO, REDO, "c", UNDO, REDO, UNDO, UNDO)
    new, old = named_log(*kinds), entries(*kinds)
    assert [e.data for e in new if e.kind in (UNDO, REDO)] == [
        {"takes_back": 2}, {"takes_back": 1}, {"brings_back": 1}, {"takes_back": 6}, {"brings_back": 6},
        {"takes_back": 6}, {"takes_back": 1}]
    assert resolve(new) == resolve(old)
    assert {s: e.seq for s, e in targets(new).items()} == {s: e.seq for s, e in targets(old).items()}


def test_verify_named_accepts_the_true_target_and_old_empty_data():
    target = Entry(2, "bid")
    verify_named(UNDO, {}, target)
    verify_named(UNDO, {"takes_back": 2}, target)
    verify_named(REDO, {"brings_back": 2}, target)


@pytest.mark.parametrize("kind, data, words", [
    (UNDO, {"takes_back": 1}, "says it takes back entry #1, but the entry it takes back is #2"),
    (REDO, {"brings_back": 3}, "says it brings back entry #3, but the entry it brings back is #2"),
    (UNDO, {"brings_back": 2}, "holds only"),
    (REDO, {"takes_back": 2}, "holds only"),
    (UNDO, {"takes_back": 2, "bid": 1}, "holds only"),
    (UNDO, {"takes_back": "2"}, "holds only"),
    (UNDO, {"takes_back": True}, "holds only"),
])
def test_verify_named_refuses_a_name_that_lies(kind, data, words):
    with pytest.raises(RuleError) as info:
        verify_named(kind, data, Entry(2, "bid"))
    assert info.value.field == ("takes_back" if kind == UNDO else "brings_back")
    assert words in info.value.message, info.value.message


# ------------------------------------------------------------------ in a game


def test_game_undo_takes_back_the_last_bid():
    g = Game()
    g.bid(1)
    g.bid(0)
    assert g.undo().data == {"round": 1, "player": 2, "bid": 0}
    sheet = g.sheet
    assert sheet.rows[0].bids == (None, 1, None)
    assert sheet.current.next_bidder == 2
    assert sheet.can_undo and sheet.can_redo
    assert sheet.version == 3  # the undo is itself an entry


def test_game_redo_brings_it_back():
    g = Game()
    g.bid(1)
    g.bid(0)
    g.undo()
    g.redo()
    assert g.sheet.rows[0].bids == (None, 1, 0) and not g.sheet.can_redo


def test_game_new_entry_clears_redo():
    g = Game()
    g.bid(1)
    g.bid(0)
    g.undo()
    g.bid(1)  # Marie changes her mind: a new entry
    assert g.sheet.rows[0].bids == (None, 1, 1)
    assert not g.sheet.can_redo
    with pytest.raises(RuleError) as info:
        g.redo()
    assert info.value.field == "redo"


def test_game_undo_tricks_reopens_the_round():
    g = Game()
    g.round([0, 1, 1], [0, 0, 1])
    assert g.sheet.totals == (20, -10, 30)
    g.undo()
    assert g.sheet.phase == "tricks" and g.sheet.totals == (0, 0, 0)
    g.tricks([0, 1, 0])
    assert g.sheet.totals == (20, 30, -10)


def test_game_nothing_to_undo_refused():
    g = Game()
    assert not g.sheet.can_undo and not g.sheet.can_redo
    with pytest.raises(RuleError) as info:
        g.undo()
    assert info.value.field == "undo"
    g.bid(0)
    g.undo()
    with pytest.raises(RuleError):
        g.undo()


def test_game_undo_and_redo_record_what_they_name():
    g = Game()
    g.bid(1)
    g.bid(0)
    g.undo()
    g.undo()
    g.redo()
    assert [(e.kind, dict(e.data)) for e in g.log[2:]] == [
        (UNDO, {"takes_back": 2}), (UNDO, {"takes_back": 1}), (REDO, {"brings_back": 1})]
    old = [Entry(e.seq, e.kind, {} if e.kind in (UNDO, REDO) else e.data) for e in g.log]
    assert replay(g.setup, old) == g.sheet  # old records, {} for undo and redo, replay the same


def test_game_undo_all_then_redo_all():
    g = Game()
    g.round([0, 1, 1], [0, 0, 1])
    full = g.sheet.rows
    for _ in range(4):
        g.undo()
    assert g.sheet.rows == Game().sheet.rows
    for _ in range(4):
        g.redo()
    assert g.sheet.rows == full
