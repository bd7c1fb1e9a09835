"""The log and undo/redo over it (log.py), on plain entries and in a Wizard game."""

import pytest

from scribe.rules.errors import RuleError
from scribe.rules.log import REDO, UNDO, Entry, resolve, verify_redo, verify_undo

from rules_helpers import Game


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
