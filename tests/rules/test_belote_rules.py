"""Belote's rules (B-M1..B-F2 in shared/RULES.md) and the card rules the virtual deck
needs, with the federation's worked figures (B-S6). The expected numbers are worked out
here by hand from the digest, never read from the code under test. Scores are per team
(0: seats 0 and 2, 1: seats 1 and 3)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from scribe.games.belote import (
    BELOTE_TRICKS,
    Deal,
    Rules,
    best,
    deal_points,
    draw_first_dealer,
    legal,
    make_settings,
    make_setup,
    points,
    run,
    verify,
    winner_index,
)
from scribe.games.belote.cards import PLAIN_ORDER
from scribe.games.belote.dealing import PASS, TAKE, complete, deal_belote, taking
from scribe.games.belote.scoring import score
from scribe.rules.cards.standard import PACK_32
from scribe.rules.errors import RuleError
from scribe.rules.trickplay import replay, verify_play

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def table(target=None, deals=None, **settings):
    return make_setup(FOUR, target=target, deals=deals, settings=settings or None)


def told(setup, **data):
    """A deal told as the sheet's form sends it, checked (B-F2) then scored."""
    return score(verify(setup, data), setup.settings)


def refused(setup, field, **data):
    with pytest.raises(RuleError) as err:
        verify(setup, data)
    assert err.value.field == field, err.value.message
    return err.value.message


# --------------------------------------------------------------------------- B-M1, B-M2, B-D2


def test_b_m1_two_teams_of_two_sitting_opposite_and_the_deal_passes_to_the_right():
    s = make_setup(FOUR, first_dealer=1)
    assert s.team_names == ("Ana & Cy", "Ben & Dee")
    assert [s.dealer(d) for d in range(1, 6)] == [1, 0, 3, 2, 1]
    assert s.speaks_first(1) == 0
    assert make_setup(FOUR, names=["Nous", "Eux"]).team_names == ("Nous", "Eux")


def test_b_m1_the_lowest_card_drawn_deals_and_ties_draw_again():
    def low(card):
        return PLAIN_ORDER.index(card[:-1])

    ties = 0
    for seed in range(40):
        seat, rounds = draw_first_dealer(random.Random(seed))
        for earlier, later in itertools.pairwise(rounds):
            lowest = min(low(c) for _s, c in earlier)
            assert sorted(s for s, _c in later) == sorted(s for s, c in earlier if low(c) == lowest)
        last = rounds[-1]
        assert [s for s, c in last if low(c) == min(low(c) for _s, c in last)] == [seat]
        ties += len(rounds) > 1
    assert ties, "some seed draws a tie"


@pytest.mark.parametrize("players", [FOUR[:3], FOUR + ["Eve"]])
def test_b_m2_four_players_only(players):
    with pytest.raises(RuleError) as err:
        make_setup(players)
    assert err.value.field == "players"


def test_b_d2_a_passed_deal_scores_nothing_moves_the_deal_and_is_not_counted():
    s = table(deals=2)
    g = run(s, [None, Deal(0, 100), None])
    assert [r.dealer for r in g.rows] == [0, 3, 2]
    assert [r.points for r in g.rows] == [(0, 0), (100, 62), (0, 0)]
    assert g.rows[-1].counted == 1 and not g.over
    assert verify(s, {"takers": "passed"}) is None


def test_b_d1_five_cards_each_from_the_dealers_right_and_the_next_turned():
    for seed in range(20):
        d = deal_belote(random.Random(seed), dealer=seed % 4)
        assert [len(h) for h in d.hands] == [5, 5, 5, 5] and len(d.stock) == 11
        assert sorted([*(c for h in d.hands for c in h), d.turned, *d.stock]) == sorted(PACK_32)
        full = complete(d, taker=(seed + 1) % 4)
        assert [len(h) for h in full] == [8] * 4 and d.turned in full[(seed + 1) % 4]
        assert sorted(c for h in full for c in h) == sorted(PACK_32)


def test_b_d1_the_taking_rounds():
    assert taking(1, "9D", [(PASS, None)] * 3 + [(TAKE, None)]) == (1, "D", True)  # the dealer takes last
    assert taking(1, "9D", [(PASS, None)] * 3) == (None, None, False)
    assert taking(1, "9D", [(PASS, None)] * 4 + [(TAKE, "D")])[1] == "D"  # FFB: any suit in round 2
    with pytest.raises(RuleError):
        taking(1, "9D", [(PASS, None)] * 4 + [(TAKE, "D")], second_round="other")
    with pytest.raises(RuleError):
        taking(1, "9D", [(TAKE, "S")])  # round 1 takes the turned suit
    assert taking(1, "9D", [(PASS, None)] * 8) == (None, None, True)  # B-D2: a void deal


# --------------------------------------------------------------------------- B-P1..B-P4


def test_b_p1_card_points_and_the_dix_de_der_make_162():
    hearts = Rules("H")
    assert [points(c + "H", hearts) for c in ("J", "9", "A", "10", "K", "Q", "8", "7")] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert [points(c + "S", hearts) for c in ("A", "10", "K", "Q", "J", "9", "8", "7")] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert sum(points(c, hearts) for c in PACK_32 if c.endswith("H")) == 62
    assert sum(points(c, hearts) for c in PACK_32 if c.endswith("S")) == 30
    assert all(deal_points(Rules(t)) == 162 for t in "SHDC")


def test_b_p1_the_trump_order_and_the_plain_order():
    r = Rules("S")
    assert winner_index(["AS", "10S", "9S", "JS"], r) == 3  # J 9 A 10 ...
    assert winner_index(["AS", "10S", "9S"], r) == 2
    assert winner_index(["9D", "JD", "10D", "AD"], r) == 3  # plain: A 10 K Q J 9
    assert winner_index(["AD", "7S"], r) == 1  # the smallest trump cuts


def test_b_p2_capot_is_252_by_default_and_250_by_setting():
    assert told(table(), takers=0, capot=0).scores == (252, 0)
    assert told(table(capot=250), takers=0, capot=0).scores == (250, 0)


def test_b_p2_a_capot_is_entered_never_inferred():
    """162 is possible without a capot: the defence took zero-point tricks, not the last."""
    assert told(table(), takers=0, points=162).scores == (162, 0)
    refused(table(), "points", takers=0, points=162, capot=0)


def test_b_p3_the_belote_is_kept_when_dedans_and_after_a_capot():
    s = table()
    assert told(s, takers=0, points=60, belote=0).scores == (20, 162)  # dedans: 80 against 102
    assert told(s, takers=0, capot=1, belote=0).scores == (20, 252)
    assert told(s, takers=0, capot=0, belote=1).scores == (252, 20)


def test_b_p4_annonces_are_off_by_default_and_score_by_value_when_on():
    refused(table(), "annonces", takers=0, points=100, annonces={"team": 0, "combos": ["tierce"]})
    s = table(annonces=True)
    r = told(s, takers=0, points=100, annonces={"team": 0, "combos": ["cent", "carre_J", "tierce", "cinquante"]})
    assert r.scores == (100 + 100 + 200 + 20 + 50, 62)
    carres = {"carre_9": 150, "carre_A": 100, "carre_10": 100, "carre_K": 100, "carre_Q": 100}
    for combo, worth in carres.items():
        assert told(s, takers=0, points=100, annonces={"team": 0, "combos": [combo]}).scores == (100 + worth, 62)


def test_b_p4_the_best_annonce_and_its_tie_setting():
    assert best([(0, ("carre_A", "A", None)), (1, ("cent", "A", "S"))], "H") == 0  # a carré before a sequence
    assert best([(0, ("tierce", "K", "H")), (1, ("tierce", "K", "S"))], "H") == 0  # then trump
    assert best([(0, ("tierce", "K", "D")), (1, ("tierce", "K", "S"))], "H") is None  # nobody (FFB)
    assert best([(1, ("tierce", "K", "S")), (0, ("tierce", "K", "D"))], "H", tie="first") == 1  # Pagat
    assert make_settings("belote").annonce_tie == "none"


# --------------------------------------------------------------------------- B-S1..B-S5


def test_b_s1_81_is_not_enough_and_against_the_defence_belote_92_is_needed():
    s = table(tie="dedans")
    assert told(s, takers=0, points=81).outcome == "dedans"
    assert told(s, takers=0, points=91, belote=1).outcome == "dedans"  # 91 against 71 + 20
    assert told(s, takers=0, points=92, belote=1).scores == (92, 90)


def test_b_s2_made_each_team_scores_its_total():
    s = table(annonces=True)
    r = told(s, takers=1, points=90, belote=0, annonces={"team": 1, "combos": ["tierce"]})
    assert r.outcome == "made" and r.scores == (72 + 20, 90 + 20)


def test_b_s3_dedans_the_defence_takes_162_and_every_annonce():
    s = table(annonces=True)
    r = told(s, takers=0, points=70, annonces={"team": 0, "combos": ["tierce"]}, belote=1)
    assert r.outcome == "dedans" and r.scores == (0, 162 + 20 + 20)
    assert told(s, takers=0, capot=1).scores == (0, 252)


def test_b_s4_litige_the_defence_scores_and_the_takers_total_is_held_for_the_next_winner():
    s = table()
    g = run(s, [Deal(0, 81), Deal(1, 100)])  # 81-81, then team 1 takes and makes it
    assert [r.points for r in g.rows] == [(0, 81), (62, 100 + 81)]
    assert [r.held for r in g.rows] == [81, 0]
    g = run(s, [Deal(0, 81), Deal(1, 70)])  # team 1 dedans: the defence (team 0) receives it
    assert g.rows[1].points == (162 + 81, 0)


def test_b_s4_litige_with_the_takers_belote_holds_91_and_litiges_add_up():
    s = table()
    g = run(s, [Deal(0, 71, belotes=(1, 0)), None, Deal(1, 81), Deal(0, 100)])
    assert g.rows[0].points == (0, 91) and g.rows[0].held == 91
    assert g.rows[2].held == 91 + 81  # another litige adds to it; a passed deal keeps it
    assert g.rows[3].points == (100 + 172, 62)


def test_b_s4_held_points_are_lost_at_the_end():
    g = run(table(deals=1), [Deal(0, 81)])
    assert g.over and g.totals == (0, 81) and g.held == 81


@pytest.mark.parametrize(("tie", "scores"), [("litige", (0, 81)), ("dedans", (0, 162)), ("made", (81, 81))])
def test_b_s4_the_tie_setting(tie, scores):
    assert told(table(tie=tie), takers=0, points=81).scores == scores


def test_b_s5_rounding_is_off_by_default_and_never_decides_a_result():
    assert told(table(), takers=0, points=84).scores == (84, 78)
    s = table(rounding="up")
    assert told(s, takers=0, points=84).scores == (80, 80)
    assert told(s, takers=0, points=85).scores == (90, 80)
    assert told(s, takers=0, points=81).outcome == "litige"  # 81 is not rounded up to a win


def test_b_s5_held_points_are_rounded_when_awarded():
    g = run(table(rounding="up", tie="litige"), [Deal(0, 71, belotes=(1, 0)), Deal(1, 95)])
    assert g.rows[0].held == 91 and g.rows[1].awarded == (0, 90)


# --------------------------------------------------------------------------- B-S6: the worked figures


def test_b_s6_takers_95_score_95_and_67():
    assert told(table(), takers=0, points=95).scores == (95, 67)


def test_b_s6_takers_70_with_belote_against_92_dedans_20_and_162():
    r = told(table(), takers=0, points=70, belote=0)
    assert r.outcome == "dedans" and r.scores == (20, 162)


def test_b_s6_81_81_scores_0_and_81_with_81_held():
    r = told(table(), takers=0, points=81)
    assert r.outcome == "litige" and r.scores == (0, 81) and r.held == 81


def test_b_s6_takers_capot_against_a_defence_tierce_and_belote_272_and_20():
    s = table(annonces=True)
    r = told(s, takers=0, capot=0, belote=1, annonces={"team": 1, "combos": ["tierce"]})
    assert r.outcome == "made" and r.scores == (272, 20)


def test_b_s6_takers_60_with_a_tierce_against_102_dedans_0_and_182():
    s = table(annonces=True)
    r = told(s, takers=0, points=60, annonces={"team": 0, "combos": ["tierce"]})
    assert r.outcome == "dedans" and r.scores == (0, 182)


def test_b_s6_rounding_85_and_77_score_90_and_80():
    assert told(table(rounding="up"), takers=0, points=85).scores == (90, 80)


# --------------------------------------------------------------------------- B-E1..B-E3


def test_b_e1_the_first_team_at_or_past_the_target_wins():
    g = run(table(target=501), [Deal(0, 152)] * 3)
    assert g.totals == (456, 30) and g.winner is None
    g = run(table(target=501), [Deal(0, 152)] * 4)
    assert g.totals == (608, 40) and g.winner == 0
    with pytest.raises(RuleError):
        run(table(target=501), [Deal(0, 152)] * 5)  # no deal after the end


def test_b_e1_both_past_the_target_the_higher_total_wins_and_equal_plays_on():
    s = table(target=200)
    assert run(s, [Deal(0, 120), Deal(1, 120)]).winner is None  # 162, 162
    assert run(s, [Deal(0, 120), Deal(1, 120), Deal(0, 100)]).winner == 0  # 262 and 224
    g = run(table(target=150), [Deal(0, 81, belotes=(0, 0)), Deal(0, 100)])  # litige held: 81 to team 0
    assert g.totals == (181, 143) and g.winner == 0


def test_b_e1_a_rounded_score_can_win():
    """The FFB's example: at 910 in a 1000 game, 85 rounded to 90 wins."""
    g = run(table(target=1000, rounding="up"), [Deal(0, 152)] * 5 + [Deal(0, 162), Deal(0, 85)])
    assert g.rows[-2].totals[0] == 910 and g.rows[-1].totals[0] == 1000 and g.winner == 0


def test_b_e2_a_number_of_deals_passed_ones_not_counted_litige_counted():
    s = table(deals=3)
    g = run(s, [Deal(0, 100), None, Deal(0, 81), Deal(1, 100)])
    assert [r.counted for r in g.rows] == [1, 1, 2, 3]
    assert g.winner == 1 and g.totals == (100 + 0 + 62, 62 + 81 + 181)


def test_b_e2_equal_after_the_deals_another_deal():
    g = run(table(deals=2), [Deal(0, 100), Deal(1, 100)])
    assert g.totals == (162, 162) and g.winner is None
    assert run(table(deals=2), [Deal(0, 100), Deal(1, 100), Deal(0, 90)]).winner == 0


# team 1 at 466 (team 0 at 20), then dedans with its belote: 486, past a target of 480
BELOTE_ONLY = [Deal(1, 152), Deal(1, 152), Deal(1, 162), Deal(1, 60, belotes=(0, 1))]


def test_b_e3_a_team_dedans_that_reaches_the_target_on_its_belote_has_not_won():
    s = table(target=480)
    g = run(s, BELOTE_ONLY)
    assert g.rows[-2].totals == (20, 466) and g.totals == (182, 486)
    assert g.winner is None and g.blocked == (False, True)
    g = run(s, [*BELOTE_ONLY, Deal(0, 100)])  # it takes a trick (62 points): it wins
    assert g.totals == (282, 548) and g.winner == 1 and g.blocked == (False, False)


def test_b_e3_still_blocked_through_a_later_capot_and_the_other_team_can_win():
    s = table(target=480)
    g = run(s, [*BELOTE_ONLY, Deal(0, None, capot=0, belotes=(0, 1))])  # a capot against it: still no trick
    assert g.totals == (434, 506) and g.winner is None and g.blocked == (False, True)
    g = run(s, [*BELOTE_ONLY, Deal(0, None, capot=0), Deal(0, None, capot=0)])
    assert g.totals == (686, 486) and g.winner == 0


# --------------------------------------------------------------------------- B-F1, B-F2


@pytest.mark.parametrize("bad", [-1, 163, 1, 161])
def test_b_f2_card_points_no_tricks_make_are_refused(bad):
    refused(table(), "points", takers=0, points=bad)
    refused(table(), "defence_points", takers=0, defence_points=bad)


def test_b_f2_the_defence_points_are_162_minus_the_takers():
    assert verify(table(), {"takers": 1, "defence_points": 100}).points == 62


def test_b_f2_refusals_each_next_to_its_field():
    s, a = table(), table(annonces=True)
    refused(s, "takers", points=100)
    refused(s, "takers", takers=2, points=100)
    refused(s, "points", takers=0)
    refused(s, "points", takers=0, points=100, defence_points=62)
    refused(s, "points", takers=0, capot=1, points=0)
    refused(s, "belote", takers=0, points=100, belote=[1, 1])  # both teams
    refused(a, "annonces", takers=0, points=100, annonces=[{"team": 0, "combos": ["tierce"]},
                                                         {"team": 1, "combos": ["tierce"]}])
    refused(a, "annonces", takers=0, points=100, annonces={"team": 0, "combos": ["carre_J", "carre_J"]})
    refused(a, "annonces", takers=0, points=100, annonces={"team": 0, "combos": ["carre_J"] + ["cent"] * 3})
    refused(a, "annonces", takers=0, points=100, annonces={"team": 0, "combos": ["carre_8"]})
    refused(s, "trump", takers=0, points=100, trump="SA")  # Belote has no sans atout


# --------------------------------------------------------------------------- every setting


def test_every_belote_setting_and_its_default():
    d = make_settings("belote")
    assert (d.capot, d.annonces, d.annonce_tie, d.second_round, d.tie, d.rounding, d.undertrump) == (
        252, False, "none", "any", "litige", "none", True)
    assert make_settings("belote", second_round="other").second_round == "other"
    for name, bad in [("capot", 251), ("tie", "coin"), ("rounding", "half"), ("annonces", "maybe")]:
        with pytest.raises(RuleError) as err:
            make_settings("belote", **{name: bad})
        assert err.value.field == name
    with pytest.raises(RuleError):
        make_settings("belote", mode="contract")  # a Coinche setting
    assert make_setup(FOUR).target == 1000 and make_setup(FOUR, target=501).target == 501
    with pytest.raises(RuleError):
        make_setup(FOUR, target=501, deals=12)


# --------------------------------------------------------------------------- play (the virtual deck)


def test_play_follow_suit():
    assert legal(["7S", "AS", "JH"], ["KS"], Rules("H")) == (["7S", "AS"], "You must follow the suit led.")


def test_play_trump_when_void_and_an_opponent_is_master():
    allowed, why = legal(["7H", "JH", "AC"], ["KS"], Rules("H"))
    assert allowed == ["7H", "JH"] and why


def test_play_overtrump_an_opponents_trump():
    assert legal(["7H", "JH", "AC"], ["KS", "9H"], Rules("H"))[0] == ["JH"]


def test_play_undertrump_when_unable_to_overtrump_by_default_and_a_setting_frees_it():
    assert legal(["7H", "AC"], ["KS", "9H"], Rules("H"))[0] == ["7H"]
    assert legal(["7H", "AC"], ["KS", "9H"], Rules("H", undertrump=False))[0] == ["7H", "AC"]


def test_play_partner_master_exception():
    assert legal(["7H", "AC"], ["AS", "7S"], Rules("H"))[0] == ["7H", "AC"]  # the partner's Ace
    assert legal(["7H", "AC"], ["7S", "9H", "8S"], Rules("H"))[0] == ["7H", "AC"]  # the partner's trump


def test_play_trump_led_go_higher_even_when_the_partner_is_master():
    assert legal(["7H", "AH", "AC"], ["JH"], Rules("H"))[0] == ["7H", "AH"]  # nothing beats the Jack
    assert legal(["7H", "AH", "AC"], ["10H", "8H"], Rules("H"))[0] == ["AH"]  # the partner's 10: still over it


def test_play_sans_atout_nothing_cuts_and_tout_atout_goes_higher():
    assert legal(["7H", "AC"], ["KS"], Rules("SA"))[0] == ["7H", "AC"]
    assert legal(["9S", "8S", "AC"], ["AS"], Rules("TA"))[0] == ["9S"]


def _random_deal(seed, trump):
    """A whole deal played with legal cards only, through the family's play engine."""
    rng = random.Random(seed)
    pack = list(PACK_32)
    rng.shuffle(pack)
    hands = [pack[i * 8:(i + 1) * 8] for i in range(4)]
    rules = Rules(trump)
    plays = []
    leader = rng.randrange(4)
    for _ in range(32):
        state = replay(BELOTE_TRICKS, 4, leader, plays, cards=8, ctx=rules)
        seat = state.turn
        allowed, _why = BELOTE_TRICKS.legal(hands[seat], [c for _s, c in state.trick], rules)
        assert allowed, "a hand always has a legal card"
        card = verify_play(BELOTE_TRICKS, state, hands[seat], seat, rng.choice(allowed), rules)
        hands[seat].remove(card)
        plays.append((seat, card))
    return replay(BELOTE_TRICKS, 4, leader, plays, cards=8, ctx=rules), rules


@hsettings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["S", "H", "D", "C", "SA", "TA"]))
def test_property_a_deals_card_points_always_total_162_with_the_dix_de_der(seed, trump):
    state, rules = _random_deal(seed, trump)
    assert state.finished
    tally = BELOTE_TRICKS.tally(state, rules)
    assert sum(tally["points"]) == 162 and sum(tally["tricks"]) == 8
    assert (tally["capot"] is not None) == (0 in tally["tricks"])
    assert sum(tally["belote"]) <= (4 if trump == "TA" else 0 if trump == "SA" else 1)


def test_a_played_deal_scores_through_the_sheet():
    state, rules = _random_deal(7, "H")
    tally = BELOTE_TRICKS.tally(state, rules)
    capot = tally["capot"]
    deal = Deal(0, None if capot is not None else tally["points"][0], capot, tuple(tally["belote"]))
    r = score(deal, make_settings("belote"))
    assert r.outcome in ("made", "dedans", "litige")


# --------------------------------------------------------------------------- Hypothesis: order, sums

possible_points = st.integers(0, 162).filter(lambda p: p not in (1, 161))


@st.composite
def deals_told(draw):
    data = {"takers": draw(st.sampled_from([0, 1]))}
    if draw(st.booleans()):
        data["capot"] = draw(st.sampled_from([0, 1]))
    else:
        data["points"] = draw(possible_points)
    belote = draw(st.sampled_from([None, 0, 1]))
    if belote is not None:
        data["belote"] = belote
    if draw(st.booleans()):
        combos = draw(st.lists(st.sampled_from(["tierce", "cinquante", "cent"]), min_size=1, max_size=2))
        combos += draw(st.lists(st.sampled_from(["carre_J", "carre_9", "carre_A"]), unique=True, max_size=1))
        data["annonces"] = {"team": draw(st.sampled_from([0, 1])), "combos": combos}
    return data


@hsettings(max_examples=150, deadline=None)
@given(deals_told(), st.randoms(use_true_random=False))
def test_property_a_deals_scores_never_depend_on_the_order_its_fields_were_given(data, rnd):
    s = table(annonces=True)
    items = list(data.items())
    rnd.shuffle(items)
    shuffled = dict(items)
    if "annonces" in shuffled:
        combos = list(shuffled["annonces"]["combos"])
        rnd.shuffle(combos)
        shuffled["annonces"] = {"combos": combos, "team": shuffled["annonces"]["team"]}
    assert told(s, **shuffled) == told(s, **data)


@hsettings(max_examples=150, deadline=None)
@given(deals_told(), st.sampled_from(["litige", "dedans", "made"]))
def test_property_points_sum_correctly(data, tie):
    """Made or dedans, the deal hands out 162 (or the capot's 252) and every belote and
    annonce, less what a litige holds; the totals are the card points with them."""
    s = table(annonces=True, tie=tie)
    r = told(s, **data)
    deal = verify(s, data)
    card = 252 if deal.capot is not None else 162
    extras = sum(r.totals) - sum(r.card)  # every belote and annonce
    assert sum(r.card) == card
    if r.outcome == "litige":
        assert sum(r.raw) + r.held == card + extras
    elif r.outcome == "made" and deal.capot == deal.defence:
        pass  # not reached: a capot against the takers is dedans
    else:
        assert sum(r.raw) == card + extras


deals_as_told = st.one_of(st.none(), st.builds(
    Deal, st.sampled_from([0, 1]), possible_points, st.none(),
    st.sampled_from([(0, 0), (1, 0), (0, 1)])))


@hsettings(max_examples=100, deadline=None)
@given(st.lists(deals_as_told, max_size=12), st.data())
def test_property_a_correction_moves_the_totals_as_a_fresh_replay_does(deals, data):
    """The sheet of the first k deals is the first k rows of the whole sheet (an
    incremental replay is a fresh one), and a deal corrected in place gives the sheet a
    fresh replay of the corrected deals gives, its totals the sum of its rows."""
    s = table(target=5000, tie=data.draw(st.sampled_from(["litige", "dedans", "made"])))
    whole = run(s, deals)
    for k in range(len(deals) + 1):
        assert run(s, deals[:k]).rows == whole.rows[:k]
    if deals:
        at = data.draw(st.integers(0, len(deals) - 1))
        fixed = [*deals[:at], data.draw(deals_as_told), *deals[at + 1:]]
        g = run(s, fixed)
        assert g.totals == (sum(r.points[0] for r in g.rows), sum(r.points[1] for r in g.rows))
        assert g.rows[:at] == whole.rows[:at]
