"""French Tarot's rules (T-M1..T-E1 in shared/RULES.md), with the federation's worked
figures: the Fédération Française de Tarot's rule book and the pages that reproduce it
(sources in each test). The expected numbers are worked out here by hand, never read
from the code under test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scribe.games.tarot import ALONE, Setup, make_setup, replay, verify
from scribe.rules.errors import RuleError
from scribe.rules.log import Entry

FOUR = ("Ana", "Ben", "Cy", "Dee")
THREE = FOUR[:3]
FIVE = FOUR + ("Eve",)
SIX = FIVE + ("Flo",)


def deal(taker=0, contract="garde", bouts=2, points=49, **extra):
    return {"taker": taker, "contract": contract, "bouts": bouts, "attack_points": points, **extra}


def play(names, *deals, first_dealer=0, deals_to_play=None):
    """Each deal checked by the rules (as the service does) then replayed; a deal given
    as None is everyone passing."""
    setup = Setup(tuple(names), first_dealer, deals_to_play)
    log: list[Entry] = []
    for d in deals:
        kind = "redeal" if d is None else "deal"
        data = verify(replay(setup, log), kind, d or {})
        log.append(Entry(len(log) + 1, kind, data))
    return replay(setup, log)


def refused(names, data, field, number=1, first_dealer=0):
    setup = Setup(tuple(names), first_dealer)
    log = [Entry(i + 1, "redeal", {"round": i + 1}) for i in range(number - 1)]
    with pytest.raises(RuleError) as err:
        verify(replay(setup, log), "deal", data)
    assert err.value.field == field, err.value.message
    return err.value.message


# --------------------------------------------------------------------------- T-M1, T-M2


def test_t_m1_three_to_five_players_and_six_at_a_table_of_five():
    assert [make_setup(list(SIX[:n])).n for n in (3, 4, 5, 6)] == [3, 4, 5, 6]
    for names in (FOUR[:2], SIX + ("Gus",)):
        with pytest.raises(RuleError) as err:
            make_setup(list(names))
        assert err.value.field == "players"


def test_t_m2_the_deal_passes_to_the_right():
    """Seats are typed clockwise; the deal goes counter-clockwise: to the seat before."""
    sheet = play(FOUR, None, None, None, first_dealer=1)
    assert [r.dealer for r in sheet.rounds] == [1, 0, 3]
    assert sheet.dealer == 2 and sheet.speaks_first == 1  # the dealer's right-hand neighbour bids first


def test_t_m2_at_six_the_dealer_sits_out_and_scores_nothing():
    # deal 1: Ana (seat 0) deals and sits out; Ben takes a Garde with Dee, made by 8
    sheet = play(SIX, deal(taker=1, partner=3, points=49))
    row = sheet.rounds[0]
    assert row.mort == 0 and row.points[0] == 0
    a = (25 + 8) * 2
    assert row.points == (0, 2 * a, -a, a, -a, -a) and sum(row.points) == 0
    assert sheet.mort == 5  # deal 2: Flo deals and sits out


@pytest.mark.parametrize("field,data", [
    ("taker", deal(taker=0)),
    ("partner", deal(taker=1, partner=0)),
    ("poignees", deal(taker=1, partner=2, poignees=[{"player": 0, "size": "simple"}])),
])
def test_t_m2_the_mort_takes_no_part(field, data):
    assert "sits out" in refused(SIX, data, field)


# --------------------------------------------------------------------------- T-C1, T-C2


@pytest.mark.parametrize("contract,multiplier", [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)])
def test_t_c1_each_contract_multiplies(contract, multiplier):
    row = play(FOUR, deal(contract=contract, points=41)).rounds[0]  # exactly made with 2 bouts: made by 0
    assert row.score.made and row.score.margin == 0
    assert row.points == (3 * 25 * multiplier, -25 * multiplier, -25 * multiplier, -25 * multiplier)


def test_t_c1_everyone_passed_records_a_redeal_that_scores_nothing_and_passes_the_deal():
    sheet = play(FOUR, None, deal(taker=2))
    first = sheet.rounds[0]
    assert first.passed and first.points == (0, 0, 0, 0) and first.totals == (0, 0, 0, 0)
    assert sheet.rounds[1].dealer == 3  # the next deal is dealt by the next dealer
    assert sum(sheet.totals) == 0 and sheet.totals[2] == 3 * 66


def test_t_c1_t_e1_a_passed_deal_is_not_one_of_the_agreed_deals():
    """Everyone passed on deal 5 of 5: the next dealer deals again and deal 5 is still to
    play (it once ended the game with every score at 0)."""
    sheet = play(FOUR, *[deal(taker=i % 4) for i in range(4)], None, deals_to_play=5)
    assert not sheet.finished and sheet.ended_at is None and sheet.phase == "playing"
    assert sheet.played == 4 and sheet.deal_number == 5
    assert sheet.rounds[4].dealer == 0 and sheet.dealer == 3  # the next dealer, to the right (T-M2)
    assert verify(sheet, "redeal", {}) == {"round": 6}  # and it may be passed again
    sheet = play(FOUR, *[deal(taker=i % 4) for i in range(4)], None, None, deal(taker=3), deals_to_play=5)
    assert sheet.finished and sheet.played == 5 and sheet.ended_at == 7 and len(sheet.rounds) == 7


def test_t_c2_at_five_the_called_king_makes_a_partner():
    row = play(FIVE, deal(taker=0, partner=2, points=49)).rounds[0]
    assert row.deal.partner == 2 and row.points == (132, -66, 66, -66, -66)


def test_t_c2_a_taker_who_calls_their_own_king_plays_alone():
    for partner in (0, ALONE):
        row = play(FIVE, deal(taker=0, partner=partner, points=49)).rounds[0]
        assert row.deal.partner is None and row.points == (264, -66, -66, -66, -66)


def test_t_c2_at_five_the_partner_must_be_said():
    assert "Alone" in refused(FIVE, deal(taker=0), "partner")


@pytest.mark.parametrize("names", [THREE, FOUR])
def test_t_c2_no_partner_at_three_or_four(names):
    assert "no partner" in refused(names, deal(partner=1), "partner")


# --------------------------------------------------------------------------- T-S1


def test_t_s1_points_needed_by_bouts():
    for bouts, needed in enumerate((56, 51, 41, 36)):
        row = play(FOUR, deal(bouts=bouts, points=max(needed, 14))).rounds[0]
        assert row.score.needed == needed and row.score.made


def test_t_s1_half_points_at_three_the_federations_example():
    """FFT, tarot à 3 (reproduced at normandie-tarot.org, "Le Tarot à 3 joueurs"): a taker
    who needed 41 and made 40.5 loses, down by 1; with 41.5 they win by 1."""
    down = play(THREE, deal(contract="prise", bouts=2, points=40.5)).rounds[0]
    assert not down.score.made and down.score.margin == 1
    assert down.points == (-2 * 26, 26, 26)
    made = play(THREE, deal(contract="prise", bouts=2, points="41,5")).rounds[0]
    assert made.score.made and made.score.margin == 1 and made.points == (52, -26, -26)


def test_t_s1_half_points_at_five():
    row = play(FIVE, deal(taker=1, partner=4, contract="garde", bouts=1, points=60.5)).rounds[0]  # 51 needed
    assert row.score.margin == 10  # 9.5 over: the half point goes to the side that won
    a = (25 + 10) * 2
    assert row.points == (-a, 2 * a, -a, -a, a)
    row = play(FIVE, deal(taker=1, partner=4, contract="garde", bouts=1, points=50.5)).rounds[0]
    assert not row.score.made and row.score.margin == 1 and row.points[1] == -2 * 52


def test_t_s1_half_points_at_six_are_the_five_players_deal():
    assert play(SIX, deal(taker=1, partner=3, points=40.5)).rounds[0].score.margin == 1


def test_t_s1_no_half_point_at_four():
    assert "no half point" in refused(FOUR, deal(points=40.5), "attack_points")


def test_t_s1_the_defences_points_are_91_minus():
    row = play(FOUR, deal(points=None, defence_points=42)).rounds[0]  # attack 49
    assert row.deal.halves == 98 and row.score.margin == 8


@pytest.mark.parametrize("points", [-1, 91.5, 92, "abc", "1e999", True, "nan"])
def test_t_s1_points_outside_0_to_91_are_refused(points):
    refused(THREE, deal(points=points), "attack_points")


def test_t_s1_both_sides_points_at_once_are_refused():
    assert "not both" in refused(FOUR, deal(points=49, defence_points=42), "attack_points")


@pytest.mark.parametrize("bouts", [4, -1, "x", None])
def test_t_s1_at_most_three_bouts(bouts):
    refused(FOUR, deal(bouts=bouts), "bouts")


def test_t_s1_the_bouts_weigh_on_the_points():
    """Three bouts are 13.5 points at least; with none the defence holds 13.5."""
    assert "4.5" in refused(FOUR, deal(bouts=3, points=10), "attack_points")
    refused(FOUR, deal(bouts=0, points=80), "attack_points")


# --------------------------------------------------------------------------- T-S2


def test_t_s2_made_and_down():
    made = play(FOUR, deal(contract="garde_sans", bouts=1, points=60)).rounds[0]
    assert made.score.made and made.score.margin == 9 and made.points[0] == 3 * (25 + 9) * 4
    down = play(FOUR, deal(contract="garde_contre", bouts=0, points=50)).rounds[0]
    assert not down.score.made and down.score.margin == 6 and down.points == (-3 * 186, 186, 186, 186)


# --------------------------------------------------------------------------- T-S3


def test_t_s3_petit_au_bout_goes_against_a_taker_who_won():
    """regles2jeux.fr, "Les primes au Tarot", example 1: a Garde (x2) scoring 76 (made by
    13); the Petit taken to the end by the taker: 76 + 20 = 96, the taker +288; by the
    defence: 76 - 20 = 56, the taker +168 and each defender -56."""
    by_taker = play(FOUR, deal(bouts=2, points=54, petit="attack")).rounds[0]
    assert by_taker.score.contract == 76 and by_taker.points == (288, -96, -96, -96)
    against = play(FOUR, deal(bouts=2, points=54, petit="defence")).rounds[0]
    assert against.score.made and against.score.petit == -20
    assert against.points == (168, -56, -56, -56)


def test_t_s3_petit_au_bout_helps_a_taker_who_lost():
    row = play(FOUR, deal(contract="garde_sans", bouts=2, points=38, petit="attack")).rounds[0]
    a = -(25 + 3) * 4 + 40  # down by 3, the Petit's 10 x 4 still the taker's
    assert row.points == (3 * a, -a, -a, -a) and a == -72


# --------------------------------------------------------------------------- T-S4


def test_t_s4_the_federations_worked_example():
    """The FFT's example: a Garde made with 49 points and 2 bouts, a simple poignée and the
    Petit au bout: (25 + 8 + 10) x 2 + 20 = 106; the taker +318 at four."""
    row = play(FOUR, deal(points=49, petit="attack", poignees=[{"player": 0, "size": "simple"}])).rounds[0]
    assert row.score.amount == 106 and row.points == (318, -106, -106, -106)


def test_t_s4_a_poignee_goes_to_the_side_that_won_whoever_showed_it():
    won = play(FOUR, deal(points=49, poignees=[{"player": 2, "size": "double"}])).rounds[0]  # a defender showed it
    assert won.score.poignee == 30 and won.points[0] == 3 * (66 + 30)
    lost = play(FOUR, deal(points=39, poignees=[{"player": 0, "size": "triple"}])).rounds[0]  # the taker showed it
    assert lost.score.poignee == -40 and lost.points == (-3 * (54 + 40), 94, 94, 94)


def test_t_s4_a_poignee_is_never_multiplied():
    row = play(FOUR, deal(contract="garde_contre", points=49, poignees=[{"player": 0, "size": "simple"}])).rounds[0]
    assert row.score.amount == (25 + 8) * 6 + 20


@pytest.mark.parametrize("names,sizes", [
    (THREE, ("simple", "simple")),  # 13 + 13 trumps: more than the 22 there are
    (FOUR, ("triple", "simple")),  # 15 + 10
    (FIVE, ("simple", "simple", "simple")),  # 8 x 3
])
def test_t_s4_poignees_the_table_size_does_not_allow(names, sizes):
    shown = [{"player": p, "size": s} for p, s in enumerate(sizes)]
    partner = {"partner": 4} if len(names) == 5 else {}
    assert "22" in refused(names, deal(poignees=shown, **partner), "poignees")


def test_t_s4_poignees_the_table_size_allows():
    row = play(FIVE, deal(partner=4, poignees=[{"player": 1, "size": "double"}, {"player": 2, "size": "double"}]))
    assert row.rounds[0].score.poignee == 60
    play(FOUR, deal(poignees=[{"player": 1, "size": "simple"}, {"player": 3, "size": "simple"}]))


def test_t_s4_one_poignee_per_player_and_a_known_size():
    refused(FOUR, deal(poignees=[{"player": 1, "size": "simple"}, {"player": 1, "size": "double"}]), "poignees")
    refused(FOUR, deal(poignees=[{"player": 1, "size": "quadruple"}]), "poignees")
    refused(FOUR, deal(poignees=[{"player": 9, "size": "simple"}]), "poignees")
    refused(FOUR, deal(poignees="simple"), "poignees")


# --------------------------------------------------------------------------- T-S5


@pytest.mark.parametrize("announced,bonus", [(True, 400), (False, 200)])
def test_t_s5_chelem_by_the_attack(announced, bonus):
    row = play(FOUR, deal(contract="garde", bouts=3, points=91, chelem="attack", chelem_announced=announced,
                          petit="attack")).rounds[0]
    a = (25 + 55) * 2 + 20 + bonus  # never multiplied
    assert row.score.chelem == bonus and row.points == (3 * a, -a, -a, -a)


def test_t_s5_chelem_announced_and_missed():
    row = play(FOUR, deal(points=70, chelem_announced=True)).rounds[0]
    a = (25 + 29) * 2 - 200
    assert row.points == (3 * a, -a, -a, -a)


def test_t_s5_chelem_by_the_defence_gives_each_defender_200():
    row = play(FOUR, deal(contract="prise", bouts=0, points=5, chelem="defence")).rounds[0]
    a = -(25 + 51) - 200
    assert row.points == (3 * a, 276, 276, 276)


def test_t_s5_petit_au_bout_against_the_chelem_is_refused():
    """The side that took every trick took the last one: the Petit au bout is theirs."""
    assert "every trick" in refused(FOUR, deal(bouts=3, points=91, chelem="attack", petit="defence"), "petit")
    refused(FOUR, deal(contract="prise", bouts=0, points=5, chelem="defence", petit="attack"), "petit")


def test_t_s5_a_chelem_and_the_points_must_agree():
    refused(FOUR, deal(points=30, chelem="attack"), "chelem")
    refused(FOUR, deal(points=60, chelem="defence"), "chelem")


# Deals no cards could have dealt (issue 31): each refused next to the field at fault.
IMPOSSIBLE = [
    # T-S3: the Petit is a bout (T-S1): the issue's own example, petit au bout to the attack with no bout
    (FOUR, {"taker": 0, "contract": "prise", "bouts": 0, "attack_points": 40, "petit": "attack"}, "petit", "at least 1"),
    (THREE, deal(contract="garde_sans", bouts=0, points=30.5, petit="attack"), "petit", "at least 1"),
    (FOUR, deal(bouts=3, points=60, petit="defence"), "petit", "at most 2"),  # the attack holds the Petit
    (FIVE, deal(bouts=3, points=80.5, partner=1, petit="defence"), "petit", "at most 2"),
    # T-S1: a bout is worth 4.5, on either side
    (FOUR, deal(bouts=3, points=13), "attack_points", "13.5 to 91"),
    (FOUR, deal(bouts=0, points=78), "attack_points", "0 to 77.5"),
    (FOUR, deal(bouts=1, defence_points=88, points=None), "defence_points", "4.5 to 82"),
    # T-S5: the side that took every trick leaves the other at most the Excuse (and the chien it keeps)
    (FOUR, deal(bouts=1, points=80, chelem="attack"), "chelem", "at least 2 bouts"),
    (FOUR, deal(bouts=2, points=60, chelem="attack"), "chelem", "at least 86 points"),
    (THREE, deal(bouts=2, points=86, chelem="attack"), "chelem", "at least 86.5 points"),
    (FOUR, deal(contract="garde_contre", bouts=0, points=58, chelem="attack"), "chelem", "at least 59 points"),
    (FOUR, deal(contract="prise", bouts=2, points=20, chelem="defence"), "chelem", "at most 1 bout"),
    (FOUR, deal(contract="garde", bouts=1, points=33, chelem="defence"), "chelem", "at most 32 points"),
    (FOUR, deal(contract="garde_contre", bouts=1, points=6, chelem="defence"), "chelem", "at most 5 points"),
    (FIVE, deal(contract="garde_sans", bouts=0, points=20, partner=1, chelem="defence"), "chelem", "at most 13.5"),
    # T-M1, T-S1: the chien's cards count for one side, besides its bouts (no bout in the écart)
    (FOUR, deal(contract="prise", bouts=0, points=2, chelem="defence"), "attack_points", "at least 3 points"),
    (FOUR, deal(contract="garde", bouts=1, points=6, chelem="defence"), "attack_points", "at least 7 points"),
    (FIVE, deal(contract="garde_sans", bouts=0, points=1, partner=1), "attack_points", "at least 1.5 points"),
    (FOUR, deal(contract="garde_contre", bouts=0, points=77), "attack_points", "at most 76 points"),
    (THREE, deal(contract="garde_contre", bouts=3, defence_points=2.5, points=None), "defence_points", "at most 88"),
    # T-S3, T-S5: the side that took every trick took the last one; the points say who made it
    (FOUR, deal(bouts=3, points=91, chelem="attack", petit="defence"), "petit", "every trick"),
    (FOUR, deal(points=30, chelem="attack"), "chelem", "contract failed"),
    # T-S4: 22 trumps (21 and the Excuse) for all the poignées
    (THREE, deal(poignees=[{"player": 0, "size": "triple"}, {"player": 1, "size": "simple"}]), "poignees", "22"),
    # T-C2: no called King at 3 or 4
    (FOUR, deal(partner=1), "partner", "no partner"),
]


@pytest.mark.parametrize("names, data, field, says", IMPOSSIBLE)
def test_an_impossible_deal_is_refused_next_to_its_field(names, data, field, says):
    assert says in refused(names, {k: v for k, v in data.items() if v is not None}, field)


def test_the_same_deals_made_possible_are_recorded():
    """Each refusal above is about the cards, not the fields: one value changed, it passes."""
    play(FOUR, {"taker": 0, "contract": "prise", "bouts": 1, "attack_points": 40, "petit": "attack"})
    play(FOUR, deal(bouts=2, points=60, petit="defence"), deal(bouts=3, points=91, chelem="attack", petit="attack"))
    play(FOUR, deal(contract="garde_contre", bouts=0, points=60, chelem="attack"))
    play(FOUR, deal(contract="garde_sans", bouts=3, points=27, chelem="defence"))
    play(FOUR, deal(contract="garde_contre", bouts=1, points=5, chelem="defence"))  # the Excuse alone, rounded
    play(FOUR, deal(bouts=2, points=86, chelem="attack"))
    play(THREE, deal(bouts=2, points=86.5, chelem="attack"))


BOUT_CARDS = ("petit", "21", "excuse")


def physically_possible(playing: int, d: dict) -> bool:
    """Could cards have been dealt and played so? Told independently of the rules code: try
    each way the three bouts can lie between the sides, and ask what each side then holds
    (a card is worth 4.5 at most, 0.5 at least; the chien's cards: 6, or 3 at five)."""
    chien = 3 if playing == 5 else 6
    halves = round(2 * d["attack_points"])
    slack = 1 if playing == 4 else 0  # at four the points are whole: a lone Excuse's 4.5 is rounded either way
    contract, chelem, petit = d["contract"], d.get("chelem"), d.get("petit")
    if sum({"simple": {3: 13, 4: 10, 5: 8}, "double": {3: 15, 4: 13, 5: 10}, "triple": {3: 18, 4: 15, 5: 13}}[
            p["size"]][playing] for p in d.get("poignees") or ()) > 22:
        return False
    if chelem and petit and chelem != petit:  # the last trick is the chelem's
        return False
    made = halves >= 2 * (56, 51, 41, 36)[d["bouts"]]
    if (chelem == "attack" and not made) or (chelem == "defence" and made):
        return False
    for n in range(8):
        attack = {b for i, b in enumerate(BOUT_CARDS) if n >> i & 1}
        defence = set(BOUT_CARDS) - attack
        if len(attack) != d["bouts"] or (petit == "attack") != ("petit" in attack) and petit is not None:
            continue
        if not 9 * len(attack) <= halves <= 182 - 9 * len(defence):
            continue
        # the chien's cards: the écart's (no bout) or the chien's with the attack, the chien with the defence
        # in a Garde contre; at least half a point each, unless a bout of that side lay in the chien
        if contract in ("prise", "garde") and halves < 9 * len(attack) + chien - slack:
            continue
        if contract == "garde_sans" and halves < 9 * len(attack) + max(0, chien - len(attack)) - slack:
            continue
        if contract == "garde_contre" and 182 - halves < 9 * len(defence) + max(0, chien - len(defence)) - slack:
            continue
        if chelem == "attack":  # the defence holds the Excuse it played, and the chien in a Garde contre
            may = chien if contract == "garde_contre" else 0
            if len(defence - {"excuse"}) > may or 182 - halves > 9 * (may + ("excuse" in defence)) + slack:
                continue
        if chelem == "defence":  # the attack holds its écart (no bout), the chien in a Garde sans, the Excuse
            may = {"garde_sans": chien, "garde_contre": 0}.get(contract, chien)
            bouts_may = chien if contract == "garde_sans" else 0
            if len(attack - {"excuse"}) > bouts_may or halves > 9 * (may + ("excuse" in attack)) + slack:
                continue
        return True
    return False


@st.composite
def any_deal(draw, setup: Setup):
    """Any deal a form could send, possible or not."""
    seated = setup.seated(1)
    step = 1 if setup.half_points else 2
    data = {"taker": draw(st.sampled_from(seated)),
            "contract": draw(st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"])),
            "bouts": draw(st.integers(0, 3)), "attack_points": draw(st.integers(0, 182 // step)) * step / 2,
            "petit": draw(st.sampled_from([None, "attack", "defence"])),
            "chelem": draw(st.sampled_from([None, "attack", "defence"])), "chelem_announced": draw(st.booleans()),
            "poignees": [{"player": p, "size": draw(SIZES)} for p in draw(st.sets(st.sampled_from(seated), max_size=2))]}
    if setup.calls_a_king:
        data["partner"] = draw(st.sampled_from([*seated, ALONE]))
    return data


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([THREE, FOUR, FIVE, SIX]).flatmap(lambda names: st.tuples(st.just(names),
                                                                                   any_deal(Setup(names)))))
def test_every_deal_recorded_is_one_cards_could_have_dealt(drawn):
    names, data = drawn
    setup = Setup(names)
    try:
        verify(replay(setup, []), "deal", data)
    except RuleError:
        return
    assert physically_possible(setup.playing, data), data


@pytest.mark.parametrize("names, data, field, says", IMPOSSIBLE)
def test_the_impossible_list_is_impossible_by_the_cards_too(names, data, field, says):
    if field != "partner":  # a called King at four is a matter of the rules, not of the cards
        data = {k: v for k, v in data.items() if v is not None}
        if "defence_points" in data:
            data = {**data, "attack_points": 91 - data.pop("defence_points")}
        assert not physically_possible(Setup(names).playing, data)


# --------------------------------------------------------------------------- T-S6


@pytest.mark.parametrize("names,partner,shares", [
    (THREE, None, (2, -1, -1)),
    (FOUR, None, (3, -1, -1, -1)),
    (FIVE, 3, (2, -1, -1, 1, -1)),
    (FIVE, ALONE, (4, -1, -1, -1, -1)),
    (SIX, 3, (2, -1, -1, 1, -1, 0)),  # seat 5 deals and sits out
])
def test_t_s6_shares_at_three_four_five_and_alone(names, partner, shares):
    extra = {} if partner is None else {"partner": partner}
    row = play(names, deal(taker=0, points=49, **extra), first_dealer=len(names) - 1).rounds[0]
    assert row.points == tuple(66 * s for s in shares) and row.balance == 0


# --------------------------------------------------------------------------- T-E1


def test_t_e1_an_agreed_number_of_deals_ends_the_game():
    sheet = play(FOUR, deal(taker=0), deal(taker=1, points=30), None, deal(taker=2, points=30), deals_to_play=3)
    assert sheet.finished and sheet.ended_at == 4 and sheet.played == 3
    assert sheet.winners == (0,)  # the highest total
    with pytest.raises(RuleError):
        verify(sheet, "deal", deal())


def test_t_e1_the_table_ends_the_game():
    setup = Setup(FOUR)
    with pytest.raises(RuleError):
        verify(replay(setup, []), "end", {})
    log = [Entry(1, "deal", verify(replay(setup, []), "deal", deal()))]
    log.append(Entry(2, "end", verify(replay(setup, log), "end", {})))
    sheet = replay(setup, log)
    assert sheet.finished and sheet.phase == "finished" and sheet.ended_at == 1
    for kind in ("deal", "redeal", "end"):
        with pytest.raises(RuleError):
            verify(sheet, kind, deal())
    log.append(Entry(3, "undo", {"takes_back": 2}))
    assert not replay(setup, log).finished


# --------------------------------------------------------------------------- corrections


def test_a_correction_rescores_the_deal_and_every_total_after_it():
    setup = Setup(FOUR)
    log = []
    for d in (deal(taker=0, points=49), deal(taker=1, points=30)):
        log.append(Entry(len(log) + 1, "deal", verify(replay(setup, log), "deal", d)))
    fixed = verify(replay(setup, log), "correction", {"round": 1, **deal(taker=0, points=40)})
    log.append(Entry(3, "correction", fixed))
    sheet = replay(setup, log)
    assert sheet.rounds[0].corrected and sheet.rounds[0].points == (-156, 52, 52, 52)
    assert sheet.totals == tuple(a + b for a, b in zip((-156, 52, 52, 52), sheet.rounds[1].points))
    with pytest.raises(RuleError) as err:
        verify(sheet, "correction", {"round": 1, **deal(taker=0, points=40)})
    assert err.value.message == "Nothing was changed."
    passed = verify(sheet, "correction", {"round": 2, "passed": True})
    assert replay(setup, log + [Entry(4, "correction", passed)]).rounds[1].points == (0, 0, 0, 0)
    with pytest.raises(RuleError):
        verify(sheet, "correction", {"round": 3, **deal()})


# --------------------------------------------------------------------------- properties


SIZES = st.sampled_from(["simple", "double", "triple"])


@st.composite
def deals(draw, setup: Setup, number: int):
    """Any deal the rules accept at this table, as a form would send it."""
    seated = setup.seated(number)
    taker = draw(st.sampled_from(seated))
    bouts = draw(st.integers(0, 3))
    step = 1 if setup.half_points else 2
    halves = draw(st.integers(9 * bouts // step, (182 - 9 * (3 - bouts)) // step)) * step
    data = {"taker": taker, "contract": draw(st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"])),
            "bouts": bouts, "attack_points": halves / 2, "petit": draw(st.sampled_from([None, "attack", "defence"])),
            "chelem": draw(st.sampled_from([None, None, None, "attack", "defence"])),
            "chelem_announced": draw(st.booleans())}
    if setup.calls_a_king:
        data["partner"] = draw(st.sampled_from([*seated, ALONE]))
    if draw(st.booleans()):
        data["poignees"] = [{"player": draw(st.sampled_from(seated)), "size": draw(SIZES)}]
    return data


@st.composite
def games(draw):
    n = draw(st.integers(3, 6))
    setup = Setup(SIX[:n], draw(st.integers(0, n - 1)))
    log: list[Entry] = []
    for _ in range(draw(st.integers(1, 6))):
        sheet = replay(setup, log)
        kind = draw(st.sampled_from(["deal", "deal", "deal", "redeal"]))
        try:
            data = verify(sheet, kind, draw(deals(setup, sheet.round_number)) if kind == "deal" else {})
        except RuleError:
            continue  # a drawn poignée the points cannot carry, a chelem...: the table would be told why
        log.append(Entry(len(log) + 1, kind, data))
    return setup, log


@settings(max_examples=150, deadline=None)
@given(games(), st.data())
def test_t_s6_every_row_sums_to_zero_and_a_correction_moves_the_totals_as_a_fresh_replay(game, data):
    setup, log = game
    sheet = replay(setup, log)
    running = [0] * setup.n
    for row in sheet.rounds:
        assert sum(row.points) == 0 == row.balance
        if row.mort is not None:
            assert row.points[row.mort] == 0
        running = [a + b for a, b in zip(running, row.points)]
        assert tuple(running) == row.totals
    if not sheet.rounds:
        return
    number = data.draw(st.integers(1, len(sheet.rounds)))
    new = data.draw(st.one_of(st.just({"passed": True}), deals(setup, number)))
    try:
        fixed = verify(sheet, "correction", {"round": number, **new})
    except RuleError:
        return
    corrected = replay(setup, log + [Entry(len(log) + 1, "correction", fixed)])
    # the same deal recorded in its place from the start: a fresh replay of the fixed log
    kind, body = ("redeal", {"round": number}) if fixed.get("passed") else ("deal", fixed)
    fresh_log = [Entry(e.seq, kind, body) if e.data.get("round") == number else e for e in log]
    fresh = replay(setup, fresh_log)
    assert corrected.totals == fresh.totals
    assert [r.points for r in corrected.rounds] == [r.points for r in fresh.rounds]
    assert sum(corrected.totals) == 0


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
                    | st.text(max_size=12) | st.sampled_from(["alone", "garde", "attack", "simple", "40,5", "1e9"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                        ["player", "size"]), inner, max_size=2), max_leaves=6)
FIELDS = ("taker", "contract", "partner", "bouts", "attack_points", "defence_points", "petit", "poignees", "chelem",
          "chelem_announced", "passed", "round")


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 6), st.sampled_from(["deal", "correction"]),
       st.fixed_dictionaries({}, optional={k: JSON for k in FIELDS}))
def test_any_json_is_recorded_or_refused_by_field_never_a_crash(n, kind, body):
    """Bad input of every type (lists, objects, floats, nan, booleans) is a RuleError naming a
    field: the web answers 422 with it, never 500."""
    setup = Setup(SIX[:n])
    log = [Entry(1, "redeal", {"round": 1})]
    try:
        data = verify(replay(setup, log), kind, body)
    except RuleError as err:
        assert err.field and err.message
        return
    replay(setup, log + [Entry(2, kind, data)])  # what is recorded replays
