"""Coinche and contrée (C-A1..C-F2 in shared/RULES.md), with the worked figures of C-S8.
The expected numbers are worked out here by hand from the digest, never read from the
code under test. Scores are per team (0: seats 0 and 2, 1: seats 1 and 3); team 0 takes
unless a test says otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from scribe.games.belote import (
    PRESETS,
    Deal,
    Rules,
    deal_points,
    make_settings,
    make_setup,
    points,
    possible,
    run,
    verify,
)
from scribe.games.belote.auction import auction
from scribe.games.belote.coinche import score
from scribe.rules.errors import RuleError

FOUR = ["Ana", "Ben", "Cy", "Dee"]


def table(preset=None, target=None, deals=None, **settings):
    return make_setup(FOUR, target=target, deals=deals, variant="coinche", preset=preset, settings=settings or None)


def told(setup, **data):
    data.setdefault("takers", 0)
    return score(verify(setup, data), setup.settings)


def refused(setup, field, **data):
    data.setdefault("takers", 0)
    with pytest.raises(RuleError) as err:
        verify(setup, data)
    assert err.value.field == field, err.value.message
    return err.value.message


# --------------------------------------------------------------------------- C-S8: the worked figures


def test_c_s8_110_takers_113_score_223_rounded_220_and_49_rounded_50():
    r = told(table(), contract=110, points=113)
    assert r.raw == (223, 49) and r.scores == (220, 50)


def test_c_s8_100_made_with_83_and_a_tierce_203_rounded_200_and_80():
    r = told(table(), contract=100, points=83, annonces={"team": 0, "combos": ["tierce"]})
    assert r.outcome == "made" and r.raw == (203, 79) and r.scores == (200, 80)


def test_c_s8_90_with_89_fails_0_and_250():
    r = told(table(), contract=90, points=89)
    assert r.outcome == "dedans" and r.scores == (0, 250)


def test_c_s8_100_coinched_lost_520_and_360_with_the_multiplier_on_the_contract_only():
    assert told(table(), contract=100, points=70, level="coinche").scores == (0, 520)
    assert told(table(multiply="contract"), contract=100, points=70, level=1).scores == (0, 360)


def test_c_s8_120_coinched_made_560_and_surcoinched_by_3_840():
    assert told(table(), contract=120, points=130, level=1).scores == (560, 0)
    assert told(table(surcoinche=3), contract=120, points=130, level="surcoinche").scores == (840, 0)


def test_c_s8_contree_90_lost_with_the_takers_belote_270():
    r = told(table("ffb_contree"), contract=90, points=60, belote=0)
    assert r.outcome == "dedans" and r.scores == (0, 270)


def test_c_s8_capot_bid_made_502_rounded_500():
    r = told(table(), contract="capot", capot=0)
    assert r.raw == (502, 0) and r.scores == (500, 0)


def test_c_s8_capot_bid_lost_500_or_410():
    assert told(table(), contract="capot", points=150).scores == (0, 500)
    assert told(table(lost_capot="base"), contract="capot", points=150).scores == (0, 410)


def test_c_s8_an_unbid_capot_on_120_372_rounded_370_and_pagats_250_plus_the_bid():
    r = told(table(), contract=120, capot=0)
    assert r.raw == (372, 0) and r.scores == (370, 0)
    assert told(table("pagat"), contract=120, capot=0).raw == (370, 0)


def test_c_s8_unrounded_80_with_152_and_belote_252():
    assert told(table(rounding="none"), contract=80, points=152, belote=0).scores == (252, 10)


# --------------------------------------------------------------------------- C-A1..C-A4


@pytest.mark.parametrize("amount", [70, 85, 1010, "cent"])
def test_c_a1_an_amount_is_a_multiple_of_10_from_80(amount):
    refused(table(), "contract", contract=amount, points=100)


def test_c_a1_no_ceiling_under_capot_by_default_and_a_ceiling_by_setting():
    assert verify(table(), {"takers": 0, "contract": 200, "points": 100}).amount == 200
    refused(table(ceiling=160), "contract", contract=170, points=100)
    assert verify(table(ceiling=160), {"takers": 0, "contract": "capot", "capot": 0}).contract == "capot"
    refused(table(), "contract", points=100)  # a contract is told


def test_c_a1_four_passes_a_void_deal():
    g = run(table(), [None, Deal(0, 100, amount=80)])
    assert g.rows[0].passed and g.rows[0].points == (0, 0) and g.rows[1].counted == 1


def test_c_a2_surcoinche_multiplies_by_4_by_default():
    assert told(table(), contract=120, points=130, level=2).scores == ((160 + 120) * 4, 0)


def test_c_a2_a_capot_may_be_coinched_except_by_setting():
    assert told(table(), contract="capot", capot=0, level=1).scores == ((250 + 250) * 2, 0)
    refused(table("pagat"), "level", contract="capot", capot=0, level=1)


def test_c_a2_a_lost_capot_coinched_1000_surcoinched_2000():
    assert told(table(), contract="capot", points=150, level=1).scores == (0, 1000)
    assert told(table(), contract="capot", points=150, level=2).scores == (0, 2000)


def test_c_a3_the_generale_is_off_in_the_ffb_presets():
    refused(table(), "contract", contract="generale", capot=0, alone=True)
    refused(table(generale=500), "alone", contract=100, capot=0, alone=True)
    refused(table(generale=500), "alone", contract="generale", points=100, alone=True)


def test_c_a3_a_generale_made_alone_scored_as_a_capot_contract_of_its_value():
    s = table(generale=500)
    assert told(s, contract="generale", capot=0, alone=True).raw == (252 + 500, 0)
    assert told(s, contract="generale", capot=0).scores == (0, 250 + 500)  # every trick, but not alone
    assert told(s, contract="generale", points=140).scores == (0, 750)


def test_c_a4_sans_atout_and_tout_atout_only_when_the_organiser_allows_them():
    refused(table(), "trump", contract=100, points=100, trump="SA")
    s = table(sa_ta=True)
    assert verify(s, {"takers": 0, "contract": 100, "points": 100, "trump": "ta"}).trump == "TA"


def test_c_a4_sans_atout_points_162_or_the_ffb_tables_154():
    assert [points(r + "S", Rules("SA")) for r in ("A", "10", "K", "Q", "J", "9")] == [19, 10, 4, 3, 2, 0]
    assert deal_points(Rules("SA")) == 162 and deal_points(Rules("SA", sa_jack=0)) == 154
    s = table(sa_ta=True, sa_jack=0)
    for bad in (1, 2, 5, 149, 152, 153, 155):
        refused(s, "points", contract=80, points=bad, trump="SA")
    assert told(s, contract=80, points=100, trump="SA").raw == (180, 54)


def test_c_a4_tout_atout_points_162_by_either_table():
    ffb = [points(r + "S", Rules("TA")) for r in ("J", "9", "A", "10", "K", "Q", "8", "7")]
    pagat = [points(r + "S", Rules("TA", ta_table="pagat")) for r in ("J", "9", "A", "10", "K", "Q")]
    assert ffb == [13, 9, 6, 5, 3, 2, 0, 0] and pagat == [14, 9, 6, 5, 3, 1]
    assert deal_points(Rules("TA")) == deal_points(Rules("TA", ta_table="pagat")) == 162
    assert 1 in possible(Rules("TA", ta_table="pagat"))  # a lone Queen makes 1 there


def test_c_a4_sans_atout_carres_and_belotes():
    s = table(sa_ta=True)
    r = told(s, contract=100, points=100, trump="SA", annonces={"team": 0, "combos": ["carre_A"]})
    assert r.raw == (100 + 200 + 100, 62)
    refused(s, "belote", contract=100, points=100, trump="SA", belote=0)
    assert verify(s, {"takers": 0, "contract": 100, "points": 100, "trump": "TA", "belote": [2, 1]}).belotes == (2, 1)
    refused(s, "belote", contract=100, points=100, trump="TA", belote=[3, 2])
    refused(s, "belote", contract=100, points=100, trump="H", belote=[1, 1])


# --------------------------------------------------------------------------- C-K1, C-K2


def test_c_k1_made_needs_the_bid_and_more_than_the_defence():
    s = table()
    assert told(s, contract=90, points=95).outcome == "made"
    r = told(s, contract=90, points=95, annonces={"team": 1, "combos": ["carre_J"]})  # 95 against 267
    assert r.outcome == "dedans"
    assert told(table(beat_defence=False), contract=90, points=95,
                annonces={"team": 1, "combos": ["carre_J"]}).outcome == "made"


def test_c_k1_belote_and_annonces_help_make_the_contract_unless_set_aside():
    assert told(table(), contract=100, points=83, belote=0).outcome == "made"
    assert told(table(belote_counts=False), contract=100, points=83, belote=0).outcome == "dedans"
    tierce = {"team": 0, "combos": ["tierce"]}
    assert told(table(annonces_count=False), contract=100, points=83, annonces=tierce).outcome == "dedans"


def test_c_k1_a_capot_against_the_takers_fails_and_rounding_never_makes_a_contract():
    assert told(table(), contract=80, capot=1, belote=0, annonces={"team": 0, "combos": ["carre_J"]}).outcome == "dedans"
    assert told(table(), contract=80, points=79).outcome == "dedans"  # 79 -> 80 rounded, still short


def test_c_k2_annonces_in_ffb_coinche_never_in_contree():
    assert make_settings("coinche").annonces is True
    refused(table("ffb_contree"), "annonces", contract=80, points=100, annonces={"team": 0, "combos": ["tierce"]})


# --------------------------------------------------------------------------- C-S1..C-S7


def test_c_s1_a_capot_by_the_takers_moves_the_defences_annonces_to_them():
    r = told(table(), contract=100, capot=0, annonces={"team": 1, "combos": ["tierce"]})
    assert r.raw == (252 + 20 + 100, 0)


def test_c_s2_made_coinched_the_defence_keeps_only_its_belote_and_its_annonces_change_sides():
    r = told(table(), contract=100, points=120, level=1, belote=1, annonces={"team": 1, "combos": ["tierce"]})
    assert r.raw == ((160 + 20 + 100) * 2, 20)
    assert told(table(), contract=100, capot=0, level=1).raw == ((250 + 100) * 2, 0)


def test_c_s3_failed_the_takers_keep_their_belote_the_defence_takes_all():
    r = told(table(), contract=100, points=60, belote=0, annonces={"team": 0, "combos": ["tierce"]})
    assert r.outcome == "dedans" and r.raw == (20, 160 + 20 + 100)  # 100 reached, but not above 102


def test_c_s3_failed_with_every_trick_to_the_defence_250():
    assert told(table(), contract=80, capot=1, belote=0).raw == (20, 250 + 80)


def test_c_s4_base_162_and_252():
    assert told(table(base=162, rounding="none"), contract=100, points=70, level=1).scores == (0, (162 + 100) * 2)
    assert told(table(base=162), contract="capot", points=150).raw == (0, 252 + 250)


def test_c_s4_belote_prenable_and_the_multiplier_on_the_contract_only_leaves_it_outside():
    s = table(belote_kept=False, multiply="contract", rounding="none")
    assert told(s, contract=100, points=60, level=1, belote=0).raw == (0, 160 + 20 + 200)
    assert told(s, contract=100, points=120, level=1, belote=0).raw == (160 + 20 + 200, 0)


def test_c_s5_contract_only_mode():
    s = table(mode="contract")
    assert told(s, contract=110, points=113, belote=1).scores == (110, 0)
    assert told(s, contract=110, points=113, level=1).scores == (220, 0)
    assert told(s, contract=110, points=80, belote=0).scores == (0, 110)  # 100 with the belote: short
    assert told(s, contract="capot", capot=0).scores == (250, 0)


def test_c_s6_equal_totals_litige_only_uncoinched_in_points_made_mode():
    r = told(table(), contract=80, points=81)
    assert r.outcome == "litige" and r.raw == (0, 81) and r.scores == (0, 80) and r.held == 81
    assert told(table(), contract=80, points=81, level=1).scores == (0, (160 + 80) * 2)
    assert told(table(mode="contract"), contract=80, points=81).scores == (0, 80)
    assert told(table(tie="made"), contract=80, points=81).raw == (81 + 80, 81)
    assert told(table(tie="dedans"), contract=80, points=81).raw == (0, 240)


def test_c_s6_the_contract_is_never_held():
    g = run(table(rounding="none"), [Deal(0, 81, amount=80), Deal(1, 100, amount=90)])
    assert g.rows[0].points == (0, 81) and g.rows[0].held == 81
    assert g.rows[1].points == (62, 100 + 90 + 81)


@pytest.mark.parametrize(("rounding", "scores"), [("up", (180, 70)), ("down", (170, 70)), ("none", (175, 67))])
def test_c_s7_rounding(rounding, scores):
    assert told(table(rounding=rounding), contract=80, points=95).scores == scores


# --------------------------------------------------------------------------- C-E1, presets, settings


def test_c_e1_a_target_2000_by_default_or_a_number_of_deals():
    assert table().target == 2000 and table(target=3000).target == 3000
    g = run(table(deals=2), [Deal(0, 100, amount=80), None, Deal(1, 120, amount=80)])
    assert g.totals == (180 + 40, 60 + 200) and g.winner == 1


def test_c_e1_a_team_that_fails_and_reaches_the_target_on_its_belote_has_not_won():
    s = table(target=500, rounding="none")
    first = [Deal(1, 152, amount=150), Deal(1, 102, amount=80)]  # team 1: 302 + 182 = 484
    g = run(s, [*first, Deal(1, 60, amount=80, belotes=(0, 1))])  # 80 reached, not above 102: chute
    assert g.totals == (10 + 60 + 240, 504) and g.winner is None and g.blocked == (False, True)
    g = run(s, [*first, Deal(1, 60, amount=80, belotes=(0, 1)), Deal(0, 100, amount=80)])
    assert g.totals == (490, 566) and g.winner == 1


def test_every_coinche_setting_and_its_default():
    d = make_settings("coinche")
    assert (d.capot, d.annonces, d.annonce_tie, d.tie, d.rounding, d.ceiling, d.surcoinche, d.capot_coinche,
            d.generale, d.sa_ta, d.sa_jack, d.ta_table, d.beat_defence, d.belote_counts, d.annonces_count, d.base,
            d.multiply, d.belote_kept, d.mode, d.lost_capot) == (
        252, True, "none", "litige", "up", None, 4, True, None, False, 2, "ffb", True, True, True, 160, "all",
        True, "made", "full")
    with pytest.raises(RuleError):
        make_settings("coinche", second_round="other")  # a Belote setting
    for name, bad in [("ceiling", 165), ("generale", 200), ("surcoinche", 2), ("base", 161), ("mode", "x")]:
        with pytest.raises(RuleError) as err:
            make_settings("coinche", **{name: bad})
        assert err.value.field == name


def test_the_presets_ffb_coinche_ffb_contree_and_pagat():
    assert make_settings("coinche", "ffb_coinche") == make_settings("coinche")
    contree = make_settings("coinche", "ffb_contree")
    assert (contree.annonces, contree.beat_defence, contree.multiply, contree.belote_kept) == (
        False, False, "contract", False)
    pagat = make_settings("coinche", "pagat")
    assert (pagat.capot, pagat.capot_coinche, pagat.multiply, pagat.beat_defence, pagat.sa_ta) == (
        250, False, "contract", False, True)
    assert set(PRESETS) == {"ffb", "ffb_coinche", "ffb_contree", "pagat"}
    with pytest.raises(RuleError):
        make_settings("belote", "pagat")


# --------------------------------------------------------------------------- Hypothesis: order, sums

ANY_SETTINGS = st.fixed_dictionaries({
    "surcoinche": st.sampled_from([4, 3]), "base": st.sampled_from([160, 162]),
    "belote_kept": st.booleans(), "beat_defence": st.booleans(), "tie": st.sampled_from(["litige", "dedans", "made"]),
    "lost_capot": st.sampled_from(["full", "base"]), "rounding": st.sampled_from(["up", "down", "none"]),
})


@st.composite
def deals_told(draw):
    data = {"takers": draw(st.sampled_from([0, 1])),
            "contract": draw(st.sampled_from([*range(80, 170, 10), "capot"])),
            "level": draw(st.sampled_from([0, 1, 2]))}
    if draw(st.booleans()):
        data["capot"] = draw(st.sampled_from([0, 1]))
    else:
        data["points"] = draw(st.integers(0, 162).filter(lambda p: p not in (1, 161)))
    if (belote := draw(st.sampled_from([None, 0, 1]))) is not None:
        data["belote"] = belote
    if draw(st.booleans()):
        combos = draw(st.lists(st.sampled_from(["tierce", "cinquante", "cent"]), min_size=1, max_size=2))
        combos += draw(st.lists(st.sampled_from(["carre_J", "carre_9"]), unique=True, max_size=1))
        data["annonces"] = {"team": draw(st.sampled_from([0, 1])), "combos": combos}
    return data


@hsettings(max_examples=150, deadline=None)
@given(deals_told(), ANY_SETTINGS, st.randoms(use_true_random=False))
def test_property_a_deals_scores_never_depend_on_the_order_its_fields_were_given(data, chosen, rnd):
    s = table(**chosen)
    items = list(data.items())
    rnd.shuffle(items)
    shuffled = dict(items)
    if "annonces" in shuffled:
        combos = list(shuffled["annonces"]["combos"])
        rnd.shuffle(combos)
        shuffled["annonces"] = {"combos": combos, "team": shuffled["annonces"]["team"]}
    assert told(table(**chosen), **shuffled) == told(s, **data)


@hsettings(max_examples=200, deadline=None)
@given(deals_told(), ANY_SETTINGS)
def test_property_points_sum_correctly(data, chosen):
    """Multiplier on the whole score: made and not coinched, the card points (162, or 252
    after a capot), every belote and annonce, and A; otherwise (base + every belote and
    annonce + A) x m to the deal's winner, with the loser's belote beside it when kept."""
    s = table(**chosen)
    deal = verify(s, data)
    r = score(deal, s.settings)
    extras = sum(r.totals) - sum(r.card)
    a = 250 if deal.contract == "capot" else deal.amount
    m = (1, 2, chosen["surcoinche"])[deal.level]
    if r.outcome == "litige":
        assert deal.level == 0 and sum(r.raw) + r.held == sum(r.card) + extras
    elif r.outcome == "made" and m == 1:
        assert sum(r.raw) == sum(r.card) + extras + a
    else:
        loser = deal.defence if r.outcome == "made" else deal.takers
        kept = 20 * deal.belotes[loser] if r.outcome == "made" or chosen["belote_kept"] else 0
        base = chosen["base"] + (90 if deal.capot is not None else 0)
        if r.outcome == "dedans" and deal.contract == "capot":
            base = chosen["base"] + (90 if chosen["lost_capot"] == "full" else 0)
        assert sum(r.raw) == (base + extras - kept + a) * m + kept


# --------------------------------------------------------------------------- the auction (virtual deck)


def calls(dealer, *said, **settings):
    return auction(dealer, said, make_settings("coinche", **settings))


def test_c_a1_bids_rise_by_tens_from_80_and_capot_overbids_every_amount():
    a = calls(0, ("bid", 80, "H"), ("bid", 90, "S"), ("bid", "capot", "D"))
    assert (a.bidder, a.amount, a.trump, a.turn) == (1, "capot", "D", 0)
    for bad in [("bid", 70, "H"), ("bid", 85, "H"), ("bid", 80, "X"), ("bid", 80, "SA")]:
        with pytest.raises(RuleError):
            calls(0, bad)
    with pytest.raises(RuleError):
        calls(0, ("bid", 100, "H"), ("bid", 100, "S"))  # not above the last bid
    with pytest.raises(RuleError):
        calls(0, ("bid", "capot", "H"), ("bid", 250, "S"))  # nothing but a générale above capot
    with pytest.raises(RuleError):
        calls(0, ("bid", 170, "H"), ceiling=160)
    assert calls(0, ("bid", "capot", "H"), ceiling=160).amount == "capot"


def test_c_a1_a_player_who_passed_may_bid_later_and_three_passes_end_it():
    a = calls(0, ("pass",), ("bid", 80, "H"), ("pass",), ("pass",), ("bid", 90, "C"))  # seat 3 passed, bids now
    assert a.bidder == 3 and not a.over
    a = calls(0, ("pass",), ("bid", 80, "H"), ("pass",), ("pass",), ("pass",))
    assert a.over and a.bidder == 2 and a.takers == 0
    assert calls(0, *[("pass",)] * 4).void


def test_c_a2_coinche_by_an_opponent_freezes_the_contract_and_surcoinche_ends_it():
    with pytest.raises(RuleError):
        calls(0, ("bid", 80, "H"), ("pass",), ("coinche",))  # the bidder's partner
    a = calls(0, ("bid", 80, "H"), ("coinche",))
    assert a.level == 1 and not a.over
    with pytest.raises(RuleError):
        calls(0, ("bid", 80, "H"), ("coinche",), ("bid", 90, "S"))  # frozen
    assert calls(0, ("bid", 80, "H"), ("coinche",), ("pass",), ("pass",), ("pass",)).over
    a = calls(0, ("bid", 80, "H"), ("coinche",), ("surcoinche",))  # seat 3 bids, 2 coinches, 1 (partner) surcoinches
    assert a.over and a.level == 2
    assert calls(0, ("bid", 80, "H"), ("coinche",), ("pass",), ("pass",), ("surcoinche",)).level == 2  # the bidder
    with pytest.raises(RuleError):
        calls(0, ("bid", 80, "H"), ("coinche",), ("pass",), ("surcoinche",))  # the coinching team
    with pytest.raises(RuleError):
        calls(0, ("bid", "capot", "H"), ("coinche",), capot_coinche=False)


def test_c_a3_and_c_a4_generale_and_sans_atout_only_where_played():
    with pytest.raises(RuleError):
        calls(0, ("bid", "generale", "H"))
    assert calls(0, ("bid", "capot", "H"), ("bid", "generale", "S"), generale=500).amount == "generale"
    assert calls(0, ("bid", 80, "SA"), sa_ta=True).trump == "SA"
