"""The Witty Zibi sheet: replay of results, corrections and tracker actions (Z-S3)."""

import pytest

from scribe.games.zibi import KINDS, Setup, make_setup, replay, summary, verify
from scribe.rules.errors import RuleError
from scribe.rules.log import REDO, UNDO, Entry

S = make_setup(["Ana", "Ben", "Cy", "Dee"])


def result(clans, out, **extra):
    return {"kind": "result", "data": {"clans": list(clans), "eliminated": out, **extra}}


def test_z_s3_totals_and_leaders_after_every_round():
    sheet = replay(S, [
        result("ABAB", [1, 0, 1, 0]),  # B wins: Ben 3, Dee 3
        result("AABB", [0, 1, 1, 1]),  # A wins: Ana 3, Ben 2
        result("ABBA", [0, 0, 0, 0], winner=None),  # cards ran out
    ])
    assert [r.points for r in sheet.rounds] == [(0, 3, 0, 3), (3, 2, 0, 0), (0, 0, 0, 0)]
    assert [r.totals for r in sheet.rounds] == [(0, 3, 0, 3), (3, 5, 0, 3), (3, 5, 0, 3)]
    assert [r.leaders for r in sheet.rounds] == [(1, 3), (1,), (1,)]
    assert sheet.totals == (3, 5, 0, 3) and sheet.leaders == (1,)
    assert [(s.rank, s.player, s.total) for s in sheet.standings] == [
        (1, 1, 5), (2, 0, 3), (2, 3, 3), (4, 2, 0)]
    assert not sheet.finished and sheet.round_number == 4


def test_empty_sheet():
    sheet = replay(S, [])
    assert sheet.rounds == () and sheet.totals == (0,) * 4 and sheet.version == 0
    assert summary(sheet) == {"phase": "playing", "round": 1, "rounds": 0, "leaders": [],
                              "players": ["Ana", "Ben", "Cy", "Dee"]}


def test_correction_supersedes_a_past_round():
    entries = [result("ABAB", [1, 0, 1, 0]), result("AABB", [1, 1, 0, 0])]
    fix = {"kind": "correction", "data": {"round": 1, "clans": list("ABAB"),
                                          "eliminated": [0, 1, 0, 1]}}
    sheet = replay(S, entries + [fix])
    assert sheet.rounds[0].points == (3, 0, 3, 0) and sheet.rounds[0].corrected
    assert sheet.rounds[1].totals == (3, 0, 6, 3) and not sheet.rounds[1].corrected


def test_verify_normalises_and_records_the_derived_winner():
    sheet = replay(S, [])
    data = verify(sheet, "result", {"clans": list("ABAB"), "eliminated": ["1", "", "on", ""]})
    assert data == {"clans": list("ABAB"), "eliminated": [True, False, True, False],
                    "winner": "B"}
    assert replay(S, [{"kind": "result", "data": data}]).totals == (0, 3, 0, 3)


def test_verify_refusals():
    sheet = replay(S, [result("ABAB", [1, 0, 1, 0])])
    with pytest.raises(RuleError) as e:
        verify(sheet, "result", {"clans": list("ABAB"), "eliminated": [1, 0, 1, 0],
                                 "winner": "A"})
    assert e.value.field == "winner"
    with pytest.raises(RuleError) as e:
        verify(sheet, "correction", {"round": 1, "clans": list("ABAB"),
                                     "eliminated": [1, 0, 1, 0]})
    assert e.value.message == "Nothing was changed."
    with pytest.raises(RuleError) as e:
        verify(sheet, "correction", {"round": 2, "clans": list("ABAB"),
                                     "eliminated": [1, 0, 1, 0]})
    assert e.value.field == "round"
    with pytest.raises(RuleError) as e:
        verify(sheet, "bid", {})
    assert e.value.field == "kind"


def test_tracker_actions_replay_into_the_round_in_progress():
    log = [{"kind": "damage", "data": {"player": 0, "amount": a}} for a in (30, 30, 30, 20)]
    log += [{"kind": "reveal", "data": {"player": 0, "clan": "A"}},
            {"kind": "damage", "data": {"player": 1, "amount": 10}},
            {"kind": "heal", "data": {"player": 1}}]
    sheet = replay(S, log)
    assert sheet.tracker.totals == (110, 0, 0, 0) and sheet.tracker.known[0] == "A"
    assert sheet.phase == "playing"
    for a in (30, 30, 30, 20):
        log.append({"kind": "damage", "data": verify(replay(S, log), "damage",
                                                     {"player": "2", "amount": str(a)})})
    log.append({"kind": "reveal", "data": {"player": 2, "clan": "A"}})
    sheet = replay(S, log)
    assert sheet.phase == "playing"  # Z-C1: A may hold a third token (3+1); the table is asked
    log.append({"kind": "reveal", "data": {"player": 1, "clan": "B"}})  # a survivor shows B
    assert replay(S, log).phase == "playing"  # Dee may still be the third A
    log.append({"kind": "reveal", "data": {"player": 3, "clan": "B"}})
    sheet = replay(S, log)
    assert sheet.phase == "result"
    end_data = {"clans": ["A", "B", "A", "B"], "eliminated": list(sheet.tracker.eliminated)}
    log.append({"kind": "result", "data": verify(sheet, "result", end_data)})
    sheet = replay(S, log)
    assert sheet.totals == (0, 3, 0, 3) and sheet.tracker.totals == (0, 0, 0, 0)
    assert summary(sheet)["leaders"] == ["Ben", "Dee"]


def test_expert_rule_applies_in_verify():
    s = make_setup(["Ana", "Ben", "Cy", "Dee"], expert=True)
    sheet = replay(s, [{"kind": "damage", "data": {"player": 3, "amount": 20}}])
    with pytest.raises(RuleError) as e:
        verify(sheet, "damage", {"player": 3, "amount": 20})
    assert e.value.field == "amount"


def test_log_entries_with_undo_and_redo_are_resolved():
    log = [
        Entry(1, "result", result("ABAB", [1, 0, 1, 0])["data"]),
        Entry(2, "result", result("ABAB", [0, 1, 0, 1])["data"]),
        Entry(3, UNDO),
    ]
    sheet = replay(S, log)
    assert len(sheet.rounds) == 1 and sheet.version == 3 and sheet.can_undo and sheet.can_redo
    assert len(replay(S, log + [Entry(4, REDO)]).rounds) == 2


def test_unknown_entry_kind_refused_on_replay():
    with pytest.raises(RuleError):
        replay(S, [{"kind": "bid", "data": {}}])


def test_module_offers_what_the_games_registry_expects():
    assert set(KINDS) == {"result", "correction", "damage", "heal", "reveal", "set_aside"}
    assert Setup.from_dict(S.as_dict()) == S


def test_z_e1_no_winner_must_be_said_not_assumed():
    """A result where nobody's clan is all out is refused unless "the cards ran out" is said."""
    sheet = replay(make_setup(["Ana", "Ben", "Cy", "Dee"]), [])
    with pytest.raises(RuleError) as err:
        verify(sheet, "result", {"clans": list("ABAB"), "eliminated": [1, 0, 0, 0]})
    assert err.value.field == "eliminated" and "cards ran out" in err.value.message
    data = verify(sheet, "result", {"clans": list("ABAB"), "eliminated": [1, 0, 0, 0], "winner": None})
    assert data["winner"] is None


def test_z_s2_the_lone_player_out_is_refused_in_words_that_name_them():
    """Un tout seul: the lone player out does not end the round (Z-S2), so such a result
    without "the cards ran out" is refused; the reason names the lone player, never
    "no clan is all out" (their clan of one is)."""
    alone = make_setup(["Ana", "Ben", "Cy", "Dee", "Eve"], "alone")
    with pytest.raises(RuleError) as err:
        verify(replay(alone, []), "result", {"clans": list("AABBC"), "eliminated": [0, 0, 0, 0, 1]})
    assert err.value.field == "eliminated" and err.value.params["name"] == "Eve"
    assert "No clan is all out" not in err.value.message and "Un tout seul" in err.value.message
    with pytest.raises(RuleError) as err:  # nobody out: the plain reason stands
        verify(replay(alone, []), "result", {"clans": list("AABBC"), "eliminated": [0] * 5})
    assert "No clan is all out" in err.value.message
