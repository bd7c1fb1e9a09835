"""Wizard's Jubilee edition cards (W-J1..W-J6): the rule-set option, the score sheet (the
Bomb's trick nobody wins, the Cloud's bid change) and the virtual deck (all six in play).
Test names carry the rule ids of shared/RULES.md."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from rules_helpers import Game

from scribe.games.wizard import make_setup, replay, verify
from scribe.games.wizard.reveal import sealed, sealed_entry
from scribe.games.wizard.sheet import Trump
from scribe.rules.cards import jubilee, make_rng
from scribe.rules.errors import RuleError

ALL = ["dragon", "fairy", "bomb", "cloud", "juggler", "werewolf"]


def refused(game: Game, kind: str, **raw) -> RuleError:
    """The refusal of an action; the log is unchanged (nothing half-saved)."""
    before = list(game.log)
    with pytest.raises(RuleError) as info:
        game.do(kind, **raw)
    assert game.log == before
    return info.value


# ------------------------------------------------------------------ W-J6: the rule set


def test_w_j6_the_table_picks_any_of_the_six_cards_kept_in_the_rule_books_order():
    setup = make_setup(["A", "B", "C"], jubilee=["werewolf", "bomb"])
    assert setup.rules.jubilee == ("bomb", "werewolf")
    assert make_setup(["A", "B", "C"]).rules.jubilee == ()  # never silently: none unless picked
    again = type(setup).from_dict(setup.as_dict())
    assert again == setup and setup.as_dict()["rules"]["jubilee"] == ["bomb", "werewolf"]


@pytest.mark.parametrize("cards, field, words", [
    (["dragon"], "jubilee", "Dragon and the Fairy"),
    (["fairy", "bomb"], "jubilee", "Dragon and the Fairy"),
    (["phoenix"], "jubilee", "phoenix"),
    ([3], "jubilee", "Choose"),
    ("", None, None),
])
def test_w_j6_dragon_and_fairy_only_together_unknown_cards_refused(cards, field, words):
    if field is None:
        assert make_setup(["A", "B", "C"], jubilee=cards).rules.jubilee == ()
        return
    with pytest.raises(RuleError) as info:
        make_setup(["A", "B", "C"], jubilee=cards)
    assert info.value.field == field and words in info.value.message % info.value.params


def test_w_j6_no_jubilee_cards_in_unicolore():
    with pytest.raises(RuleError) as info:
        make_setup(["A", "B", "C"], unicolore=True, jubilee=["bomb"])
    assert info.value.field == "jubilee"


def test_w_j_rounds_stay_60_over_players_and_the_last_round_has_a_trump():
    plain = make_setup(["A", "B", "C"])
    jub = make_setup(["A", "B", "C"], jubilee=["bomb"])
    assert plain.round_count == jub.round_count == 20  # W-R1 unchanged
    assert not plain.has_trump(20) and jub.has_trump(20)  # W-R4 no longer: a card is left


# ------------------------------------------------------------------ W-J2: the Bomb on the sheet


def test_w_j2_the_bomb_s_trick_nobody_wins_tricks_total_cards_minus_one():
    g = Game(jubilee=["bomb"], first_dealer=2)
    g.round([0, 1, 0], [0, 1, 0])  # round 1
    g.bids([1, 0, 0])  # round 2: 2 cards each, the Bomb took one trick
    data = g.tricks([1, 0, 0], destroyed=True)
    assert data == {"round": 2, "tricks": [1, 0, 0], "destroyed": 1}
    row = g.sheet.rows[1]
    assert row.destroyed == 1 and row.tricks_to_win == 1
    assert row.points == (30, 20, 20)  # W-S1 on the tricks won


def test_w_j2_tricks_above_cards_minus_the_bomb_are_refused_next_to_the_tricks():
    g = Game(jubilee=["bomb"], first_dealer=2)
    g.round([0, 1, 0], [0, 1, 0])
    g.bids([1, 1, 0])
    err = refused(g, "tricks", tricks=[1, 1, 0], destroyed="1")
    assert err.field == "tricks" and "nobody won the Bomb's trick" in err.message
    err = refused(g, "tricks", tricks=[2, 0, 0], destroyed="1")
    assert err.field == "tricks.0"  # 0 to 1 now


def test_w_j2_the_last_count_is_filled_from_the_cards_minus_the_bomb():
    g = Game(jubilee=["bomb"], first_dealer=2)
    g.round([0, 1, 0], [0, 1, 0])
    g.bids([1, 1, 0])
    assert g.tricks([1, None, 0], destroyed="on")["tricks"] == [1, 0, 0]


def test_w_j6_a_bomb_on_a_game_without_it_is_refused_next_to_the_field():
    g = Game(jubilee=["cloud"], first_dealer=2)
    g.bids([0, 1, 0])
    err = refused(g, "tricks", tricks=[0, 0, 0], destroyed=True)
    assert err.field == "destroyed" and "Bomb is not among" in err.message
    plain = Game(first_dealer=2)
    plain.bids([0, 1, 0])
    assert refused(plain, "tricks", tricks=[0, 0, 0], destroyed=1).field == "destroyed"
    assert refused(plain, "tricks", tricks=[0, 1, 0], destroyed="maybe").field == "destroyed"


# ------------------------------------------------------------------ W-J3: the Cloud on the sheet


def test_w_j3_the_cloud_changes_the_winners_bid_scored_on_the_change_shown_with_the_original():
    g = Game(jubilee=["cloud"], first_dealer=2)
    g.round([0, 1, 0], [0, 1, 0])
    g.bids([1, 0, 1])  # round 2
    data = g.tricks([2, 0, 0], cloud={"player": "0", "change": "+1"})
    assert data["cloud"] == {"player": 0, "change": 1}
    row = g.sheet.rows[1]
    assert row.bids == (1, 0, 1) and row.scored_bid(0) == 2  # both kept
    assert row.hit(0) and row.points == (40, 20, -10)


def test_w_j3_a_cloud_change_on_a_player_who_took_no_trick_is_refused():
    g = Game(jubilee=["cloud"], first_dealer=2)
    g.bids([0, 1, 0])
    err = refused(g, "tricks", tricks=[0, 1, 0], cloud={"player": 0, "change": -1})
    assert err.field == "cloud.player" and "did not win the Cloud's trick" in err.message % err.params


@pytest.mark.parametrize("cloud, field", [
    ({"player": 1, "change": 2}, "cloud.change"),
    ({"player": 1, "change": "x"}, "cloud.change"),
    ({"player": 9, "change": 1}, "cloud.player"),
    ({"player": None, "change": 1}, "cloud.player"),
    ({"player": 1, "change": -1}, "cloud.change"),  # bid 0: never below 0
    ("Paul", "cloud.player"),
])
def test_w_j3_bad_cloud_changes_are_refused_next_to_their_field(cloud, field):
    g = Game(jubilee=["cloud"], first_dealer=2)
    g.bids([0, 0, 1])
    assert refused(g, "tricks", tricks=[0, 1, 0], cloud=cloud).field == field


def test_w_j6_a_cloud_on_a_game_without_it_is_refused():
    g = Game(jubilee=["bomb"], first_dealer=2)
    g.bids([0, 1, 0])
    err = refused(g, "tricks", tricks=[0, 1, 0], cloud={"player": 1, "change": 1})
    assert err.field == "cloud.player" and "Cloud is not among" in err.message


def test_w_j3_a_correction_keeps_or_changes_the_cloud_and_the_bomb():
    g = Game(jubilee=["cloud", "bomb"], first_dealer=2)
    g.round([0, 1, 0], [0, 1, 0])
    g.bids([1, 0, 1])
    g.tricks([1, 0, 0], destroyed=1, cloud={"player": 0, "change": 1})
    assert g.sheet.rows[1].points == (-10, 20, -10)
    g.do("correction", round=2, bids=[1, 0, 0], tricks=[1, 0, 0])  # the Cloud and the Bomb stay
    row = g.sheet.rows[1]
    assert row.cloud == (0, 1) and row.destroyed == 1 and row.points == (-10, 20, 20)
    g.do("correction", round=2, bids=[1, 0, 0], tricks=[1, 0, 0], cloud=None)  # no Cloud after all
    assert g.sheet.rows[1].cloud is None and g.sheet.rows[1].points == (30, 20, 20)
    err = refused(g, "correction", round=2, bids=[1, 0, 0], tricks=[1, 0, 0], cloud={"player": 2, "change": 1})
    assert err.field == "cloud.player"


# ------------------------------------------------------------------ W-J5, W-J6: trump on the sheet


def test_w_j5_the_werewolf_trump_is_recorded_as_named_or_no_trump():
    g = Game(jubilee=["werewolf"])
    g.do("trump", round=1, card="werewolf", suit="green")
    assert g.sheet.current.trump == Trump("werewolf", "green")
    g.do("trump", round=1, card="werewolf", suit="none")
    assert g.sheet.current.trump == Trump("werewolf", None) and not g.sheet.current.trump.pending
    assert refused(g, "trump", round=1, card="werewolf").field == "suit"


def test_w_j6_a_jubilee_trump_card_not_in_the_set_is_refused():
    g = Game(jubilee=["bomb"])
    err = refused(g, "trump", round=1, card="dragon")
    assert err.field == "trump" and "Dragon is not among" in err.message
    g.do("trump", round=1, card="bomb")
    assert g.sheet.current.trump == Trump("bomb", None)


def test_w_j1_a_turned_dragon_lets_the_dealer_pick_like_a_wizard_reading():
    g = Game(jubilee=["dragon", "fairy"])
    g.do("trump", round=1, card="dragon")
    assert g.sheet.current.trump.pending
    assert refused(g, "bid", bid=0).field == "bid"
    g.do("trump", round=1, card="dragon", suit="red")
    assert g.sheet.current.trump == Trump("dragon", "red")


# ------------------------------------------------------------------ W-J1..W-J4: tricks


@pytest.mark.parametrize("trick, trump, won", [
    (["W", "DR", "R13"], "R", (1, False)),  # W-J1: the Dragon beats a Wizard
    (["DR", "J", "FA"], None, (2, False)),  # W-J1: the Fairy takes a trick holding the Dragon
    (["FA", "J", "R2"], None, (2, False)),  # W-J1: the Fairy loses to every card
    (["FA", "J", "J"], None, (1, False)),  # ...Jesters too: the first Jester (W-P5)
    (["R9", "BO", "R12"], "B", (2, True)),  # W-J2: nobody; R12 would have won, its player leads
    (["R9", "CLR", "R10"], None, (2, False)),  # W-J3: 9 3/4 of red, below the 10
    (["CLR", "R9", "B13"], None, (0, False)),  # ...above the 9; the named suit is led
    (["JUG", "G7", "G8"], None, (2, False)),  # W-J4: 7 1/2 of green
    (["G7", "JUG", "G2"], None, (1, False)),
    (["B2", "JUY", "R1"], "Y", (1, False)),  # a Juggler named for the trump suit trumps
])
def test_w_j1_to_w_j4_who_takes_the_trick(trick, trump, won):
    assert jubilee.winner(trick, trump) == won


def test_w_j_jubilee_cards_may_be_played_at_any_time_and_a_named_cloud_sets_the_led_suit():
    assert jubilee.legal(["R5", "B2", "DR", "FA", "BO", "CL", "JU"], ["R9"], None) == ["R5", "DR", "FA", "BO", "CL", "JU"]
    assert jubilee.legal(["R5", "B2", "W"], ["CLB"], None) == ["B2", "W"]
    assert jubilee.legal(["R5", "B2"], ["DR"], None) == ["R5", "B2"]  # a Dragon lead: anything follows


def _virtual(players=("A", "B", "C"), **kw):
    return Game(list(players), virtual_deck=True, first_dealer=2, **kw)


def _deal(g: Game, hands, turned):
    g.do("deal", round=g.sheet.current.number, hands=hands, turned=turned)


def test_w_j6_a_virtual_deal_holds_the_60_and_the_chosen_cards_only():
    g = _virtual(jubilee=["bomb"])
    assert refused(g, "deal", round=1, hands=[["DR"], ["R1"], ["R2"]], turned="R3").field == "deal"
    assert refused(g, "deal", round=1, hands=[["BO"], ["BO"], ["R2"]], turned="R3").field == "deal"
    assert refused(g, "deal", round=1, hands=[["CLR"], ["R1"], ["R2"]], turned="R3").field == "deal"
    _deal(g, [["BO"], ["R1"], ["R2"]], "R3")
    from scribe.games.wizard import draw_deal

    sheet = replay(make_setup(["A", "B", "C"], virtual_deck=True, jubilee=ALL), [])
    drawn = verify(sheet, "deal", draw_deal(sheet, {}, make_rng(5)))
    assert drawn["turned"] and len(drawn["hands"]) == 3


def test_w_j_drawn_deals_use_all_66_cards():
    seen = set()
    for seed in range(40):
        hands, turned = jubilee.deal(3, 20, ALL, make_rng(seed))
        seen.update(c for h in hands for c in h)
        seen.add(turned)
    assert {"DR", "FA", "BO", "CL", "JU", "WW"} <= seen and len(seen) == 54 + 6


def test_w_j2_virtual_the_bombs_trick_is_won_by_nobody_its_would_be_winner_leads():
    g = _virtual(jubilee=["bomb"])
    _deal(g, [["R9"], ["BO"], ["R12"]], "B3")
    g.bids([0, 0, 0])
    for seat, card in ((0, "R9"), (1, "BO"), (2, "R12")):
        g.do("played", round=1, player=seat, card=card)
    play = g.sheet.current.play
    assert play.finished and play.won == (0, 0, 0) and play.destroyed == 1 and play.done[0].destroyed
    assert play.done[0].winner is None and play.done[0].next_leader == 2  # nobody won it; R12 leads the next
    data = g.do("tricks", round=1)
    assert data == {"round": 1, "tricks": [0, 0, 0], "destroyed": 1}
    assert g.sheet.rows[0].points == (20, 20, 20)


def test_w_j3_virtual_the_clouds_winner_changes_the_bid_before_the_next_card():
    g = _virtual(jubilee=["cloud"])
    _deal(g, [["J"], ["R1"], ["R2"]], "B3")
    g.bids([0, 0, 0])
    g.do("played", round=1, player=0, card="J")
    err = refused(g, "played", round=1, player=1, card="CL")
    assert err.field == "card"  # not in hand
    # round 2: A holds the Cloud and plays it as blue
    g2 = _virtual(jubilee=["cloud"])
    g2.do("deal", round=1, hands=[["CL"], ["R1"], ["B2"]], turned="Y3")
    g2.bids([0, 1, 0])
    assert refused(g2, "played", round=1, player=0, card="CL").field == "card"  # name its suit
    g2.do("played", round=1, player=0, card="clb")
    assert g2.sheet.current.play.trick == ((0, "CLB"),)
    g2.do("played", round=1, player=1, card="R1")
    g2.do("played", round=1, player=2, card="B2")
    play = g2.sheet.current.play
    assert play.cloud_winner == 0 and play.waiting == "cloud"
    assert refused(g2, "tricks", round=1).field == "cloud"
    err = refused(g2, "cloud", round=1, player=1, change=1)
    assert err.field == "cloud" and "did not win the Cloud's trick" in err.message % err.params
    assert refused(g2, "cloud", round=1, player=0, change=-1).field == "cloud.change"  # bid 0
    # on the winner's own phone the change is a tap among its cards: only theirs, in range
    assert refused(g2, "played", round=1, player=1, card="+1").field == "card"
    assert refused(g2, "played", round=1, player=0, card="-1").field == "card"  # bid 0
    twin = g2.copy()
    twin.do("played", round=1, player=0, card="+1")
    assert twin.sheet.rows[0].cloud == (0, 1) and twin.sheet.current.play.waiting is None
    g2.do("cloud", round=1, player=0, change="+1")
    assert refused(g2, "cloud", round=1, player=0, change=1).field == "cloud"  # once
    g2.do("tricks", round=1)
    row = g2.sheet.rows[0]
    assert row.bids == (0, 1, 0) and row.scored_bid(0) == 1 and row.points == (30, -10, 20)


def test_w_j4_virtual_after_the_jugglers_trick_everyone_passes_a_card_left_sealed_from_the_others():
    g = _virtual(jubilee=["juggler"])
    g.do("deal", round=1, hands=[["JU"], ["R1"], ["R2"]], turned="B3")
    g.bids([0, 0, 0])
    g.do("played", round=1, player=0, card="JUR")
    g.do("played", round=1, player=1, card="R1")
    g.do("played", round=1, player=2, card="R2")
    assert g.sheet.current.play.waiting is None  # the last trick: no card left to pass
    # a round of 2 cards
    h = _virtual(jubilee=["juggler"])
    h.do("deal", round=1, hands=[["JU"], ["R1"], ["R2"]], turned="B3")
    h.bids([0, 0, 1])
    for seat, card in ((0, "JUR"), (1, "R1"), (2, "R2")):
        h.do("played", round=1, player=seat, card=card)
    h.do("tricks", round=1)
    h.do("deal", round=2, hands=[["R1", "B7"], ["JU", "G5"], ["R2", "W"]], turned="B3")
    h.bids([0, 0, 1])
    assert h.sheet.current.play.turn == 1  # W-P1: left of the dealer (seat 0)
    for seat, card in ((1, "JUG"), (2, "R2"), (0, "R1")):
        h.do("played", round=2, player=seat, card=card)
    play = h.sheet.current.play
    assert play.won == (0, 1, 0)  # 7 1/2 of green, no green or trump beside it
    assert play.waiting == "pass" and play.to_pass == (0, 1, 2)
    assert refused(h, "played", round=2, player=2, card="B7").field == "card"  # not in 2's hand
    assert verify(h.sheet, "take_back", {"round": 2, "player": 0})["card"] == "R1"  # until a card is passed
    h.do("played", round=2, player=2, card="W")
    assert refused(h, "played", round=2, player=0, card="W").field == "card"  # all pass at once: not the W received
    assert refused(h, "played", round=2, player=2, card="R2").field == "card"  # once
    assert refused(h, "take_back", round=2, player=0).field == "card"  # passes under way
    h.do("played", round=2, player=1, card="G5")
    h.do("played", round=2, player=0, card="B7")
    full = h.sheet
    row = full.current
    assert row.remaining(0) == ("W",) and row.remaining(1) == ("B7",) and row.remaining(2) == ("G5",)
    assert row.play.waiting is None and row.play.turn == 1
    # only the passer and the receiver see a passed card (W-J4; like a hand, W-R4)
    seen_by_1 = sealed(full, viewer=1).current
    assert seen_by_1.passed == ("B7", "G5", None) and seen_by_1.remaining(1) == ("B7",)
    assert sealed(full).current.passed == (None, None, None)
    h.do("played", round=2, player=1, card="B7")  # a received card is played like any other
    pass_entry = next(e for e in h.log if e.kind == "played" and e.data.get("pass") and e.data["player"] == 2)
    assert sealed_entry(full, pass_entry, viewer=1).data["card"] is None
    assert sealed_entry(full, pass_entry, viewer=0).data["card"] == "W"
    assert sealed_entry(full, pass_entry, viewer=2).data["card"] == "W"


def test_w_j5_virtual_the_werewolf_is_swapped_for_the_turned_card_and_its_holder_names_trump():
    g = _virtual(jubilee=["werewolf"])
    g.do("deal", round=1, hands=[["R4"], ["WW"], ["G2"]], turned="W")
    row = g.sheet.current
    assert row.trump.pending and row.trump.picker(row.dealer) == 1  # the holder, not the dealer
    assert refused(g, "bid", bid=0, player=0).field == "bid"
    assert refused(g, "trump", round=1, card="wizard", suit="red").field == "trump"
    g.do("trump", round=1, card="werewolf", suit="none")
    row = g.sheet.current
    assert (row.trump.card, row.trump.suit, row.trump.pending) == ("werewolf", None, False) and row.turned == "WW"
    assert row.remaining(1) == ("W",)  # took the turned card


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6))
def test_w_j_property_random_jubilee_rounds_played_out_sum_to_cards_minus_destroyed(seed, players):
    """Random deals from the 66 cards played out by their legal cards (W-P3, W-J*): every
    round's tricks total the cards less the Bomb's, and its scores follow W-S1 on the
    bids after the Cloud (W-J3)."""
    from scribe.games.wizard.play import legal_jubilee

    rng = make_rng(seed)
    g = Game([f"P{i}" for i in range(players)], virtual_deck=True, jubilee=ALL)
    for _ in range(min(5, g.setup.round_count)):
        g._record("deal", _drawn(g, rng))
        row = g.sheet.current
        if row.trump is not None and row.trump.pending:
            g.do("trump", round=row.number, card=row.trump.card, suit="red")
        for p in g.sheet.current.order:
            g.do("bid", player=p, bid=rng.randint(0, g.sheet.current.cards))
        while True:
            row = g.sheet.current
            play = row.play
            if play.waiting == "pass":
                p = play.to_pass[0]
                g.do("played", round=row.number, player=p, card=rng.choice(row.passable(p)))
                continue
            if play.waiting == "cloud":
                w = play.cloud_winner
                g.do("cloud", round=row.number, player=w, change=1 if row.bids[w] == 0 else -1)
                continue
            if play.finished:
                break
            legal, _why = legal_jubilee(play, row.remaining(play.turn), False)
            card = rng.choice(legal)
            if card in ("CL", "JU"):
                card += rng.choice("BGRY")
            g.do("played", round=row.number, player=play.turn, card=card)
        g.do("tricks", round=row.number)
        done = g.sheet.played[-1]
        assert sum(done.tricks) == done.cards - done.destroyed
        for p in range(players):
            b, t = done.scored_bid(p), done.tricks[p]
            assert done.points[p] == (20 + 10 * t if b == t else -10 * abs(b - t))


def _drawn(g: Game, rng) -> dict:
    from scribe.games.wizard import draw_deal

    return verify(g.sheet, "deal", draw_deal(g.sheet, {}, rng))
