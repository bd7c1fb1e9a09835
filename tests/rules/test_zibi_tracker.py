"""Witty Zibi damage tracker: Z-D1, Z-D2, Z-D3, round end by Z-E1 / Z-S2."""

import pytest

from scribe.games.zibi import (
    can_damage,
    can_heal,
    can_reveal,
    can_set_aside,
    damage,
    draft,
    heal,
    judge_round,
    make_setup,
    new_tracker,
    reveal,
    round_end,
    set_aside,
    verify_damage,
    verify_heal,
)
from scribe.rules.errors import RuleError

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy"]


def tracker(n=4, mode=None, expert=False):
    return new_tracker(make_setup(NAMES[:n], mode, expert))


def hit(t, seat, *amounts):
    for a in amounts:
        t = damage(t, seat, a)
    return t


def knock_out(t, seat, clan=None):
    """110 damage without two 20s or 30s in a row, then show the token."""
    t = hit(t, seat, 30, 10, 30, 10, 30)
    return reveal(t, seat, clan) if clan else t


def refused(field, fn, *args):
    with pytest.raises(RuleError) as e:
        fn(*args)
    assert e.value.field == field, e.value.message
    return e.value


def test_z_d1_exactly_100_is_alive():
    t = hit(tracker(), 0, 30, 30, 30, 10)
    assert t.total(0) == 100 and not t.is_eliminated(0)


def test_z_d1_strictly_over_100_is_eliminated():
    t = hit(tracker(), 0, 30, 30, 30, 20)
    assert t.total(0) == 110 and t.is_eliminated(0) and t.eliminated == (True, False, False, False)


def test_z_d1_only_10_20_30():
    for amount in (0, 15, 40, "x"):
        refused("amount", verify_damage, tracker(), 0, amount)
    assert damage(tracker(), "2", "20").totals == (0, 0, 20, 0)


def test_unknown_player_refused():
    refused("player", verify_damage, tracker(), 4, 10)
    refused("player", verify_heal, tracker(), -1)


def test_z_d2_heal_removes_the_last_damage():
    t = heal(hit(tracker(), 1, 20, 30), 1)
    assert t.piles[1] == (20,) and t.total(1) == 20


def test_z_d2_heal_with_no_damage_refused():
    err = refused("player", verify_heal, tracker(), 0)
    assert err.params == {"name": "Ana"}
    assert not can_heal(heal(hit(tracker(), 0, 10), 0), 0)


def test_damage_on_an_eliminated_player_refused():
    t = knock_out(tracker(), 2)
    err = refused("player", verify_damage, t, 2, 10)
    assert err.params == {"name": "Cy"}
    assert not can_heal(t, 2)


def test_z_d3_expert_20_on_20_refused():
    t = hit(tracker(expert=True), 0, 20)
    err = refused("amount", verify_damage, t, 0, 20)
    assert err.params == {"name": "Ana", "amount": 20}


def test_z_d3_expert_30_on_30_refused():
    assert not can_damage(hit(tracker(expert=True), 0, 30), 0, 30)


def test_z_d3_expert_10_always_and_covered_cards_allowed():
    t = hit(tracker(expert=True), 0, 10, 10, 20, 30, 20, 10, 20)
    assert t.total(0) == 120 - 0 and t.piles[0][-1] == 20


def test_z_d3_expert_looks_at_the_top_card_after_a_heal():
    t = heal(hit(tracker(expert=True), 0, 20, 10), 0)  # the 10 is gone: 20 on top again
    assert not can_damage(t, 0, 20) and can_damage(t, 0, 30)


def test_z_d3_without_expert_rule_repeats_allowed():
    assert hit(tracker(), 0, 20, 20, 30, 30).total(0) == 100


def test_z_e1_round_ends_when_a_whole_clan_is_out():
    t = knock_out(tracker(6), 0, "A")
    assert round_end(t) is None
    t = knock_out(knock_out(t, 2, "A"), 4, "A")
    end = round_end(t)
    assert end is not None and end.out == ("A",) and not end.ask
    # Two clans are labelled A and B, so the survivors are B and win at once.
    assert end.clans == ("A", "B", "A", "B", "A", "B") and end.winner == "B"
    assert end.result.points == (0, 3, 0, 3, 0, 3)
    assert not can_reveal(t, 1, "C")  # no third clan with two clans


def test_z_e1_round_over_refuses_more_damage():
    t = knock_out(knock_out(knock_out(tracker(6), 0, "A"), 1, "A"), 2, "A")
    refused("player", verify_damage, t, 3, 10)
    refused("player", verify_heal, t, 4)


def test_z_e1_needs_the_eliminated_tokens_shown():
    t = knock_out(knock_out(tracker(), 0), 1)
    assert t.awaiting == (0, 1) and round_end(t) is None
    assert draft(t).as_data()["winner"] is None  # if the cards run out now: no winner


def test_z_e1_three_clans_need_two_whole_clans_out():
    t = tracker(6, "three")
    t = knock_out(knock_out(t, 0, "A"), 1, "A")
    assert round_end(t) is None
    t = knock_out(knock_out(t, 2, "B"), 3, "B")
    end = round_end(t)
    assert end.out == ("A", "B") and end.winner == "C" and end.clans[4:] == ("C", "C")
    assert end.result.points == (0, 0, 0, 0, 3, 3)


def test_z_s2_lone_player_out_does_not_end_the_round():
    t = set_aside(tracker(5, "alone"), "C")  # the set-aside colour is the lone clan
    t = knock_out(t, 4, "C")
    assert round_end(t) is None
    t = knock_out(knock_out(t, 0, "A"), 1, "A")
    end = round_end(t)
    assert end.winner == "B" and end.clans == ("A", "A", "B", "B", "C")
    assert end.result.points == (0, 0, 3, 3, 0)


def test_z_s2_a_pair_out_ends_un_tout_seul():
    t = knock_out(knock_out(tracker(5, "alone"), 0, "A"), 1, "A")
    end = round_end(t)  # two A tokens: A is a pair, so the round is over
    assert end is not None and end.out == ("A",)
    assert end.winner is None  # which of B / C is the other pair is not known yet
    t = reveal(reveal(t, 2, "C"), 3, "B")
    end = round_end(t)
    assert end.winner is None and end.clans[4] is None  # lone is B or C: one more to see
    end = round_end(reveal(t, 4, "B"))  # B is the pair, C (seat 2) the lone player
    assert end.winner == "B" and end.result.points == (0, 0, 4, 3, 3)


def test_un_de_plus_needs_the_set_aside_token_to_know_the_end():
    t = tracker(7, "one_more")
    for seat in (0, 1, 2):
        t = knock_out(t, seat, "A")
    assert round_end(t) is None  # A may have 4 players
    t2 = set_aside(t, "A")  # A lost a token: A has 3
    end = round_end(t2)
    assert end is not None and end.out == ("A",) and end.winner == "B"  # the other label
    t3 = reveal(t2, 3, "B")
    end = round_end(t3)
    assert end.winner == "B" and end.clans == tuple("AAABBBB")
    assert end.result == judge_round(t3.setup, list("AAABBBB"), [1, 1, 1, 0, 0, 0, 0])


def test_reveal_that_breaks_the_clan_sizes_refused():
    t = reveal(reveal(tracker(), 0, "A"), 1, "B")
    refused("clan", reveal, t, 2, "C")  # two clans only
    t = reveal(t, 2, "A")
    assert can_reveal(t, 3, "B") and not can_reveal(t, 3, "C")
    refused("clan", reveal, t, 3, "Z")


def test_set_aside_only_in_the_hidden_token_modes():
    refused("clan", set_aside, tracker(), "A")
    t = reveal(tracker(5, "alone"), 0, "A")
    t = reveal(t, 1, "A")
    assert not can_set_aside(t, "A")  # two A tokens: A is a pair, not the lone clan


def test_draft_prefills_a_result_the_scorer_can_record():
    t = knock_out(knock_out(tracker(), 0, "A"), 2, "A")
    t = reveal(reveal(t, 3, "B"), 1, "B")  # the survivors show their tokens: 2+2
    data = draft(t).as_data()
    assert data == {"clans": ["A", "B", "A", "B"], "eliminated": [True, False, True, False],
                    "winner": "B"}
    assert judge_round(t.setup, data["clans"], data["eliminated"], data["winner"]).winner == "B"


# ----------------------------------------------------------------- Z-C1 at 4: 2+2 or 3+1, the tracker asks


def test_z_c1_four_players_two_of_a_clan_out_asks_the_table():
    # A may be 2 of a 2+2 (round over, B wins) or 3 of a 3+1 (it goes on): only the
    # players still in know, so the tracker asks instead of guessing either way
    t = knock_out(knock_out(tracker(), 0, "A"), 2, "A")
    d = draft(t)
    assert not d.over and round_end(t) is None and d.ask and d.maybe_out == ("A",)
    assert d.clans == ("A", None, "A", None)  # nothing guessed for the survivors
    assert can_damage(t, 1, 10)  # the table says it goes on: play on
    assert draft(reveal(t, 1, "A")).ask is False  # a third A: it goes on, certainly


def test_z_c1_four_players_one_out_may_be_the_lone_clan():
    t = knock_out(tracker(), 3, "B")
    d = draft(t)
    assert d.ask and d.maybe_out == ("B",) and not d.over


def test_z_e1_playing_on_after_the_question_answers_it():
    # Dee (B) out: asked, the table plays on, so B is not a clan of one; once Ana and
    # Cy (A) are out the round is over for sure and Ben is B (the story of the browser test)
    t = knock_out(tracker(), 3, "B")
    t = damage(t, 0, 10)  # played on
    assert not draft(t).ask and t.ruled_out == ((3, 1, 0),)
    t = knock_out(knock_out(t, 0, "A"), 2, "A")
    end = round_end(t)
    assert end is not None and end.winner == "B" and end.clans == ("A", "B", "A", "B")
    assert end.result.points == (0, 3, 0, 2)


def test_z_e1_a_heal_is_playing_on_too_and_nothing_is_ruled_out_without_a_question():
    t = knock_out(tracker(), 3, "B")
    t = heal(damage(t, 0, 10), 0)
    assert t.ruled_out == ((3, 1, 0),)
    assert damage(tracker(), 0, 10).ruled_out == ()


def test_z_c1_three_of_a_three_and_one_out_ends_it_and_the_lone_survivor_scores_4():
    t = tracker()
    for seat in (0, 1, 3):
        t = knock_out(t, seat, "A")
    end = round_end(t)  # three A tokens: 3+1, the fourth player is the lone B
    assert end is not None and not end.ask and end.winner == "B"
    assert end.clans == ("A", "A", "B", "A") and end.result.points == (0, 0, 4, 0)


def test_z_c1_lone_player_out_with_the_three_known_ends_it():
    t = knock_out(tracker(), 2, "B")
    for seat in (0, 1):
        t = reveal(t, seat, "A")  # shown to the table (e.g. Emissaire, then told)
    assert draft(t).ask  # the fourth may still be B (2+2)
    end = round_end(reveal(t, 3, "A"))
    assert end.winner == "A" and end.result.points == (3, 3, 0, 3)


def test_z_c1_four_players_no_clan_of_four():
    t = reveal(reveal(reveal(tracker(), 0, "A"), 1, "A"), 2, "A")
    err = refused("clan", reveal, t, 3, "A")
    assert err.params["sizes"] == "2+2 / 3+1"


def test_three_clans_at_7_asks_when_the_sizes_decide():
    # three clans at 7 are 3+2+2: two B and two C out ends the round only if A is the 3
    t = tracker(7, "three")
    for seat, clan in ((0, "B"), (1, "B"), (2, "C"), (3, "C")):
        t = knock_out(t, seat, clan)
    d = draft(t)
    assert not d.over and d.ask and d.maybe_out == ("B", "C")
    on = draft(reveal(t, 4, "B"))  # a third B: B is the 3, only C is out, it goes on
    assert not on.over and not on.ask
    for seat in (4, 5, 6):
        t = reveal(t, seat, "A")  # three A alive: A is the 3, B and C are out
    end = round_end(t)
    assert end is not None and end.winner == "A" and end.result.points == (0, 0, 0, 0, 3, 3, 3)


def test_three_clans_at_8_asks_too():
    t = tracker(8, "three")  # 3+3+2
    for seat, clan in ((0, "A"), (1, "A"), (2, "B"), (3, "B")):
        t = knock_out(t, seat, clan)
    assert not draft(t).ask  # no split has two whole clans out yet
    t = knock_out(t, 4, "A")  # A is a 3, all out; B out too if B is the 2
    d = draft(t)
    assert not d.over and d.ask and d.maybe_out == ("A", "B") and d.out == ("A",)
    t = knock_out(t, 5, "B")
    assert round_end(t).winner == "C"


def test_three_clans_at_6_never_asks():
    t = tracker(6, "three")  # 2+2+2: the tokens leave nothing to ask
    t = knock_out(knock_out(t, 0, "A"), 1, "A")
    assert not draft(t).ask and round_end(t) is None
